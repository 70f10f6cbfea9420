// Errors through the command. The error policy (engine/error.h): bad input exits 1 with a
// message that says where and what; a malformed command line exits 2; a broken invariant
// exits 3 with "internal error, please report", never blaming the input. And the GAME
// argument as every command reads it (parse_game_arg): a library id, a file, FILE@N, each
// with :HAND, and a folder where view takes one; malformed, it is a usage error saying what
// is wrong; naming nothing there is, it is bad input.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

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

const fs::path kSamples = SPADEWORK_SAMPLES;

// A failure that says `part` on stderr, with nothing on stdout.
void fails(const std::vector<std::string>& args, int status, const std::string& part) {
    CHECK(run_expecting(args, status, part).out.empty());
}

// A file of two games, and each of them alone in a file of its own.
struct TwoGames {
    std::string both;
    std::string first;
    std::string second;
    explicit TwoGames(const Workspace& ws) {
        RecordedGame a = testing::first_legal_game(preset("classic"), 3, 40);
        RecordedGame b = testing::first_legal_game(preset("paperless"), 2, 50);
        both = ws.file("two.spades");
        first = ws.file("first.spades");
        second = ws.file("second.spades");
        formats::write_game_file(both, {a, b});
        formats::write_game_file(first, {a});
        formats::write_game_file(second, {b});
    }
};

}  // namespace

TEST_CASE("GAME names a library id, a file or FILE@N, each with :HAND", "[cli-game-arg]") {
    Workspace ws("spadework-cli-game-arg");
    TwoGames files(ws);
    // FILE: every game of the file, each under its label.
    std::string all = run_ok({"show", files.both});
    CHECK(contains(all, "== " + files.both + " game 1"));
    CHECK(contains(all, "== " + files.both + " game 2"));
    // FILE@N: that game alone, as it shows from a file of its own.
    CHECK(run_ok({"show", files.both + "@2"}) == run_ok({"show", files.second}));
    CHECK(run_ok({"show", files.both + "@1"}) == run_ok({"show", files.first}));
    // FILE:HAND and FILE@N:HAND: one hand.
    std::string hand = run_ok({"show", files.second + ":2"});
    CHECK(contains(hand, "Hand 2 of 2"));
    CHECK(run_ok({"show", files.both + "@2:2"}) == hand);
    // ID and ID:HAND.
    run_ok(ws.with_db({"import", files.second}));
    CHECK(run_ok(ws.with_db({"show", "1"})) == run_ok({"show", files.second}));
    CHECK(run_ok(ws.with_db({"show", "1:2"})) == hand);
    // A file whose whole name looks like another form is that file: here FILE:HAND names a
    // file of its own, of no known kind, rather than hand 2 of the file.
    fs::copy_file(files.second, files.second + ":2");
    RunResult r = run({"show", files.second + ":2"});
    CHECK(r.status == 1);
    CHECK(contains(r.err, "unknown kind of game file '.spades:2'"));
    // The other commands that take GAME read it the same way.
    CHECK(run({"score", files.both + "@2", "--rules", "classic"}).status == 0);
}

TEST_CASE("A malformed GAME is a usage error saying what is wrong", "[cli-game-arg]") {
    Workspace ws("spadework-cli-game-arg");
    TwoGames files(ws);
    fails({"show", files.both + "@x"}, 2, "expected FILE@N, N a game number from 1, not 'x'");
    fails({"show", files.both + "@0"}, 2, "expected FILE@N");
    fails({"show", files.both + ":abc"}, 2,
          "expected GAME:HAND, HAND a hand number from 1, not 'abc'");
    fails({"show", files.both + "@2:0"}, 2, "expected GAME:HAND");
    fails(ws.with_db({"show", "12@2"}), 2, "a library id names one game already");
    fails({"show", ""}, 2, "GAME is empty");
    fails({"show", ws.dir.string()}, 2, "is a folder: give a library id, a game file or FILE@N");
    fails({"show", "99999999999999999999"}, 2, "the game id is too large");
    // Every command that takes GAME, view included.
    fails({"score", files.both + "@x", "--rules", "classic"}, 2, "expected FILE@N");
    fails({"analyze", files.both + ":x"}, 2, "expected GAME:HAND");
    fails({"view", files.both + "@x", "--no-library"}, 2, "expected FILE@N");
    fails({"view", ws.dir.string() + ":3", "--no-library"}, 2,
          "a folder takes neither @N nor :HAND");
    fails({"view", files.both + ":1", "--hand", "2", "--no-library"}, 2,
          "names hand 1 and --hand 2 another: give one");
    fails({"analyze", files.second + ":1", "--hand", "2"}, 2,
          "names hand 1 and --hand 2 another: give one");
}

