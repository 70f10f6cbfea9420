// The solver's trick answers against Bo Haglund's DDS, the best bridge solver, where Spades
// is bridge with spades trump: rules classic with spades_lead=anytime, 52- and 48-card
// decks. The opening positions of seeded random deals (every lead valued) and positions
// taken from seeded random legal plays (mid-trick included): the side's total and every
// card's value, zero disagreements. First, the reference minimax of reference.h is checked
// against DDS too, so that what it says where DDS cannot go can be trusted.
//
// The counts are the floor (200 deals, 1,000 positions); the hidden [.dds-big] test
// case runs ten times as many.
#include <catch2/catch.hpp>

#include <string>

#include "dds_oracle.h"
#include "reference.h"

using namespace spadework;
namespace ref = spadework::reference;
using dds_oracle::DdsAnswer;

namespace {

RuleSet anytime_rules(int deck) {
    return make_rules("classic", {"spades_lead=anytime", "deck=" + std::to_string(deck)});
}

// Empty when the answers agree; else what differs.
std::string compare(const SolveResult& got, const DdsAnswer& want) {
    std::string diff;
    if (got.side != want.side) diff += " side";
    if (got.total_tricks != want.total_tricks) diff += " total_tricks";
    if (got.cards.size() != want.cards.size()) {
        diff += " number of cards";
    } else {
        for (std::size_t i = 0; i < want.cards.size(); ++i) {
            if (got.cards[i].card != want.cards[i].card ||
                got.cards[i].total_tricks != want.cards[i].total_tricks) {
                diff += " " + to_string(want.cards[i].card);
            }
        }
    }
    if (diff.empty()) return diff;
    std::string dds = "total " + std::to_string(want.total_tricks) + " cards";
    for (const CardValue& c : want.cards) {
        dds += " " + to_string(c.card) + "=" + std::to_string(c.total_tricks);
    }
    return "differ in" + diff + "\n  ours " + ref::describe(got) + "\n  DDS  " + dds;
}

// Counts comparisons and disagreements; the first few are reported with the position.
class Tally {
  public:
    template <class Solve>
    void compare(const Position& p, const DdsAnswer& want, Solve solve) {
        ++comparisons_;
        std::string diff;
        try {
            diff = ::compare(solve(), want);
        } catch (const std::exception& e) {
            diff = std::string("threw: ") + e.what();
        }
        if (diff.empty()) return;
        ++disagreements_;
        if (disagreements_ <= 5) FAIL_CHECK(diff << "\n  " << ref::describe(p));
    }
    void require_none(int at_least) const {
        INFO(comparisons_ << " comparisons");
        REQUIRE(comparisons_ >= at_least);
        REQUIRE(disagreements_ == 0);
    }

  private:
    int comparisons_ = 0;
    int disagreements_ = 0;
};

// The opening positions of `deals` seeded deals per deck size.
void check_openings(int deals, std::uint64_t seed, Tally& tally) {
    for (int deck : {52, 48}) {
        RuleSet rules = anytime_rules(deck);
        Solver solver;
        ref::EndingShape opening;
        opening.cards_left = rules.hand_size();
        for (int i = 0; i < deals; ++i) {
            HandState st = ref::random_hand(rules, seed + static_cast<std::uint64_t>(i), opening);
            Position p = position_of(st);
            tally.compare(p, dds_oracle::dds_solve(p), [&] { return solver.solve_tricks(p); });
        }
    }
}

// `positions` positions per deck size, from seeded random legal plays stopped anywhere in the
// hand (mid-trick included). One solver for all, as a review reuses it.
void check_positions(int positions, std::uint64_t seed, Tally& tally) {
    for (int deck : {52, 48}) {
        RuleSet rules = anytime_rules(deck);
        Solver solver;
        SplitMix64 rng(seed + static_cast<std::uint64_t>(deck));
        for (int i = 0; i < positions; ++i) {
            ref::EndingShape shape;
            shape.cards_left = 1 + static_cast<int>(rng.below(rules.hand_size()));
            shape.into_trick = shape.cards_left == 1 ? 0 : static_cast<int>(rng.below(4));
            HandState st = ref::random_hand(rules, seed + static_cast<std::uint64_t>(i), shape);
            Position p = position_of(st);
            tally.compare(p, dds_oracle::dds_solve(p), [&] { return solver.solve_tricks(p); });
        }
    }
}

}  // namespace

