// An ImGui context with the viewer's fonts and a display of the given size, no backend, made
// current: the panel tests draw into it. The text and the style's sizes at `scale`, as the
// window draws them at that size (text_scale.h).
#pragma once

#include <imgui.h>
#include <imgui_internal.h>  // the log buffer frame_text reads

#include <string>

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

// One frame of `draw` in a window at the top left, of `size` (the display's when none is
// given): the text its widgets wrote (ImGui's log of them).
template <class F>
std::string frame_text(F&& draw, ImVec2 size = ImVec2(0, 0)) {
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(size.x > 0 ? size : ImGui::GetIO().DisplaySize);
    ImGui::Begin("panel", nullptr, ImGuiWindowFlags_NoDecoration);
    ImGui::LogToBuffer();
    draw();
    std::string text = ImGui::GetCurrentContext()->LogBuffer.c_str();
    ImGui::LogFinish();
    ImGui::End();
    ImGui::Render();
    return text;
}

}  // namespace spadework::viewer
