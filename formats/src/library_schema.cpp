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

// Version 3: stored reviews. A review is kept per game and per settings key (the analyzer
// version and every setting that changes results), as the analyzer's JSON, with a row per
// seat of the play and bid tallies so a player's trend is read without the JSON.
constexpr const char* kSchemaV3 = R"sql(
CREATE TABLE reviews (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    settings TEXT NOT NULL,
    version TEXT NOT NULL,
    created TEXT NOT NULL,
    review TEXT NOT NULL,
    PRIMARY KEY (game, settings)
) WITHOUT ROWID;
CREATE TABLE review_seats (
    game INTEGER NOT NULL,
    settings TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    cards INTEGER NOT NULL,
    decisions INTEGER NOT NULL,
    kept_best INTEGER NOT NULL,
    inaccuracies INTEGER NOT NULL,
    mistakes INTEGER NOT NULL,
    blunders INTEGER NOT NULL,
    points_lost INTEGER NOT NULL,
    bid_flags INTEGER NOT NULL,
    PRIMARY KEY (game, settings, seat),
    FOREIGN KEY (game, settings) REFERENCES reviews (game, settings) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX review_seats_by_name ON review_seats (name, settings, game);
)sql";

// Version 4: lesson answers. Each answer a learner gave to a lesson question, with what it
// was worth and the best answer's worth; a learner's score is read from the latest answer
// to each question.
constexpr const char* kSchemaV4 = R"sql(
CREATE TABLE lesson_answers (
    id INTEGER PRIMARY KEY,
    learner TEXT NOT NULL,
    lesson TEXT NOT NULL,
    question INTEGER NOT NULL,
    answer TEXT NOT NULL,
    value REAL NOT NULL,
    best REAL NOT NULL,
    good INTEGER NOT NULL,
    created TEXT NOT NULL
);
CREATE INDEX lesson_answers_by_learner ON lesson_answers (learner, lesson, question, id);
)sql";

constexpr const char* kTables[] = {"games", "records", "players", "hands"};

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

// The tables of the file that are not SQLite's own.
std::vector<std::string> table_names(const Database& db) {
    Statement st(db,
                 "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE "
                 "'sqlite\\_%' ESCAPE '\\' ORDER BY name");
    std::vector<std::string> names;
    while (st.step()) names.push_back(st.text(0));
    return names;
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
    for (const char* needed : kTables) {
        bool found = false;
        for (const std::string& t : tables) found = found || t == needed;
        if (!found) db.fail(std::string("damaged library: the table '") + needed + "' is missing");
    }
}

void migrate_to_1(const Database& db) {
    db.exec(kSchemaV1);
}

// Fills the version 2 columns of every stored hand from its game's record, scored again.
void migrate_to_2(const Database& db) {
    db.exec(kSchemaV2Columns);
    Statement games(db, "SELECT game, record FROM records ORDER BY game");
    Statement update(db,
                     "UPDATE hands SET nil = ?3, blind_nil = ?4, set_ns = ?5, set_ew = ?6, "
                     "bag_penalties_ns = ?7, bag_penalties_ew = ?8, bags_ns = ?9, bags_ew = ?10 "
                     "WHERE game = ?1 AND hand = ?2");
    while (games.step()) {
        std::int64_t id = games.int64(0);
        std::string where = "game id " + std::to_string(id) + " cannot be migrated: ";
        GameRows rows;
        try {
            rows = index_rows(decode_game(games.blob(1), db.path()));
        } catch (const FormatError& e) {
            db.fail(where + e.message());
        } catch (const Error& e) {
            db.fail(where + e.what());
        }
        for (std::size_t h = 0; h < rows.hands.size(); ++h) {
            const HandRow& row = rows.hands[h];
            update.bind(1, id);
            update.bind(2, static_cast<int>(h));
            update.bind(3, row.nil);
            update.bind(4, row.blind_nil);
            update.bind(5, row.set[0]);
            update.bind(6, row.set[1]);
            update.bind(7, row.bag_penalties[0]);
            update.bind(8, row.bag_penalties[1]);
            update.bind(9, row.bags[0]);
            update.bind(10, row.bags[1]);
            update.run();
        }
    }
    db.exec(kSchemaV2Fill);
    db.exec(kSchemaV2Indexes);
}

void migrate_to_3(const Database& db) {
    db.exec(kSchemaV3);
}

void migrate_to_4(const Database& db) {
    db.exec(kSchemaV4);
}

