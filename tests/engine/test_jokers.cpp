// Issue 20's decks: the big and the little joker as the two highest trumps, and deuces high
// (the 2S, or the 2S and the 2D, as trumps above the ace). Worked examples of who wins a
// trick, what must follow, what breaks spades and what counts as a spade in the bidding; the
// deck each setting deals; the rule checks; and the cards' text.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "spadework/engine/deal.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/rules.h"

using namespace spadework;

namespace {

constexpr Seat N = Seat::North;
constexpr Seat E = Seat::East;
constexpr Seat S = Seat::South;
constexpr Seat W = Seat::West;

Card C(const char* text) {
    return parse_card(text);
}

using Trick = std::vector<PlayedCard>;

Seat winner(const RuleSet& rules, const Trick& trick) {
    return trick_winner(trick, PlayOrder(rules));
}

// A deal under jokers=on (2H and 2C out): North the top hearts, diamonds and clubs with three
// spades, East the big joker, South the little one.
const char* kJokersDeal = "N:AKQ.AKQ.AKQJ.AKQ JT9.JT9.T98.JT9.B 876.876.765.876.L 5432.543.432.543";

// A deal under deuces_high=diamond_spade (no jokers): East's one "diamond" is the 2D, a trump.
const char* kDeucesDeal = "N:AKQ.AKQ.AKQJ.AKQ JT98.JT98.2.JT98 765.765.T987.765 432.432.6543.432";

void bid_all(HandState& h, int each = 3) {
    while (h.phase() == Phase::Bid) h.bid(h.to_act(), Bid::tricks(each));
}

}  // namespace

TEST_CASE("jokers: the big joker beats the little one, which beats the ace of spades", "[jokers]") {
    const RuleSet r = make_rules("classic", {"jokers=on"});
    CHECK(winner(r, {{N, C("AS")}, {E, C("BJ")}, {S, C("LJ")}, {W, C("KS")}}) == E);
    CHECK(winner(r, {{N, C("AS")}, {E, C("KS")}, {S, C("LJ")}, {W, C("2S")}}) == S);
    // A joker led is a spade led, and a joker played on a heart trumps it.
    CHECK(winner(r, {{N, C("LJ")}, {E, C("AS")}, {S, C("AH")}, {W, C("3S")}}) == N);
    CHECK(winner(r, {{N, C("AH")}, {E, C("KH")}, {S, C("LJ")}, {W, C("AS")}}) == S);
    // Without jokers the ace is the top trump, as ever.
    CHECK(winner(preset("classic"), {{N, C("KS")}, {E, C("AS")}}) == E);
}

TEST_CASE("deuces high: the 2D and the 2S rank above the ace, in the order set", "[jokers]") {
    const RuleSet ds = make_rules("classic", {"deuces_high=diamond_spade"});
    const RuleSet sd = make_rules("classic", {"deuces_high=spade_diamond"});
    const RuleSet spade = make_rules("classic", {"deuces_high=spade"});
    CHECK(winner(ds, {{N, C("AS")}, {E, C("2S")}, {S, C("2D")}, {W, C("KS")}}) == S);
    CHECK(winner(sd, {{N, C("AS")}, {E, C("2S")}, {S, C("2D")}, {W, C("KS")}}) == E);
    CHECK(winner(spade, {{N, C("AS")}, {E, C("2S")}, {S, C("KS")}}) == E);
    // The 2D is a trump: on a diamond lead it ruffs, it does not follow.
    CHECK(winner(ds, {{N, C("AD")}, {E, C("2D")}, {S, C("KD")}, {W, C("3D")}}) == E);
    // With only the 2S high, the 2D is the lowest diamond.
    CHECK(winner(spade, {{N, C("AD")}, {E, C("2D")}, {S, C("KD")}}) == N);
    // Both jokers over both deuces.
    const RuleSet all = make_rules("classic", {"jokers=on", "deuces_high=diamond_spade"});
    CHECK(winner(all, {{N, C("2D")}, {E, C("LJ")}, {S, C("2S")}, {W, C("AS")}}) == E);
    CHECK(winner(all, {{N, C("2D")}, {E, C("2S")}, {S, C("AS")}, {W, C("KS")}}) == N);
}

