// Merging libraries: the games of one library (or of a part of it) copied into another with
// everything stored of them, matched by content so that nothing is stored twice.
//
// Each source is read through a connection of its own, inside one read transaction (a
// snapshot, whatever other programs write meanwhile); the target is written in one
// transaction for all the sources. Two connections rather than ATTACH: SQLite attaches at
// most 10 databases and never inside a transaction, and a merge of 100 shards must still be
// all or nothing. Rows are copied column by column as PRAGMA table_info declares them, so a
// column added to the schema is merged without a change here.
#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "library_schema.h"
#include "spadework/formats/error.h"
#include "spadework/formats/library.h"

namespace spadework::formats {

namespace {

namespace fs = std::filesystem;

// As Library sets it: how long SQLite itself waits for another writer, per call.
constexpr int kBusyTimeoutMs = 5000;

// What a row that is there already does: fail (it cannot be, the key is new), be skipped
// (the table's key says it is the same row: a review of a game under a settings key), or be
// skipped when a row with the same value in every column is there (lesson answers, whose
// key is a number of their own). A store's tables say which (StoreTable::match).
enum class Conflict { Fail, Ignore, Distinct };

// How the rows of one table are copied.
struct CopySpec {
    const char* table;
    // The column that names the game: only the rows of the game being merged are copied,
    // with the target's id of the game in it. nullptr: every row of the table.
    const char* game;
    // The table's own INTEGER PRIMARY KEY, left out so that the target numbers the row.
    const char* renumbered;
    Conflict conflict;
};

constexpr CopySpec kGameRow{"games", "id", "id", Conflict::Fail};
constexpr CopySpec kGameParts[] = {{"records", "game", nullptr, Conflict::Fail},
                                   {"players", "game", nullptr, Conflict::Fail},
                                   {"hands", "game", nullptr, Conflict::Fail}};

CopySpec copy_spec(const StoreTable& table) {
    return {table.name, table.game_column, table.own_id,
            table.match == StoreTable::Match::Key ? Conflict::Ignore : Conflict::Distinct};
}

// A connection of our own to a library a Library has opened (checked, migrated).
std::unique_ptr<Database> connect(const fs::path& path) {
    auto db = std::make_unique<Database>(path);
    sqlite3_busy_timeout(detail::handle(*db), kBusyTimeoutMs);
    db->exec("PRAGMA foreign_keys = ON");
    return db;
}

struct Column {
    std::string name;
    std::string type;  // as declared, upper case: INTEGER, TEXT, BLOB, REAL
    bool operator==(const Column&) const = default;
};

std::vector<Column> columns_of(const Database& db, const char* table) {
    Statement st(db, "SELECT name, upper(type) FROM pragma_table_info(?1) ORDER BY cid");
    st.bind(1, table);
    std::vector<Column> out;
    while (st.step()) out.push_back({st.text(0), st.text(1)});
    return out;
}

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : std::string(separator)) + p;
    return out;
}

// Copies rows of one table from a source library to the target. The statements are
// prepared once per source and used for every game.
class RowCopier {
  public:
    RowCopier(const Database& src, const Database& dst, const CopySpec& spec)
        : spec_(spec),
          dst_(dst),
          columns_(checked_columns(src, dst, spec)),
          select_(src, select_sql()),
          insert_(dst, insert_sql()) {}

    struct Copied {
        int read = 0;
        int added = 0;
    };

    // Copies the rows of source game `from` (every row when the spec names no game column),
    // with `to` in their game column.
    Copied copy(GameId from = 0, GameId to = 0) {
        Copied n;
        if (spec_.game) select_.bind(1, from);
        while (select_.step()) {
            ++n.read;
            int param = 0;
            for (std::size_t c = 0; c < columns_.size(); ++c) {
                const Column& col = columns_[c];
                if (spec_.renumbered && col.name == spec_.renumbered) continue;
                ++param;
                if (spec_.game && col.name == spec_.game) {
                    insert_.bind(param, to);
                } else {
                    bind_value(param, static_cast<int>(c), col);
                }
            }
            insert_.run();
            n.added += dst_.changes();
        }
        select_.reset();
        return n;
    }

