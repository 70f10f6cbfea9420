// The command line as a new player meets it (issue 18): the version, malformed flag values as
// usage errors, dates and player names as a person writes them, a missing library, an empty
// import, JSON Lines, and the GAME forms score and convert take.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "spadework/formats/game_file.h"
#include "support/run_command.h"
#include "support/test_games.h"
#include "support/workspace.h"

using namespace spadework;
using spadework::testing::contains;
using spadework::testing::run;
using spadework::testing::run_ok;
using spadework::testing::RunResult;
using spadework::testing::Workspace;
namespace fs = std::filesystem;

namespace {

// Runs the command, checks its exit code and that stderr holds `part`.
RunResult expect_status(const std::vector<std::string>& args, int status,
                        const std::string& part) {
    RunResult r = run(args);
    INFO(args[0] << ": status " << r.status << ", stderr: " << r.err << ", stdout: " << r.out);
    CHECK(r.status == status);
    CHECK(contains(r.err, part));
    return r;
}

}  // namespace

TEST_CASE("--version prints the project's version, and --help shows it", "[cli-usage]") {
    RunResult r = run({"--version"});
    CHECK(r.status == 0);
    CHECK(r.out == std::string("spadework ") + SPADEWORK_VERSION + "\n");
    std::string help = run_ok({"--help"});
    CHECK(contains(help, std::string("Spadework ") + SPADEWORK_VERSION));
}
