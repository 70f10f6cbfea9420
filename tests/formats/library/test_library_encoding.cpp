// Records written by an older encoding: a game is found by its bytes, and a rule field added
// to the schema changes the bytes of every game. Opened by this build, such a library has its
// records written again, so importing or merging the same game again finds it; games that
// turn out equal are merged into one, with what refers to them.
#include <google/protobuf/descriptor.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "spadework.pb.h"
#include "spadework/formats/error.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "spadework/formats/proto_io.h"
#include "support/raw_db.h"
#include "support/test_games.h"
#include "support/workspace.h"

using namespace spadework;
using namespace spadework::formats;
namespace fs = std::filesystem;
using testing::bytes_of;
using testing::RawDb;
using testing::record_hash;

namespace {

using TempDir = spadework::testing::Workspace;

RecordedGame a_game(std::uint64_t seed) {
    RecordedGame g = testing::first_legal_game(preset("classic"), 2, seed);
    g.event = "Club night " + std::to_string(seed);
    return g;
}

// The bytes an encoder from before the newest rule field wrote: this build's encoding of the
// game without RuleSet's highest-numbered field (blind_bid_factor, field 53, when written).
std::string older_encoding(const RecordedGame& game) {
    namespace gp = ::google::protobuf;
    spadework::v1::Game message;
    const std::string current = encode_game(game);
    REQUIRE(message.ParseFromString(current));
    const gp::Descriptor* rules = spadework::v1::RuleSet::descriptor();
    const gp::FieldDescriptor* newest = rules->field(0);
    for (int i = 1; i < rules->field_count(); ++i) {
        if (rules->field(i)->number() > newest->number()) newest = rules->field(i);
    }
    spadework::v1::RuleSet* written = message.mutable_rules();
    REQUIRE(written->GetReflection()->HasField(*written, newest));
    written->GetReflection()->ClearField(written, newest);
    std::string older;
    REQUIRE(message.SerializeToString(&older));
    REQUIRE(older != current);
    REQUIRE(decode_game(older, "older") == game);  // the preset fills the field in
    return older;
}

// Stores `bytes` as the record of game `id`, with their hash, as an older build did.
void write_record(RawDb& raw, std::int64_t id, const std::string& bytes) {
    raw.exec_with_blob("UPDATE records SET record = ?1 WHERE game = " + std::to_string(id), bytes);
    raw.exec("UPDATE games SET hash = " + std::to_string(record_hash(bytes)) +
             " WHERE id = " + std::to_string(id));
}

std::string record_of(RawDb& raw, std::int64_t id) {
    return raw.one("SELECT record FROM records WHERE game = " + std::to_string(id));
}

// How the library says its records are of another encoding: a library from before the
// library kept it (schema version 5), or one stamped by a build whose schema had a field
// fewer. `backup` ends the name of the copy the open writes first.
struct Older {
    const char* name;
    const char* sql;
    const char* backup;
};
constexpr Older kOlder[] = {
    {"a library of schema version 5",
     "ALTER TABLE hands DROP COLUMN blind_bids; ALTER TABLE games DROP COLUMN score_sheet; "
     "ALTER TABLE hands DROP COLUMN tricks_unknown; DROP TABLE encoding; PRAGMA user_version = 5",
     ".v5.bak"},
    {"a library stamped by an older build",
     "UPDATE encoding SET fingerprint = fingerprint + 1, fields = fields - 1", ".encoding.bak"},
};

// The stamp a library this build made keeps (what a stamp is made of is the library's own
// business: compared, not computed).
std::vector<std::string> current_stamp(const TempDir& dir) {
    const fs::path fresh = dir.file("fresh.sqlite");
    { Library lib(fresh); }
    RawDb raw(fresh);
    return {raw.one("SELECT fingerprint FROM encoding"), raw.one("SELECT fields FROM encoding")};
}

std::vector<std::string> stamp_of(const fs::path& path) {
    RawDb raw(path);
    return {raw.one("SELECT fingerprint FROM encoding"), raw.one("SELECT fields FROM encoding")};
}

}  // namespace

