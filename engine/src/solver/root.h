// The root driver the three objectives share (tricks, nil, score): one null-window test of a
// goal from the root or after a root move, with the positions it searched counted, and the
// window search that finds an exact value from such tests (MTD(f) over the values the
// objective can take). An objective brings its Goal (search.h) and its ladder of values;
// everything else about driving the search is here.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "search.h"

namespace SPADEWORK_SOLVER_NAMESPACE {

// What the searches of one solve visited.
struct SearchRun {
    std::uint64_t nodes = 0;
    std::uint64_t budget = UINT64_MAX;  // the most positions all its searches together may visit
    std::uint64_t left() const { return nodes < budget ? budget - nodes : 0; }
};

// One test of `goal` from the current position: its value, fail-soft (a bound on the right
// side of the goal's threshold). Past `budget` positions, or past what is left of the run's,
// it throws BudgetSpent, the positions searched counted all the same.
template <class Goal>
int test_here(State& st, TransTable& tt, const Goal& goal, SearchRun& run,
              std::uint64_t budget = UINT64_MAX) {
    auto search = std::make_unique<Search<Goal>>(st, tt, goal);
    search->set_budget(std::min(budget, run.left()));
    try {
        int value = search->run();
        run.nodes += search->nodes();
        return value;
    } catch (const BudgetSpent&) {
        run.nodes += search->nodes();
        throw;
    }
}

// The same after the root move `card`, the trick it completes (if any) counted.
template <class Goal>
int test_after(State& st, TransTable& tt, const Goal& goal, int card, SearchRun& run) {
    bool completes = st.play(card);
    ++run.nodes;
    int value = test_here(st, tt, goal, run);
    if (completes) value += goal.trick_bonus(st);
    st.undo();
    return value;
}

// The values from lo to hi, for objectives that count (tricks).
inline std::vector<int> value_range(int lo, int hi) {
    std::vector<int> values;
    for (int v = lo; v <= hi; ++v) values.push_back(v);
    return values;
}

// The value among `values` (sorted; the exact one is among them and at most `top`) that
// null-window tests find, each test's fail-soft answer moving a bound as far as it can.
// `test(t)` answers "at least t?" with a value at or above t (a lower bound) or below it (an
// upper bound). Without a guess, each test goes halfway between the bounds. With one, the
// first test is at the guess and the next ones follow it: up to the next value after a test
// that held, down to the new upper bound after one that failed. A close guess so needs two
// tests, one of them just above the value (such a test is costly: every move must be
// refuted, and one a step or two higher costs about as much again, which halving the range
// would pay often). After `guess_steps` tests in a row that moved the same bound, the guess
// is left for halving: where the values are many and the guess far off (a score), following
// it one value at a time costs a test per value.
template <class Test>
int find_value(const std::vector<int>& values, int top, std::optional<int> guess, Test&& test,
               int guess_steps = INT_MAX) {
    int lo = values.front();
    int hi = top;
    bool guessing = guess.has_value();
    int next = guess.value_or(0);
    int steps = 0;  // tests in a row that moved the same bound
    bool rising = false;
    while (lo < hi) {
        int t;
        if (guessing && next > lo && next <= hi && steps < guess_steps) {
            t = next;
        } else {
            guessing = false;
            auto first = std::upper_bound(values.begin(), values.end(), lo);
            auto last = std::upper_bound(values.begin(), values.end(), hi);
            t = *(first + (last - first - 1) / 2);
        }
        int v = test(t);
        const bool held = v >= t;
        steps = held == rising ? steps + 1 : 1;
        rising = held;
        if (held) {
            lo = *std::lower_bound(values.begin(), values.end(), std::min(v, hi));
            auto above = std::upper_bound(values.begin(), values.end(), lo);
            if (above != values.end()) next = *above;  // climbing: the next value up
        } else {
            hi = *(std::upper_bound(values.begin(), values.end(), std::max(v, lo)) - 1);
            next = hi;  // falling: the new upper bound
        }
    }
    return lo;
}

}  // namespace SPADEWORK_SOLVER_NAMESPACE
