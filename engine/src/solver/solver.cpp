// The public Solver: made with one build of the search (isa.h), the fastest the processor
// runs, and forwarding every question to it. Compiled once.
#include "spadework/engine/solver.h"

#include <memory>
#include <string>

#include "backend.h"
#include "spadework/engine/error.h"

namespace spadework {

namespace solver {
// Each build's Core (core.cpp).
namespace portable {
std::unique_ptr<Backend> make_backend(SolverOptions options);
}
#ifdef SPADEWORK_SOLVER_BMI2
namespace bmi2 {
std::unique_ptr<Backend> make_backend(SolverOptions options);
}
#endif
}  // namespace solver

namespace {

// BMI2's pext and pdep take one cycle on Intel processors since Haswell and on AMD's since
// Zen 3; Zen 1 and 2 run them in microcode, far slower than the portable build's tables. The
// build also counts bits with popcnt and lzcnt, which every processor with BMI2 has (lzcnt
// came with BMI2 on Intel's and before it on AMD's; clang cannot ask for it by name).
// Asked of the processor once, the first time a Solver is made.
bool bmi2_is_fast() {
#ifdef SPADEWORK_SOLVER_BMI2
    static const bool fast = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("bmi") &&
               __builtin_cpu_supports("popcnt") && !__builtin_cpu_is("znver1") &&
               !__builtin_cpu_is("znver2");
    }();
    return fast;
#else
    return false;
#endif
}

// The one choice of build, which solver_build names and the Solver makes.
bool uses_bmi2(const SolverOptions& options) {
    return !options.portable && bmi2_is_fast();
}

}  // namespace

const char* solver_build(const SolverOptions& options) {
    return uses_bmi2(options) ? "bmi2" : "portable";
}

struct Solver::Impl {
    std::unique_ptr<solver::Backend> backend;
};

Solver::Solver(SolverOptions options) : impl_(std::make_unique<Impl>()) {
#ifdef SPADEWORK_SOLVER_BMI2
    if (uses_bmi2(options)) {
        impl_->backend = solver::bmi2::make_backend(options);
        return;
    }
#endif
    impl_->backend = solver::portable::make_backend(options);
}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

SolveResult Solver::solve_tricks(const Position& position) {
    return impl_->backend->solve_tricks(position);
}

int Solver::total_tricks(const Position& position) {
    return impl_->backend->total_tricks(position);
}

SolveResult Solver::solve_nil(const Position& position, Seat nil_seat) {
    return impl_->backend->solve_nil(position, nil_seat);
}

bool Solver::nil_kept(const Position& position, Seat nil_seat) {
    return impl_->backend->nil_kept(position, nil_seat);
}

std::optional<bool> Solver::nil_kept(const Position& position, Seat nil_seat,
                                     std::uint64_t max_nodes) {
    return impl_->backend->nil_kept(position, nil_seat, max_nodes);
}

SolveResult Solver::solve_score(const Position& position, const Standings& before,
                                const EndValue* end) {
    // No budget: the search never gives up.
    return *impl_->backend->solve_score(position, before, UINT64_MAX, end);
}

std::optional<SolveResult> Solver::solve_score(const Position& position, const Standings& before,
                                               std::uint64_t max_nodes, const EndValue* end) {
    return impl_->backend->solve_score(position, before, max_nodes, end);
}

SolveResult Solver::solve(const Position& position, Objective objective,
                          std::optional<Seat> nil_seat, const Standings& before) {
    switch (objective) {
        case Objective::Tricks:
            return solve_tricks(position);
        case Objective::Nil:
            if (!nil_seat) throw Error("the nil objective needs the nil bidder's seat");
            return solve_nil(position, *nil_seat);
        case Objective::Score:
            return solve_score(position, before);
    }
    SPADEWORK_INVARIANT(false, "an objective the solver knows");
    return {};
}

void Solver::clear() {
    impl_->backend->clear();
}

SolverStats Solver::stats() const {
    return impl_->backend->stats();
}

Position position_of(const HandState& state) {
    if (state.phase() != Phase::Play && state.phase() != Phase::Done) {
        throw Error("the hand is not being played yet (phase " +
                    std::string(phase_name(state.phase())) + ")");
    }
    Position p;
    p.rules = state.rules();
    for (Seat s : kAllSeats) {
        p.hands[index(s)] = state.hand(s);
        p.tricks_taken[index(s)] = state.tricks_taken(s);
        p.bids[index(s)] = state.bid_of(s);
    }
    p.trick = state.current_trick();
    p.to_play = state.phase() == Phase::Play ? state.to_act() : state.leader();
    p.spades_broken = state.spades_broken();
    p.tricks_played = state.tricks_played();
    const auto& record = state.play_record();
    const auto& winners = state.trick_winners();
    for (std::size_t t = 0; t < winners.size(); ++t) {
        for (std::size_t i = 4 * t; i < 4 * t + 4 && i < record.size(); ++i) {
            p.won[index(team_of(winners[t]))].insert(record[i].card);
        }
    }
    return p;
}

}  // namespace spadework
