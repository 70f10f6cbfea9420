// The deal editor in the window: `spadework view --edit-deal new|sheet|game|PBN --screenshot`
// under xvfb-run at 1280x720 and 1600x1000, on an empty deal, a whole one and a recorded hand
// with its play; and a PBN deal that does not read refused before a window opens.
// SPADEWORK_SCREENSHOT_DIR=DIR keeps the pictures there for a person to look at.

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

#include "support/window_run.h"

namespace fs = std::filesystem;
using namespace spadework;

namespace {

using Shot = testing::WindowRun;

Shot view(const testing::Workspace& ws, const std::string& deal, const std::string& size,
          const fs::path& png) {
    return testing::run_in_window(
        ws,
        {SPADEWORK_EXE, "view", "--db", ws.db, "--edit-deal", deal, "--size", size, "--my-lessons",
         (ws.dir / "lessons").string(), "--screenshot", png.string()},
        png);
}

// The first hand of samples/games/classic.spades, dealt by North.
constexpr const char* kFirstHand =
    "N:Q5.K62.KQJT63.KJ A63.74.A7.AT7652 KJ82.JT9.984.843 T974.AQ853.52.Q9";

constexpr const char* kDeal =
    "E:K63.Q32.JT54.K87 852.AK4.A73.9643 AJ9.J876.K96.QT5 QT74.T95.Q82.AJ2";

}  // namespace

TEST_CASE("The deal editor's screens at 1280x720 and 1600x1000", "[window][editor]") {
    testing::Workspace ws("spadework-editor-window");
    for (auto [size, w, h] : {std::tuple{"1280x720", 1280, 720}, {"1600x1000", 1600, 1000}}) {
        const std::string tag = size;
        const fs::path empty = ws.dir / ("editor-new-" + tag + ".png");
        Shot s = view(ws, "new", size, empty);
        INFO(s.err);
        REQUIRE(s.status == 0);
        CHECK(s.err.empty());
        // The 52 card faces of the picker; no seat holds a card, so no partnership's colour.
        const std::size_t faces = testing::pixels_near(empty, w, h, {252, 252, 248});
        CHECK(faces > 52u * 600);
        const fs::path dealt = ws.dir / ("editor-dealt-" + tag + ".png");
        s = view(ws, kDeal, size, dealt);
        REQUIRE(s.status == 0);
        // Every card placed: each carries its seat's colour, blue for North-South.
        CHECK(testing::pixels_near(dealt, w, h, {90, 160, 240}) >
              testing::pixels_near(empty, w, h, {90, 160, 240}) + 2000);
    }
}

// The card picker is laid out from its column, as the table is from its panel: as wide as the
// column at every size (at 2560x1440 it kept the 1600x1000 size, two thirds of the column),
// with the deal tools and every seat's constraints still on screen under it.
TEST_CASE("The deal editor's card picker fills its column at 1280x720, 1600x1000 and 2560x1440",
          "[window][editor]") {
    testing::Workspace ws("spadework-editor-window");
    for (auto [size, w, h] : {std::tuple{"1280x720", 1280, 720},
                              {"1600x1000", 1600, 1000},
                              {"2560x1440", 2560, 1440}}) {
        INFO(size);
        const fs::path png = ws.dir / ("editor-picker-" + std::string(size) + ".png");
        Shot s = view(ws, "new", size, png);
        INFO(s.err);
        REQUIRE(s.status == 0);
        const testing::Picture p = testing::load_picture(png);
        REQUIRE((p.width == w && p.height == h));
        // The right edge of the picker: the last pixel of a card face (the right column has
        // none). The cards' column ends at 52% of the window, less its padding.
        int right = 0;
        for (int y = 0; y < h; ++y) {
            int run = 0;
            for (int x = 0; x < w; ++x) {
                const unsigned char* q = p.at(x, y);
                // The face's own colour (252, 252, 248) over ten pixels in a row, not a pixel
                // of anti-aliased text.
                const bool face = std::abs(q[0] - 252) <= 2 && std::abs(q[1] - 252) <= 2 &&
                                  std::abs(q[2] - 248) <= 2;
                run = face ? run + 1 : 0;
                if (run >= 10) right = std::max(right, x);
            }
        }
        INFO("the picker ends at x=" << right);
        CHECK(right > w * 46 / 100);
        CHECK(right < w * 52 / 100);
        // East's and West's names at the left of the constraints, in their partnership's
        // orange, above the status bar: nothing pushed off the bottom.
        std::size_t orange = 0;
        for (int y = 0; y < h - 40; ++y) {
            for (int x = 0; x < w * 6 / 100; ++x) {
                const unsigned char* q = p.at(x, y);
                orange += std::abs(q[0] - 240) < 24 && std::abs(q[1] - 150) < 24 &&
                          std::abs(q[2] - 60) < 24;
            }
        }
        CHECK(orange > 40u);
    }
}

