// Nothing lost when `spadework import` is killed: a large import is stopped with SIGKILL at
// random (seeded) moments, over and over, and after each kill the library opens, passes
// SQLite's integrity check and holds every file that finished and no part of any other;
// a last run completes the import with no game stored twice.
//
// A long case (see tests/CMakeLists.txt), run in the normal build only: it runs the same
// import of the same forty files again and again, once whole, twenty times killed at random
// and five times rerun to completion.
#include <signal.h>
#include <sqlite3.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "spadework/analyzer/simple_bot.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "support/raw_db.h"
#include "support/run_command.h"
#include "support/workspace.h"

using namespace spadework;
using spadework::testing::RawDb;
using spadework::testing::Workspace;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

// The files an import's output says it finished ("FILE: N games, ..." lines).
std::set<std::string> finished_files(const std::string& out,
                                     const std::vector<std::string>& files) {
    std::set<std::string> done;
    std::istringstream lines(out);
    std::string line;
    while (std::getline(lines, line)) {
        for (const std::string& f : files) {
            if (line.rfind(f + ": ", 0) == 0) done.insert(f);
        }
    }
    return done;
}

}  // namespace

TEST_CASE("an import killed at random moments loses nothing and reruns to completion",
          "[cli-hardening]") {
    Workspace ws("spadework-cli-kill");
    // Step 1. Forty files of four bot games each, .pb and .spades.
    constexpr int kFiles = 40;
    constexpr int kPerFile = 4;
    SplitMix64 rng(2026);
    std::vector<std::string> files;
    for (int f = 0; f < kFiles; ++f) {
        std::vector<RecordedGame> games;
        for (int g = 0; g < kPerFile; ++g) {
            games.push_back(analyzer::play_game(preset(f % 3 == 2 ? "casual" : "classic"), rng));
            games.back().event = "File " + std::to_string(f);
        }
        files.push_back(ws.file("games" + std::to_string(f) + (f % 2 ? ".spades" : ".pb")));
        formats::write_game_file(files.back(), games);
    }
    std::vector<std::string> import = {SPADEWORK_EXE, "import"};
    import.insert(import.end(), files.begin(), files.end());
    const std::string out = ws.file("import.out");
    const std::string err = ws.file("import.err");

    // Step 2. A whole import, for its time and the games each file holds.
    const std::string reference = ws.file("reference.sqlite");
    std::vector<std::string> args = import;
    args.insert(args.end(), {"--db", reference});
    auto t0 = Clock::now();
    REQUIRE(testing::wait_process(testing::spawn_process(SPADEWORK_EXE, args, out, err)) == 0);
    const auto whole = Clock::now() - t0;
    REQUIRE(finished_files(testing::slurp(out), files).size() == kFiles);
    std::map<std::string, int> per_file;  // games stored from each file
    {
        RawDb ref(reference, SQLITE_OPEN_READWRITE);
        for (const auto& row : ref.query("SELECT source, count(*) FROM games GROUP BY source")) {
            per_file[row[0]] = std::stoi(row[1]);
        }
    }
    REQUIRE(per_file.size() == kFiles);
    for (const auto& [file, n] : per_file) REQUIRE(n == kPerFile);

    // Step 3. Kill, check, rerun. Each run imports into a new library and is killed at a
    // random moment of the import (every fifth early on: creating the library, the first
    // files). A file's line is printed after its commit, so the files a run finished are all
    // in, and of the others at most the one it was working on (committed, not yet printed).
    std::mt19937 random(20261122);
    const long whole_us =
        std::max<long>(20000, std::chrono::duration_cast<std::chrono::microseconds>(whole).count());
    int killed = 0;
    constexpr int kRuns = 20;
    for (int run = 0; run < kRuns; ++run) {
        INFO("run " << run);
        const std::string db = ws.file("run" + std::to_string(run) + ".sqlite");
        args = import;
        args.insert(args.end(), {"--db", db});
        long until = run % 5 == 0 ? whole_us / 10 : whole_us;
        long delay = std::uniform_int_distribution<long>(0, until)(random);
        pid_t pid = testing::spawn_process(SPADEWORK_EXE, args, out, err);
        std::this_thread::sleep_for(std::chrono::microseconds(delay));
        kill(pid, SIGKILL);
        killed += testing::wait_process(pid) == -1;
        std::set<std::string> finished = finished_files(testing::slurp(out), files);
        std::string working_on;
        for (const std::string& f : files) {
            if (!finished.count(f)) {
                working_on = f;
                break;
            }
        }

        if (fs::exists(db)) {
            RawDb lib(db, SQLITE_OPEN_READWRITE);
            CHECK(lib.one("PRAGMA integrity_check") == "ok");
            CHECK(lib.query("PRAGMA foreign_key_check").empty());
            std::string version = lib.one("PRAGMA user_version");
            if (version == "0") {
                // Killed while creating it: nothing in it yet.
                CHECK(lib.query("SELECT name FROM sqlite_schema WHERE name = 'games'").empty());
            } else {
                CHECK(version == std::to_string(formats::Library::kSchemaVersion));
                // Every game whole: its record, four players and a row per hand.
                CHECK(lib.one("SELECT count(*) FROM games g WHERE NOT EXISTS (SELECT 1 FROM "
                              "records r WHERE r.game = g.id) OR (SELECT count(*) FROM players p "
                              "WHERE p.game = g.id) <> 4 OR (SELECT count(*) FROM hands h "
                              "WHERE h.game = g.id) <> g.hands") == "0");
                // Every file all in or not at all: the finished ones in, and of the others
                // only the one the run was killed on.
                std::map<std::string, int> stored;
                for (const auto& row :
                     lib.query("SELECT source, count(*) FROM games GROUP BY source")) {
                    stored[row[0]] = std::stoi(row[1]);
                }
                for (const auto& [file, n] : stored) {
                    INFO(file);
                    CHECK(n == kPerFile);
                    CHECK((finished.count(file) > 0 || file == working_on));
                }
                for (const std::string& f : finished) CHECK(stored.count(f) == 1);
            }
        }
        // It opens for Spadework too; every fourth run is then completed: every game once,
        // as in the whole import.
        formats::Library opened(db);
        CHECK(opened.count_games() % kPerFile == 0);
        if (run % 4 != 3) continue;
        REQUIRE(testing::wait_process(testing::spawn_process(SPADEWORK_EXE, args, out, err)) == 0);
        CHECK(finished_files(testing::slurp(out), files).size() == kFiles);
        RawDb lib(db, SQLITE_OPEN_READWRITE);
        CHECK(lib.one("PRAGMA integrity_check") == "ok");
        CHECK(lib.one("SELECT count(*) FROM games") == std::to_string(kFiles * kPerFile));
        CHECK(lib.query("SELECT hash FROM games GROUP BY hash HAVING count(*) > 1").empty());
        RawDb ref(reference, SQLITE_OPEN_READWRITE);
        const std::string records = "SELECT hex(record) FROM records ORDER BY 1";
        CHECK(lib.query(records) == ref.query(records));
    }
    // Most runs were cut short (a run may also finish before its kill comes).
    CHECK(killed >= kRuns / 2);
}
