// The error policy (engine/error.h) through the command: bad input exits 1 with a message
// that says where and what; a malformed command line exits 2; a broken invariant exits 3
// with "internal error, please report", never blaming the input.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "support/run_command.h"
#include "support/workspace.h"

using spadework::testing::contains;
using spadework::testing::run;
using spadework::testing::RunResult;
using spadework::testing::Workspace;
namespace fs = std::filesystem;

namespace {

const fs::path kSamples = SPADEWORK_SAMPLES;

RunResult expect(const std::vector<std::string>& args, int status) {
    RunResult r = run(args);
    INFO(args[0] << ": " << r.err);
    CHECK(r.status == status);
    return r;
}

}  // namespace

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
    RunResult r = expect({"show", file}, 1);
    CHECK(contains(r.err, "spadework: " + file + ":16:8: expected a bid, got 'x'"));
    CHECK_FALSE(contains(r.err, "internal error"));
    // A flag's value is input too.
    r = expect({"tally", "--bids", "4,x,3,2", "--tricks", "4,3,3,3"}, 1);
    CHECK(contains(r.err, "--bids: 'x' (2nd value)"));
}

TEST_CASE("a malformed command line exits 2", "[cli-exit]") {
    RunResult r = expect({"show"}, 2);  // CLI11: a required argument left out
    CHECK(contains(r.err, "game is required"));
    expect({"rules", "--no-such-flag"}, 2);
    r = expect({"show", (kSamples / "games" / "classic.spades").string() + "@two"}, 2);
    CHECK(contains(r.err, "expected FILE@N"));
    CHECK(contains(r.err, "--help"));
    // Flags that need one another, checked by the command rather than by CLI11.
    r = expect({"solve", "--deal",
                "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
                "...AKQJT98765432",
                "--leader", "N", "--objective", "score"},
               2);
    CHECK(contains(r.err, "--objective score needs --bids"));
    r = expect({"view", "--no-library", "--lesson-answers", "4"}, 2);
    CHECK(contains(r.err, "--lesson-answers: needs --lesson NAME"));
    r = expect({"view", "3", "--no-library"}, 2);
    CHECK(contains(r.err, "a library game needs the library"));
}

TEST_CASE("a broken invariant exits 3 as an internal error naming it", "[cli-exit]") {
    RunResult r = expect({"internal-error-test"}, 3);
    CHECK(contains(r.err, "spadework: internal error, please report: "));
    CHECK(contains(r.err, "main.cpp:"));
    CHECK(contains(r.err, "the test's invariant holds"));
    // The hidden command is not offered to users.
    RunResult help = expect({"--help"}, 0);
    CHECK_FALSE(contains(help.out, "internal-error-test"));
}