TEST_CASE("deuces high: the 2D follows spades and may ruff diamonds", "[jokers]") {
    const RuleSet r = make_rules("classic", {"deuces_high=diamond_spade"});
    HandState h(r, W, parse_pbn(kDeucesDeal));
    bid_all(h);
    h.play(C("AD"));
    // East holds no diamond (its 2D is a spade): any card is legal.
    CHECK(h.legal_cards() == h.hand(E));
    h.play(C("JS"));
    CHECK(h.spades_broken());
    h.play(C("7D"));
    h.play(C("3D"));
    REQUIRE(h.trick_winners().size() == 1);
    CHECK(h.trick_winners()[0] == E);
    // East leads the 2D as a spade: South must follow with its spades, not its diamonds.
    h.play(C("2D"));
    CHECK(h.led_suit() == Suit::Spades);
    CHECK(h.legal_cards() == CardSet{C("7S"), C("6S"), C("5S")});
    CHECK(h.check_play(C("TD")).has_value());
}

TEST_CASE("deuces high: the 2D is not led before spades are broken", "[jokers]") {
    const RuleSet r = make_rules("classic", {"deuces_high=diamond_spade"});
    // East on lead first (dealer North), holding the 2D and no trump broken yet.
    HandState h(r, N, parse_pbn(kDeucesDeal));
    bid_all(h);
    REQUIRE(h.to_act() == E);
    CHECK_FALSE(h.legal_cards().contains(C("2D")));
    CHECK_FALSE(h.legal_cards().contains(C("JS")));
    CHECK(h.legal_cards().contains(C("JH")));
}

TEST_CASE("jokers: a joker is a spade to lead, to follow and to break spades", "[jokers]") {
    // South leads first (dealer East), holding 876 of spades and the little joker.
    HandState waits(make_rules("classic", {"jokers=on"}), E, parse_pbn(kJokersDeal));
    bid_all(waits);
    REQUIRE(waits.to_act() == S);
    CHECK_FALSE(waits.legal_cards().contains(kLittleJoker));  // spades not broken
    CHECK(waits.legal_cards().contains(C("8H")));

    HandState h(make_rules("classic", {"jokers=on", "spades_lead=anytime"}), E,
                parse_pbn(kJokersDeal));
    bid_all(h);
    h.play(kLittleJoker);
    CHECK(h.spades_broken());
    CHECK(h.led_suit() == Suit::Spades);
    CHECK(h.legal_cards() == CardSet{C("5S"), C("4S"), C("3S"), C("2S")});  // West follows
    h.play(C("2S"));
    h.play(C("AS"));
    // East follows with its spades or the big joker, which takes the trick.
    CHECK(h.legal_cards() == CardSet{C("JS"), C("TS"), C("9S"), kBigJoker});
    h.play(kBigJoker);
    CHECK(h.trick_winners().back() == E);
}

TEST_CASE("jokers: the joker counts as a spade for nil_max_spades", "[jokers]") {
    // South holds 876 of spades and the little joker: four trumps.
    const RuleSet r = make_rules("classic", {"jokers=on", "nil_max_spades=3"});
    HandState h(r, W, parse_pbn(kJokersDeal));
    h.bid(N, Bid::tricks(3));
    h.bid(E, Bid::tricks(3));
    REQUIRE(h.to_act() == S);
    auto refused = h.check_bid(S, Bid::nil());
    REQUIRE(refused.has_value());
    CHECK_THAT(refused->message, Catch::Contains("4 spades"));
    // North's three spades and no joker may bid nil under the same rule.
    const RuleSet four = make_rules("classic", {"jokers=on", "nil_max_spades=4"});
    HandState g(four, W, parse_pbn(kJokersDeal));
    g.bid(N, Bid::tricks(3));
    g.bid(E, Bid::tricks(3));
    CHECK_FALSE(g.check_bid(S, Bid::nil()).has_value());
}

