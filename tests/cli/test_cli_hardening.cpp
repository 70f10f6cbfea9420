// Imports started at once on a new library all succeed: the first to lock it creates it, the
// others find it made. The import killed at random moments (nothing lost, a rerun completes
// it) is a long case, in test_cli_hardening_long.cpp.
#include <catch2/catch.hpp>
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "spadework/formats/library.h"
#include "support/run_command.h"
#include "support/workspace.h"

using namespace spadework;
using spadework::testing::Workspace;
namespace fs = std::filesystem;

TEST_CASE("imports started at once on a new library all succeed", "[cli-hardening]") {
    // Each creates the library if no other has yet: the first to lock it creates it, the
    // others find it made (a look between its tables and its version once refused it as
    // "another program's").
    Workspace ws("spadework-cli-race");
    const fs::path samples = fs::path(SPADEWORK_SAMPLES) / "games";
    const std::vector<std::string> names = {"classic", "casual", "paperless", "leaflet"};
    for (int round = 0; round < 8; ++round) {
        INFO("round " << round);
        const std::string db = ws.file("race" + std::to_string(round) + ".sqlite");
        std::vector<pid_t> pids;
        for (std::size_t i = 0; i < names.size(); ++i) {
            std::vector<std::string> args = {SPADEWORK_EXE, "import", "--db", db,
                                             (samples / (names[i] + ".pb")).string()};
            pids.push_back(testing::spawn_process(SPADEWORK_EXE, args, "/dev/null",
                                                  ws.file("race" + std::to_string(i) + ".err")));
        }
        for (std::size_t i = 0; i < pids.size(); ++i) {
            int status = testing::wait_process(pids[i]);
            INFO(testing::slurp(ws.file("race" + std::to_string(i) + ".err")));
            CHECK(status == 0);
        }
        CHECK(formats::Library(db).count_games() == static_cast<int>(names.size()));
    }
}
