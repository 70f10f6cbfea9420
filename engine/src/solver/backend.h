// What the public Solver asks of a build of the search (isa.h): each build's Core implements
// it, and solver.cpp holds the one the Solver was made with.
#pragma once

#include <cstdint>
#include <optional>

#include "spadework/engine/solver.h"

namespace spadework::solver {

class Backend {
  public:
    virtual ~Backend() = default;
    virtual SolveResult solve_tricks(const Position& position) = 0;
    virtual int total_tricks(const Position& position) = 0;
    virtual SolveResult solve_nil(const Position& position, Seat nil_seat) = 0;
    virtual bool nil_kept(const Position& position, Seat nil_seat) = 0;
    virtual std::optional<bool> nil_kept(const Position& position, Seat nil_seat,
                                         std::uint64_t max_nodes) = 0;
    // Nothing when the answer would search more than max_nodes positions.
    virtual std::optional<SolveResult> solve_score(const Position& position,
                                                   const Standings& before, std::uint64_t max_nodes,
                                                   const EndValue* end) = 0;
    virtual void clear() = 0;
    virtual SolverStats stats() const = 0;
};

}  // namespace spadework::solver
