// The panel registry without a window: each panel named once, `--panel` offered the side
// panels in tab order, every command found by its name and acting on the model, and every
// panel drawing into an ImGui context that has no window behind it (no GLFW, no OpenGL: the
// frame is built, never rendered).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include <imgui_internal.h>  // the window's extent of items, to check for clipping

#include <unistd.h>

#include "draw.h"
#include "headless.h"
#include "panel.h"
#include "panel_editor.h"
#include "panel_lesson.h"
#include "panel_scores.h"
#include "review_fixture.h"
#include "spadework/analyzer/library_stores.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/record.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "support/workspace.h"
#include "viewer.h"
#include "wording.h"

using namespace spadework;
using namespace spadework::viewer;
namespace fs = std::filesystem;

namespace {

const fs::path kGames = fs::path(SPADEWORK_SAMPLES) / "games";

// A model with the classic sample's first game selected, lesson mode idle, and the context
// the panels are given.
struct Fixture {
    Model model;
    UiState ui;
    LessonMode lessons{fs::temp_directory_path() / "spadework-no-lessons", {}, 1};
    PanelContext ctx{model, ui, lessons};
    Fixture() {
        // No win-chance table: classic's takes half a minute to build (the window tests draw
        // the Scores tab's graph from a small one).
        analyzer::WinChanceOptions no_table;
        no_table.hands = 0;
        model.set_win_chance_options(no_table);
        REQUIRE(model.open(kGames / "classic.spades"));
        model.select_game(0);
    }
};

// The vertices of one frame with `draw` inside a full-display window.
template <class F>
int frame_vertices(F&& draw) {
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
    ImGui::Begin("panel", nullptr, ImGuiWindowFlags_NoDecoration);
    draw();
    ImGui::End();
    ImGui::Render();
    return ImGui::GetDrawData()->TotalVtxCount;
}

// The panel drawn at `place`: there is one.
Panel& panel_at(const std::vector<std::unique_ptr<Panel>>& panels, PanelPlace place) {
    auto it = std::find_if(panels.begin(), panels.end(),
                           [place](const auto& p) { return p->place() == place; });
    REQUIRE(it != panels.end());
    return **it;
}

}  // namespace

TEST_CASE("the registry names each panel once and places each part of the window once",
          "[panels]") {
    auto panels = make_panels();
    std::set<std::string> names;
    std::map<PanelPlace, int> at;
    for (const auto& p : panels) {
        std::string name(p->name());
        INFO(name);
        CHECK(!name.empty());
        CHECK(name.find_first_not_of("abcdefghijklmnopqrstuvwxyz") == std::string::npos);
        CHECK(!p->title().empty());
        CHECK(names.insert(name).second);
        ++at[p->place()];
    }
    // One library, one table, one replay bar, one lesson panel; the rest are side tabs.
    CHECK(at[PanelPlace::Library] == 1);
    CHECK(at[PanelPlace::Table] == 1);
    CHECK(at[PanelPlace::ReplayBar] == 1);
    CHECK(at[PanelPlace::Lesson] == 1);
    CHECK(at[PanelPlace::Side] >= 4);
    // `--panel` and the settings take the side panels, in the order of their tabs.
    std::vector<std::string> side;
    for (const auto& p : panels) {
        if (p->place() == PanelPlace::Side) side.emplace_back(p->name());
    }
    CHECK(side_panel_names() == side);
    CHECK(side_panel_choices() == "analysis, bidding, scores or notes");
    CHECK(find_side_panel(panels, "scores") != nullptr);
    CHECK(find_side_panel(panels, "table") == nullptr);  // a panel, but not a tab
    CHECK(find_side_panel(panels, "Scores") == nullptr);
}

// The window's title and the first line of Help: the version `spadework --version` prints.
TEST_CASE("the viewer names the program's version", "[panels]") {
    CHECK(about_text() == std::string("Spadework ") + SPADEWORK_VERSION);
}

TEST_CASE("every command has one name and one key, and acts on the model without a window",
          "[panels]") {
    Fixture f;
    auto panels = make_panels();
    std::vector<Command> commands = all_commands(panels);
    std::set<std::string> names;
    std::set<int> keys;
    for (const Command& c : commands) {
        INFO(c.name);
        CHECK(names.insert(c.name).second);
        CHECK(c.run);
        if (c.key != ImGuiKey_COUNT) {
            CHECK(keys.insert(c.key).second);
            CHECK(!c.key_text.empty());
        }
    }
    auto run = [&](const char* name) {
        const Command* c = find_command(commands, name);
        REQUIRE(c != nullptr);
        c->run(f.ctx);
    };
    CHECK(find_command(commands, "no such command") == nullptr);
    REQUIRE(f.model.position() == 0);
    run("card forward");
    CHECK(f.model.position() == 1);
    run("trick forward");
    CHECK(f.model.position() == 4);
    run("end of the hand");
    CHECK(f.model.position() == f.model.recorded_cards());
    run("card back");
    CHECK(f.model.position() == f.model.recorded_cards() - 1);
    run("trick back");
    CHECK(f.model.position() == f.model.recorded_cards() - 4);
    run("start of the hand");
    CHECK(f.model.position() == 0);
    run("next hand");
    CHECK(f.model.hand() == 1);
    run("previous hand");
    CHECK(f.model.hand() == 0);
    run("previous hand");  // there is none before the first
    CHECK(f.model.hand() == 0);
    CHECK_FALSE(f.ui.autoplay);
    run("autoplay");
    CHECK(f.ui.autoplay);
    run("open a file or folder");
    CHECK(f.ui.request_focus_table);
}

TEST_CASE("every panel draws into an ImGui context without a window", "[panels]") {
    Fixture f;
    Headless imgui(1280, 720, f.ui);
    f.model.move_to(9);
    const int empty = frame_vertices([] {});
    for (auto& p : make_panels()) {
        INFO(p->name());
        const int drawn = frame_vertices([&] { p->draw(f.ctx); });
        // The lesson panel draws nothing while no lesson is under way, nor the score keeper
        // where nothing keeps score, nor the deal editor where no deal is built; every other
        // panel shows something of the selected game (or that there is nothing to show yet).
        if (p->place() == PanelPlace::Lesson || p->place() == PanelPlace::Keeper ||
            p->place() == PanelPlace::Editor) {
            CHECK(drawn == empty);
        } else {
            CHECK(drawn > empty);
        }
    }
}