TEST_CASE("A GAME that names nothing there is is bad input", "[cli-game-arg]") {
    Workspace ws("spadework-cli-game-arg");
    TwoGames files(ws);
    fails({"show", ws.file("none.spades")}, 1, "is neither a game id in the library nor a file");
    fails({"show", ws.file("none.spades") + "@2"}, 1, "is neither a game id");
    fails({"show", files.both + "@3"}, 1, "has 2 games: there is no game 3");
    fails({"show", files.second + ":9"}, 1, "there is no hand 9");
    run_ok(ws.with_db({"import", files.second}));  // a library (only import makes one)
    fails(ws.with_db({"show", "7"}), 1, "no game 7 in the library");
    fails({"view", ws.file("none.spades"), "--no-library"}, 1, "is neither a game id");
}

TEST_CASE("bad input exits 1 with the file, line and column", "[cli-exit]") {
    Workspace ws("spadework-cli-exit");
    // The sample with its first bid made unreadable: line 16, column 8.
    std::ifstream in(kSamples / "games" / "classic.spades");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto at = text.find("bids E:4");
    REQUIRE(at != std::string::npos);
    text.replace(at, 8, "bids E:x");
    std::string file = ws.file("bad.spades");
    std::ofstream(file) << text;
    RunResult r = run_expecting({"show", file}, 1);
    CHECK(contains(r.err, "spadework: " + file + ":16:8: expected a bid, got 'x'"));
    CHECK_FALSE(contains(r.err, "internal error"));
    // A flag's value that reads but does not fit is input: tricks that do not add up.
    r = run_expecting({"tally", "--bids", "4,3,3,2", "--tricks", "4,3,3,2"}, 1);
    CHECK(contains(r.err, "tricks add up to 12, not 13"));
}

TEST_CASE("a malformed command line exits 2", "[cli-exit]") {
    RunResult r = run_expecting({"show"}, 2);  // CLI11: a required argument left out
    CHECK(contains(r.err, "game is required"));
    // The parser's refusals read as every other message: the program's name first.
    CHECK(r.err.rfind("spadework: game is required", 0) == 0);
    r = run_expecting({"analyze", "--samples", "0", "x.spades"}, 2);
    CHECK(r.err.rfind("spadework: --samples: '0' is not a whole number from 1 to 100000", 0) == 0);
    // A flag's value that does not read as what the flag takes.
    r = run_expecting({"tally", "--bids", "4,x,3,2", "--tricks", "4,3,3,3"}, 2);
    CHECK(contains(r.err, "--bids: 'x' (2nd value)"));
    run_expecting({"rules", "--no-such-flag"}, 2);
    r = run_expecting({"show", (kSamples / "games" / "classic.spades").string() + "@two"}, 2);
    CHECK(contains(r.err, "expected FILE@N"));
    CHECK(contains(r.err, "--help"));
    // Flags that need one another, checked by the command rather than by CLI11.
    r = run_expecting({"solve", "--deal",
                       "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
                       "...AKQJT98765432",
                       "--leader", "N", "--objective", "score"},
                      2);
    CHECK(contains(r.err, "--objective score needs --bids"));
    r = run_expecting({"view", "--no-library", "--lesson-answers", "4"}, 2);
    CHECK(contains(r.err, "--lesson-answers: needs --lesson NAME"));
    r = run_expecting({"view", "3", "--no-library"}, 2);
    CHECK(contains(r.err, "a library game needs the library"));
}

TEST_CASE("a broken invariant exits 3 as an internal error naming it", "[cli-exit]") {
    RunResult r = run_expecting({"internal-error-test"}, 3);
    CHECK(contains(r.err, "spadework: internal error, please report: "));
    CHECK(contains(r.err, "main.cpp:"));
    CHECK(contains(r.err, "the test's invariant holds"));
    // The hidden command is not offered to users.
    RunResult help = run_expecting({"--help"}, 0);
    CHECK_FALSE(contains(help.out, "internal-error-test"));
}

// A protobuf file's faults in the user's words: no schema type name ("spadework.v1.Game"),
// in the text format as in JSON.
TEST_CASE("an unknown field of a textproto or JSON game names the field, not the schema",
          "[cli-errors]") {
    Workspace ws("spadework-cli-unknown-field");
    const std::string text = ws.file("r.textproto");
    std::ofstream(text) << "garbage\n";
    RunResult r = run_expecting({"show", text}, 1,
                                text +
                                    ":1:1: unknown field 'garbage' (misspelt, or from a newer "
                                    "version of Spadework?)");
    CHECK_FALSE(contains(r.err, "spadework.v1"));
    CHECK_FALSE(contains(r.err, "Message type"));
    const std::string json = ws.file("r.json");
    std::ofstream(json) << "{\"garbage\": 1}\n";
    r = run_expecting({"show", json}, 1, json + ":1:2: garbage: no such field");
    CHECK_FALSE(contains(r.err, "spadework.v1"));
    // A rule set file alike.
    const std::string rules = ws.file("house.textproto");
    std::ofstream(rules) << "target: 300\nbag_limt: 5\n";
    r = run_expecting({"rules", rules}, 1, rules + ":2:1: unknown field 'bag_limt'");
    CHECK_FALSE(contains(r.err, "spadework.v1"));
}
