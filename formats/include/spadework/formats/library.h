// The game library: an embedded SQLite database of imported games, with the queries the CLI
// and the viewer use. SQLite stays inside formats/; callers see these types only. Other
// layers keep tables of their own in the library as stores (database.h): formats/ creates,
// migrates and merges them as their owners describe, and never reads them.
//
// Each game is stored once, keyed by a hash of its canonical encoding, as the encoded record
// plus index rows (players, one row per hand with bids, tricks and score lines) that the
// queries read. The schema is versioned with PRAGMA user_version and migrated on open; the
// records are written again on open when they were encoded otherwise than this build
// encodes (the hash is of the bytes, so the same game would not be found); the database
// runs in WAL mode so a viewer can read while the CLI imports.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spadework/engine/card.h"
#include "spadework/engine/record.h"
#include "spadework/formats/database.h"
#include "spadework/formats/dates.h"

namespace spadework::formats {

using GameId = std::int64_t;

// $XDG_DATA_HOME/spadework/library.sqlite, or ~/.local/share/spadework/library.sqlite.
std::filesystem::path default_library_path();

struct ImportResult {
    int games_added = 0;
    int games_already_there = 0;  // the same content was imported before
    int hands_added = 0;
    // Cards of the new games kept as recorded though they broke a rule of play (a revoke, an
    // early spade lead): "game 1, hand 2, card 6: trick 2: S did not follow suit ...".
    std::vector<std::string> irregular;
    // The new games whose last hand is not played out (its place: "game 1, hand 2").
    std::vector<std::string> unfinished;
    std::vector<GameId> ids;  // per game of the input, new or existing
};

struct GameFilter {
    std::optional<std::string> player;     // a name at any seat (exact)
    std::optional<std::string> date_from;  // inclusive, compared as text: "2026.11.01"
    std::optional<std::string> date_to;    // inclusive
    std::optional<std::string> rules;      // a preset: games played under it, house rules or not
    std::optional<std::string> event;      // within the event's name, in any case
    std::optional<RecordKind> kind;        // full records only, or score sheets only
    // Games with at least one hand that has...
    bool with_nil = false;  // a nil or blind nil bid
    bool with_blind_nil = false;
    bool with_set = false;  // a partnership that failed its contract
    bool with_bag_penalty = false;
    int limit = 0;  // 0: no limit
};

struct GameSummary {
    GameId id = 0;
    std::string event;
    std::string date;
    std::string table;
    std::array<std::string, 4> players;
    std::string rules;  // as spell_rules spells them: "classic bag_limit=5"
    int hands = 0;
    std::array<int, 2> score{};  // final scores per team, under the game's own rules
    std::optional<Team> winner;  // when the rules ended the game with a winner
    std::string source;          // the file it was first imported from
    bool score_sheet = false;    // recorded as bids and tricks only: nothing to replay
};

struct HandFilter {
    std::optional<GameId> game;
    std::optional<std::string> player;  // hands where this player bid (with bids filled in)
    bool nil = false;                   // a nil or blind nil bid
    bool blind_nil = false;
    bool set = false;
    bool bag_penalty = false;
    int limit = 0;
};

struct HandSummary {
    GameId game = 0;
    int hand = 0;  // 0-based index in the game
    Seat dealer = Seat::North;
    std::array<std::string, 4> players;
    std::array<Bid, 4> bids;      // per seat
    std::array<int, 4> tricks{};  // per seat, a claim's tricks included
    // Per seat: a score sheet gave only the partnership's total (both members bid tricks);
    // `tricks` has it on the first member.
    std::array<bool, 4> tricks_unknown{};
    // Whether the game's rules scored the hand: not when it is unfinished or comes after the
    // game's end. Points, score, set and bag penalties are 0 for a hand not scored.
    bool scored = false;
    std::array<int, 2> points{};  // per team, this hand, under the game's rules
    std::array<int, 2> score{};   // per team, after the hand
    std::array<bool, 2> set{};    // the team failed its contract
    std::array<int, 2> bag_penalties{};
};

// A player's record over every scored hand in the library (see HandSummary::scored), or
// only the given player's. Seats with no name are left out.
struct PlayerStats {
    std::string name;
    int games = 0;
    int hands = 0;
    // Hands where the player bid a number of tricks (and, on a score sheet, the player's own
    // tricks are known: not only the partnership's total)
    int trick_bids = 0;
    int bids_exact = 0;         // ... and took exactly that many tricks
    int bids_made = 0;          // ... and took at least that many
    double mean_bid_error = 0;  // mean |tricks - bid| over trick bids
    int nils = 0;               // nil and blind nil bids
    int nils_made = 0;
    int blind_nils = 0;
    int blind_nils_made = 0;
    int sets = 0;  // hands where the player's partnership failed its contract
    int bags = 0;  // bags the partnership took in the player's hands
    double bags_per_hand = 0;
    int games_won = 0;
};

// A partnership's record, counted as PlayerStats is: the same two names on one side of a
// game, whichever seats they took.
struct PartnershipStats {
    std::array<std::string, 2> players;  // sorted by name
    int games = 0;
    int hands = 0;
    int contracts = 0;  // hands with a contract (a trick bid by either)
    int contracts_made = 0;
    int sets = 0;
    int nils = 0;
    int nils_made = 0;
    int bags = 0;
    double bags_per_hand = 0;
    int games_won = 0;
};

// A change of a game's metadata: each field given replaces the game's, the rest is kept.
// The deal, the bids, the play and everything scored from them are not metadata.
struct GameEdit {
    std::array<std::optional<std::string>, 4> players;  // per seat; "" clears the name
    std::optional<std::string> date;
    std::optional<std::string> event;
    std::optional<std::string> notes;  // the comment about the game as a whole
    bool empty() const;
    // What makes the edit unfit for a record, in words ("the date '2026-02-30' is not a day
    // of the calendar: ..."): a date that is not a calendar date, a control character in a
    // name or the event (the notes may break lines). None when it is fit.
    std::optional<std::string> problem() const;
    // The game with the edit applied.
    void apply(RecordedGame& game) const;
};

class Library {
  public:
    // Opens (creating it and its folder when missing) and migrates to the current schema,
    // an older library only after a copy of it is written beside it (migration_backup()).
    // Records encoded otherwise (before a field was added to the schema) are decoded and
    // encoded again, with that copy written first, and games that turn out equal are merged
    // into the one with the lowest id, their rows in every table that refers to a game
    // moved to it. Records of a newer build's schema are left as they are.
    // Throws FormatError naming the path when the file is not a Spadework library, is from
    // a newer version (the file is not changed), or is older and the copy cannot be made.
    explicit Library(const std::filesystem::path& path);
    ~Library();
    Library(Library&&) noexcept;
    Library& operator=(Library&&) noexcept;

