// The solver against the plain exhaustive minimax of reference.h, on thousands of seeded
// random small endings (at most 5 cards a hand, mid-trick included) under every preset and
// under the rule variations DDS cannot model: spades broken or not, the 2C lead, nil and
// score. Every objective, the total and every card's value; zero disagreements. A
// disagreement prints the position (PBN hands, trick, to_play, spades broken) to debug it.
//
// Long cases (tests/CMakeLists.txt): the normal build runs them, optimised, where they take
// seconds; the sanitizers check the solver's code on the golden records and its own unit
// tests (solver_tests) instead. The 2,000 nil endings below took 62 s under them, 3 s here.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "reference.h"

using namespace spadework;
namespace ref = spadework::reference;

namespace {

// Empty when the two answers agree; else what differs.
std::string compare(const SolveResult& got, const SolveResult& want) {
    std::string diff;
    if (got.objective != want.objective) diff += " objective";
    if (got.to_play != want.to_play) diff += " to_play";
    if (got.side != want.side) diff += " side";
    switch (want.objective) {
        case Objective::Tricks:
            if (got.total_tricks != want.total_tricks) diff += " total_tricks";
            break;
        case Objective::Nil:
            if (got.nil_seat != want.nil_seat) diff += " nil_seat";
            if (got.nil_kept != want.nil_kept) diff += " nil_kept";
            break;
        case Objective::Score:
            if (got.score != want.score) diff += " score";
            break;
    }
    if (got.cards.size() != want.cards.size()) {
        diff += " number of cards";
    } else {
        for (std::size_t i = 0; i < want.cards.size(); ++i) {
            const CardValue& g = got.cards[i];
            const CardValue& w = want.cards[i];
            bool same = g.card == w.card;
            if (want.objective == Objective::Tricks)
                same = same && g.total_tricks == w.total_tricks;
            if (want.objective == Objective::Nil) same = same && g.nil_kept == w.nil_kept;
            if (want.objective == Objective::Score) same = same && g.score == w.score;
            if (!same) diff += " " + to_string(w.card);
        }
    }
    return diff.empty() ? diff
                        : "differ in" + diff + "\n  solver    " + ref::describe(got) +
                              "\n  reference " + ref::describe(want);
}

// Counts the comparisons and disagreements of one test case; the first few disagreements
// are reported in full.
class Tally {
  public:
    void compare(const Position& p, const std::string& what, const SolveResult& want,
                 const std::function<SolveResult()>& solve) {
        ++comparisons_;
        std::string diff;
        try {
            diff = ::compare(solve(), want);
        } catch (const std::exception& e) {
            diff = std::string("the solver threw: ") + e.what();
        }
        if (!diff.empty()) fail(p, what + ": " + diff);
    }
    void fail(const Position& p, const std::string& what) {
        ++disagreements_;
        if (disagreements_ <= 5) FAIL_CHECK(what << "\n  " << ref::describe(p));
    }
    void require_none() const {
        INFO(comparisons_ << " comparisons");
        REQUIRE(comparisons_ > 0);
        REQUIRE(disagreements_ == 0);
    }
    int comparisons() const { return comparisons_; }

  private:
    int comparisons_ = 0;
    int disagreements_ = 0;
};

// A random ending's shape: 1..5 cards a hand, 0..3 cards into the trick.
ref::EndingShape random_shape(SplitMix64& rng, bool avoid_spades, int most_cards = 5) {
    ref::EndingShape shape;
    shape.cards_left = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(most_cards)));
    shape.into_trick = static_cast<int>(rng.below(4));
    if (shape.cards_left == 1) shape.into_trick = 0;  // a one-card ending mid-trick is the same
    shape.avoid_spades = avoid_spades;
    return shape;
}