TEST_CASE("records of an older encoding are written again, so the same game is there already",
          "[library][encoding]") {
    for (const Older& older : kOlder) {
        SECTION(older.name) {
            TempDir dir("spadework-encoding");
            const fs::path path = dir.db;
            const RecordedGame game = a_game(1);
            const RecordedGame other = a_game(2);
            { Library(path).import_games({game, other}, "club.pb"); }
            const std::string old_bytes = older_encoding(game);
            {
                RawDb raw(path);
                write_record(raw, 1, old_bytes);
                raw.exec(older.sql);
            }

            Library lib(path);
            CHECK(lib.schema_version() == Library::kSchemaVersion);
            CHECK(lib.migration_backup() == fs::path(path.string() + older.backup));
            RawDb raw(path);
            CHECK(record_of(raw, 1) == encode_game(game));
            CHECK(raw.one("SELECT hash FROM games WHERE id = 1") ==
                  std::to_string(record_hash(encode_game(game))));
            CHECK(stamp_of(path) == current_stamp(dir));
            // The backup holds the library as it was.
            RawDb backup(lib.migration_backup());
            CHECK(record_of(backup, 1) == old_bytes);

            ImportResult again = lib.import_games({game}, "club-again.pb");
            CHECK(again.games_already_there == 1);
            CHECK(again.games_added == 0);
            CHECK(again.ids == std::vector<GameId>{1});
            CHECK(lib.count_games() == 2);
            CHECK(lib.load_game(1) == game);
        }
    }
}

TEST_CASE("the same game from a file is found in a library of an older encoding",
          "[library][encoding]") {
    TempDir dir("spadework-encoding");
    const RecordedGame game = a_game(3);
    const fs::path file = dir.file("night.pb");
    write_game_file(file, {game});
    { Library(dir.db).import_file(file); }
    {
        RawDb raw(dir.db);
        write_record(raw, 1, older_encoding(game));
        raw.exec(kOlder[0].sql);
    }
    Library lib(dir.db);
    ImportResult again = lib.import_file(file);
    CHECK(again.games_already_there == 1);
    CHECK(lib.count_games() == 1);
}

TEST_CASE("games a library holds twice because of the encoding are merged into the first",
          "[library][encoding]") {
    TempDir dir("spadework-encoding");
    const fs::path path = dir.db;
    const RecordedGame game = a_game(4);
    const RecordedGame other = a_game(5);
    {
        Library lib(path);
        lib.import_games({game, other}, "first.pb");
        RawDb raw(path);
        write_record(raw, 1, older_encoding(game));
        // What the bug did: the library not knowing the encoding changed, the same game
        // imported again is stored again.
        CHECK(lib.import_games({game}, "second.pb").ids == std::vector<GameId>{3});
        // Rows that refer to the games, as a store keeps them: notes keyed by game, marks
        // keyed by their note (game and text), comments numbered on their own.
        lib.database().exec(R"sql(
            CREATE TABLE notes (game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                                text TEXT NOT NULL, PRIMARY KEY (game, text)) WITHOUT ROWID;
            CREATE TABLE marks (game INTEGER NOT NULL, text TEXT NOT NULL, mark TEXT NOT NULL,
                                PRIMARY KEY (game, text, mark),
                                FOREIGN KEY (game, text) REFERENCES notes (game, text)
                                ON DELETE CASCADE) WITHOUT ROWID;
            CREATE TABLE comments (id INTEGER PRIMARY KEY,
                                   game INTEGER REFERENCES games (id), body TEXT);
            INSERT INTO notes VALUES (1, 'opening'), (3, 'opening'), (3, 'endgame'), (2, 'other');
            INSERT INTO marks VALUES (1, 'opening', 'kept'), (3, 'opening', 'dropped'),
                                     (3, 'endgame', 'moved'), (2, 'other', 'untouched');
            INSERT INTO comments (game, body) VALUES (3, 'from the second'), (1, 'from the first');
        )sql");
    }
    RawDb(path).exec(kOlder[1].sql);

    Library lib(path);
    CHECK(lib.count_games() == 2);
    std::vector<GameSummary> games = lib.list_games();
    std::set<GameId> ids;
    for (const GameSummary& g : games) ids.insert(g.id);
    CHECK(ids == std::set<GameId>{1, 2});
    CHECK(lib.game_summary(1)->source == "first.pb");
    CHECK(lib.load_game(1) == game);
    HandFilter first;
    first.game = 1;
    CHECK(lib.find_hands(first).size() == game.hands.size());
    CHECK(lib.count_hands() == static_cast<int>(game.hands.size() + other.hands.size()));

    RawDb raw(path);
    CHECK(raw.column("SELECT game || ' ' || text FROM notes ORDER BY game, text") ==
          std::vector<std::string>{"1 endgame", "1 opening", "2 other"});
    // The first game's note on the opening is kept with its mark; the second's, the same
    // note, goes with its mark; the note only the second had moves with its mark.
    CHECK(raw.column("SELECT game || ' ' || text || ' ' || mark FROM marks ORDER BY 1") ==
          std::vector<std::string>{"1 endgame moved", "1 opening kept", "2 other untouched"});
    CHECK(raw.column("SELECT game || ' ' || body FROM comments ORDER BY id") ==
          std::vector<std::string>{"1 from the second", "1 from the first"});
    CHECK(raw.column("PRAGMA foreign_key_check").empty());
    CHECK(raw.one("PRAGMA integrity_check") == "ok");
    CHECK(raw.one("SELECT count(*) FROM players WHERE game = 3") == "0");
    CHECK(raw.one("SELECT count(*) FROM records") == "2");

    CHECK(lib.import_games({game}, "third.pb").ids == std::vector<GameId>{1});
    CHECK(lib.count_games() == 2);
}

