#include "tricks.h"

#include <algorithm>

#include "bounds.h"
#include "root.h"

namespace SPADEWORK_SOLVER_NAMESPACE {

bool TricksGoal::settled(const State& st, int& value) const {
    // The target is reached (nothing more is needed), or out of reach.
    int need = threshold(st);
    if (need <= 0) {
        value = 0;
        return true;
    }
    if (need > st.tricks_left) {
        value = st.tricks_left;
        return true;
    }
    return false;
}

bool TricksGoal::bounds(const State& st, std::uint64_t& relevant, int& value) const {
    int need = threshold(st);
    int r = st.tricks_left;
    // The root's first lead may be forced to the 2C: no bound that assumes a free lead.
    if (st.two_clubs_first && st.ply == 0) return false;

    // Quick tricks for the leader's side, then sure tricks for the other side: the tricks
    // each side must be sure of to settle the question.
    bool leader_max = is_max(st.leader);
    const int leaders_enough = leader_max ? need : r - need + 1;
    const int others_enough = r - leaders_enough + 1;
    // The most spades in one hand of a side, which bounds long_spade_tricks.
    auto spade_length = [&](int seat) {
        return std::max(suit_count(suit_bits(st.hand[seat], kSpades)),
                        suit_count(suit_bits(st.hand[seat ^ 2], kSpades)));
    };
    auto settle = [&](int leaders_tricks, std::uint64_t rel) {
        relevant = rel;
        value = leader_max ? leaders_tricks : r - leaders_tricks;
        return true;
    };
    std::uint64_t rel = 0;
    int quick = quick_tricks_later_spades(st, leaders_enough, rel);
    if (quick >= leaders_enough) return settle(quick, rel);
    if (spade_length(st.leader) >= leaders_enough) {
        rel = 0;
        int length = long_spade_tricks(st, true, rel);
        if (length >= leaders_enough) return settle(length, rel);
    }
    rel = 0;
    int against = sure_tricks_against(st, rel);
    if (against < others_enough && spade_length(st.leader ^ 1) >= others_enough) {
        std::uint64_t rel_length = 0;
        int against_length = long_spade_tricks(st, false, rel_length);
        if (against_length > against) {
            against = against_length;
            rel = rel_length;
        }
    }
    if (against >= others_enough) return settle(r - against, rel);
    return false;
}

bool TricksGoal::mid_trick(const State& st, std::uint64_t& relevant, int& value) const {
    int need = threshold(st);
    int r = st.tricks_left;
    // Only a cut is worth the look: this trick is the last one needed, or one too many lost.
    if (need > 1 && r - 1 >= need) return false;
    std::uint64_t rel = 0;
    int d = trick_decided(st, rel);
    if (d == 0) return false;
    bool max_wins = (d > 0) == is_max(st.to_play());
    if (max_wins ? need > 1 : r - 1 >= need) return false;
    relevant = rel;
    value = max_wins ? 1 : r - 1;
    return true;
}

bool TricksGoal::table_value(const State& st, int lower, int upper, int& value) const {
    int need = threshold(st);
    int r = st.tricks_left;
    int lo = is_max(st.leader) ? lower : r - upper;
    int hi = is_max(st.leader) ? upper : r - lower;
    if (lo >= need) {
        value = std::min(lo, r);
        return true;
    }
    if (hi < need) {
        value = std::max(hi, 0);
        return true;
    }
    return false;
}

void TricksGoal::table_bounds(const State& st, int value, bool yes, int& lower, int& upper) const {
    int r = st.tricks_left;
    if (is_max(st.leader)) {
        if (yes)
            lower = value;
        else
            upper = value;
    } else {
        if (yes)
            upper = r - value;
        else
            lower = r - value;
    }
}

int future_tricks(State& st, TransTable& tt, std::uint64_t context, int guess, TricksRun& run,
                  int low, int high) {
    if (high < 0) high = st.tricks_left;
    // At the lower bound the question is already answered: ask for one more.
    guess = std::clamp(guess, low + 1, std::max(low + 1, high));
    return find_value(value_range(low, high), high, guess,
                      [&](int t) { return test_here(st, tt, TricksGoal(st, t, context), run); });
}

std::vector<int> future_tricks_per_move(State& st, TransTable& tt, std::uint64_t context, int best,
                                        const std::vector<Move>& moves, TricksRun& run) {
    std::vector<int> values;
    values.reserve(moves.size());
    const std::vector<int> ladder = value_range(0, best);
    for (const Move& m : moves) {
        values.push_back(find_value(ladder, best, best, [&](int t) {
            return test_after(st, tt, TricksGoal(st, t, context), m.card, run);
        }));
    }
    return values;
}

}  // namespace SPADEWORK_SOLVER_NAMESPACE