  private:
    // The target's columns; the source's must be the same (both are at this build's schema
    // version once a Library has opened them).
    static std::vector<Column> checked_columns(const Database& src, const Database& dst,
                                               const CopySpec& spec) {
        std::vector<Column> target = columns_of(dst, spec.table);
        if (target.empty()) dst.fail(std::string("damaged library: no table ") + spec.table);
        if (columns_of(src, spec.table) != target) {
            src.fail(std::string("its table ") + spec.table +
                     " is not the one this Spadework has; it cannot be merged");
        }
        return target;
    }

    std::vector<std::string> names(bool with_renumbered) const {
        std::vector<std::string> out;
        for (const Column& c : columns_) {
            if (with_renumbered || !spec_.renumbered || c.name != spec_.renumbered) {
                out.push_back('"' + c.name + '"');
            }
        }
        return out;
    }

    std::string select_sql() const {
        std::string sql = "SELECT " + join(names(true), ", ") + " FROM " + spec_.table;
        if (spec_.game) sql += std::string(" WHERE \"") + spec_.game + "\" = ?1";
        if (spec_.renumbered) sql += std::string(" ORDER BY \"") + spec_.renumbered + '"';
        return sql;
    }

    std::string insert_sql() const {
        std::vector<std::string> cols = names(false);
        std::vector<std::string> params;
        std::vector<std::string> same;
        for (std::size_t i = 0; i < cols.size(); ++i) {
            params.push_back("?" + std::to_string(i + 1));
            same.push_back(cols[i] + " IS " + params.back());
        }
        std::string into = std::string(spec_.table) + " (" + join(cols, ", ") + ")";
        switch (spec_.conflict) {
            case Conflict::Fail:
                return "INSERT INTO " + into + " VALUES (" + join(params, ", ") + ")";
            case Conflict::Ignore:
                return "INSERT OR IGNORE INTO " + into + " VALUES (" + join(params, ", ") + ")";
            case Conflict::Distinct:
                break;
        }
        return "INSERT INTO " + into + " SELECT " + join(params, ", ") +
               " WHERE NOT EXISTS (SELECT 1 FROM " + spec_.table + " WHERE " + join(same, " AND ") +
               ")";
    }

    void bind_value(int param, int c, const Column& col) {
        if (select_.is_null(c)) {
            insert_.bind_null(param);
        } else if (col.type == "INTEGER") {
            insert_.bind(param, select_.int64(c));
        } else if (col.type == "REAL") {
            insert_.bind(param, select_.real(c));
        } else if (col.type == "TEXT") {
            insert_.bind(param, select_.text(c));
        } else if (col.type == "BLOB") {
            insert_.bind_blob(param, select_.blob(c));
        } else {
            dst_.fail("cannot merge the column " + col.name + " of " + spec_.table + " (type '" +
                      col.type + "')");
        }
    }

    CopySpec spec_;
    const Database& dst_;
    std::vector<Column> columns_;
    Statement select_;
    Statement insert_;
};

// A read transaction on a source: every read sees the library as it was when it began.
class ReadSnapshot {
  public:
    explicit ReadSnapshot(const Database& db) : db_(db) { db_.exec("BEGIN"); }
    ~ReadSnapshot() { sqlite3_exec(detail::handle(db_), "ROLLBACK", nullptr, nullptr, nullptr); }
    ReadSnapshot(const ReadSnapshot&) = delete;
    ReadSnapshot& operator=(const ReadSnapshot&) = delete;

  private:
    const Database& db_;
};

