// The long cases of `spadework analyze` (test_cli_analyze.cpp has the others): reviews kept in
// the library and reused until the settings change, and --all over a library, resumable after
// SIGKILL, giving the same reviews on any number of threads with a bad game failing alone.
//
// Long cases (see tests/CMakeLists.txt), run in the normal build only: they run the same
// reviews again and again, under other settings and with --force, in the rerun after the kill,
// and once on each of one, two and three threads to compare them.
#include <signal.h>
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli_analyze_helpers.h"
#include "spadework/analyzer/library_stores.h"
#include "spadework/analyzer/review.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "support/run_command.h"
#include "support/workspace.h"

using namespace spadework;
using spadework::testing::contains;
using spadework::testing::cut_games;
using spadework::testing::run;
using spadework::testing::run_json;
using spadework::testing::run_ok;
using spadework::testing::RunResult;
using spadework::testing::Workspace;
namespace fs = std::filesystem;

TEST_CASE("analyze keeps library reviews and reuses them until the settings change",
          "[cli-analyze]") {
    Workspace ws("spadework-cli-analyze");
    fs::path file = ws.dir / "one.pb";
    formats::write_game_file(file, cut_games("classic", 1, 2, 11));
    run_ok(ws.with_db({"import", file.string()}));

    nlohmann::json first = run_json(ws.with_db({"analyze", "1", "--samples", "2"}));
    // Reused: the stored JSON comes back as it was, the time it took included.
    nlohmann::json again = run_json(ws.with_db({"analyze", "1", "--samples", "2"}));
    CHECK(again == first);
    {
        formats::Library lib(ws.db);
        CHECK(analyzer::ReviewStore(lib).count_reviews(first["settings"].get<std::string>()) == 1);
    }
    // Other settings: computed again, and kept beside the first.
    nlohmann::json other = run_json(ws.with_db({"analyze", "1", "--samples", "3"}));
    CHECK(other["settings"] != first["settings"]);
    CHECK(other["hands"][0]["bids"][0]["samples"] == 3);
    // --force recomputes under the same settings: the same review, timed afresh.
    nlohmann::json forced = run_json(ws.with_db({"analyze", "1", "--samples", "2", "--force"}));
    auto untimed = [](nlohmann::json hands) {
        for (auto& h : hands) {
            h.erase("bid_seconds");
            if (h.contains("play")) h["play"].erase("seconds");
        }
        return hands;
    };
    CHECK(untimed(forced["hands"]) == untimed(first["hands"]));
    CHECK(forced["players"] == first["players"]);
}

TEST_CASE("analyze --all reviews every game and resumes after being killed", "[cli-analyze]") {
    Workspace ws("spadework-cli-analyze");
    fs::path file = ws.dir / "many.spades";
    const int kGames = 6;
    formats::write_game_file(file, cut_games("classic", kGames, 1, 23));
    run_ok(ws.with_db({"import", file.string()}));

    // Start a batch and kill it once the first reviews are stored.
    std::vector<std::string> args =
        ws.with_db({"analyze", "--all", "--samples", "2", "--threads", "2"});
    std::vector<std::string> argv_text = {SPADEWORK_EXE};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    pid_t pid =
        spadework::testing::spawn_process(SPADEWORK_EXE, argv_text, "/dev/null", "/dev/null");
    // The key the command stores under: the analyzer's, for these settings.
    analyzer::ReviewSettings settings;
    settings.samples = 2;
    const std::string key = settings.key();
    int stored = 0;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(3);
    while (stored == 0 && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        formats::Library lib(ws.db);
        stored = analyzer::ReviewStore(lib).count_reviews(key);
    }
    kill(pid, SIGKILL);
    spadework::testing::wait_process(pid);
    REQUIRE(stored > 0);
    {
        formats::Library lib(ws.db);
        stored = analyzer::ReviewStore(lib).count_reviews(key);
        CHECK(static_cast<int>(analyzer::ReviewStore(lib).games_without_review(key).size()) ==
              kGames - stored);
    }

    // The rerun finishes the rest; one more run has nothing to do.
    std::string out = run_ok(ws.with_db({"analyze", "--all", "--samples", "2"}));
    if (stored < kGames) {
        CHECK(contains(out, "Analysed " + std::to_string(kGames - stored) + " games"));
    }
    formats::Library lib(ws.db);
    CHECK(analyzer::ReviewStore(lib).count_reviews(key) == kGames);
    CHECK(analyzer::ReviewStore(lib).games_without_review(key).empty());
    out = run_ok(ws.with_db({"analyze", "--all", "--samples", "2"}));
    CHECK(contains(out, "All 6 games"));

    // Each player's trend: one line per game, and the JSON agrees with the stored tallies.
    nlohmann::json trend = run_json(ws.with_db({"analyze", "--trend", "Ann", "--samples", "2"}));
    REQUIRE(trend.size() == kGames);
    for (const auto& p : trend) {
        std::optional<analyzer::StoredReview> r =
            analyzer::ReviewStore(lib).load_review(p["game"].get<int>(), key);
        REQUIRE(r);
        CHECK(p["decisions"] == r->seats[0].decisions);
        CHECK(p["blunders"] == r->seats[0].blunders);
    }
    std::string text = run_ok(ws.with_db({"analyze", "--trend", "Ann", "--samples", "2"}));
    CHECK(contains(text, "Ann: play accuracy by game (6 analysed games)"));
}

