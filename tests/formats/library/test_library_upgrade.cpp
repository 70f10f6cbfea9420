// Opening a library of another schema version: an older one is copied beside itself before it
// is migrated, never over an earlier copy, and not migrated at all when the copy cannot be
// written; a newer one is refused and left byte for byte as it was.
#include <signal.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <sys/resource.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "spadework/formats/error.h"
#include "spadework/formats/library.h"
#include "spadework/formats/proto_io.h"
#include "support/raw_db.h"
#include "support/test_games.h"
#include "support/workspace.h"

using namespace spadework;
using namespace spadework::formats;
namespace fs = std::filesystem;

namespace {

using TempDir = spadework::testing::Workspace;

using testing::bytes_of;
using testing::RawDb;

std::vector<RecordedGame> some_games(int n, std::uint64_t seed) {
    std::vector<RecordedGame> out;
    for (int i = 0; i < n; ++i) {
        out.push_back(testing::first_legal_game(preset("classic"), 2, seed + 10 * i));
        out.back().table = std::to_string(i);
    }
    return out;
}

// A version 3 library: a current one without what versions 5, 6 and 7 added (the stores'
// versions, the records' encoding, score sheets); version 4 added the lesson answers, which are the
// analyzer's store now, not made here.
void make_version_3(const fs::path& path, int games) {
    {
        Library lib(path);
        lib.import_games(some_games(games, 100), "old.pb");
    }
    RawDb raw(path);
    raw.exec(std::string(testing::kWithoutVersion7) +
             "DROP TABLE stores; DROP TABLE encoding; PRAGMA user_version = 3");
}

}  // namespace

TEST_CASE("an older library is copied beside itself before it is migrated", "[library]") {
    TempDir dir("spadework-upgrade");
    fs::path path = dir.file("library.sqlite");
    { Library(path).import_games(some_games(6, 100), "old.pb"); }
    // Two more games, and the step back to version 3, only in the WAL when the library is
    // opened: a plain copy of the file would miss them, the backup must not.
    RawDb other(path);
    other.exec("PRAGMA wal_autocheckpoint = 0");
    REQUIRE(other.one("PRAGMA journal_mode") == "wal");
    { Library(path).import_games(some_games(8, 100), "late.pb"); }
    other.exec(std::string(testing::kWithoutVersion7) +
               "DROP TABLE stores; DROP TABLE encoding; PRAGMA user_version = 3");
    REQUIRE(fs::file_size(fs::path(path.string() + "-wal")) > 0);
    const std::vector<std::string> records =
        other.column("SELECT record FROM records ORDER BY game");
    REQUIRE(records.size() == 8);

    Library lib(path);
    CHECK(lib.schema_version() == Library::kSchemaVersion);
    const fs::path backup = path.string() + ".v3.bak";
    CHECK(lib.migration_backup() == backup);
    CHECK(lib.count_games() == 8);
    REQUIRE(fs::exists(backup));
    // A database of its own, with no WAL beside it.
    CHECK_FALSE(fs::exists(backup.string() + "-wal"));
    RawDb copy(backup);
    CHECK(copy.one("PRAGMA integrity_check") == "ok");
    CHECK(copy.one("PRAGMA user_version") == "3");
    CHECK(copy.one("PRAGMA application_id") == "1397769303");
    CHECK(copy.column("SELECT name FROM sqlite_schema WHERE name = 'lesson_answers'").empty());
    CHECK(copy.column("SELECT name FROM sqlite_schema WHERE name = 'stores'").empty());
    CHECK(copy.column("SELECT record FROM records ORDER BY game") == records);

    // The copy opens as a library of its own (and is migrated, with a copy of its own).
    Library restored(backup);
    CHECK(restored.count_games() == 8);
    CHECK(restored.migration_backup() == fs::path(backup.string() + ".v3.bak"));
}

TEST_CASE("a new or current library is opened without a backup copy", "[library]") {
    TempDir dir("spadework-upgrade");
    fs::path path = dir.file("library.sqlite");
    {
        Library lib(path);
        CHECK(lib.migration_backup().empty());
        lib.import_games(some_games(2, 7), "a.pb");
    }
    Library again(path);
    CHECK(again.migration_backup().empty());
    for (const std::string& name : dir.names()) CHECK(name.find(".bak") == std::string::npos);
}

