// The viewer's model: the games on offer, the game and hand selected, the position in the
// replay, a what-if line, the analysis and the score comparison. Panels read it and change it
// only through the commands below, so everything a user can do in the window can be done,
// and tested, without one. No ImGui or GLFW here.
//
// Long work (importing, analysing, solving a what-if position) runs on background threads;
// poll() collects what finished and is called once a frame, so the window never waits.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "spadework/analyzer/comparison.h"
#include "spadework/analyzer/hand_picture.h"
#include "spadework/analyzer/review.h"
#include "spadework/analyzer/review_choice.h"
#include "spadework/analyzer/winchance.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/record.h"
#include "spadework/formats/library.h"

namespace spadework::viewer {

// A game on offer: in the library, or in a file opened.
struct GameRow {
    std::optional<formats::GameId> library_id;
    std::filesystem::path file;  // when opened from a file
    int index_in_file = 0;       // 0-based
    std::string label;           // "#12" for the library, "classic.spades" or "games.pb #3"
    std::string event;
    std::string date;
    std::string rules;
    std::array<std::string, 4> players;
    int hands = 0;
    std::array<int, 2> score{};  // the final score under the game's rules
    std::optional<Team> winner;
    bool reviewed = false;     // a stored review with the current settings exists
    bool score_sheet = false;  // bids and tricks only: nothing to replay or analyse
    // The label as the game list shows it: a score sheet says so, as `spadework list` does
    // ("#12 (score sheet)").
    std::string list_label() const { return score_sheet ? label + " (score sheet)" : label; }
};

// What is known of the legal cards at the position shown: per card, its value under both
// objectives, from the stored review on the recorded line or from the solver in what-if.
struct CardValues {
    std::vector<analyzer::CardChoice> cards;
    int best_tricks = 0;
    int best_score = 0;
    bool score_valued = true;  // false: the score search passed its budget; scores are 0
};

// One background task (import, review) for the progress bar.
struct TaskProgress {
    std::string what;  // "analysing classic.spades", "importing games.pb"
    int done = 0;
    int total = 0;
};

// North-South's chance to win the game at the start of a hand and after it, from the rule
// set's win-chance table (the Scores tab's graph, like a chess board's evaluation graph).
struct HandChance {
    int hand = 0;      // 0-based
    double start = 0;  // the hand's dealer to deal, at the scores it began from
    double end = 0;    // the next dealer to deal, at the scores it ended with (1 or 0 at the end)
};

// The chance at each hand the game's own rules scored, from the table of those rules (hands
// after a tie sent to overtime read in the overtime set's table).
std::vector<HandChance> win_chance_series(const RecordedGame& game,
                                          const analyzer::WinChanceTable& table);
// The hand where `side`'s chance fell most, and by how much (0..1); none when it never fell.
std::optional<std::pair<int, double>> largest_fall(const std::vector<HandChance>& series,
                                                   Team side);

// How the hand shown ended, once its last card is on the table: each side's contract and
// tricks, and the points under every rule set compared (the played one first).
struct HandResult {
    struct Side {
        int bid = 0;     // the contract (the members' trick bids)
        int tricks = 0;  // the tricks that count toward it
        int bags = 0;    // bags added by the hand
        int bag_penalties = 0;
        std::vector<std::string> nils;  // "N nil made", one per nil or blind nil
    };
    struct Run {
        std::string label;           // the rule set's
        bool scored = false;         // false: the game was over under these rules before this hand
        std::array<int, 2> delta{};  // each side's points for the hand
        std::array<int, 2> after{};  // and its score after it
    };
    std::array<Side, 2> sides;  // by team, under the played rules
    std::vector<Run> runs;
};

// A review of the selected game stored in the library, under the settings it was made with
// (not necessarily the viewer's: `analyze --samples 16`, `--only bids`, `--grade game`).
struct StoredReviewChoice {
    analyzer::ReviewSettings settings;
    std::string label;  // "16 layouts, bids only, graded by points"
    bool own = false;   // made with the viewer's own settings
    std::string json;
};

// "64 layouts, bids and play, graded by points": what a review's settings mean to a player
// (the analyzer's words, which `analyze --trend` uses too).
using analyzer::describe_review_settings;

// The win chance over the selected game as the Scores tab shows it.
struct WinChanceView {
    enum class Status { None, Computing, Ready, Refused };
    Status status = Status::None;
    std::string reason;  // Refused: why the rule set has no table
    std::vector<HandChance> hands;
};

class Model {
  public:
    // `library`: the library to list and store reviews in; empty for none (files only).
    explicit Model(const std::filesystem::path& library = {},
                   analyzer::ReviewSettings settings = {});
    ~Model();
    Model(const Model&) = delete;
    Model& operator=(const Model&) = delete;

