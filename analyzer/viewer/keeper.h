// The score keeper: a game kept at the table on a score sheet, hand by hand, in the viewer.
// The players, the dealer and the rule set are set once; then each hand's four bids and, after
// play, the tricks (per seat, or per partnership with a nil bidder's own) are entered one at a
// time, each checked as it is typed, and the running score is shown under the game's rules and
// others beside them.
//
// Every accepted entry is written to the library at once (the "score_keeper" store of
// spadework/analyzer/keeper_store.h: one row per game kept, its setup and its entries), so a crash
// or a closed window loses at most the entry being typed, and a game can be resumed later. When the
// game's rules end the game, the sheet is imported into the library as a score-sheet game like any
// other.
//
// No ImGui here: the keeper panel draws this and changes it only through the commands below, so
// a game can be kept, and tested, without a window.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "spadework/analyzer/comparison.h"
#include "spadework/analyzer/keeper_store.h"
#include "spadework/engine/record.h"
#include "spadework/formats/database.h"
#include "spadework/formats/library.h"

namespace spadework::viewer {

using analyzer::KeeperEntry;
using analyzer::KeeperSetup;
using analyzer::KeptGame;
using analyzer::partnership_label;

// What is entered next in the hand under way.
enum class KeeperStep { Bids, Tricks, Over };

class ScoreKeeper {
  public:
    // `library`: where games are kept; empty for none (a game is then kept in memory only).
    explicit ScoreKeeper(std::filesystem::path library);
    ~ScoreKeeper();
    ScoreKeeper(const ScoreKeeper&) = delete;
    ScoreKeeper& operator=(const ScoreKeeper&) = delete;

    // ---- Commands ----
    // The new-game form: shown (in place of the table) until a game starts or it is closed.
    void open_form() { form_open_ = true; }
    void close_form() { form_open_ = false; }
    // Starts a game (and closes the form): the rule set is read and checked, and the game is
    // written to the library before anything is entered. Throws Error (the rule set's, a seat with
    // no name) and starts nothing.
    void start(const KeeperSetup& setup);
    // Takes up a game kept in the library where it was left. Throws Error when there is none.
    void resume(std::int64_t id);
    // As `spadework view --keep-score` asks: "new" opens the form, a kept game's number resumes
    // it. Throws Error saying which, and what is wrong.
    void open_as(const std::string& keep_score);
    void leave();  // back to the viewer; everything entered is in the library already
    // Enters per seat (false) or per partnership with each nil bidder's own (true), for the
    // tricks of the hand under way; only before its first tricks are entered.
    bool set_team_tricks(bool per_team);
    // The next bid (of to_bid()), checked by check_bid_rules against the bid of the partner
    // and the scores before the hand. False with the reason in error() when it is refused.
    bool enter_bid(Bid bid);
    // The next tricks (of the seat or the partnership tricks_slot() names).
    bool enter_tricks(int tricks);
    // Typed text: a bid ("4", "nil", "bnil", "b6") or a count of tricks, as the step asks.
    bool enter_text(const std::string& text);
    // What is wrong with the text typed so far, as the step would refuse it; empty when it
    // would be taken (or nothing is typed).
    std::string check_text(const std::string& text) const;
    // Takes back the last entry, into the hand before when it finished one; refused once the
    // game is over and in the library (a game there is changed by the library's own commands).
    bool undo();

    // Ends the game before its rules do (the players stop for the night), in two steps as
    // the panel asks: ask_finish() opens the question, confirm_finish() does it. The finished
    // hands go into the library as a score-sheet game whose comment says it ended early (as
    // at a normal end), the hand under way is dropped, and the game leaves the keeper's store.
    // Refused, with the reason in error(), before a hand is finished or once the game is over.
    void ask_finish();
    bool confirm_finish();
    void cancel_finish() { finish_asked_ = false; }