TEST_CASE("an earlier backup copy is never overwritten", "[library]") {
    TempDir dir("spadework-upgrade");
    fs::path path = dir.file("library.sqlite");
    make_version_3(path, 3);
    const fs::path first = path.string() + ".v3.bak";
    std::ofstream(first) << "the user's own copy";

    fs::path second;
    {
        Library lib(path);
        second = lib.migration_backup();
        CHECK(second == fs::path(path.string() + ".v3.2.bak"));
    }
    CHECK(bytes_of(first) == "the user's own copy");
    CHECK(RawDb(second).one("SELECT count(*) FROM games") == "3");

    // Taken back to version 3 and opened again: a third name.
    RawDb(path).exec(std::string(testing::kWithoutVersion7) +
                     "DROP TABLE stores; DROP TABLE encoding; PRAGMA user_version = 3");
    Library lib(path);
    CHECK(lib.migration_backup() == fs::path(path.string() + ".v3.3.bak"));
    CHECK(bytes_of(first) == "the user's own copy");
    CHECK(RawDb(second).one("PRAGMA user_version") == "3");
}

TEST_CASE("an older library whose backup cannot be written is left as it was", "[library]") {
    TempDir dir("spadework-upgrade");
    fs::path path = dir.file("library.sqlite");
    make_version_3(path, 150);
    const std::string before = bytes_of(path);
    REQUIRE(before.size() > 2 * 64 * 1024);
    REQUIRE_FALSE(fs::exists(path.string() + "-wal"));
    const std::set<std::string> names = dir.names();

    // The disk "fills up" at half the library's size: every write beyond it fails as on a
    // full disk (EFBIG; the signal that would end the process is ignored). The -shm file
    // (32 KB) still fits.
    struct rlimit old {};
    REQUIRE(getrlimit(RLIMIT_FSIZE, &old) == 0);
    struct rlimit small = old;
    small.rlim_cur = before.size() / 2;
    auto old_handler = signal(SIGXFSZ, SIG_IGN);
    REQUIRE(setrlimit(RLIMIT_FSIZE, &small) == 0);
    std::string error;
    try {
        Library lib(path);
    } catch (const FormatError& e) {
        error = e.what();
    }
    REQUIRE(setrlimit(RLIMIT_FSIZE, &old) == 0);
    signal(SIGXFSZ, old_handler);

    const std::string backup = path.string() + ".v3.bak";
    INFO(error);
    CHECK(error.rfind(path.string() +
                          ": cannot migrate the library from schema version 3: its "
                          "backup copy " +
                          backup + " could not be written (",
                      0) == 0);
    CHECK(error.find("); the library was left as it was") != std::string::npos);
    CHECK(bytes_of(path) == before);
    CHECK_FALSE(fs::exists(backup));
    CHECK(dir.names() == names);
    RawDb raw(path);
    CHECK(raw.one("PRAGMA user_version") == "3");
    CHECK(raw.one("PRAGMA integrity_check") == "ok");

    // With room again, the migration goes ahead.
    Library lib(path);
    CHECK(lib.count_games() == 150);
    CHECK(lib.migration_backup() == fs::path(backup));
}

TEST_CASE("a newer library is refused and not changed by a byte", "[library]") {
    TempDir dir("spadework-upgrade");
    const int newer = Library::kSchemaVersion + 1;
    for (const std::string mode : {"wal", "delete"}) {
        SECTION(mode) {
            fs::path path = dir.file("library.sqlite");
            {
                Library lib(path);
                lib.import_games(some_games(3, 40), "a.pb");
            }
            {
                RawDb raw(path);
                raw.exec("PRAGMA journal_mode = " + mode);
                raw.exec("CREATE TABLE from_the_future (x); PRAGMA user_version = " +
                         std::to_string(newer));
            }
            const std::string before = bytes_of(path);
            const std::set<std::string> names = dir.names();
            for (int attempt = 0; attempt < 2; ++attempt) {
                try {
                    Library lib(path);
                    FAIL("opened");
                } catch (const FormatError& e) {
                    CHECK(std::string(e.what()) ==
                          path.string() + ": the library has schema version " +
                              std::to_string(newer) + ", newer than this Spadework reads (" +
                              std::to_string(Library::kSchemaVersion) +
                              "): open it with a newer Spadework");
                }
            }
            CHECK(bytes_of(path) == before);
            CHECK(dir.names() == names);
            RawDb raw(path);
            CHECK(raw.one("PRAGMA journal_mode") == mode);
            CHECK(raw.one("PRAGMA user_version") == std::to_string(newer));
        }
    }
}