// Every objective on the position of `st`: tricks, nil for each nil bidder, and score from
// random standings near the bag limit.
void check_objectives(Solver& solver, const HandState& st, SplitMix64& rng, Tally& tally) {
    Position p = position_of(st);
    SolveResult tricks = ref::solve(st, Objective::Tricks);
    tally.compare(p, "tricks", tricks, [&] { return solver.solve_tricks(p); });
    tally.compare(p, "total_tricks", tricks, [&] {
        SolveResult r = tricks;
        r.total_tricks = solver.total_tricks(p);
        return r;
    });
    for (Seat s : kAllSeats) {
        if (!st.bid_of(s)->is_nil()) continue;
        SolveResult nil = ref::solve(st, Objective::Nil, s);
        tally.compare(p, std::string("nil of ") + seat_char(s), nil,
                      [&] { return solver.solve_nil(p, s); });
        // The answer alone, without each card's value, agrees too.
        tally.compare(p, std::string("nil_kept of ") + seat_char(s), nil, [&] {
            SolveResult r = nil;
            r.nil_kept = solver.nil_kept(p, s);
            return r;
        });
    }
    Standings before = ref::random_standings(st.rules(), rng);
    tally.compare(p, "score", ref::solve(st, Objective::Score, std::nullopt, before),
                  [&] { return solver.solve(p, Objective::Score, std::nullopt, before); });
}

// `count` random endings under `rules`, every objective.
void check_rules(const RuleSet& rules, std::uint64_t seed, int count, bool avoid_spades,
                 Tally& tally, SolverOptions options = {}) {
    Solver solver(options);
    SplitMix64 rng(seed);
    for (int i = 0; i < count; ++i) {
        HandState st = ref::random_hand(rules, seed * 100'000 + static_cast<std::uint64_t>(i),
                                        random_shape(rng, avoid_spades && i % 2 == 0));
        check_objectives(solver, st, rng, tally);
    }
}

}  // namespace

// --- The reference checked against itself -----------------------------------------------

TEST_CASE("reference: position_of reads a HandState as the reference does", "[solver]") {
    SplitMix64 rng(11);
    for (const PresetInfo& info : presets()) {
        RuleSet rules = preset(info.name);
        for (int i = 0; i < 60; ++i) {
            ref::EndingShape shape;
            shape.cards_left = 1 + static_cast<int>(rng.below(rules.hand_size()));
            shape.into_trick = static_cast<int>(rng.below(4));
            HandState st = ref::random_hand(rules, 500 + i, shape);
            Position got = position_of(st);
            Position want = ref::position_from(st);
            INFO(ref::describe(want));
            CHECK(got.rules == want.rules);
            CHECK(got.hands == want.hands);
            REQUIRE(got.trick.size() == want.trick.size());
            for (std::size_t k = 0; k < want.trick.size(); ++k) {
                CHECK(got.trick[k].seat == want.trick[k].seat);
                CHECK(got.trick[k].card == want.trick[k].card);
            }
            CHECK(got.to_play == want.to_play);
            CHECK(got.spades_broken == want.spades_broken);
            CHECK(got.tricks_played == want.tricks_played);
            CHECK(got.tricks_taken == want.tricks_taken);
            CHECK(got.won == want.won);
            CHECK(got.bids == want.bids);
        }
    }
}