TEST_CASE("a library at this build's encoding is not written when opened", "[library][encoding]") {
    TempDir dir("spadework-encoding");
    { Library(dir.db).import_games({a_game(6), a_game(7)}, "club.pb"); }
    const std::string before = bytes_of(dir.db);
    RawDb watcher(dir.db);
    const std::string seen = watcher.one("PRAGMA data_version");
    const std::set<std::string> names = dir.names();  // with the watcher's -wal and -shm
    {
        Library lib(dir.db);
        CHECK(lib.migration_backup().empty());
        CHECK(lib.count_games() == 2);
    }
    // No other connection committed anything, and the file is as it was.
    CHECK(watcher.one("PRAGMA data_version") == seen);
    CHECK(bytes_of(dir.db) == before);
    CHECK(dir.names() == names);
}

TEST_CASE("a library of a newer build's encoding is left as it is until this build adds to it",
          "[library][encoding]") {
    TempDir dir("spadework-encoding");
    const RecordedGame game = a_game(8);
    { Library(dir.db).import_games({game}, "club.pb"); }
    // A newer build wrote the record with a field this build does not know (number 999 of
    // RuleSet), and stamped the library with its schema, which has a field more.
    spadework::v1::Game message;
    REQUIRE(message.ParseFromString(encode_game(game)));
    message.mutable_rules()
        ->GetReflection()
        ->MutableUnknownFields(message.mutable_rules())
        ->AddVarint(999, 1);
    std::string newer;
    REQUIRE(message.SerializeToString(&newer));
    {
        RawDb raw(dir.db);
        write_record(raw, 1, newer);
        raw.exec("UPDATE encoding SET fingerprint = fingerprint + 1, fields = fields + 1");
    }
    const std::vector<std::string> newer_stamp = stamp_of(dir.db);
    RawDb watcher(dir.db);
    const std::string seen = watcher.one("PRAGMA data_version");
    {
        Library lib(dir.db);
        CHECK(lib.migration_backup().empty());
        CHECK(lib.load_game(1) == game);
    }
    CHECK(watcher.one("PRAGMA data_version") == seen);
    CHECK(record_of(watcher, 1) == newer);  // its field kept
    CHECK(stamp_of(dir.db) == newer_stamp);

    // A game this build adds is of this build's encoding: the stamp says so, for the newer
    // build to write it again.
    Library lib(dir.db);
    lib.import_games({a_game(9)}, "more.pb");
    CHECK(stamp_of(dir.db) == current_stamp(dir));
    CHECK(record_of(watcher, 1) == newer);
}

