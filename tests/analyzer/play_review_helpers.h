// What the play review's tests share (test_play_review.cpp and its long cases,
// test_play_review_long.cpp): a hand played by the solver's own choices.
#pragma once

#include <algorithm>
#include <vector>

#include "spadework/engine/hand.h"
#include "spadework/engine/record.h"
#include "spadework/engine/scoring.h"
#include "spadework/engine/solver.h"

namespace spadework::testing {

// A hand played card by card as the solver's best under the score objective (the first of
// the best cards where several tie).
inline RecordedGame solver_played(const RuleSet& rules, Seat dealer, const Deal& deal,
                                  const std::vector<Bid>& bids, const Standings& before) {
    RecordedGame game;
    game.rules = rules;
    RecordedHand h;
    h.dealer = dealer;
    h.deal = deal;
    h.bids = bids;
    HandState st(rules, dealer, deal);
    for (Bid b : bids) st.bid(st.to_act(), b);
    Solver solver;
    while (st.phase() == Phase::Play) {
        SolveResult r = solver.solve_score(position_of(st), before);
        auto best = std::max_element(
            r.cards.begin(), r.cards.end(),
            [](const CardValue& a, const CardValue& b) { return a.score < b.score; });
        h.cards.push_back(best->card);
        st.play(best->card);
    }
    game.hands.push_back(h);
    return game;
}

}  // namespace spadework::testing
