// The games the analyze tests review (test_cli_analyze.cpp and its long cases,
// test_cli_analyze_long.cpp): bot games, cut short.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "spadework/analyzer/simple_bot.h"

namespace spadework::testing {

// Bot games cut to `hands` hands, so that a review takes a moment, not minutes.
inline std::vector<RecordedGame> cut_games(const std::string& rules, int games, int hands,
                                           std::uint64_t seed) {
    SplitMix64 rng(seed);
    std::vector<RecordedGame> out;
    for (int g = 0; g < games; ++g) {
        RecordedGame game = analyzer::play_game(preset(rules), rng);
        game.hands.resize(std::min<std::size_t>(game.hands.size(), hands));
        game.players = {"Ann", "Ben", "Cat", "Dan"};
        game.date = "2026.11." + std::to_string(10 + g);
        out.push_back(std::move(game));
    }
    return out;
}

}  // namespace spadework::testing
