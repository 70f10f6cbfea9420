// The play review graded by the game, a long case (tests/CMakeLists.txt): a win-chance table
// built by value iteration (six times slower under the sanitizers) and a hand reviewed twice,
// by the game and by points. The sanitizers check the play review's code on the cases of
// test_play_review.cpp; the normal build runs this.
#include <algorithm>
#include <catch2/catch.hpp>
#include <vector>

#include "play_review_helpers.h"
#include "spadework/analyzer/review.h"
#include "spadework/analyzer/winchance.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/scoring.h"

using namespace spadework;
using namespace spadework::analyzer;
using namespace spadework::testing;

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
    ReviewSettings by_game;
    by_game.grade = Grade::Game;
    Solver solver;
    PlayReview graded = review_play(game, 0, before, by_game, solver, &table);
    Solver points_solver;
    PlayReview points = review_play(game, 0, before, ReviewSettings{}, points_solver);
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
