// The font Spadework draws with, wherever it draws: DejaVu Sans from fonts-dejavu-core, which
// has the suit symbols. The viewer loads it into ImGui; the hand pictures (hand_picture.h)
// measure and draw their text with it. The Debian package depends on fonts-dejavu-core.
#pragma once

namespace spadework::analyzer {

inline constexpr const char* kFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
inline constexpr const char* kBoldFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

}  // namespace spadework::analyzer
