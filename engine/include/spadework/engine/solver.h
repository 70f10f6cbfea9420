// The double-dummy solver: from any position of a hand, with every card visible and both
// sides playing perfectly, what the side to play can achieve — tricks, a nil kept or broken,
// or the hand's score — and the same for every legal card of the player to play.
//
// The public API is this header; the search lives in engine/src/solver/. A Solver owns its
// transposition table and keeps it between calls, so the positions of one deal analysed card
// by card share what was learnt (call clear() or solve a new deal: the table is keyed on the
// cards, so positions of other deals never collide, they only compete for room).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "spadework/engine/card.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/rules.h"
#include "spadework/engine/scoring.h"

namespace spadework {

// A position in the play of a hand: everything the solver needs, nothing it does not.
struct Position {
    RuleSet rules;                  // spades_lead, spades_break, first_lead, deck; scoring keys
    std::array<CardSet, 4> hands;   // the cards each seat holds now
    std::vector<PlayedCard> trick;  // the trick in progress, leader first (empty between tricks)
    Seat to_play = Seat::North;     // the trick's leader when trick is empty
    bool spades_broken = false;
    int tricks_played = 0;                   // complete tricks so far (the 2C lead applies at 0)
    std::array<int, 4> tricks_taken{};       // per seat, complete tricks won so far
    std::array<CardSet, 2> won{};            // per team, the cards of the tricks it won (honours)
    std::array<std::optional<Bid>, 4> bids;  // per seat; needed by the nil and score objectives
};

// The position of a hand in its Play phase (or Done: nothing left to play).
Position position_of(const HandState& state);

enum class Objective {
    Tricks,  // most tricks for the side to play
    Nil,     // whether a nil bidder keeps the nil against best defence
    Score,   // the hand's score difference, side to play minus opponents
};

// What one legal card of the player to play is worth under the objective solved.
struct CardValue {
    Card card;
    int total_tricks = 0;   // Tricks: the side's tricks at the end if this card is played
    bool nil_kept = false;  // Nil: whether the nil can still be kept after this card
    int score = 0;          // Score: the score difference at the end after this card
};

struct SolveResult {
    Objective objective = Objective::Tricks;
    Seat to_play = Seat::North;
    Team side = Team::NS;  // the side of the player to play
    // Tricks: tricks the side already holds plus those it takes from here under best play.
    int total_tricks = 0;
    // Nil: the nil bidder and whether the nil is kept under best play.
    std::optional<Seat> nil_seat;
    bool nil_kept = false;
    // Score: (side's points - opponents' points) for this hand under best play, bags and
    // bag penalties counted from the standings given, honours and Paperless points included.
    int score = 0;
    // Every legal card of the player to play, highest suit (S,H,D,C) and rank first.
    std::vector<CardValue> cards;
    std::uint64_t nodes = 0;  // positions searched for this answer
};

// What an end of the hand is worth to North-South under the score objective. Without one,
// their points for the hand minus the opponents'; a caller may value ends otherwise, e.g. by
// the chance of winning the game from the scores they lead to. Values are whole numbers from
// -30000 to 30000, North-South's the higher the better, the opponents' their negation (the
// objective stays zero-sum). `name` tells functions apart: two EndValues with one name must
// be the same function of the same standings, as the solver's table keeps what it learnt
// under a name.
struct EndValue {
    std::string name;
    std::function<int(const HandScore& score)> value;
};

struct SolverOptions {
    std::size_t table_megabytes = 64;  // the transposition table's bound
    // The search is built twice on x86-64, for any processor and for those with fast BMI2
    // instructions (8-10% quicker); a Solver uses the second where the processor has them,
    // unless this asks for the portable one (the tests compare the two).
    bool portable = false;
};

// Which build of the search a Solver made with these options uses: "bmi2" or "portable".
const char* solver_build(const SolverOptions& options = {});

struct SolverStats {
    std::uint64_t nodes = 0;  // since construction or clear()
    std::size_t table_entries = 0;
    std::size_t table_bytes = 0;  // memory the table holds now (at most the bound)
    std::size_t peak_table_bytes = 0;
    std::uint64_t budget_spent = 0;  // solves given up at their budget (nil, score)
};

class Solver {
  public:
    explicit Solver(SolverOptions options = {});
    ~Solver();
    Solver(Solver&&) noexcept;
    Solver& operator=(Solver&&) noexcept;

    // The Tricks objective: total and every legal card. Throws Error for a position that
    // cannot occur (cards held twice, hands of sizes that do not fit the trick).
    SolveResult solve_tricks(const Position& position);
    // Only the total, for the side to play.
    int total_tricks(const Position& position);

    // The Nil objective for nil_seat, whose bid must be nil or blind nil. The nil bidder and
    // partner try to keep it; the opponents try to break it. A nil already broken is lost.
    SolveResult solve_nil(const Position& position, Seat nil_seat);
    // Only whether the nil is kept, without the value of each card: cheaper.
    bool nil_kept(const Position& position, Seat nil_seat);
    // The same within a budget: nothing when settling it would search more than max_nodes
    // positions (a few nils of weak hands take hundreds of millions). What was learnt is kept.
    std::optional<bool> nil_kept(const Position& position, Seat nil_seat, std::uint64_t max_nodes);

    // The Score objective: every bid must be known. `before` is the standings before the
    // hand (bags count toward penalties from there).
    SolveResult solve_score(const Position& position, const Standings& before,
                            const EndValue* end = nullptr);
    // The same within a budget: nothing when the answer would search more than max_nodes
    // positions. Most positions need a few hundred thousand; a few openings where one side
    // must hold its tricks to a window (enough for its bid, too few for a bag penalty) need
    // hundreds of millions. What was learnt is kept.
    std::optional<SolveResult> solve_score(const Position& position, const Standings& before,
                                           std::uint64_t max_nodes, const EndValue* end = nullptr);

    SolveResult solve(const Position& position, Objective objective,
                      std::optional<Seat> nil_seat = std::nullopt, const Standings& before = {});

    void clear();
    SolverStats stats() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace spadework
