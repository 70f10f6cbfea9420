// `spadework view [GAME|DIR]`: the viewer window. GAME is read by parse_game_arg (an id, a
// file, FILE@N, each with :HAND); a folder lists every game file under it. --screenshot renders one
// frame to a PNG and exits (the tests run it under xvfb-run); --bench-frames prints frame times
// (--bench-until FILE: frames until FILE exists, then that many more).
// --lesson NAME opens lesson mode; --lesson-answers answers its first questions (for tests).
// --keep-score new|N opens the score keeper (a new game, or kept game N resumed).
#include <fmt/core.h>
#include <fmt/format.h>  // fmt::join
#include <algorithm>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <memory>
#include <string>

#include "commands.h"
#include "common.h"
#include "viewer.h"

namespace spadework::cli {
namespace {

struct ViewArgs {
    std::string target;
    std::vector<std::string> more;
    int hand = 0;
    int position = -1;
    std::string screenshot;
    std::string size = "1600x1000";
    std::string seat;
    std::string panel;
    std::string what_if;
    std::string db;
    bool no_library = false;
    bool analyse = false;
    int samples = 0;
    std::string grade;
    int bench_frames = 0;
    std::string bench_until;
    bool startup_time = false;
    std::string lesson;
    std::string lessons;
    std::string my_lessons;
    std::string learner;
    std::string lesson_answers;
    std::string keep_score;
    std::string keeper_entries;
    std::vector<std::string> commands;  // --command, each a command's name
    std::string edit_deal;
    bool edit_deal_given = false;  // --edit-deal was given (its value may be empty)
};

// What --edit-deal cannot go with: the options of the replay the editor's window replaces,
// and for a game's hand ("sheet", "game"), no game named.
void check_edit_deal(const ViewArgs& a) {
    if (a.edit_deal_given && a.edit_deal.empty()) {
        throw UsageError(
            "--edit-deal: expected new, sheet, game or a PBN deal (\"N:AKQ.JT9.8765.432 ...\")");
    }
    if (a.edit_deal.empty()) return;
    if (a.position >= 0 || !a.what_if.empty() || !a.seat.empty() || !a.panel.empty() || a.analyse) {
        throw UsageError(
            "--edit-deal: not with --position, --what-if, --seat, --panel or --analyse (the deal "
            "editor takes the window)");
    }
    if ((a.edit_deal == "sheet" || a.edit_deal == "game") && a.target.empty()) {
        throw UsageError(fmt::format("--edit-deal {}: name the {} (GAME --hand H)", a.edit_deal,
                                     a.edit_deal == "sheet" ? "score sheet's game" : "game"));
    }
}

// The library the window opens. Only import makes one, so a missing library is an error
// naming its path, but for four cases: lesson mode keeps the learner's answers in it (as
// `spadework lesson` does), the score keeper keeps a new game there, the deal editor saves
// its games there, and without --db a file or folder, or nothing at all, is shown without the
// library (as `show FILE` is), so a new player can look at a game before importing any, and
// the desktop menu's entry (`spadework view`, no terminal to show an error) opens a window on
// a fresh install.
std::filesystem::path view_library(const ViewArgs& a, bool library_game) {
    if (a.no_library) return {};
    if (!a.lesson.empty() || a.keep_score == "new" || !a.edit_deal.empty()) {
        return library_to_make(a.db);
    }
    if (!a.keep_score.empty()) {
        // A game to resume is in a library already: a missing one is a mistyped --db (or the
        // wrong folder), not a library to make empty.
        std::filesystem::path path = library_path(a.db);
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) {
            throw Error(
                fmt::format("--keep-score {}: there is no library at {}, so no kept game to resume "
                            "(--keep-score new starts a game and makes the library)",
                            a.keep_score, path.string()));
        }
        return path;
    }
    std::error_code ec;
    if (!library_game && a.db.empty() && !std::filesystem::exists(library_path(a.db), ec)) {
        return {};
    }
    return existing_library_path(a.db);
}

void run_view(const ViewArgs& a) {
    // A malformed --keep-score is said before a library is looked for.
    // Kept games are numbered from 1.
    if (!a.keep_score.empty() && a.keep_score != "new" &&
        (a.keep_score.size() > 15 ||
         a.keep_score.find_first_not_of("0123456789") != std::string::npos ||
         a.keep_score.find_first_not_of('0') == std::string::npos)) {
        throw UsageError(fmt::format(
            "--keep-score {}: expected new or a kept game's number (from 1)", a.keep_score));
    }
    viewer::ViewOptions o;
    if (!a.target.empty()) {
        GameRef ref = parse_game_arg(a.target, /*folders=*/true);
        if (ref.kind == GameRef::Kind::LibraryId) {
            if (a.no_library) {
                throw UsageError("view: a library game needs the library (no --no-library)");
            }
            o.game_id = ref.id;
        } else {
            o.open.push_back(ref.path);
            if (ref.kind == GameRef::Kind::File) o.game_file = ref.path;
            if (ref.game_number) o.game_in_file = *ref.game_number - 1;
        }
        if (auto hand = chosen_hand(a.target, ref.hand_number, a.hand)) o.hand = *hand - 1;
    } else if (a.hand > 0) {
        o.hand = a.hand - 1;
    }
    for (const std::string& m : a.more) o.open.emplace_back(m);
    o.library = view_library(a, o.game_id.has_value());
    // An id the library does not have is said as show says it, before a window opens, not
    // as "the game asked for is not among those opened".
    if (o.game_id && !formats::Library(o.library).game_summary(*o.game_id)) {
        throw Error(fmt::format("no game {} in the library {}", *o.game_id, o.library.string()));
    }
    if (a.position >= 0) o.position = a.position;
    if (!a.seat.empty()) o.seat = seat_option("--seat", a.seat);
    const std::vector<std::string> panels = viewer::side_panel_names();
    if (!a.panel.empty() && std::find(panels.begin(), panels.end(), a.panel) == panels.end()) {
        throw UsageError(
            fmt::format("--panel {}: expected {}", a.panel, viewer::side_panel_choices()));
    }
    o.panel = a.panel;
    if (!a.what_if.empty()) {
        for (const std::string& card : comma_entries("--what-if", a.what_if)) {
            try {
                o.what_if.push_back(parse_card(card));
            } catch (const ParseError& e) {
                throw UsageError(fmt::format("--what-if: {}", e.what()));
            }
        }
    }
    int w = 0;
    int h = 0;
    char x = 0;
    using V = viewer::ViewOptions;
    if (std::sscanf(a.size.c_str(), "%d%c%d", &w, &x, &h) != 3 || x != 'x' || w < V::kMinWidth ||
        h < V::kMinHeight || w > V::kMaxSide || h > V::kMaxSide) {
        throw UsageError(fmt::format(
            "--size {}: expected WIDTHxHEIGHT, from {}x{} to {}x{} (default {}x{})", a.size,
            V::kMinWidth, V::kMinHeight, V::kMaxSide, V::kMaxSide, V().width, V().height));
    }
    o.width = w;
    o.height = h;
    if (!a.screenshot.empty()) {
        check_picture_file("--screenshot", a.screenshot, analyzer::PictureFormat::Png);
    }
    o.screenshot = a.screenshot;
    o.analyse = a.analyse;
    o.samples = a.samples;
    o.grade_by_game = a.grade == "game";
    o.bench_frames = a.bench_frames;
    o.bench_until = a.bench_until;
    o.startup_time = a.startup_time;
    o.lesson = a.lesson;
    o.lessons_dir = a.lessons;
    o.my_lessons_dir = a.my_lessons;
    o.learner = a.learner;
    if (!a.keep_score.empty() && a.no_library) {
        throw UsageError(
            "--keep-score: the score keeper keeps its games in the library "
            "(no --no-library)");
    }
    o.keep_score = a.keep_score;
    // One of them takes the window at a time.
    if (!a.edit_deal.empty() && (!a.keep_score.empty() || !a.lesson.empty())) {
        throw UsageError("--edit-deal: not with --keep-score or --lesson");
    }
    check_edit_deal(a);
    o.edit_deal = a.edit_deal;
    if (!a.lesson_answers.empty()) {
        if (a.lesson.empty()) throw UsageError("--lesson-answers: needs --lesson NAME");
        o.lesson_answers = comma_entries("--lesson-answers", a.lesson_answers);
    }
    if (!a.keeper_entries.empty()) {
        if (a.keep_score.empty() || a.keep_score == "new") {
            throw UsageError("--keeper-entries: needs --keep-score N, the kept game to enter into");
        }
        o.keeper_entries = comma_entries("--keeper-entries", a.keeper_entries);
    }
    const std::vector<std::string> names =
        a.commands.empty() ? std::vector<std::string>{} : viewer::command_names();
    for (const std::string& c : a.commands) {
        if (c != viewer::kInternalErrorTestCommand &&
            std::find(names.begin(), names.end(), c) == names.end()) {
            throw UsageError(
                fmt::format("--command {}: expected one of: {}", c, fmt::join(names, ", ")));
        }
    }
    o.commands = a.commands;
    // What goes wrong in the window is thrown from here, and main.cpp's run() makes it the exit
    // code: 1 for bad input, 3 for a bug the window showed while it ran.
    viewer::run_viewer(o);
}

}  // namespace