TEST_CASE("reference: crafted endings give the answers worked out by hand", "[solver]") {
    // The last trick of a hand: N (nil) leads the 2H into E's ace.
    Position p;
    p.rules = preset("classic");
    p.hands = {CardSet{Card(Rank::Two, Suit::Hearts)}, CardSet{Card(Rank::Ace, Suit::Hearts)},
               CardSet{Card(Rank::Three, Suit::Hearts)}, CardSet{Card(Rank::Four, Suit::Hearts)}};
    p.to_play = Seat::North;
    p.spades_broken = true;
    p.tricks_played = 12;
    p.tricks_taken = {0, 4, 5, 3};
    p.bids = {Bid::nil(), Bid::tricks(4), Bid::tricks(4), Bid::tricks(3)};
    SolveResult tricks = ref::solve(p, Objective::Tricks);
    CHECK(tricks.side == Team::NS);
    CHECK(tricks.total_tricks == 5);
    REQUIRE(tricks.cards.size() == 1);
    CHECK(tricks.cards[0].total_tricks == 5);
    CHECK(ref::solve(p, Objective::Nil, Seat::North).nil_kept);
    // With the ace in N's hand instead, the nil is lost whatever happens.
    std::swap(p.hands[0], p.hands[1]);
    CHECK(ref::solve(p, Objective::Tricks).total_tricks == 6);
    CHECK_FALSE(ref::solve(p, Objective::Nil, Seat::North).nil_kept);

    // Two tricks, spades unbroken: N may not lead the AS while holding a heart, and E's
    // ace wins the heart; then E leads a club and N ruffs. Under anytime N may cash the AS
    // first, but E's ace still takes the heart: 1 trick either way. The per-card list shows
    // the restriction: only the KH is legal.
    Position q;
    q.rules = preset("classic");
    q.hands = {CardSet{Card(Rank::Ace, Suit::Spades), Card(Rank::King, Suit::Hearts)},
               CardSet{Card(Rank::Ace, Suit::Hearts), Card(Rank::Two, Suit::Clubs)},
               CardSet{Card(Rank::Three, Suit::Hearts), Card(Rank::Four, Suit::Clubs)},
               CardSet{Card(Rank::Four, Suit::Hearts), Card(Rank::Five, Suit::Clubs)}};
    q.to_play = Seat::North;
    q.tricks_played = 11;
    q.tricks_taken = {3, 3, 3, 2};
    SolveResult broken = ref::solve(q, Objective::Tricks);
    REQUIRE(broken.cards.size() == 1);
    CHECK(broken.cards[0].card == Card(Rank::King, Suit::Hearts));
    CHECK(broken.total_tricks == 7);
    q.rules.spades_lead = SpadesLead::Anytime;
    SolveResult anytime = ref::solve(q, Objective::Tricks);
    REQUIRE(anytime.cards.size() == 2);
    CHECK(anytime.cards[0].card == Card(Rank::Ace, Suit::Spades));
    CHECK(anytime.total_tricks == 7);
}

TEST_CASE("reference: HandState and EndingState give the same answers", "[solver]") {
    SplitMix64 rng(12);
    const int hands_per_preset = 40;
    int compared = 0;
    for (const PresetInfo& info : presets()) {
        RuleSet rules = preset(info.name);
        for (int i = 0; i < hands_per_preset; ++i) {
            HandState st = ref::random_hand(rules, 600 + i, random_shape(rng, i % 2 == 0));
            Position p = ref::position_from(st);
            INFO(ref::describe(p));
            CHECK(compare(ref::solve(p, Objective::Tricks), ref::solve(st, Objective::Tricks)) ==
                  "");
            for (Seat s : kAllSeats) {
                if (!st.bid_of(s)->is_nil()) continue;
                CHECK(compare(ref::solve(p, Objective::Nil, s),
                              ref::solve(st, Objective::Nil, s)) == "");
            }
            Standings before = ref::random_standings(rules, rng);
            CHECK(compare(ref::solve(p, Objective::Score, std::nullopt, before),
                          ref::solve(st, Objective::Score, std::nullopt, before)) == "");
            ++compared;
        }
    }
    // Every preset's hands compared, none skipped: the count follows the preset list.
    CHECK(compared == hands_per_preset * static_cast<int>(presets().size()));
}

TEST_CASE("reference: the memo and the cut-offs change no answer", "[solver]") {
    SplitMix64 rng(13);
    for (const PresetInfo& info : presets()) {
        RuleSet rules = make_rules(info.name, {"honours_points=7"});
        for (int i = 0; i < 40; ++i) {
            HandState st = ref::random_hand(rules, 700 + i, random_shape(rng, i % 2 == 0, 3));
            INFO(ref::describe(ref::position_from(st)));
            for (Objective o : {Objective::Tricks, Objective::Nil, Objective::Score}) {
                for (Seat s : kAllSeats) {
                    if (o == Objective::Nil && !st.bid_of(s)->is_nil()) continue;
                    std::optional<Seat> nil_seat;
                    if (o == Objective::Nil) nil_seat = s;
                    Standings before = ref::random_standings(rules, rng);
                    CHECK(compare(ref::solve(st, o, nil_seat, before, true),
                                  ref::solve(st, o, nil_seat, before, false)) == "");
                    if (o != Objective::Nil) break;
                }
            }
        }
    }
}

