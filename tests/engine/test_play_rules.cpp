// The rules of play under each preset, checked with HandState on deals built card by card:
// following suit, breaking spades, the opening lead, bids, the Paperless pass, the blind nil
// exchange, recorded irregularities and undo.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "spadework/engine/card.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/error.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/rules.h"
#include "spadework/engine/scoring.h"

using namespace spadework;

namespace {

constexpr Bid B(int n) {
    return Bid::tricks(n);
}

const Seat N = Seat::North;
const Seat E = Seat::East;
const Seat S = Seat::South;
const Seat W = Seat::West;

// D1. Dealer West, so North leads. South is void in hearts and can ruff North's heart lead;
// West holds the 2 of clubs.
//   N  AK4.AKQJ2.54.543
//   E  QJ.T987.AKQ.AKQJ
//   S  T98765..JT987.T9
//   W  32.6543.632.8762
const char* const kD1 = "N:AK4.AKQJ2.54.543 QJ.T987.AKQ.AKQJ T98765..JT987.T9 32.6543.632.8762";

// D2. North holds eleven spades with the aces of diamonds and clubs, East the other two
// spades. North cashes its aces and is left with nothing but spades.
//   N  QJT98765432..A.A
//   E  AK.AKQJ.KQJT.KQJ
//   S  .T9876.9876.T987
//   W  .5432.5432.65432
const char* const kD2 = "N:QJT98765432..A.A AK.AKQJ.KQJT.KQJ .T9876.9876.T987 .5432.5432.65432";

Card C(const char* text) {
    return parse_card(text);
}
CardSet cards(const char* text) {
    return parse_cards(text);
}

std::string reason_name(IllegalReason r) {
    switch (r) {
        case IllegalReason::WrongPhase:
            return "WrongPhase";
        case IllegalReason::NotYourTurn:
            return "NotYourTurn";
        case IllegalReason::CardNotHeld:
            return "CardNotHeld";
        case IllegalReason::MustFollowSuit:
            return "MustFollowSuit";
        case IllegalReason::SpadesNotBroken:
            return "SpadesNotBroken";
        case IllegalReason::MustLeadTwoOfClubs:
            return "MustLeadTwoOfClubs";
        case IllegalReason::WrongPassSize:
            return "WrongPassSize";
        case IllegalReason::BidOutOfRange:
            return "BidOutOfRange";
        case IllegalReason::NilNotAllowed:
            return "NilNotAllowed";
        case IllegalReason::BlindNilNotAllowed:
            return "BlindNilNotAllowed";
        case IllegalReason::BothPartnersNil:
            return "BothPartnersNil";
        case IllegalReason::BlindBidNotAllowed:
            return "BlindBidNotAllowed";
        case IllegalReason::NilWithTooManySpades:
            return "NilWithTooManySpades";
        case IllegalReason::NotBehindEnough:
            return "NotBehindEnough";
        case IllegalReason::TeamBidTooLow:
            return "TeamBidTooLow";
        case IllegalReason::TeamBidTooHigh:
            return "TeamBidTooHigh";
        case IllegalReason::ForcedBid:
            return "ForcedBid";
    }
    return "?";
}

// "ok" for a legal action, else the reason's name. A refusal must say why in words.
std::string why(const std::optional<Illegal>& illegal) {
    if (!illegal) return "ok";
    CHECK_FALSE(illegal->message.empty());
    return reason_name(illegal->reason);
}

// The reason an action throws with, "ok" when it does not throw.
template <typename F>
std::string thrown(F&& action) {
    try {
        action();
    } catch (const IllegalActionError& e) {
        CHECK_FALSE(std::string(e.what()).empty());
        return reason_name(e.illegal().reason);
    }
    return "ok";
}

std::string str(CardSet c) {
    return to_string(c);
}

std::string seats_str(const std::vector<Seat>& seats) {
    std::string out;
    for (Seat s : seats) out += seat_char(s);
    return out;
}

HandState start(const RuleSet& rules, Seat dealer, const char* pbn) {
    return HandState(rules, dealer, parse_pbn(pbn));
}

// Everyone bids the same, in turn.
void bid_all(HandState& h, Bid bid = B(3)) {
    for (int i = 0; i < 4; ++i) h.bid(h.to_act(), bid);
}

void play_all(HandState& h, std::initializer_list<const char*> played) {
    for (const char* c : played) {
        INFO("playing " << c << " for " << seat_char(h.to_act()));
        h.play(C(c));
    }
}

// Plays the lowest-indexed legal card until the hand ends.
void play_out(HandState& h) {
    while (h.phase() == Phase::Play) {
        CardSet legal = h.legal_cards();
        REQUIRE_FALSE(legal.empty());
        h.play(*legal.begin());
    }
}

// The first n cards of a set, in iteration order.
CardSet first_cards(CardSet from, int n) {
    CardSet out;
    for (Card c : from) {
        if (out.size() < n) out.insert(c);
    }
    return out;
}

// Everything observable about a hand's state, as text, for undo checks.
std::string describe(const HandState& h) {
    std::ostringstream o;
    o << phase_name(h.phase());
    if (h.phase() != Phase::Done) o << " to_act=" << seat_char(h.to_act());
    if (h.phase() == Phase::Play) o << " leader=" << seat_char(h.leader());
    o << " broken=" << h.spades_broken() << " tricks=" << h.tricks_played();
    for (Seat s : kAllSeats) {
        o << "\n  " << seat_char(s) << " " << hand_to_pbn(h.hand(s))
          << " taken=" << h.tricks_taken(s)
          << " bid=" << (h.bid_of(s) ? to_string(*h.bid_of(s)) : std::string("-"))
          << " passed=" << (h.passed(s) ? to_string(*h.passed(s)) : std::string("-"))
          << " exchanged=" << (h.exchanged(s) ? to_string(*h.exchanged(s)) : std::string("-"));
    }
    o << "\n  trick:";
    for (const auto& pc : h.current_trick()) o << " " << seat_char(pc.seat) << to_string(pc.card);
    o << "\n  winners: " << seats_str(h.trick_winners());
    o << "\n  record:";
    for (const auto& pc : h.play_record()) o << " " << seat_char(pc.seat) << to_string(pc.card);
    o << "\n  irregularities: " << h.irregularities().size();
    return o.str();
}

// Does an action, checks that undo gives back exactly the state before, then does it again.
template <typename F>
void check_undo(HandState& h, F&& action) {
    std::string before = describe(h);
    action();
    std::string after = describe(h);
    REQUIRE(h.can_undo());
    h.undo();
    CHECK(describe(h) == before);
    action();
    CHECK(describe(h) == after);
}

bool has_bid(const std::vector<Bid>& bids, Bid b) {
    return std::find(bids.begin(), bids.end(), b) != bids.end();
}

// A paperless hand from a seed, with everyone passing the first three cards dealt.
HandState paperless_after_pass(std::uint64_t seed, Seat dealer) {
    RuleSet r = preset("paperless");
    HandState h(r, dealer, deal_from_seed(seed, r.deck(), dealer));
    for (int i = 0; i < 4; ++i) {
        Seat who = h.to_act();
        h.pass(who, first_cards(h.dealt()[who], 3));
    }
    return h;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Following suit.

TEST_CASE("play: a player holding the suit led must follow suit", "[play]") {
    auto name = GENERATE("classic", "casual", "computer", "leaflet");
    INFO("preset " << name);
    HandState h = start(preset(name), W, kD1);
    bid_all(h);
    h.play(C("AH"));
    REQUIRE(h.to_act() == E);
    CHECK(h.led_suit() == Suit::Hearts);
    CHECK(why(h.check_play(C("AD"))) == "MustFollowSuit");
    CHECK(why(h.check_play(C("QS"))) == "MustFollowSuit");
    CHECK(str(h.legal_cards()) == str(cards("TH 9H 8H 7H")));
    CHECK(thrown([&] { h.play(C("AD")); }) == "MustFollowSuit");
    // A refused card changes nothing.
    CHECK(h.to_act() == E);
    CHECK(h.hand(E).contains(C("AD")));
    CHECK(h.current_trick().size() == 1);
    CHECK(why(h.check_play(C("7H"))) == "ok");
    CHECK(why(h.check_play(C("TH"))) == "ok");
}

TEST_CASE("play: a player void in the suit led may play any card, a spade included", "[play]") {
    auto name = GENERATE("classic", "casual", "computer", "leaflet");
    INFO("preset " << name);
    HandState h = start(preset(name), W, kD1);
    bid_all(h);
    play_all(h, {"AH", "7H"});
    REQUIRE(h.to_act() == S);
    CHECK(h.legal_cards() == h.hand(S));
    CHECK(why(h.check_play(C("5S"))) == "ok");
    CHECK(why(h.check_play(C("TS"))) == "ok");
    CHECK(why(h.check_play(C("7D"))) == "ok");
    CHECK(why(h.check_play(C("9C"))) == "ok");
}

// ---------------------------------------------------------------------------------------
// Breaking spades.

TEST_CASE("play: spades cannot be led until broken by a ruff, and after the ruff they can",
          "[play]") {
    auto name = GENERATE("classic", "casual", "leaflet");
    INFO("preset " << name);
    HandState h = start(preset(name), W, kD1);
    bid_all(h);
    REQUIRE(h.to_act() == N);
    CHECK_FALSE(h.spades_broken());
    CHECK(why(h.check_play(C("AS"))) == "SpadesNotBroken");
    CHECK(thrown([&] { h.play(C("4S")); }) == "SpadesNotBroken");
    CHECK(str(h.legal_cards()) == str(cards("AH KH QH JH 2H 5D 4D 5C 4C 3C")));
    play_all(h, {"AH", "7H"});
    CHECK_FALSE(h.spades_broken());
    h.play(C("5S"));  // South ruffs
    CHECK(h.spades_broken());
    CHECK(h.current_winner() == S);
    h.play(C("3H"));
    CHECK(seats_str(h.trick_winners()) == "S");
    CHECK(h.tricks_taken(S) == 1);
    CHECK(h.to_act() == S);
    CHECK(h.leader() == S);
    CHECK(why(h.check_play(C("TS"))) == "ok");
    CHECK(h.legal_cards() == h.hand(S));
}

TEST_CASE("play: a discard on a side suit does not break spades", "[play]") {
    auto name = GENERATE("classic", "casual", "leaflet");
    INFO("preset " << name);
    HandState h = start(preset(name), W, kD1);
    bid_all(h);
    play_all(h, {"AH", "7H", "7D", "3H"});  // South discards a diamond
    CHECK_FALSE(h.spades_broken());
    REQUIRE(h.to_act() == N);
    CHECK(why(h.check_play(C("AS"))) == "SpadesNotBroken");
}

TEST_CASE("play: a hand holding nothing but spades may lead one before spades are broken",
          "[play]") {
    auto name = GENERATE("classic", "casual", "leaflet");
    INFO("preset " << name);
    HandState h = start(preset(name), W, kD2);
    bid_all(h);
    REQUIRE(h.to_act() == N);
    CHECK(why(h.check_play(C("QS"))) == "SpadesNotBroken");
    CHECK(str(h.legal_cards()) == str(cards("AD AC")));
    play_all(h, {"AC", "KC", "TC", "2C"});
    play_all(h, {"AD", "KD", "9D", "2D"});
    REQUIRE(h.to_act() == N);
    CHECK_FALSE(h.spades_broken());
    CHECK(why(h.check_play(C("2S"))) == "ok");
    CHECK(why(h.check_play(C("QS"))) == "ok");
    CHECK(h.legal_cards() == h.hand(N));
    CHECK(h.legal_cards().size() == 11);
}

TEST_CASE(
    "play: spades_break=any_spade (a forced spade lead breaks spades) against "
    "spades_break=trump (only a spade on another suit does)",
    "[play]") {
    struct Case {
        const char* preset;
        std::vector<std::string> overrides;
        bool lead_breaks;
    };
    auto c = GENERATE(values<Case>({
        {"classic", {}, true},
        {"casual", {}, false},
        {"leaflet", {}, false},
        {"classic", {"spades_break=trump"}, false},
        {"casual", {"spades_break=any_spade"}, true},
    }));
    RuleSet r = make_rules(c.preset, c.overrides);
    INFO("preset " << c.preset << (c.overrides.empty() ? "" : " " + c.overrides[0]));
    HandState h(r, W, parse_pbn(kD2));
    bid_all(h);
    play_all(h, {"AC", "KC", "TC", "2C"});
    play_all(h, {"AD", "KD", "9D", "2D"});
    h.play(C("2S"));  // forced: North holds nothing but spades
    CHECK(h.spades_broken() == c.lead_breaks);
    play_all(h, {"AS", "6H", "2H"});
    REQUIRE(seats_str(h.trick_winners()) == "NNE");
    REQUIRE(h.to_act() == E);
    CHECK(h.spades_broken() == c.lead_breaks);
    if (c.lead_breaks) {
        CHECK(why(h.check_play(C("KS"))) == "ok");
        CHECK(h.legal_cards() == h.hand(E));
    } else {
        CHECK(why(h.check_play(C("KS"))) == "SpadesNotBroken");
        CHECK(h.legal_cards() == h.hand(E) - h.hand(E).of_suit(Suit::Spades));
        // A spade played on a heart lead breaks them.
        play_all(h, {"AH", "7H", "3H"});
        CHECK_FALSE(h.spades_broken());
        h.play(C("3S"));  // North, void in hearts, ruffs
        CHECK(h.spades_broken());
        CHECK(h.to_act() == N);
        CHECK(h.trick_winners().back() == N);
    }
}

// ---------------------------------------------------------------------------------------
// The opening lead.

TEST_CASE("play: bidding starts left of the dealer, and the player left of the dealer leads",
          "[play]") {
    for (Seat dealer : kAllSeats) {
        INFO("dealer " << seat_char(dealer));
        HandState h = start(preset("classic"), dealer, kD1);
        CHECK(h.phase() == Phase::Bid);
        std::string order;
        for (int i = 0; i < 4; ++i) {
            order += seat_char(h.to_act());
            h.bid(h.to_act(), B(3));
        }
        CHECK(order == seat_letter(next(dealer)) + seat_letter(next(dealer, 2)) +
                           seat_letter(next(dealer, 3)) + seat_letter(dealer));
        CHECK(h.phase() == Phase::Play);
        CHECK(h.to_act() == next(dealer));
        CHECK(h.leader() == next(dealer));
        CHECK(h.tricks_played() == 0);
    }
}

TEST_CASE("play: classic forbids a spade opening lead, and spades_lead=anytime permits one",
          "[play]") {
    SECTION("classic") {
        HandState h = start(preset("classic"), W, kD1);
        bid_all(h);
        CHECK(why(h.check_play(C("AS"))) == "SpadesNotBroken");
        CHECK(h.legal_cards() == h.hand(N) - h.hand(N).of_suit(Suit::Spades));
    }
    SECTION("computer (spades may be led any time)") {
        RuleSet r = preset("computer");
        CHECK(r.spades_lead == SpadesLead::Anytime);
        HandState h(r, W, parse_pbn(kD1));
        bid_all(h);
        CHECK(why(h.check_play(C("AS"))) == "ok");
        CHECK(h.legal_cards() == h.hand(N));
        h.play(C("4S"));
        CHECK(h.led_suit() == Suit::Spades);
        // Following suit still applies to a spade lead.
        CHECK(str(h.legal_cards()) == str(cards("QS JS")));
    }
    SECTION("classic with spades_lead=anytime") {
        HandState h(make_rules("classic", {"spades_lead=anytime"}), W, parse_pbn(kD1));
        bid_all(h);
        CHECK(why(h.check_play(C("AS"))) == "ok");
        CHECK(h.legal_cards() == h.hand(N));
    }
    SECTION("casual with spades_lead=anytime, later in the hand") {
        HandState h(make_rules("casual", {"spades_lead=anytime"}), W, parse_pbn(kD1));
        bid_all(h);
        play_all(h, {"AH", "7H", "7D", "3H"});
        CHECK_FALSE(h.spades_broken());
        CHECK(why(h.check_play(C("AS"))) == "ok");
    }
}

TEST_CASE("play: first_lead=two_of_clubs: the holder of the 2 of clubs must lead it", "[play]") {
    RuleSet r = make_rules("classic", {"first_lead=two_of_clubs"});
    for (Seat dealer : {N, W}) {
        INFO("dealer " << seat_char(dealer));
        HandState h(r, dealer, parse_pbn(kD1));
        CHECK(h.to_act() == next(dealer));  // bidding still starts left of the dealer
        bid_all(h);
        REQUIRE(h.phase() == Phase::Play);
        CHECK(h.to_act() == W);  // West holds the 2 of clubs
        CHECK(h.leader() == W);
        CHECK(why(h.check_play(C("8C"))) == "MustLeadTwoOfClubs");
        CHECK(why(h.check_play(C("6H"))) == "MustLeadTwoOfClubs");
        CHECK(thrown([&] { h.play(C("6D")); }) == "MustLeadTwoOfClubs");
        CHECK(str(h.legal_cards()) == "2C");
        CHECK(why(h.check_play(C("2C"))) == "ok");
        h.play(C("2C"));
        CHECK(h.to_act() == N);
        CHECK(str(h.legal_cards()) == str(cards("5C 4C 3C")));
    }
}

// ---------------------------------------------------------------------------------------
// Turns, cards and bids.

TEST_CASE("play: acting out of turn is refused with NotYourTurn", "[play]") {
    HandState h = start(preset("classic"), W, kD1);
    REQUIRE(h.to_act() == N);
    CHECK(why(h.check_bid(E, B(3))) == "NotYourTurn");
    CHECK(why(h.check_bid(W, B(3))) == "NotYourTurn");
    CHECK(thrown([&] { h.bid(E, B(3)); }) == "NotYourTurn");
    CHECK_FALSE(h.bid_of(E).has_value());
    h.bid(N, B(3));
    CHECK(why(h.check_bid(N, B(3))) == "NotYourTurn");  // North has bid
    CHECK(why(h.check_bid(E, B(3))) == "ok");
}

TEST_CASE("play: a card the player does not hold is refused with CardNotHeld", "[play]") {
    HandState h = start(preset("classic"), W, kD1);
    bid_all(h);
    REQUIRE(h.to_act() == N);
    CHECK(why(h.check_play(C("QS"))) == "CardNotHeld");        // East's
    CHECK(why(h.check_play(C("TD"))) == "CardNotHeld");        // South's
    CHECK(thrown([&] { h.play(C("2C")); }) == "CardNotHeld");  // West's
    play_all(h, {"AH", "7H", "5S", "3H"});
    REQUIRE(h.to_act() == S);
    CHECK(why(h.check_play(C("5S"))) == "CardNotHeld");  // South played it already
    CHECK(thrown([&] { h.play_recorded(C("AH")); }) == "CardNotHeld");
}

TEST_CASE("play: a bid above the rule set's highest bid is refused with BidOutOfRange", "[play]") {
    SECTION("computer: bids run nil to 10") {
        HandState h = start(preset("computer"), W, kD1);
        CHECK(why(h.check_bid(N, B(11))) == "BidOutOfRange");
        CHECK(why(h.check_bid(N, B(13))) == "BidOutOfRange");
        CHECK(thrown([&] { h.bid(N, B(11)); }) == "BidOutOfRange");
        CHECK(why(h.check_bid(N, B(10))) == "ok");
        CHECK(why(h.check_bid(N, B(1))) == "ok");
        auto bids = h.legal_bids();
        CHECK(has_bid(bids, B(10)));
        CHECK_FALSE(has_bid(bids, B(11)));
        CHECK(has_bid(bids, Bid::nil()));
        CHECK(has_bid(bids, Bid::blind_nil()));
    }
    SECTION("paperless: twelve cards, bids up to 12") {
        HandState h = paperless_after_pass(5, W);
        REQUIRE(h.phase() == Phase::Bid);
        CHECK(why(h.check_bid(N, B(13))) == "BidOutOfRange");
        CHECK(why(h.check_bid(N, B(12))) == "ok");
        CHECK_FALSE(has_bid(h.legal_bids(), B(13)));
        CHECK(has_bid(h.legal_bids(), B(12)));
    }
    SECTION("classic: up to 13") {
        HandState h = start(preset("classic"), W, kD1);
        CHECK(why(h.check_bid(N, B(13))) == "ok");
        CHECK(has_bid(h.legal_bids(), B(13)));
    }
}

TEST_CASE("play: nil=forbidden refuses a nil bid with NilNotAllowed", "[play]") {
    RuleSet r = make_rules("classic", {"nil=forbidden"});
    HandState h(r, W, parse_pbn(kD1));
    CHECK(why(h.check_bid(N, Bid::nil())) == "NilNotAllowed");
    CHECK(thrown([&] { h.bid(N, Bid::nil()); }) == "NilNotAllowed");
    CHECK_FALSE(has_bid(h.legal_bids(), Bid::nil()));
    CHECK(why(h.check_bid(N, B(1))) == "ok");

    HandState classic = start(preset("classic"), W, kD1);
    CHECK(why(classic.check_bid(N, Bid::nil())) == "ok");
}

TEST_CASE("play: blind nil is refused under casual, leaflet and paperless", "[play]") {
    for (const char* name : {"casual", "leaflet"}) {
        INFO("preset " << name);
        HandState h = start(preset(name), W, kD1);
        CHECK(why(h.check_bid(N, Bid::blind_nil())) == "BlindNilNotAllowed");
        CHECK(thrown([&] { h.bid(N, Bid::blind_nil()); }) == "BlindNilNotAllowed");
        CHECK_FALSE(has_bid(h.legal_bids(), Bid::blind_nil()));
        CHECK(why(h.check_bid(N, Bid::nil())) == "ok");
    }
    HandState p = paperless_after_pass(9, S);
    CHECK(why(p.check_bid(p.to_act(), Bid::blind_nil())) == "BlindNilNotAllowed");
    for (const char* name : {"classic", "computer"}) {
        INFO("preset " << name);
        HandState h = start(preset(name), W, kD1);
        CHECK(why(h.check_bid(N, Bid::blind_nil())) == "ok");
        CHECK(has_bid(h.legal_bids(), Bid::blind_nil()));
    }
}

TEST_CASE("play: both partners bidding nil: refused under paperless, allowed under computer",
          "[play]") {
    SECTION("paperless") {
        HandState h = paperless_after_pass(3, W);
        h.bid(N, Bid::nil());
        h.bid(E, Bid::nil());  // an opponent may bid nil as well
        CHECK(why(h.check_bid(S, Bid::nil())) == "BothPartnersNil");
        CHECK(thrown([&] { h.bid(S, Bid::nil()); }) == "BothPartnersNil");
        CHECK_FALSE(has_bid(h.legal_bids(), Bid::nil()));
        h.bid(S, B(4));
        CHECK(why(h.check_bid(W, Bid::nil())) == "BothPartnersNil");
        CHECK(why(h.check_bid(W, B(2))) == "ok");
    }
    SECTION("computer") {
        HandState h = start(preset("computer"), W, kD1);
        h.bid(N, Bid::nil());
        h.bid(E, B(3));
        CHECK(why(h.check_bid(S, Bid::nil())) == "ok");
        CHECK(why(h.check_bid(S, Bid::blind_nil())) == "ok");
        h.bid(S, Bid::nil());
        h.bid(W, B(3));
        CHECK(h.phase() == Phase::Play);
    }
    SECTION("classic with both_nil=forbidden, blind nil included") {
        HandState h(make_rules("classic", {"both_nil=forbidden"}), W, parse_pbn(kD1));
        h.bid(N, Bid::blind_nil());
        h.bid(E, B(3));
        CHECK(why(h.check_bid(S, Bid::nil())) == "BothPartnersNil");
        CHECK(why(h.check_bid(S, Bid::blind_nil())) == "BothPartnersNil");
    }
}

TEST_CASE("play: an action of another phase is refused with WrongPhase", "[play]") {
    SECTION("no pass and no exchange under classic; no card during the bidding") {
        HandState h = start(preset("classic"), W, kD1);
        REQUIRE(h.phase() == Phase::Bid);
        CHECK(why(h.check_play(C("AH"))) == "WrongPhase");
        CHECK(thrown([&] { h.play(C("AH")); }) == "WrongPhase");
        CHECK(why(h.check_pass(N, cards("AH KH QH"))) == "WrongPhase");
        CHECK(why(h.check_exchange(N, cards("AH KH QH"))) == "WrongPhase");
        bid_all(h);
        REQUIRE(h.phase() == Phase::Play);
        CHECK(why(h.check_bid(N, B(3))) == "WrongPhase");
        CHECK(thrown([&] { h.bid(N, B(3)); }) == "WrongPhase");
        CHECK(why(h.check_exchange(N, cards("AH KH QH"))) == "WrongPhase");
        play_out(h);
        REQUIRE(h.phase() == Phase::Done);
        CHECK(why(h.check_play(C("AH"))) == "WrongPhase");
        CHECK(why(h.check_bid(N, B(3))) == "WrongPhase");
    }
    SECTION("no bid or card during the paperless pass") {
        RuleSet r = preset("paperless");
        HandState h(r, W, deal_from_seed(1, r.deck(), W));
        REQUIRE(h.phase() == Phase::Pass);
        CHECK(why(h.check_bid(N, B(3))) == "WrongPhase");
        CHECK(why(h.check_play(*h.hand(N).begin())) == "WrongPhase");
    }
}

// ---------------------------------------------------------------------------------------
// Paperless: the 48-card deck and the pass.

TEST_CASE("play: paperless deals 12 cards each from 48 and a hand lasts 12 tricks", "[play]") {
    RuleSet r = preset("paperless");
    const CardSet removed = cards("2S 3S 2H 3H");
    for (std::uint64_t seed : {1ull, 77ull, 123456789ull}) {
        for (Seat dealer : {N, S}) {
            INFO("seed " << seed << " dealer " << seat_char(dealer));
            Deal d = deal_from_seed(seed, r.deck(), dealer);
            for (Seat s : kAllSeats) {
                CHECK(d[s].size() == 12);
                CHECK((d[s] & removed).empty());
            }
            CHECK_FALSE(check_deal(d, r.deck()).has_value());
            HandState h = paperless_after_pass(seed, dealer);
            REQUIRE(h.phase() == Phase::Bid);
            bid_all(h);
            REQUIRE(h.phase() == Phase::Play);
            for (Seat s : kAllSeats) CHECK(h.held_at_play(s).size() == 12);
            play_out(h);
            CHECK(h.phase() == Phase::Done);
            CHECK(h.tricks_played() == 12);
            CHECK(h.trick_winners().size() == 12);
            CHECK(h.play_record().size() == 48);
            int total = 0;
            for (Seat s : kAllSeats) total += h.tricks_taken(s);
            CHECK(total == 12);
            HandOutcome o = h.outcome();
            for (Seat s : kAllSeats) CHECK(o.tricks[index(s)] == h.tricks_taken(s));
            CHECK_FALSE(check_outcome(r, o).has_value());
            // "if the team collects all four honour cards in won tricks"
            std::array<CardSet, 2> won;
            for (std::size_t t = 0; t < h.trick_winners().size(); ++t) {
                for (std::size_t k = 0; k < 4; ++k) {
                    won[index(team_of(h.trick_winners()[t]))].insert(
                        h.play_record()[4 * t + k].card);
                }
            }
            std::optional<Team> honours;
            for (Team t : kAllTeams) {
                if ((won[index(t)] & kHonours) == kHonours) honours = t;
            }
            CHECK(o.honours == honours);
        }
    }
}

TEST_CASE("play: the paperless pass: three cards to partner, in turn from the dealer's left",
          "[play]") {
    RuleSet r = preset("paperless");
    const Seat dealer = E;
    Deal d = deal_from_seed(42, r.deck(), dealer);
    HandState h(r, dealer, d);
    REQUIRE(h.phase() == Phase::Pass);
    REQUIRE(h.to_act() == S);

    std::array<CardSet, 4> given;
    for (Seat s : kAllSeats) given[index(s)] = first_cards(d[s], 3);

    CHECK(why(h.check_pass(S, first_cards(d[S], 2))) == "WrongPassSize");
    CHECK(why(h.check_pass(S, first_cards(d[S], 4))) == "WrongPassSize");
    CHECK(thrown([&] { h.pass(S, first_cards(d[S], 2)); }) == "WrongPassSize");
    CHECK(why(h.check_pass(W, given[index(W)])) == "NotYourTurn");
    CHECK(why(h.check_pass(S, first_cards(d[N], 3))) == "CardNotHeld");
    CHECK(why(h.check_pass(S, given[index(S)])) == "ok");

    check_undo(h, [&] { h.pass(S, given[index(S)]); });
    CHECK(h.to_act() == W);
    h.pass(W, given[index(W)]);
    REQUIRE(h.to_act() == N);
    // North may not pass on a card received from South.
    CardSet with_received = first_cards(d[N], 2);
    with_received.insert(*given[index(S)].begin());
    CHECK(h.check_pass(N, with_received).has_value());
    CHECK_THROWS_AS(h.pass(N, with_received), IllegalActionError);
    h.pass(N, given[index(N)]);
    REQUIRE(h.to_act() == E);
    check_undo(h, [&] { h.pass(E, given[index(E)]); });

    CHECK(h.phase() == Phase::Bid);
    CHECK(h.to_act() == S);
    CHECK(h.dealt() == d);
    for (Seat s : kAllSeats) {
        INFO("seat " << seat_char(s));
        REQUIRE(h.passed(s).has_value());
        CHECK(*h.passed(s) == given[index(s)]);
        CardSet expect = (d[s] - given[index(s)]) | given[index(partner(s))];
        CHECK(str(h.hand(s)) == str(expect));
        CHECK(h.hand(s).size() == 12);
    }
    bid_all(h);
    REQUIRE(h.phase() == Phase::Play);
    for (Seat s : kAllSeats) {
        CHECK(h.held_at_play(s) == h.hand(s));
    }
}

// ---------------------------------------------------------------------------------------
// Computer: the double (blind) nil exchange.

TEST_CASE("play: computer blind nil: bidder gives partner 3 cards, then partner gives 3 back",
          "[play]") {
    RuleSet r = preset("computer");
    Deal d = parse_pbn(kD1);
    HandState h(r, W, d);
    h.bid(N, Bid::blind_nil());
    h.bid(E, B(3));
    h.bid(S, B(4));
    check_undo(h, [&] { h.bid(W, B(3)); });
    REQUIRE(h.phase() == Phase::Exchange);
    REQUIRE(h.to_act() == N);

    CHECK(why(h.check_exchange(S, cards("5S 7D 9C"))) == "NotYourTurn");
    CHECK(why(h.check_exchange(N, cards("AS AH"))) == "WrongPassSize");
    CHECK(why(h.check_exchange(N, cards("AS AH KH QH"))) == "WrongPassSize");
    CHECK(why(h.check_exchange(N, cards("AS AH QS"))) == "CardNotHeld");
    CHECK(why(h.check_play(C("AH"))) == "WrongPhase");

    check_undo(h, [&] { h.exchange(N, cards("AS AH KH")); });
    REQUIRE(h.to_act() == S);
    // The partner cannot give back what was just received.
    CHECK(h.check_exchange(S, cards("AS 7D 9C")).has_value());
    CHECK_THROWS_AS(h.exchange(S, cards("AS 7D 9C")), IllegalActionError);
    check_undo(h, [&] { h.exchange(S, cards("5S 7D 9C")); });

    REQUIRE(h.phase() == Phase::Play);
    CHECK(h.to_act() == N);
    CHECK(str(h.hand(N)) == str((d[N] - cards("AS AH KH")) | cards("5S 7D 9C")));
    CHECK(str(h.hand(S)) == str((d[S] - cards("5S 7D 9C")) | cards("AS AH KH")));
    CHECK(h.hand(E) == d[E]);
    CHECK(h.hand(W) == d[W]);
    for (Seat s : kAllSeats) CHECK(h.held_at_play(s) == h.hand(s));
    REQUIRE(h.exchanged(N).has_value());
    CHECK(*h.exchanged(N) == cards("AS AH KH"));
    REQUIRE(h.exchanged(S).has_value());
    CHECK(*h.exchanged(S) == cards("5S 7D 9C"));
    CHECK_FALSE(h.exchanged(E).has_value());
    CHECK(h.dealt() == d);
}

TEST_CASE("play: computer: no exchange when both partners bid blind nil", "[play]") {
    HandState h = start(preset("computer"), W, kD1);
    h.bid(N, Bid::blind_nil());
    h.bid(E, B(3));
    h.bid(S, Bid::blind_nil());
    h.bid(W, B(3));
    CHECK(h.phase() == Phase::Play);
    CHECK(h.to_act() == N);
    for (Seat s : kAllSeats) CHECK(h.hand(s) == h.dealt()[s]);
}

TEST_CASE("play: computer: two blind nils in different partnerships exchange pair by pair",
          "[play]") {
    HandState h = start(preset("computer"), W, kD1);
    h.bid(N, Bid::blind_nil());
    h.bid(E, Bid::blind_nil());
    h.bid(S, B(4));
    h.bid(W, B(4));
    REQUIRE(h.phase() == Phase::Exchange);
    CHECK(h.to_act() == N);
    h.exchange(N, cards("AS AH KH"));
    CHECK(h.to_act() == S);
    h.exchange(S, cards("5S 7D 9C"));
    REQUIRE(h.phase() == Phase::Exchange);
    CHECK(h.to_act() == E);
    h.exchange(E, cards("AD AC KC"));
    CHECK(h.to_act() == W);
    h.exchange(W, cards("2S 2D 2C"));
    CHECK(h.phase() == Phase::Play);
    CHECK(h.to_act() == N);
    CHECK(h.hand(E).contains(C("2S")));
    CHECK(h.hand(W).contains(C("AD")));
}

TEST_CASE("play: classic has no blind nil exchange", "[play]") {
    HandState h = start(preset("classic"), W, kD1);
    h.bid(N, Bid::blind_nil());
    h.bid(E, B(3));
    h.bid(S, B(4));
    h.bid(W, B(3));
    CHECK(h.phase() == Phase::Play);
    CHECK(h.hand(N) == h.dealt()[N]);
}

// ---------------------------------------------------------------------------------------
// Recorded irregularities.

TEST_CASE("play: play_recorded accepts a revoke and records it, and play refuses it", "[play]") {
    HandState h = start(preset("classic"), W, kD1);
    bid_all(h);
    h.play(C("AH"));
    const std::string before = describe(h);
    CHECK_THROWS_AS(h.play(C("AD")), IllegalActionError);
    CHECK(describe(h) == before);

    h.play_recorded(C("AD"));
    REQUIRE(h.irregularities().size() == 1);
    const Irregularity& irr = h.irregularities()[0];
    CHECK(irr.trick == 0);
    CHECK(irr.seat == E);
    CHECK(irr.card == C("AD"));
    CHECK(irr.reason == IllegalReason::MustFollowSuit);
    CHECK_FALSE(irr.message.empty());
    CHECK(h.to_act() == S);
    CHECK(h.current_trick().size() == 2);
    CHECK_FALSE(h.hand(E).contains(C("AD")));

    // Not held, or not this player's: still refused.
    CHECK_THROWS_AS(h.play_recorded(C("QS")), IllegalActionError);
    // A legal card through play_recorded is no irregularity.
    h.play_recorded(C("5S"));
    h.play_recorded(C("3H"));
    CHECK(h.irregularities().size() == 1);
    CHECK(seats_str(h.trick_winners()) == "S");

    // Undo takes the irregularity back with the card.
    h.undo();
    h.undo();
    h.undo();
    CHECK(h.irregularities().empty());
    CHECK(describe(h) == before);
}

TEST_CASE("play: play_recorded accepts an early spade lead and records it", "[play]") {
    HandState h = start(preset("classic"), W, kD1);
    bid_all(h);
    CHECK_THROWS_AS(h.play(C("AS")), IllegalActionError);
    h.play_recorded(C("AS"));
    REQUIRE(h.irregularities().size() == 1);
    CHECK(h.irregularities()[0].trick == 0);
    CHECK(h.irregularities()[0].seat == N);
    CHECK(h.irregularities()[0].reason == IllegalReason::SpadesNotBroken);
    CHECK(h.led_suit() == Suit::Spades);
}

// ---------------------------------------------------------------------------------------
// Undo.

TEST_CASE("play: undo restores the exact previous state, across tricks and spades breaking",
          "[play]") {
    HandState h = start(preset("classic"), W, kD1);
    const std::string initial = describe(h);
    CHECK_FALSE(h.can_undo());

    check_undo(h, [&] { h.bid(N, B(3)); });
    h.bid(E, B(4));
    h.bid(S, Bid::nil());
    check_undo(h, [&] { h.bid(W, B(3)); });  // the last bid starts play
    REQUIRE(h.phase() == Phase::Play);

    check_undo(h, [&] { h.play(C("AH")); });
    check_undo(h, [&] { h.play(C("7H")); });

    // South's ruff breaks spades; undo unbreaks them.
    CHECK_FALSE(h.spades_broken());
    h.play(C("5S"));
    CHECK(h.spades_broken());
    h.undo();
    CHECK_FALSE(h.spades_broken());
    CHECK(h.hand(S).contains(C("5S")));
    CHECK(h.to_act() == S);
    check_undo(h, [&] { h.play(C("5S")); });

    // The card that completes a trick.
    h.play(C("3H"));
    CHECK(h.tricks_played() == 1);
    CHECK(h.to_act() == S);
    CHECK(h.tricks_taken(S) == 1);
    CHECK(h.current_trick().empty());
    h.undo();
    CHECK(h.tricks_played() == 0);
    CHECK(h.to_act() == W);
    CHECK(h.tricks_taken(S) == 0);
    CHECK(h.current_trick().size() == 3);
    CHECK(h.leader() == N);
    CHECK(h.spades_broken());
    check_undo(h, [&] { h.play(C("3H")); });

    // The first card of the second trick.
    check_undo(h, [&] { h.play(C("TS")); });

    // All the way back.
    while (h.can_undo()) h.undo();
    CHECK(describe(h) == initial);
}

TEST_CASE("play: undo through a whole hand and replay gives the same hand", "[play]") {
    HandState h = start(preset("casual"), S, kD1);
    bid_all(h, B(3));
    play_out(h);
    REQUIRE(h.phase() == Phase::Done);
    const std::string done = describe(h);
    std::vector<PlayedCard> record = h.play_record();
    CHECK(record.size() == 52);
    for (std::size_t i = 0; i < record.size(); ++i) h.undo();
    CHECK(h.phase() == Phase::Play);
    CHECK(h.tricks_played() == 0);
    CHECK_FALSE(h.spades_broken());
    for (Seat s : kAllSeats) CHECK(h.hand(s) == h.dealt()[s]);
    for (const auto& pc : record) {
        REQUIRE(h.to_act() == pc.seat);
        h.play(pc.card);
    }
    CHECK(describe(h) == done);
}

// ---------------------------------------------------------------------------------------
// Winning a trick.

TEST_CASE("play: a trick goes to the highest spade, else the highest card of the suit led",
          "[play]") {
    using T = std::vector<PlayedCard>;
    const PlayOrder standard;
    CHECK(trick_winner(T{{N, C("5H")}, {E, C("KH")}, {S, C("2D")}, {W, C("AD")}}, standard) == E);
    CHECK(trick_winner(T{{N, C("5H")}, {E, C("KH")}, {S, C("2S")}, {W, C("AD")}}, standard) == S);
    CHECK(trick_winner(T{{N, C("5H")}, {E, C("KH")}, {S, C("2S")}, {W, C("3S")}}, standard) == W);
    CHECK(trick_winner(T{{W, C("2C")}, {N, C("AH")}, {E, C("AD")}, {S, C("3C")}}, standard) == S);
    CHECK(trick_winner(T{{E, C("4S")}, {S, C("AH")}, {W, C("QS")}, {N, C("KS")}}, standard) == N);
    CHECK(trick_winner(T{{S, C("TD")}}, standard) == S);
    CHECK(trick_winner(T{{S, C("TD")}, {W, C("AC")}}, standard) == S);

    HandState h = start(preset("classic"), W, kD1);
    bid_all(h);
    h.play(C("AH"));
    CHECK(h.current_winner() == N);
    h.play(C("7H"));
    CHECK(h.current_winner() == N);
    h.play(C("5S"));
    CHECK(h.current_winner() == S);
    h.play(C("3H"));
    CHECK(h.trick_winners().back() == S);
    CHECK_FALSE(h.current_winner().has_value());
    // Trick 2: South leads a diamond, West follows low, North high, East higher still.
    play_all(h, {"JD", "2D", "5D", "AD"});
    CHECK(h.trick_winners().back() == E);
    CHECK(h.tricks_taken(E) == 1);
}

TEST_CASE("play: a played-out classic hand takes 13 tricks and gives its outcome", "[play]") {
    RuleSet r = preset("classic");
    HandState h(r, W, parse_pbn(kD1));
    h.bid(N, B(5));
    h.bid(E, B(4));
    h.bid(S, Bid::nil());
    h.bid(W, B(1));
    play_out(h);
    REQUIRE(h.phase() == Phase::Done);
    CHECK(h.tricks_played() == 13);
    HandOutcome o = h.outcome();
    CHECK(o.bids[index(N)] == B(5));
    CHECK(o.bids[index(S)] == Bid::nil());
    int total = 0;
    for (Seat s : kAllSeats) {
        CHECK(o.tricks[index(s)] == h.tricks_taken(s));
        total += o.tricks[index(s)];
        int won =
            static_cast<int>(std::count(h.trick_winners().begin(), h.trick_winners().end(), s));
        CHECK(won == h.tricks_taken(s));
    }
    CHECK(total == 13);
    CHECK_FALSE(check_outcome(r, o).has_value());
    CHECK(h.irregularities().empty());
}
