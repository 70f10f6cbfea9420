// `spadework analyze` as a user runs it: a report and JSON for a file's game, --trend, and the
// errors. The cases that review the same games again and again (reviews kept in the library
// and reused, --all over a library: resumable after SIGKILL; the same reviews on any number of
// threads, a bad game failing alone) are long cases, in test_cli_analyze_long.cpp.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli_analyze_helpers.h"
#include "spadework/formats/game_file.h"
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

TEST_CASE("analyze prints a review and its JSON agrees with itself", "[cli-analyze]") {
    Workspace ws("spadework-cli-analyze");
    fs::path file = ws.dir / "two.spades";
    std::vector<RecordedGame> games = cut_games("classic", 1, 2, 5);
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

TEST_CASE("analyze says what is wrong with its input", "[cli-analyze]") {
    Workspace ws("spadework-cli-analyze");
    fs::path file = ws.dir / "one.spades";
    formats::write_game_file(file, cut_games("classic", 1, 1, 3));
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
    // One hand of a library game is reviewed but not kept, and the review says so.
    const std::string one = run_ok(ws.with_db({"analyze", "1", "--hand", "1", "--only", "play"}));
    CHECK(contains(one,
                   "Not stored: the library keeps the reviews of whole games "
                   "(`spadework analyze 1` reviews game 1 and keeps it for the viewer)."));
}

TEST_CASE("analyze --trend orders games by calendar date whichever form the date is written in",
          "[cli-analyze]") {
    Workspace ws("spadework-cli-analyze");
    fs::path file = ws.dir / "two.spades";
    std::vector<RecordedGame> games = cut_games("classic", 2, 1, 23);
    // Written first and later in the year, in the other form: as text, '-' sorts before '.'.
    games[0].date = "2026-11-19";
    games[1].date = "2026.11.01";
    formats::write_game_file(file, games);
    run_ok(ws.with_db({"import", file.string()}));
    run_ok(ws.with_db({"analyze", "--all", "--samples", "2", "--only", "play"}));
    nlohmann::json trend =
        run_json(ws.with_db({"analyze", "--trend", "Ann", "--samples", "2", "--only", "play"}));
    REQUIRE(trend.size() == 2);
    CHECK(trend[0]["date"] == "2026-11-01");  // JSON: every date as 2026-11-01
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

// --trend PLAYER finds its player as --player does in list, hands and stats: in any case and
// by the start of the name, saying which name it took.
TEST_CASE("analyze --trend matches the player as --player does", "[cli-analyze]") {
    Workspace ws("spadework-cli-analyze");
    fs::path file = ws.dir / "one.spades";
    std::vector<RecordedGame> games = cut_games("classic", 1, 1, 31);
    games[0].players = {"North Bot", "East Bot", "South Bot", "West Bot"};
    games[0].date = "2026.11.21";
    formats::write_game_file(file, games);
    run_ok(ws.with_db({"import", file.string()}));
    run_ok(ws.with_db({"analyze", "--all", "--samples", "2", "--only", "play"}));
    const std::vector<std::string> trend = {"--samples", "2", "--only", "play"};
    auto with = [&](const std::string& player) {
        std::vector<std::string> args = {"analyze", "--trend", player};
        args.insert(args.end(), trend.begin(), trend.end());
        return ws.with_db(args);
    };
    const std::string exact = run_ok(with("North Bot"));
    CHECK(contains(exact, "North Bot: play accuracy by game (1 analysed game)"));
    RunResult r = run(with("north"));
    CHECK(r.status == 0);
    CHECK(r.out == exact);
    CHECK(r.err == "spadework: --trend 'north' matches North Bot\n");
    // JSON rows name their player and write the date as every JSON output does.
    std::vector<std::string> json_args = with("NORTH");
    nlohmann::json j = run_json(json_args);
    REQUIRE(j.size() == 1);
    CHECK(j[0]["player"] == "North Bot");
    CHECK(j[0]["date"] == "2026-11-21");
    // A name no player has, nor begins with, is said, not answered with an empty trend.
    r = run(with("Zed"));
    CHECK(r.status == 1);
    CHECK(r.err == "spadework: --trend 'Zed': no player's name is or begins with it\n");
}