// --- The solver against the reference --------------------------------------------------

TEST_CASE("solver matches the reference under every preset", "[solver]") {
    Tally tally;
    std::uint64_t seed = 1;
    for (const PresetInfo& info : presets()) {
        check_rules(preset(info.name), seed++, 200, true, tally);
    }
    tally.require_none();
}

TEST_CASE("solver matches the reference with jokers and high deuces", "[solver]") {
    // Fourteen to sixteen trumps: the jokers and the deuces above the ace, alone and together,
    // with each pair of deuces left out, under both spades rules and the 2C lead.
    Tally tally;
    std::uint64_t seed = 900;
    const std::vector<std::vector<std::string>> decks = {
        {"jokers=on"},
        {"jokers=on", "jokers_out=clubs_diamonds"},
        {"jokers=on", "jokers_out=hearts_diamonds", "spades_break=trump"},
        {"deuces_high=spade"},
        {"deuces_high=diamond_spade", "first_lead=two_of_clubs"},
        {"jokers=on", "deuces_high=diamond_spade"},
        {"jokers=on", "deuces_high=spade_diamond", "spades_lead=anytime"},
    };
    SolverOptions portable;
    portable.portable = true;
    for (const auto& keys : decks) {
        // Both builds of the search: the portable one reads the trumps' extra bits slowly.
        check_rules(make_rules("classic", keys), seed, 150, true, tally);
        check_rules(make_rules("classic", keys), seed++, 50, true, tally, portable);
    }
    tally.require_none();
}

TEST_CASE("solver matches the reference under the lead and spades rules", "[solver]") {
    // Every combination of spades_lead, spades_break, first_lead and deck.
    Tally tally;
    std::uint64_t seed = 20;
    for (const char* lead : {"after_broken", "anytime"}) {
        for (const char* brk : {"any_spade", "trump"}) {
            for (const char* first : {"left_of_dealer", "two_of_clubs"}) {
                for (const char* deck : {"52", "48"}) {
                    RuleSet rules = make_rules(
                        "classic",
                        {std::string("spades_lead=") + lead, std::string("spades_break=") + brk,
                         std::string("first_lead=") + first, std::string("deck=") + deck});
                    check_rules(rules, seed++, 60, true, tally);
                }
            }
        }
    }
    tally.require_none();
}

TEST_CASE("solver matches the reference with spades still unbroken", "[solver]") {
    // Spades played only when forced, so many endings begin with spades unbroken: the lead
    // restriction, the all-spade hand's forced lead and (under trump) a spade led that does
    // not break spades all come into play.
    Tally tally;
    int unbroken = 0;
    std::uint64_t seed = 40;
    for (const char* brk : {"any_spade", "trump"}) {
        RuleSet rules = make_rules("classic", {std::string("spades_break=") + brk});
        Solver solver;
        SplitMix64 rng(seed++);
        for (int i = 0; i < 150; ++i) {
            HandState st = ref::random_hand(rules, seed * 100'000 + static_cast<std::uint64_t>(i),
                                            random_shape(rng, true));
            if (!st.spades_broken()) ++unbroken;
            check_objectives(solver, st, rng, tally);
        }
    }
    CHECK(unbroken >= 60);
    tally.require_none();
}

