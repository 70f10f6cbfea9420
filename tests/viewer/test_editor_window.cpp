// The deal editor in the window: `spadework view --edit-deal new|PBN --screenshot` under
// xvfb-run at 1280x720 and 1600x1000, on an empty deal and on a whole one; and a PBN deal that
// does not read refused before a window opens. SPADEWORK_SCREENSHOT_DIR=DIR keeps the pictures
// there for a person to look at.

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
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

TEST_CASE("view --edit-deal refuses a deal that does not read", "[window][editor]") {
    testing::Workspace ws("spadework-editor-window");
    const fs::path png = ws.dir / "none.png";
    Shot s = view(ws, "N:AKQ.XYZ", "1280x720", png);
    CHECK(s.status == 1);
    CHECK(s.err.find("--edit-deal: ") != std::string::npos);
    CHECK_FALSE(fs::exists(png));
    // The deal editor and the score keeper (or a lesson) would both take the window.
    auto r = testing::run({"view", "--edit-deal", "new", "--keep-score", "new", "--db", ws.db});
    CHECK(r.status == 2);
    CHECK(r.err.find("--edit-deal: not with --keep-score or --lesson") != std::string::npos);
}
