// The Tricks objective: the most tricks the side to play takes from here.
#pragma once

#include <cstdint>
#include <vector>

#include "moves.h"
#include "root.h"

namespace SPADEWORK_SOLVER_NAMESPACE {

// "Does the side of the root's player take at least `target` tricks from the root on?" The
// value is the tricks that side takes from the node on. The table's bounds are the tricks the
// leader's side takes from the trick start on, so every search, whoever maximises, shares
// them.
class TricksGoal {
  public:
    TricksGoal(const State& root, int target, std::uint64_t context)
        : max_team_(root.to_play() & 1),
          base_(root.taken[max_team_] + root.taken[max_team_ + 2]),
          target_(target),
          context_(context) {}

    bool is_max(int seat) const { return (seat & 1) == max_team_; }
    Objective objective() const { return Objective::Tricks; }
    std::uint64_t key_terms(const State&) const { return context_; }
    std::uint64_t forced_relevant(const State&) const { return 0; }
    Ordering ordering(const State&) const { return {}; }

    // Tricks the maximising side still needs.
    int threshold(const State& st) const {
        return target_ - (st.taken[max_team_] + st.taken[max_team_ + 2] - base_);
    }
    int trick_bonus(const State& st) const { return is_max(st.last_trick_winner()) ? 1 : 0; }
    bool settled(const State& st, int& value) const;
    bool bounds(const State& st, std::uint64_t& relevant, int& value) const;
    bool mid_trick(const State& st, std::uint64_t& relevant, int& value) const;
    bool table_value(const State& st, int lower, int upper, int& value) const;
    void table_bounds(const State& st, int value, bool yes, int& lower, int& upper) const;

  private:
    int max_team_;
    int base_;
    int target_;
    std::uint64_t context_;
};

using TricksRun = SearchRun;

// The tricks the side to play takes from the root on (the trick in progress included),
// starting the null-window searches from a guess; known to lie in [low, high] (by default
// anywhere from none to every trick left).
int future_tricks(State& st, TransTable& tt, std::uint64_t context, int guess, TricksRun& run,
                  int low = 0, int high = -1);

// The same after each root move, knowing the best is `best`.
std::vector<int> future_tricks_per_move(State& st, TransTable& tt, std::uint64_t context, int best,
                                        const std::vector<Move>& moves, TricksRun& run);

}  // namespace SPADEWORK_SOLVER_NAMESPACE
