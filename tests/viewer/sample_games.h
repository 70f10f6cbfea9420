// The sample games the viewer's tests open, and the classic one under other rules.
#pragma once

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace spadework::testing {

inline const std::filesystem::path kSampleGames =
    std::filesystem::path(SPADEWORK_SAMPLES) / "games";

// The classic sample under other rules (its [Rules] tag rewritten), written to dir/small.spades.
inline std::filesystem::path sample_under(const std::filesystem::path& dir,
                                          const std::string& rules) {
    std::ifstream in(kSampleGames / "classic.spades");
    std::string text((std::istreambuf_iterator<char>(in)), {});
    const std::string tag = "[Rules \"classic\"]";
    const auto at = text.find(tag);
    REQUIRE(at != std::string::npos);
    text.replace(at, tag.size(), "[Rules \"" + rules + "\"]");
    std::filesystem::path file = dir / "small.spades";
    std::ofstream(file) << text;
    return file;
}

}  // namespace spadework::testing
