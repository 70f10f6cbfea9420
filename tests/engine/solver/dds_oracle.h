// The glue to Bo Haglund's DDS (libdds-dev), the bridge double-dummy solver the tests and the
// benchmark check our solver against. DDS is exact for Spades when spades may be led at any
// time: Spades play is then bridge play with spades trump. It knows nothing of the
// spades-broken rule, the 2C lead, nil or score, so only Tricks positions under
// spades_lead=anytime go through here. A test and benchmark dependency only: the product
// never links DDS.
#pragma once

#include <cstdint>
#include <vector>

#include "spadework/engine/solver.h"

namespace spadework::dds_oracle {

// DDS's answer for one position, in our terms.
struct DdsAnswer {
    Team side = Team::NS;  // the side of the player to play
    // Tricks the side already holds plus those DDS says it takes from here.
    int total_tricks = 0;
    // Every legal card of the player to play (DDS's equivalence classes expanded), highest
    // suit (S,H,D,C) and rank first, as SolveResult lists them.
    std::vector<CardValue> cards;
    std::uint64_t nodes = 0;
};

// Configures DDS for one thread (SetMaxThreads(1)); called by the functions below on first
// use, and safe to call again.
void init_dds();

// SolveBoard(target -1, solutions 3, `mode`) on the position. Mode 1 searches afresh; mode 2
// keeps DDS's table from the call before (its reuse mode, for positions of one deal in turn).
// Throws Error when the rule set is not spades_lead=anytime or DDS refuses the position (its
// error text in the message).
DdsAnswer dds_solve(const Position& position, int mode = 1);

// SolveBoard(target -1, solutions 1, mode 1): the total tricks of the side to play alone, the
// one number a bid review asks of each layout. The same rule-set condition as dds_solve.
int dds_count(const Position& position);

// AnalysePlayBin from a position between tricks (usually the opening one): element i is the
// total tricks of `team` (tricks held plus those taken from there under best play) after the
// first i cards of `play` have been played. DDS does not analyse the cards of the last trick
// (they are forced), so for a whole hand's play there are 4 x (tricks - 1) + 1 elements: 49
// for 13 tricks, 45 for 12; for a shorter play, play.size() + 1. The same rule-set
// condition as dds_solve.
std::vector<int> dds_analyse_play(const Position& start, const std::vector<Card>& play, Team team);

}  // namespace spadework::dds_oracle
