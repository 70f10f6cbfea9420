// Issue 20's house rules that shape the bids: a team minimum ("board"), forced bidding (Whiz,
// Mirrors, Suicide), nil only with few spades, blind trick bids and blind bids only when
// behind. Each refused bid says why; records that break a rule are refused at the bid.
#include <catch2/catch.hpp>

#include "spadework/engine/record.h"

using namespace spadework;

namespace {

constexpr Team NS = Team::NS;
constexpr Seat N = Seat::North;
constexpr Seat E = Seat::East;
constexpr Seat S = Seat::South;
constexpr Seat W = Seat::West;

// Spades held: N 3, E 1, S 9, W 0. West deals, so North bids first.
const char* kDeal = "N:AKQ.AKQJ.AKQ.AKQ J.T987.JT98.JT98 T98765432.65.76. .432.5432.765432";

HandState bidding(const RuleSet& rules, std::optional<std::array<int, 2>> scores = {}) {
    if (scores) return HandState(rules, W, parse_pbn(kDeal), *scores);
    return HandState(rules, W, parse_pbn(kDeal));
}

// The reason a bid is refused for, or nothing.
std::optional<IllegalReason> refused(const HandState& h, Seat seat, Bid bid) {
    auto bad = h.check_bid(seat, bid);
    if (!bad) return std::nullopt;
    CHECK_FALSE(bad->message.empty());
    return bad->reason;
}

std::string message(const HandState& h, Seat seat, Bid bid) {
    auto bad = h.check_bid(seat, bid);
    return bad ? bad->message : "";
}

Bid B(int n) {
    return Bid::tricks(n);
}

HandOutcome hand(std::array<Bid, 4> bids, std::array<int, 4> tricks) {
    return HandOutcome{bids, tricks, std::nullopt};
}

}  // namespace

TEST_CASE("blind trick bids print and parse as b6", "[house]") {
    CHECK(to_string(Bid::blind_tricks(6)) == "b6");
    CHECK(parse_bid("b6") == Bid::blind_tricks(6));
    CHECK(parse_bid("Blind 7") == Bid::blind_tricks(7));
    CHECK(parse_bid("blind10") == Bid::blind_tricks(10));
    CHECK(parse_bid("6") == Bid::tricks(6));
    CHECK_FALSE(Bid::tricks(6) == Bid::blind_tricks(6));
    CHECK(Bid::blind_tricks(6).is_blind());
    CHECK_FALSE(Bid::blind_tricks(6).is_nil());
    CHECK(Bid::blind_nil().is_blind());
    CHECK_FALSE(Bid::nil().is_blind());
    CHECK_THROWS_AS(parse_bid("b0"), ParseError);
    CHECK_THROWS_AS(parse_bid("b"), ParseError);
    CHECK_THROWS_AS(parse_bid("b999"), ParseError);
}

TEST_CASE("min_team_bid=4 (rebid): the second partner may not leave the pair under 4", "[house]") {
    RuleSet r = make_rules("classic", {"min_team_bid=4"});
    HandState h = bidding(r);
    CHECK_FALSE(refused(h, N, B(2)));  // the first partner bids as it likes
    h.bid(N, B(2));
    h.bid(E, B(3));
    CHECK(refused(h, S, B(1)) == IllegalReason::TeamBidTooLow);
    CHECK(message(h, S, B(1)) == "S bids 1 beside N's 2: a partnership bids 4 tricks or more");
    CHECK(refused(h, S, Bid::nil()) == IllegalReason::TeamBidTooLow);
    CHECK(h.legal_bids().front() == B(2));
    h.bid(S, B(2));
    CHECK(refused(h, W, Bid::nil()) == IllegalReason::TeamBidTooLow);  // E's 3 alone
    CHECK_FALSE(refused(h, W, B(1)));                                  // 3 + 1 is 4
    SECTION("a nil's partner carries the minimum alone; two nils have no contract") {
        HandState g = bidding(r);
        g.bid(N, Bid::nil());
        g.bid(E, B(3));
        CHECK(refused(g, S, B(3)) == IllegalReason::TeamBidTooLow);
        CHECK_FALSE(refused(g, S, B(4)));
        CHECK_FALSE(refused(g, S, Bid::nil()));
    }
    SECTION("scoring scores what it is given: the bidding is what refuses") {
        // A review's what-if completes the bids not yet made without the house rules.
        auto out = hand({B(2), B(3), B(1), B(1)}, {4, 3, 3, 3});
        CHECK_FALSE(check_outcome(r, out).has_value());
        CHECK(score_hand(r, out, {})[NS].delta == 34);
    }
}