// The Paperless sample ties at 7 after hand 2 and finishes in an overtime set to 3; classic
// has no overtime: its target stands over the whole game.
TEST_CASE("the score chart's target follows the sets: the game's, then each overtime's",
          "[panels]") {
    Fixture f;
    REQUIRE(f.model.open(kGames / "paperless.spades"));
    f.model.select_game(1);
    REQUIRE(f.model.game()->rules.name == "paperless");
    const ScoredGame& paperless = f.model.comparison()->runs.front().scored;
    const std::vector<TargetSpan> spans = target_spans(paperless);
    REQUIRE(spans.size() == 2);
    CHECK(spans[0].from_hand == 0);
    CHECK(spans[0].to_hand == 2);
    CHECK(spans[0].target == 6);
    CHECK_FALSE(spans[0].overtime);
    CHECK(spans[1].from_hand == 2);
    CHECK(spans[1].to_hand == 3);
    CHECK(spans[1].target == 3);
    CHECK(spans[1].overtime);

    f.model.select_game(0);
    const ScoredGame& classic = f.model.comparison()->runs.front().scored;
    const std::vector<TargetSpan> one = target_spans(classic);
    REQUIRE(one.size() == 1);
    CHECK(one[0].to_hand == classic.hands.size());
    CHECK(one[0].target == 500);
}

// A score sheet's table in the middle of the window: all of it, or whole hands and a scroll bar
// (at 1600x1000 its last hand was cut in half, the row height reckoned a spacing short).
TEST_CASE("the score sheet shows whole hands at 1280x720, 1600x1000 and 2560x1440", "[panels]") {
    struct Size {
        float w, h, scale;
    };
    // The middle of the window at each size (table_layout's panels).
    for (const Size& size :
         {Size{611, 618, 1.0f}, Size{767, 898, 1.0f}, Size{1238, 1338, 23.0f / 16}}) {
        INFO("the middle at " << size.w << "x" << size.h);
        Fixture f;
        REQUIRE(f.model.open(fs::path(SPADEWORK_SAMPLES) / "sheets" / "club-night.csv"));
        f.model.select_game(static_cast<int>(f.model.games().size()) - 1);
        REQUIRE(f.model.game()->score_sheet());
        Headless imgui(size.w, size.h, f.ui, size.scale);
        auto panels = make_panels();
        auto sheet = std::find_if(panels.begin(), panels.end(),
                                  [](const auto& p) { return p->draws_sheet(); });
        REQUIRE(sheet != panels.end());
        for (int frame = 0; frame < 3; ++frame) frame_vertices([&] { (*sheet)->draw(f.ctx); });
        ImGuiTable* table = ImGui::TableFindByID(ImGui::FindWindowByName("panel")->GetID("sheet"));
        REQUIRE(table != nullptr);
        const ImGuiWindow* inner = table->InnerWindow;
        const float one_line =
            ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y;  // header, end
        const int hands = static_cast<int>(f.model.game()->hands.size());
        const float hand = (inner->ContentSize.y - 2 * one_line) / static_cast<float>(hands);
        const float shown = (inner->InnerRect.GetHeight() - one_line) / hand;
        INFO("hand rows of " << hand << " px; " << shown << " shown; scrolls "
                             << inner->ScrollMax.y);
        if (inner->ScrollMax.y > 0) {
            CHECK(shown - std::floor(shown) < 0.1f);
            CHECK(shown >= 1);
        }
    }
}

TEST_CASE("the score keeper's panel draws its form, then the game kept", "[panels][keeper]") {
    Fixture f;
    Headless imgui(1280, 720, f.ui);
    ScoreKeeper keeper({});
    PanelContext ctx{f.model, f.ui, f.lessons, &keeper};
    auto panels = make_panels();
    Panel& panel = panel_at(panels, PanelPlace::Keeper);
    const int empty = frame_vertices([] {});
    keeper.open_form();
    const int form = frame_vertices([&] { panel.draw(ctx); });
    CHECK(form > empty);
    KeeperSetup setup;
    setup.players = {"Ann", "Bob", "Carol", "Dee"};
    keeper.start(setup);
    for (const char* e : {"4", "3", "nil", "3", "5", "3", "0", "5"}) REQUIRE(keeper.enter_text(e));
    const int game = frame_vertices([&] { panel.draw(ctx); });
    CHECK(game > form);  // the buttons, the hand and a row of the sheet
    // Finish now asks first: the question is shown, and nothing is finished until answered.
    auto asking = [] {
        ImGuiWindow* w = ImGui::FindWindowByName("Finish the game now?");
        return w && w->Active;
    };
    CHECK_FALSE(asking());
    keeper.ask_finish();
    frame_vertices([&] { panel.draw(ctx); });
    CHECK(asking());
    CHECK_FALSE(keeper.ended_early());
    REQUIRE(keeper.confirm_finish());
    frame_vertices([&] { panel.draw(ctx); });
    frame_vertices([&] { panel.draw(ctx); });
    CHECK_FALSE(asking());
    CHECK(keeper.ended_early());
}

TEST_CASE("the deal editor's panel draws the picker, then the hands and bids, inside its window",
          "[panels][editor]") {
    Fixture f;
    Headless imgui(1280, 720, f.ui);
    EditorMode editor({}, fs::temp_directory_path() / "spadework-no-lessons");
    PanelContext ctx{f.model, f.ui, f.lessons, nullptr, &editor};
    auto panels = make_panels();
    Panel& panel = panel_at(panels, PanelPlace::Editor);
    const std::vector<Command> commands = panel.commands();
    auto run = [&](const char* name) {
        const Command* c = find_command(commands, name);
        REQUIRE(c != nullptr);
        c->run(ctx);
    };
    const int empty = frame_vertices([] {});
    CHECK(frame_vertices([&] { panel.draw(ctx); }) == empty);
    run("new deal");
    REQUIRE(editor.shown());
    const int picker = frame_vertices([&] { panel.draw(ctx); });
    CHECK(picker > empty);
    run("deal the rest at random");
    REQUIRE(editor.editor().complete());
    const Deal dealt = editor.editor().deal();
    run("rotate the deal");
    CHECK(editor.editor().deal()[Seat::East] == dealt[Seat::North]);
    REQUIRE(editor.bid_text("4"));
    const int filled = frame_vertices([&] { panel.draw(ctx); });
    CHECK(filled > picker);  // 52 cards in the hands, the bid buttons
    run("take back the last card or bid");
    CHECK(editor.editor().bids().empty());
    run("clear the deal");
    CHECK(editor.editor().unplaced().size() == 52);
    run("leave the deal editor");
    CHECK_FALSE(editor.shown());
}

