// What a new user met in the panels, drawn into an ImGui context with no window behind it: a
// long player name cut mid-glyph in the accuracy table, the Bidding tab's header and the
// score chart's legend (now shortened with "…", whole on hover, the bid always shown); "or 1
// more" where one card was left to name; the game list left at its top when the game opened
// was far down it; the deal editor's hands in another suit order than its card grid.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include <imgui_internal.h>  // the game list's table and scroll

#include "draw.h"
#include "headless.h"
#include "panel.h"
#include "review_fixture.h"
#include "spadework/analyzer/library_stores.h"
#include "spadework/engine/record.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "support/workspace.h"

using namespace spadework;
using namespace spadework::viewer;
namespace fs = std::filesystem;

namespace {

const fs::path kGames = fs::path(SPADEWORK_SAMPLES) / "games";
const std::string kLongName = "Maximilian Alexander von Hohenberg-Schwarzenstein";

// The glyphs of the last frame that their clip rectangle cuts on the right: a word cut
// mid-letter by a column or a panel's edge. (A glyph quad is textured, neither the white pixel
// nor the atlas's baked lines, which a separator drawn to the window's edge uses.)
int glyphs_cut() {
    int cut = 0;
    const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    const ImVec2 white = atlas->TexUvWhitePixel;
    ImVec4 lines = atlas->TexUvLines[0];
    for (const ImVec4& l : atlas->TexUvLines) {
        lines = ImVec4(std::min(lines.x, l.x), std::min(lines.y, l.y), std::max(lines.z, l.z),
                       std::max(lines.w, l.w));
    }
    auto in_lines = [&](ImVec2 uv) {
        return uv.x >= lines.x && uv.x <= lines.z && uv.y >= lines.y && uv.y <= lines.w;
    };
    const ImDrawData* data = ImGui::GetDrawData();
    for (int l = 0; l < data->CmdListsCount; ++l) {
        const ImDrawList* list = data->CmdLists[l];
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            for (unsigned i = 0; i < cmd.ElemCount; ++i) {
                const ImDrawVert& v = list->VtxBuffer[static_cast<int>(
                    cmd.VtxOffset + list->IdxBuffer[static_cast<int>(cmd.IdxOffset + i)])];
                const bool glyph = v.uv.x != white.x || v.uv.y != white.y;
                if (glyph && !in_lines(v.uv) && v.pos.x > cmd.ClipRect.z + 0.5f) ++cut;
            }
        }
    }
    return cut;
}

// The classic sample in `db`, West renamed to kLongName, with a review of its first hand: the
// fifth card flagged, and exactly four other cards as good as the better one.
void store_long_name_review(const fs::path& db) {
    formats::Library lib(db);
    lib.import_file(kGames / "classic.spades");
    const formats::GameId id = lib.list_games().front().id;
    formats::GameEdit edit;
    edit.players[index(Seat::West)] = kLongName;
    lib.edit_game(id, edit);
    store_first_hand_review(lib, id, 5);
}

struct LongNameFixture {
    spadework::testing::Workspace ws{"spadework-panels-fit"};
    fs::path db = ws.dir / "library.sqlite";
    std::optional<Model> model;
    UiState ui;
    std::optional<LessonMode> lessons;
    std::optional<PanelContext> ctx;
    LongNameFixture() {
        store_long_name_review(db);
        model.emplace(db, analyzer::ReviewSettings{});
        analyzer::WinChanceOptions no_table;
        no_table.hands = 0;
        model->set_win_chance_options(no_table);
        lessons.emplace(ws.dir / "no-lessons", fs::path(), 1);
        ctx.emplace(PanelContext{*model, ui, *lessons});
        model->select_game(0);
        model->select_hand(0);
    }
};

Panel* side_panel_named(const std::vector<std::unique_ptr<Panel>>& panels, const char* name) {
    for (const auto& p : panels) {
        if (p->name() == name) return p.get();
    }
    return nullptr;
}

}  // namespace

// At the side panel's width at 1280x720 (350) and narrower, no tab cuts a glyph of West's long
// name: the accuracy table, the Bidding tab's line of West's bid and the Scores legend shorten
// it with "…", and the Bidding tab still shows West's bid after it.
TEST_CASE("a long player name is shortened with an ellipsis and the bid stays visible",
          "[panels]") {
    LongNameFixture f;
    REQUIRE(f.model->review() != nullptr);
    Headless imgui(1280, 720, f.ui);
    auto panels = make_panels();
    const RecordedHand& rh = f.model->game()->hands[0];
    std::string west_bid;
    for (std::size_t i = 0; i < rh.bids.size(); ++i) {
        if (next(rh.dealer, static_cast<int>(i) + 1) == Seat::West) {
            west_bid = bid_text(rh.bids[i]);
        }
    }
    REQUIRE(!west_bid.empty());
    for (float width : {350.0f, 300.0f}) {
        for (const char* name : {"analysis", "bidding", "scores"}) {
            INFO(name << " at width " << width);
            Panel* panel = side_panel_named(panels, name);
            REQUIRE(panel != nullptr);
            std::string text;
            for (int i = 0; i < 3; ++i) {  // tables and wrapping settle after a frame
                text = frame_text([&] { panel->draw(*f.ctx); }, ImVec2(width, 2000));
            }
            CHECK(glyphs_cut() == 0);
            CHECK(text.find(kLongName) == std::string::npos);  // shortened, not whole
            CHECK(text.find("Maximilian") != std::string::npos);
            CHECK(text.find("\u2026") != std::string::npos);
            if (std::string(name) == "bidding") {
                const std::size_t west = text.find("W Maximilian");
                REQUIRE(west != std::string::npos);
                const std::string line = text.substr(west, text.find('\n', west) - west);
                INFO(line);
                CHECK(line.find("\u2026: " + west_bid) != std::string::npos);
            }
        }
    }
}

