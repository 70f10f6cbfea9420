// A library file as another program (or an older Spadework) sees it: SQLite itself, for the
// tests that write old or damaged libraries and look at what a Library (or a killed import)
// left in them.
#pragma once

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

namespace spadework::testing {

// What schema version 8 added (blind trick bids), taken away: with it, a library of this
// build stands for one of version 7.
inline constexpr const char* kWithoutVersion8 = "ALTER TABLE hands DROP COLUMN blind_bids; ";
// What versions 7 (score sheets) and 8 added, taken away: a library of an earlier version.
inline constexpr const char* kWithoutVersion7 =
    "ALTER TABLE hands DROP COLUMN blind_bids; "
    "ALTER TABLE games DROP COLUMN score_sheet; ALTER TABLE hands DROP COLUMN tricks_unknown; ";

struct RawDb {
    sqlite3* db = nullptr;
    // Created when missing, unless `flags` say otherwise (SQLITE_OPEN_READWRITE alone: a file
    // that must be there, opened as the next program after a kill would, to recover its WAL).
    explicit RawDb(const std::filesystem::path& path,
                   int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) {
        REQUIRE(sqlite3_open_v2(path.c_str(), &db, flags, nullptr) == SQLITE_OK);
    }
    ~RawDb() { sqlite3_close(db); }
    RawDb(const RawDb&) = delete;
    RawDb& operator=(const RawDb&) = delete;
    void exec(const std::string& sql) {
        char* error = nullptr;
        int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
        INFO(sql << ": " << (error ? error : ""));
        sqlite3_free(error);
        REQUIRE(rc == SQLITE_OK);
    }
    // The first column of every row, as text.
    std::vector<std::string> column(const std::string& sql) {
        sqlite3_stmt* st = nullptr;
        REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK);
        std::vector<std::string> out;
        int rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            auto* text = sqlite3_column_blob(st, 0);
            out.emplace_back(text ? static_cast<const char*>(text) : "",
                             static_cast<std::size_t>(sqlite3_column_bytes(st, 0)));
        }
        sqlite3_finalize(st);
        REQUIRE(rc == SQLITE_DONE);
        return out;
    }
    // Runs one statement with integer and text parameters (?1, ?2, ...; text bound as a
    // blob); returns every row's columns as text, NULL as "NULL".
    std::vector<std::vector<std::string>> query(
        const std::string& sql,
        const std::vector<std::variant<std::int64_t, std::string>>& args = {}) {
        sqlite3_stmt* st = nullptr;
        INFO(sql << ": " << sqlite3_errmsg(db));
        REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK);
        for (std::size_t i = 0; i < args.size(); ++i) {
            const int at = static_cast<int>(i) + 1;
            if (auto* n = std::get_if<std::int64_t>(&args[i])) {
                sqlite3_bind_int64(st, at, *n);
            } else {
                const std::string& text = std::get<std::string>(args[i]);
                sqlite3_bind_blob(st, at, text.data(), static_cast<int>(text.size()),
                                  SQLITE_TRANSIENT);
            }
        }
        std::vector<std::vector<std::string>> rows;
        int rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            std::vector<std::string> row;
            for (int c = 0; c < sqlite3_column_count(st); ++c) {
                auto* text = sqlite3_column_text(st, c);
                row.push_back(text ? reinterpret_cast<const char*>(text) : "NULL");
            }
            rows.push_back(std::move(row));
        }
        sqlite3_finalize(st);
        REQUIRE(rc == SQLITE_DONE);
        return rows;
    }
    std::string one(const std::string& sql) {
        auto rows = column(sql);
        REQUIRE(rows.size() == 1);
        return rows[0];
    }
    // Runs `sql` with `bytes` bound to ?1 as a blob.
    void exec_with_blob(const std::string& sql, const std::string& bytes) {
        sqlite3_stmt* st = nullptr;
        REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK);
        sqlite3_bind_blob(st, 1, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
        int rc = sqlite3_step(st);
        sqlite3_finalize(st);
        INFO(sql);
        REQUIRE(rc == SQLITE_DONE);
    }
};

inline std::string bytes_of(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The content key a library stores a record under: 64-bit FNV-1a of its bytes, as SQLite's
// signed integer.
inline std::int64_t record_hash(const std::string& bytes) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ull;
    return static_cast<std::int64_t>(h);
}

}  // namespace spadework::testing