// Merges `part` of one source into the target, inside the caller's transaction.
void merge_source(const Database& dst, const fs::path& path, const LibraryPart& part,
                  const std::vector<StoreSchema>& stores, MergeResult& result) {
    std::unique_ptr<Database> src_db = connect(path);
    const Database& src = *src_db;
    ReadSnapshot snapshot(src);
    RowCopier game_row(src, dst, kGameRow);
    std::vector<std::unique_ptr<RowCopier>> game_parts;
    for (const CopySpec& spec : kGameParts) {
        game_parts.push_back(std::make_unique<RowCopier>(src, dst, spec));
    }
    // The stores' tables of rows that follow a game, and those of the whole library, with
    // the index in result.stores of the store whose count each one adds to (its first table).
    std::vector<std::pair<std::unique_ptr<RowCopier>, std::optional<std::size_t>>> per_game;
    std::vector<std::pair<std::unique_ptr<RowCopier>, std::optional<std::size_t>>> whole;
    for (std::size_t i = 0; i < stores.size(); ++i) {
        for (std::size_t t = 0; t < stores[i].tables.size(); ++t) {
            const StoreTable& table = stores[i].tables[t];
            if (!table.game_column && !part.whole()) continue;
            auto copier = std::make_unique<RowCopier>(src, dst, copy_spec(table));
            std::optional<std::size_t> counted;
            if (t == 0) counted = i;
            (table.game_column ? per_game : whole).emplace_back(std::move(copier), counted);
        }
    }
    auto add = [&](const RowCopier::Copied& n, std::optional<std::size_t> counted) {
        if (!counted) return;
        result.stores[*counted].added += n.added;
        result.stores[*counted].already_there += n.read - n.added;
    };

    Statement games(src,
                    "SELECT g.id, g.hash, r.record FROM games g JOIN records r ON r.game = g.id "
                    "WHERE g.id % ?2 = ?1 ORDER BY g.id");
    games.bind(1, part.index);
    games.bind(2, part.count);
    // The content key import uses: the hash of the record's bytes, then the bytes.
    Statement find(dst,
                   "SELECT g.id FROM games g JOIN records r ON r.game = g.id "
                   "WHERE g.hash = ?1 AND r.record = ?2");
    while (games.step()) {
        const GameId from = games.int64(0);
        const std::string_view record = games.blob(2);
        const auto hash = static_cast<std::int64_t>(detail::fnv1a_64(record));
        if (hash != games.int64(1)) {
            src.fail("damaged library: the hash of game " + std::to_string(from) +
                     " does not match its record");
        }
        find.bind(1, hash);
        find.bind_blob(2, record);
        std::optional<GameId> to;
        if (find.step()) to = find.int64(0);
        find.reset();
        if (to) {
            ++result.games_already_there;
        } else {
            game_row.copy(from);
            to = dst.last_insert_id();
            for (auto& rows : game_parts) rows->copy(from, *to);
            ++result.games_added;
        }
        for (auto& [rows, counted] : per_game) add(rows->copy(from, *to), counted);
        result.ids.push_back(*to);
    }
    for (auto& [rows, counted] : whole) add(rows->copy(), counted);
}

// Refuses, before anything is written, a source that is missing, is the target, or is not
// a library this build reads (Library's own checks, which name the file). Its stores are
// opened, so that their tables are there to be read at this build's version.
void check_source(const fs::path& source, const fs::path& into,
                  const std::vector<StoreSchema>& stores) {
    std::error_code ec;
    if (!fs::is_regular_file(source, ec)) {
        throw FormatError(
            source.string(), 0, 0,
            fs::exists(source, ec) ? "not a library: not a regular file" : "no such library");
    }
    if (fs::exists(into, ec) && fs::equivalent(source, into, ec)) {
        throw FormatError(
            source.string(), 0, 0,
            "it is the library merged into (--into): a library cannot be merged into itself");
    }
    Library check(source);
    for (const StoreSchema& store : stores) check.open_store(store);
}

}  // namespace

StoreMerged MergeResult::store(const std::string& name) const {
    for (const StoreMerged& s : stores) {
        if (s.store == name) return s;
    }
    return {name, 0, 0};
}

MergeResult merge_libraries(const std::vector<fs::path>& sources, const fs::path& into,
                            const LibraryPart& part, const std::vector<StoreSchema>& stores) {
    if (part.count < 1 || part.index < 0 || part.index >= part.count) {
        throw Error("part " + std::to_string(part.index) + " of " + std::to_string(part.count) +
                    ": there are parts 0 to count - 1");
    }
    // Step 1. Every source checked before the target is touched.
    for (const fs::path& source : sources) check_source(source, into, stores);
    // Step 2. The target, created or migrated as any open does, then written in one
    // transaction: every source merged, or nothing.
    {
        Library target(into);
        for (const StoreSchema& store : stores) target.open_store(store);
    }
    std::unique_ptr<Database> dst = connect(into);
    MergeResult result;
    for (const StoreSchema& store : stores) result.stores.push_back({store.name, 0, 0});
    Transaction tx(*dst);
    detail::note_encoding(*dst);
    for (const fs::path& source : sources) merge_source(*dst, source, part, stores, result);
    tx.commit();
    return result;
}

}  // namespace spadework::formats
