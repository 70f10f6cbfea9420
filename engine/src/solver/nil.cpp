#include "nil.h"

#include <memory>

#include "bounds.h"

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
    NilGoal goal(nil_seat, context);
    auto search = std::make_unique<Search<NilGoal>>(st, tt, goal);
    bool kept = search->run() >= 1;
    run.nodes += search->nodes();
    return kept;
}

std::optional<bool> nil_kept_within(State& st, TransTable& tt, std::uint64_t context, int nil_seat,
                                    NilRun& run, std::uint64_t max_nodes) {
    NilGoal goal(nil_seat, context);
    auto search = std::make_unique<Search<NilGoal>>(st, tt, goal);
    search->set_budget(max_nodes);
    try {
        bool kept = search->run() >= 1;
        run.nodes += search->nodes();
        return kept;
    } catch (const BudgetSpent&) {
        run.nodes += search->nodes();
        return std::nullopt;
    }
}

std::vector<bool> nil_kept_per_move(State& st, TransTable& tt, std::uint64_t context, int nil_seat,
                                    const std::vector<Move>& moves, NilRun& run) {
    std::vector<bool> out;
    out.reserve(moves.size());
    NilGoal goal(nil_seat, context);
    for (const Move& m : moves) {
        st.play(m.card);
        ++run.nodes;
        auto search = std::make_unique<Search<NilGoal>>(st, tt, goal);
        out.push_back(search->run() >= 1);
        run.nodes += search->nodes();
        st.undo();
    }
    return out;
}

}  // namespace spadework::solver