using Migration = void (*)(const Database&);
// kMigrations[v] takes a library from version v to v + 1.
constexpr Migration kMigrations[] = {migrate_to_1, migrate_to_2, migrate_to_3, migrate_to_4};

bool is_busy(int rc) {
    return (rc & 0xff) == SQLITE_BUSY;
}

// Calls `attempt` again while it reports busy and `may_retry` says repeating it is safe, for
// up to kBusyPatienceMs in all. The busy handler has usually waited already; the pause only
// keeps a busy returned at once from spinning.
template <typename Attempt, typename MayRetry>
int retry_while_busy(Attempt attempt, MayRetry may_retry) {
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::milliseconds(kBusyPatienceMs);
    int rc = attempt();
    while (is_busy(rc) && may_retry() && Clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        rc = attempt();
    }
    return rc;
}

// Flushes a file (or folder) to the disk: SQLite does not sync what VACUUM INTO writes.
bool sync_path(const std::string& path, bool folder) {
    int fd = ::open(path.c_str(), folder ? O_RDONLY | O_DIRECTORY : O_RDONLY);
    if (fd < 0) return false;
    bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

// Copies the library, as one consistent snapshot with whatever its WAL holds, to a new file
// beside it before a migration: "library.sqlite.v3.bak", or ".v3.2.bak", ".v3.3.bak"...
// when that is taken, so an earlier copy is never overwritten. Returns the copy's path;
// throws, having removed any part written, when it cannot be made.
std::string write_backup(const Database& db, int version) {
    namespace fs = std::filesystem;
    const std::string stem = db.path() + ".v" + std::to_string(version);
    std::string copy;
    for (int n = 1;; ++n) {
        copy = stem + (n == 1 ? "" : "." + std::to_string(n)) + ".bak";
        std::error_code ec;
        if (fs::symlink_status(copy, ec).type() == fs::file_type::not_found) break;
        if (n >= 1000) {
            db.fail("cannot migrate the library from schema version " + std::to_string(version) +
                    ": no free name for its backup copy beside it (" + copy +
                    "); the library was left as it was");
        }
    }
    auto refuse = [&](const std::string& why) {
        std::error_code ec;
        fs::remove(copy, ec);
        db.fail("cannot migrate the library from schema version " + std::to_string(version) +
                ": its backup copy " + copy + " could not be written (" + why +
                "); the library was left as it was");
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

Database::Database(const std::filesystem::path& path) : path_(path.string()) {
    int rc =
        sqlite3_open_v2(path_.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    if (rc != SQLITE_OK) {
        std::string why = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
        sqlite3_close_v2(db_);
        db_ = nullptr;
        throw FormatError(path_, 0, 0, "cannot open the library: " + why);
    }
}

Database::~Database() {
    sqlite3_close_v2(db_);
}

void Database::exec(const char* sql) const {
    const bool commit = std::string_view(sql) == "COMMIT";
    int rc = retry_while_busy([&] { return sqlite3_exec(db_, sql, nullptr, nullptr, nullptr); },
                              [&] { return commit || sqlite3_get_autocommit(db_) != 0; });
    if (rc != SQLITE_OK) fail(rc);
}

void Database::fail(int rc) const {
    std::string sqlite = sqlite3_errmsg(db_);
    switch (rc & 0xff) {
        case SQLITE_NOTADB:
            fail("not a Spadework library: the file is not a SQLite database");
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
            fail("the library is locked by another program: " + sqlite);
        case SQLITE_CORRUPT:
            fail("damaged library: " + sqlite);
        case SQLITE_READONLY:
        case SQLITE_CANTOPEN:
        case SQLITE_PERM:
            fail("cannot write the library: " + sqlite);
        case SQLITE_FULL:
            fail("the disk is full: " + sqlite);
        default:
            fail("SQLite: " + sqlite);
    }
}

void Database::fail(const std::string& message) const {
    throw FormatError(path_, 0, 0, message);
}

Statement::Statement(const Database& db, std::string_view sql) : db_(db) {
    // Preparing reads the schema, which another program may be holding.
    int rc = retry_while_busy(
        [&] {
            sqlite3_finalize(stmt_);
            stmt_ = nullptr;
            return sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &stmt_,
                                      nullptr);
        },
        [] { return true; });
    if (rc != SQLITE_OK) {
        sqlite3_finalize(stmt_);
        stmt_ = nullptr;
        db.fail(rc);
    }
}

Statement::~Statement() {
    sqlite3_finalize(stmt_);
}

void Statement::bind(int i, std::int64_t value) {
    int rc = sqlite3_bind_int64(stmt_, i, value);
    if (rc != SQLITE_OK) db_.fail(rc);
}

void Statement::bind(int i, double value) {
    int rc = sqlite3_bind_double(stmt_, i, value);
    if (rc != SQLITE_OK) db_.fail(rc);
}

void Statement::bind(int i, std::string_view text) {
    int rc = sqlite3_bind_text64(stmt_, i, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
    if (rc != SQLITE_OK) db_.fail(rc);
}

void Statement::bind_blob(int i, std::string_view bytes) {
    int rc = sqlite3_bind_blob64(stmt_, i, bytes.data(), bytes.size(), SQLITE_TRANSIENT);
    if (rc != SQLITE_OK) db_.fail(rc);
}

void Statement::bind_null(int i) {
    int rc = sqlite3_bind_null(stmt_, i);
    if (rc != SQLITE_OK) db_.fail(rc);
}

bool Statement::step() {
    bool first = true;
    int rc = retry_while_busy(
        [&] {
            if (!first) sqlite3_reset(stmt_);  // the bindings stay
            first = false;
            return sqlite3_step(stmt_);
        },
        [&] { return !started_ && sqlite3_get_autocommit(db_.handle()) != 0; });
    if (rc == SQLITE_ROW) {
        started_ = true;
        return true;
    }
    if (rc == SQLITE_DONE) return false;
    sqlite3_reset(stmt_);
    started_ = false;
    db_.fail(rc);
}

void Statement::run() {
    step();
    reset();
}

void Statement::reset() {
    sqlite3_reset(stmt_);
    started_ = false;
}

bool Statement::is_null(int col) const {
    return sqlite3_column_type(stmt_, col) == SQLITE_NULL;
}

std::int64_t Statement::int64(int col) const {
    return sqlite3_column_int64(stmt_, col);
}

double Statement::real(int col) const {
    return sqlite3_column_double(stmt_, col);
}

std::string Statement::text(int col) const {
    const unsigned char* p = sqlite3_column_text(stmt_, col);
    int n = sqlite3_column_bytes(stmt_, col);
    return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n))
             : std::string();
}

std::string_view Statement::blob(int col) const {
    const void* p = sqlite3_column_blob(stmt_, col);
    int n = sqlite3_column_bytes(stmt_, col);
    return p ? std::string_view(static_cast<const char*>(p), static_cast<std::size_t>(n))
             : std::string_view();
}

Transaction::Transaction(const Database& db) : db_(db) {
    db_.exec("BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
    if (!done_) sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
    db_.exec("COMMIT");
    done_ = true;
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
        } else {
            // After the game's end, or unfinished: what was bid and taken, unscored.
            HandState state = replay_hand(game.rules, hand, static_cast<int>(h));
            std::optional<HandOutcome> outcome = outcome_of(state, hand.claim);
            for (Seat s : kAllSeats) {
                row.bids[index(s)] = state.bid_of(s);
                row.tricks[index(s)] = outcome ? outcome->tricks[index(s)] : state.tricks_taken(s);
            }
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
    {
        // One snapshot for every look: a program creating the library at this moment is
        // seen before or after, never as tables without their version.
        db.exec("BEGIN");
        try {
            version = static_cast<int>(pragma_value(db, "user_version"));
            check_ours(db, version, target);
        } catch (...) {
            sqlite3_exec(db.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
            throw;
        }
        db.exec("COMMIT");
    }
    opened.version = version;
    if (version < target && version >= 1) {
        if (target > static_cast<int>(std::size(kMigrations))) {
            db.fail("this build has no migration to schema version " + std::to_string(target));
        }
        // Before anything is written, even the journal mode: a refusal leaves the file as
        // it was.
        opened.backup = write_backup(db, version);
    }
    // Only now that the file is ours: WAL is a property of the file, kept once set.
    // synchronous=NORMAL is safe with WAL (a crash may lose the last commit, never the file).
    db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL");
    if (version == target) return opened;

    if (target > static_cast<int>(std::size(kMigrations))) {
        db.fail("this build has no migration to schema version " + std::to_string(target));
    }
    Transaction tx(db);
    // Another program may have migrated the file between our look and our lock.
    version = static_cast<int>(pragma_value(db, "user_version"));
    check_ours(db, version, target);
    for (int v = version; v < target; ++v) kMigrations[v](db);
    db.exec(("PRAGMA user_version = " + std::to_string(target)).c_str());
    tx.commit();
    opened.version = target;
    return opened;
}

}  // namespace spadework::formats::detail