    // ---- Commands ----
    // A game file or a folder of them: their games are added to the list. Returns false
    // (and adds a message) when nothing could be read.
    bool open(const std::filesystem::path& path);
    // The library's games shown, by the filters of `spadework list`.
    void set_filter(const formats::GameFilter& filter);
    void select_game(int row);
    void select_hand(int hand);   // 0-based; the position goes to the start of play
    void move_to(int cards);      // cards played on the recorded line; clamped; leaves what-if
    void step(int cards);         // forwards (+) or back (-) by cards, in what-if too
    void step_trick(int tricks);  // to the start of the next or previous trick
    void to_start();
    void to_end();
    // Plays a different card from the position shown and continues from there; the record
    // is not changed. Throws nothing: an illegal card is refused with a message.
    bool play_what_if(Card card);
    void leave_what_if();
    void set_seat_view(std::optional<Seat> seat);  // std::nullopt: open hands
    void set_show_previous_trick(bool show) { show_previous_trick_ = show; }
    // Rule sets the scores panel compares the game's own with (presets or files).
    void set_compare_rules(const std::vector<std::string>& rules);
    // Analyses the selected game in the background (a stored review is used at once).
    void request_review();
    // Loads (or builds, the first time: up to half a minute) the win-chance table of the
    // selected game's rules in the background; the Scores tab asks when it is shown.
    void request_win_chance();
    // The options of the table (tests: fewer hands, a cache of their own); hands = 0 turns
    // the table off (a test drawing the Scores tab of a classic game, whose table takes half
    // a minute to build).
    void set_win_chance_options(const analyzer::WinChanceOptions& options);
    // Imports a file or folder into the library in the background.
    void import(const std::filesystem::path& path);
    // Collects finished background work; true when anything changed.
    bool poll();
    // Makes the next poll() look for other programs' commits at once rather than at the
    // refresh's next turn, a second apart (a benchmark told the writers are done).
    void refresh_library_now();
    // Blocks until background work is done (tests, screenshots).
    void wait_idle();

    // ---- Housekeeping of library games (model_housekeeping.cpp) ----
    // Asks to delete the selected game: nothing is deleted until confirm_delete(), after the
    // window's confirmation. False, with a message, when the game is not in the library.
    bool ask_delete();
    // The library game asked to be deleted and not yet confirmed or cancelled.
    std::optional<formats::GameId> delete_asked() const { return delete_asked_; }
    // Deletes the game asked for with its reviews, in one transaction, and reads the list
    // again; nothing is selected after. False, with an error, when it could not be deleted.
    bool confirm_delete();
    void cancel_delete() { delete_asked_.reset(); }
    // Changes the selected library game's players, date, event or notes (and the names its
    // reviews keep); the hand and position shown stay. False, with an error saying why
    // (a date that is not one, a game not in the library), and nothing changed.
    bool edit_game(const formats::GameEdit& edit);
    // Writes the hand shown as a picture, in the format its extension names (.png, .svg,
    // .html), as `spadework show GAME:HAND --png` does. False, with an error, when it cannot.
    bool export_hand(const std::filesystem::path& path, analyzer::PictureSize size = {});

