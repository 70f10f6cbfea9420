// The viewer's entry point for the `spadework view` command. This header includes no ImGui
// or GLFW, so the command-line code stays free of them.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spadework/engine/card.h"

namespace spadework::viewer {

struct ViewOptions {
    std::vector<std::filesystem::path> open;         // game files or folders to list
    std::filesystem::path library;                   // the library; empty for none
    std::optional<std::int64_t> game_id;             // a library game to select
    std::optional<std::filesystem::path> game_file;  // or the game of a file...
    int game_in_file = 0;                            // ...at this 0-based index
    std::optional<int> hand;                         // 0-based
    std::optional<int> position;                     // cards played
    std::optional<Seat> seat;                        // the view of one seat; open hands when absent
    std::string panel;                 // the right-hand tab: one of side_panel_names()
    std::vector<Card> what_if;         // cards played in what-if from the position
    bool analyse = false;              // review the selected game at once
    int samples = 0;                   // single-dummy layouts per bid; 0: the default
    bool grade_by_game = false;        // cards graded by the chance of winning the game
    std::filesystem::path screenshot;  // render, write this PNG, exit
    int width = 1600;
    int height = 1000;
    // The window's smallest and largest size (--size, and how small a user can drag it). From
    // 1280x720 up the table, the replay bar and the library fit and nothing is cut (the fullest
    // side tabs scroll within themselves); below it the table and the lists scroll.
    static constexpr int kMinWidth = 640;
    static constexpr int kMinHeight = 480;
    static constexpr int kMaxSide = 8192;
    int bench_frames = 0;  // render this many frames, print mean and p99 frame time, exit
    // With bench_frames: render frames until this file exists, then read the library again
    // at once and render bench_frames more (a test tells the viewer other programs are done).
    std::filesystem::path bench_until;
    bool startup_time = false;  // print the time from start to the first frame
    // Lesson mode: the lesson to open at once (by name), the folder of lessons (empty:
    // analyzer::default_lessons_dir()), the learner's name (empty: the one last typed, else
    // $USER), and answers to give at once, one per question ("4", "nil", "AH KH 2C").
    std::string lesson;
    std::filesystem::path lessons_dir;
    std::filesystem::path my_lessons_dir;  // a teacher's own (empty: default_my_lessons_dir)
    std::string learner;
    std::vector<std::string> lesson_answers;
    // The score keeper: "new" opens its new-game form, a kept game's id (from the form's
    // list) resumes that game; empty: the viewer as usual.
    std::string keep_score;
    // Typed into the kept game (--keep-score N) one a frame, as the keeper's box takes them.
    std::vector<std::string> keeper_entries;
    // The deal editor: "new" opens it on an empty deal, "sheet" on the hand shown of a score
    // sheet (its cards entered after the fact), a PBN deal ("N:AKQ.. ...", whole or in part)
    // on that deal; empty: the viewer as usual.
    std::string edit_deal;
    // Commands to run by name (command_names: what Help lists, "edit the selected game"), one
    // a frame from the first, before a screenshot is taken: a form or a question opened.
    std::vector<std::string> commands;
};

// The names `--panel` takes, in tab order, from the panel registry (panels.cpp), and the same
// as text for a message: "analysis, bidding, scores or notes".
std::vector<std::string> side_panel_names();
// Every command's name, as Help lists them and `--command` takes them (panels.cpp).
std::vector<std::string> command_names();
// One more name `--command` takes, which Help does not list, as `spadework
// internal-error-test` is hidden among the commands: it breaks an invariant where the window
// catches failures, so the tests see what a user would of a bug (the error shown, the window
// going on, exit code 3 when it closes).
inline constexpr std::string_view kInternalErrorTestCommand = "internal-error-test";
std::string side_panel_choices();

// "Spadework 0.1.0": the window's title and the first line of its Help menu, with the version
// `spadework --version` prints.
std::string about_text();

// Opens the window and runs until it is closed (or the screenshot or benchmark is done). The
// command has checked the options' form (--panel among them); throws Error for what they name
// that is not there (a game, a hand, a lesson). A bug caught while the window ran was shown in
// it (failure.h) and is rethrown once the window has closed, so the command exits 3.
void run_viewer(const ViewOptions& options);

}  // namespace spadework::viewer
