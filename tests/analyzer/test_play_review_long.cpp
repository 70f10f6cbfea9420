// The play review graded by the game, a long case (tests/CMakeLists.txt): a win-chance table
// built by value iteration (six times slower under the sanitizers) and a hand reviewed twice,
// by the game and by points. The sanitizers check the play review's code on the cases of
// test_play_review.cpp; the normal build runs this.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <optional>
#include <utility>
#include <vector>

#include "play_review_helpers.h"
#include "spadework/analyzer/review.h"
#include "spadework/analyzer/winchance.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/scoring.h"

using namespace spadework;
using namespace spadework::analyzer;
using namespace spadework::testing;

namespace {

ReviewSettings graded_by_game() {
    ReviewSettings s;
    s.grade = Grade::Game;
    return s;
}

// A hand's play reviewed by the game and by points, each on a solver of its own.
std::pair<PlayReview, PlayReview> both_gradings(const RecordedGame& game, const Standings& before,
                                                const WinChanceTable& table) {
    Solver solver;
    PlayReview graded = review_play(game, 0, before, graded_by_game(), solver, &table);
    Solver points_solver;
    PlayReview points = review_play(game, 0, before, ReviewSettings{}, points_solver);
    return {graded, points};
}

}  // namespace

// Graded by the game: every card gets the chance of winning the game after the hand, from the
// rule set's table at the scores the hand ends with (the next dealer to deal). The last card
// has one choice, and its chance is the table's at the hand's actual end; each card's flag is
// the class of the chance it lost; the points beside it are the points review's.
TEST_CASE("Cards graded by the game carry the chance they leave and are flagged by its drop",
          "[play_review]") {
    RuleSet rules = make_rules("classic", {"target=200"});
    WinChanceTable table = WinChanceTable::build(rules, measure_hands(rules, 4000, 5));
    Standings before{};
    before[index(Team::NS)] = {170, 0};
    before[index(Team::EW)] = {160, 0};
    RecordedGame game =
        solver_played(rules, Seat::East, deal_from_seed(21, rules.deck(), Seat::East),
                      {Bid::tricks(3), Bid::tricks(4), Bid::tricks(2), Bid::tricks(3)}, before);
    const ReviewSettings by_game = graded_by_game();
    const auto [graded, points] = both_gradings(game, before, table);
    REQUIRE(graded.cards.size() == points.cards.size());
    for (std::size_t i = 0; i < graded.cards.size(); ++i) {
        const CardReview& c = graded.cards[i];
        INFO("card " << i);
        REQUIRE(c.best_chance);
        REQUIRE(c.played_chance);
        double best = 0;
        for (const CardChoice& ch : c.choices) {
            REQUIRE(ch.chance);
            CHECK(*ch.chance >= 0);
            CHECK(*ch.chance <= 1);
            best = std::max(best, *ch.chance);
            if (ch.card == c.played) CHECK(*ch.chance == *c.played_chance);
        }
        CHECK(*c.best_chance == best);
        CHECK(c.flag == classify_chance(c.cost_chance(), by_game.chance_thresholds));
        CHECK(c.best_score == points.cards[i].best_score);
        CHECK(c.played_score == points.cards[i].played_score);
        // The grading by points is carried beside, as the review by points gives it.
        REQUIRE(c.points_flag);
        CHECK(*c.points_flag == points.cards[i].flag);
        CHECK(c.points_better == points.cards[i].better);
        CHECK_FALSE(points.cards[i].points_flag);
    }
    // Both gradings go through the JSON and come back.
    GameReview r;
    r.grade = Grade::Game;
    r.hands.push_back(HandReview{});
    r.hands[0].play = graded;
    const GameReview back = review_from_json(review_to_json(r, game));
    REQUIRE(back.hands.size() == 1);
    REQUIRE(back.hands[0].play);
    CHECK(back.hands[0].play->cards == graded.cards);

    // The hand's end: its scores and the table's chance there, from the last mover's side.
    HandState st = replay_hand(rules, game.hands[0], 0);
    HandScore end = score_hand(rules, st.outcome(), before);
    double ns = table.chance(end[Team::NS].after.score, end[Team::EW].after.score,
                             next(game.hands[0].dealer));
    const CardReview& last = graded.cards.back();
    double expected = team_of(last.seat) == Team::NS ? ns : 1 - ns;
    CHECK(*last.played_chance == Approx(expected).margin(1e-4));
}