void add_view_command(CLI::App& app) {
    auto a = std::make_shared<ViewArgs>();
    CLI::App* cmd = app.add_subcommand(
        "view", "Open the viewer: replay games trick by trick with the analysis on the table");
    cmd->add_option(
        "game", a->target,
        "a library id or a game file (FILE@N for one of several, :HAND for a hand) or a "
        "folder");
    cmd->add_option("--open", a->more, "more files or folders to list");
    at_least(cmd->add_option("--hand", a->hand, "the hand to show (1-based)"), 1);
    at_least(cmd->add_option("--position", a->position, "cards played in the hand"), 0);
    cmd->add_option("--seat", a->seat, "show what one seat knew (N, E, S, W)");
    cmd->add_option("--panel", a->panel, "the side tab: " + viewer::side_panel_choices());
    cmd->add_option("--what-if", a->what_if, "cards to play off the record, e.g. 2C,KH");
    // Both spellings: the command that reviews a game is `spadework analyze`.
    cmd->add_flag("--analyse,--analyze", a->analyse, "analyse the game at once");
    within(cmd->add_option("--samples", a->samples,
                           "the most single-dummy layouts per bid or pass (default 64)"),
           1, 100000);
    cmd->add_option("--grade", a->grade,
                    "grade the cards by points (the default) or by the chance of winning the "
                    "game (game), as analyze --grade")
        ->check(CLI::IsMember({"points", "game"}));
    cmd->add_option("--screenshot", a->screenshot, "render, write this PNG and exit");
    cmd->add_option("--size", a->size,
                    "the window size (default 1600x1000; from 1280x720 up nothing scrolls; "
                    "at least 640x480)");
    at_least(cmd->add_option("--bench-frames", a->bench_frames,
                             "render N frames, print the mean and p99 frame time, exit"),
             1);
    cmd->add_option("--bench-until", a->bench_until,
                    "with --bench-frames: render frames until FILE exists, then read the library "
                    "again and render N more")
        ->needs("--bench-frames");
    cmd->add_flag("--startup-time", a->startup_time, "print the time to the first frame");
    cmd->add_flag("--no-library", a->no_library, "do not open the library");
    cmd->add_option("--lesson", a->lesson,
                    "open this lesson (lesson mode; see `spadework lesson`)");
    cmd->add_option("--lessons", a->lessons,
                    "the folder of lessons (default: $SPADEWORK_LESSONS, else the lessons "
                    "installed with Spadework)");
    cmd->add_option("--my-lessons", a->my_lessons,
                    "a teacher's own folder of lessons, beside the others (default: "
                    "$SPADEWORK_MY_LESSONS, else my-lessons beside the library, where the deal "
                    "editor saves them)");
    cmd->add_option("--learner", a->learner,
                    "the learner's name the answers are kept under (default: the last one, $USER)");
    cmd->add_option("--lesson-answers", a->lesson_answers,
                    "answer the lesson's first questions, e.g. 4,nil,3 (\"AH KH 2C\" for a pass); "
                    "a last \"end\" goes on to the score");
    cmd->add_option("--keep-score", a->keep_score,
                    "keep score at the table: 'new' for a new game, or a kept game's number "
                    "to resume it");
    cmd->add_option("--keeper-entries", a->keeper_entries,
                    "type these bids and tricks into the kept game, one a frame, as the "
                    "keeper's box takes them: \"3,4,nil,2,4,3,3,3\"");
    cmd->add_option("--command", a->commands,
                    "run a command by its name, as Help lists them, before the screenshot "
                    "(repeat for several, one a frame): \"edit the selected game\"")
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    CLI::Option* edit_deal = cmd->add_option(
        "--edit-deal", a->edit_deal,
        "build a deal for a lesson or a game: 'new' for an empty deal, 'sheet' for the "
        "cards of the score sheet's hand shown (GAME --hand H), 'game' for the hand "
        "shown with its bids, play and comments, or a PBN deal to start from "
        "(\"N:AKQ.JT9.8765.432 ...\")");
    add_db_option(cmd, a->db);
    cmd->callback([a, edit_deal] {
        a->edit_deal_given = edit_deal->count() > 0;
        run_view(*a);
    });
}

}  // namespace spadework::cli
