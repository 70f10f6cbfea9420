#include "shell.h"

#include <GLFW/glfw3.h>
#include <fmt/core.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "draw.h"
#include "screenshot.h"
#include "spadework/engine/error.h"
#include "viewer.h"

namespace spadework::viewer {

namespace {

using Clock = std::chrono::steady_clock;

// GLFW's drop callback has no user pointer of ours that outlives a frame cleanly; one window
// per process, so one list.
std::vector<std::filesystem::path> g_dropped;

void on_drop(GLFWwindow*, int count, const char** paths) {
    for (int i = 0; i < count; ++i) g_dropped.emplace_back(paths[i]);
}

// The style at scale 1; set_scale scales a fresh copy, never a scaled one again (rounding
// would drift).
void style(float scale = 1) {
    ImGui::GetStyle() = ImGuiStyle();
    ImGui::StyleColorsDark();
    ImGuiStyle& s = ImGui::GetStyle();
    s.FrameRounding = 4;
    s.GrabRounding = 4;
    s.TabRounding = 4;
    s.WindowPadding = ImVec2(8, 8);
    s.ItemSpacing = ImVec2(8, 5);
    s.Colors[ImGuiCol_WindowBg] = ImVec4(0.11f, 0.12f, 0.13f, 1.0f);
    s.Colors[ImGuiCol_Header] = ImVec4(0.16f, 0.42f, 0.26f, 0.8f);
    s.Colors[ImGuiCol_HeaderHovered] = ImVec4(0.20f, 0.52f, 0.32f, 0.9f);
    s.Colors[ImGuiCol_HeaderActive] = ImVec4(0.22f, 0.58f, 0.36f, 1.0f);
    s.Colors[ImGuiCol_Button] = ImVec4(0.18f, 0.36f, 0.26f, 1.0f);
    s.Colors[ImGuiCol_ButtonHovered] = ImVec4(0.24f, 0.48f, 0.34f, 1.0f);
    s.Colors[ImGuiCol_TabActive] = ImVec4(0.20f, 0.48f, 0.32f, 1.0f);
    s.Colors[ImGuiCol_TabHovered] = ImVec4(0.26f, 0.56f, 0.38f, 1.0f);
    s.Colors[ImGuiCol_Tab] = ImVec4(0.14f, 0.26f, 0.20f, 1.0f);
    s.Colors[ImGuiCol_FrameBg] = ImVec4(0.18f, 0.20f, 0.22f, 1.0f);
    s.Colors[ImGuiCol_SliderGrab] = ImVec4(0.35f, 0.70f, 0.45f, 1.0f);
    s.Colors[ImGuiCol_CheckMark] = ImVec4(0.45f, 0.85f, 0.55f, 1.0f);
    s.Colors[ImGuiCol_PlotHistogram] = ImVec4(0.35f, 0.70f, 0.45f, 1.0f);
    if (scale != 1) s.ScaleAllSizes(scale);
}

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

}  // namespace

Window::Window(int width, int height, bool unattended) {
    glfwSetErrorCallback([](int code, const char* text) {
        fmt::print(stderr, "spadework view: GLFW error {}: {}\n", code, text);
    });
    if (!glfwInit()) throw Error("cannot open a window: GLFW could not start (no display?)");
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    if (unattended) glfwWindowHint(GLFW_RESIZABLE, GLFW_FALSE);
    window_ = glfwCreateWindow(width, height, about_text().c_str(), nullptr, nullptr);
    if (!window_) {
        glfwTerminate();
        throw Error("cannot open a window: no OpenGL 3.3 context");
    }
    // Dragged smaller than this, the panels' scroll bars would have nowhere to go.
    glfwSetWindowSizeLimits(window_, ViewOptions::kMinWidth, ViewOptions::kMinHeight,
                            GLFW_DONT_CARE, GLFW_DONT_CARE);
    glfwMakeContextCurrent(window_);
    glfwSwapInterval(unattended ? 0 : 1);
    glfwSetDropCallback(window_, on_drop);
}

Window::~Window() {
    glfwDestroyWindow(window_);
    glfwTerminate();
}

bool Window::should_close() const {
    return glfwWindowShouldClose(window_);
}

int Window::width() const {
    int w = 0;
    int h = 0;
    glfwGetWindowSize(window_, &w, &h);
    return w;
}

int Window::height() const {
    int w = 0;
    int h = 0;
    glfwGetWindowSize(window_, &w, &h);
    return h;
}

float Window::content_scale() const {
    float x = 0;
    float y = 0;
    glfwGetWindowContentScale(window_, &x, &y);
    return x > 0 ? std::max(x, y) : 1.0f;
}

std::vector<std::filesystem::path> Window::take_dropped() {
    std::vector<std::filesystem::path> out;
    out.swap(g_dropped);
    return out;
}

ImGuiSession::ImGuiSession(const std::filesystem::path& ini) : ini_(ini.string()) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = ini_.empty() ? nullptr : ini_.c_str();
    style();
    try {
        fonts_ = load_fonts();
    } catch (...) {
        // The destructor does not run for a constructor that throws.
        ImGui::DestroyContext();
        throw;
    }
}

bool ImGuiSession::set_scale(float scale) {
    if (std::abs(scale - scale_) < 1e-3f) return false;
    ImGui::GetIO().Fonts->Clear();
    fonts_ = load_fonts(scale);
    style(scale);
    scale_ = scale;
    return true;
}

ImGuiSession::~ImGuiSession() {
    ImGui::DestroyContext();
}

ImGuiBackends::ImGuiBackends(Window& window) {
    ImGui_ImplGlfw_InitForOpenGL(window.handle(), true);
    ImGui_ImplOpenGL3_Init("#version 330");
}

void ImGuiBackends::fonts_changed() {
    // Safe before the first frame too: only what exists is deleted, and NewFrame makes the
    // device objects (the font texture with them) when there are none.
    ImGui_ImplOpenGL3_DestroyDeviceObjects();
}

ImGuiBackends::~ImGuiBackends() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
}

FrameLoop::FrameLoop(Window& window, std::filesystem::path screenshot, int later)
    : window_(window), screenshot_(std::move(screenshot)), later_(later) {}

FrameTimes FrameLoop::run(const Hooks& hooks) {
    // A screenshot waits for the background work it shows, then draws a few frames so that
    // every panel has laid itself out.
    const int screenshot_frame = 4 + later_;
    FrameTimes times;
    int frames = 0;
    while (!window_.should_close()) {
        const auto t0 = Clock::now();
        glfwPollEvents();
        if (hooks.before) hooks.before();
        if (!screenshot_.empty() && frames == screenshot_frame - 2 && hooks.settle) hooks.settle();
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        hooks.build();
        ImGui::Render();
        times.build_ms.push_back(ms_since(t0));
        int w = 0;
        int h = 0;
        glfwGetFramebufferSize(window_.handle(), &w, &h);
        glViewport(0, 0, w, h);
        // The clear colour is the window's background: the full-window panel draws none, which
        // spares the software renderer a screenful of blending each frame.
        glClearColor(0.11f, 0.12f, 0.13f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        ++frames;
        if (!screenshot_.empty() && frames == screenshot_frame) {
            write_screenshot(screenshot_, w, h);
            return times;
        }
        glfwSwapBuffers(window_.handle());
        times.frame_ms.push_back(ms_since(t0));
        if (hooks.after && hooks.after(frames)) break;
    }
    if (!screenshot_.empty()) {
        throw Error(fmt::format("the window closed before the screenshot {} was taken",
                                screenshot_.string()));
    }
    return times;
}

}  // namespace spadework::viewer