TEST_CASE("analyze --all: the same reviews on any number of threads, a bad game failing alone",
          "[cli-analyze]") {
    Workspace ws("spadework-cli-analyze");
    fs::path file = ws.dir / "four.spades";
    formats::write_game_file(file, cut_games("classic", 4, 2, 11));
    run_ok(ws.with_db({"import", file.string()}));
    // Game 2's record, spoilt behind the library's back: it cannot be read.
    {
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open(ws.db.c_str(), &db) == SQLITE_OK);
        CHECK(sqlite3_exec(db, "UPDATE records SET record = X'DEADBEEF' WHERE game = 2", nullptr,
                           nullptr, nullptr) == SQLITE_OK);
        sqlite3_close(db);
    }
    analyzer::ReviewSettings settings;
    settings.samples = 1;
    const std::string key = settings.key();
    // A stored review without what depends on the machine or the solver's table: the times and
    // the positions searched.
    auto untimed = [](nlohmann::json j) {
        j.erase("seconds");
        for (auto& h : j["hands"]) {
            h.erase("bid_seconds");
            if (h.contains("play")) {
                h["play"].erase("seconds");
                h["play"].erase("nodes");
            }
        }
        return j;
    };
    std::vector<nlohmann::json> first;
    for (const char* threads : {"1", "2", "3"}) {
        INFO("threads " << threads);
        const fs::path db = ws.dir / (std::string("t") + threads + ".sqlite");
        fs::copy_file(ws.db, db);
        RunResult r =
            run({"analyze", "--all", "--samples", "1", "--threads", threads, "--db", db.string()});
        CHECK(r.status == 1);
        CHECK(contains(r.err, "spadework: game 2: "));
        CHECK(contains(r.err, "not a Game message"));
        CHECK(contains(r.out, "Analysed 3 games"));
        CHECK(contains(r.out, "3 of 4 games now analysed; 1 could not be analysed"));
        formats::Library lib(db);
        CHECK(analyzer::ReviewStore(lib).games_without_review(key) ==
              std::vector<formats::GameId>{2});
        std::vector<nlohmann::json> reviews;
        for (formats::GameId id : {1, 3, 4}) {
            std::optional<analyzer::StoredReview> stored =
                analyzer::ReviewStore(lib).load_review(id, key);
            REQUIRE(stored);
            reviews.push_back(untimed(nlohmann::json::parse(stored->json)));
        }
        if (first.empty()) {
            first = reviews;
        } else {
            for (std::size_t i = 0; i < reviews.size(); ++i) CHECK(reviews[i] == first[i]);
        }
    }
}
