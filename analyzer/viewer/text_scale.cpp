#include "text_scale.h"

#include <algorithm>
#include <cmath>

namespace spadework::viewer {

namespace {
// The window the panels were designed at.
constexpr float kDesignWidth = 1600;
constexpr float kDesignHeight = 1000;
}  // namespace

float automatic_text_scale(float width, float height, float content_scale) {
    float by_size = std::min(width / kDesignWidth, height / kDesignHeight);
    // A content scale of 0 or less means the platform did not say.
    return std::max({1.0f, by_size, content_scale});
}

float text_scale(float width, float height, float content_scale, int step) {
    step = std::clamp(step, kMinTextStep, kMaxTextStep);
    float s = automatic_text_scale(width, height, content_scale) *
              (1.0f + 0.125f * static_cast<float>(step));
    return std::max(0.5f, std::round(s * 16.0f) / 16.0f);
}

}  // namespace spadework::viewer