TEST_CASE("view --edit-deal sheet opens a score sheet's hand for its cards", "[window][editor]") {
    testing::Workspace ws("spadework-editor-window");
    const fs::path sheet = fs::path(SPADEWORK_SAMPLES) / "sheets" / "club-night.csv";
    for (auto [size, w, h] : {std::tuple{"1280x720", 1280, 720}, {"1600x1000", 1600, 1000}}) {
        const fs::path png = ws.dir / ("editor-sheet-" + std::string(size) + ".png");
        Shot s = testing::run_in_window(
            ws,
            {SPADEWORK_EXE, "view", sheet.string(), "--hand", "3", "--edit-deal", "sheet", "--db",
             ws.db, "--size", size, "--screenshot", png.string()},
            png);
        INFO(s.err);
        REQUIRE(s.status == 0);
        CHECK(testing::pixels_near(png, w, h, {252, 252, 248}) >
              52u * 600);  // the picker, cards to place
    }
    // A full record has its cards already.
    auto r = testing::run(
        {"view", (fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades").string(), "--edit-deal",
         "sheet", "--db", ws.db, "--screenshot", (ws.dir / "no.png").string()});
    CHECK(r.status == 1);
    CHECK(r.err.find("--edit-deal sheet: not a score sheet") != std::string::npos);
}

// A recorded hand in the editor: its thirteen tricks listed, each card's seat in its
// partnership's colour, in the right-hand column where a deal alone has only the hands.
TEST_CASE("view --edit-deal game opens the hand shown with its bids and play", "[window][editor]") {
    testing::Workspace ws("spadework-editor-window");
    const fs::path games = fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades";
    for (auto [size, w, h] : {std::tuple{"1280x720", 1280, 720}, {"1600x1000", 1600, 1000}}) {
        INFO(size);
        const fs::path png = ws.dir / ("editor-game-" + std::string(size) + ".png");
        Shot s = testing::run_in_window(
            ws,
            {SPADEWORK_EXE, "view", games.string(), "--hand", "1", "--edit-deal", "game", "--db",
             ws.db, "--size", size, "--screenshot", png.string()},
            png);
        INFO(s.err);
        REQUIRE(s.status == 0);
        CHECK(s.err.empty());
        const fs::path alone = ws.dir / ("editor-alone-" + std::string(size) + ".png");
        REQUIRE(view(ws, kFirstHand, size, alone).status == 0);
        // Structured bindings are not captured by lambdas under clang 14.
        auto right_blue = [width = w, height = h](const fs::path& file) {
            const testing::Picture p = testing::load_picture(file);
            std::size_t n = 0;
            for (int y = 0; y < height; ++y) {
                for (int x = width * 55 / 100; x < width; ++x) {
                    const unsigned char* q = p.at(x, y);
                    n += std::abs(q[0] - 90) < 24 && std::abs(q[1] - 160) < 24 &&
                         std::abs(q[2] - 240) < 24;
                }
            }
            return n;
        };
        // 26 of the 52 cards played are North's or South's: a seat name in blue each.
        CHECK(right_blue(png) > right_blue(alone) + 26 * 20);
    }
}

TEST_CASE("view --edit-deal refuses a deal that does not read", "[window][editor]") {
    testing::Workspace ws("spadework-editor-window");
    const fs::path png = ws.dir / "none.png";
    Shot s = view(ws, "N:AKQ.XYZ", "1280x720", png);
    CHECK(s.status == 1);
    CHECK(s.err.find("--edit-deal, column ") != std::string::npos);
    CHECK_FALSE(fs::exists(png));
    // The deal editor and the score keeper (or a lesson) would both take the window.
    auto r = testing::run({"view", "--edit-deal", "new", "--keep-score", "new", "--db", ws.db});
    CHECK(r.status == 2);
    CHECK(r.err.find("--edit-deal: not with --keep-score or --lesson") != std::string::npos);
    // Nor with the replay's options, which the editor's window would leave unused; an empty
    // --edit-deal and a game's hand with no game named are bad usage too.
    const std::string games = (fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades").string();
    for (const auto& [args, says] : std::vector<std::pair<std::vector<std::string>, std::string>>{
             {{"view", games, "--edit-deal", "game", "--position", "5"}, "--edit-deal: not with"},
             {{"view", games, "--edit-deal", "new", "--what-if", "2C"}, "--edit-deal: not with"},
             {{"view", "--edit-deal", ""}, "--edit-deal: expected new, sheet, game or a PBN deal"},
             {{"view", "--edit-deal", "game"}, "--edit-deal game: name the game"},
             {{"view", "--edit-deal", "sheet"},
              "--edit-deal sheet: name the score sheet's game"}}) {
        std::vector<std::string> full = args;
        full.insert(full.end(), {"--no-library", "--screenshot", png.string()});
        r = testing::run(full);
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(r.err.find(says) != std::string::npos);
        CHECK_FALSE(fs::exists(png));
    }
}