TEST_CASE("jokers: the deck each setting deals", "[jokers]") {
    const Card two_h(Rank::Two, Suit::Hearts);
    const Card two_c(Rank::Two, Suit::Clubs);
    const Card two_d(Rank::Two, Suit::Diamonds);
    CardSet d = make_rules("classic", {"jokers=on"}).deck();
    CHECK(d.size() == 52);
    CHECK((d.contains(kBigJoker) && d.contains(kLittleJoker)));
    CHECK((!d.contains(two_h) && !d.contains(two_c) && d.contains(two_d)));
    d = make_rules("classic", {"jokers=on", "jokers_out=clubs_diamonds"}).deck();
    CHECK((d.size() == 52 && d.contains(two_h) && !d.contains(two_c) && !d.contains(two_d)));
    d = make_rules("classic", {"jokers=on", "jokers_out=hearts_diamonds"}).deck();
    CHECK((d.size() == 52 && !d.contains(two_h) && d.contains(two_c) && !d.contains(two_d)));
    CHECK(make_rules("classic", {"deuces_high=diamond_spade"}).deck() == kFullDeck);
    // A seeded deal of a joker deck gives every card once, thirteen a hand.
    const RuleSet r = make_rules("classic", {"jokers=on"});
    Deal deal = deal_from_seed(7, r.deck(), N);
    CHECK_FALSE(check_deal(deal, r.deck()).has_value());
    CHECK(deal.all() == r.deck());
}

TEST_CASE("jokers: the trumps from the top, as printed", "[jokers]") {
    PlayOrder standard;
    CHECK(standard.standard());
    CHECK(standard.top_trump() == C("AS"));
    PlayOrder all(make_rules("classic", {"jokers=on", "deuces_high=spade_diamond"}));
    REQUIRE(all.trumps().size() == 16);
    CHECK(all.trumps()[0] == kBigJoker);
    CHECK(all.trumps()[1] == kLittleJoker);
    CHECK(all.trumps()[2] == C("2S"));
    CHECK(all.trumps()[3] == C("2D"));
    CHECK(all.trumps()[4] == C("AS"));
    CHECK(all.trumps().back() == C("3S"));
    CHECK(all.suit(C("2D")) == Suit::Spades);
    // A card in play and back.
    for (Card c : make_rules("classic", {"jokers=on", "deuces_high=spade_diamond"}).deck()) {
        CHECK(all.printed(all.in_play(c)) == c);
    }
}

TEST_CASE("jokers: rules that cannot hold together are refused", "[jokers]") {
    CHECK_THROWS_WITH(make_rules("paperless", {"jokers=on"}),
                      Catch::Contains("jokers=on needs deck=52"));
    CHECK_THROWS_WITH(make_rules("classic", {"jokers=on", "jokers_out=clubs_diamonds",
                                             "deuces_high=diamond_spade"}),
                      Catch::Contains("2D") && Catch::Contains("not in the deck"));
    CHECK_THROWS_WITH(make_rules("paperless", {"deuces_high=spade"}),
                      Catch::Contains("2S") && Catch::Contains("not in the deck"));
    CHECK_THROWS_WITH(make_rules("classic", {"jokers=on", "first_lead=two_of_clubs"}),
                      Catch::Contains("needs the 2C"));
    CHECK_NOTHROW(make_rules(
        "classic", {"jokers=on", "jokers_out=hearts_diamonds", "first_lead=two_of_clubs"}));
}

TEST_CASE("jokers: cards and deals as text", "[jokers]") {
    CHECK(parse_card("BJ") == kBigJoker);
    CHECK(parse_card("lj") == kLittleJoker);
    CHECK(to_string(kBigJoker) == "BJ");
    CHECK(to_string(CardSet{C("AS"), kLittleJoker, kBigJoker, C("2C")}) == "BJ LJ AS 2C");
    Deal d = parse_pbn(kJokersDeal);
    CHECK(d[E].contains(kBigJoker));
    CHECK(d[S].contains(kLittleJoker));
    CHECK(to_pbn(d) == kJokersDeal);
    CHECK(hand_to_pbn(d[N]) == "AKQ.AKQ.AKQJ.AKQ");
    CHECK_THROWS_WITH(parse_pbn_hand("A.K.Q.J.X"), Catch::Contains("'X' is not a joker"));
    CHECK_THROWS_WITH(parse_pbn_hand("A.K.Q.J.B.L"), Catch::Contains("too many '.'"));
}
