// Score sheets under the house bidding rules: check_bid_rules is the one check of a bid, for a
// hand being played and for a sheet, each giving what it knows. A sheet has the partner's bid
// and the score, never the cards: the rules that need the cards are not checked on it, and its
// score says so.
#include <catch2/catch.hpp>

#include "spadework/engine/record.h"
#include "support/sheet_games.h"

using namespace spadework;
using testing::sheet_game;
using Part = RecordPlace::Part;

namespace {

constexpr Seat N = Seat::North;

RuleSet classic_with(std::initializer_list<std::string_view> changes) {
    RuleSet rules = preset("classic");
    for (std::string_view c : changes) apply_override(rules, c);
    check_rules(rules);
    return rules;
}

// The sheet game (hand 1: North deals; East 3, South nil, West 3, North 4) under `rules`.
RecordedGame sheet_under(const RuleSet& rules) {
    RecordedGame g = sheet_game();
    g.rules = rules;
    return g;
}

// The fault check_game finds in `game`: its text, hand and place.
void check_fault(const RecordedGame& game, const std::string& what, int hand, Part part,
                 int place) {
    try {
        check_game(game);
        FAIL("the game checked without an error");
    } catch (const RecordError& e) {
        CHECK(std::string(e.what()) == what);
        CHECK(e.hand() == hand);
        CHECK(e.place().part == part);
        CHECK(e.place().index == place);
    }
}

}  // namespace

TEST_CASE("check_bid_rules applies the rules whose inputs it is given", "[sheet][house]") {
    const CardSet three_spades = parse_cards("AS KS QS AH KH QH JH TH 9H 8H 7H 6H 5H");
    const BidFacts no_cards{};
    const BidFacts cards{std::nullopt, three_spades, std::nullopt};

    RuleSet few = classic_with({"nil_max_spades=1"});
    auto bad = check_bid_rules(few, N, Bid::nil(), cards);
    REQUIRE(bad);
    CHECK(bad->reason == IllegalReason::NilWithTooManySpades);
    CHECK(bad->message == "N holds 3 spades: nil may be bid with 1 or fewer");
    CHECK_FALSE(check_bid_rules(few, N, Bid::nil(), no_cards));

    RuleSet mirrors = classic_with({"bidding=mirrors"});
    bad = check_bid_rules(mirrors, N, Bid::tricks(4), cards);
    REQUIRE(bad);
    CHECK(bad->message == "N holds 3 spades: under Mirrors the bid is 3");
    CHECK_FALSE(check_bid_rules(mirrors, N, Bid::tricks(3), cards));
    CHECK_FALSE(check_bid_rules(mirrors, N, Bid::tricks(4), no_cards));

    RuleSet behind = classic_with({"blind_behind=100"});
    const BidFacts level{std::nullopt, std::nullopt, std::array<int, 2>{150, 150}};
    const BidFacts trailing{std::nullopt, std::nullopt, std::array<int, 2>{50, 150}};
    bad = check_bid_rules(behind, N, Bid::blind_nil(), level);
    REQUIRE(bad);
    CHECK(bad->reason == IllegalReason::NotBehindEnough);
    CHECK_FALSE(check_bid_rules(behind, N, Bid::blind_nil(), trailing));
    CHECK_FALSE(check_bid_rules(behind, N, Bid::blind_nil(), no_cards));

    // The partner's bid alone decides Suicide, with or without the cards.
    RuleSet suicide = classic_with({"bidding=suicide"});
    const BidFacts after_nil{Bid::nil(), std::nullopt, std::nullopt};
    bad = check_bid_rules(suicide, N, Bid::nil(), after_nil);
    REQUIRE(bad);
    CHECK(bad->reason == IllegalReason::ForcedBid);
    CHECK_FALSE(check_bid_rules(suicide, N, Bid::tricks(4), after_nil));
}

TEST_CASE("A sheet's bids are refused by the house rules that need no cards", "[sheet][house]") {
    // West's 3 beside East's 3, South having bid nil.
    check_fault(sheet_under(classic_with({"bidding=suicide"})),
                "W bids 3: W must bid nil: partner E did not, and one partner bids nil (Suicide)",
                0, Part::Bid, 2);
    check_fault(sheet_under(classic_with({"min_team_bid=7"})),
                "W bids 3: W bids 3 beside E's 3: a partnership bids 7 tricks or more", 0,
                Part::Bid, 2);
    // Raised instead: East-West's 6 is a contract of 7, made with their 8 tricks.
    RecordedGame raised = sheet_under(classic_with({"min_team_bid=7", "below_min_team_bid=raise"}));
    REQUIRE_NOTHROW(check_game(raised));
    ScoredGame s = score_game(raised, raised.rules);
    CHECK(s.hands[0].score[Team::EW].delta == 71);
    CHECK(score_game(sheet_game(), preset("classic")).hands[0].score[Team::EW].delta == 62);
}

TEST_CASE("A sheet's blind bids are checked against the score before the hand", "[sheet][house]") {
    // Hand 2: West bids blind nil with East-West at 62 to North-South's 141 (79 behind).
    check_fault(sheet_under(classic_with({"blind_behind=80"})),
                "W bids bnil: W cannot bid blind at 62 to 141: a side must be behind by 80 "
                "points or more",
                1, Part::Bid, 1);
    CHECK_NOTHROW(check_game(sheet_under(classic_with({"blind_behind=79"}))));
}

TEST_CASE("A sheet under rules that go by the spades held says they are not checked",
          "[sheet][house]") {
    // Hand 1's bids break Mirrors and, for South's nil, might break nil_max_spades=0: a sheet
    // cannot tell, so they stand.
    RecordedGame g = sheet_under(classic_with({"bidding=mirrors", "nil_max_spades=0"}));
    REQUIRE_NOTHROW(check_game(g));
    ScoredGame s = score_game(g, g.rules);
    CHECK(s.hands.size() == 4);
    CHECK(s.not_scored ==
          std::vector<std::string>{
              "the bids are not checked: a score sheet does not show the spades each player "
              "held, which decide them (bidding=mirrors)",
              "the nils are not checked: a score sheet does not show the spades a nil bidder "
              "held (nil_max_spades=0)"});
    // Re-scored under classic, the keys that shaped the bids stay as played, and so do their
    // notes.
    CHECK(score_game(g, preset("classic")).not_scored == s.not_scored);
    // Suicide, the team minimum and blind bids need no cards; the cards a blind bid's pair
    // exchange change no score.
    CHECK(score_sheet_gaps(
              classic_with({"bidding=suicide", "min_team_bid=4", "below_min_team_bid=raise"}))
              .empty());
    CHECK(score_sheet_gaps(classic_with({"bidding=whiz"})).size() == 1);
    CHECK(score_sheet_gaps(classic_with({"blind_bid_min=6", "blind_bid_exchange=2"})) ==
          std::vector<std::string>{"the cards exchanged after a blind bid are not on a score "
                                   "sheet; they change no score (blind_bid_exchange=2)"});
}
