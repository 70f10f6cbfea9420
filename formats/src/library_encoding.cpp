// The encoding of a library's records. A game is stored once, keyed by its encoded bytes;
// when the encoding changes (a rule field added to the schema), the same game encodes to
// other bytes and would be stored twice. So the library keeps the encoding its records were
// written with, and a build with another one writes them all again when it opens it.
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "library_schema.h"
#include "spadework/formats/error.h"
#include "spadework/formats/proto_io.h"

namespace spadework::formats::detail {
namespace {

using GameId = std::int64_t;

std::string quoted(const std::string& name) {
    std::string out = "\"";
    for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + '"';
}

std::optional<EncodingStamp> stored_encoding(const Database& db) {
    Statement st(db, "SELECT fingerprint, fields FROM encoding WHERE one = 1");
    if (!st.step()) return std::nullopt;
    return EncodingStamp{st.int64(0), st.integer(1)};
}

void write_encoding(const Database& db) {
    Statement st(db,
                 "INSERT OR REPLACE INTO encoding (one, fingerprint, fields) VALUES (1, ?1, ?2)");
    st.bind(1, current_encoding().fingerprint);
    st.bind(2, current_encoding().fields);
    st.run();
}

// A foreign key: `table` (key columns `from`) refers to `parent` (columns `to`).
struct ForeignKey {
    std::string table;
    std::string parent;
    std::vector<std::pair<std::string, std::string>> columns;  // from, to
};

std::vector<std::string> primary_key(const Database& db, const std::string& table) {
    Statement st(db, "SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk");
    st.bind(1, table);
    std::vector<std::string> out;
    while (st.step()) out.push_back(st.text(0));
    return out;
}

std::vector<ForeignKey> foreign_keys(const Database& db) {
    std::vector<ForeignKey> out;
    for (const std::string& table : table_names(db)) {
        Statement st(db,
                     "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?1) "
                     "ORDER BY id, seq");
        st.bind(1, table);
        std::int64_t id = -1;
        std::vector<std::string> parent_key;
        while (st.step()) {
            if (st.int64(0) != id) {
                id = st.int64(0);
                out.push_back({table, st.text(1), {}});
                parent_key = primary_key(db, out.back().parent);
            }
            ForeignKey& fk = out.back();
            // No column named: the parent's primary key, column for column.
            std::string to = st.is_null(3) ? "" : st.text(3);
            if (to.empty() && fk.columns.size() < parent_key.size())
                to = parent_key[fk.columns.size()];
            fk.columns.emplace_back(st.text(2), to);
        }
    }
    return out;
}

// A column that holds a game's id: one whose foreign key refers to games (id), or one whose
// key of several columns refers to such a column of another table (a review's seats name
// their review by game and settings key). Found in the schema, so that the tables of the
// stores, which formats/ does not know, are found as its own are.
struct GameColumn {
    std::string table;
    std::string column;
    const ForeignKey* via = nullptr;  // the key to a table other than games, if that is how
};

// Each table is listed after the tables its game columns refer to.
std::vector<GameColumn> game_columns(const std::vector<ForeignKey>& keys) {
    std::vector<GameColumn> out;
    auto known = [&](const std::string& table, const std::string& column) {
        if (table == "games") return column == "id";
        return std::any_of(out.begin(), out.end(), [&](const GameColumn& c) {
            return c.table == table && c.column == column;
        });
    };
    for (bool grew = true; grew;) {
        grew = false;
        for (const ForeignKey& fk : keys) {
            for (const auto& [from, to] : fk.columns) {
                if (!known(fk.parent, to) || known(fk.table, from)) continue;
                out.push_back({fk.table, from, fk.parent == "games" ? nullptr : &fk});
                grew = true;
            }
        }
    }
    return out;
}

// Merges game `gone` into `kept`, its equal: each row that refers to `gone` moves to `kept`,
// unless `kept` has a row with the same key, which stays as it is (as a merge of libraries
// keeps the target's); then `gone` and the rows left with it are deleted. A row that refers
// to another table's row of the game moves only when that row moved.
void merge_into(const Database& db, const std::vector<GameColumn>& columns, GameId gone,
                GameId kept) {
    for (const GameColumn& c : columns) {
        std::string table = quoted(c.table);
        std::string column = table + "." + quoted(c.column);
        std::string sql = "UPDATE OR IGNORE " + table + " SET " + quoted(c.column) +
                          " = ?2 WHERE " + column + " = ?1";
        if (c.via) {
            std::string same;
            for (const auto& [from, to] : c.via->columns) {
                same += (same.empty() ? "" : " AND ") + std::string("p.") + quoted(to) + " = " +
                        table + "." + quoted(from);
            }
            sql += " AND NOT EXISTS (SELECT 1 FROM " + quoted(c.via->parent) + " p WHERE " + same +
                   ")";
        }
        Statement move(db, sql);
        move.bind(1, gone);
        move.bind(2, kept);
        move.run();
    }
    for (auto c = columns.rbegin(); c != columns.rend(); ++c) {
        Statement left(db,
                       "DELETE FROM " + quoted(c->table) + " WHERE " + quoted(c->column) + " = ?1");
        left.bind(1, gone);
        left.run();
    }
    Statement game(db, "DELETE FROM games WHERE id = ?1");
    game.bind(1, gone);
    game.run();
}

// Each game whose record equals that of a game with a lower id, with the lowest such id.
std::vector<std::pair<GameId, GameId>> duplicates(const Database& db) {
    Statement st(db,
                 "SELECT a.id, min(b.id) FROM games a JOIN records ra ON ra.game = a.id "
                 "JOIN games b ON b.hash = a.hash AND b.id < a.id "
                 "JOIN records rb ON rb.game = b.id AND rb.record = ra.record "
                 "GROUP BY a.id ORDER BY a.id");
    std::vector<std::pair<GameId, GameId>> out;
    while (st.step()) out.emplace_back(st.int64(0), st.int64(1));
    return out;
}

}  // namespace

const EncodingStamp& current_encoding() {
    static const EncodingStamp stamp = [] {
        GameEncoding encoding = game_encoding();
        return EncodingStamp{static_cast<std::int64_t>(fnv1a_64(encoding.layout)), encoding.fields};
    }();
    return stamp;
}

bool encoding_stale(const Database& db, int version) {
    if (version < kEncodingSchema) return true;
    std::optional<EncodingStamp> stored = stored_encoding(db);
    if (!stored) return true;
    // A newer schema's records hold fields this build does not know: written again here,
    // they would lose them.
    return *stored != current_encoding() && stored->fields <= current_encoding().fields;
}

Reencoded reencode_records(const Database& db) {
    Reencoded n;
    // The ids first: rows are not rewritten under a statement that is reading them.
    std::vector<GameId> ids;
    {
        Statement all(db, "SELECT game FROM records ORDER BY game");
        while (all.step()) ids.push_back(all.int64(0));
    }
    Statement read(db, "SELECT record FROM records WHERE game = ?1");
    Statement write(db, "UPDATE records SET record = ?2 WHERE game = ?1");
    Statement rehash(db, "UPDATE games SET hash = ?2 WHERE id = ?1");
    for (GameId id : ids) {
        read.bind(1, id);
        if (!read.step()) continue;
        const std::string before(read.blob(0));
        read.reset();
        std::string after;
        try {
            after = encode_game(decode_game(before, db.path()));
        } catch (const Error&) {
            // Not a game this build reads (load_game refuses it too): kept as it was, as the
            // library cannot be opened otherwise.
            ++n.unreadable;
            continue;
        }
        if (after == before) continue;
        write.bind(1, id);
        write.bind_blob(2, after);
        write.run();
        rehash.bind(1, id);
        rehash.bind(2, static_cast<std::int64_t>(fnv1a_64(after)));
        rehash.run();
        ++n.rewritten;
    }

    std::vector<std::pair<GameId, GameId>> equal = duplicates(db);
    if (!equal.empty()) {
        // Rows move from one game to the other table by table: the keys between the tables
        // hold again once all have moved, which the commit checks.
        db.exec("PRAGMA defer_foreign_keys = ON");
        std::vector<ForeignKey> keys = foreign_keys(db);
        std::vector<GameColumn> columns = game_columns(keys);
        for (const auto& [gone, kept] : equal) merge_into(db, columns, gone, kept);
        n.merged = static_cast<int>(equal.size());
    }
    write_encoding(db);
    return n;
}

void note_encoding(const Database& db) {
    if (stored_encoding(db) != current_encoding()) write_encoding(db);
}

}  // namespace spadework::formats::detail
