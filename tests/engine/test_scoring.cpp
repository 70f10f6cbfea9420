// Scoring cases that no document works through but the fields promise.
#include <catch2/catch.hpp>

#include "spadework/engine/scoring.h"

using namespace spadework;

namespace {
HandOutcome outcome(std::array<Bid, 4> bids, std::array<int, 4> tricks) {
    return HandOutcome{bids, tricks, std::nullopt};
}
Bid b(int n) {
    return Bid::tricks(n);
}

int count_kind(const TeamHandScore& team, ScoreItem::Kind kind) {
    int n = 0;
    for (auto& item : team.items) n += item.kind == kind;
    return n;
}
}  // namespace

TEST_CASE("bags crossing the limit twice in one hand bring two penalties", "[scoring]") {
    RuleSet r = make_rules("classic", {"bag_limit=5", "bag_penalty=50"});
    // NS bid 2 and take 9: 7 bags on top of 4 = 11 -> two penalties, 1 left.
    Standings before{TeamStanding{100, 4}, TeamStanding{0, 0}};
    HandScore s = score_hand(r, outcome({b(1), b(2), b(1), b(2)}, {5, 2, 4, 2}), before);
    CHECK(s[Team::NS].bags_added == 7);
    CHECK(s[Team::NS].bag_penalties == 2);
    CHECK(count_kind(s[Team::NS], ScoreItem::Kind::BagPenalty) == 2);
    CHECK(s[Team::NS].after.bags == 1);
    CHECK(s[Team::NS].delta == 20 + 7 - 100);
    CHECK(s[Team::NS].after.score == 100 + 27 - 100);
}

TEST_CASE("bag_limit=0 turns the penalty off but overtricks still score", "[scoring]") {
    RuleSet r = preset("computer");
    Standings before{TeamStanding{0, 25}, TeamStanding{}};
    HandScore s = score_hand(r, outcome({b(1), b(2), b(1), b(2)}, {5, 2, 4, 2}), before);
    CHECK(s[Team::NS].delta == 27);
    CHECK(s[Team::NS].bag_penalties == 0);
    CHECK(s[Team::NS].bags_added == 0);
    CHECK(s[Team::NS].after.bags == 25);  // bags are not counted: the count stands
}

TEST_CASE("nil_tricks decides what a nil bidder's tricks count for", "[scoring]") {
    // N nil takes 2, S bids 4 takes 3: 5 tricks for NS if they count for the partner.
    auto out = outcome({Bid::nil(), b(3), b(4), b(3)}, {2, 4, 3, 4});
    SECTION("separate: S's 3 of 4 is a set; no bags") {
        HandScore s = score_hand(preset("classic"), out, {});
        CHECK(s[Team::NS].tricks == 3);
        CHECK(s[Team::NS].delta == -100 - 40);
        CHECK(s[Team::NS].bags_added == 0);
    }
    SECTION("count_for_partner: 5 of 4 makes it with a bag") {
        HandScore s = score_hand(make_rules("classic", {"nil_tricks=count_for_partner"}), out, {});
        CHECK(s[Team::NS].tricks == 5);
        CHECK(s[Team::NS].delta == -100 + 40 + 1);
        CHECK(s[Team::NS].bags_added == 1);
    }
    SECTION("bags_and_points: set, and the nil's 2 tricks are 2 bags worth a point each") {
        HandScore s = score_hand(make_rules("classic", {"nil_tricks=bags_and_points"}), out, {});
        CHECK(s[Team::NS].delta == -100 - 40 + 2);
        CHECK(s[Team::NS].bags_added == 2);
        CHECK(count_kind(s[Team::NS], ScoreItem::Kind::NilTrickBags) == 1);
    }
    SECTION("bags_only: set, and the nil's 2 tricks are 2 bags worth nothing") {
        HandScore s = score_hand(make_rules("classic", {"nil_tricks=bags_only"}), out, {});
        CHECK(s[Team::NS].delta == -100 - 40);
        CHECK(s[Team::NS].bags_added == 2);
        CHECK(count_kind(s[Team::NS], ScoreItem::Kind::NilTrickBags) == 1);
    }
    SECTION("bags_only with bags turned off: the tricks are nothing at all") {
        HandScore s =
            score_hand(make_rules("classic", {"nil_tricks=bags_only", "bag_limit=0"}), out, {});
        CHECK(s[Team::NS].delta == -100 - 40);
        CHECK(s[Team::NS].bags_added == 0);
        CHECK(count_kind(s[Team::NS], ScoreItem::Kind::NilTrickBags) == 0);
    }
}

