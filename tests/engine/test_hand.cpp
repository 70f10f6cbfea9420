#include <catch2/catch.hpp>

#include "spadework/engine/hand.h"

using namespace spadework;

namespace {
// Each seat holds one suit: N spades, E hearts, S diamonds, W clubs.
const char* kSuitsDeal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
}  // namespace

TEST_CASE("bids print and parse", "[hand]") {
    CHECK(to_string(Bid::tricks(4)) == "4");
    CHECK(to_string(Bid::nil()) == "nil");
    CHECK(to_string(Bid::blind_nil()) == "bnil");
    CHECK(parse_bid("nil") == Bid::nil());
    CHECK(parse_bid("NIL") == Bid::nil());
    CHECK(parse_bid("0") == Bid::nil());
    CHECK(parse_bid("bnil") == Bid::blind_nil());
    CHECK(parse_bid("Blind Nil") == Bid::blind_nil());
    CHECK(parse_bid("13") == Bid::tricks(13));
    CHECK_THROWS_AS(parse_bid("x"), ParseError);
    CHECK_THROWS_AS(parse_bid("-1"), ParseError);
    CHECK_THROWS_AS(parse_bid(""), ParseError);
    CHECK_THROWS_AS(parse_bid("100"), ParseError);
    // A long word is refused without overflowing the count (UBSan checks this).
    CHECK_THROWS_AS(parse_bid("99999999999999999999"), ParseError);
}

TEST_CASE("a classic hand goes deal, bids from dealer's left, tricks, done", "[hand]") {
    HandState h(preset("classic"), Seat::West, parse_pbn(kSuitsDeal));
    CHECK(h.phase() == Phase::Bid);
    CHECK(h.to_act() == Seat::North);
    h.bid(Seat::North, Bid::tricks(13));
    h.bid(Seat::East, Bid::nil());
    h.bid(Seat::South, Bid::nil());
    CHECK(h.legal_bids().front() == Bid::nil());
    h.bid(Seat::West, Bid::blind_nil());
    CHECK(h.phase() == Phase::Play);
    // North holds only spades, so North may lead one although spades are not broken.
    CHECK(h.to_act() == Seat::North);
    CHECK(h.legal_cards() == h.hand(Seat::North));
    for (int t = 0; t < 13; ++t) {
        Card lead = *h.legal_cards().begin();
        h.play(lead);
        CHECK(h.spades_broken());  // classic: any spade breaks them
        CHECK(h.led_suit() == Suit::Spades);
        for (int k = 0; k < 3; ++k) h.play(*h.legal_cards().begin());
        CHECK(h.trick_winners().back() == Seat::North);
    }
    CHECK(h.phase() == Phase::Done);
    HandOutcome out = h.outcome();
    CHECK(out.tricks == std::array<int, 4>{13, 0, 0, 0});
    CHECK(out.bids[3] == Bid::blind_nil());
    // East held every heart but North trumped them all: NS won the honours.
    CHECK(out.honours == Team::NS);
}

TEST_CASE("undo walks a whole hand back to the deal", "[hand]") {
    RuleSet rules = preset("paperless");
    Deal deal = deal_from_seed(11, rules.deck(), Seat::South);
    HandState h(rules, Seat::South, deal);
    HandState fresh = h;
    int actions = 0;
    for (Seat s : {Seat::West, Seat::North, Seat::East, Seat::South}) {
        CardSet three;
        for (Card c : h.dealt()[s]) {
            if (three.size() < 3) three.insert(c);
        }
        h.pass(s, three);
        ++actions;
    }
    CHECK(h.phase() == Phase::Bid);
    for (Seat s : {Seat::West, Seat::North, Seat::East, Seat::South}) {
        h.bid(s, Bid::tricks(3));
        ++actions;
    }
    while (h.phase() != Phase::Done) {
        h.play(*h.legal_cards().begin());
        ++actions;
    }
    CHECK(h.tricks_played() == 12);
    for (int i = 0; i < actions; ++i) h.undo();
    CHECK_FALSE(h.can_undo());
    CHECK(h.phase() == Phase::Pass);
    CHECK(h.to_act() == fresh.to_act());
    for (Seat s : kAllSeats) CHECK(h.hand(s) == deal[s]);
    CHECK(h.play_record().empty());
    CHECK_FALSE(h.spades_broken());
    CHECK_THROWS_AS(h.undo(), InternalError);  // a caller's fault: can_undo() said no
}

TEST_CASE("a state made with a bad deal is refused", "[hand]") {
    Deal d = parse_pbn(kSuitsDeal);
    d[Seat::North].erase(Card(Rank::Ace, Suit::Spades));
    CHECK_THROWS_WITH(HandState(preset("classic"), Seat::North, d),
                      Catch::Contains("deal gives N 12 cards"));
    CHECK_THROWS_WITH(HandState(preset("paperless"), Seat::North, parse_pbn(kSuitsDeal)),
                      Catch::Contains("48-card deck"));
}
