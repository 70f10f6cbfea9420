// The rule keys OpenSpiel's game needs (issue 21), each a field of RuleSet: spades that are never
// broken, a partnership's highest bid, two nils' tricks as overtricks, and a bonus at the end.
#include <catch2/catch.hpp>

#include "spadework/engine/game.h"
#include "spadework/engine/record.h"

using namespace spadework;

namespace {

constexpr Seat N = Seat::North;
constexpr Seat E = Seat::East;
constexpr Seat S = Seat::South;
constexpr Seat W = Seat::West;

// West deals, North leads. North: two spades and hearts; East is void in hearts.
const char* kDeal = "N:AK.AKQJT9876.2.2 QJT98.-.AKQJT9.AK 76543.5432.3.543 2.-.87654.QJT9876";

HandState after_bids(const RuleSet& rules) {
    HandState h(rules, W, parse_pbn(kDeal));
    for (Seat s : {N, E, S, W}) h.bid(s, Bid::tricks(3));
    return h;
}

}  // namespace

TEST_CASE("spades_break=never: a spade is led only from a hand of nothing but spades",
          "[rules][openspiel]") {
    RuleSet never = preset("classic");
    never.spades_break = SpadesBreak::Never;
    for (const RuleSet& rules : {preset("classic"), never}) {
        HandState h = after_bids(rules);
        // Trick 1: North leads a heart, East (void) trumps with a spade: classic breaks spades.
        h.play(Card(Rank::Ace, Suit::Hearts));
        h.play(Card(Rank::Eight, Suit::Spades));
        h.play(Card(Rank::Five, Suit::Hearts));
        h.play(Card(Rank::Two, Suit::Spades));  // West, void in hearts too, under-trumps
        REQUIRE(h.leader() == E);
        bool spade_lead_ok = !h.check_play(Card(Rank::Queen, Suit::Spades));
        CHECK(spade_lead_ok == (rules.spades_break != SpadesBreak::Never));
        CHECK(h.spades_broken() == (rules.spades_break != SpadesBreak::Never));
    }
}

TEST_CASE("max_team_bid: a bid that takes the partnership past it is refused",
          "[rules][openspiel]") {
    RuleSet rules = preset("openspiel");
    REQUIRE(rules.max_team_bid == 13);
    HandState h(rules, W, parse_pbn(kDeal));
    h.bid(N, Bid::tricks(10));
    h.bid(E, Bid::tricks(3));
    auto bad = h.check_bid(S, Bid::tricks(4));
    REQUIRE(bad);
    CHECK(bad->reason == IllegalReason::TeamBidTooHigh);
    CHECK(bad->message == "S bids 4 beside N's 10: a partnership bids 13 tricks or fewer");
    CHECK_FALSE(h.check_bid(S, Bid::tricks(3)));
    CHECK_FALSE(h.check_bid(S, Bid::nil()));
    // Classic has no such limit.
    HandState c(preset("classic"), W, parse_pbn(kDeal));
    c.bid(N, Bid::tricks(10));
    c.bid(E, Bid::tricks(3));
    CHECK_FALSE(c.check_bid(S, Bid::tricks(4)));
}

TEST_CASE("both_nil_tricks=overtricks: two nils' tricks are overtricks over a contract of 0",
          "[rules][openspiel]") {
    // N and S both bid nil and take 1 trick each; E and W bid 5 each and take 11.
    HandOutcome o{{Bid::nil(), Bid::tricks(5), Bid::nil(), Bid::tricks(5)}, {1, 6, 1, 5}, {}};
    RuleSet rules = preset("openspiel");
    HandScore score = score_hand(rules, o, {});
    // Two failed nils (-200), then 2 tricks over a contract of 0: 2 points, 2 bags.
    CHECK(score[Team::NS].delta == -198);
    CHECK(score[Team::NS].after.bags == 2);
    // Classic leaves the pair no contract: the tricks count for nothing.
    HandScore classic = score_hand(preset("classic"), o, {});
    CHECK(classic[Team::NS].delta == -200);
    CHECK(classic[Team::NS].after.bags == 0);
}

TEST_CASE("end_bonus goes to a side that reaches target and from a side at loss_limit",
          "[rules][openspiel]") {
    RuleSet rules = preset("openspiel");
    rules.target = 100;
    Game won(rules);
    // NS bid 10 and take 10: 100 points, the target; EW bid 3 and take 3: 30.
    won.add_hand(
        {{Bid::tricks(5), Bid::tricks(2), Bid::tricks(5), Bid::tricks(1)}, {5, 2, 5, 1}, {}});
    REQUIRE(won.result());
    CHECK(won.result()->winner == Team::NS);
    CHECK(won.result()->final[index(Team::NS)].score == 300);  // 100 and the bonus of 200
    CHECK(won.result()->final[index(Team::EW)].score == 30);
    CHECK(won.result()->margin == 270);
    CHECK(won.standings()[index(Team::NS)].score == 100);  // the hand's own points

    RuleSet lost_rules = preset("openspiel");
    lost_rules.loss_limit = -100;
    Game lost(lost_rules);
    // NS bid 13 and take 3: -130, at the loss limit; EW make 7 with 10: 73.
    lost.add_hand(
        {{Bid::tricks(7), Bid::tricks(4), Bid::tricks(6), Bid::tricks(3)}, {2, 5, 1, 5}, {}});
    REQUIRE(lost.result());
    CHECK(lost.result()->reason == EndReason::LossLimit);
    CHECK(lost.result()->final[index(Team::NS)].score == -330);
    CHECK(lost.result()->final[index(Team::EW)].score == 73);

    // Both in one hand, side by side as OpenSpiel's returns give them: EW reach the target
    // (win_threshold=50) as NS fall to the loss limit (mercy_threshold=-50). NS bid 7 and
    // take 2 (-70); EW bid 6 and take 11 (60 and 5 overtricks: 65).
    RuleSet both_rules = preset("openspiel");
    both_rules.target = 50;
    both_rules.loss_limit = -50;
    Game both(both_rules);
    both.add_hand(
        {{Bid::tricks(4), Bid::tricks(3), Bid::tricks(3), Bid::tricks(3)}, {1, 6, 1, 5}, {}});
    REQUIRE(both.result());
    CHECK(both.result()->final[index(Team::NS)].score == -70 - 200);
    CHECK(both.result()->final[index(Team::EW)].score == 65 + 200);
}

TEST_CASE("The openspiel preset differs from classic only in OpenSpiel's choices",
          "[rules][openspiel]") {
    RuleSet os = preset("openspiel");
    RuleSet classic = preset("classic");
    auto a = rule_values(os);
    auto b = rule_values(classic);
    std::vector<std::string> differ;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].second != b[i].second) differ.push_back(a[i].first + "=" + a[i].second);
    }
    CHECK(differ == std::vector<std::string>{"blind_nil=forbidden", "spades_break=never",
                                             "nil_tricks=count_for_partner", "loss_limit=-350",
                                             "max_team_bid=13", "both_nil_tricks=overtricks",
                                             "end_bonus=200"});
}
