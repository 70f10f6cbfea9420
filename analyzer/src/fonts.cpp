#include "spadework/analyzer/fonts.h"

namespace spadework::analyzer {

// SPADEWORK_FONT_DIR is this file's own compile definition (analyzer/CMakeLists.txt).
const char* font_path() {
    return SPADEWORK_FONT_DIR "/DejaVuSans.ttf";
}

const char* bold_font_path() {
    return SPADEWORK_FONT_DIR "/DejaVuSans-Bold.ttf";
}

}  // namespace spadework::analyzer
