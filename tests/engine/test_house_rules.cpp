// Issue 20's house rules that change the score and the end of the game: each with worked
// examples (a hand's bids and tricks, and the score it must give).
#include <catch2/catch.hpp>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

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

HandScore score(const RuleSet& r, const HandOutcome& out, const Standings& before = {}) {
    return score_hand(r, out, before);
}

int item_points(const TeamHandScore& team, ScoreItem::Kind kind) {
    int points = 0;
    for (const ScoreItem& item : team.items) {
        if (item.kind == kind) points += item.points;
    }
    return points;
}

int count_kind(const TeamHandScore& team, ScoreItem::Kind kind) {
    int n = 0;
    for (const ScoreItem& item : team.items) n += item.kind == kind ? 1 : 0;
    return n;
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

// ---------------------------------------------------------------------------------------
// Bags: a first penalty at 5, a reset after the penalty, "bag back".

TEST_CASE("early_bag_limit=5: 50 at 5 bags, 100 at 10, the early one again in the next round",
          "[house]") {
    RuleSet r = make_rules("classic", {"early_bag_limit=5", "early_bag_penalty=50"});
    // NS bid 4 + 3 and take 10, from 3 bags: 70 + 3, and 6 bags cost the early 50.
    HandScore s = score(r, hand({B(4), B(2), B(3), B(1)}, {5, 2, 5, 1}), {{{0, 3}, {0, 0}}});
    CHECK(s[NS].delta == 70 + 3 - 50);
    CHECK(s[NS].after.bags == 6);
    CHECK(item_points(s[NS], ScoreItem::Kind::BagPenalty) == -50);
    CHECK(s[NS].bag_penalties == 0);  // only bag_limit's penalties are counted there
    // From 6 bags, 5 more: 10 reached (-100), 1 carried, and the early limit is not met again.
    s = score(r, hand({B(3), B(3), B(3), B(1)}, {5, 2, 6, 0}), {{{0, 6}, {0, 0}}});
    CHECK(s[NS].delta == 60 + 5 - 100);
    CHECK(s[NS].after.bags == 1);
    CHECK(count_kind(s[NS], ScoreItem::Kind::BagPenalty) == 1);
    // From 4 bags, 11 more: 5 (-50), 10 (-100), and 5 again in the next round (-50).
    s = score(r, hand({B(1), B(1), B(1), B(1)}, {7, 0, 6, 0}), {{{0, 4}, {0, 0}}});
    CHECK(s[NS].delta == 20 + 11 - 200);
    CHECK(s[NS].after.bags == 5);
    CHECK(count_kind(s[NS], ScoreItem::Kind::BagPenalty) == 3);
    // Classic alone: only the 100 at 10.
    s = score(preset("classic"), hand({B(1), B(1), B(1), B(1)}, {7, 0, 6, 0}), {{{0, 4}, {0, 0}}});
    CHECK(s[NS].delta == 20 + 11 - 100);
    CHECK(s[NS].after.bags == 5);
    CHECK_THROWS_AS(make_rules("classic", {"early_bag_limit=10"}), RuleError);
    CHECK_THROWS_AS(make_rules("classic", {"early_bag_limit=0"}), RuleError);
}

TEST_CASE("bags_after_penalty=reset: the bags over the limit are dropped with the penalty",
          "[house]") {
    // NS bid 3 + 3 and take 10, from 8 bags: 4 more reach 10 at the second.
    HandOutcome out = hand({B(3), B(2), B(3), B(1)}, {5, 2, 5, 1});
    Standings before{{{100, 8}, {0, 0}}};
    HandScore carry = score(preset("classic"), out, before);
    CHECK(carry[NS].after.bags == 2);
    CHECK(carry[NS].after.score == 100 + 64 - 100);
    HandScore reset = score(make_rules("classic", {"bags_after_penalty=reset"}), out, before);
    CHECK(reset[NS].after.bags == 0);
    CHECK(reset[NS].after.score == 100 + 64 - 100);
    CHECK(reset[NS].bag_penalties == 1);
    // Under 10 bags nothing differs.
    HandScore under = score(make_rules("classic", {"bags_after_penalty=reset"}), out, {});
    CHECK(under[NS].after.bags == 4);
}

TEST_CASE(
    "bag back: each bag subtracts a point and no penalty comes (overtrick_points=-1 "
    "bag_limit=0)",
    "[house]") {
    RuleSet r = make_rules("classic", {"overtrick_points=-1", "bag_limit=0"});
    // NS bid 4 + 3 and take 10: 70 - 3. From a score with 9 overtricks behind it, no penalty.
    HandScore s = score(r, hand({B(4), B(2), B(3), B(1)}, {5, 2, 5, 1}), {{{300, 0}, {0, 0}}});
    CHECK(s[NS].delta == 67);
    CHECK(s[NS].after.score == 367);
    CHECK(s[NS].after.bags == 0);
    CHECK(item_points(s[NS], ScoreItem::Kind::Overtricks) == -3);
    CHECK(count_kind(s[NS], ScoreItem::Kind::BagPenalty) == 0);
}

// ---------------------------------------------------------------------------------------
// Big contracts ("10 for 200") and Boston.

TEST_CASE("big_contract=10: a contract of 10 made scores 200, a set still -100", "[house]") {
    RuleSet r = make_rules("classic", {"big_contract=10"});
    SECTION("bid 6 + 4, taken 10: 100 doubled") {
        HandScore s = score(r, hand({B(6), B(1), B(4), B(1)}, {6, 2, 4, 1}));
        CHECK(s[NS].delta == 200);
        CHECK(item_points(s[NS], ScoreItem::Kind::BigContract) == 100);
        CHECK(s[EW].delta == 21);
    }
    SECTION("taken 11: 200 and the overtrick") {
        HandScore s = score(r, hand({B(6), B(1), B(4), B(1)}, {6, 1, 5, 1}));
        CHECK(s[NS].delta == 201);
        CHECK(s[NS].after.bags == 1);
    }
    SECTION("taken 9: set, -100 as in classic") {
        HandScore s = score(r, hand({B(6), B(1), B(4), B(1)}, {5, 2, 4, 2}));
        CHECK(s[NS].delta == -100);
        CHECK(count_kind(s[NS], ScoreItem::Kind::BigContract) == 0);
    }
    SECTION("a contract of 9 is not big") {
        HandScore s = score(r, hand({B(5), B(1), B(4), B(1)}, {6, 2, 4, 1}));
        CHECK(s[NS].delta == 91);
    }
    SECTION("a bonus instead of double: big_contract_factor=1 big_contract_bonus=50") {
        RuleSet b = make_rules(
            "classic", {"big_contract=10", "big_contract_factor=1", "big_contract_bonus=50"});
        HandScore s = score(b, hand({B(6), B(1), B(4), B(1)}, {6, 2, 4, 1}));
        CHECK(s[NS].delta == 150);
    }
    CHECK_THROWS_AS(make_rules("classic", {"big_contract=14"}), RuleError);
    CHECK(kind_name(ScoreItem::Kind::BigContract) == "big_contract");
}

TEST_CASE("boston_points=200: every trick of the hand to one partnership", "[house]") {
    RuleSet r = make_rules("classic", {"boston_points=200"});
    SECTION("bid 7 + 6, taken 13: 130 + 200") {
        HandScore s = score(r, hand({B(7), B(1), B(6), B(1)}, {7, 0, 6, 0}));
        CHECK(s[NS].delta == 330);
        CHECK(item_points(s[NS], ScoreItem::Kind::Boston) == 200);
        CHECK(s[EW].delta == -20);
    }
    SECTION("bid 4 + 4, taken 13: 80 + 5 overtricks + 200") {
        HandScore s = score(r, hand({B(4), B(1), B(4), B(1)}, {6, 0, 7, 0}));
        CHECK(s[NS].delta == 285);
    }
    SECTION("a nil and its partner taking all 13: nil made, contract made, Boston") {
        HandScore s = score(r, hand({Bid::nil(), B(1), B(6), B(1)}, {0, 0, 13, 0}));
        CHECK(s[NS].delta == 100 + 60 + 7 + 200);
    }
    SECTION("12 tricks are no Boston") {
        HandScore s = score(r, hand({B(7), B(1), B(6), B(1)}, {7, 1, 5, 0}));
        CHECK(count_kind(s[NS], ScoreItem::Kind::Boston) == 0);
    }
    SECTION("with big_contract=10, a 13 made scores 260 and the Boston 200") {
        RuleSet both = make_rules("classic", {"boston_points=200", "big_contract=10"});
        HandScore s = score(both, hand({B(7), B(1), B(6), B(1)}, {7, 0, 6, 0}));
        CHECK(s[NS].delta == 460);
    }
    CHECK(score(preset("classic"), hand({B(7), B(1), B(6), B(1)}, {7, 0, 6, 0}))[NS].delta == 130);
}

// ---------------------------------------------------------------------------------------
// Every key, with each value it names, is in the rule-set reader's fuzz dictionary, both as
// a --rule token and as a field of the RuleSet textproto.

TEST_CASE("every rule key is in the rule-set reader's fuzz dictionary", "[house]") {
    std::ifstream in(SPADEWORK_FUZZ_RULES_DICT);
    REQUIRE(in);
    std::set<std::string> entries;
    for (std::string line; std::getline(in, line);) {
        if (line.size() >= 2 && line.front() == '"' && line.back() == '"') {
            entries.insert(line.substr(1, line.size() - 2));
        }
    }
    for (const RuleKeyInfo& key : rule_keys()) {
        std::string name(key.key);
        INFO(name);
        CHECK(entries.count(name + "="));
        if (key.values == "N|none") {
            CHECK(entries.count(name + "_value:"));
            CHECK(entries.count(name + "_none:"));
        } else {
            CHECK(entries.count(name + ":"));
        }
        if (key.values == "N" || key.values == "N|none") continue;
        std::stringstream values{std::string(key.values)};
        for (std::string value; std::getline(values, value, '|');) {
            if (std::isdigit(static_cast<unsigned char>(value[0]))) continue;
            std::string upper;
            for (char c : value) upper += static_cast<char>(std::toupper(c));
            INFO(upper);
            CHECK(entries.count(upper));
        }
    }
}

// ---------------------------------------------------------------------------------------
// Variants that are existing keys: nil worth 50, a hand limit with a decider.

TEST_CASE("nil worth 50 (nil_points=50): N nil made and S's 4 made is 90", "[house]") {
    RuleSet r = make_rules("classic", {"nil_points=50"});
    HandScore s = score(r, hand({Bid::nil(), B(4), B(4), B(4)}, {0, 4, 4, 5}));
    CHECK(s[NS].delta == 50 + 40);
    s = score(r, hand({Bid::nil(), B(4), B(4), B(4)}, {1, 4, 4, 4}));
    CHECK(s[NS].delta == -50 + 40);
}

TEST_CASE("a hand limit with a decider: level after hand_limit=2, on_tie=overtime plays a set",
          "[house]") {
    RuleSet r = make_rules("classic", {"hand_limit=2", "on_tie=overtime", "overtime_target=50"});
    auto a = hand({B(3), B(3), B(3), B(3)}, {4, 3, 3, 3});  // NS 61, EW 60
    auto b = hand({B(3), B(3), B(3), B(3)}, {3, 4, 3, 3});  // NS 60, EW 61
    Game g(r);
    g.add_hand(a);
    const HandRecord& level = g.add_hand(b);  // 121 to 121 after the limit
    CHECK(level.tie_to_overtime);
    CHECK_FALSE(g.over());
    CHECK(g.current_target() == 50);
    g.add_hand(a);  // the overtime set: NS 61 reaches 50 first
    REQUIRE(g.over());
    CHECK(g.result()->winner == NS);
    CHECK(g.result()->overtime_sets == 1);
}
