// What a new user's wrong input meets, command by command: numbers past what the scores hold,
// options that contradict each other, files named for another format, folders that are not
// there, and records that say two things. Each is refused with where and what (exit 1, or 2
// for bad usage), and nothing is left half-written.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "spadework/analyzer/keeper_store.h"
#include "spadework/formats/library.h"
#include "support/run_command.h"
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

const fs::path kGames = fs::path(SPADEWORK_SAMPLES) / "games";
const std::string kClassic = (kGames / "classic.spades").string();
const std::string kDeal = "N:AKQ.JT9.8765.432 JT9.8765.432.AKQ 8765.432.AKQ.JT9 432.AKQ.JT9.8765";

std::vector<std::string> solve_with(std::vector<std::string> more) {
    std::vector<std::string> args = {"solve", "--deal", kDeal, "--leader", "E"};
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("a rule's number past what the scores hold is refused, from an override or a file",
          "[cli-sweep]") {
    Workspace ws("spadework-cli-sweep");
    run_expecting({"rules", "classic", "--rule", "target=99999999999"}, 2,
                  "--rule target=99999999999: rule target: '99999999999' is out of range: a "
                  "rule's number is from -100000 to 100000");
    run_expecting({"rules", "classic", "--rule", "bid_trick_points=2000000"}, 2,
                  "bid_trick_points=2000000 is out of range");
    run_expecting({"tally", "--rules", "classic blind_bid_min=6 blind_bid_factor=50", "--bids",
                   "b6,4,4,1", "--tricks", "6,3,3,1"},
                  2, "blind_bid_factor=50 is out of range: a factor is from -10 to 10");
    // In a rule set file: its line, as every other fault of the file.
    const std::string file = ws.file("club.textproto");
    write(file, "name: \"classic\"\nnil_points: 5000000\n");
    run_expecting({"rules", file}, 1,
                  file +
                      ":2:1: rule set: nil_points=5000000 is out of range: a rule's number is "
                      "from -100000 to 100000");
}

TEST_CASE("tally and solve refuse a score past any game's instead of overflowing it",
          "[cli-sweep]") {
    // 2147483647 + 80 wrapped round to -2147483569 before.
    run_expecting({"tally", "--bids", "4,4,4,1", "--tricks", "4,4,4,1", "--score", "NS=2147483647"},
                  2,
                  "--score: 'NS=2147483647' (1st value) is out of range: from -1000000 to 1000000");
    run_expecting(
        {"tally", "--bids", "4,4,4,1", "--tricks", "4,4,4,1", "--score", "EW=-99999999999"}, 2,
        "--score: 'EW=-99999999999' (1st value) is out of range");
    run_expecting({"tally", "--rules", "classic bag_limit=0", "--bids", "4,4,4,1", "--tricks",
                   "4,4,4,1", "--bags", "NS=99999999999"},
                  2, "--bags: 'NS=99999999999' (1st value) is out of range: from 0 to 1000000");
    std::string out = run_ok(
        {"tally", "--bids", "4,4,4,1", "--tricks", "4,4,4,1", "--score", "NS=-1000000,EW=1000000"});
    CHECK(contains(out, "(was -1000000)"));
    run_expecting(
        solve_with({"--objective", "score", "--bids", "4,4,4,1", "--score", "NS=2147483647"}), 2,
        "is out of range");
}

TEST_CASE("solve refuses options its objective does not take and a table size out of range",
          "[cli-sweep]") {
    run_expecting(solve_with({"--table-mb", "-1"}), 2,
                  "--table-mb -1: the table's size is from 1 to 4096 MB");
    run_expecting(solve_with({"--table-mb", "0"}), 2, "--table-mb 0");
    run_expecting(solve_with({"--table-mb", "5000"}), 2, "--table-mb 5000");
    run_expecting(solve_with({"--nil-seat", "N"}), 2,
                  "--nil-seat names the nil of --objective nil: give that objective");
    run_expecting(solve_with({"--score", "NS=100"}), 2,
                  "--score and --bags are the standings --objective score counts");
    run_expecting(solve_with({"--objective", "nil", "--bids", "4,4,4,1"}), 2,
                  "--objective nil needs a nil bid in --bids");
    run_expecting(solve_with({"--objective", "nil", "--bids", "4,4,4,nil", "--nil-seat", "N"}), 2,
                  "--nil-seat N: N did not bid nil or blind nil in --bids");
    std::string out =
        run_ok(solve_with({"--objective", "nil", "--bids", "4,4,4,nil", "--nil-seat", "W"}));
    CHECK(contains(out, "W's nil is"));
    CHECK(contains(run_ok(solve_with({"--table-mb", "1"})), "EW end with 7 tricks"));
}

TEST_CASE("winchance refuses a table too wide to build and a picture named for another format",
          "[cli-sweep]") {
    Workspace ws("spadework-cli-sweep");
    // A target of 5000 asked for a table of 5249 x 5249 scores: hours and gigabytes.
    run_expecting({"winchance", "--rules", "classic target=5000", "--at", "0,0", "--hands", "100",
                   "--cache", ws.file("cache")},
                  1,
                  "winchance: target=5000 makes a table of every score from -249 to 5000, 5249 a "
                  "side: more than the 4000 it builds");
    run_expecting({"winchance", "--rules", "classic overtime_target=9000 on_tie=overtime", "--at",
                   "0,0", "--hands", "100", "--cache", ws.file("cache")},
                  1, "overtime_target=9000 makes a table");
    run_expecting({"winchance", "--at", "0,0", "--hands", "100", "--cache", ws.file("cache"),
                   "--png", ws.file("map.svg")},
                  2, "--png " + ws.file("map.svg") + ": the file's extension says svg");
    CHECK(ws.empty());
}

TEST_CASE("a file written for another format or into no folder is refused, nothing written",
          "[cli-sweep]") {
    Workspace ws("spadework-cli-sweep");
    run_expecting({"convert", kClassic, ws.file("out.xyz")}, 2, "unknown output kind");
    run_expecting({"simulate", "--games", "1", "-o", ws.file("out.txt")}, 2,
                  "unknown kind of game file '.txt'");
    run_expecting({"export-lesson", "sure-tricks", "--html", ws.file("page.png")}, 2,
                  "--html " + ws.file("page.png") + ": the file's extension says png");
    const std::string nowhere = ws.file("no-such-folder/out.pb");
    run_expecting(
        {"convert", kClassic, nowhere}, 1,
        nowhere + ": cannot write the file: there is no folder " + ws.file("no-such-folder"));
    fs::create_directory(ws.file("games.spades"));
    run_expecting({"convert", kClassic, ws.file("games.spades")}, 1,
                  ws.file("games.spades") + ": cannot write the file: it is a folder");
    // What the format cannot hold is said of the file being written.
    run_expecting({"convert", kClassic, ws.file("out.openspiel")}, 1,
                  ws.file("out.openspiel") + ": game 1, hand 11: OpenSpiel has no action");
    run_expecting(
        {"simulate", "--games", "1", "--rules", "paperless", "-o", ws.file("p.openspiel")}, 1,
        ws.file("p.openspiel") + ": game 1: OpenSpiel has no action for a deck of 48");
    CHECK(ws.names() == std::set<std::string>{"games.spades"});
}

TEST_CASE("analyze refuses two reviews at once and the options the one asked for ignores",
          "[cli-sweep]") {
    run_expecting({"analyze", kClassic, "--all"}, 2,
                  "analyze: GAME (" + kClassic +
                      ") and --all are different reviews: give one of "
                      "GAME, --all or --trend PLAYER");
    run_expecting({"analyze", "--all", "--trend", "Ann"}, 2, "--all and --trend are different");
    run_expecting({"analyze", "--all", "--hand", "2"}, 2,
                  "analyze: --hand picks a hand of GAME; --all has none to pick");
    run_expecting({"analyze", "--trend", "Ann", "--hand", "2"}, 2, "--trend has none to pick");
    run_expecting({"analyze", "--all", "--force"}, 2,
                  "analyze: --force goes with GAME (--all reviews only the games not yet "
                  "reviewed");
    run_expecting({"analyze", "--trend", "Ann", "--no-store"}, 2,
                  "analyze: --no-store goes with GAME (--trend reads the stored reviews)");
    run_expecting({"analyze"}, 2, "analyze: give one of GAME, --all or --trend PLAYER");
}

TEST_CASE("merge, list and view refuse options that contradict each other or do not parse",
          "[cli-sweep]") {
    Workspace ws("spadework-cli-sweep");
    run_ok(ws.with_db({"import", kClassic}));
    run_expecting({"merge", ws.db, "--into", ws.file("a.sqlite"), "--db", ws.file("b.sqlite")}, 2,
                  "--into " + ws.file("a.sqlite") + " and --db " + ws.file("b.sqlite") +
                      " both name the library merged into: give one");
    CHECK_FALSE(fs::exists(ws.file("a.sqlite")));
    run_ok({"merge", ws.db, "--db", ws.file("c.sqlite")});
    CHECK(fs::exists(ws.file("c.sqlite")));
    run_expecting(ws.with_db({"list", "--from", "2026-12-01", "--to", "2026.01.01"}), 2,
                  "--from 2026-12-01 is after --to 2026.01.01: no date is in that range");
    CHECK(contains(run_ok(ws.with_db({"list", "--from", "2026-11-21", "--to", "2026-11-21"})),
                   "Sample: classic"));
    run_expecting(ws.with_db({"view", "--keep-score", "abc"}), 2,
                  "--keep-score abc: expected new or a kept game's number");
    // Kept games are numbered from 1: 0 is a malformed number, not a game to look for.
    run_expecting(ws.with_db({"view", "--keep-score", "0"}), 2,
                  "--keep-score 0: expected new or a kept game's number (from 1)");
    run_expecting({"view", kClassic, "--no-library", "--what-if", "ZZ"}, 2,
                  "--what-if: 'ZZ' is not a card");
    run_expecting({"view", kClassic, "--no-library", "--screenshot", ws.file("shot.svg")}, 2,
                  "--screenshot " + ws.file("shot.svg") + ": the file's extension says svg");
    CHECK_FALSE(fs::exists(ws.file("shot.svg")));
}

TEST_CASE("a PTN record whose Dealer tag and Deal disagree is refused at the tag", "[cli-sweep]") {
    Workspace ws("spadework-cli-sweep");
    const std::string ptn = ws.file("game.ptn");
    run_ok({"convert", kClassic, ptn});
    std::string text = testing::slurp(ptn);
    const std::string tag = "[Dealer \"N\"]";
    const auto at = text.find(tag);
    REQUIRE(at != std::string::npos);
    const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n'));
    text.replace(at, tag.size(), "[Dealer \"E\"]");
    write(ptn, text);
    run_expecting({"show", ptn}, 1,
                  ptn + ":" + std::to_string(line) +
                      ":10: [Dealer \"E\"] but the [Deal] starts with the dealer N: they must "
                      "name the same seat");
    text.replace(at, tag.size(), "[Dealer \"Q\"]");
    write(ptn, text);
    run_expecting({"import", ptn, "--db", ws.db}, 1,
                  ptn + ":" + std::to_string(line) + ":10: [Dealer] is N, E, S or W, not \"Q\"");
}

TEST_CASE("list names the library and the kept game a partnership label breaks", "[cli-sweep]") {
    Workspace ws("spadework-cli-sweep");
    run_ok(ws.with_db({"import", kClassic}));
    analyzer::KeeperSetup setup;
    setup.players = {"Ann", "Bob", "Carol", "Dee"};
    setup.date = "2026.11.26";
    using K = analyzer::KeeperEntry::Kind;
    std::vector<analyzer::KeeperEntry> entries = {{K::Bid, index(Seat::East), Bid::tricks(3), 0},
                                                  {K::Bid, index(Seat::South), Bid::tricks(4), 0},
                                                  {K::Bid, index(Seat::West), Bid::tricks(3), 0},
                                                  {K::Bid, index(Seat::North), Bid::tricks(2), 0},
                                                  {K::TeamTricks, 1, Bid(), 7},
                                                  {K::TeamTricks, 0, Bid(), 6}};
    std::string state = analyzer::keeper_state_json(setup, entries);
    state.replace(state.find("\"E-W\""), 5, "\"WE\"");
    std::int64_t id = 0;
    {
        formats::Library lib(ws.db);
        id = analyzer::KeeperStore(lib).add(state);
    }
    const std::string out = run_ok(ws.with_db({"list"}));
    CHECK(contains(out, ws.db + ", kept game #" + std::to_string(id) +
                            " cannot be read: entry 5: the partnership 'WE' is neither N-S nor "
                            "E-W"));
}

TEST_CASE("rules with a blank NAME is refused, not taken for the list of presets", "[cli-sweep]") {
    run_expecting({"rules", ""}, 2, "rules: a rule set with no name");
    CHECK(contains(run_ok({"rules"}), "classic"));
}

TEST_CASE("a blank player or event name is refused, not taken for every one", "[cli-sweep]") {
    Workspace ws("spadework-cli-sweep");
    run_ok(ws.with_db({"import", kClassic}));
    for (const char* command : {"list", "hands", "stats"}) {
        INFO(command);
        run_expecting(ws.with_db({command, "--player", ""}), 2,
                      "--player: a name is needed, not an empty one (leave the option out to "
                      "match every one)");
        run_expecting(ws.with_db({command, "--player", "  "}), 2, "--player: a name is needed");
    }
    run_expecting(ws.with_db({"list", "--event", ""}), 2, "--event: a name is needed");
    // Left out, every game is listed; a name matches its games.
    CHECK(contains(run_ok(ws.with_db({"list"})), "Sample: classic"));
}
