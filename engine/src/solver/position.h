// From the public Position to the search's State, with the checks that refuse positions that
// cannot occur.
#pragma once

#include <optional>

#include "spadework/engine/solver.h"
#include "state.h"

namespace SPADEWORK_SOLVER_NAMESPACE {

// Throws Error naming what makes the position impossible: a card held twice or outside the
// deck, a trick whose seats do not follow one another, hands whose sizes do not fit the trick
// in progress, trick counts that do not add up.
void check_position(const Position& position);

// A position checked as printed, and as the search sees it: under an order other than the
// standard one (jokers, high deuces), every card replaced by its card in play (PlayOrder), so
// that the search compares cards of a suit by their bits as always.
class SearchPosition {
  public:
    explicit SearchPosition(const Position& printed);
    const Position& get() const { return translated_ ? *translated_ : printed_; }
    // A result's cards as printed.
    void print_cards(SolveResult& result) const;

  private:
    const Position& printed_;
    PlayOrder order_;
    std::optional<Position> translated_;
};

// The tricks left to play (the one in progress included); 0 once the hand is over.
int tricks_left(const Position& position);

PlayRules play_rules(const RuleSet& rules);

// The State of a checked position.
State make_state(const Position& position);

}  // namespace SPADEWORK_SOLVER_NAMESPACE
