// `spadework analyze` as a user runs it: a report and JSON for a file's game, reviews kept in
// the library and reused, --all over a library (resumable after SIGKILL; the same reviews on
// any number of threads, a bad game failing alone), --trend, and the errors.
#include <signal.h>
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <thread>

#include "spadework/analyzer/library_stores.h"
#include "spadework/analyzer/review.h"
#include "spadework/analyzer/simple_bot.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "support/run_command.h"
#include "support/workspace.h"

using namespace spadework;
using spadework::testing::contains;
using spadework::testing::run;
using spadework::testing::run_json;
using spadework::testing::run_ok;
using spadework::testing::RunResult;
using spadework::testing::Workspace;
namespace fs = std::filesystem;

namespace {

// Bot games cut to `hands` hands, so that a review takes a moment, not minutes.
std::vector<RecordedGame> short_games(const std::string& rules, int games, int hands,
                                      std::uint64_t seed) {
    SplitMix64 rng(seed);
    std::vector<RecordedGame> out;
    for (int g = 0; g < games; ++g) {
        RecordedGame game = analyzer::play_game(preset(rules), rng);
        game.hands.resize(std::min<std::size_t>(game.hands.size(), hands));
        game.players = {"Ann", "Ben", "Cat", "Dan"};
        game.date = "2026.11." + std::to_string(10 + g);
        out.push_back(std::move(game));
    }
    return out;
}

}  // namespace

TEST_CASE("analyze prints a review and its JSON agrees with itself", "[cli-analyze]") {
    Workspace ws("spadework-cli-analyze");
    fs::path file = ws.dir / "two.spades";
    std::vector<RecordedGame> games = short_games("classic", 1, 2, 5);
    formats::write_game_file(file, games);

    std::string text = run_ok({"analyze", file.string(), "--samples", "2"});
    CHECK(contains(text, "Hand 1 (dealer"));
    CHECK(contains(text, "Hand 2 (dealer"));
    CHECK(contains(text, "Par (double dummy"));
    CHECK(contains(text, "accuracy"));

    nlohmann::json j = run_json({"analyze", file.string(), "--samples", "2"});
    CHECK(j["spadework_review"] == 1);
    REQUIRE(j["hands"].size() == 2);
    for (std::size_t h = 0; h < 2; ++h) {
        const nlohmann::json& hand = j["hands"][h];
        CHECK(hand["bids"].size() == 4);
        REQUIRE(hand.contains("play"));
        CHECK(hand["play"]["cards"].size() == games[0].hands[h].cards.size());
        for (const auto& c : hand["play"]["cards"]) {
            if (c["irregular"]) continue;
            // The played card is one of the choices, the best is the best of them, and a
            // card is flagged exactly when it cost points.
            int best = -100000;
            bool found = false;
            for (const auto& ch : c["choices"]) {
                best = std::max(best, ch["score"].get<int>());
                if (ch["card"] == c["card"]) {
                    found = true;
                    CHECK(ch["score"] == c["played_score"]);
                }
            }
            CHECK(found);
            CHECK(c["best_score"] == best);
            CHECK(c["cost_points"] == best - c["played_score"].get<int>());
            CHECK((c["flag"] == "none") == (c["cost_points"].get<int>() == 0));
        }
        for (const auto& b : hand["bids"]) {
            CHECK(b["samples"] == 2);
            double best = -1e9;
            for (const auto& o : b["options"]) best = std::max(best, o["expected"].get<double>());
            CHECK(b["best_expected"] == Approx(best).margin(0.011));
        }
    }
    // Only one hand, asked two ways.
    nlohmann::json one = run_json({"analyze", file.string(), "--hand", "2", "--samples", "2"});
    REQUIRE(one["hands"].size() == 1);
    CHECK(one["hands"][0]["hand"] == 2);
    CHECK(one["hands"][0]["play"]["cards"] == j["hands"][1]["play"]["cards"]);
    nlohmann::json same = run_json({"analyze", file.string() + ":2", "--samples", "2"});
    CHECK(same["hands"][0]["bids"] == one["hands"][0]["bids"]);
}

TEST_CASE("analyze keeps library reviews and reuses them until the settings change",
          "[cli-analyze]") {
    Workspace ws("spadework-cli-analyze");
    fs::path file = ws.dir / "one.pb";
    formats::write_game_file(file, short_games("classic", 1, 2, 11));
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
    formats::write_game_file(file, short_games("classic", kGames, 1, 23));
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
    formats::write_game_file(file, short_games("classic", 4, 2, 11));
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

TEST_CASE("analyze says what is wrong with its input", "[cli-analyze]") {
    Workspace ws("spadework-cli-analyze");
    fs::path file = ws.dir / "one.spades";
    formats::write_game_file(file, short_games("classic", 1, 1, 3));
    RunResult r = run({"analyze"});
    CHECK(r.status == 2);  // the command line asks for nothing (issue 18: usage, exit 2)
    CHECK(contains(r.err, "give one of GAME, --all or --trend PLAYER"));
    r = run({"analyze", file.string(), "--hand", "5"});
    CHECK(r.status == 1);
    CHECK(contains(r.err, "--hand 5: " + file.string() + " has 1 hand"));
    fs::path settings = ws.dir / "settings.json";
    std::ofstream(settings) << "{\n  \"samples\": 4,\n  \"sample\": 3\n}\n";
    r = run({"analyze", file.string(), "--settings", settings.string()});
    CHECK(r.status == 1);
    CHECK(contains(r.err, settings.string() + ":3:3: unknown setting \"sample\""));
    std::ofstream(settings) << "{\n  \"samples\": 4,\n}\n";
    r = run({"analyze", file.string(), "--settings", settings.string()});
    CHECK(r.status == 1);
    CHECK(contains(r.err, settings.string() + ":3:1: not valid JSON"));
    // A library that exists (only import makes one) without game 42.
    run_ok(ws.with_db({"import", file.string()}));
    r = run(ws.with_db({"analyze", "42"}));
    CHECK(r.status == 1);
    CHECK(contains(r.err, "no game 42 in the library"));
}

TEST_CASE("analyze --trend orders games by calendar date whichever form the date is written in",
          "[cli-analyze]") {
    Workspace ws("spadework-cli-analyze");
    fs::path file = ws.dir / "two.spades";
    std::vector<RecordedGame> games = short_games("classic", 2, 1, 23);
    // Written first and later in the year, in the other form: as text, '-' sorts before '.'.
    games[0].date = "2026-11-19";
    games[1].date = "2026.11.01";
    formats::write_game_file(file, games);
    run_ok(ws.with_db({"import", file.string()}));
    run_ok(ws.with_db({"analyze", "--all", "--samples", "2", "--only", "play"}));
    nlohmann::json trend =
        run_json(ws.with_db({"analyze", "--trend", "Ann", "--samples", "2", "--only", "play"}));
    REQUIRE(trend.size() == 2);
    CHECK(trend[0]["date"] == "2026.11.01");  // JSON: the date as the record wrote it
    CHECK(trend[1]["date"] == "2026-11-19");
    // The text shows both in one form, in the same order.
    std::string text =
        run_ok(ws.with_db({"analyze", "--trend", "Ann", "--samples", "2", "--only", "play"}));
    INFO(text);
    const std::size_t first = text.find("2026-11-01");
    REQUIRE(first != std::string::npos);
    CHECK(text.find("2026-11-19") > first);
    CHECK_FALSE(contains(text, "2026.11.01"));
}
