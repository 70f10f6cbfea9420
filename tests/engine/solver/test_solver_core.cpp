// The double-dummy solver on small endings built by hand, each answer worked out by hand in
// the comment above it: the three objectives, the play rules that change an answer (spades
// broken, the opening 2C), the checks on impossible positions, the table kept between calls
// and its memory bound.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "spadework/engine/card.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/error.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/rules.h"
#include "spadework/engine/scoring.h"
#include "spadework/engine/solver.h"

using namespace spadework;

namespace {

const Seat N = Seat::North;
const Seat E = Seat::East;
const Seat S = Seat::South;
const Seat W = Seat::West;

Card C(const char* text) {
    return parse_card(text);
}

// A position late in a 13-card hand: the hands (N, E, S, W), who plays, what was taken.
Position ending(const RuleSet& rules, std::array<const char*, 4> hands, Seat to_play,
                int tricks_played, std::array<int, 4> taken) {
    Position p;
    p.rules = rules;
    for (int s = 0; s < 4; ++s) p.hands[s] = parse_cards(hands[s]);
    p.to_play = to_play;
    p.tricks_played = tricks_played;
    p.tricks_taken = taken;
    return p;
}

int card_value(const SolveResult& r, const char* card) {
    for (const CardValue& v : r.cards) {
        if (v.card == C(card)) return v.total_tricks;
    }
    FAIL("no value for " << card);
    return -1;
}

const CardValue& card_entry(const SolveResult& r, const char* card) {
    auto it = std::find_if(r.cards.begin(), r.cards.end(),
                           [&](const CardValue& v) { return v.card == C(card); });
    REQUIRE(it != r.cards.end());
    return *it;
}

std::vector<std::string> card_names(const SolveResult& r) {
    std::vector<std::string> out;
    for (const CardValue& v : r.cards) out.push_back(to_string(v.card));
    return out;
}

RuleSet anytime() {
    return make_rules("classic", {"spades_lead=anytime"});
}

// A full deal from a seed, North dealing, everyone bidding 3: East leads.
HandState opening(const RuleSet& rules, std::uint64_t seed) {
    HandState hs(rules, N, deal_from_seed(seed, rules.deck(), N));
    for (int i = 0; i < 4; ++i) hs.bid(hs.to_act(), Bid::tricks(3));
    return hs;
}

// The first legal card, to walk a hand forward the same way every time.
Card first_legal(const HandState& hs) {
    return *hs.legal_cards().begin();
}

}  // namespace

// --- Positions --------------------------------------------------------------------------

TEST_CASE("position_of copies the hand in play") {
    RuleSet rules = anytime();
    HandState hs = opening(rules, 7);
    for (int i = 0; i < 6; ++i) hs.play(first_legal(hs));  // one trick and two cards
    Position p = position_of(hs);
    CHECK(p.rules == rules);
    CHECK(p.to_play == hs.to_act());
    CHECK(p.trick.size() == 2);
    CHECK(p.tricks_played == 1);
    CHECK(p.spades_broken == hs.spades_broken());
    int taken = 0;
    for (Seat s : kAllSeats) {
        CHECK(p.hands[index(s)] == hs.hand(s));
        CHECK(p.bids[index(s)] == hs.bid_of(s));
        taken += p.tricks_taken[index(s)];
    }
    CHECK(taken == 1);
    CHECK(p.won[0].size() + p.won[1].size() == 4);
}

TEST_CASE("position_of refuses a hand still in the bidding") {
    RuleSet rules = anytime();
    HandState hs(rules, N, deal_from_seed(3, rules.deck(), N));
    CHECK_THROWS_AS(position_of(hs), Error);
}