    // ---- What the panel reads ----
    bool active() const { return game_ != nullptr; }
    bool form_open() const { return form_open_; }
    // Whether the keeper takes the window: a game is kept or the form is open.
    bool shown() const { return active() || form_open_; }
    bool has_library() const { return !library_path_.empty(); }
    std::int64_t id() const { return id_; }  // the game's row in the library; 0 without one
    const KeeperSetup& setup() const;
    const RuleSet& rules() const;
    // The sheet so far: finished hands, and the hand under way with what is entered of it.
    const RecordedGame& game() const;
    const std::vector<KeeperEntry>& entries() const { return entries_; }
    KeeperStep step() const;
    int hand() const;  // 0-based, the hand under way (or the last, once over)
    Seat dealer() const;
    std::optional<Seat> to_bid() const;  // during Bids
    bool team_tricks() const { return per_team_; }
    bool finish_asked() const { return finish_asked_; }
    // Counts the changes made to the games kept (started, entered, undone, finished, left), so
    // a list of them is read again when it changes, not every frame.
    std::uint64_t revision() const { return revision_; }
    bool ended_early() const { return ended_early_; }
    // The tricks entered so far of the hand under way.
    const SheetTricks& pending_tricks() const { return pending_; }
    // During Tricks: whose tricks come next ("N", or "N-S" for a partnership's total).
    using Slot = analyzer::KeeperSlot;
    std::optional<Slot> tricks_slot() const;
    std::string slot_name(const Slot& slot) const;
    // The bids open to to_bid() now (for the buttons), in the rule set's order.
    std::vector<Bid> open_bids() const;
    // The finished hands scored under the game's rules, then under each rule set compared.
    const analyzer::Comparison& sheet() const { return sheet_; }
    void set_compare_rules(const std::vector<std::string>& rules);
    const std::vector<std::string>& compare_rules() const { return compare_rules_; }
    // The game's result under its own rules, once they end it.
    const std::optional<GameResult>& result() const;
    // The end in words: "N-S win at the target, 512 to 230", or "ended early after 5 hands,
    // N-S 230, E-W 180"; empty while the game goes on.
    std::string result_text() const;
    // Once over: the id of the game imported into the library (none when it went there and
    // was deleted or edited there since: it is not imported again).
    std::optional<formats::GameId> library_game() const { return library_game_; }
    // Once over: the game went into the library's games (and may have left them since).
    bool imported() const { return imported_; }
    // The games kept in this library, newest first: those under way, and those over too when
    // asked (the rules ended them; they are in the library's games).
    std::vector<KeptGame> kept_games(bool with_over = false) const;
    // Entries to type one at a time (poll), as enter_text takes them: a script for tests and
    // demonstrations (`view --keeper-entries`). Every entry is tried first on a copy kept
    // nowhere: a script with an entry the game refuses throws UsageError naming it and why,
    // and none of it is typed.
    void script(std::vector<std::string> entries);
    // Types the next scripted entry; true while any is left. An entry the library cannot
    // take throws Error.
    bool poll();
    // What was refused or went wrong last; cleared by the next accepted entry.
    const std::string& error() const { return error_; }

  private:
    struct Open;  // the library and its statements, opened on first use
    Open& open() const;
    void rebuild();  // the record, the step and the sheet from setup_ and entries_
    bool accept(const KeeperEntry& entry);
    void save();
    void import_if_over();
    std::optional<std::string> bid_problem(Bid bid) const;
    std::optional<std::string> tricks_problem(int tricks) const;

    std::filesystem::path library_path_;
    mutable std::unique_ptr<Open> open_;
    std::int64_t id_ = 0;
    KeeperSetup setup_;
    std::unique_ptr<RecordedGame> game_;
    std::vector<KeeperEntry> entries_;
    SheetTricks pending_;  // the tricks of the hand under way, until the last is entered
    bool per_team_ = false;
    bool form_open_ = false;
    bool finish_asked_ = false;
    bool ended_early_ = false;
    std::uint64_t revision_ = 0;
    std::vector<std::string> compare_rules_{"classic", "paperless"};
    analyzer::Comparison sheet_;
    std::optional<formats::GameId> library_game_;
    bool imported_ = false;
    std::string error_;
    std::vector<std::string> script_;  // entries still to type
    std::size_t scripted_ = 0;         // entries typed from the script
};

// The side-by-side sheet's words under one rule set: after hand `hand` (0-based) "480 : 455",
// "500 : 500, level: overtime to 3" when a level score past the target starts an overtime set,
// "over" after the rules ended the game; and its end, "N-S win, hand 12", "drawn, hand 9",
// "in overtime (to 3)" or "not over".
std::string keeper_hand_cell(const ScoredGame& scored, std::size_t hand);
// The sheet's bids of hand `hand`, North first: "4 3 nil✓ 3", each nil (blind nil) marked ✓
// when its bidder took no trick and ✗ when it took one, once the hand is scored.
std::string keeper_bids_cell(const RecordedGame& game, const ScoredGame& scored, std::size_t hand);
std::string keeper_end_cell(const ScoredGame& scored);

}  // namespace spadework::viewer
