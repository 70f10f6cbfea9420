#include "settings.h"

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

namespace spadework::viewer {

std::filesystem::path config_dir() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) {
        return std::filesystem::path(xdg) / "spadework";
    }
    if (const char* home = std::getenv("HOME"); home && *home) {
        return std::filesystem::path(home) / ".config" / "spadework";
    }
    return std::filesystem::current_path() / ".spadework";
}

ViewerSettings load_viewer_settings(const std::filesystem::path& file) {
    ViewerSettings s;
    std::ifstream in(file);
    if (!in) return s;
    try {
        nlohmann::json j = nlohmann::json::parse(in);
        s.compare_rules = j.value("compare_rules", s.compare_rules);
        s.autoplay_seconds = j.value("autoplay_seconds", s.autoplay_seconds);
        s.show_values = j.value("show_values", s.show_values);
        s.seat_view = j.value("seat_view", s.seat_view);
        s.tab = j.value("tab", s.tab);
        s.recent = j.value("recent", s.recent);
        s.learner = j.value("learner", s.learner);
        s.text_step = j.value("text_step", s.text_step);
    } catch (const nlohmann::json::exception&) {
        return ViewerSettings{};  // a damaged file: start from the defaults
    }
    return s;
}

void save_viewer_settings(const std::filesystem::path& file, const ViewerSettings& s) {
    nlohmann::json j = {{"compare_rules", s.compare_rules},
                        {"autoplay_seconds", s.autoplay_seconds},
                        {"show_values", s.show_values},
                        {"seat_view", s.seat_view},
                        {"tab", s.tab},
                        {"recent", s.recent},
                        {"learner", s.learner},
                        {"text_step", s.text_step}};
    std::error_code ec;
    std::filesystem::create_directories(file.parent_path(), ec);
    std::filesystem::path tmp = file;
    tmp += ".tmp";
    {
        std::ofstream out(tmp);
        if (!out) return;
        out << j.dump(2) << "\n";
        if (!out) return;
    }
    std::filesystem::rename(tmp, file, ec);
}

}  // namespace spadework::viewer
