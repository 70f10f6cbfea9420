#include "library_schema.h"

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <iterator>
#include <string>
#include <thread>

#include "spadework/formats/error.h"
#include "spadework/formats/proto_io.h"

namespace spadework::formats::detail {
namespace {

// Version 1, the first schema: each game once, with its hash and metadata, its encoded
// record (a table of its own, so scanning games never walks the records' overflow pages),
// its players per seat, and a row per hand with bids, tricks and the score lines.
// Seats are 0..3 (N E S W), teams 0..1 (NS EW); a bid is a kind (0 tricks, 1 nil, 2 blind
// nil) and a count. Points and scores are NULL for a hand the rules did not score.
constexpr const char* kSchemaV1 = R"sql(
PRAGMA application_id = 1397769303;
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    hash INTEGER NOT NULL,
    event TEXT NOT NULL,
    date TEXT NOT NULL,
    table_name TEXT NOT NULL,
    rules TEXT NOT NULL,
    hands INTEGER NOT NULL,
    score_ns INTEGER NOT NULL,
    score_ew INTEGER NOT NULL,
    winner INTEGER
);
CREATE INDEX games_by_hash ON games (hash);
CREATE TABLE records (
    game INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    record BLOB NOT NULL
);
CREATE TABLE players (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (game, seat)
) WITHOUT ROWID;
CREATE TABLE hands (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    hand INTEGER NOT NULL,
    dealer INTEGER NOT NULL,
    bid_kind_n INTEGER, bid_n INTEGER,
    bid_kind_e INTEGER, bid_e INTEGER,
    bid_kind_s INTEGER, bid_s INTEGER,
    bid_kind_w INTEGER, bid_w INTEGER,
    tricks_n INTEGER NOT NULL, tricks_e INTEGER NOT NULL,
    tricks_s INTEGER NOT NULL, tricks_w INTEGER NOT NULL,
    points_ns INTEGER, points_ew INTEGER,
    score_ns INTEGER, score_ew INTEGER,
    PRIMARY KEY (game, hand)
) WITHOUT ROWID;
)sql";

// Version 2: where each game came from, per-hand flags and counts the filters and the
// statistics read (nil, blind nil, set, bag penalties, bags per team), filled in from the
// stored records, the same flags per game, then the indexes the queries need. A partial
// index serves a query only when the query's term is the index's WHERE clause word for word.
constexpr const char* kSchemaV2Columns = R"sql(
ALTER TABLE games ADD COLUMN source TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN has_nil INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN has_blind_nil INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN has_set INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN has_bag_penalty INTEGER NOT NULL DEFAULT 0;
ALTER TABLE hands ADD COLUMN nil INTEGER NOT NULL DEFAULT 0;
ALTER TABLE hands ADD COLUMN blind_nil INTEGER NOT NULL DEFAULT 0;
ALTER TABLE hands ADD COLUMN set_ns INTEGER NOT NULL DEFAULT 0;
ALTER TABLE hands ADD COLUMN set_ew INTEGER NOT NULL DEFAULT 0;
ALTER TABLE hands ADD COLUMN bag_penalties_ns INTEGER NOT NULL DEFAULT 0;
ALTER TABLE hands ADD COLUMN bag_penalties_ew INTEGER NOT NULL DEFAULT 0;
ALTER TABLE hands ADD COLUMN bags_ns INTEGER NOT NULL DEFAULT 0;
ALTER TABLE hands ADD COLUMN bags_ew INTEGER NOT NULL DEFAULT 0;
)sql";

constexpr const char* kSchemaV2Fill = R"sql(
UPDATE games SET
    has_nil = EXISTS (SELECT 1 FROM hands h WHERE h.game = games.id AND h.nil),
    has_blind_nil = EXISTS (SELECT 1 FROM hands h WHERE h.game = games.id AND h.blind_nil),
    has_set = EXISTS (SELECT 1 FROM hands h WHERE h.game = games.id AND (h.set_ns OR h.set_ew)),
    has_bag_penalty = EXISTS (SELECT 1 FROM hands h WHERE h.game = games.id
                              AND (h.bag_penalties_ns OR h.bag_penalties_ew));
)sql";

