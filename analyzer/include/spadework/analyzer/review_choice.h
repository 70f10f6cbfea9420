// Which of a game's stored reviews to show, for the viewer and for `analyze --trend` alike: a
// review is stored under the key of the settings it was made with (`--samples 16`, `--only
// bids`, `--grade game` each make another), and one made with other settings than the ones
// asked for is still worth showing, saying which settings it used.
#pragma once

#include <fmt/core.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "spadework/analyzer/review.h"

namespace spadework::analyzer {

// "64 layouts, bids and play, graded by points": the settings in a player's words.
inline std::string describe_review_settings(const ReviewSettings& s) {
    const char* parts = s.parts == ReviewParts::Both   ? "bids and play"
                        : s.parts == ReviewParts::Bids ? "bids only"
                                                       : "play only";
    return fmt::format("{} layouts, {}, graded by {}", s.samples, parts,
                       s.grade == Grade::Game ? "the game" : "points");
}

// The settings a stored review may have been made with: `own`, and the variants `analyze`
// offers (--only bids|play, --grade game, common --samples counts), each once. The library
// fetches a review by its settings key but does not list a game's keys, so each is looked up;
// a review made with a settings file of other thresholds or another seed is not found.
inline std::vector<ReviewSettings> review_variants(const ReviewSettings& own) {
    std::vector<int> samples = {own.samples, 2, 4, 6, 8, 16, 24, 32, 48, 64, 100, 128, 256};
    std::vector<ReviewSettings> out;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const auto seen = samples.begin() + static_cast<std::ptrdiff_t>(i);
        if (std::find(samples.begin(), seen, samples[i]) != seen) continue;
        for (auto parts : {ReviewParts::Both, ReviewParts::Bids, ReviewParts::Play}) {
            for (auto grade : {Grade::Points, Grade::Game}) {
                ReviewSettings v = own;
                v.samples = samples[i];
                v.parts = parts;
                v.grade = grade;
                out.push_back(v);
            }
        }
    }
    return out;
}

// How good a stored review is to show, higher first: one of both parts, then the most
// layouts, then the settings asked for (`own`) when all else is equal.
inline std::tuple<bool, int, bool> review_rank(const ReviewSettings& stored,
                                               const ReviewSettings& own) {
    return {stored.parts == ReviewParts::Both, stored.samples, stored.key() == own.key()};
}

}  // namespace spadework::analyzer
