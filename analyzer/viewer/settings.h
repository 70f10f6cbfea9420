// The viewer's settings between runs: a small JSON file beside ImGui's own window layout
// (imgui.ini), both in $XDG_CONFIG_HOME/spadework (~/.config/spadework).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace spadework::viewer {

struct ViewerSettings {
    std::vector<std::string> compare_rules{"classic", "paperless"};
    float autoplay_seconds = 0.8f;
    bool show_values = true;
    std::string seat_view;  // "", "N", "E", "S", "W"
    std::string tab;        // a side panel's name; "" or unknown: the first in the registry
    std::vector<std::string> recent;  // paths opened, newest first
    std::string learner;              // lesson mode's learner name; "" until one is typed
    int text_step = 0;                // View > Text size: 0 automatic, else steps (text_scale.h)
};

std::filesystem::path config_dir();
// A missing or unreadable file gives the defaults (the viewer must start regardless).
ViewerSettings load_viewer_settings(const std::filesystem::path& file);
// Written whole or not at all.
void save_viewer_settings(const std::filesystem::path& file, const ViewerSettings& settings);

}  // namespace spadework::viewer