    static constexpr int kSchemaVersion = 8;
    int schema_version() const;
    const std::filesystem::path& path() const;
    // The copy of the library as it was, written before this open migrated it from an older
    // schema ("library.sqlite.v3.bak") or wrote its records again in this build's encoding
    // ("library.sqlite.encoding.bak"); empty when nothing was migrated.
    const std::filesystem::path& migration_backup() const;
    // A number that changes whenever another connection (or program) commits to the library:
    // PRAGMA data_version, for readers that poll for news.
    std::int64_t data_version() const;

    // Imports the games in one transaction: all are stored, or none. Games already there
    // (same content hash) are counted, not stored again. `source` is kept as where the
    // game came from. Each game must pass check_game.
    ImportResult import_games(const std::vector<RecordedGame>& games, const std::string& source);
    // Reads a game file (any kind) and imports it in one transaction. `adjust`, when given,
    // sees each game as read before it is stored (the rules it was played under, set by the
    // caller); what it throws ends the import, storing none of the file.
    ImportResult import_file(const std::filesystem::path& path,
                             const std::function<void(RecordedGame&, std::size_t)>& adjust = {});

    // Deletes the games, and with them every row that refers to them: their index rows and
    // the stores' rows (reviews), which the schema's foreign keys delete on cascade. One
    // transaction: an id that is not in the library throws FormatError naming it, and then
    // nothing is deleted. An id given twice is deleted once.
    void delete_games(const std::vector<GameId>& ids);
    // Changes the metadata of a game in place: the same id, so its reviews stay with it. The
    // record is encoded again (its content key changes with it); `also` runs in the same
    // transaction, for the stores that keep a copy of what changed (a review's player
    // names). Throws FormatError when there is no such game, or when the edited game would be
    // the same as another one in the library (naming it): nothing changes then.
    void edit_game(GameId id, const GameEdit& edit,
                   const std::function<void(const Database&)>& also = {});