// Games are listed by date: the flags' partial indexes keep that order, so a filter on a
// rare flag reads only its games and a common one needs no sort.
constexpr const char* kSchemaV2Indexes = R"sql(
CREATE INDEX games_by_date ON games (date, id);
CREATE INDEX games_by_event ON games (event, date, id);
CREATE INDEX games_by_rules ON games (rules, date, id);
CREATE INDEX games_with_nil ON games (date, id) WHERE has_nil;
CREATE INDEX games_with_blind_nil ON games (date, id) WHERE has_blind_nil;
CREATE INDEX games_with_set ON games (date, id) WHERE has_set;
CREATE INDEX games_with_bag_penalty ON games (date, id) WHERE has_bag_penalty;
CREATE INDEX players_by_name ON players (name, game);
CREATE INDEX hands_with_nil ON hands (game, hand) WHERE nil;
CREATE INDEX hands_with_blind_nil ON hands (game, hand) WHERE blind_nil;
CREATE INDEX hands_with_set ON hands (game, hand) WHERE set_ns OR set_ew;
CREATE INDEX hands_with_bag_penalty ON hands (game, hand) WHERE bag_penalties_ns OR bag_penalties_ew;
)sql";

// Versions 3 and 4 added the reviews and the lesson answers. They are the analyzer's stores
// now, which create their tables themselves (and adopt those a version 3 or 4 library has):
// the two steps are kept, empty, so that the version numbers keep their meaning.
//
// Version 5: the stores' versions. Each owner of tables in the library keeps the version of
// its own schema here, apart from the games' (PRAGMA user_version).
constexpr const char* kSchemaV5 = R"sql(
CREATE TABLE stores (
    name TEXT PRIMARY KEY,
    version INTEGER NOT NULL
) WITHOUT ROWID;
)sql";

// Version 6: the encoding the records were written with (library_encoding.cpp), one row.
// Made empty: a library of an earlier version has no known encoding, so its records are
// written again in the same transaction.
constexpr const char* kSchemaV6 = R"sql(
CREATE TABLE encoding (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    fingerprint INTEGER NOT NULL,
    fields INTEGER NOT NULL
);
)sql";

// Version 7: score sheets. Whether a game is one, and per hand the seats whose own tricks the
// sheet did not give (a bit per seat, N = 1), which the statistics of bids leave out. Every
// game of an earlier library is a full record.
constexpr const char* kSchemaV7 = R"sql(
ALTER TABLE games ADD COLUMN score_sheet INTEGER NOT NULL DEFAULT 0;
ALTER TABLE hands ADD COLUMN tricks_unknown INTEGER NOT NULL DEFAULT 0;
)sql";

// Version 8: per hand the seats whose trick bid was made blind (a bit per seat, N = 1), which
// the bid's kind and count do not say ("b6" is kind 0, count 6). Filled from the records.
constexpr const char* kSchemaV8 = R"sql(
ALTER TABLE hands ADD COLUMN blind_bids INTEGER NOT NULL DEFAULT 0;
)sql";

// The tables a library must have, from the version that made them.
struct NeededTable {
    const char* name;
    int since;
};
constexpr NeededTable kTables[] = {
    {"games", 1}, {"records", 1}, {"players", 1}, {"hands", 1}, {"encoding", kEncodingSchema}};

std::string hex(std::int64_t value) {
    static constexpr char kDigits[] = "0123456789abcdef";
    auto v = static_cast<std::uint32_t>(value);
    std::string out = "0x";
    for (int shift = 28; shift >= 0; shift -= 4) out += kDigits[(v >> shift) & 15];
    return out;
}

std::int64_t pragma_value(const Database& db, const char* pragma) {
    Statement st(db, std::string("PRAGMA ") + pragma);
    return st.step() ? st.int64(0) : 0;
}

