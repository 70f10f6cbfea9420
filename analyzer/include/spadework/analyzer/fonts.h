// The font Spadework draws with, wherever it draws: DejaVu Sans from fonts-dejavu-core, which
// has the suit symbols. The viewer loads it into ImGui; the hand pictures (hand_picture.h)
// measure and draw their text with it. The Debian package depends on fonts-dejavu-core.
#pragma once

namespace spadework::analyzer {

// SPADEWORK_FONT_DIR is the folder CMake found the font in (Debian's by default).
inline constexpr const char* kFontPath = SPADEWORK_FONT_DIR "/DejaVuSans.ttf";
inline constexpr const char* kBoldFontPath = SPADEWORK_FONT_DIR "/DejaVuSans-Bold.ttf";

}  // namespace spadework::analyzer