TEST_CASE("min_team_bid=4 below_min_team_bid=raise: the bids stand and the contract is 4",
          "[house]") {
    RuleSet r = make_rules("classic", {"min_team_bid=4", "below_min_team_bid=raise"});
    HandState h = bidding(r);
    h.bid(N, B(2));
    h.bid(E, B(3));
    CHECK_FALSE(refused(h, S, B(1)));
    // NS bid 2 + 1, raised to 4: 4 tricks make it, 3 do not.
    HandScore made = score_hand(r, hand({B(2), B(3), B(1), B(3)}, {2, 4, 2, 5}), {});
    CHECK(made[NS].bid == 4);
    CHECK(made[NS].delta == 40);
    CHECK(made[NS].items.front().text == "contract 4 (bid 3, raised) made with 4 tricks");
    HandScore set = score_hand(r, hand({B(2), B(3), B(1), B(3)}, {2, 5, 1, 5}), {});
    CHECK(set[NS].delta == -40);
    // Classic scores the same bids as a contract of 3 made.
    CHECK(
        score_hand(preset("classic"), hand({B(2), B(3), B(1), B(3)}, {2, 5, 1, 5}), {})[NS].delta ==
        30);
    // A nil and a 2: the contract is raised to 4 too; two nils have none to raise.
    HandScore nil_two = score_hand(r, hand({Bid::nil(), B(3), B(2), B(3)}, {0, 5, 4, 4}), {});
    CHECK(nil_two[NS].delta == 100 + 40);
}

TEST_CASE("bidding=whiz: nil or exactly the spades held", "[house]") {
    RuleSet r = make_rules("classic", {"bidding=whiz"});
    HandState h = bidding(r);
    CHECK(h.legal_bids() == std::vector<Bid>{Bid::nil(), Bid::blind_nil(), B(3)});
    CHECK(refused(h, N, B(4)) == IllegalReason::ForcedBid);
    CHECK(message(h, N, B(4)) == "N holds 3 spades: under Whiz the bid is 3 or nil");
    h.bid(N, B(3));
    CHECK(h.legal_bids() == std::vector<Bid>{Bid::nil(), Bid::blind_nil(), B(1)});
    h.bid(E, Bid::nil());
    h.bid(S, B(9));
    // West holds no spade: nil is the only bid it may make after looking.
    CHECK(h.legal_bids() == std::vector<Bid>{Bid::nil(), Bid::blind_nil()});
    CHECK(message(h, W, B(1)) == "W holds 0 spades: under Whiz the bid is nil");
}

TEST_CASE("bidding=mirrors: exactly the spades held, nil with none", "[house]") {
    RuleSet r = make_rules("classic", {"bidding=mirrors"});
    HandState h = bidding(r);
    CHECK(h.legal_bids() == std::vector<Bid>{Bid::blind_nil(), B(3)});
    CHECK(refused(h, N, Bid::nil()) == IllegalReason::ForcedBid);
    CHECK(message(h, N, Bid::nil()) == "N holds 3 spades: under Mirrors the bid is 3");
    h.bid(N, B(3));
    h.bid(E, B(1));
    h.bid(S, B(9));
    CHECK(h.legal_bids() == std::vector<Bid>{Bid::nil(), Bid::blind_nil()});
    // Nine spades and max_bid=8: the highest bid.
    HandState capped = bidding(make_rules("classic", {"bidding=mirrors", "max_bid=8"}));
    capped.bid(N, B(3));
    capped.bid(E, B(1));
    CHECK(capped.legal_bids() == std::vector<Bid>{Bid::blind_nil(), B(8)});
}