    std::vector<GameSummary> list_games(const GameFilter& filter = {}) const;
    // The game stored with exactly this content (as import_games would find it), if any.
    std::optional<GameId> find_game(const RecordedGame& game) const;
    std::optional<GameSummary> game_summary(GameId id) const;
    // Throws FormatError when there is no such game.
    RecordedGame load_game(GameId id) const;
    std::vector<HandSummary> find_hands(const HandFilter& filter = {}) const;
    int count_games() const;
    int count_hands() const;

    std::vector<PlayerStats> player_stats(const std::optional<std::string>& player = {}) const;
    std::vector<PartnershipStats> partnership_stats(
        const std::optional<std::string>& player = {}) const;

    // The connection, for the owners of stores (database.h): the analyzer reads and writes
    // its own tables through it.
    const Database& database() const;
    // Creates or migrates the tables of `store` to its schema's version (see StoreSchema);
    // an owner calls it before it first reads or writes its tables in this library. Returns
    // the copy written before a migration of rows the store held already, empty when none.
    // Throws FormatError when the library's store is newer than `store`.
    std::filesystem::path open_store(const StoreSchema& store) const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// ---- Merging libraries ----

// A part of a library for batches on many machines: the games whose id modulo `count` is
// `index` (0-based, 0 <= index < count). The parts 0..count-1 are disjoint and cover every
// game; the default is the whole library.
struct LibraryPart {
    int index = 0;
    int count = 1;
    bool whole() const { return count == 1; }
    bool contains(GameId id) const { return id % count == index; }
};

// What a merge did with the rows of one store (the first of its tables).
struct StoreMerged {
    std::string store;
    int added = 0;
    // A row matched one in the target (StoreTable::match): the target's is kept. A review of
    // the same game under the same settings key, which names the analyzer version, say.
    int already_there = 0;
};

struct MergeResult {
    int games_added = 0;
    int games_already_there = 0;      // the same content was in the target already
    std::vector<StoreMerged> stores;  // one per store merged, in the order given
    // The target's id of each game merged, new or already there, source by source in the
    // sources' id order.
    std::vector<GameId> ids;
    // The counts of the store named so; zeros when it was not merged.
    StoreMerged store(const std::string& name) const;
};

// Merges the games of `part` of each source library into the library `into` (created when
// missing), with everything the library holds of them: the record, its metadata and
// source, the index rows, and the rows of each store in `stores` as its tables say
// (StoreTable): rows of a game follow it, re-keyed to the target's game ids; rows of the
// whole library only when the whole of each source is merged. Games are matched by content
// (the hash and bytes import uses), store rows by key or content, so merging again adds
// nothing. One transaction for everything: on any error nothing is written. Each source must exist
// and is opened as a Library (an older one is migrated, with its backup); a source that is not a
// Spadework library, is newer than this build, or is the target itself throws FormatError naming
// it.
MergeResult merge_libraries(const std::vector<std::filesystem::path>& sources,
                            const std::filesystem::path& into, const LibraryPart& part = {},
                            const std::vector<StoreSchema>& stores = {});

}  // namespace spadework::formats
