// The games the house rules tests simulate (test_cli_house_rules.cpp and its long case,
// test_cli_house_rules_long.cpp).
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "spadework/formats/game_file.h"
#include "support/run_command.h"
#include "support/workspace.h"

namespace spadework::testing {

// The games simulate writes under "classic <changes>", read back from both forms.
inline std::vector<RecordedGame> simulate(const Workspace& ws, const std::string& changes,
                                          const std::string& seed) {
    std::string rules = "classic " + changes;
    run_ok(
        {"simulate", "--games", "4", "--rules", rules, "--seed", seed, "-o", ws.file("g.spades")});
    run_ok({"simulate", "--games", "4", "--rules", rules, "--seed", seed, "-o", ws.file("g.pb")});
    // read_game_file replays every hand (and the whole game where the score decides a bid).
    auto games = formats::read_game_file(ws.file("g.spades"));
    CHECK(games == formats::read_game_file(ws.file("g.pb")));
    REQUIRE(games.size() == 4);
    return games;
}

}  // namespace spadework::testing
