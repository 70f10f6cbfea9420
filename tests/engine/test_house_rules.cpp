// Issue 20's house rules that change the score and the end of the game: each with worked
// examples (a hand's bids and tricks, and the score it must give).
#include <catch2/catch.hpp>

#include "spadework/engine/game.h"

using namespace spadework;

namespace {

constexpr Team NS = Team::NS;
constexpr Team EW = Team::EW;

Bid B(int n) {
    return Bid::tricks(n);
}

HandOutcome hand(std::array<Bid, 4> bids, std::array<int, 4> tricks) {
    return HandOutcome{bids, tricks, std::nullopt};
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Game end: mercy.

TEST_CASE("mercy=200: a lead of 200 points ends the game, a lead of 199 does not", "[house]") {
    RuleSet r = make_rules("classic", {"mercy=200"});
    CHECK_FALSE(set_ended(r, r.target, 250, 51, 1).has_value());
    CHECK(set_ended(r, r.target, 250, 50, 1) == EndReason::Mercy);
    CHECK(set_ended(r, r.target, -120, 80, 1) == EndReason::Mercy);  // either side's lead
    CHECK_FALSE(set_ended(preset("classic"), 500, 250, 50, 1).has_value());
    CHECK(end_reason_name(EndReason::Mercy) == "mercy");

    Game g(r);
    // NS bid 4 + 4 and take 8: 80. EW bid 3 + 3 and take 5: set, -60. A lead of 140.
    g.add_hand(hand({B(4), B(3), B(4), B(3)}, {4, 2, 4, 3}));
    CHECK(g.standings()[index(NS)].score == 80);
    CHECK(g.standings()[index(EW)].score == -60);
    CHECK_FALSE(g.over());
    // NS bid 3 + 3 and take 8: 62. EW bid 4 + 4 and take 5: -80. 142 to -140: a lead of 282.
    g.add_hand(hand({B(3), B(4), B(3), B(4)}, {4, 2, 4, 3}));
    REQUIRE(g.over());
    CHECK(g.result()->reason == EndReason::Mercy);
    CHECK(g.result()->winner == NS);
    CHECK(g.result()->margin == 282);

    // The same hands without the rule play on.
    Game plain(preset("classic"));
    plain.add_hand(hand({B(4), B(3), B(4), B(3)}, {4, 2, 4, 3}));
    plain.add_hand(hand({B(3), B(4), B(3), B(4)}, {4, 2, 4, 3}));
    CHECK_FALSE(plain.over());
    CHECK_THROWS_AS(make_rules("classic", {"mercy=0"}), RuleError);
}
