// How large the viewer draws its text. The panels were laid out for 16 px text in a 1600x1000
// window; a larger window (2560x1440) or a monitor that asks for larger text (its content
// scale) gets larger fonts and style sizes, so that every size reads like 1600x1000. The user
// can step it smaller or larger from the View menu. No ImGui here: tests call it directly.
#pragma once

namespace spadework::viewer {

// The user's choice: 0 is automatic, each step one eighth of the automatic size larger (or
// smaller), within these bounds.
inline constexpr int kMinTextStep = -3;
inline constexpr int kMaxTextStep = 6;

// The scale the window's size and the monitor ask for: the window against 1600x1000 (the
// smaller of the two ratios, so a wide but low window is not overfilled), never below 1 (the
// smallest supported window, 1280x720, is laid out at 16 px and fits), or the monitor's
// content scale when that is larger.
float automatic_text_scale(float width, float height, float content_scale);

// The scale drawn: the automatic one stepped by the user's choice, rounded to sixteenths so
// that a window resized by a few pixels does not rebuild the font atlas.
float text_scale(float width, float height, float content_scale, int step);

}  // namespace spadework::viewer