TEST_CASE("DDS: the reference minimax agrees with DDS on small endings", "[solver][dds]") {
    Tally tally;
    int compared = 0;
    for (int deck : {52, 48}) {
        RuleSet rules = anytime_rules(deck);
        SplitMix64 rng(static_cast<std::uint64_t>(deck));
        for (int i = 0; i < 300; ++i) {
            ref::EndingShape shape;
            shape.cards_left = 1 + static_cast<int>(rng.below(5));
            shape.into_trick = shape.cards_left == 1 ? 0 : static_cast<int>(rng.below(4));
            HandState st = ref::random_hand(rules, 3000 + static_cast<std::uint64_t>(i), shape);
            Position p = ref::position_from(st);
            tally.compare(p, dds_oracle::dds_solve(p),
                          [&] { return ref::solve(st, Objective::Tricks); });
            ++compared;
        }
    }
    tally.require_none(600);
}

TEST_CASE("DDS: the oracle reads DDS's answer for a known deal", "[solver][dds]") {
    // Every spade in North's hand, leading: 13 tricks whatever North leads (DDS gives one
    // class of equal cards and the glue expands it to all 13).
    Position p;
    p.rules = anytime_rules(52);
    Deal d = parse_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432");
    p.hands = d.hands;
    p.to_play = Seat::North;
    DdsAnswer a = dds_oracle::dds_solve(p);
    CHECK(a.side == Team::NS);
    CHECK(a.total_tricks == 13);
    REQUIRE(a.cards.size() == 13);
    CHECK(a.cards.front().card == Card(Rank::Ace, Suit::Spades));
    for (const CardValue& c : a.cards) CHECK(c.total_tricks == 13);
    // East to play to North's ace of spades, with tricks already held: the totals count them.
    p.hands[0].erase(Card(Rank::Ace, Suit::Spades));
    p.trick = {{Seat::North, Card(Rank::Ace, Suit::Spades)}};
    p.to_play = Seat::East;
    p.tricks_taken = {0, 0, 0, 0};
    DdsAnswer b = dds_oracle::dds_solve(p);
    CHECK(b.side == Team::EW);
    CHECK(b.total_tricks == 0);
    CHECK(b.cards.size() == 13);
}

TEST_CASE("DDS: AnalysePlayBin agrees with SolveBoard along a play", "[solver][dds]") {
    // The glue's two calls read the same way: the side's total after each card of a random
    // play, from AnalysePlayBin, is SolveBoard's for the position reached. DDS leaves out the
    // last trick, whose cards are forced.
    for (int deck : {52, 48}) {
        RuleSet rules = anytime_rules(deck);
        HandState st = ref::random_hand(rules, 5, {rules.hand_size(), 0, false});
        Position start = ref::position_from(st);
        std::vector<Position> positions;
        std::vector<Card> play;
        SplitMix64 rng(5);
        while (st.phase() == Phase::Play) {
            positions.push_back(ref::position_from(st));
            play.push_back(ref::pick(st.legal_cards(), rng));
            st.play(play.back());
        }
        std::vector<int> ns = dds_oracle::dds_analyse_play(start, play, Team::NS);
        std::vector<int> ew = dds_oracle::dds_analyse_play(start, play, Team::EW);
        REQUIRE(ns.size() == static_cast<std::size_t>(4 * (rules.hand_size() - 1) + 1));
        REQUIRE(ew.size() == ns.size());
        for (std::size_t i = 0; i < ns.size(); ++i) {
            INFO("deck " << deck << " after " << i << " cards\n" << ref::describe(positions[i]));
            DdsAnswer a = dds_oracle::dds_solve(positions[i]);
            int ns_total = a.side == Team::NS ? a.total_tricks : rules.hand_size() - a.total_tricks;
            CHECK(ns[i] == ns_total);
            CHECK(ns[i] + ew[i] == rules.hand_size());
        }
        // The last value is the hand's final count.
        CHECK(ns.back() == st.tricks_taken(Seat::North) + st.tricks_taken(Seat::South));
    }
}

TEST_CASE("DDS: solver matches DDS on the openings of random deals", "[solver][dds]") {
    Tally tally;
    check_openings(100, 10'000, tally);
    tally.require_none(200);
}

TEST_CASE("DDS: solver matches DDS on positions from random plays", "[solver][dds]") {
    Tally tally;
    check_positions(500, 20'000, tally);
    tally.require_none(1000);
}

TEST_CASE("DDS: solver matches DDS on ten times as many deals and positions", "[.dds-big]") {
    Tally tally;
    check_openings(1000, 30'000, tally);
    check_positions(5000, 40'000, tally);
    tally.require_none(12000);
}
