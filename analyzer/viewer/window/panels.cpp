// The registry: every panel of the window, once. Adding a panel is one line here (and its
// class); the tab bar, `--panel`, the settings, the keyboard, Help and the tests find it.
#include <fmt/core.h>

#include <algorithm>

#include "panel.h"
#include "panel_analysis.h"
#include "panel_bidding.h"
#include "panel_editor.h"
#include "panel_keeper.h"
#include "panel_lesson.h"
#include "panel_library.h"
#include "panel_notes.h"
#include "panel_scores.h"
#include "panel_table.h"
#include "replay_bar.h"
#include "viewer.h"

namespace spadework::viewer {

std::vector<std::unique_ptr<Panel>> make_panels() {
    std::vector<std::unique_ptr<Panel>> panels;
    panels.push_back(std::make_unique<LibraryPanel>());
    panels.push_back(std::make_unique<TablePanel>());
    panels.push_back(std::make_unique<ReplayBar>());
    panels.push_back(std::make_unique<AnalysisPanel>());
    panels.push_back(std::make_unique<BiddingPanel>());
    panels.push_back(std::make_unique<ScoresPanel>());
    panels.push_back(std::make_unique<NotesPanel>());
    panels.push_back(std::make_unique<LessonPanel>());
    panels.push_back(std::make_unique<KeeperPanel>());
    panels.push_back(std::make_unique<EditorPanel>());
    return panels;
}

Panel* find_side_panel(const std::vector<std::unique_ptr<Panel>>& panels, std::string_view name) {
    for (const auto& p : panels) {
        if (p->place() == PanelPlace::Side && p->name() == name) return p.get();
    }
    return nullptr;
}

std::vector<Command> all_commands(const std::vector<std::unique_ptr<Panel>>& panels) {
    std::vector<Command> out;
    for (const auto& p : panels) {
        for (Command& c : p->commands()) out.push_back(std::move(c));
    }
    return out;
}

const Command* find_command(const std::vector<Command>& commands, std::string_view name) {
    auto it = std::find_if(commands.begin(), commands.end(),
                           [&](const Command& c) { return c.name == name; });
    return it == commands.end() ? nullptr : &*it;
}

std::vector<std::string> side_panel_names() {
    std::vector<std::string> names;
    for (const auto& p : make_panels()) {
        if (p->place() == PanelPlace::Side) names.emplace_back(p->name());
    }
    return names;
}

std::vector<std::string> command_names() {
    std::vector<std::string> names;
    for (const Command& c : all_commands(make_panels())) names.push_back(c.name);
    return names;
}

std::string about_text() {
    return std::string("Spadework ") + SPADEWORK_VERSION;
}

std::string side_panel_choices() {
    std::vector<std::string> names = side_panel_names();
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i) out += i + 1 == names.size() ? " or " : ", ";
        out += names[i];
    }
    return out;
}

}  // namespace spadework::viewer