TEST_CASE("the deal editor's panel draws a recorded hand's tricks and the cards to play",
          "[panels][editor]") {
    Fixture f;
    Headless imgui(1280, 720, f.ui);
    EditorMode editor({}, fs::temp_directory_path() / "spadework-no-lessons");
    PanelContext ctx{f.model, f.ui, f.lessons, nullptr, &editor};
    auto panels = make_panels();
    Panel& panel = panel_at(panels, PanelPlace::Editor);
    const RecordedGame game =
        formats::read_game_file(fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades").at(0);
    const RecordedHand& hand = game.hands.at(0);
    // The same deal with nothing entered, then with its bids and thirteen tricks.
    editor.open_pbn(to_pbn(hand.deal, hand.dealer));
    const int deal_only = frame_vertices([&] { panel.draw(ctx); });
    REQUIRE(editor.open_record_hand(game, 0));
    const int played = frame_vertices([&] { panel.draw(ctx); });
    CHECK(played > deal_only);
    // Two tricks taken back: fewer rows of tricks, and the seat to play's cards offered.
    for (int i = 0; i < 8; ++i) REQUIRE(editor.undo());
    REQUIRE(editor.editor().to_play());
    const int mid = frame_vertices([&] { panel.draw(ctx); });
    CHECK(mid > deal_only);
    CHECK(mid != played);
}

// The picker's cards as large as the space holds, the width or the height deciding; never
// below the smallest readable card, where the column scrolls.
TEST_CASE("the deal editor's picker takes its size from the space it has", "[panels][editor]") {
    // A wide column: 13 cards and 12 gaps of 3 across 1330 pixels.
    PickerSize wide = picker_size(1330, 900, 3, 40);
    CHECK(wide.fits);
    CHECK(wide.card_w == Approx((1330 - 36) / 13.0));
    CHECK(wide.card_h == Approx(wide.card_w * 1.3));
    // A low one: four rows and four gaps in 300 pixels.
    PickerSize low = picker_size(1330, 300, 3, 40);
    CHECK(low.fits);
    CHECK(low.card_h == Approx((300 - 12) / 4.0));
    CHECK(4 * (low.card_h + 3) <= 300.5f);
    // Too small for a readable card: the smallest, and it does not fit.
    PickerSize small = picker_size(300, 120, 3, 40);
    CHECK_FALSE(small.fits);
    CHECK(small.card_w == 40);
}

TEST_CASE("a lesson question saved in the deal editor is in the Lessons menu at once",
          "[panels][editor][lesson]") {
    Fixture f;
    Headless imgui(1280, 720, f.ui);
    const fs::path mine =
        fs::temp_directory_path() / ("spadework-panel-editor-" + std::to_string(::getpid()));
    fs::remove_all(mine);
    fs::create_directories(mine);
    LessonMode lessons(fs::path(SPADEWORK_SAMPLES) / "lessons", {}, 1);
    lessons.set_my_lessons_dir(mine);
    EditorMode editor({}, mine);
    PanelContext ctx{f.model, f.ui, lessons, nullptr, &editor};
    auto panels = make_panels();
    Panel& panel = panel_at(panels, PanelPlace::Editor);
    editor.open_pbn("E:K63.Q32.JT54.K87 852.AK4.A73.9643 AJ9.J876.K96.QT5 QT74.T95.Q82.AJ2");
    editor.set_dealer(Seat::East);
    REQUIRE(editor.bid_text("3"));
    REQUIRE(editor.set_comment("Three sure tricks."));
    editor.lesson.name = "from-the-editor";
    editor.lesson.samples = 4;
    const std::size_t before = lessons.catalogue().size();
    REQUIRE(before > 0);  // the shipped lessons
    REQUIRE(editor.save_lesson());
    editor.wait();
    frame_vertices([&] { panel.draw(ctx); });  // the frame that sees the save
    CHECK(lessons.catalogue().size() == before + 1);
    CHECK(lessons.catalogue().back().name == "from-the-editor");
    fs::remove_all(mine);
}

// The side panel at 1280x720 (350 pixels wide) before any analysis: each tab's text wraps
// inside it ("Analyse the game to see par and the single-dummy estimates." ran off the
// Bidding tab).
TEST_CASE("every side tab fits the side panel at 1280x720 before analysis", "[panels]") {
    Fixture f;
    Headless imgui(1280, 720, f.ui);
    auto panels = make_panels();
    for (const std::string& name : side_panel_names()) {
        Panel* tab = find_side_panel(panels, name);
        REQUIRE(tab != nullptr);
        for (int position : {0, 9, 52}) {
            INFO(name << " at card " << position);
            f.model.move_to(position);
            float right = 0;
            float edge = 0;
            for (int frame = 0; frame < 2; ++frame) {  // a window's first frame draws less
                ImGui::NewFrame();
                ImGui::SetNextWindowPos(ImVec2(0, 0));
                ImGui::SetNextWindowSize(ImVec2(350, 640));
                ImGui::Begin("side", nullptr, ImGuiWindowFlags_NoDecoration);
                edge = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
                tab->draw(f.ctx);
                right = ImGui::GetCurrentWindow()->DC.CursorMaxPos.x;
                ImGui::End();
                ImGui::Render();
            }
            CHECK(right <= edge + 0.5f);
        }
    }
}

TEST_CASE("the replay bar fits the table's width and says how high it is", "[panels]") {
    Fixture f;
    Headless imgui(1280, 720, f.ui);
    f.model.move_to(9);
    auto panels = make_panels();
    Panel* bar = nullptr;
    for (auto& p : panels) {
        if (p->place() == PanelPlace::ReplayBar) bar = p.get();
    }
    REQUIRE(bar != nullptr);
    // The table column's width at 1280x720, 1600x1000 and 2560x1440; then in what-if, which
    // adds a button.
    for (bool what_if : {false, true}) {
        // A legal card other than the recorded one takes the replay off the record.
        if (what_if) {
            const Card recorded = f.model.recorded_hand()->cards[9];
            for (Card c : f.model.state().legal_cards()) {
                if (c != recorded && !f.model.in_what_if()) f.model.play_what_if(c);
            }
            REQUIRE(f.model.in_what_if());
        }
        // Below 1280x720 too: 800x600 (361) and 640x480 (283), where "card" and "values"
        // were cut off.
        for (float width : {283.0f, 361.0f, 611.0f, 767.0f, 1238.0f}) {
            INFO("width " << width << (what_if ? " in what-if" : ""));
            float right = 0;
            float used = 0;
            float promised = 0;
            ImGui::NewFrame();
            ImGui::SetNextWindowPos(ImVec2(0, 0));
            ImGui::SetNextWindowSize(ImVec2(width, 400));
            ImGui::Begin("bar", nullptr, ImGuiWindowFlags_NoDecoration);
            const float left = ImGui::GetCursorScreenPos().x;
            const float top = ImGui::GetCursorScreenPos().y;
            const float avail = ImGui::GetContentRegionAvail().x;
            promised = bar->height(f.ctx, avail);
            bar->draw(f.ctx);
            right = ImGui::GetCurrentWindow()->DC.CursorMaxPos.x;
            used = ImGui::GetCursorScreenPos().y - top;
            ImGui::End();
            ImGui::Render();
            CHECK(right <= left + avail + 0.5f);  // nothing runs past the edge
            CHECK(used <= promised + 0.5f);       // the table leaves it enough room
            CHECK(used > 0);
        }
    }
}

namespace {

struct Box {
    float x0, y0, x1, y1;
    bool overlaps(const Box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
};

// The rectangles of the last frame drawn as quads in `colour`: the glyphs of its text (`glyphs`,
// textured from the font atlas) or filled shapes (the white pixel). A slider's grab is one
// quad; a line of text one quad a glyph.
std::vector<Box> quads_of(ImU32 colour, bool glyphs) {
    std::vector<Box> boxes;
    const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
    const ImDrawData* data = ImGui::GetDrawData();
    for (int l = 0; l < data->CmdListsCount; ++l) {
        const ImVector<ImDrawVert>& vtx = data->CmdLists[l]->VtxBuffer;
        for (int i = 0; i + 3 < vtx.Size;) {
            auto fits = [&](const ImDrawVert& v) {
                const bool textured = v.uv.x != white.x || v.uv.y != white.y;
                return v.col == colour && textured == glyphs;
            };
            if (!(fits(vtx[i]) && fits(vtx[i + 1]) && fits(vtx[i + 2]) && fits(vtx[i + 3]))) {
                ++i;
                continue;
            }
            Box b{vtx[i].pos.x, vtx[i].pos.y, vtx[i].pos.x, vtx[i].pos.y};
            for (int k = 1; k < 4; ++k) {
                b.x0 = std::min(b.x0, vtx[i + k].pos.x);
                b.y0 = std::min(b.y0, vtx[i + k].pos.y);
                b.x1 = std::max(b.x1, vtx[i + k].pos.x);
                b.y1 = std::max(b.y1, vtx[i + k].pos.y);
            }
            boxes.push_back(b);
            i += 4;
        }
    }
    return boxes;
}

}  // namespace

// A slider's value was drawn over its grab ("0.8 s/card" under the speed handle, "card 9 of
// 52" under the position's as it passed): each value now stands beside its slider, and no
// grab covers a glyph, at the table's width in each window size and at any speed.
TEST_CASE("no slider grab of the replay bar covers its text", "[panels]") {
    struct Size {
        float width, scale;
    };
    for (const Size& size : {Size{611, 1.0f}, Size{767, 1.0f}, Size{1238, 23.0f / 16}}) {
        for (float seconds : {0.1f, 0.8f, 1.5f, 3.0f}) {
            for (int position : {0, 9, 26, 45, 52}) {
                INFO("width " << size.width << ", " << seconds << " s/card, card " << position);
                Fixture f;
                f.ui.autoplay_seconds = seconds;
                f.model.move_to(position);
                Headless imgui(1600, 1000, f.ui, size.scale);
                auto panels = make_panels();
                for (auto& p : panels) {
                    if (p->place() != PanelPlace::ReplayBar) continue;
                    ImGui::NewFrame();
                    ImGui::SetNextWindowPos(ImVec2(0, 0));
                    ImGui::SetNextWindowSize(ImVec2(size.width, 400));
                    ImGui::Begin("bar", nullptr, ImGuiWindowFlags_NoDecoration);
                    p->draw(f.ctx);
                    ImGui::End();
                    ImGui::Render();
                }
                const std::vector<Box> grabs =
                    quads_of(ImGui::GetColorU32(ImGuiCol_SliderGrab), false);
                const std::vector<Box> glyphs = quads_of(ImGui::GetColorU32(ImGuiCol_Text), true);
                CHECK(grabs.size() == 2);
                CHECK(glyphs.size() > 40);
                int covered = 0;
                for (const Box& g : grabs) {
                    for (const Box& t : glyphs) covered += g.overlaps(t);
                }
                CHECK(covered == 0);
            }
        }
    }
}

namespace {

// The vertices of the last frame drawn in `colour`, and the rightmost of them.
struct Ink {
    int vertices = 0;
    float right = 0;
};
Ink ink_of(ImU32 colour) {
    Ink ink;
    const ImDrawData* data = ImGui::GetDrawData();
    for (int l = 0; l < data->CmdListsCount; ++l) {
        for (const ImDrawVert& v : data->CmdLists[l]->VtxBuffer) {
            if (v.col != colour) continue;
            ++ink.vertices;
            ink.right = std::max(ink.right, v.pos.x);
        }
    }
    return ink;
}

}  // namespace

// The library column at 1280x720, 1600x1000 and 2560x1440 (23% of the window, the text at
// the window's scale): the path box leaves room for both its buttons ("Import" was cut as the
// text grew), and every game's score shows whole ("-259 / 43" ran off the panel behind the
// players' names, which now come last and scroll).
TEST_CASE("the library panel fits its column: both path buttons and every game's score show",
          "[panels]") {
    struct Size {
        float window_w, window_h, column, scale;
    };
    // Below 1280x720 too (800x600: a column of 185), where the game's buttons take two rows.
    for (const Size& size : {Size{800, 600, 185, 1.0f}, Size{1280, 720, 294, 1.0f},
                             Size{1600, 1000, 368, 1.0f}, Size{2560, 1440, 589, 23.0f / 16}}) {
        INFO("window " << size.window_w << "x" << size.window_h);
        Fixture f;
        // Every sample listed: five games, long names among them ("Cathal O'Brien").
        for (const char* name : {"casual", "computer", "leaflet", "paperless"}) {
            REQUIRE(f.model.open(kGames / (std::string(name) + ".spades")));
        }
        REQUIRE(f.model.games().size() == 5);
        Headless imgui(size.window_w, size.window_h, f.ui, size.scale);
        auto panels = make_panels();
        Panel* library = nullptr;
        for (auto& p : panels) {
            if (p->place() == PanelPlace::Library) library = p.get();
        }
        REQUIRE(library != nullptr);
        float right = 0;
        float edge = 0;
        for (int frame = 0; frame < 2; ++frame) {  // the second with the columns measured
            ImGui::NewFrame();
            ImGui::SetNextWindowPos(ImVec2(0, 0));
            ImGui::SetNextWindowSize(ImVec2(size.column, size.window_h - 60));
            ImGui::Begin("library", nullptr, ImGuiWindowFlags_NoDecoration);
            edge = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
            library->draw(f.ctx);
            right = ImGui::GetCurrentWindow()->DC.CursorMaxPos.x;
            ImGui::End();
            ImGui::Render();
        }
        CHECK(right <= edge + 0.5f);  // the Import button ends inside the column
        // Both sides' scores drawn, in their colours, inside the column: five games each.
        for (ImU32 colour : {colours::kNorthSouth, colours::kEastWest}) {
            const Ink ink = ink_of(colour);
            CHECK(ink.vertices >= 5 * 4);
            CHECK(ink.right <= size.column);
        }
    }
}

namespace {

// Vertices of the last frame drawn in `colour` (the panels draw their charts' shapes opaque).
int vertices_of(ImU32 colour) {
    int n = 0;
    const ImDrawData* data = ImGui::GetDrawData();
    for (int l = 0; l < data->CmdListsCount; ++l) {
        for (const ImDrawVert& v : data->CmdLists[l]->VtxBuffer) n += v.col == colour;
    }
    return n;
}

// The bids of hand 2 of the classic sample, reviewed on a few layouts and stored in `db` as
// `analyze --only bids --samples 6 --hand 2` stores them; the settings they were made with.
analyzer::ReviewSettings store_bid_review(const fs::path& db) {
    analyzer::ReviewSettings settings;
    settings.samples = 6;
    settings.parts = analyzer::ReviewParts::Bids;
    formats::Library lib(db);
    lib.import_file(kGames / "classic.spades");
    const formats::GameId id = lib.list_games().front().id;
    const RecordedGame game = lib.load_game(id);
    analyzer::ReviewStore(lib).store_review(
        analyzer::to_stored_review(id, analyzer::review_game(game, settings, 1), game));
    return settings;
}

}  // namespace

// "What South knew": par is worked out from every hand and each bid is reviewed from its
// bidder's hand, so South's view of a hand in play shows neither par nor the review of the
// other seats' bids, only of its own; once the hand is played out every hand is known.
TEST_CASE("a seat's view of the Bidding tab hides par and the other seats' reviews", "[panels]") {
    const spadework::testing::Workspace ws("spadework-panels-seat");
    const fs::path& dir = ws.dir;
    const fs::path db = dir / "library.sqlite";
    const analyzer::ReviewSettings settings = store_bid_review(db);
    {
        Model model(db, settings);
        analyzer::WinChanceOptions no_table;
        no_table.hands = 0;
        model.set_win_chance_options(no_table);
        UiState ui;
        LessonMode lessons{dir / "no-lessons", {}, 1};
        PanelContext ctx{model, ui, lessons};
        model.select_game(0);
        model.select_hand(1);
        REQUIRE(model.hand_review() != nullptr);
        model.move_to(9);
        Headless imgui(1600, 1000, ui);
        auto panels = make_panels();
        Panel* bidding = find_side_panel(panels, "bidding");
        REQUIRE(bidding != nullptr);
        auto count = [](const std::string& text, const std::string& word) {
            int n = 0;
            for (std::size_t at = text.find(word); at != std::string::npos;
                 at = text.find(word, at + 1)) {
                ++n;
            }
            return n;
        };
        const std::string reviewed = "every bid";  // the tree under each reviewed bid
        const std::string open = frame_text([&] { bidding->draw(ctx); });
        CHECK(count(open, "Par (double dummy)") == 1);
        CHECK(count(open, reviewed) == 4);
        model.set_seat_view(Seat::South);
        const std::string south = frame_text([&] { bidding->draw(ctx); });
        CHECK(count(south, "Par (double dummy)") == 0);
        CHECK(count(south, "In South's view, par") == 1);
        CHECK(count(south, reviewed) == 1);  // South's own bid only
        // The bids themselves are public: all four still listed.
        for (Seat s : kAllSeats) {
            CHECK(count(south, seat_letter(s) + " " + model.game()->players[index(s)] + ":") == 1);
        }
        // Played out, every hand is face up: par and every review again.
        model.move_to(model.recorded_cards());
        const std::string done = frame_text([&] { bidding->draw(ctx); });
        CHECK(count(done, "Par (double dummy)") == 1);
        CHECK(count(done, reviewed) == 4);
    }
}

TEST_CASE("after analysis the Bidding tab draws each bid's trick histogram, best and bid marked",
          "[panels]") {
    const spadework::testing::Workspace ws("spadework-panels-bidding");
    const fs::path& dir = ws.dir;
    const fs::path db = dir / "library.sqlite";
    const analyzer::ReviewSettings settings = store_bid_review(db);
    {
        Model model(db, settings);
        analyzer::WinChanceOptions no_table;
        no_table.hands = 0;
        model.set_win_chance_options(no_table);
        UiState ui;
        LessonMode lessons{dir / "no-lessons", {}, 1};
        PanelContext ctx{model, ui, lessons};
        model.select_game(0);
        model.select_hand(1);
        const analyzer::HandReview* review = model.hand_review();
        REQUIRE(review != nullptr);
        // Every bid reviewed, each with its layouts' tricks: not empty, shares adding to one.
        REQUIRE(review->bidding.bids.size() == 4);
        for (const analyzer::BidDecision& d : review->bidding.bids) {
            REQUIRE(d.tricks.size() == 14);
            double sum = 0;
            for (double share : d.tricks) sum += share;
            CHECK(sum == Approx(1.0).margin(1e-3));  // stored to four decimals
            CHECK_FALSE(d.options.empty());
        }
        Headless imgui(1600, 1000, ui);
        auto panels = make_panels();
        Panel* bidding = find_side_panel(panels, "bidding");
        REQUIRE(bidding != nullptr);
        frame_vertices([&] { bidding->draw(ctx); });
        // The bars (each a filled rectangle of its own colour) and the best bid's mark.
        CHECK(vertices_of(IM_COL32(90, 180, 115, 255)) >= 4 * 4);
        CHECK(vertices_of(colours::kBest) > 0);
    }
}

namespace {

// The classic sample imported into `db` with a review of its first hand as the store keeps
// one: the fifth card flagged, every other legal card but one as good as the better one.
void store_flagged_review(const fs::path& db) {
    formats::Library lib(db);
    lib.import_file(kGames / "classic.spades");
    store_first_hand_review(lib, lib.list_games().front().id, 13);
}

}  // namespace

// A flagged card whose better card has many as good: the Analysis tab names the first ones and
// "or N more", flowing onto the next line, never past the side panel's edge at 1280x720; in a
// seat's view its notes on what is hidden wrap there too. The library column shows the
// review's flags of each hand.
TEST_CASE("the Analysis tab's flags and its seat view's notes stay inside the side panel",
          "[panels]") {
    const spadework::testing::Workspace ws("spadework-panels-flags");
    const fs::path& dir = ws.dir;
    const fs::path db = dir / "library.sqlite";
    store_flagged_review(db);
    {
        Model model(db, analyzer::ReviewSettings{});
        analyzer::WinChanceOptions no_table;
        no_table.hands = 0;
        model.set_win_chance_options(no_table);
        UiState ui;
        LessonMode lessons{dir / "no-lessons", {}, 1};
        PanelContext ctx{model, ui, lessons};
        model.select_game(0);
        model.select_hand(0);
        REQUIRE(model.hand_review() != nullptr);
        const Seat flagged = model.hand_review()->play->cards[4].seat;
        // Two cards on, the flagged seat's partner is to play: its own hand, face up in its
        // view, so the two views differ only in the flag's cards.
        model.move_to(6);
        REQUIRE(model.state().to_act() == partner(flagged));
        Headless imgui(1280, 720, ui);
        auto panels = make_panels();
        Panel* analysis = find_side_panel(panels, "analysis");
        REQUIRE(analysis != nullptr);
        // The side panel's width at 1280x720.
        const float width = 350;
        auto draw = [&] {
            float right = 0;
            float edge = 0;
            ImGui::NewFrame();
            ImGui::SetNextWindowPos(ImVec2(0, 0));
            ImGui::SetNextWindowSize(ImVec2(width, 700));
            ImGui::Begin("side", nullptr, ImGuiWindowFlags_NoDecoration);
            edge = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
            analysis->draw(ctx);
            right = ImGui::GetCurrentWindow()->DC.CursorMaxPos.x;
            ImGui::End();
            ImGui::Render();
            return right - edge;
        };
        frame_vertices([&] { analysis->draw(ctx); });  // a window's first frame draws less
        CHECK(draw() <= 0.5f);
        // A seat's view: the notes that say why the values and flags are hidden wrap inside
        // the panel too.
        model.set_seat_view(partner(flagged));
        CHECK(draw() <= 0.5f);
        model.set_seat_view(std::nullopt);

        // The library column at 1280x720 with the review: the hands' flags column (the review
        // at a glance) lies inside it, right after the hand's number.
        Panel* library = nullptr;
        for (auto& p : panels) {
            if (p->place() == PanelPlace::Library) library = p.get();
        }
        REQUIRE(library != nullptr);
        float flags_right = 0;
        float column_right = 0;
        for (int frame = 0; frame < 2; ++frame) {
            ImGui::NewFrame();
            ImGui::SetNextWindowPos(ImVec2(0, 0));
            ImGui::SetNextWindowSize(ImVec2(294, 660));
            ImGui::Begin("library", nullptr, ImGuiWindowFlags_NoDecoration);
            library->draw(ctx);
            column_right = ImGui::GetWindowPos().x + ImGui::GetWindowWidth();
            ImGuiTable* hands = ImGui::TableFindByID(ImGui::GetID("hands reviewed"));
            REQUIRE(hands != nullptr);
            REQUIRE(hands->ColumnsCount == 5);
            flags_right = hands->Columns[1].MaxX;
            ImGui::End();
            ImGui::Render();
        }
        CHECK(flags_right <= column_right);
    }
}

// A seat's view shows no double-dummy figure while the hand is in play: the values of the
// legal cards (its own included), the review's flag on the next card (in the replay bar's
// note, on the table and in the Analysis tab), the flags of cards played, the accuracy and
// the hand's flags in the library list; each place that hides one says why. Open hands show
// them all, and so does every view once the hand is played out.
TEST_CASE("a seat's view shows no double-dummy value or flag until the hand is played out",
          "[panels]") {
    const spadework::testing::Workspace ws("spadework-panels-unplayed");
    const fs::path& dir = ws.dir;
    const fs::path db = dir / "library.sqlite";
    store_flagged_review(db);
    {
        Model model(db, analyzer::ReviewSettings{});
        analyzer::WinChanceOptions no_table;
        no_table.hands = 0;
        model.set_win_chance_options(no_table);
        UiState ui;
        LessonMode lessons{dir / "no-lessons", {}, 1};
        PanelContext ctx{model, ui, lessons};
        model.select_game(0);
        model.select_hand(0);
        REQUIRE(model.hand_review() != nullptr);
        const analyzer::CardReview& flagged = model.hand_review()->play->cards[4];
        const std::string card = card_text(flagged.played);  // as the viewer writes it: "K♣"
        Headless imgui(1600, 1000, ui);
        auto panels = make_panels();
        Panel* analysis = find_side_panel(panels, "analysis");
        Panel* bar = nullptr;
        Panel* library = nullptr;
        for (auto& p : panels) {
            if (p->place() == PanelPlace::ReplayBar) bar = p.get();
            if (p->place() == PanelPlace::Library) library = p.get();
        }
        REQUIRE((analysis != nullptr && bar != nullptr && library != nullptr));
        auto text_of = [&](Panel* panel) { return frame_text([&] { panel->draw(ctx); }); };
        auto has = [](const std::string& text, const std::string& what) {
            return text.find(what) != std::string::npos;
        };
        model.move_to(4);  // the flagged card is next, its seat to play
        REQUIRE(model.state().to_act() == flagged.seat);
        // Open hands: the flag in the bar, the values and the flags in the Analysis tab, the
        // hand's flags in the library's list ("1??").
        CHECK(has(text_of(bar), card));
        std::string open = text_of(analysis);
        CHECK(has(open, card));
        CHECK(has(open, "Flags in hand 1"));
        CHECK(has(open, "Accuracy over the game"));
        CHECK(has(text_of(library), "1??"));
        REQUIRE(model.shown_values());

        for (Seat view : {flagged.seat, partner(flagged.seat), next(flagged.seat)}) {
            INFO("the view of " << seat_char(view));
            model.set_seat_view(view);
            CHECK_FALSE(model.shown_values());
            CHECK_FALSE(has(text_of(bar), card));
            const std::string seat = text_of(analysis);
            CHECK_FALSE(has(seat, card));
            CHECK_FALSE(has(seat, "Flags in hand"));
            CHECK_FALSE(has(seat, "Accuracy over the game"));
            CHECK(has(seat, "The flags and the accuracy are hidden in"));
            // The seat to play sees its cards, not their values; the others see its cards
            // face down.
            CHECK(has(seat, view == flagged.seat ? "Card values are hidden in" : "face down in"));
            const std::string list = text_of(library);
            CHECK_FALSE(has(list, "1??"));
        }
        // Once played, the card is on the table for every seat to see, but its flag is still
        // double dummy: hidden while the hand is in play.
        model.set_seat_view(partner(flagged.seat));
        model.move_to(5);
        CHECK_FALSE(has(text_of(analysis), card));
        // Played out, every hand is face up: the flags again, in every view.
        model.move_to(model.recorded_cards());
        const std::string done = text_of(analysis);
        CHECK(has(done, card));
        CHECK(has(done, "Flags in hand 1"));
        CHECK(has(text_of(library), "1??"));
    }
}

// The Lessons menu with a teacher's folder that is not there (--my-lessons named before the
// first lesson is saved): the shipped lessons are offered, and the folder said to be missing.
TEST_CASE("the Lessons menu lists the shipped lessons when the teacher's folder is missing",
          "[panels][lesson]") {
    Fixture f;
    Headless imgui(1280, 720, f.ui);
    const fs::path missing =
        fs::temp_directory_path() / ("spadework-no-such-folder-" + std::to_string(::getpid()));
    fs::remove_all(missing);
    LessonMode lessons(fs::path(SPADEWORK_SAMPLES) / "lessons", {}, 1);
    lessons.set_my_lessons_dir(missing);
    std::string error;
    frame_vertices([&] { lessons_menu_items(lessons, error); });  // a window's first frame
    const std::string text = frame_text([&] { lessons_menu_items(lessons, error); });
    CHECK(text.find("Counting sure tricks") != std::string::npos);
    int listed = 0;
    for (std::size_t at = text.find("questions)"); at != std::string::npos;
         at = text.find("questions)", at + 1)) {
        ++listed;
    }
    CHECK(listed == 17);
    CHECK(text.find(missing.string() + " (no such folder yet)") != std::string::npos);
    CHECK(text.find("no such folder of lessons") == std::string::npos);
    CHECK(error.empty());
}

namespace {

// The classic sample in `db` with a review that flags cards of every hand, as many as the
// widest flags a hand can show: the first `blunders` cards blunders, the next two mistakes,
// the next two inaccuracies.
void store_flags_on_every_hand(const fs::path& db, int blunders) {
    formats::Library lib(db);
    lib.import_file(kGames / "classic.spades");
    const formats::GameId id = lib.list_games().front().id;
    const RecordedGame game = lib.load_game(id);
    analyzer::GameReview r;
    r.settings_key = analyzer::ReviewSettings{}.key();
    for (std::size_t hand = 0; hand < game.hands.size(); ++hand) {
        analyzer::HandReview h;
        h.hand = static_cast<int>(hand);
        h.play = analyzer::PlayReview{};
        RecordedHand start = game.hands[hand];
        start.cards.clear();
        start.claim.reset();
        HandState st = replay_hand(game.rules, start);
        for (int i = 0; i < blunders + 4; ++i) {
            analyzer::CardReview c;
            c.index = i;
            c.trick = i / 4;
            c.seat = st.to_act();
            c.played = game.hands[hand].cards[static_cast<std::size_t>(i)];
            c.choices.push_back({c.played, 0, 0, std::nullopt});
            c.flag = i < blunders       ? analyzer::FlagClass::Blunder
                     : i < blunders + 2 ? analyzer::FlagClass::Mistake
                                        : analyzer::FlagClass::Inaccuracy;
            st.play(c.played);
            h.play->cards.push_back(c);
        }
        r.hands.push_back(h);
    }
    analyzer::ReviewStore(lib).store_review(analyzer::to_stored_review(id, r, game));
}

// A copy of the classic sample whose players have long names.
fs::path long_names_game(const fs::path& dir) {
    std::ifstream in(kGames / "classic.spades");
    std::string text((std::istreambuf_iterator<char>(in)), {});
    for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
             {"[North \"Ann\"]", "[North \"Annabelle Montgomery-Fairweather\"]"},
             {"[East \"Bob\"]", "[East \"Bartholomew Featherstonehaugh\"]"}}) {
        REQUIRE(text.find(from) != std::string::npos);
        text.replace(text.find(from), from.size(), to);
    }
    const fs::path file = dir / "long-names.spades";
    std::ofstream(file) << text;
    return file;
}

}  // namespace

