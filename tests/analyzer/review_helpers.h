// What the reviews' tests share (test_review.cpp and its long cases, test_review_long.cpp):
// short bot games.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "spadework/analyzer/simple_bot.h"

namespace spadework::testing {

// Bot games of `hands` hands under classic.
inline std::vector<RecordedGame> games_of_hands(int games, int hands, std::uint64_t seed) {
    SplitMix64 rng(seed);
    std::vector<RecordedGame> out;
    while (static_cast<int>(out.size()) < games) {
        RecordedGame game = analyzer::play_game(preset("classic"), rng, Seat::North, hands);
        if (static_cast<int>(game.hands.size()) == hands) out.push_back(std::move(game));
    }
    return out;
}

}  // namespace spadework::testing
