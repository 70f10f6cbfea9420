// The one interface every part of the window implements (the library, the table, the replay
// bar, the side tabs, the lesson), and the registry that lists them. The tab bar, `--panel`,
// the settings kept between runs, the keyboard, the Help menu and the tests all read the
// registry, so a panel's name is written once, in its own class, and adding a panel is one
// line in panels.cpp.
#pragma once

#include <imgui.h>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "editor_mode.h"
#include "keeper.h"
#include "lesson_mode.h"
#include "model.h"
#include "ui.h"

namespace spadework::viewer {

// What a panel reads and acts on: the model, the window's own state, lesson mode.
struct PanelContext {
    Model& model;
    UiState& ui;
    LessonMode& lessons;
    ScoreKeeper* keeper = nullptr;  // the window's score keeper; none where nothing keeps score
    EditorMode* editor = nullptr;   // the window's deal editor; none where no deal is built
};

// Where the window puts a panel. Side panels are the tabs on the right; one of them is open
// at a time, chosen by `--panel NAME` or the settings. A Lesson panel takes the whole window
// while a lesson is under way, a Keeper panel while a game's score is kept (or set up), an
// Editor panel while a deal is built.
enum class PanelPlace { Library, Table, ReplayBar, Side, Lesson, Keeper, Editor };

// Something a panel does that needs no mouse: a key, a line in the Help menu, and a function
// tests call without a window.
struct Command {
    std::string name;               // "card forward"; unique among all panels
    ImGuiKey key = ImGuiKey_COUNT;  // ImGuiKey_COUNT: no key
    std::string key_text;           // how Help shows the key: "→"
    std::function<void(const PanelContext&)> run;
};

class Panel {
  public:
    virtual ~Panel() = default;
    // Lower case, one word: the name `--panel` and the settings use, and the ImGui id.
    virtual std::string_view name() const = 0;
    // What the tab shows.
    virtual std::string_view title() const = 0;
    virtual PanelPlace place() const = 0;
    // Draws inside the current window (or tab), in the space left.
    virtual void draw(const PanelContext& ctx) = 0;
    virtual std::vector<Command> commands() const { return {}; }
    // The height the panel needs at this width, for a panel the window stacks under another
    // (the replay bar under the table); 0: it takes the space left.
    virtual float height(const PanelContext&, float) const { return 0; }
    // Whether the panel shows the cards of a hand: for a score sheet, which has none, the
    // window says so in its place.
    virtual bool needs_deal() const { return true; }
    // Whether the panel draws a score sheet's own view (its scores and charts), which a sheet
    // shows in the middle of the window, where the table would be.
    virtual bool draws_sheet() const { return false; }
};

// Every panel, in the order they are laid out (side panels in tab order). New instances on
// each call: the window keeps one set; tests make their own.
std::vector<std::unique_ptr<Panel>> make_panels();

// The side panel of that name; nullptr when there is none.
Panel* find_side_panel(const std::vector<std::unique_ptr<Panel>>& panels, std::string_view name);
// The command of that name among all panels; nullptr when there is none.
const Command* find_command(const std::vector<Command>& commands, std::string_view name);
std::vector<Command> all_commands(const std::vector<std::unique_ptr<Panel>>& panels);

}  // namespace spadework::viewer
