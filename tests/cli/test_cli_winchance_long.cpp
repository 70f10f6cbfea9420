// `spadework winchance` as a user runs it: the chance in words and in JSON, the cache reused,
// the heat map written; and analyze --grade game, grading the cards by the chance of winning.
//
// Long cases (see tests/CMakeLists.txt), run in the normal build only: each builds a
// win-chance table, by value iteration, the same code on more data; it takes six times as
// long under the sanitizers.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_winchance_helpers.h"
#include "support/run_command.h"
#include "support/workspace.h"

using spadework::testing::contains;
using spadework::testing::run;
using spadework::testing::run_json;
using spadework::testing::run_ok;
using spadework::testing::RunResult;
using spadework::testing::small;
using spadework::testing::Workspace;

TEST_CASE("winchance prints North-South's chance, then reads it from the cache",
          "[cli-winchance]") {
    Workspace w;
    std::string out = run_ok(small(w, {"--at", "150,120", "--dealer", "E"}));
    // The rules spelled with their change (the small table's target).
    CHECK(contains(out,
                   "North-South's chance to win at 150 to 120, E to deal, under classic "
                   "target=200: "));
    CHECK_FALSE(contains(out, "end the game"));
    CHECK(contains(out, "built in"));
    std::string again = run_ok(small(w, {"--at", "150,120", "--dealer", "E"}));
    CHECK(contains(again, "read from"));
    CHECK(out.substr(0, out.find('\n')) == again.substr(0, again.find('\n')));
    // Scores that end the game say so.
    CHECK(contains(run_ok(small(w, {"--at", "230,120"})),
                   "(these scores end the game (target): no hand is played from them)"));
}

TEST_CASE("winchance --json has the chance from 0 to 1, and the mirrored state adds to 1",
          "[cli-winchance]") {
    Workspace w;
    auto j = run_json(small(w, {"--at", "150,120", "--dealer", "N"}));
    CHECK(j["rules"] == "classic target=200");
    CHECK(j["ns"] == 150);
    CHECK(j["ew"] == 120);
    CHECK(j["dealer"] == "N");
    double chance = j["chance"];
    CHECK(chance > 0.5);
    CHECK(chance < 1);
    CHECK(j["last_change"].get<double>() < 1e-9);
    auto mirrored = run_json(small(w, {"--at", "120,150", "--dealer", "E"}));
    CHECK(mirrored["from_cache"] == true);
    CHECK(chance + mirrored["chance"].get<double>() == Approx(1).margin(1e-12));
    // Past the target the game is over.
    CHECK(run_json(small(w, {"--at", "210,150"}))["chance"] == 1.0);
}

TEST_CASE("winchance --png draws the table", "[cli-winchance]") {
    Workspace w;
    run_ok(small(w, {"--png", w.file("map.png")}));
    std::string png = spadework::testing::slurp(w.file("map.png"));
    REQUIRE(png.size() > 8);
    CHECK(png.substr(1, 3) == "PNG");
}

// analyze --grade game: the cards of a Paperless sample graded by the chance of winning the
// game, each card's chance in the JSON, and the trend's chance lost; the table goes to the
// workspace's cache folder.
TEST_CASE("analyze --grade game grades the cards by the chance of winning", "[cli-winchance]") {
    Workspace w;
    ::setenv("XDG_CACHE_HOME", w.dir.string().c_str(), 1);
    const std::string game =
        (std::filesystem::path(SPADEWORK_SAMPLES) / "games" / "paperless.spades").string();
    // In a library, the review is made once and shown again from the library.
    run_ok(w.with_db({"import", game}));
    std::string out = run_ok(w.with_db({"analyze", "1", "--only", "play", "--grade", "game"}));
    CHECK(contains(out, "Cards graded by the chance of winning the game they lose"));
    auto j = run_json(w.with_db({"analyze", "1", "--only", "play", "--grade", "game", "--json"}));
    CHECK(j.at("grade") == "game");
    int graded = 0;
    for (const auto& h : j.at("hands")) {
        if (!h.contains("play")) continue;
        for (const auto& c : h.at("play").at("cards")) {
            if (!c.contains("best_chance")) continue;
            ++graded;
            CHECK(c.at("best_chance").get<double>() >= c.at("played_chance").get<double>());
        }
    }
    CHECK(graded > 0);

    // The trend by the game gives each game's chance lost beside the points lost: the sum of
    // its cards' chance lost.
    const std::string player = j.at("game").at("players").at("N").get<std::string>();
    std::string trend =
        run_ok(w.with_db({"analyze", "--trend", player, "--only", "play", "--grade", "game"}));
    CHECK(contains(trend, "points lost"));
    CHECK(contains(trend, "chance lost"));
    auto tj = run_json(
        w.with_db({"analyze", "--trend", player, "--only", "play", "--grade", "game", "--json"}));
    REQUIRE(tj.size() == 1);
    double lost = 0;
    for (const auto& h : j.at("hands")) {
        if (!h.contains("play")) continue;
        for (const auto& c : h.at("play").at("cards")) {
            if (c.contains("best_chance") && c.at("seat") == tj[0].at("seat")) {
                lost += c.at("best_chance").get<double>() - c.at("played_chance").get<double>();
            }
        }
    }
    CHECK(tj[0].at("chance_lost").get<double>() == Approx(lost).margin(1e-9));

    RunResult bad = run({"analyze", game, "--grade", "tricks"});
    CHECK(bad.status == 2);
    CHECK(contains(bad.err, "--grade"));
}