TEST_CASE("The solver refuses positions that cannot occur") {
    Solver solver;
    RuleSet rules = anytime();
    Position good = ending(rules, {"AS 2H", "KS 3H", "QS 4H", "JS 5H"}, N, 11, {3, 3, 3, 2});
    CHECK_NOTHROW(solver.solve_tricks(good));

    SECTION("a card held twice") {
        Position p = good;
        p.hands[1] = parse_cards("AS 3H");
        CHECK_THROWS_AS(solver.solve_tricks(p), Error);
    }
    SECTION("a card outside the 48-card deck") {
        Position p = ending(make_rules("paperless", {}), {"2S 4H", "KS 5H", "QS 6H", "JS 7H"}, N,
                            10, {3, 3, 2, 2});
        CHECK_THROWS_AS(solver.solve_tricks(p), Error);
    }
    SECTION("a hand size that does not fit the trick in progress") {
        Position p = good;
        p.trick = {{N, C("AS")}};
        p.to_play = E;  // North played AS but still holds two cards
        p.hands[0] = parse_cards("2H 2C");
        CHECK_THROWS_AS(solver.solve_tricks(p), Error);
    }
    SECTION("a seat to play that is not the next of the trick") {
        Position p = good;
        p.hands[0] = parse_cards("2H");
        p.trick = {{N, C("AS")}};
        p.to_play = S;
        CHECK_THROWS_AS(solver.solve_tricks(p), Error);
    }
    SECTION("tricks taken that do not add up") {
        Position p = good;
        p.tricks_taken = {3, 3, 3, 3};
        CHECK_THROWS_AS(solver.solve_tricks(p), Error);
    }
}

// --- Tricks -----------------------------------------------------------------------------

// North leads; South holds AH QH over East's KH. Leading the 5H, South finesses (or takes the
// king with the ace) and makes both tricks; leading the 5C, West wins the 6C and the 4C.
//   N 5H 5C   E KH 2H   S AH QH   W 6C 4C
TEST_CASE("Tricks: the total and each card's value") {
    Solver solver;
    Position p = ending(anytime(), {"5H 5C", "KH 2H", "AH QH", "6C 4C"}, N, 11, {3, 3, 3, 2});
    SolveResult r = solver.solve_tricks(p);
    CHECK(r.objective == Objective::Tricks);
    CHECK(r.to_play == N);
    CHECK(r.side == Team::NS);
    CHECK(r.total_tricks == 8);
    CHECK(card_names(r) == std::vector<std::string>{"5H", "5C"});
    CHECK(card_value(r, "5H") == 8);
    CHECK(card_value(r, "5C") == 6);
    CHECK(r.nodes > 0);
    CHECK(solver.total_tricks(p) == 8);
}

TEST_CASE("Tricks: equivalent cards share their value") {
    // North's AS KS QS are one sequence; every card takes the last three tricks.
    Solver solver;
    Position p =
        ending(anytime(), {"AS KS QS", "2H 3H 4H", "2D 3D 4D", "2C 3C 4C"}, N, 10, {3, 3, 2, 2});
    SolveResult r = solver.solve_tricks(p);
    CHECK(r.total_tricks == 8);
    CHECK(card_names(r) == std::vector<std::string>{"AS", "KS", "QS"});
    for (const CardValue& v : r.cards) CHECK(v.total_tricks == 8);
}

TEST_CASE("Tricks: a hand's spades the other side cannot each beat take a trick") {
    // South's JS 8S 7S against East's QS 9S: East's two spades cannot beat all three, so NS
    // take a trick whatever East leads. Leading the AH, which South must ruff, East still takes
    // two: each of East's spades then wins a trick. A spade lead takes only one.
    Solver solver;
    Position p =
        ending(anytime(), {"2H 3H 4H", "QS 9S AH", "JS 8S 7S", "5C 6C 7C"}, E, 10, {3, 2, 3, 2});
    SolveResult r = solver.solve_tricks(p);
    CHECK(r.side == Team::EW);
    CHECK(r.total_tricks == 6);
    CHECK(card_value(r, "AH") == 6);
    CHECK(card_value(r, "QS") == 5);
    CHECK(card_value(r, "9S") == 5);
}

TEST_CASE("Tricks: a position in the middle of a trick") {
    // East led the KH and South must follow: the AH wins, the QH lets the king hold.
    //   N 5H 5C (played nothing yet)   E 2H (led KH)   S AH QH   W 6C 4C
    Solver solver;
    Position p;
    p.rules = anytime();
    p.hands = {parse_cards("5H 5C"), parse_cards("2H"), parse_cards("AH QH"), parse_cards("6C 4C")};
    p.trick = {{E, C("KH")}};
    p.to_play = S;
    p.tricks_played = 11;
    p.tricks_taken = {3, 3, 3, 2};
    SolveResult r = solver.solve_tricks(p);
    CHECK(r.side == Team::NS);
    // After the AH, South leads the QH (East's 2H falls) and NS take both tricks.
    CHECK(card_value(r, "AH") == 8);
    // After the QH, East wins with the king and leads the 2H: South's AH wins the last.
    CHECK(card_value(r, "QH") == 7);
    CHECK(r.total_tricks == 8);
}

