// The SQLite layer under the game library, for the library's owners: a connection, prepared
// statements, transactions, and the stores other layers keep in the library (their own
// tables, their own migrations, and how a merge copies them). SQLite's own types stay inside
// formats/: a caller sees these classes only.
//
// A store is registered by its owner each time it opens the library (Library::open_store):
// its tables are created or migrated then, to the version its schema describes. The analyzer
// keeps its reviews and lesson answers this way (spadework/analyzer/library_stores.h).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spadework::formats {

namespace detail {
struct Connection;  // the sqlite3 handle, private to formats/
struct Prepared;    // the sqlite3_stmt handle
}  // namespace detail

// An open connection. Every failure becomes a FormatError naming the library's path, with
// SQLite's own words after ours ("the library is locked by another program: ...").
class Database {
  public:
    explicit Database(const std::filesystem::path& path);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    const std::string& path() const { return path_; }
    // Runs one or more statements that return no rows we need; tried again while the
    // library is busy, when that is safe (outside a transaction, or a COMMIT).
    void exec(const char* sql) const;
    // The rowid of the last row inserted through this connection.
    std::int64_t last_insert_id() const;
    // The rows the last INSERT, UPDATE or DELETE changed.
    int changes() const;
    [[noreturn]] void fail(const std::string& message) const;

    detail::Connection& connection() const { return *connection_; }

  private:
    std::unique_ptr<detail::Connection> connection_;
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

    // Steps once: true while a row is there. A busy library is waited for before the first
    // row, outside a transaction: nothing is repeated.
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
    std::unique_ptr<detail::Prepared> prepared_;
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

// How merge_libraries copies one table of a store into another library.
struct StoreTable {
    const char* name;
    // The column that names the game a row belongs to: the row follows its game, with the
    // target's id of the game in that column, whichever part of the library is merged.
    // nullptr: a table of the whole library, merged only when whole libraries are.
    const char* game_column = nullptr;
    // The table's own INTEGER PRIMARY KEY, left out of the copy so that the target numbers
    // the row; nullptr when the table has none.
    const char* own_id = nullptr;
    // Which rows are there already: one with the same primary key (the target's is kept),
    // or one equal in every column but own_id.
    enum class Match { Key, Content } match = Match::Key;
};

// The tables an owner keeps in the library. `migrations[v]` is the SQL that takes the store
// from version v to v + 1, so the store's version is migrations.size(); a store's version is
// kept in the library's `stores` table, apart from the games' own (PRAGMA user_version).
// Adding a table to a store is one migration and one StoreTable.
struct StoreSchema {
    std::string name;  // unique among the stores: "reviews"
    std::vector<const char*> migrations;
    // In the order a merge copies them: a table before the tables whose keys refer to it.
    // A merge counts the rows of the first table.
    std::vector<StoreTable> tables;
    int version() const { return static_cast<int>(migrations.size()); }
};

}  // namespace spadework::formats