TEST_CASE("bidding=suicide: one partner of each partnership bids nil", "[house]") {
    RuleSet r = make_rules("classic", {"bidding=suicide"});
    HandState h = bidding(r);
    h.bid(N, B(4));
    h.bid(E, Bid::nil());
    CHECK(refused(h, S, B(5)) == IllegalReason::ForcedBid);
    CHECK(message(h, S, B(5)) ==
          "S must bid nil: partner N did not, and one partner bids nil "
          "(Suicide)");
    CHECK(h.legal_bids() == std::vector<Bid>{Bid::nil(), Bid::blind_nil()});
    h.bid(S, Bid::nil());
    CHECK(refused(h, W, Bid::nil()) == IllegalReason::ForcedBid);
    CHECK(refused(h, W, Bid::blind_nil()) == IllegalReason::ForcedBid);
    CHECK_FALSE(refused(h, W, B(5)));
}

TEST_CASE("nil_max_spades=1: nil only with one spade or none", "[house]") {
    RuleSet r = make_rules("classic", {"nil_max_spades=1"});
    HandState h = bidding(r);
    CHECK(refused(h, N, Bid::nil()) == IllegalReason::NilWithTooManySpades);
    CHECK(message(h, N, Bid::nil()) == "N holds 3 spades: nil may be bid with 1 or fewer");
    CHECK_FALSE(refused(h, N, Bid::blind_nil()));  // not looked at: not bound
    h.bid(N, B(3));
    CHECK_FALSE(refused(h, E, Bid::nil()));  // one spade
    h.bid(E, B(2));
    h.bid(S, B(5));
    CHECK_FALSE(refused(h, W, Bid::nil()));  // none
}

TEST_CASE("blind_bid_min=6: blind 6 and up, its contract's points doubled", "[house]") {
    RuleSet r = make_rules("classic", {"blind_bid_min=6"});
    HandState h = bidding(r);
    CHECK(refused(bidding(preset("classic")), N, Bid::blind_tricks(6)) ==
          IllegalReason::BlindBidNotAllowed);
    CHECK(refused(h, N, Bid::blind_tricks(5)) == IllegalReason::BlindBidNotAllowed);
    CHECK(message(h, N, Bid::blind_tricks(5)) == "a blind bid is of 6 tricks or more, not 5");
    CHECK_FALSE(refused(h, N, Bid::blind_tricks(7)));
    // Blind bids are left out of legal_bids (the reviews weigh those as made after looking).
    for (Bid b : h.legal_bids()) CHECK_FALSE((b.is_blind() && !b.is_nil()));
    // N blind 6 and S 3: a contract of 9 worth 90, doubled.
    auto bids = std::array<Bid, 4>{Bid::blind_tricks(6), B(2), B(3), B(1)};
    HandScore made = score_hand(r, hand(bids, {5, 2, 4, 2}), {});
    CHECK(made[NS].delta == 180);
    HandScore over = score_hand(r, hand(bids, {5, 1, 5, 2}), {});
    CHECK(over[NS].delta == 181);  // the overtrick is not doubled
    HandScore set = score_hand(r, hand(bids, {5, 3, 3, 2}), {});
    CHECK(set[NS].delta == -180);
    HandScore triple = score_hand(make_rules("classic", {"blind_bid_min=6", "blind_bid_factor=3"}),
                                  hand(bids, {5, 2, 4, 2}), {});
    CHECK(triple[NS].delta == 270);
    CHECK(check_outcome(preset("classic"), hand(bids, {5, 2, 4, 2})).has_value());
}

TEST_CASE("blind_behind=100: blind bids only by a side behind by 100 or more", "[house]") {
    RuleSet r = make_rules("classic", {"blind_behind=100", "blind_bid_min=6"});
    HandState behind = bidding(r, {{150, 260}});  // NS behind by 110
    CHECK_FALSE(refused(behind, N, Bid::blind_nil()));
    CHECK_FALSE(refused(behind, N, Bid::blind_tricks(6)));
    behind.bid(N, Bid::blind_tricks(6));
    CHECK(refused(behind, E, Bid::blind_nil()) == IllegalReason::NotBehindEnough);
    CHECK(message(behind, E, Bid::blind_nil()) ==
          "E cannot bid blind at 260 to 150: a side must be behind by 100 points or more");
    HandState close = bidding(r, {{161, 260}});  // behind by 99
    CHECK(refused(close, N, Bid::blind_nil()) == IllegalReason::NotBehindEnough);
    CHECK_FALSE(refused(close, N, Bid::nil()));
    // Without the scores the rule cannot be checked, and is not.
    CHECK_FALSE(refused(bidding(r), N, Bid::blind_nil()));
}