// Refuses a file that is not ours: another program's tables or application id, or a
// version newer than this build reads.
void check_ours(const Database& db, int version, int target) {
    std::int64_t app = pragma_value(db, "application_id");
    std::vector<std::string> tables = table_names(db);
    if (version == 0 && app == 0) {
        if (tables.empty()) return;  // a new file
        std::string list;
        for (const std::string& t : tables) list += (list.empty() ? "" : ", ") + t;
        db.fail("not a Spadework library: it holds tables of another program (" + list + ")");
    }
    if (app != kApplicationId) {
        db.fail("not a Spadework library: its application id is " + hex(app) +
                " (a Spadework library has " + hex(kApplicationId) + ")");
    }
    if (version > target) {
        db.fail("the library has schema version " + std::to_string(version) +
                ", newer than this Spadework reads (" + std::to_string(target) +
                "): open it with a newer Spadework");
    }
    if (version < 1) db.fail("damaged library: its schema version is " + std::to_string(version));
    for (const NeededTable& needed : kTables) {
        if (version < needed.since) continue;
        bool found = false;
        for (const std::string& t : tables) found = found || t == needed.name;
        if (!found) {
            db.fail(std::string("damaged library: the table '") + needed.name + "' is missing");
        }
    }
}

void migrate_to_1(const Database& db) {
    db.exec(kSchemaV1);
}

// For every stored hand, binds its game id (?1) and hand index (?2), lets fill bind the rest
// from the hand's row (its game's record indexed again, index_rows) and runs the update. A
// record this build cannot read stops the migration, or with keep_unreadable keeps the
// columns' defaults for its hands (a record of a newer Spadework is kept as it is).
template <class Fill>
void refill_hands(const Database& db, const char* update_sql, bool keep_unreadable, Fill fill) {
    Statement games(db, "SELECT game, record FROM records ORDER BY game");
    Statement update(db, update_sql);
    while (games.step()) {
        std::int64_t id = games.int64(0);
        std::string where = "game id " + std::to_string(id) + " cannot be migrated: ";
        GameRows rows;
        try {
            rows = index_rows(decode_game(games.blob(1), db.path()));
        } catch (const FormatError& e) {
            if (keep_unreadable) continue;
            db.fail(where + e.message());
        } catch (const Error& e) {
            if (keep_unreadable) continue;
            db.fail(where + e.what());
        }
        for (std::size_t h = 0; h < rows.hands.size(); ++h) {
            update.bind(1, id);
            update.bind(2, static_cast<int>(h));
            fill(update, rows.hands[h]);
            update.run();
        }
    }
}

// Fills the version 2 columns of every stored hand from its game's record, scored again.
void migrate_to_2(const Database& db) {
    db.exec(kSchemaV2Columns);
    refill_hands(db,
                 "UPDATE hands SET nil = ?3, blind_nil = ?4, set_ns = ?5, set_ew = ?6, "
                 "bag_penalties_ns = ?7, bag_penalties_ew = ?8, bags_ns = ?9, bags_ew = ?10 "
                 "WHERE game = ?1 AND hand = ?2",
                 false, [](Statement& update, const HandRow& row) {
                     update.bind(3, row.nil);
                     update.bind(4, row.blind_nil);
                     update.bind(5, row.set[0]);
                     update.bind(6, row.set[1]);
                     update.bind(7, row.bag_penalties[0]);
                     update.bind(8, row.bag_penalties[1]);
                     update.bind(9, row.bags[0]);
                     update.bind(10, row.bags[1]);
                 });
    db.exec(kSchemaV2Fill);
    db.exec(kSchemaV2Indexes);
}

void migrate_to_3(const Database&) {}  // now the review store's first migration

void migrate_to_4(const Database&) {}  // now the lesson answer store's first migration

void migrate_to_5(const Database& db) {
    db.exec(kSchemaV5);
}

void migrate_to_6(const Database& db) {
    db.exec(kSchemaV6);
}

void migrate_to_7(const Database& db) {
    db.exec(kSchemaV7);
}

void migrate_to_8(const Database& db) {
    db.exec(kSchemaV8);
    refill_hands(
        db, "UPDATE hands SET blind_bids = ?3 WHERE game = ?1 AND hand = ?2", true,
        [](Statement& update, const HandRow& row) { update.bind(3, blind_bid_seats(row)); });
}

using Migration = void (*)(const Database&);
// kMigrations[v] takes a library from version v to v + 1.
constexpr Migration kMigrations[] = {migrate_to_1, migrate_to_2, migrate_to_3, migrate_to_4,
                                     migrate_to_5, migrate_to_6, migrate_to_7, migrate_to_8};

