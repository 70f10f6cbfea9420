// The score keeper's store: the games kept at the table on a score sheet while they are under
// way, one row each (its setup and its entries, in the order they were made), so that a game
// can be resumed, listed and merged like the library's other stores. The viewer's keeper
// (analyzer/viewer/keeper.h) enters the hands; this is what it reads and writes, without a
// window, and what `spadework list` and the Library panel read.
//
// A game leaves nothing here that a merge cannot carry: the row holds the sheet, not the id of
// a game in one library (once a game is over it is imported, and importing it again finds it
// by its content).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "spadework/engine/record.h"
#include "spadework/formats/database.h"
#include "spadework/formats/library.h"

namespace spadework::analyzer {

// What a new game is set up with.
struct KeeperSetup {
    std::array<std::string, 4> players;  // per seat; partners sit opposite (N-S, E-W)
    Seat dealer = Seat::North;           // of the first hand; the deal passes to the left
    std::string rules = "classic";       // a preset name or a rule set file (.textproto)
    std::vector<std::string> overrides;  // key=value, applied in order
    std::string event;
    std::string date;  // as the user writes it; empty: today
    bool operator==(const KeeperSetup&) const = default;
};

// One entry of the sheet: a bid, a seat's tricks, or a partnership's total.
struct KeeperEntry {
    enum class Kind : std::uint8_t { Bid, SeatTricks, TeamTricks };
    Kind kind = Kind::Bid;
    int who = 0;  // the seat's index (Bid, SeatTricks) or the team's (TeamTricks)
    Bid bid;
    int tricks = 0;
    bool operator==(const KeeperEntry&) const = default;
};

// Whose tricks are entered: a seat's, or a partnership's total.
struct KeeperSlot {
    bool team = false;
    int who = 0;  // seat or team index
};

// "N-S" or "E-W", as the keeper names a partnership (by its index).
std::string partnership_label(int team);

// The game's rule set: the preset or file, the overrides applied in order, checked. Throws.
RuleSet keeper_rules(const KeeperSetup& setup);
// The rules as the setup names them, overrides and all: "classic bag_limit=5".
std::string keeper_rules_text(const KeeperSetup& setup);

// The tricks slots of a hand, in the order they are entered: per seat from the dealer's left,
// or per partnership (the dealer's left's first), each total followed by its nil bidders' own.
std::vector<KeeperSlot> keeper_slots(const RecordedHand& hand, bool per_team);
bool keeper_slot_filled(const SheetTricks& sheet, const KeeperSlot& slot);

// The record the entries make: the finished hands, and the hand under way with its bids. Its
// tricks go into `pending` until the last is in (the engine checks a hand's tricks as a whole).
// `per_team`: whether the hand under way has its tricks per partnership (unchanged when none
// are entered yet).
RecordedGame keeper_record(const KeeperSetup& setup, const RuleSet& rules,
                           const std::vector<KeeperEntry>& entries, bool& per_team,
                           SheetTricks& pending);

// The setup and entries as the library keeps them (JSON), and back; the reader throws Error
// ("cannot be read: entry 5: the partnership 'NS' is neither N-S nor E-W"): a label, seat or
// bid it does not know is refused, never guessed.
std::string keeper_state_json(const KeeperSetup& setup, const std::vector<KeeperEntry>& entries);
void read_keeper_state(const std::string& json, KeeperSetup& setup,
                       std::vector<KeeperEntry>& entries);

// A game kept in the library, as a list shows it.
struct KeptGame {
    std::int64_t id = 0;
    std::string created;  // UTC
    std::string updated;  // UTC, the last entry
    KeeperSetup setup;
    int hands = 0;               // finished hands
    std::array<int, 2> score{};  // under the game's rules, after the finished hands
    bool over = false;           // the game's rules ended it (it is in the library's games)
    std::string problem;         // why the row cannot be read (then only id and times are)
};

const formats::StoreSchema& keeper_store_schema();

// The kept games of one library, opened as ReviewStore is.
class KeeperStore {
  public:
    explicit KeeperStore(const formats::Library& library);

    // A new game's row; its id.
    std::int64_t add(const std::string& state) const;
    // A kept game's state (keeper_state_json); none when there is no such row.
    std::optional<std::string> state(std::int64_t id) const;
    // A kept game's setup and entries: false when there is no such row; an Error naming the
    // library and the game when its state cannot be read.
    bool read(std::int64_t id, KeeperSetup& setup, std::vector<KeeperEntry>& entries) const;
    // Replaces a kept game's state; throws FormatError when its row is gone.
    void save(std::int64_t id, const std::string& state) const;
    // Notes that the game, over, went into the library's games: it is never imported again.
    void mark_imported(std::int64_t id) const;
    bool imported(std::int64_t id) const;
    // Takes a game out of the store (once it is in the library's games).
    void remove(std::int64_t id) const;
    // The games kept, newest first; only those still under way unless `with_over`.
    std::vector<KeptGame> kept_games(bool with_over = false) const;

  private:
    // read_keeper_state, its error naming the library and the game.
    void read_state_at(std::int64_t id, const std::string& json, KeeperSetup& setup,
                       std::vector<KeeperEntry>& entries) const;

    const formats::Database& db_;
};

}  // namespace spadework::analyzer