    // ---- What the panels read ----
    const std::vector<GameRow>& games() const { return games_; }
    std::optional<int> selected_game() const { return selected_; }
    const RecordedGame* game() const { return game_ ? &*game_ : nullptr; }
    int hand() const { return hand_; }
    const RecordedHand* recorded_hand() const;
    // Cards played on the recorded line at the position shown (the what-if branch point
    // when in what-if).
    int position() const { return position_; }
    int recorded_cards() const;
    const HandState& state() const;  // the hand at the position shown, what-if included
    bool in_what_if() const { return !what_if_.empty(); }
    const std::vector<Card>& what_if_cards() const { return what_if_; }
    std::optional<Seat> seat_view() const { return seat_view_; }
    // Whether a seat's cards are shown face up: every seat with open hands, else only the
    // seat viewed (and every seat once the hand is over).
    bool face_up(Seat seat) const;
    // Whether every hand is face up: what is worked out from the whole deal (par, and every
    // double-dummy figure of the play review: card values, flags, accuracy) is shown only
    // then, never in a seat's view of a hand still in play.
    bool shows_whole_deal() const;
    // The legal cards of the player to play, as far as the view may tell: none while play
    // is not under way or that player's hand is face down (a seat must not learn how many
    // cards an opponent could play).
    CardSet shown_legal_cards() const;
    // The cards a seat passed (and gave in a blind nil exchange) as the view may show them:
    // every seat's with open hands; in a seat's view only its own and its partner's, the
    // passes it made and received.
    CardSet shown_passes(Seat seat) const;
    CardSet shown_exchanges(Seat seat) const;
    // The suits a seat has shown out of (it failed to follow), up to the position shown.
    std::array<bool, 4> voids(Seat seat) const;
    bool show_previous_trick() const { return show_previous_trick_; }
    // The last complete trick before the position shown, with its winner.
    std::optional<std::pair<std::vector<PlayedCard>, Seat>> previous_trick() const;
    // The value of every legal card of the player to play, when known.
    std::optional<CardValues> values() const;
    // The values as the view may show them: only with open hands. They are double dummy,
    // worked out from all four hands, so a seat's view shows none, not even of its own
    // cards: a value tells where the cards it cannot see lie.
    std::optional<CardValues> shown_values() const;
    bool values_pending() const;  // a what-if solve is running
    // The reviews of the selected game stored in the library, and the one shown (-1: none of
    // them, a review just computed for a file). The one shown at first is the best: of bids
    // and play, then the most layouts, then the viewer's own settings.
    const std::vector<StoredReviewChoice>& stored_reviews() const { return stored_reviews_; }
    int stored_review_shown() const { return stored_review_shown_; }
    void show_stored_review(int index);
    // Whether the review shown was made with the viewer's own settings.
    bool review_is_own() const;
    // The review of the game, once stored or computed.
    const analyzer::GameReview* review() const { return review_ ? &*review_ : nullptr; }
    const analyzer::HandReview* hand_review() const;
    // The review of the card played at the position shown (the next recorded card).
    const analyzer::CardReview* card_review() const;
    const analyzer::Comparison* comparison() const;
    const std::vector<std::string>& compare_rules() const { return compare_rules_; }
    const WinChanceView& win_chance() const { return win_chance_; }
    // The hand's result at its last card on the recorded line; none before it or in what-if.
    std::optional<HandResult> hand_result() const;
    std::optional<TaskProgress> progress() const;
    // Messages for the user (errors of files opened, imports done), newest last.
    const std::vector<std::string>& messages() const { return messages_; }
    // The errors among them (a file that does not parse, a game that does not replay, a
    // review that could not be made or stored), each saying where (file:line:col, the hand
    // and card) as the reader or the replay told it; shown in the window until dismissed.
    const std::vector<std::string>& errors() const { return errors_; }
    // Adds an error to them: a failure caught outside the model, as caught_failure() words it.
    void error(std::string text);
    void dismiss_errors();
    const std::filesystem::path& library_path() const { return library_path_; }
    const analyzer::ReviewSettings& settings() const { return settings_; }

  private:
    struct Background;
    // Reads the library's games again; `quiet`: a failure keeps the list and says nothing
    // (the periodic refresh, which tries again a second later).
    void reload_library(bool quiet = false);
    void rebuild_state();
    void rebuild_comparison();
    void load_stored_review();
    void find_stored_reviews();
    // The win chance of the selected game from a table already loaded, else Computing (when
    // asked for) or None; Refused at once for rules the table cannot describe.
    void rebuild_win_chance();
    void start_what_if_solve();
    void message(std::string text);
    // Nothing selected: after the game shown was deleted.
    void forget_game();

    std::filesystem::path library_path_;
    analyzer::ReviewSettings settings_;
    formats::GameFilter filter_;
    std::vector<GameRow> library_games_;
    std::vector<GameRow> file_games_;
    std::vector<RecordedGame> file_records_;  // parallel to file_games_
    std::vector<GameRow> games_;              // library games, then files'
    std::optional<int> selected_;
    std::optional<RecordedGame> game_;
    std::vector<Standings> before_;
    int hand_ = 0;
    int position_ = 0;
    std::vector<Card> what_if_;
    std::unique_ptr<HandState> state_;
    std::optional<Seat> seat_view_;
    bool show_previous_trick_ = false;
    std::vector<std::string> compare_rules_{"classic", "paperless"};
    std::optional<analyzer::Comparison> comparison_;
    analyzer::WinChanceOptions win_chance_options_;
    bool win_chance_wanted_ = false;  // the Scores tab asked for the table
    WinChanceView win_chance_;
    std::optional<analyzer::GameReview> review_;
    std::vector<StoredReviewChoice> stored_reviews_;
    int stored_review_shown_ = -1;
    bool review_computed_ = false;  // review_ was computed here with the viewer's settings
    std::optional<CardValues> what_if_values_;
    std::vector<std::string> messages_;
    std::vector<std::string> errors_;
    std::optional<formats::GameId> delete_asked_;
    std::unique_ptr<Background> bg_;
};

}  // namespace spadework::viewer