TEST_CASE("both_nil_scoring=together with nil_failed=opponents gives the pair's value away",
          "[scoring]") {
    // N nil takes 1, S blind nil takes none: together, both fail, and EW gain 100 + 200.
    RuleSet r = make_rules("classic", {"both_nil_scoring=together", "nil_failed=opponents"});
    HandScore s =
        score_hand(r, outcome({Bid::nil(), b(5), Bid::blind_nil(), b(6)}, {1, 6, 0, 6}), {});
    CHECK(s[Team::NS].delta == 0);
    CHECK(count_kind(s[Team::NS], ScoreItem::Kind::NilFailed) == 1);
    CHECK(count_kind(s[Team::NS], ScoreItem::Kind::BlindNilFailed) == 1);
    CHECK(s[Team::EW].delta == 110 + 1 + 100 + 200);
    // Each on its own, S's blind nil is made and N's nil alone goes to EW.
    HandScore each =
        score_hand(make_rules("classic", {"nil_failed=opponents"}),
                   outcome({Bid::nil(), b(5), Bid::blind_nil(), b(6)}, {1, 6, 0, 6}), {});
    CHECK(each[Team::NS].delta == 200);
    CHECK(each[Team::EW].delta == 110 + 1 + 100);
}

TEST_CASE("failed_contract and set_points combine", "[scoring]") {
    auto out = outcome({b(5), b(3), b(4), b(3)}, {3, 4, 3, 3});  // NS 9 bid, 6 taken
    CHECK(
        score_hand(make_rules("classic", {"failed_contract=minus_bid"}), out, {})[Team::NS].delta ==
        -90);
    CHECK(score_hand(make_rules("classic", {"failed_contract=zero"}), out, {})[Team::NS].delta ==
          0);
    CHECK(score_hand(make_rules("classic", {"failed_contract=minus_shortfall"}), out, {})[Team::NS]
              .delta == -30);
    HandScore s = score_hand(make_rules("classic", {"set_points=7"}), out, {});
    CHECK(s[Team::EW].delta == 60 + 1 + 7);
    CHECK(count_kind(s[Team::EW], ScoreItem::Kind::OpponentsSet) == 1);
}

TEST_CASE("a partnership of two nils has no contract", "[scoring]") {
    RuleSet r = preset("classic");
    HandScore s =
        score_hand(r, outcome({Bid::nil(), b(5), Bid::blind_nil(), b(6)}, {0, 7, 1, 5}), {});
    CHECK(s[Team::NS].bid == 0);
    CHECK(count_kind(s[Team::NS], ScoreItem::Kind::ContractMade) == 0);
    CHECK(count_kind(s[Team::NS], ScoreItem::Kind::ContractSet) == 0);
    CHECK(s[Team::NS].delta == 100 - 200);
    CHECK(s[Team::EW].delta == 110 + 1);
}

TEST_CASE("check_outcome refuses what the rule set cannot score", "[scoring]") {
    RuleSet classic = preset("classic");
    CHECK(check_outcome(classic, outcome({b(4), b(3), b(3), b(3)}, {4, 3, 3, 2})) ==
          "tricks add up to 12, not 13");
    CHECK(check_outcome(classic, outcome({b(14), b(3), b(3), b(3)}, {4, 3, 3, 3})) ==
          "N bids 14: bid 14 is out of range: bids are nil or 1..13");
    CHECK(
        check_outcome(preset("casual"), outcome({Bid::blind_nil(), b(3), b(3), b(3)}, {4, 3, 3, 3}))
            ->find("blind nil") != std::string::npos);
    CHECK(check_outcome(preset("paperless"),
                        outcome({Bid::nil(), b(3), Bid::nil(), b(3)}, {3, 3, 3, 3}))
              ->find("both N and S bid nil") != std::string::npos);
    CHECK_THROWS_AS(score_hand(classic, outcome({b(4), b(3), b(3), b(3)}, {4, 3, 3, 2}), {}),
                    Error);
}
