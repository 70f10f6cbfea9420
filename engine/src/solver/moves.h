// Move generation: one card for each sequence of equivalent legal cards (cards adjacent among
// those still in play, the trick's included, held by one hand), ordered so the cards most
// likely to decide the search come first.
#pragma once

#include <cstdint>

#include "state.h"

namespace SPADEWORK_SOLVER_NAMESPACE {

// A move: the highest card of a sequence, the sequence's lowest card (the ranks between them
// belong to it), and the ordering weight.
struct Move {
    std::uint8_t card;
    std::uint8_t low;
    std::int16_t weight;
};

// How moves are weighed: for tricks (each side wants tricks) or for a nil (the nil bidder
// wants to lose every trick, the opponents want it to win one).
struct Ordering {
    int nil_seat = -1;           // -1: tricks
    bool honours_apart = false;  // the honours (AH KH QH JH) are not equivalent to other hearts
};

// Fills out (room for 13) with the moves of the seat to play and their weights, unsorted (see
// take_best); `preferred` (a card or -1) gets a bonus.
int generate_moves(const State& st, const Ordering& ordering, int preferred, Move* out);

// Moves the best of moves[i..n) to moves[i]: a lazy selection sort, as the first move usually
// settles a node.
inline void take_best(Move* moves, int i, int n) {
    int best = i;
    for (int j = i + 1; j < n; ++j) {
        if (moves[j].weight > moves[best].weight) best = j;
    }
    if (best != i) {
        Move m = moves[best];
        moves[best] = moves[i];
        moves[i] = m;
    }
}

// The sequences of the legal cards without weights, highest suit and rank first.
int generate_sequences(const State& st, bool honours_apart, Move* out);

}  // namespace SPADEWORK_SOLVER_NAMESPACE
