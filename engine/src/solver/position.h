// From the public Position to the search's State, with the checks that refuse positions that
// cannot occur.
#pragma once

#include "spadework/engine/solver.h"
#include "state.h"

namespace SPADEWORK_SOLVER_NAMESPACE {

// Throws Error naming what makes the position impossible: a card held twice or outside the
// deck, a trick whose seats do not follow one another, hands whose sizes do not fit the trick
// in progress, trick counts that do not add up.
void check_position(const Position& position);

// The tricks left to play (the one in progress included); 0 once the hand is over.
int tricks_left(const Position& position);

PlayRules play_rules(const RuleSet& rules);

// The State of a checked position.
State make_state(const Position& position);

}  // namespace SPADEWORK_SOLVER_NAMESPACE
