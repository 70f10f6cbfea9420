// What the commands print, read as a new player reads it (issue 18): `show --json` as JSON
// Lines, the end of a game in words ("529 to 291", "the 8 hands played after that"), a
// settings file's JSON error without the parser's internals, and no count in the form
// "hand(s)" anywhere.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "spadework/formats/game_file.h"
#include "support/run_command.h"
#include "support/test_games.h"
#include "support/workspace.h"

using namespace spadework;
using spadework::testing::contains;
using spadework::testing::run;
using spadework::testing::run_expecting;
using spadework::testing::run_ok;
using spadework::testing::RunResult;
using spadework::testing::Workspace;
namespace fs = std::filesystem;

namespace {

const std::string kClassic = (fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades").string();

std::vector<nlohmann::json> json_lines(const std::string& out) {
    std::vector<nlohmann::json> docs;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) {
        INFO(line.substr(0, 200));
        docs.push_back(nlohmann::json::parse(line));  // throws unless the line is a document
    }
    return docs;
}

}  // namespace

TEST_CASE("show --json prints each game, or the hand named, as JSON Lines", "[cli-words]") {
    // The whole game: its hands with bids, tricks and each side's score, and how it ended,
    // as the text table says (the classic sample: EW win 529 to 291 after hand 11).
    auto game = json_lines(run_ok({"show", kClassic, "--json"}));
    REQUIRE(game.size() == 1);
    const nlohmann::json& g = game[0];
    CHECK(g["rules"] == "classic");
    CHECK(g["players"]["S"] == "Cathal O'Brien");
    REQUIRE(g["hands"].size() == 11);
    CHECK(g["hands"][4]["bids"]["S"] == "nil");
    CHECK(g["hands"][10]["EW"]["score"] == 529);
    CHECK(g["hands"][10]["NS"]["score"] == 291);
    CHECK(g["result"]["winner"] == "EW");
    CHECK(g["result"]["after_hand"] == 11);
    int sum = 0;
    for (const auto& h : g["hands"]) sum += h["NS"]["points"].get<int>();
    CHECK(sum == 291);  // the points of the hands add up to the final score

    // One hand: the cards as play began, the bids in turn, every trick with its winner.
    auto hand = json_lines(run_ok({"show", kClassic + ":5", "--json"}));
    REQUIRE(hand.size() == 1);
    const nlohmann::json& h = hand[0];
    CHECK(h["hand"] == 5);
    CHECK(h["bidding"].size() == 4);
    REQUIRE(h["play"].size() == 13);
    int won = 0;
    for (const auto& t : h["play"]) {
        CHECK(t["cards"].size() == 4);
        won += t["winner"] == "S";
    }
    CHECK(h["tricks"]["S"] == won);
    CHECK(h["held_at_play"]["N"].get<std::string>().size() == 13 * 3 - 1);  // "QS JS ... 7C"
    CHECK(h["NS"]["points"] == -70);  // the nil failed: -100 and the contract's 30

    // A file of two games: two lines, one document each.
    Workspace ws("spadework-cli-words");
    std::string two = ws.file("two.spades");
    formats::write_game_file(two, {testing::first_legal_game(preset("classic"), 1, 40),
                                   testing::first_legal_game(preset("classic"), 1, 41)});
    CHECK(json_lines(run_ok({"show", two, "--json"})).size() == 2);
    CHECK(contains(run_ok({"show", "--help"}), "JSON Lines"));
}

TEST_CASE("score says how a game ended in words: '529 to 291', 'the 8 hands'", "[cli-words]") {
    std::string out = run_ok({"score", kClassic, "--rules", "classic,paperless"});
    CHECK(contains(out, "classic: ends after hand 11 (target): EW win 529 to 291"));
    CHECK(contains(out, "the 8 hands played after that are not scored"));
    CHECK_FALSE(contains(out, "(s)"));
    CHECK_FALSE(contains(out, "529-291"));
    // The same for the game's own table.
    std::string table = run_ok({"show", kClassic});
    CHECK(contains(table, "EW win 529 to 291"));
    CHECK_FALSE(contains(table, "(s)"));
}