TEST_CASE("solver matches the reference under scoring variations", "[solver]") {
    // The score objective under every scoring key that changes what a trick is worth.
    const std::vector<std::vector<std::string>> variations = {
        {"bag_limit=3", "bag_penalty=50"},
        {"nil_tricks=count_for_partner"},
        {"nil_tricks=bags_only", "bag_limit=4"},
        {"nil_tricks=bags_and_points", "bag_limit=4"},
        {"both_nil_scoring=together", "nil_failed=opponents"},
        {"nil_failed=opponents", "nil_points=50"},
        {"honours_points=25"},
        {"failed_contract=minus_shortfall", "set_points=30"},
        {"failed_contract=zero", "exact_points=20", "over_points=5"},
        {"overtrick_points=0", "bag_limit=2", "bag_penalty=200"},
        {"bag_limit=0"},
        // Issue 20's house scoring: big contracts and Boston, a first bag penalty, bags
        // reset after a penalty, contracts raised to a team minimum.
        {"big_contract=4", "boston_points=150", "big_contract_bonus=30"},
        {"early_bag_limit=2", "early_bag_penalty=40", "bag_limit=4"},
        {"bags_after_penalty=reset", "bag_limit=3", "bag_penalty=80"},
        {"min_team_bid=6", "below_min_team_bid=raise"},
    };
    Tally tally;
    std::uint64_t seed = 60;
    for (const auto& overrides : variations) {
        check_rules(make_rules("classic", overrides), seed++, 40, true, tally);
        check_rules(make_rules("paperless", overrides), seed++, 20, true, tally);
    }
    tally.require_none();
}

TEST_CASE("solver matches the reference on tiny deals at trick 0", "[solver]") {
    // Up to five cards a hand at the first trick, which no HandState can hold: the 2C lead
    // binds here. Tricks and nil (the score needs a whole hand's tricks).
    Tally tally;
    SplitMix64 rng(80);
    Solver solver;
    for (const char* first : {"two_of_clubs", "left_of_dealer"}) {
        for (const char* lead : {"after_broken", "anytime"}) {
            for (const char* brk : {"any_spade", "trump"}) {
                for (const char* deck : {"52", "48"}) {
                    RuleSet rules = make_rules(
                        "classic",
                        {std::string("first_lead=") + first, std::string("spades_lead=") + lead,
                         std::string("spades_break=") + brk, std::string("deck=") + deck});
                    for (int i = 0; i < 40; ++i) {
                        int cards = 1 + static_cast<int>(rng.below(5));
                        int into = cards == 1 ? 0 : static_cast<int>(rng.below(4));
                        Position p = ref::tiny_deal(rules, cards, into, rng);
                        tally.compare(p, "tricks", ref::solve(p, Objective::Tricks),
                                      [&] { return solver.solve_tricks(p); });
                        for (Seat s : kAllSeats) {
                            if (!p.bids[index(s)]->is_nil()) continue;
                            tally.compare(p, std::string("nil of ") + seat_char(s),
                                          ref::solve(p, Objective::Nil, s),
                                          [&] { return solver.solve_nil(p, s); });
                        }
                    }
                }
            }
        }
    }
    tally.require_none();
}