TEST_CASE("Tricks: the spades-broken rule changes the answer") {
    // North must lead the 9C while spades are unbroken: East ruffs with the QS and leads the
    // 9D, which West ruffs over North's 6S. Leading the 6S instead, North loses it to the QS
    // but South's TD takes the last trick.
    //   N 6S 9C   E QS 9D   S TD 6C   W TS QH
    Solver solver;
    Position p = ending(make_rules("classic", {}), {"6S 9C", "QS 9D", "TD 6C", "TS QH"}, N, 11,
                        {3, 3, 3, 2});
    REQUIRE(p.rules.spades_lead == SpadesLead::AfterBroken);
    SolveResult unbroken = solver.solve_tricks(p);
    CHECK(unbroken.total_tricks == 6);
    CHECK(card_names(unbroken) == std::vector<std::string>{"9C"});

    p.spades_broken = true;
    SolveResult broken = solver.solve_tricks(p);
    CHECK(broken.total_tricks == 7);
    CHECK(card_value(broken, "6S") == 7);
    CHECK(card_value(broken, "9C") == 6);

    p.spades_broken = false;
    p.rules = anytime();
    CHECK(solver.total_tricks(p) == 7);
}

TEST_CASE("Tricks: a leader holding only spades may lead one before they are broken") {
    Solver solver;
    Position p = ending(make_rules("classic", {}), {"AS KS", "2H 3H", "2D 3D", "2C 3C"}, N, 11,
                        {3, 3, 3, 2});
    SolveResult r = solver.solve_tricks(p);
    CHECK(card_names(r) == std::vector<std::string>{"AS", "KS"});
    CHECK(r.total_tricks == 8);
}

TEST_CASE("Tricks: the holder of the 2C leads it to the first trick") {
    // With a free lead North's 5S loses to West's QS, and South ruffs West's AH. Made to lead
    // the 2C, North sees East, South and West ruff or discard as they please: no trick.
    //   N 5S 2C   E 6S 6D   S 4S 3S   W QS AH
    Solver solver;
    Position p = ending(make_rules("classic", {"first_lead=two_of_clubs", "spades_lead=anytime"}),
                        {"5S 2C", "6S 6D", "4S 3S", "QS AH"}, N, 0, {0, 0, 0, 0});
    SolveResult forced = solver.solve_tricks(p);
    CHECK(card_names(forced) == std::vector<std::string>{"2C"});
    CHECK(forced.total_tricks == 0);

    p.rules.first_lead = FirstLead::LeftOfDealer;
    SolveResult free = solver.solve_tricks(p);
    CHECK(free.total_tricks == 1);
    CHECK(card_value(free, "5S") == 1);
    CHECK(card_value(free, "2C") == 0);

    // After the first trick the 2C rule is gone.
    p.rules.first_lead = FirstLead::TwoOfClubs;
    p.tricks_played = 1;
    p.tricks_taken = {0, 1, 0, 0};
    CHECK(solver.total_tricks(p) == 1);
}

TEST_CASE("Tricks: a 48-card deck and a hand already over") {
    Solver solver;
    RuleSet rules = make_rules("paperless", {"spades_lead=anytime"});
    Position p = ending(rules, {"AS 4H", "KS 5H", "QS 6H", "JS 7H"}, N, 10, {3, 3, 2, 2});
    SolveResult r = solver.solve_tricks(p);
    CHECK(r.total_tricks == 6);  // 5 taken, the AS, then the 4H loses to West's 7H

    Position over;
    over.rules = rules;
    over.to_play = W;
    over.tricks_played = 12;
    over.tricks_taken = {3, 3, 3, 3};
    SolveResult done = solver.solve_tricks(over);
    CHECK(done.total_tricks == 6);
    CHECK(done.cards.empty());
}

TEST_CASE("Tricks: a full deal's leads agree with their total") {
    Solver solver;
    HandState hs = opening(make_rules("classic", {}), 11);
    SolveResult r = solver.solve_tricks(position_of(hs));
    REQUIRE(r.cards.size() == static_cast<std::size_t>(hs.legal_cards().size()));
    int best = 0;
    for (const CardValue& v : r.cards) {
        CHECK(hs.legal_cards().contains(v.card));
        CHECK(v.total_tricks <= r.total_tricks);
        best = std::max(best, v.total_tricks);
    }
    CHECK(best == r.total_tricks);
}