TEST_CASE("a game's date reads one way everywhere: 2026-11-21, as the record's 2026.11.21",
          "[cli-words]") {
    Workspace ws("spadework-cli-words");
    // The sample's record writes [Date "2026.11.21"].
    CHECK(contains(run_ok({"show", kClassic}), "Sample: classic · Spadework · 2026-11-21 · "));
    run_ok(ws.with_db({"import", kClassic}));
    CHECK(contains(run_ok(ws.with_db({"list"})), "  2026-11-21  Sample: classic"));
    // A date known in part is shown as written.
    const std::string part = ws.file("part.spades");
    std::string text;
    {
        std::ifstream in(kClassic);
        std::stringstream all;
        all << in.rdbuf();
        text = all.str();
    }
    const std::size_t at = text.find("2026.11.21");
    REQUIRE(at != std::string::npos);
    text.replace(at, 10, "2026.11.??");
    std::ofstream(part) << text;
    CHECK(contains(run_ok({"show", part}), "Sample: classic · Spadework · 2026.11.?? · "));
}

TEST_CASE("a settings file that is not JSON says where and what, not the parser's internals",
          "[cli-words]") {
    Workspace ws("spadework-cli-words");
    std::string settings = ws.file("settings.json");
    std::ofstream(settings) << "{\"samples\": 8,\n ";
    RunResult r = run_expecting(
        {"analyze", kClassic, "--hand", "1", "--only", "bids", "--settings", settings}, 1,
        settings + ":2:2: not valid JSON: syntax error");
    CHECK_FALSE(contains(r.err, "json.exception"));
    CHECK_FALSE(contains(r.err, "parse error at line"));
    CHECK(contains(r.err, "the text ends before the JSON does"));
    // Nor its grammar's words: a comma where a key goes.
    std::ofstream(settings) << "{\"samples\": 8,,}";
    r = run_expecting(
        {"analyze", kClassic, "--hand", "1", "--only", "bids", "--settings", settings}, 1,
        settings +
            ":1:15: not valid JSON: syntax error: unexpected ',' where a key in double "
            "quotes was expected");
    CHECK_FALSE(contains(r.err, "string literal"));
    CHECK_FALSE(contains(r.err, "object key"));
}

// `spadework lesson list`, as a new player types it after `spadework --version`, lists the
// lessons as `lesson --list` does; a lesson command naming none is bad usage.
TEST_CASE("lesson list lists the lessons, and a bare lesson is bad usage", "[cli-words]") {
    const std::string listed = run_ok({"lesson", "list"});
    CHECK(listed == run_ok({"lesson", "--list"}));
    CHECK(contains(listed, "sure-tricks  "));
    run_expecting({"lesson"}, 2, "name a lesson");
}

// A game reviewed with other settings than the ones asked for (here 2 layouts, the play
// only) is still in the player's trend, read from its best stored review and saying which.
TEST_CASE("analyze --trend reads games reviewed with other settings and says which",
          "[cli-words]") {
    Workspace ws("spadework-cli-words");
    std::string game = ws.file("g.spades");
    formats::write_game_file(game, {testing::first_legal_game(preset("classic"), 1, 40)});
    run_ok(ws.with_db({"import", game}));
    run_ok(ws.with_db({"analyze", "1", "--samples", "2", "--only", "play"}));
    const std::string out = run_ok(ws.with_db({"analyze", "--trend", "Ann"}));
    CHECK(contains(out, "Ann: play accuracy by game (1 analysed game)"));
    CHECK(contains(out, "2 layouts, play only, graded by points"));
    auto rows = testing::run_json(ws.with_db({"analyze", "--trend", "Ann", "--json"}));
    REQUIRE(rows.size() == 1);
    CHECK(rows[0]["game"] == 1);
    CHECK(rows[0]["settings"] == "2 layouts, play only, graded by points");
    CHECK(rows[0]["decisions"].get<int>() > 0);
    // The settings asked for, when stored, are the ones read.
    run_ok(ws.with_db({"analyze", "1", "--samples", "4", "--only", "play"}));
    rows = testing::run_json(
        ws.with_db({"analyze", "--trend", "Ann", "--json", "--samples", "2", "--only", "play"}));
    REQUIRE(rows.size() == 1);
    CHECK(rows[0]["settings"] == "2 layouts, play only, graded by points");
    // Asked for none of them: the best, the most layouts.
    rows = testing::run_json(ws.with_db({"analyze", "--trend", "Ann", "--json"}));
    CHECK(rows[0]["settings"] == "4 layouts, play only, graded by points");
}