TEST_CASE("a record this build cannot read is kept as it was while the others are written again",
          "[library][encoding]") {
    TempDir dir("spadework-encoding");
    const RecordedGame game = a_game(10);
    { Library(dir.db).import_games({game, a_game(11)}, "club.pb"); }
    const std::string damaged = "\x0a\x05not a game";
    {
        RawDb raw(dir.db);
        write_record(raw, 1, older_encoding(game));
        write_record(raw, 2, damaged);
        raw.exec(kOlder[0].sql);
    }
    Library lib(dir.db);
    CHECK(lib.count_games() == 2);
    RawDb raw(dir.db);
    CHECK(record_of(raw, 1) == encode_game(game));
    CHECK(record_of(raw, 2) == damaged);
    CHECK(raw.one("SELECT hash FROM games WHERE id = 2") == std::to_string(record_hash(damaged)));
    CHECK_THROWS_AS(lib.load_game(2), FormatError);
}

TEST_CASE("a merge finds the same game in libraries of an older encoding", "[library][encoding]") {
    TempDir dir("spadework-encoding");
    const RecordedGame game = a_game(12);
    const RecordedGame other = a_game(13);
    const fs::path old_lib = dir.file("old.sqlite");
    const fs::path new_lib = dir.file("new.sqlite");
    { Library(old_lib).import_games({game}, "old.pb"); }
    {
        RawDb raw(old_lib);
        write_record(raw, 1, older_encoding(game));
        raw.exec(kOlder[0].sql);
    }
    { Library(new_lib).import_games({other, game}, "new.pb"); }

    SECTION("the older one merged into the newer") {
        MergeResult m = merge_libraries({old_lib}, new_lib);
        CHECK(m.games_already_there == 1);
        CHECK(m.games_added == 0);
        CHECK(m.ids == std::vector<GameId>{2});
        CHECK(Library(new_lib).count_games() == 2);
    }
    SECTION("the newer one merged into the older") {
        MergeResult m = merge_libraries({new_lib}, old_lib);
        CHECK(m.games_added == 1);
        CHECK(m.games_already_there == 1);
        CHECK(m.ids == std::vector<GameId>{2, 1});
        Library merged(old_lib);
        CHECK(merged.count_games() == 2);
        CHECK(merged.load_game(1) == game);
    }
}

TEST_CASE("a library of an earlier release finds its games again in a file of that release",
          "[library][encoding]") {
    // tests/data/library-v4.sqlite: `spadework import samples/` by a release whose RuleSet
    // ended at field 31.
    TempDir dir("spadework-encoding");
    fs::copy_file(fs::path(SPADEWORK_TEST_DATA) / "library-v4.sqlite", dir.db);
    Library lib(dir.db);
    REQUIRE(lib.migration_backup() == fs::path(dir.db + ".v4.bak"));
    RawDb backup(lib.migration_backup());
    const std::vector<std::string> old_records =
        backup.column("SELECT record FROM records ORDER BY game");
    REQUIRE(old_records.size() == 5);
    // The same games as a .pb file that release wrote: each record after its length.
    std::string stream;
    for (const std::string& record : old_records) {
        REQUIRE(encode_game(decode_game(record, "fixture")) != record);  // an older encoding
        for (std::size_t n = record.size();; n >>= 7) {
            stream += static_cast<char>((n & 0x7f) | (n >= 0x80 ? 0x80 : 0));
            if (n < 0x80) break;
        }
        stream += record;
    }
    const fs::path file = dir.file("samples-then.pb");
    std::ofstream(file, std::ios::binary) << stream;

    ImportResult again = lib.import_file(file);
    CHECK(again.games_already_there == 5);
    CHECK(again.games_added == 0);
    CHECK(again.ids == std::vector<GameId>{1, 2, 3, 4, 5});
    CHECK(lib.count_games() == 5);
}