// --- Nil --------------------------------------------------------------------------------

// East bid nil. North leads; East holds KH 2C. With West's AH over East's king, West covers
// whatever is led and the nil holds; with West's 2H instead, the KH must win a trick.
TEST_CASE("Nil: kept with a partner's cover, broken without") {
    Solver solver;
    Position kept = ending(anytime(), {"QH 3C", "KH 2C", "JH 4C", "AH 5C"}, N, 11, {3, 0, 4, 4});
    kept.bids = {Bid::tricks(4), Bid::nil(), Bid::tricks(4), Bid::tricks(4)};
    SolveResult r = solver.solve_nil(kept, E);
    CHECK(r.objective == Objective::Nil);
    CHECK(r.nil_seat == E);
    CHECK(r.nil_kept);
    CHECK(solver.nil_kept(kept, E));
    for (const CardValue& v : r.cards) CHECK(v.nil_kept);

    Position broken = kept;
    broken.hands[3] = parse_cards("2H 5C");
    SolveResult b = solver.solve_nil(broken, E);
    CHECK_FALSE(b.nil_kept);
    CHECK_FALSE(solver.nil_kept(broken, E));
    for (const CardValue& v : b.cards) CHECK_FALSE(v.nil_kept);
}

// A budget of positions bounds a nil solve: within it the answer is the unbounded one, past
// it there is none, and the solver still answers the next question.
TEST_CASE("Nil: a search within a budget of positions") {
    RuleSet rules = preset("paperless");
    Deal deal = parse_pbn("N:AQ8..AQ942.K742 JT65.QJT76..AT8 K74.AK9854.3.Q5 9..KJT8765.J963");
    Position p;
    p.rules = rules;
    for (Seat s : kAllSeats) p.hands[index(s)] = deal[s];
    p.to_play = E;
    p.bids = {Bid::tricks(3), Bid::tricks(3), Bid::tricks(3), Bid::nil()};
    // Its full search takes hundreds of millions of positions: a budget stops it.
    Solver solver;
    CHECK_FALSE(solver.nil_kept(p, W, 100'000).has_value());

    Solver fresh;
    Position kept = ending(anytime(), {"QH 3C", "KH 2C", "JH 4C", "AH 5C"}, N, 11, {3, 0, 4, 4});
    kept.bids = {Bid::tricks(4), Bid::nil(), Bid::tricks(4), Bid::tricks(4)};
    bool unbounded = fresh.nil_kept(kept, E);
    CHECK(unbounded);
    CHECK(solver.nil_kept(kept, E, 1'000'000) == std::optional<bool>(unbounded));
    Position broken = kept;
    broken.hands[3] = parse_cards("2H 5C");
    CHECK(solver.nil_kept(broken, E, 1'000'000) == std::optional<bool>(false));
}

// The same for the score: past the budget there is no answer (and the solve is counted as
// given up); within it the answer is the unbounded one, and the table left behind by a solve
// given up changes no later answer.
TEST_CASE("Score: a search within a budget of positions") {
    RuleSet rules = preset("classic");
    Position p;
    p.rules = rules;
    Deal deal = deal_from_seed(7, rules.deck(), Seat::East);
    for (Seat s : kAllSeats) p.hands[index(s)] = deal[s];
    p.to_play = S;
    p.bids = {Bid::tricks(3), Bid::tricks(4), Bid::tricks(2), Bid::tricks(3)};
    Standings before{};
    before[index(Team::NS)] = {210, 8};  // two bags from a penalty: a window of tricks to aim at

    Solver cold;
    const SolveResult exact = cold.solve_score(p, before);
    Solver solver;
    CHECK_FALSE(solver.solve_score(p, before, 1'000).has_value());
    CHECK(solver.stats().budget_spent == 1);
    std::optional<SolveResult> again = solver.solve_score(p, before, 1'000'000'000);
    REQUIRE(again.has_value());
    CHECK(solver.stats().budget_spent == 1);
    CHECK(again->score == exact.score);
    REQUIRE(again->cards.size() == exact.cards.size());
    for (std::size_t i = 0; i < exact.cards.size(); ++i) {
        CHECK(again->cards[i].card == exact.cards[i].card);
        CHECK(again->cards[i].score == exact.cards[i].score);
    }
}

// An end value replaces the points difference: here 1 when North-South make their contract
// and 0 when they do not (the opponents' value its negation). North-South to play make it
// exactly when the trick objective says they take their contract's tricks, card by card;
// with a value named like the points difference, the answer is the plain score objective's.
TEST_CASE("Score: ends valued by the caller") {
    RuleSet rules = preset("classic");
    // The first seeded deal whose leads do not all take the same tricks: the choice matters.
    Position p;
    p.rules = rules;
    p.to_play = N;
    Solver solver;
    SolveResult tricks;
    for (std::uint64_t seed = 1;; ++seed) {
        REQUIRE(seed < 50);
        Deal deal = deal_from_seed(seed, rules.deck(), Seat::West);
        for (Seat s : kAllSeats) p.hands[index(s)] = deal[s];
        tricks = solver.solve_tricks(p);
        if (std::any_of(tricks.cards.begin(), tricks.cards.end(),
                        [&](const CardValue& v) { return v.total_tricks < tricks.total_tricks; })) {
            break;
        }
    }
    // North-South bid all they can take: only the leads that keep every trick make it.
    const int contract = tricks.total_tricks;
    p.bids = {Bid::tricks(contract / 2), Bid::tricks(3), Bid::tricks(contract - contract / 2),
              Bid::tricks(3)};
    EndValue made{"NS make their contract",
                  [](const HandScore& hs) { return hs[Team::NS].tricks >= hs[Team::NS].bid; }};
    const SolveResult by_contract = solver.solve_score(p, Standings{}, &made);
    CHECK(by_contract.score == (tricks.total_tricks >= contract ? 1 : 0));
    REQUIRE(by_contract.cards.size() == tricks.cards.size());
    int making = 0;
    for (std::size_t i = 0; i < tricks.cards.size(); ++i) {
        CHECK(by_contract.cards[i].score == (tricks.cards[i].total_tricks >= contract ? 1 : 0));
        making += by_contract.cards[i].score;
    }
    CHECK(making > 0);
    CHECK(making < static_cast<int>(tricks.cards.size()));
    EndValue points{"points",
                    [](const HandScore& hs) { return hs[Team::NS].delta - hs[Team::EW].delta; }};
    Solver cold;
    const SolveResult plain = cold.solve_score(p, Standings{});
    const SolveResult same = solver.solve_score(p, Standings{}, &points);
    CHECK(same.score == plain.score);
    for (std::size_t i = 0; i < plain.cards.size(); ++i)
        CHECK(same.cards[i].score == plain.cards[i].score);
    EndValue wild{"out of range", [](const HandScore&) { return 40000; }};
    CHECK_THROWS_AS(solver.solve_score(p, Standings{}, &wild), Error);
}

TEST_CASE("Nil: each card of the nil bidder in the middle of a trick") {
    // West bid nil and plays last to North's 9D, East's 3D and South's 4D, holding KD 2D: the
    // KD would win; the 2D ducks, and West's KD is a discard on North's 6C at the end.
    //   N 6C   E 5H   S 7H   W KD 2D
    Solver solver;
    Position p;
    p.rules = anytime();
    p.hands = {parse_cards("6C"), parse_cards("5H"), parse_cards("7H"), parse_cards("KD 2D")};
    p.trick = {{N, C("9D")}, {E, C("3D")}, {S, C("4D")}};
    p.to_play = W;
    p.tricks_played = 11;
    p.tricks_taken = {4, 3, 4, 0};
    p.bids = {Bid::tricks(4), Bid::tricks(3), Bid::tricks(3), Bid::nil()};
    CHECK_THROWS_AS(solver.solve_nil(p, E), Error);  // East did not bid nil
    SolveResult r = solver.solve_nil(p, W);
    CHECK(r.nil_kept);
    CHECK(card_names(r) == std::vector<std::string>{"KD", "2D"});
    CHECK_FALSE(card_entry(r, "KD").nil_kept);
    CHECK(card_entry(r, "2D").nil_kept);

    p.tricks_taken = {3, 3, 4, 1};  // West already took a trick: the nil is lost
    SolveResult lost = solver.solve_nil(p, W);
    CHECK_FALSE(lost.nil_kept);
    CHECK_FALSE(solver.nil_kept(p, W));
    CHECK_THROWS_AS(solver.nil_kept(p, E), Error);
    CHECK_FALSE(card_entry(lost, "2D").nil_kept);
}

// --- Score ------------------------------------------------------------------------------

// Classic scoring, NS on 9 bags. NS bid 3 and have 3; EW bid 8 and have 8. East led the 9H,
// South discarded, West followed with the 3H; North holds AH 5H. Winning with the AH, North
// also wins the last trick with the 5H: two overtricks, the tenth bag, -100. Ducking with
// the 5H gives both tricks to EW (East leads the 4C, West's 5C wins).
//   NS: duck 30 vs EW 82 (two overtricks)  -> -52
//   NS: win 30+2-100 vs EW 80             -> -148
TEST_CASE("Score: a bag penalty makes the best play duck") {
    Solver solver;
    Position p;
    p.rules = make_rules("classic", {});
    p.hands = {parse_cards("AH 5H"), parse_cards("4C"), parse_cards("3D"), parse_cards("5C")};
    p.trick = {{E, C("9H")}, {S, C("2D")}, {W, C("3H")}};
    p.to_play = N;
    p.tricks_played = 11;
    p.tricks_taken = {2, 4, 1, 4};
    p.bids = {Bid::tricks(2), Bid::tricks(4), Bid::tricks(1), Bid::tricks(4)};
    Standings before{};
    before[0] = {200, 9};
    before[1] = {150, 0};

    SolveResult tricks = solver.solve_tricks(p);
    CHECK(tricks.total_tricks == 5);  // the AH and the 5H

    SolveResult r = solver.solve_score(p, before);
    CHECK(r.objective == Objective::Score);
    CHECK(r.side == Team::NS);
    CHECK(r.score == -52);
    CHECK(card_entry(r, "5H").score == -52);
    CHECK(card_entry(r, "AH").score == -148);

    // The same through score_hand, as a check of the arithmetic above.
    HandOutcome duck{{Bid::tricks(2), Bid::tricks(4), Bid::tricks(1), Bid::tricks(4)},
                     {2, 5, 1, 5},
                     std::nullopt};
    HandScore s = score_hand(p.rules, duck, before);
    CHECK(s[Team::NS].delta - s[Team::EW].delta == -52);

    // Without the bags, winning is right again.
    before[0].bags = 0;
    SolveResult no_bags = solver.solve_score(p, before);
    CHECK(no_bags.score == 32 - 80);
    CHECK(card_entry(no_bags, "AH").score == 32 - 80);
}

TEST_CASE("Score: the nil bidder's opponents break the nil") {
    // East bid nil and holds KH 2C; West's 2H cannot cover. NS (bid 4+4, 7 taken) cannot make
    // their eighth trick, but whatever North leads East's king wins a trick: NS are set (-80),
    // EW score West's 4 with an overtrick (+41) and lose the nil (-100): -80 - (-59) = -21.
    //   N QH 3C   E KH 2C   S JH 4C   W 2H 5C
    Solver solver;
    Position p = ending(make_rules("classic", {}), {"QH 3C", "KH 2C", "JH 4C", "2H 5C"}, N, 11,
                        {3, 0, 4, 4});
    p.bids = {Bid::tricks(4), Bid::nil(), Bid::tricks(4), Bid::tricks(4)};
    CHECK_FALSE(solver.solve_nil(p, E).nil_kept);
    SolveResult r = solver.solve_score(p, Standings{});
    CHECK(r.score == -21);
    CHECK(card_entry(r, "QH").score == -21);
    CHECK(card_entry(r, "3C").score == -21);
    HandOutcome end{
        {Bid::tricks(4), Bid::nil(), Bid::tricks(4), Bid::tricks(4)}, {3, 1, 4, 5}, std::nullopt};
    HandScore s = score_hand(p.rules, end, Standings{});
    CHECK(s[Team::NS].delta - s[Team::EW].delta == -21);

    // With West's AH covering, West takes both tricks and the nil holds: -80 - (40 + 2 + 100).
    p.hands[3] = parse_cards("AH 5C");
    CHECK(solver.solve_score(p, Standings{}).score == -80 - 142);
}

TEST_CASE("Score: every bid is required") {
    Solver solver;
    Position p = ending(anytime(), {"5H 5C", "KH 2H", "AH QH", "6C 4C"}, N, 11, {3, 3, 3, 2});
    CHECK_THROWS_AS(solver.solve_score(p, Standings{}), Error);
    p.bids = {Bid::tricks(3), Bid::tricks(3), Bid::tricks(3), Bid::tricks(3)};
    CHECK_NOTHROW(solver.solve_score(p, Standings{}));
}

// --- The table --------------------------------------------------------------------------

TEST_CASE("The table kept between calls gives the same answers") {
    RuleSet rules = make_rules("classic", {});
    HandState hs = opening(rules, 5);
    for (int i = 0; i < 24; ++i) hs.play(first_legal(hs));  // six tricks in
    Solver reused;
    std::vector<int> warm;
    std::vector<int> cold;
    for (int i = 0; i < 12; ++i) {
        Position p = position_of(hs);
        warm.push_back(reused.total_tricks(p));
        Solver fresh;
        cold.push_back(fresh.total_tricks(p));
        hs.play(first_legal(hs));
    }
    CHECK(warm == cold);
    SolverStats s = reused.stats();
    CHECK(s.nodes > 0);
    CHECK(s.table_entries > 0);
    CHECK(s.table_bytes > 0);
    CHECK(s.peak_table_bytes >= s.table_bytes);

    reused.clear();
    CHECK(reused.stats().nodes == 0);
    CHECK(reused.stats().table_entries == 0);
}

TEST_CASE("Tricks card by card: a card's player gains nothing by it, whoever errs") {
    // Along a hand, the value of a position one card after the last one found is bounded by
    // it (no more for the side that played the card, no less for the other), and one search
    // settles it when the card lost nothing. Random cards err on both sides: each total found
    // on one solver along the hand equals a fresh solver's.
    int ns_errs = 0;
    int ew_errs = 0;
    for (const char* lead : {"spades_lead=anytime", "spades_lead=after_broken"}) {
        RuleSet rules = make_rules("classic", {lead});
        for (std::uint64_t seed : {11, 12, 13}) {
            HandState hs = opening(rules, seed);
            SplitMix64 rng(seed);
            for (int i = 0; i < 16; ++i) hs.play(first_legal(hs));  // four tricks in
            Solver warm;
            int last = -1;
            while (hs.phase() == Phase::Play) {
                Position p = position_of(hs);
                bool ns = p.to_play == N || p.to_play == S;
                int total = warm.total_tricks(p);
                int ns_total = ns ? total : rules.hand_size() - total;
                REQUIRE(total == Solver().total_tricks(p));
                if (last >= 0 && ns_total < last) ++ns_errs;
                if (last >= 0 && ns_total > last) ++ew_errs;
                last = ns_total;
                std::vector<Card> legal;
                for (Card c : hs.legal_cards()) legal.push_back(c);
                hs.play(legal[rng.below(legal.size())]);
            }
        }
    }
    CHECK(ns_errs > 0);
    CHECK(ew_errs > 0);
}

TEST_CASE("The table stays within its memory bound") {
    RuleSet rules = anytime();
    HandState hs = opening(rules, 3);
    Position p = position_of(hs);
    Solver small(SolverOptions{1});
    Solver large;
    SolveResult a = small.solve_tricks(p);
    SolveResult b = large.solve_tricks(p);
    CHECK(a.total_tricks == b.total_tricks);
    REQUIRE(a.cards.size() == b.cards.size());
    for (std::size_t i = 0; i < a.cards.size(); ++i) {
        CHECK(a.cards[i].total_tricks == b.cards[i].total_tricks);
    }
    CHECK(small.stats().peak_table_bytes <= std::size_t{1} << 20);
    CHECK(large.stats().peak_table_bytes <= std::size_t{64} << 20);
}

TEST_CASE("solve dispatches on the objective") {
    Solver solver;
    Position p = ending(anytime(), {"QH 3C", "KH 2C", "JH 4C", "AH 5C"}, N, 11, {3, 0, 4, 4});
    p.bids = {Bid::tricks(4), Bid::nil(), Bid::tricks(4), Bid::tricks(4)};
    CHECK(solver.solve(p, Objective::Tricks).total_tricks == solver.total_tricks(p));
    CHECK(solver.solve(p, Objective::Nil, E).nil_kept);
    CHECK_THROWS_AS(solver.solve(p, Objective::Nil), Error);
    CHECK(solver.solve(p, Objective::Score, std::nullopt, Standings{}).objective ==
          Objective::Score);
}
