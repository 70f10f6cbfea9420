// The font Spadework draws with, wherever it draws: DejaVu Sans from fonts-dejavu-core, which
// has the suit symbols. The viewer loads it into ImGui; the hand pictures (hand_picture.h)
// measure and draw their text with it. The Debian package depends on fonts-dejavu-core.
#pragma once

namespace spadework::analyzer {

// The font files, in the folder CMake found them in (Debian's by default). The folder is
// compiled into fonts.cpp alone, so no other file is rebuilt when it changes.
const char* font_path();       // DejaVuSans.ttf
const char* bold_font_path();  // DejaVuSans-Bold.ttf

}  // namespace spadework::analyzer