// Four cards as good as the better one: all four named ("10♣, 4♣, 3♣ or 2♣"), never
// "or 1 more".
TEST_CASE("the Analysis tab names a last card rather than or 1 more", "[panels]") {
    LongNameFixture f;
    Headless imgui(1280, 720, f.ui);
    auto panels = make_panels();
    Panel* analysis = side_panel_named(panels, "analysis");
    REQUIRE(analysis != nullptr);
    REQUIRE(f.model->hand_review() != nullptr);
    std::string text;
    for (int i = 0; i < 2; ++i)
        text = frame_text([&] { analysis->draw(*f.ctx); }, ImVec2(350, 2000));
    const std::size_t play = text.find("play");
    REQUIRE(play != std::string::npos);
    CHECK(text.find("more") == std::string::npos);
    CHECK(text.find("or", play) != std::string::npos);
    CHECK(text.find("-60 pts, -1 tr") != std::string::npos);
}

// A library of 60 games with the 56th opened (`view --db DB 56`): the list scrolls to it once,
// where it stood at the top (#1 to #7 shown).
TEST_CASE("the game list scrolls to the game opened", "[panels]") {
    spadework::testing::Workspace ws("spadework-panels-scroll");
    const fs::path db = ws.dir / "library.sqlite";
    {
        formats::Library lib(db);
        const RecordedGame game = formats::read_game_file(kGames / "classic.spades").front();
        std::vector<RecordedGame> games;
        for (int i = 0; i < 60; ++i) {
            RecordedGame g = game;
            g.event = "club night " + std::to_string(i + 1);
            games.push_back(g);
        }
        lib.import_games(games, "test");
    }
    Model model(db, analyzer::ReviewSettings{});
    REQUIRE(model.games().size() == 60);
    UiState ui;
    LessonMode lessons{ws.dir / "no-lessons", {}, 1};
    PanelContext ctx{model, ui, lessons};
    Headless imgui(1280, 720, ui);
    auto panels = make_panels();
    Panel* library = nullptr;
    for (auto& p : panels) {
        if (p->place() == PanelPlace::Library) library = p.get();
    }
    REQUIRE(library != nullptr);
    model.select_game(55);
    const std::string label = model.games()[55].label;
    std::string text;
    float scroll = 0;
    float first_scroll = -1;
    for (int i = 0; i < 4; ++i) {
        text = frame_text(
            [&] {
                library->draw(ctx);
                ImGuiTable* games = ImGui::TableFindByID(ImGui::GetID("games"));
                REQUIRE(games != nullptr);
                scroll = games->InnerWindow->Scroll.y;
            },
            ImVec2(294, 660));
        if (i == 1) first_scroll = scroll;
    }
    CHECK(scroll > 0);
    CHECK(text.find(label) != std::string::npos);
    // Once: the user's own scrolling is not undone every frame.
    CHECK(scroll == first_scroll);
}

// The deal editor lists each hand in the order of its card grid and of `spadework show`'s
// diagrams (♠♥♦♣); the table keeps the order a player holds (♠♥♣♦, the colours alternating).
TEST_CASE("hands in the diagram's suit order and the held order", "[panels][editor]") {
    CardSet hand;
    for (const char* c : {"2C", "KD", "3H", "AS"}) hand.insert(parse_card(c));
    const PlayOrder order;  // the standard order
    const std::vector<Card> diagram = in_hand_order(hand, order, kDiagramSuits);
    const std::vector<Card> held = in_hand_order(hand, order);
    REQUIRE(diagram.size() == 4);
    CHECK(to_string(diagram[0]) == "AS");
    CHECK(to_string(diagram[1]) == "3H");
    CHECK(to_string(diagram[2]) == "KD");
    CHECK(to_string(diagram[3]) == "2C");
    CHECK(to_string(held[2]) == "2C");
    CHECK(to_string(held[3]) == "KD");
    // The grid's rows are kAllSuits: the same order as the list.
    for (int i = 0; i < 4; ++i) CHECK(kAllSuits[i] == kDiagramSuits[static_cast<std::size_t>(i)]);
}