// Flushes a file (or folder) to the disk: SQLite does not sync what VACUUM INTO writes.
bool sync_path(const std::string& path, bool folder) {
    int fd = ::open(path.c_str(), folder ? O_RDONLY | O_DIRECTORY : O_RDONLY);
    if (fd < 0) return false;
    bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

// Copies the library, as one consistent snapshot with whatever its WAL holds, to a new file
// beside it before a migration: "library.sqlite.v3.bak" (`tag` "v3"), or ".v3.2.bak",
// ".v3.3.bak"... when that is taken, so an earlier copy is never overwritten. `from` says what
// is migrated, for messages ("schema version 3"). Returns the copy's path; throws, having
// removed any part written, when it cannot be made.
std::string write_backup(const Database& db, const std::string& tag, const std::string& from) {
    namespace fs = std::filesystem;
    const std::string stem = db.path() + "." + tag;
    std::string copy;
    for (int n = 1;; ++n) {
        copy = stem + (n == 1 ? "" : "." + std::to_string(n)) + ".bak";
        std::error_code ec;
        if (fs::symlink_status(copy, ec).type() == fs::file_type::not_found) break;
        if (n >= 1000) {
            db.fail("cannot migrate the library from " + from +
                    ": no free name for its backup copy beside it (" + copy +
                    "); the library was left as it was");
        }
    }
    auto refuse = [&](const std::string& why) {
        std::error_code ec;
        fs::remove(copy, ec);
        db.fail("cannot migrate the library from " + from + ": its backup copy " + copy +
                " could not be written (" + why + "); the library was left as it was");
    };
    Statement vacuum(db, "VACUUM INTO ?1");
    vacuum.bind(1, copy);
    try {
        vacuum.run();
    } catch (const FormatError& e) {
        refuse(e.message());
    }
    fs::path folder = fs::path(copy).parent_path();
    if (!sync_path(copy, false) || !sync_path(folder.empty() ? "." : folder.string(), true)) {
        refuse("it could not be flushed to the disk");
    }
    return copy;
}

}  // namespace

std::vector<std::string> table_names(const Database& db) {
    Statement st(db,
                 "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE "
                 "'sqlite\\_%' ESCAPE '\\' ORDER BY name");
    std::vector<std::string> names;
    while (st.step()) names.push_back(st.text(0));
    return names;
}

std::uint64_t fnv1a_64(std::string_view bytes) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

GameRows index_rows(const RecordedGame& game) {
    GameRows rows;
    rows.irregular = check_game(game);
    rows.score_sheet = game.score_sheet();
    ScoredGame scored = score_game(game, game.rules);
    rows.hands.resize(game.hands.size());
    for (std::size_t h = 0; h < game.hands.size(); ++h) {
        const RecordedHand& hand = game.hands[h];
        HandRow& row = rows.hands[h];
        row.dealer = hand.dealer;
        if (h < scored.hands.size()) {
            // Scored: the outcome score_game used, and its score lines.
            const HandOutcome& outcome = scored.outcomes[h];
            const HandRecord& record = scored.hands[h];
            for (Seat s : kAllSeats) row.bids[index(s)] = outcome.bids[index(s)];
            row.tricks = outcome.tricks;
            row.scored = true;
            for (Team t : kAllTeams) {
                const TeamHandScore& team = record.score[t];
                int i = index(t);
                row.points[i] = team.delta;
                row.score[i] = record.after[i].score;
                row.set[i] = team.bid > 0 && team.tricks < team.bid;
                row.bag_penalties[i] = team.bag_penalties;
                row.bags[i] = team.bags_added;
            }
        } else if (game.score_sheet()) {
            // After the game's end, or unfinished: what was bid and taken, unscored.
            std::optional<HandOutcome> outcome =
                sheet_outcome(game.rules, hand, static_cast<int>(h));
            for (std::size_t b = 0; b < hand.bids.size(); ++b) {
                row.bids[index(next(hand.dealer, static_cast<int>(b) + 1))] = hand.bids[b];
            }
            if (outcome) row.tricks = outcome->tricks;
        } else {
            HandState state = replay_hand(game.rules, hand, static_cast<int>(h));
            std::optional<HandOutcome> outcome = outcome_of(state, hand.claim);
            for (Seat s : kAllSeats) {
                row.bids[index(s)] = state.bid_of(s);
                row.tricks[index(s)] = outcome ? outcome->tricks[index(s)] : state.tricks_taken(s);
            }
        }
        if (game.score_sheet() && !hand.sheet.empty()) {
            std::array<std::optional<int>, 4> own = sheet_seat_tricks(hand.sheet);
            for (Seat s : kAllSeats) row.tricks_unknown[index(s)] = !own[index(s)];
        }
        for (const std::optional<Bid>& bid : row.bids) {
            if (!bid) continue;
            row.nil = row.nil || bid->is_nil();
            row.blind_nil = row.blind_nil || bid->kind() == Bid::Kind::BlindNil;
        }
    }
    if (scored.result) {
        for (Team t : kAllTeams) rows.final_score[index(t)] = scored.result->final[index(t)].score;
        rows.winner = scored.result->winner;
    } else if (!scored.hands.empty()) {
        for (Team t : kAllTeams) {
            rows.final_score[index(t)] = scored.hands.back().after[index(t)].score;
        }
    }
    return rows;
}

