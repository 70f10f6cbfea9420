// The library panel's housekeeping drawn into an ImGui context with no window behind it: the
// Delete command shows a confirmation and deletes nothing until it is confirmed; Edit and
// Export open their forms.
#include <catch2/catch.hpp>
#include <filesystem>

#include <imgui_internal.h>  // the popups' windows, to see which is open

#include <unistd.h>

#include "draw.h"
#include "panel.h"
#include "panel_library.h"
#include "spadework/formats/library.h"

using namespace spadework;
using namespace spadework::viewer;
namespace fs = std::filesystem;

namespace {

const fs::path kGames = fs::path(SPADEWORK_SAMPLES) / "games";

struct LibraryFixture {
    fs::path dir;
    LibraryFixture() {
        static int counter = 0;
        dir = fs::temp_directory_path() /
              ("spadework-panel-housekeeping-" + std::to_string(::getpid()) + "-" +
               std::to_string(counter++));
        fs::remove_all(dir);
        fs::create_directories(dir);
        formats::Library lib(dir / "library.sqlite");
        lib.import_file(kGames / "casual.spades");
        lib.import_file(kGames / "classic.spades");
    }
    ~LibraryFixture() { fs::remove_all(dir); }
};

struct Fixture {
    LibraryFixture files;
    Model model{files.dir / "library.sqlite"};
    UiState ui;
    LessonMode lessons{fs::temp_directory_path() / "spadework-no-lessons", {}, 1};
    PanelContext ctx{model, ui, lessons};
    ImGuiContext* imgui = ImGui::CreateContext();  // current only when none was
    LibraryPanel panel;
    std::vector<Command> commands = panel.commands();

    Fixture() {
        ImGui::SetCurrentContext(imgui);
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(1280, 720);
        io.DeltaTime = 1.0f / 60;
        ui.fonts = load_fonts(1.0f);
        unsigned char* pixels = nullptr;
        int w = 0;
        int h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
        REQUIRE(model.games().size() == 2);
        model.select_game(1);
    }
    ~Fixture() { ImGui::DestroyContext(imgui); }
    Fixture(const Fixture&) = delete;
    Fixture& operator=(const Fixture&) = delete;

    void run(const char* name) {
        const Command* c = find_command(commands, name);
        REQUIRE(c != nullptr);
        c->run(ctx);
    }
    // One frame of the library panel in a full-display window.
    void frame() {
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
        ImGui::Begin("library", nullptr, ImGuiWindowFlags_NoDecoration);
        panel.draw(ctx);
        ImGui::End();
        ImGui::Render();
    }
    static bool shown(const char* popup) {
        ImGuiWindow* w = ImGui::FindWindowByName(popup);
        return w && w->Active;
    }
};

}  // namespace

TEST_CASE("Delete in the library panel asks before anything is deleted", "[panels][housekeeping]") {
    Fixture f;
    f.frame();
    CHECK_FALSE(Fixture::shown("Delete this game?"));
    f.run("delete the selected game");
    f.frame();
    CHECK(Fixture::shown("Delete this game?"));
    CHECK(f.model.games().size() == 2);
    f.run("cancel the deletion");
    // The popup closes in the frame that sees the answer, and is gone from the next.
    f.frame();
    f.frame();
    CHECK_FALSE(Fixture::shown("Delete this game?"));
    CHECK(f.model.games().size() == 2);

    const formats::GameId id = *f.model.games()[1].library_id;
    f.run("delete the selected game");
    f.frame();
    CHECK(Fixture::shown("Delete this game?"));
    f.run("confirm the deletion");
    f.frame();
    f.frame();
    CHECK_FALSE(Fixture::shown("Delete this game?"));
    REQUIRE(f.model.games().size() == 1);
    CHECK(f.model.games()[0].library_id != id);
    CHECK(formats::Library(f.files.dir / "library.sqlite").count_games() == 1);
    // The key: Delete, shown in Help.
    const Command* del = find_command(f.commands, "delete the selected game");
    CHECK(del->key == ImGuiKey_Delete);
    CHECK(del->key_text == "Delete");
}

TEST_CASE("Edit and Export open their forms on the selected game", "[panels][housekeeping]") {
    {
        Fixture f;
        f.run("edit the selected game");
        CHECK(f.ui.edit_form_requested);
        f.frame();
        CHECK_FALSE(f.ui.edit_form_requested);
        CHECK(Fixture::shown("Edit the game"));
        f.frame();
        CHECK(Fixture::shown("Edit the game"));  // open until saved or cancelled
        CHECK_FALSE(Fixture::shown("Export the hand"));
    }
    {
        Fixture f;
        f.run("export the hand");
        f.frame();
        CHECK(Fixture::shown("Export the hand"));
        CHECK_FALSE(Fixture::shown("Edit the game"));
    }
    {
        // With no game selected, neither opens.
        Fixture f;
        REQUIRE(f.model.ask_delete());
        REQUIRE(f.model.confirm_delete());
        REQUIRE_FALSE(f.model.game());
        f.run("edit the selected game");
        f.run("export the hand");
        f.frame();
        CHECK_FALSE(Fixture::shown("Edit the game"));
        CHECK_FALSE(Fixture::shown("Export the hand"));
    }
}
