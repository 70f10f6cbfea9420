// The window's long case (see test_window.cpp for how the window is run and checked): the
// Scores tab builds a win-chance table by value iteration, small as it is, which takes six
// times as long under the sanitizers, so it runs in the normal build only.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "sample_games.h"
#include "support/window_run.h"
#include "window_helpers.h"

namespace fs = std::filesystem;

using spadework::testing::load_picture;
using spadework::testing::near;
using spadework::testing::Picture;
using spadework::testing::run_viewer;
using spadework::testing::sample_under;
using spadework::testing::Shot;
using spadework::testing::SmallWinChance;

namespace {

// Pixels of the win-chance graph's fill: each side's colour at a third over the plot's
// background (the selected hand's shading excepted).
std::size_t chance_fill_pixels(const Picture& img) {
    std::size_t n = 0;
    for (int y = 0; y < img.height; ++y) {
        for (int x = img.width / 2; x < img.width; ++x) {
            n += near(img.at(x, y), 47, 75, 104, 4) || near(img.at(x, y), 100, 71, 41, 4);
        }
    }
    return n;
}

// Pixels of one colour, exactly (text and lines in a side's colour).
std::size_t colour_pixels(const Picture& img, int r, int g, int b) {
    std::size_t n = 0;
    for (int y = 0; y < img.height; ++y) {
        for (int x = img.width / 2; x < img.width; ++x) n += near(img.at(x, y), r, g, b, 0);
    }
    return n;
}

}  // namespace

TEST_CASE("the Scores tab draws the win chance over the game, or says why it cannot",
          "[window][winchance]") {
    SmallWinChance chances;
    for (const char* size : {"1280x720", "1600x1000", "2560x1440"}) {
        Shot shot;
        std::string err;
        INFO(size);
        REQUIRE(
            run_viewer({chances.game.string(), "--no-library", "--hand", "2", "--position", "10",
                        "--panel", "scores", "--size", size, "--screenshot", shot.path.string()},
                       &err) == 0);
        INFO(err);
        CHECK(err.empty());
        const Picture img = load_picture(shot.path);
        // The graph, filled towards the middle in the colour of the side ahead.
        CHECK(chance_fill_pixels(img) > 1500);
        // Each side in its one colour: the sheet's rows, the score chart's lines, the legend.
        CHECK(colour_pixels(img, 90, 160, 240) > 300);
        CHECK(colour_pixels(img, 240, 150, 60) > 300);
    }
    // Rules the table cannot describe (a hand limit): the reason instead of a graph.
    const fs::path refused = sample_under(chances.ws.dir, "classic hand_limit=10");
    Shot shot;
    std::string err;
    REQUIRE(run_viewer({refused.string(), "--no-library", "--panel", "scores", "--screenshot",
                        shot.path.string()},
                       &err) == 0);
    // (A few pixels of those colours are anti-aliased edges of the score chart's lines.)
    CHECK(chance_fill_pixels(load_picture(shot.path)) < 400);
}