// The library column at 1280x720, 1600x1000 and 2560x1440 after analysis, every sample
// listed. The hands: every column as wide as its content and all of them inside the column,
// nothing to scroll sideways to (at 1280x720 the points were cut off behind the flags). The
// games: the players on a line of their own, whole ("Ann-Cathal O" was cut off); names too
// long even for that end in "…", and hovering a game shows every name and the score.
TEST_CASE("the library's lists show every column whole in the column after analysis", "[panels]") {
    const spadework::testing::Workspace ws("spadework-panels-lists");
    const fs::path& dir = ws.dir;
    const fs::path db = dir / "library.sqlite";
    store_flags_on_every_hand(db, 12);
    const fs::path long_names = long_names_game(dir);
    struct Size {
        float window_w, window_h, column, scale;
    };
    for (const Size& size : {Size{1280, 720, 294, 1.0f}, Size{1600, 1000, 368, 1.0f},
                             Size{2560, 1440, 589, 23.0f / 16}}) {
        INFO("window " << size.window_w << "x" << size.window_h);
        Model model(db, analyzer::ReviewSettings{});
        analyzer::WinChanceOptions no_table;
        no_table.hands = 0;
        model.set_win_chance_options(no_table);
        UiState ui;
        LessonMode lessons{dir / "no-lessons", {}, 1};
        PanelContext ctx{model, ui, lessons};
        for (const char* name : {"casual", "computer", "leaflet", "paperless"}) {
            REQUIRE(model.open(kGames / (std::string(name) + ".spades")));
        }
        REQUIRE(model.open(long_names));
        model.select_game(0);  // the library's classic game, reviewed
        REQUIRE(model.review() != nullptr);
        Headless imgui(size.window_w, size.window_h, ui, size.scale);
        auto panels = make_panels();
        Panel* library = nullptr;
        for (auto& p : panels) {
            if (p->place() == PanelPlace::Library) library = p.get();
        }
        REQUIRE(library != nullptr);
        ImVec2 first_game;
        float tooltip_w = 0;
        // A frame of the column; what it wrote, and whether its lists fit (`check`).
        auto draw = [&](bool check) {
            ImGui::NewFrame();
            ImGui::SetNextWindowPos(ImVec2(0, 0));
            ImGui::SetNextWindowSize(ImVec2(size.column, size.window_h - 60));
            ImGui::Begin("library", nullptr, ImGuiWindowFlags_NoDecoration);
            ImGui::LogToBuffer();
            library->draw(ctx);
            // (A tooltip's window, when one is shown, ends the log: its text is not here.)
            std::string text = ImGui::GetCurrentContext()->LogBuffer.c_str();
            ImGui::LogFinish();
            ImGuiTable* hands = ImGui::TableFindByID(ImGui::GetID("hands reviewed"));
            REQUIRE(hands != nullptr);
            REQUIRE(hands->ColumnsCount == 5);
            ImGuiTable* games = ImGui::TableFindByID(ImGui::GetID("games"));
            REQUIRE(games != nullptr);
            first_game = ImVec2(games->OuterRect.Min.x + 10, games->OuterRect.Min.y + 5);
            // Each column holds its widest text (the header's and the rows'), and the last
            // ends inside the list: nothing to scroll sideways to.
            for (int c = 0; check && c < hands->ColumnsCount; ++c) {
                const ImGuiTableColumn& col = hands->Columns[c];
                INFO("column " << ImGui::TableGetColumnName(hands, c));
                CHECK(std::max(col.ContentMaxXFrozen, col.ContentMaxXUnfrozen) <= col.MaxX + 0.5f);
            }
            if (check) {
                CHECK(hands->Columns[hands->ColumnsCount - 1].MaxX <=
                      hands->InnerClipRect.Max.x + 0.5f);
                CHECK(hands->InnerWindow->ScrollMax.x == 0);
            }
            ImGui::End();
            const ImGuiWindow* tip = ImGui::FindWindowByName("##Tooltip_00");
            tooltip_w = tip && tip->Active ? tip->ContentSize.x : 0;
            ImGui::Render();
            return text;
        };
        draw(false);  // the columns measured
        draw(false);  // and fitted
        const std::string text = draw(true);
        // Every side's points and score inside the column, in its colour.
        for (ImU32 colour : {colours::kNorthSouth, colours::kEastWest}) {
            const Ink ink = ink_of(colour);
            CHECK(ink.vertices >= 11 * 4);
            CHECK(ink.right <= size.column);
        }
        // The players whole: "Ann & Cathal O'Brien" and "Bob & Dee" on the line under #1; the
        // long names cut, each partnership to half the line, both begun.
        CHECK(text.find("Ann & Cathal O'Brien") != std::string::npos);
        CHECK(text.find("Bob & Dee") != std::string::npos);
        CHECK(text.find("Annabelle Montgomery-Fairweather & Cathal O'Brien v Bartholomew "
                        "Featherstonehaugh & Dee") == std::string::npos);
        CHECK(text.find("Annabelle Mon") != std::string::npos);
        CHECK(text.find("Bartholomew") != std::string::npos);
        CHECK(text.find("\u2026") != std::string::npos);
        CHECK(text.find("12??") != std::string::npos);  // the worst class of a hand's flags
        // Hovering the first game: a tooltip as wide as its longest line, the partnership
        // with every name.
        CHECK(tooltip_w == 0);
        ImGui::GetIO().MousePos = first_game;
        draw(false);
        draw(false);
        CHECK(tooltip_w >=
              ImGui::CalcTextSize("N-S 291: Ann (North), Cathal O'Brien (South)").x - 0.5f);
    }
}
