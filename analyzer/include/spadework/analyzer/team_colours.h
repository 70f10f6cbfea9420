// One colour per partnership wherever a side is shown: the viewer's score sheet, charts and
// game list, and the pictures the analyzer draws (the win-chance heat map). Chosen apart for
// the colour-blind (blue against orange) and readable on the viewer's dark panel and on white.
#pragma once

#include <array>
#include <cstdint>

namespace spadework::analyzer {

struct TeamRgb {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
};

// North-South, then East-West.
inline constexpr std::array<TeamRgb, 2> kTeamRgb{{{90, 160, 240}, {240, 150, 60}}};

}  // namespace spadework::analyzer
