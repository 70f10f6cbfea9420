// The storage layer under Library: the SQLite handles behind database.h, the schema
// versions with their migrations (the games' own and the stores'), and the index rows a
// game is stored with. Private to formats/: SQLite types stay out of the public headers.
#pragma once

#include <sqlite3.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spadework/engine/record.h"
#include "spadework/formats/database.h"

namespace spadework::formats::detail {

// How long one call keeps trying while other programs hold the library. The busy timeout
// (Library sets it) waits inside SQLite; the retries around it cover what it does not: a
// writer holding the lock for longer (a large import), and a busy that SQLite reports
// without waiting (another process recovering or checkpointing the WAL).
inline constexpr int kBusyPatienceMs = 60000;

// The SQLite handles behind the public classes of database.h.
struct Connection {
    sqlite3* db = nullptr;
};

struct Prepared {
    sqlite3_stmt* stmt = nullptr;
};

inline sqlite3* handle(const Database& db) {
    return db.connection().db;
}

// Fails with the words for SQLite's result code `rc` ("the library is locked by another
// program: ...").
[[noreturn]] void fail(const Database& db, int rc);

// 64-bit FNV-1a: the content key of a stored game (its encode_game bytes). A hit is
// confirmed by comparing the stored bytes, so a collision only costs a comparison.
std::uint64_t fnv1a_64(std::string_view bytes);

// What the index tables hold of one hand, under the game's own rules. Hands the rules did
// not score (after the game's end, or an unfinished last hand) have no score.
struct HandRow {
    Seat dealer = Seat::North;
    std::array<std::optional<Bid>, 4> bids;  // per seat; none when the bidding stopped early
    std::array<int, 4> tricks{};             // per seat, claim included
    // Per seat: a score sheet gave only its partnership's total, which `tricks` has on the
    // partnership's first member (the other has 0).
    std::array<bool, 4> tricks_unknown{};
    bool scored = false;
    std::array<int, 2> points{};  // per team, this hand
    std::array<int, 2> score{};   // per team, after the hand
    std::array<bool, 2> set{};
    std::array<int, 2> bag_penalties{};
    std::array<int, 2> bags{};  // bags the team took this hand
    bool nil = false;           // a nil or blind nil bid at any seat
    bool blind_nil = false;
};

// The seats whose trick bid was made blind, a bit per seat (N = 1): the hands table's
// blind_bids.
inline int blind_bid_seats(const HandRow& row) {
    int seats = 0;
    for (int s = 0; s < 4; ++s) {
        if (row.bids[s] && row.bids[s]->is_blind() && !row.bids[s]->is_nil()) seats |= 1 << s;
    }
    return seats;
}

struct GameRows {
    bool score_sheet = false;
    std::array<int, 2> final_score{};
    std::optional<Team> winner;
    std::vector<HandRow> hands;                   // one per recorded hand
    std::vector<RecordedIrregularity> irregular;  // what check_game flagged
};

// Checks the game (check_game) and scores it with score_game under its own rules. Throws
// RecordError for an illegal record.
GameRows index_rows(const RecordedGame& game);

// The tables of the file that are not SQLite's own, by name.
std::vector<std::string> table_names(const Database& db);

// ---- The encoding of the records (library_encoding.cpp) ----

// The schema version that keeps the encoding of the records, in the table `encoding`.
inline constexpr int kEncodingSchema = 6;

// An encoding of games, as a library keeps the one its records were written with: the hash
// of game_encoding()'s layout, and its count of fields (more is a newer schema).
struct EncodingStamp {
    std::int64_t fingerprint = 0;
    int fields = 0;
    bool operator==(const EncodingStamp&) const = default;
};

// This build's.
const EncodingStamp& current_encoding();

// Whether the records of a library at schema `version` are to be written again: it keeps no
// encoding (it is older than kEncodingSchema) or another build's. Not when that build's
// schema is newer: its records hold fields this build would drop.
bool encoding_stale(const Database& db, int version);

struct Reencoded {
    int rewritten = 0;   // records whose bytes changed
    int unreadable = 0;  // records this build cannot read, kept as they were
    int merged = 0;      // games that turned out equal to one with a lower id, merged into it
};

// In the caller's transaction: every record decoded and encoded again by this build, its
// hash recomputed; then each game equal to one with a lower id merged into it, with the rows
// of every table that refer to it (found by the schema's foreign keys, the stores' tables
// included); then the library stamped with this build's encoding.
Reencoded reencode_records(const Database& db);

// In a transaction that stores records: stamps the library with this build's encoding when
// it keeps another one (that of a newer build, whose records this build does not rewrite),
// so that the newer build rewrites the records added here when it opens the library again.
void note_encoding(const Database& db);

// "PRAGMA application_id": 'SPDW', so a SQLite file of another program is told apart.
inline constexpr std::int32_t kApplicationId = 0x53504457;

// What open_schema did.
struct SchemaOpened {
    int version = 0;      // the version now
    std::string backup;   // the copy written before a migration; empty when none
    Reencoded reencoded;  // what writing the records again did; zeros when it was not done
};

// Checks that the file is a Spadework library (or empty) of a version we read, then runs
// the migrations from its version up to `target`, and writes its records again when they
// are of another encoding (encoding_stale), in one transaction. An older library is first
// copied beside itself ("library.sqlite.v3.bak", or ".v3.2.bak" when that is taken; one of
// another encoding only, "library.sqlite.encoding.bak"); when the copy cannot be written,
// nothing is migrated and the file is left as it was.
SchemaOpened open_schema(const Database& db, int target);

// Creates or migrates a store's tables to the version its schema describes, in one
// transaction; a store migrated from a version of 1 or more is first copied beside the
// library as open_schema does ("library.sqlite.reviews-v1.bak"). Returns that copy's path,
// empty when none was written. Throws FormatError when the library's store is newer than
// the schema.
std::string open_store(const Database& db, const StoreSchema& store);

}  // namespace spadework::formats::detail
