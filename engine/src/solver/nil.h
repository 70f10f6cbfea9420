// The Nil objective: whether the nil bidder's side keeps the nil bidder from winning a trick
// against opponents who try to make it win one.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "moves.h"
#include "root.h"

namespace SPADEWORK_SOLVER_NAMESPACE {

// "Is the nil kept?" The nil bidder's side maximises; the value and the table's bounds are 1
// (kept) and 0 (broken).
class NilGoal {
  public:
    NilGoal(int nil_seat, std::uint64_t context) : nil_(nil_seat), context_(context) {}

    bool is_max(int seat) const { return (seat & 1) == (nil_ & 1); }
    Objective objective() const { return Objective::Nil; }
    std::uint64_t key_terms(const State&) const { return context_; }
    std::uint64_t forced_relevant(const State&) const { return 0; }
    Ordering ordering(const State&) const { return Ordering{nil_, false}; }

    int threshold(const State&) const { return 1; }
    int trick_bonus(const State&) const { return 0; }
    bool settled(const State& st, int& value) const;
    bool bounds(const State& st, std::uint64_t& relevant, int& value) const;
    bool mid_trick(const State& st, std::uint64_t& relevant, int& value) const;
    bool table_value(const State&, int lower, int upper, int& value) const {
        if (lower >= 1)
            value = 1;
        else if (upper <= 0)
            value = 0;
        else
            return false;
        return true;
    }
    void table_bounds(const State&, int value, bool yes, int& lower, int& upper) const {
        if (yes)
            lower = value;
        else
            upper = value;
    }

  private:
    int nil_;
    std::uint64_t context_;
};

using NilRun = SearchRun;

bool nil_kept(State& st, TransTable& tt, std::uint64_t context, int nil_seat, NilRun& run);
// The same within a budget of positions: nothing when the search needs more. `st` is left
// mid-search then.
std::optional<bool> nil_kept_within(State& st, TransTable& tt, std::uint64_t context, int nil_seat,
                                    NilRun& run, std::uint64_t max_nodes);
std::vector<bool> nil_kept_per_move(State& st, TransTable& tt, std::uint64_t context, int nil_seat,
                                    const std::vector<Move>& moves, NilRun& run);

}  // namespace SPADEWORK_SOLVER_NAMESPACE
