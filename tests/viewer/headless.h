// An ImGui context with the viewer's fonts and a display of the given size, no backend, made
// current: the panel tests draw into it. The text and the style's sizes at `scale`, as the
// window draws them at that size (text_scale.h).
#pragma once

#include <imgui.h>

#include "draw.h"  // load_fonts
#include "ui.h"    // UiState

namespace spadework::viewer {

struct Headless {
    ImGuiContext* context;
    Headless(float w, float h, UiState& ui, float scale = 1.0f) : context(ImGui::CreateContext()) {
        ImGui::SetCurrentContext(context);
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(w, h);
        io.DeltaTime = 1.0f / 60;
        ui.fonts = load_fonts(scale);
        if (scale != 1.0f) ImGui::GetStyle().ScaleAllSizes(scale);
        unsigned char* pixels = nullptr;
        int tw = 0;
        int th = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &tw, &th);  // the atlas a backend would upload
    }
    ~Headless() { ImGui::DestroyContext(context); }
    Headless(const Headless&) = delete;
    Headless& operator=(const Headless&) = delete;
};

}  // namespace spadework::viewer
