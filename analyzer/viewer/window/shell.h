// The viewer's shell: the pieces every run of the window needs, each owning one resource and
// giving it back in its destructor, in the reverse order of their making, also when an error
// ends the run half way (a screenshot that cannot be written, fonts that are missing).
//   Window          GLFW and a window with an OpenGL 3.3 context current
//   ImGuiSession    the Dear ImGui context, its settings file, style and fonts
//   ImGuiBackends   ImGui's GLFW and OpenGL 3 backends bound to the window
//   FrameLoop       polls, builds and renders frames until the window closes, the screenshot
//                   is written or the benchmark ends
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "ui.h"

struct GLFWwindow;

namespace spadework::viewer {

class Window {
  public:
    // `unattended` (a screenshot or a benchmark): a window of fixed size, frames not paced to
    // the display. Throws Error when there is no display or no OpenGL 3.3.
    Window(int width, int height, bool unattended);
    ~Window();
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    GLFWwindow* handle() const { return window_; }
    bool should_close() const;
    // The window's size in screen coordinates, and the monitor's content scale (1 when the
    // platform does not say).
    int width() const;
    int height() const;
    float content_scale() const;
    // Paths dropped on the window since the last call.
    std::vector<std::filesystem::path> take_dropped();

  private:
    GLFWwindow* window_ = nullptr;
};

class ImGuiSession {
  public:
    // `ini`: where ImGui keeps its window layout; empty for nowhere (a screenshot must not
    // depend on the user's layout). Throws Error when the fonts cannot be loaded.
    explicit ImGuiSession(const std::filesystem::path& ini);
    ~ImGuiSession();
    ImGuiSession(const ImGuiSession&) = delete;
    ImGuiSession& operator=(const ImGuiSession&) = delete;

    const Fonts& fonts() const { return fonts_; }
    float scale() const { return scale_; }
    // Rebuilds the fonts at `scale` and the style's sizes scaled from the base style, between
    // frames (never between NewFrame and Render). Returns false when the scale is the one
    // built already; true when the renderer must upload the new atlas (ImGuiBackends).
    bool set_scale(float scale);

  private:
    std::string ini_;  // ImGui keeps the pointer, so the string lives as long as the context
    Fonts fonts_;
    float scale_ = 1;
};

class ImGuiBackends {
  public:
    explicit ImGuiBackends(Window& window);
    ~ImGuiBackends();
    // After the font atlas was rebuilt: drops the renderer's objects, font texture included;
    // the next frame makes them again from the new atlas.
    void fonts_changed();
    ImGuiBackends(const ImGuiBackends&) = delete;
    ImGuiBackends& operator=(const ImGuiBackends&) = delete;
};

// Frame times, for --bench-frames.
struct FrameTimes {
    std::vector<double> frame_ms;  // a whole frame, rendering and swapping included
    std::vector<double> build_ms;  // building the frame (ImGui), without rendering it
};

class FrameLoop {
  public:
    struct Hooks {
        std::function<void()> before;  // events are in: poll the background work
        std::function<void()> build;   // between ImGui's NewFrame and Render
        // After each frame shown, with the count so far: true to stop.
        std::function<bool(int frames)> after;
        // Before the screenshot's frame is built: wait for the work it must show.
        std::function<void()> settle;
    };
    // `screenshot`: write this PNG from the fourth frame (`later` frames later still: time for
    // scripted commands, one a frame), then stop; empty for none.
    FrameLoop(Window& window, std::filesystem::path screenshot, int later = 0);

    // Runs until the window closes or a hook says stop. Throws Error when a screenshot was
    // asked for and could not be written, or the window closed before it was taken.
    FrameTimes run(const Hooks& hooks);

  private:
    Window& window_;
    std::filesystem::path screenshot_;
    int later_;
};

}  // namespace spadework::viewer