SchemaOpened open_schema(const Database& db, int target) {
    SchemaOpened opened;
    int version = 0;
    bool stale = false;
    {
        // One snapshot for every look: a program creating the library at this moment is
        // seen before or after, never as tables without their version.
        db.exec("BEGIN");
        try {
            version = static_cast<int>(pragma_value(db, "user_version"));
            check_ours(db, version, target);
            stale = version >= 1 && encoding_stale(db, version);  // a new file has no records
        } catch (...) {
            sqlite3_exec(handle(db), "ROLLBACK", nullptr, nullptr, nullptr);
            throw;
        }
        db.exec("COMMIT");
    }
    opened.version = version;
    const bool migrate = version < target;
    if (migrate && target > static_cast<int>(std::size(kMigrations))) {
        db.fail("this build has no migration to schema version " + std::to_string(target));
    }
    if (version >= 1 && (migrate || stale)) {
        // Before anything is written, even the journal mode: a refusal leaves the file as
        // it was.
        opened.backup = migrate ? write_backup(db, "v" + std::to_string(version),
                                               "schema version " + std::to_string(version))
                                : write_backup(db, "encoding", "another encoding of its games");
    }
    // Only now that the file is ours: WAL is a property of the file, kept once set.
    // synchronous=NORMAL is safe with WAL (a crash may lose the last commit, never the file).
    db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL");
    if (!migrate && !stale) return opened;

    Transaction tx(db);
    // Another program may have migrated the file between our look and our lock.
    version = static_cast<int>(pragma_value(db, "user_version"));
    check_ours(db, version, target);
    for (int v = version; v < target; ++v) kMigrations[v](db);
    // With the schema current, before anything reads the records: imports and merges find a
    // game by its bytes.
    if (encoding_stale(db, target)) opened.reencoded = reencode_records(db);
    db.exec(("PRAGMA user_version = " + std::to_string(target)).c_str());
    tx.commit();
    opened.version = target;
    return opened;
}

namespace {

// The store's version in the library: 0 when it was never opened there.
int store_version(const Database& db, const StoreSchema& store) {
    Statement st(db, "SELECT version FROM stores WHERE name = ?1");
    st.bind(1, store.name);
    return st.step() ? st.integer(0) : 0;
}

void check_store_version(const Database& db, const StoreSchema& store, int version) {
    if (version > store.version()) {
        db.fail("the library's " + store.name + " store has version " + std::to_string(version) +
                ", newer than this Spadework reads (" + std::to_string(store.version()) +
                "): open it with a newer Spadework");
    }
}

}  // namespace

std::string open_store(const Database& db, const StoreSchema& store) {
    int version = store_version(db, store);
    check_store_version(db, store, version);
    if (version == store.version()) return {};
    // A store that holds rows already is copied first, as the games' migrations do; a new
    // store has nothing to lose.
    std::string backup;
    if (version >= 1) {
        backup = write_backup(db, store.name + "-v" + std::to_string(version),
                              "its " + store.name + " store version " + std::to_string(version));
    }
    Transaction tx(db);
    // Another program may have opened the store between our look and our lock.
    version = store_version(db, store);
    check_store_version(db, store, version);
    for (int v = version; v < store.version(); ++v) db.exec(store.migrations[v]);
    Statement set(db, "INSERT OR REPLACE INTO stores (name, version) VALUES (?1, ?2)");
    set.bind(1, store.name);
    set.bind(2, store.version());
    set.run();
    tx.commit();
    return backup;
}

}  // namespace spadework::formats::detail
