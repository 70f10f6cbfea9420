// `spadework simulate` as a user runs it: the games it writes read back in both forms, the
// same seed gives the same bytes, rules come from presets, files and overrides, and bad
// options fail with a clear message and no file.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "spadework/formats/game_file.h"
#include "support/run_command.h"
#include "support/workspace.h"

using namespace spadework;
using spadework::testing::contains;
using spadework::testing::run;
using spadework::testing::run_ok;
using spadework::testing::RunResult;
using spadework::testing::Workspace;
namespace fs = std::filesystem;

namespace {

const fs::path kSamples = SPADEWORK_SAMPLES;

std::size_t hands_in(const std::vector<RecordedGame>& games) {
    std::size_t n = 0;
    for (const RecordedGame& g : games) n += g.hands.size();
    return n;
}

}  // namespace

TEST_CASE("simulate writes complete legal games that read back as .spades and .pb",
          "[cli-simulate]") {
    Workspace f("spadework-cli-simulate");
    std::string out = run_ok({"simulate", "--games", "4", "--rules", "classic", "--seed", "7", "-o",
                              f.file("g.spades")});
    run_ok({"simulate", "--games", "4", "--rules", "classic", "--seed", "7", "-o", f.file("g.pb")});
    // read_game_file replays every hand: a game it returns is legal.
    auto text = formats::read_game_file(f.file("g.spades"));
    auto pb = formats::read_game_file(f.file("g.pb"));
    REQUIRE(text.size() == 4);
    CHECK(text == pb);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const RecordedGame& g = text[i];
        CHECK(g.rules == preset("classic"));
        CHECK(g.event == "Spadework simulation");
        CHECK(g.players[0] == "North Bot");
        CHECK(g.players[3] == "West Bot");
        CHECK_FALSE(g.date.empty());
        CHECK(g.table == std::to_string(i + 1));
        ScoredGame scored = score_game(g, g.rules);
        CHECK(scored.result.has_value());
    }
    CHECK(text[0].hands != text[1].hands);
    // One line: the games, the hands and the file.
    CHECK(contains(out, "4 games, " + std::to_string(hands_in(text)) + " hands under classic"));
    CHECK(contains(out, f.file("g.spades")));
    CHECK(std::count(out.begin(), out.end(), '\n') == 1);
}

TEST_CASE("simulate gives the same bytes for the same seed", "[cli-simulate]") {
    Workspace f("spadework-cli-simulate");
    for (const char* name : {"a.spades", "b.spades"}) {
        run_ok({"simulate", "--games", "3", "--rules", "paperless", "--seed", "11", "-o",
                f.file(name)});
    }
    run_ok({"simulate", "--games", "3", "--rules", "paperless", "--seed", "12", "-o",
            f.file("c.spades")});
    std::string a = formats::read_file(f.file("a.spades"));
    CHECK(a == formats::read_file(f.file("b.spades")));
    CHECK(a != formats::read_file(f.file("c.spades")));
    // The default seed is a seed like any other.
    run_ok({"simulate", "--games", "2", "-o", f.file("d1.pb")});
    run_ok({"simulate", "--games", "2", "-o", f.file("d2.pb")});
    CHECK(formats::read_file(f.file("d1.pb")) == formats::read_file(f.file("d2.pb")));
    // Paperless games come with their passes.
    auto games = formats::read_game_file(f.file("a.spades"));
    REQUIRE(games.size() == 3);
    CHECK(games[0].rules == preset("paperless"));
    CHECK(games[0].hands[0].passes[0].size() == 3);
}

TEST_CASE("simulate takes rules from a file and overrides", "[cli-simulate]") {
    Workspace f("spadework-cli-simulate");
    run_ok({"simulate", "--games", "2", "--rules",
            (kSamples / "rules" / "leaflet.textproto").string(), "-o", f.file("leaflet.pb")});
    auto leaflet = formats::read_game_file(f.file("leaflet.pb"));
    REQUIRE(leaflet.size() == 2);
    CHECK(leaflet[0].rules == preset("leaflet"));

    run_ok({"simulate", "--games", "2", "--rules", "computer", "--rule", "max_bid=8", "--rule",
            "target=300", "-o", f.file("computer.spades")});
    auto computer = formats::read_game_file(f.file("computer.spades"));
    REQUIRE(computer.size() == 2);
    CHECK(computer[0].rules.max_bid == 8);
    CHECK(computer[0].rules.target == 300);
    for (const RecordedGame& g : computer) {
        for (const RecordedHand& h : g.hands) {
            for (Bid b : h.bids) CHECK(b.count() <= 8);
        }
    }
}

TEST_CASE("simulate refuses bad options and leaves no file", "[cli-simulate]") {
    Workspace f("spadework-cli-simulate");
    auto fails = [&](std::vector<std::string> args, const std::string& message, int status = 1) {
        RunResult r = run(args);
        INFO(r.err);
        CHECK(r.status == status);
        CHECK(contains(r.err, message));
        CHECK(f.empty());
    };
    std::string out = f.file("g.spades");
    // Values that do not read as what their option takes: usage errors.
    fails({"simulate", "--games", "0", "-o", out}, "--games: '0' is not a number of games", 2);
    fails({"simulate", "--games", "-3", "-o", out}, "--games: '-3'", 2);
    fails({"simulate", "--games", "many", "-o", out}, "--games: 'many'", 2);
    fails({"simulate", "--games", "2", "--seed", "x1", "-o", out}, "--seed: 'x1'", 2);
    fails({"simulate", "--games", "2", "-o", f.file("g.txt")}, "unknown kind of game file '.txt'",
          2);
    fails({"simulate", "--games", "2", "-o", f.file("missing/g.pb")}, "there is no folder");
    // A score sheet cannot hold games played card by card: refused before any is played.
    fails({"simulate", "--games", "2", "-o", f.file("g.csv")},
          "a .csv file holds a score sheet (bids and tricks only), and the bots' games are "
          "recorded card by card: write .spades (text log)",
          2);
    // The date written in every game is a day of the calendar, as edit --date takes it.
    fails({"simulate", "--games", "2", "--date", "2026-02-30", "-o", out},
          "--date: the date '2026-02-30' is not a day of the calendar: February 2026 has 28 days",
          2);
    fails({"simulate", "--games", "2", "--date", "soon", "-o", out}, "--date: 'soon'", 2);
    // A rule set name that is nothing, an override that does not apply: usage errors.
    fails({"simulate", "--games", "2", "--rules", "bridge", "-o", out}, "bridge", 2);
    fails({"simulate", "--games", "2", "--rule", "bag_limit=lots", "-o", out}, "bag_limit", 2);
    // A folder where the file should go: written nowhere, and the folder is untouched.
    fs::create_directory(f.dir / "taken.spades");
    RunResult r = run({"simulate", "--games", "1", "-o", f.file("taken.spades")});
    CHECK(r.status == 1);
    CHECK(fs::is_directory(f.dir / "taken.spades"));
    CHECK(fs::is_empty(f.dir / "taken.spades"));
    CHECK(std::distance(fs::directory_iterator(f.dir), fs::directory_iterator()) == 1);
    // The command line itself: --games and -o are required.
    CHECK(run({"simulate", "-o", out}).status == 2);
    CHECK(run({"simulate", "--games", "2"}).status == 2);
}
