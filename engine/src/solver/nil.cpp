#include "nil.h"

#include "bounds.h"
#include "root.h"

namespace spadework::solver {

bool NilGoal::settled(const State& st, int& value) const {
    if (st.taken[nil_] > 0) {
        value = 0;
        return true;
    }
    if (st.tricks_left == 0) {
        value = 1;
        return true;
    }
    return false;
}

bool NilGoal::bounds(const State& st, std::uint64_t& relevant, int& value) const {
    int sealed = nil_sealed(st, nil_, relevant);
    if (sealed == 0) return false;
    value = sealed > 0 ? 1 : 0;
    return true;
}

bool NilGoal::mid_trick(const State& st, std::uint64_t& relevant, int& value) const {
    if (!nil_wins_trick(st, nil_, relevant)) return false;
    value = 0;
    return true;
}

bool nil_kept(State& st, TransTable& tt, std::uint64_t context, int nil_seat, NilRun& run) {
    return test_here(st, tt, NilGoal(nil_seat, context), run) >= 1;
}

std::optional<bool> nil_kept_within(State& st, TransTable& tt, std::uint64_t context, int nil_seat,
                                    NilRun& run, std::uint64_t max_nodes) {
    try {
        return test_here(st, tt, NilGoal(nil_seat, context), run, max_nodes) >= 1;
    } catch (const BudgetSpent&) {
        return std::nullopt;
    }
}

std::vector<bool> nil_kept_per_move(State& st, TransTable& tt, std::uint64_t context, int nil_seat,
                                    const std::vector<Move>& moves, NilRun& run) {
    std::vector<bool> out;
    out.reserve(moves.size());
    NilGoal goal(nil_seat, context);
    for (const Move& m : moves) out.push_back(test_after(st, tt, goal, m.card, run) >= 1);
    return out;
}

}  // namespace spadework::solver
