#include <catch2/catch.hpp>

#include "spadework/engine/game.h"

using namespace spadework;

namespace {
HandOutcome outcome(std::array<Bid, 4> bids, std::array<int, 4> tricks) {
    return HandOutcome{bids, tricks, std::nullopt};
}
const std::array<Bid, 4> kFours = {Bid::tricks(4), Bid::tricks(3), Bid::tricks(2), Bid::tricks(3)};
}  // namespace

TEST_CASE("the hand limit ends a game and the higher score wins", "[game]") {
    RuleSet r = make_rules("classic", {"hand_limit=2"});
    Game g(r);
    g.add_hand(outcome(kFours, {4, 3, 2, 4}));  // NS 60, EW 61
    CHECK_FALSE(g.over());
    g.add_hand(outcome(kFours, {4, 3, 2, 4}));
    REQUIRE(g.over());
    CHECK(g.result()->winner == Team::EW);
    CHECK(g.result()->reason == EndReason::HandLimit);
    CHECK(g.result()->margin == 2);
    CHECK_THROWS_AS(g.add_hand(outcome(kFours, {4, 3, 2, 4})), Error);
}

TEST_CASE("a tie at the hand limit plays on, or draws when the rules say so", "[game]") {
    // Two hands that leave the partnerships level: 60+1 each side after swapping roles.
    auto a = outcome({Bid::tricks(3), Bid::tricks(3), Bid::tricks(3), Bid::tricks(3)},
                     {4, 3, 3, 3});  // NS 61, EW 60
    auto b = outcome({Bid::tricks(3), Bid::tricks(3), Bid::tricks(3), Bid::tricks(3)},
                     {3, 4, 3, 3});  // NS 60, EW 61
    Game g(make_rules("classic", {"hand_limit=2"}));
    g.add_hand(a);
    g.add_hand(b);  // 121 - 121 after the limit: play on
    CHECK_FALSE(g.over());
    g.add_hand(a);
    REQUIRE(g.over());
    CHECK(g.result()->winner == Team::NS);
    CHECK(g.hands().size() == 3);

    Game d(make_rules("classic", {"hand_limit=2", "on_tie=draw"}));
    d.add_hand(a);
    d.add_hand(b);
    REQUIRE(d.over());
    CHECK_FALSE(d.result()->winner.has_value());
    CHECK(d.result()->margin == 0);
}

TEST_CASE("the deal passes to the left each hand", "[game]") {
    Game g(preset("classic"));
    CHECK(g.next_dealer(Seat::West) == Seat::West);
    g.add_hand(outcome(kFours, {4, 3, 2, 4}));
    CHECK(g.next_dealer(Seat::West) == Seat::North);
    g.add_hand(outcome(kFours, {4, 3, 2, 4}));
    CHECK(g.next_dealer(Seat::West) == Seat::East);
}