namespace {

std::vector<Card> cards_of(CardSet set) {
    std::vector<Card> out;
    for (Card c : set) out.push_back(c);
    return out;
}

// North-South's tricks at the end of a hand whose play goes on with `card` and then the one
// card left in each hand (the last trick is forced).
int ns_tricks_after(HandState st, Card card) {
    st.play(card);
    while (st.phase() == Phase::Play) st.play(*st.legal_cards().begin());
    return st.tricks_taken(Seat::North) + st.tricks_taken(Seat::South);
}

// The 12th trick's last card, when North or South plays it holding two cards of which one
// wins the trick for its side (t tricks at the end) and the other lets it go (t - 1).
struct Choice {
    Deal deal;
    HandState st;
    std::vector<Card> cards;  // the 47 before
    Card take, duck;
    int t = 0;
};

std::optional<Choice> take_or_duck(const RuleSet& rules, std::uint64_t seed) {
    const Deal deal = deal_from_seed(seed, rules.deck(), Seat::North);
    HandState st(rules, Seat::North, deal);
    for (int i = 0; i < 4; ++i) st.bid(st.to_act(), Bid::tricks(3));  // replaced below
    SplitMix64 rng(seed);
    std::vector<Card> cards;
    while (cards.size() < 47) {
        const std::vector<Card> legal = cards_of(st.legal_cards());
        cards.push_back(legal[rng.below(legal.size())]);
        st.play(cards.back());
    }
    if (team_of(st.to_act()) != Team::NS || st.legal_cards().size() != 2) return std::nullopt;
    const std::vector<Card> two = cards_of(st.legal_cards());
    const int a = ns_tricks_after(st, two[0]);
    const int b = ns_tricks_after(st, two[1]);
    if (std::abs(a - b) != 1 || std::max(a, b) < 6 || std::max(a, b) > 11) return std::nullopt;
    Choice c{deal, st, cards, a > b ? two[0] : two[1], a > b ? two[1] : two[0], std::max(a, b)};
    return c;
}

}  // namespace

// Issue 22's constructed ending: East-West stand on 9 bags, and whether North-South win the
// 12th trick decides the game. Taken, North-South make their contract exactly and so do
// East-West, who reach the target and win. Let go, North-South are set and East-West's 10th bag
// costs them 100: nobody reaches the target and the game goes on. By points the trick is worth
// taking (a contract made against one set); by the game, taking it is a blunder.
TEST_CASE("Making the contract that hands the opponents the game is graded a blunder by the game",
          "[play_review]") {
    const RuleSet rules = make_rules("classic", {"target=200"});
    std::optional<Choice> found;
    for (std::uint64_t seed = 1; !found && seed < 2000; ++seed) found = take_or_duck(rules, seed);
    REQUIRE(found);
    const int t = found->t;
    const int e = 13 - t;
    // Bids: North-South t (N t-1, S 1), East-West 13 - t (E e-1, W 1), North dealing.
    RecordedGame game;
    game.rules = rules;
    RecordedHand h;
    h.dealer = Seat::North;
    h.deal = found->deal;
    h.bids = {Bid::tricks(e - 1), Bid::tricks(1), Bid::tricks(1), Bid::tricks(t - 1)};  // E S W N
    h.cards = found->cards;
    h.cards.push_back(found->take);  // the trick taken
    HandState rest = found->st;
    rest.play(found->take);
    while (rest.phase() == Phase::Play) {
        h.cards.push_back(*rest.legal_cards().begin());
        rest.play(h.cards.back());
    }
    game.hands.push_back(h);
    // East-West 209 - 10e with 9 bags: exactly 209 when they make it, 110 after the penalty;
    // North-South 190 - 10t: 190 when they make it, short of the target either way.
    Standings before{};
    before[index(Team::NS)] = {190 - 10 * t, 0};
    before[index(Team::EW)] = {209 - 10 * e, 9};
    WinChanceTable table = WinChanceTable::build(rules, measure_hands(rules, 4000, 5));
    const auto [graded, points] = both_gradings(game, before, table);
    const CardReview& g = graded.cards.at(47);
    const CardReview& p = points.cards.at(47);
    REQUIRE(g.played == found->take);
    // By points: the trick taken is the best card (20 x t points between made and set).
    CHECK(p.flag == FlagClass::None);
    CHECK(p.played_score == p.best_score);
    // By the game: taken, East-West win (a chance of 0); let go, the game goes on.
    REQUIRE(g.played_chance);
    REQUIRE(g.best_chance);
    CHECK(*g.played_chance == Approx(0).margin(1e-9));
    CHECK(*g.best_chance > 0.15);
    CHECK(g.better == found->duck);
    CHECK(g.flag == FlagClass::Blunder);
    // And the points grading beside it says the card was right.
    REQUIRE(g.points_flag);
    CHECK(*g.points_flag == FlagClass::None);
}
