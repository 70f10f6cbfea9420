// The storage layer under Library: a small RAII wrapper over the SQLite C API, the schema
// versions with their migrations, and the index rows a game is stored with. Private to
// formats/: SQLite types stay out of the public headers.
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

namespace spadework::formats::detail {

// How long one call keeps trying while other programs hold the library. The busy timeout
// (Library sets it) waits inside SQLite; the retries around it cover what it does not: a
// writer holding the lock for longer (a large import), and a busy that SQLite reports
// without waiting (another process recovering or checkpointing the WAL).
inline constexpr int kBusyPatienceMs = 60000;

// An open connection. Every failure becomes a FormatError naming the library's path, with
// SQLite's own words after ours ("the library is locked by another program: ...").
class Database {
  public:
    explicit Database(const std::filesystem::path& path);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    sqlite3* handle() const { return db_; }
    const std::string& path() const { return path_; }
    // Runs one or more statements that return no rows we need; tried again while the
    // library is busy, when that is safe (outside a transaction, or a COMMIT).
    void exec(const char* sql) const;
    [[noreturn]] void fail(int rc) const;
    [[noreturn]] void fail(const std::string& message) const;

  private:
    sqlite3* db_ = nullptr;
    std::string path_;
};

// A prepared statement, reused across rows with reset(). Parameters and columns are 1-based
// and 0-based as in SQLite. Text is copied when bound, so temporaries are safe.
class Statement {
  public:
    Statement(const Database& db, std::string_view sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    void bind(int i, std::int64_t value);
    void bind(int i, int value) { bind(i, static_cast<std::int64_t>(value)); }
    void bind(int i, bool value) { bind(i, static_cast<std::int64_t>(value ? 1 : 0)); }
    void bind(int i, double value);
    void bind(int i, std::string_view text);
    void bind(int i, const char* text) { bind(i, std::string_view(text)); }
    void bind_blob(int i, std::string_view bytes);
    void bind_null(int i);
    template <typename T>
    void bind(int i, const std::optional<T>& value) {
        if (value) {
            bind(i, *value);
        } else {
            bind_null(i);
        }
    }

    // Steps once: true while a row is there. A busy library is waited for (up to
    // kBusyPatienceMs) before the first row, outside a transaction: nothing is repeated.
    bool step();
    // Steps a statement that returns no row, then resets it for the next use.
    void run();
    void reset();

    bool is_null(int col) const;
    std::int64_t int64(int col) const;
    int integer(int col) const { return static_cast<int>(int64(col)); }
    double real(int col) const;
    std::string text(int col) const;
    std::string_view blob(int col) const;  // valid until the next step or reset

  private:
    const Database& db_;
    sqlite3_stmt* stmt_ = nullptr;
    bool started_ = false;  // a row was returned since the last reset
};

// BEGIN IMMEDIATE ... COMMIT: the write lock is taken up front, so a second writer waits
// (busy_timeout) instead of failing halfway. Rolled back unless committed.
class Transaction {
  public:
    explicit Transaction(const Database& db);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

  private:
    const Database& db_;
    bool done_ = false;
};

// 64-bit FNV-1a: the content key of a stored game (its encode_game bytes). A hit is
// confirmed by comparing the stored bytes, so a collision only costs a comparison.
std::uint64_t fnv1a_64(std::string_view bytes);

// What the index tables hold of one hand, under the game's own rules. Hands the rules did
// not score (after the game's end, or an unfinished last hand) have no score.
struct HandRow {
    Seat dealer = Seat::North;
    std::array<std::optional<Bid>, 4> bids;  // per seat; none when the bidding stopped early
    std::array<int, 4> tricks{};             // per seat, claim included
    bool scored = false;
    std::array<int, 2> points{};  // per team, this hand
    std::array<int, 2> score{};   // per team, after the hand
    std::array<bool, 2> set{};
    std::array<int, 2> bag_penalties{};
    std::array<int, 2> bags{};  // bags the team took this hand
    bool nil = false;           // a nil or blind nil bid at any seat
    bool blind_nil = false;
};

struct GameRows {
    std::array<int, 2> final_score{};
    std::optional<Team> winner;
    std::vector<HandRow> hands;                   // one per recorded hand
    std::vector<RecordedIrregularity> irregular;  // what check_game flagged
};

// Checks the game (check_game) and scores it with score_game under its own rules. Throws
// RecordError for an illegal record.
GameRows index_rows(const RecordedGame& game);

// "PRAGMA application_id": 'SPDW', so a SQLite file of another program is told apart.
inline constexpr std::int32_t kApplicationId = 0x53504457;

// What open_schema did.
struct SchemaOpened {
    int version = 0;     // the version now
    std::string backup;  // the copy written before a migration; empty when none
};

// Checks that the file is a Spadework library (or empty) of a version we read, then runs
// the migrations from its version up to `target` in one transaction. An older library is
// first copied beside itself ("library.sqlite.v3.bak", or ".v3.2.bak" when that is taken);
// when the copy cannot be written, nothing is migrated and the file is left as it was.
SchemaOpened open_schema(const Database& db, int target);

}  // namespace spadework::formats::detail
