// What the panels share: the fonts, the colours, the state of the window that is not the
// model's (which tab is open, autoplay). The panel interface is in panel.h.
#pragma once

#include <imgui.h>

#include <array>
#include <cstdio>
#include <optional>
#include <string>

#include "model.h"
#include "spadework/analyzer/team_colours.h"

namespace spadework::viewer {

struct Fonts {
    ImFont* regular = nullptr;  // DejaVu Sans, with the suit symbols
    ImFont* large = nullptr;    // card faces and headings
    ImFont* small = nullptr;    // values under cards
};

namespace colours {
inline constexpr ImU32 kFelt = IM_COL32(22, 101, 52, 255);
inline constexpr ImU32 kFeltEdge = IM_COL32(12, 70, 36, 255);
inline constexpr ImU32 kCardFace = IM_COL32(252, 252, 248, 255);
inline constexpr ImU32 kCardBack = IM_COL32(40, 62, 140, 255);
inline constexpr ImU32 kCardEdge = IM_COL32(60, 60, 60, 255);
inline constexpr ImU32 kBlackSuit = IM_COL32(20, 20, 24, 255);
inline constexpr ImU32 kRedSuit = IM_COL32(200, 16, 32, 255);
inline constexpr ImU32 kBest = IM_COL32(40, 170, 70, 255);
inline constexpr ImU32 kWorse = IM_COL32(210, 60, 40, 255);
inline constexpr ImU32 kFlag = IM_COL32(240, 140, 20, 255);
inline constexpr ImU32 kGold = IM_COL32(250, 210, 80, 255);
inline constexpr ImU32 kTextOnFelt = IM_COL32(240, 240, 225, 255);
// One colour per partnership wherever a side is shown (analyzer/team_colours.h).
inline constexpr ImU32 team_rgb(int team) {
    const analyzer::TeamRgb& c = analyzer::kTeamRgb[static_cast<std::size_t>(team)];
    return IM_COL32(c.r, c.g, c.b, 255);
}
inline constexpr ImU32 kNorthSouth = team_rgb(0);
inline constexpr ImU32 kEastWest = team_rgb(1);
inline ImU32 team_colour(int team) {
    return team == 0 ? kNorthSouth : kEastWest;
}
// A form's message under its buttons: what was refused, or what was done.
inline const ImVec4 kMessageError(1.0f, 0.45f, 0.4f, 1.0f);
inline const ImVec4 kMessageDone(0.55f, 0.85f, 0.55f, 1.0f);
}  // namespace colours

// Puts text into an ImGui text box's buffer, cut to fit.
template <std::size_t N>
void copy_to(char (&buffer)[N], const std::string& text) {
    std::snprintf(buffer, N, "%s", text.c_str());
}
template <std::size_t N>
void copy_to(std::array<char, N>& buffer, const std::string& text) {
    std::snprintf(buffer.data(), N, "%s", text.c_str());
}

// The seats' names in Seat order, as ImGui::Combo takes them.
inline const char* const kSeatNames[4] = {"North", "East", "South", "West"};

// The window's own state, beside the model.
struct UiState {
    Fonts fonts;
    std::string tab;             // the side panel open (a name from the registry)
    bool tab_requested = false;  // select `tab` in the next frame
    bool autoplay = false;
    float autoplay_seconds = 0.8f;  // per card
    double autoplay_last = 0;
    bool show_values = true;  // card values on the table
    int text_step = 0;        // View > Text size: 0 automatic (text_scale.h)
    float text_scale = 1;     // the scale the fonts and style sizes were last built at
    std::string path_box;     // the "open a path" box
    bool request_focus_table = false;
    // The library panel's forms, opened by their commands (panel_library_forms.cpp).
    bool edit_form_requested = false;
    bool export_form_requested = false;
    // Why the table's last layout did not fit its panel (its rectangles meet or leave it);
    // empty when it fits. An unattended run (a screenshot) reports it on stderr.
    std::string table_problem;
};

}  // namespace spadework::viewer
