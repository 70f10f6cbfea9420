// A score sheet in the window: `spadework view SHEET.csv --screenshot` under xvfb-run, on each
// side tab. The viewer opens it, draws no cards (there is no deal) and exits 0.
#include <stb_image.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "support/run_command.h"
#include "support/window_run.h"
#include "support/workspace.h"
#include "support/xvfb.h"

namespace fs = std::filesystem;

namespace {

const fs::path kSheet = fs::path(SPADEWORK_SAMPLES) / "sheets" / "club-night.csv";
const fs::path kGame = fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades";

// Views `game` on `panel` at 1280x720 into `png`; the viewer's exit status.
int screenshot(const spadework::testing::Workspace& ws, const fs::path& game, const char* panel,
               const fs::path& png) {
    const fs::path status = ws.dir / "status";
    std::vector<std::string> command = {SPADEWORK_EXE,  "view",      game.string(), "--no-library",
                                        "--panel",      panel,       "--size",      "1280x720",
                                        "--screenshot", png.string()};
    int xvfb = spadework::testing::wait_process(spadework::testing::spawn_process(
        XVFB_RUN, spadework::testing::xvfb_args("1600x1000x24", status, command),
        (ws.dir / "out").string(), (ws.dir / "err").string()));
    INFO(spadework::testing::slurp(ws.dir / "err"));
    return spadework::testing::command_status(status, xvfb);
}

// The white of a card face in the picture: pixels of it, anywhere.
std::size_t card_face_pixels(const fs::path& png) {
    int width = 0;
    int height = 0;
    int channels = 0;
    unsigned char* data = stbi_load(png.c_str(), &width, &height, &channels, 3);
    REQUIRE(data != nullptr);
    CHECK(width == 1280);
    CHECK(height == 720);
    std::size_t faces = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(width) * height; ++i) {
        const unsigned char* p = data + 3 * i;
        if (p[0] > 240 && p[1] > 240 && p[2] > 235) ++faces;
    }
    stbi_image_free(data);
    return faces;
}

// North-South's blue in the middle of the window, where the table is drawn for a deal: from a
// quarter to 70% of the width (the library column and the side tabs left out).
std::size_t middle_blue(const fs::path& png) {
    const spadework::testing::Picture p = spadework::testing::load_picture(png);
    std::size_t n = 0;
    for (int y = 0; y < p.height; ++y) {
        for (int x = p.width / 4; x < p.width * 7 / 10; ++x) {
            const unsigned char* c = &p.rgb[3 * (static_cast<std::size_t>(y) * p.width + x)];
            if (std::abs(c[0] - 90) < 24 && std::abs(c[1] - 160) < 24 &&
                std::abs(c[2] - 240) < 24) {
                ++n;
            }
        }
    }
    return n;
}

}  // namespace

TEST_CASE("The viewer opens a score sheet on every tab and draws no cards", "[window][sheet]") {
    spadework::testing::Workspace ws("spadework-sheet-window");
    // A game with a deal, for the white of its card faces (the text is white too).
    const fs::path dealt = ws.dir / "dealt.png";
    REQUIRE(screenshot(ws, kGame, "scores", dealt) == 0);
    const std::size_t with_cards = card_face_pixels(dealt);
    for (const char* panel : {"scores", "analysis", "bidding", "notes"}) {
        INFO(panel);
        const fs::path png = ws.dir / (std::string(panel) + ".png");
        REQUIRE(screenshot(ws, kSheet, panel, png) == 0);
        REQUIRE(fs::exists(png));
        const std::size_t faces = card_face_pixels(png);
        INFO(faces << " white pixels, " << with_cards << " with a deal on the table");
        CHECK(faces * 5 < with_cards);
        // In the middle, where a deal's table would be: the sheet's scores and their chart, in
        // North-South's blue among others (a line of text alone would have none).
        CHECK(middle_blue(png) > 1000);
    }
}