TEST_CASE("blind_bid_exchange=2: a blind trick bidder and partner exchange two cards", "[house]") {
    RuleSet r = make_rules("classic", {"blind_bid_min=6", "blind_bid_exchange=2"});
    HandState h = bidding(r);
    h.bid(N, Bid::blind_tricks(6));
    h.bid(E, B(3));
    h.bid(S, B(3));
    h.bid(W, B(1));
    REQUIRE(h.phase() == Phase::Exchange);
    CHECK(h.to_act() == N);
    CHECK(h.exchange_size(N) == 2);
    CHECK(h.exchange_size(E) == 0);
    auto bad = h.check_exchange(N, parse_cards("2C"));
    REQUIRE(bad);
    CHECK(bad->message == "N gives 1 cards; the blind bid exchange is 2");
    h.exchange(N, parse_cards("QC KC"));
    CHECK(h.to_act() == S);
    h.exchange(S, parse_cards("2S 3S"));
    CHECK(h.phase() == Phase::Play);
    CHECK(h.hand(N).count(Suit::Spades) == 5);
    CHECK(h.hand(S).contains(parse_card("KC")));
    // A blind nil keeps its own exchange size (none in classic) beside it.
    HandState nil = bidding(r);
    nil.bid(N, Bid::blind_nil());
    nil.bid(E, B(3));
    nil.bid(S, B(3));
    nil.bid(W, B(1));
    CHECK(nil.phase() == Phase::Play);
}

TEST_CASE("the house bidding keys that cannot go together are refused", "[house]") {
    CHECK_THROWS_WITH(make_rules("classic", {"bidding=whiz", "min_team_bid=4"}),
                      Catch::Contains("below_min_team_bid=raise"));
    CHECK_NOTHROW(
        make_rules("classic", {"bidding=whiz", "min_team_bid=4", "below_min_team_bid=raise"}));
    CHECK_THROWS_WITH(make_rules("paperless", {"bidding=mirrors"}),
                      Catch::Contains("both_nil=allowed"));
    CHECK_THROWS_WITH(make_rules("classic", {"bidding=suicide", "nil=forbidden"}),
                      Catch::Contains("nil=allowed"));
    CHECK_THROWS_WITH(make_rules("classic", {"bidding=suicide", "nil_max_spades=2"}),
                      Catch::Contains("nil_max_spades=none"));
    CHECK_THROWS_WITH(make_rules("classic", {"min_team_bid=14"}), Catch::Contains("0..13"));
    CHECK_THROWS_WITH(make_rules("computer", {"blind_bid_min=11"}), Catch::Contains("1..10"));
    CHECK_THROWS_AS(make_rules("classic", {"blind_behind=-1"}), RuleError);
    CHECK_THROWS_AS(make_rules("classic", {"blind_bid_exchange=13"}), RuleError);
    CHECK_THROWS_WITH(make_rules("classic", {"bidding=whist"}),
                      Catch::Contains("free|whiz|mirrors|suicide"));
}

TEST_CASE("a record that breaks a house bidding rule is refused at the bid", "[house]") {
    RecordedGame game;
    game.rules = make_rules("classic", {"bidding=whiz", "blind_behind=100"});
    RecordedHand h;
    h.dealer = W;
    h.deal = parse_pbn(kDeal);
    h.bids = {B(3), B(1), B(8)};  // S holds 9 spades: under Whiz, 9 or nil
    game.hands.push_back(h);
    try {
        check_game(game);
        FAIL("the record was accepted");
    } catch (const RecordError& e) {
        CHECK(std::string(e.what()) ==
              "S bids 8: S holds 9 spades: under Whiz the bid is 9 or nil");
        CHECK(e.place().part == RecordPlace::Part::Bid);
        CHECK(e.place().index == 2);
    }
    // A blind nil at 0 to 0 is refused by the game's scores: nobody is behind.
    game.hands[0].bids = {Bid::blind_nil()};
    try {
        check_game(game);
        FAIL("the record was accepted");
    } catch (const RecordError& e) {
        CHECK(std::string(e.what()) ==
              "N bids bnil: N cannot bid blind at 0 to 0: a side must be "
              "behind by 100 points or more");
        CHECK(e.place().index == 0);
    }
    game.hands[0].bids = {B(3), B(1), B(9), Bid::nil()};
    CHECK_NOTHROW(check_game(game));
}