namespace {

// A store of the test's own, as an owner outside formats/ describes one: version 1 makes a
// table of notes per game, version 2 adds a column.
constexpr const char* kNotesV1 =
    "CREATE TABLE notes (game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE, "
    "text TEXT NOT NULL, PRIMARY KEY (game, text)) WITHOUT ROWID";
constexpr const char* kNotesV2 = "ALTER TABLE notes ADD COLUMN author TEXT NOT NULL DEFAULT ''";

StoreSchema notes_store(int version) {
    StoreSchema s{"notes", {kNotesV1, kNotesV2}, {StoreTable{"notes", "game"}}};
    s.migrations.resize(static_cast<std::size_t>(version));
    return s;
}

}  // namespace

TEST_CASE("a store's tables are made and migrated by its own migrations", "[library][store]") {
    TempDir dir("spadework-upgrade");
    fs::path path = dir.file("library.sqlite");
    {
        Library lib(path);
        lib.import_games(some_games(2, 7), "a.pb");
        CHECK(lib.open_store(notes_store(1)).empty());  // a new store: nothing to copy
        Statement add(lib.database(), "INSERT INTO notes (game, text) VALUES (?1, ?2)");
        add.bind(1, std::int64_t{2});
        add.bind(2, "well played");
        add.run();
        CHECK(lib.open_store(notes_store(1)).empty());  // at its version: nothing done
    }
    CHECK(RawDb(path).one("SELECT version FROM stores WHERE name = 'notes'") == "1");

    // Version 2: the rows kept, a copy of the library as it was written first.
    Library lib(path);
    const fs::path backup = lib.open_store(notes_store(2));
    CHECK(backup == fs::path(path.string() + ".notes-v1.bak"));
    CHECK(RawDb(backup).one("SELECT version FROM stores WHERE name = 'notes'") == "1");
    Statement read(lib.database(), "SELECT game, text, author FROM notes");
    REQUIRE(read.step());
    CHECK(read.int64(0) == 2);
    CHECK(read.text(1) == "well played");
    CHECK(read.text(2) == "");
    CHECK_FALSE(read.step());
    CHECK(RawDb(path).one("SELECT version FROM stores WHERE name = 'notes'") == "2");

    // An older build's schema of the store is refused, the library left as it is.
    try {
        lib.open_store(notes_store(1));
        FAIL("opened");
    } catch (const FormatError& e) {
        CHECK(std::string(e.what()) == path.string() +
                                           ": the library's notes store has version 2, newer "
                                           "than this Spadework reads (1): open it with a "
                                           "newer Spadework");
    }
    CHECK(RawDb(path).one("SELECT version FROM stores WHERE name = 'notes'") == "2");
}

TEST_CASE("a merge copies a store's rows with their games", "[library][store]") {
    TempDir dir("spadework-upgrade");
    const fs::path a = dir.file("a.sqlite");
    const fs::path into = dir.file("into.sqlite");
    std::vector<RecordedGame> games = some_games(3, 40);
    {
        Library lib(a);
        lib.import_games(games, "a.pb");
        lib.open_store(notes_store(2));
        lib.database().exec("INSERT INTO notes VALUES (3, 'third', 'Ann'), (1, 'first', 'Bob')");
    }
    { Library(into).import_games({games[2]}, "into.pb"); }
    // Part 0 of 2: games 2 and... of a, even ids only.
    MergeResult part = merge_libraries({a}, into, {0, 2}, {notes_store(2)});
    CHECK(part.ids == std::vector<GameId>{2});
    CHECK(part.store("notes").added == 0);
    MergeResult m = merge_libraries({a}, into, {}, {notes_store(2)});
    CHECK(m.ids == std::vector<GameId>{3, 2, 1});
    CHECK(m.store("notes").added == 2);
    RawDb raw(into);
    // a's game 3 is the target's game 1, a's game 1 its game 3.
    CHECK(raw.column("SELECT text || '/' || author FROM notes WHERE game = 1") ==
          std::vector<std::string>{"third/Ann"});
    CHECK(raw.column("SELECT text || '/' || author FROM notes WHERE game = 3") ==
          std::vector<std::string>{"first/Bob"});
    CHECK(merge_libraries({a}, into, {}, {notes_store(2)}).store("notes").already_there == 2);
}
