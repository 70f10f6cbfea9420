// The bid review under Issue 20's house bidding rules, as a user runs it: the alternatives it
// offers are the bids the rules leave the player, and a blind trick bid is left out.
//
// A long case (see tests/CMakeLists.txt), run in the normal build only: it runs whole bid
// reviews, the same code on more data. The completion of a layout they rest on is tested under
// the sanitizers alone, by "the bids a layout completes keep the house bidding rules"
// (tests/analyzer/test_bid_review.cpp).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstddef>
#include <string>
#include <vector>

#include "cli_house_rules_helpers.h"
#include "spadework/formats/game_file.h"
#include "support/run_command.h"
#include "support/workspace.h"

using namespace spadework;
using spadework::testing::run_json;
using spadework::testing::run_ok;
using spadework::testing::simulate;
using spadework::testing::Workspace;

TEST_CASE("the bid review runs under the house bidding rules and leaves a blind trick bid out",
          "[cli-house]") {
    Workspace ws("spadework-cli-house");
    // Suicide: the alternatives offered are the bids the rules leave the player.
    run_ok({"simulate", "--games", "1", "--rules", "classic bidding=suicide", "--seed", "4", "-o",
            ws.file("suicide.spades")});
    nlohmann::json review = run_json({"analyze", ws.file("suicide.spades") + ":1", "--only", "bids",
                                      "--samples", "4", "--no-store", "--db", ws.db});
    RecordedGame game = formats::read_game_file(ws.file("suicide.spades"))[0];
    const RecordedHand& first = game.hands[0];
    REQUIRE(review["hands"].size() == 1);
    const nlohmann::json& bids = review["hands"][0]["bids"];
    REQUIRE(bids.size() == 4);
    // The last bidder of each partnership had one choice of kind: nil if the partner bid
    // tricks, tricks if the partner bid nil.
    for (std::size_t i = 2; i < 4; ++i) {
        bool partner_nil = first.bids[i - 2].is_nil();
        for (const nlohmann::json& option : bids[i]["options"]) {
            Bid b = parse_bid(option["bid"].get<std::string>());
            CHECK(b.is_nil() != partner_nil);
        }
    }

    // A blind trick bid: its hand is reviewed, that bid is not.
    auto games = simulate(ws, "blind_bid_min=6 blind_behind=100", "3");
    for (std::size_t g = 0; g < games.size(); ++g) {
        for (std::size_t h = 0; h < games[g].hands.size(); ++h) {
            const std::vector<Bid>& made = games[g].hands[h].bids;
            auto blind = std::find_if(made.begin(), made.end(),
                                      [](Bid b) { return b.is_blind() && !b.is_nil(); });
            if (blind == made.end()) continue;
            std::string arg =
                ws.file("g.spades") + "@" + std::to_string(g + 1) + ":" + std::to_string(h + 1);
            nlohmann::json r = run_json(
                {"analyze", arg, "--only", "bids", "--samples", "4", "--no-store", "--db", ws.db});
            const nlohmann::json& reviewed = r["hands"][0]["bids"];
            CHECK(reviewed.size() == 3);
            for (const nlohmann::json& b : reviewed) CHECK(b["bid"] != to_string(*blind));
            return;
        }
    }
    FAIL("no blind trick bid in the simulated games");
}