TEST_CASE("solver matches the reference along a hand analysed card by card", "[solver]") {
    // The score objective remembers the values of the positions one card after the last
    // position it valued, and values a position it does not know through its moves: walking
    // endings card by card on one Solver, with the tricks objective in between as a review
    // does, must give the reference's answers at every card, and so must a cold Solver.
    Tally tally;
    SplitMix64 rng(90);
    std::uint64_t seed = 90;
    for (const PresetInfo& info : presets()) {
        RuleSet rules = make_rules(info.name, {"honours_points=3"});
        Solver warm;
        for (int i = 0; i < 8; ++i) {
            ref::EndingShape shape;
            shape.cards_left = 4 + static_cast<int>(rng.below(2));
            HandState st = ref::random_hand(rules, seed++ * 100'000, shape);
            Standings before = ref::random_standings(rules, rng);
            while (st.phase() == Phase::Play) {
                Position p = position_of(st);
                SolveResult want = ref::solve(st, Objective::Score, std::nullopt, before);
                tally.compare(p, "tricks", ref::solve(st, Objective::Tricks),
                              [&] { return warm.solve_tricks(p); });
                tally.compare(p, "score", want, [&] { return warm.solve_score(p, before); });
                tally.compare(p, "score cold", want,
                              [&] { return Solver().solve_score(p, before); });
                // The card played: one of the best as often as not, else any legal card.
                std::vector<Card> cards;
                for (Card c : st.legal_cards()) cards.push_back(c);
                Card card = cards[rng.below(cards.size())];
                if (rng.below(2) == 0) {
                    for (const CardValue& v : want.cards) {
                        if (v.score == want.score) card = v.card;
                    }
                }
                st.play(card);
            }
        }
    }
    CHECK(tally.comparisons() > 600);
    tally.require_none();
}

TEST_CASE("a nil whose partner covers a suit of the nil bidder's gives the reference's answer",
          "[solver]") {
    // Endings built for the nil search's static "kept" bound where the partner covers a suit:
    // North bids nil, holds no spade and is not on lead; South holds the top cards of a suit
    // in which North holds the next ones, and the rest of the deck is dealt at random. Kept
    // and broken both occur, and the solver agrees with the exhaustive reference on every one.
    SplitMix64 rng(21);
    Solver solver;
    Tally tally;
    int kept = 0;
    for (int i = 0; i < 2000; ++i) {
        const int cards = 3 + static_cast<int>(rng.below(3));  // 3..5 a hand
        const Suit cover = static_cast<Suit>(1 + rng.below(3));
        // The covered suit's cards, a random handful from the top down: South's first, then
        // North's, then the defenders'.
        std::vector<Card> suit;
        for (int r = kHighestRank; r >= kLowestRank; --r) {
            if (rng.below(3) != 0) suit.push_back(Card(static_cast<Rank>(r), cover));
        }
        if (suit.empty()) continue;
        const int south = 1 + static_cast<int>(rng.below(std::min<std::size_t>(3, suit.size())));
        const int north = 1 + static_cast<int>(rng.below(3));
        Position p;
        p.rules = preset("classic");
        CardSet used;
        auto give = [&](Seat s, Card c) {
            p.hands[index(s)] = p.hands[index(s)] | CardSet{c};
            used = used | CardSet{c};
        };
        std::size_t k = 0;
        for (int j = 0; j < south && k < suit.size(); ++j) give(Seat::South, suit[k++]);
        for (int j = 0; j < north && k < suit.size(); ++j) give(Seat::North, suit[k++]);
        // The rest of the deck at random, North never a spade.
        std::vector<Card> deck;
        for (Card c : kFullDeck) {
            if (!used.contains(c)) deck.push_back(c);
        }
        for (std::size_t j = deck.size(); j > 1; --j) std::swap(deck[j - 1], deck[rng.below(j)]);
        for (Card c : deck) {
            for (Seat s : kAllSeats) {
                if (p.hands[index(s)].size() >= cards) continue;
                if (s == Seat::North && c.suit() == Suit::Spades) continue;
                give(s, c);
                break;
            }
        }
        bool full = true;
        for (Seat s : kAllSeats) full = full && p.hands[index(s)].size() == cards;
        if (!full) continue;
        p.to_play = static_cast<Seat>(1 + rng.below(3));
        p.spades_broken = rng.below(2) == 1;
        p.tricks_played = 13 - cards;
        p.tricks_taken = {0, p.tricks_played / 3, p.tricks_played / 3,
                          p.tricks_played - 2 * (p.tricks_played / 3)};
        p.bids = {Bid::nil(), Bid::tricks(3), Bid::tricks(4), Bid::tricks(3)};
        SolveResult want = ref::solve(p, Objective::Nil, Seat::North);
        kept += want.nil_kept ? 1 : 0;
        tally.compare(p, "nil of N", want, [&] { return solver.solve_nil(p, Seat::North); });
        tally.compare(p, "nil_kept of N", want, [&] {
            SolveResult r = want;
            r.nil_kept = solver.nil_kept(p, Seat::North);
            return r;
        });
    }
    tally.require_none();
    INFO(tally.comparisons() / 2 << " endings, " << kept << " kept");
    CHECK(tally.comparisons() > 3000);
    CHECK(kept > 300);
    CHECK(tally.comparisons() / 2 - kept > 300);
}
