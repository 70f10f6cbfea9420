// The library panel's housekeeping drawn into an ImGui context with no window behind it: the
// Delete command shows a confirmation and deletes nothing until it is confirmed; Edit and
// Export open their forms; the score keeper's games under way are listed, and a click on one
// resumes it.
#include <catch2/catch.hpp>
#include <filesystem>

#include <imgui_internal.h>  // the popups' windows, to see which is open

#include <unistd.h>

#include "draw.h"
#include "headless.h"
#include "keeper.h"
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
    Headless imgui{1280, 720, ui};
    LibraryPanel panel;
    std::vector<Command> commands = panel.commands();

    Fixture() {
        REQUIRE(model.games().size() == 2);
        model.select_game(1);
    }

    void run(const char* name) {
        const Command* c = find_command(commands, name);
        REQUIRE(c != nullptr);
        c->run(ctx);
    }
    // One frame of the library panel in a full-display window; the text it wrote.
    std::string frame() {
        return frame_text([&] { panel.draw(ctx); });
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

TEST_CASE("The library panel lists the games under way, and a click resumes one",
          "[panels][keeper]") {
    Fixture f;
    ScoreKeeper keeper(f.files.dir / "library.sqlite");
    f.ctx.keeper = &keeper;
    CHECK(f.frame().find("under way") == std::string::npos);  // none yet
    KeeperSetup setup;
    setup.players = {"Ann", "Bob", "Carol", "Dee"};
    keeper.start(setup);
    // One hand (E 3, S 4, W nil, N 2; then 4 3 0 6), the second begun.
    for (const char* e : {"3", "4", "nil", "2", "4", "3", "0", "6", "4"}) {
        REQUIRE(keeper.enter_text(e));
    }
    const std::int64_t id = keeper.id();
    keeper.leave();
    // The keeper changed its games: the panel reads the list again.
    const std::string text = f.frame();
    CHECK(text.find("2 games, 1 under way") != std::string::npos);
    CHECK(text.find("under way, 1 hand") != std::string::npos);
    CHECK(text.find("Ann & Carol") != std::string::npos);  // the partnerships, in their colours
    CHECK(text.find("Bob & Dee") != std::string::npos);
    // A click on its row (found from the top down: the rows of the library's games are below
    // it) takes it up in the keeper where it was left.
    ImGuiIO& io = ImGui::GetIO();
    for (float y = 0; y < 300 && !keeper.active(); y += 4) {
        io.MousePos = ImVec2(40, y);
        io.MouseDown[0] = true;
        f.frame();
        io.MouseDown[0] = false;
        f.frame();
    }
    REQUIRE(keeper.active());
    CHECK(keeper.id() == id);
    CHECK(keeper.hand() == 1);
    CHECK(keeper.entries().size() == 9);
}
