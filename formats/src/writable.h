// What the writers of other programs' formats (PTN, OpenSpiel) refuse: a game they would
// lose part of. One check, each format saying what it cannot hold beyond the common list.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "spadework/engine/record.h"

namespace spadework::formats {

struct WriteLimits {
    std::string_view lacks;   // how the message says it: "OpenSpiel has no action for"
    bool blind_bids = true;   // whether a blind bid can be written
    bool empty_games = true;  // whether a game with no hand can be written
    bool jokers = false;      // whether jokers and high deuces can be written
};

// Throws Error "game G[, hand H]: <lacks> <what> (convert the game to .spades or .pb
// instead)" for the first thing of game `g` (0-based) the format cannot hold: a score sheet,
// a deck other than 52 cards, passes, exchanges, short biddings, claims, notes, and what
// `limits` adds.
void check_writable(const RecordedGame& game, std::size_t g, const WriteLimits& limits);

}  // namespace spadework::formats
