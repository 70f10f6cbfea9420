// The viewer on a fresh install: `spadework view` with no game, no --db and no library yet (as
// the desktop menu's entry starts it, with no terminal for an error) opens its window without
// a library and makes none; a --db that names no library is still an error naming it; a
// teacher's folder of lessons named but not made yet keeps no shipped lesson from opening.
#include <stb_image.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

#include "support/window_run.h"

namespace fs = std::filesystem;
using spadework::testing::Workspace;

namespace {

using Shot = spadework::testing::WindowRun;

// `spadework view ARGS --size 1280x720` under xvfb-run with XDG_DATA_HOME set to `data`.
Shot view(const Workspace& ws, const fs::path& data, std::vector<std::string> args) {
    std::vector<std::string> command = {"/usr/bin/env", "XDG_DATA_HOME=" + data.string(),
                                        SPADEWORK_EXE, "view"};
    command.insert(command.end(), args.begin(), args.end());
    command.insert(command.end(), {"--size", "1280x720"});
    return spadework::testing::run_in_window(ws, command);
}

}  // namespace

TEST_CASE("The viewer opens on a fresh install with no library and makes none",
          "[window][first-run]") {
    Workspace ws("spadework-first-run");
    const fs::path data = ws.dir / "data";
    fs::create_directories(data);
    const fs::path png = ws.dir / "first.png";
    Shot s = view(ws, data, {"--screenshot", png.string()});
    INFO(s.err);
    CHECK(s.status == 0);
    int width = 0;
    int height = 0;
    int channels = 0;
    unsigned char* pixels = stbi_load(png.c_str(), &width, &height, &channels, 3);
    REQUIRE(pixels != nullptr);
    stbi_image_free(pixels);
    CHECK(width == 1280);
    CHECK(height == 720);
    // Only import (and the modes that keep something) makes a library.
    CHECK_FALSE(fs::exists(data / "spadework" / "library.sqlite"));

    // A library named with --db that is not there is a mistake to say, window or not.
    const fs::path never = ws.dir / "never.png";
    const std::string db = (ws.dir / "none.sqlite").string();
    Shot named = view(ws, data, {"--db", db, "--screenshot", never.string()});
    CHECK(named.status == 1);
    CHECK(named.err.find("there is no library at " + db) != std::string::npos);
    CHECK_FALSE(fs::exists(never));
    CHECK_FALSE(fs::exists(db));
    // FILE@N past the file's games says how many it has, as convert does.
    const std::string file = (fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades").string();
    Shot past = view(ws, data, {file + "@2", "--no-library", "--screenshot", never.string()});
    CHECK(past.status == 1);
    CHECK(past.err.find(file + " has 1 game: there is no game 2") != std::string::npos);
    CHECK_FALSE(fs::exists(never));
}

// A first run with no library offers the sample games on the empty table; its button (the
// command "open the sample games") opens them and shows the first: cards on the felt.
TEST_CASE("The viewer offers the sample games on a first run", "[window][first-run]") {
    Workspace ws("spadework-first-run");
    const fs::path data = ws.dir / "data";
    fs::create_directories(data);
    const fs::path empty = ws.dir / "empty.png";
    Shot before = view(ws, data, {"--screenshot", empty.string()});
    INFO(before.err);
    REQUIRE(before.status == 0);
    const fs::path png = ws.dir / "samples.png";
    Shot s = view(ws, data, {"--command", "open the sample games", "--screenshot", png.string()});
    INFO(s.err);
    CHECK(s.status == 0);
    REQUIRE(fs::exists(png));
    // Card faces: none on the empty felt (its words are near their colour), a deal's worth
    // once the samples are open.
    CHECK(spadework::testing::pixels_near(empty, 1280, 720, {252, 252, 248}) < 8000u);
    CHECK(spadework::testing::pixels_near(png, 1280, 720, {252, 252, 248}) > 20000u);
    CHECK_FALSE(fs::exists(data / "spadework" / "library.sqlite"));
}

// A teacher who named a folder for their own lessons ($SPADEWORK_MY_LESSONS, --my-lessons)
// before saving any: the folder is not there yet, and the shipped lessons still open (the
// viewer stopped with "no such folder of lessons").
TEST_CASE("A shipped lesson opens while the teacher's folder is not made yet",
          "[window][first-run][lesson]") {
    Workspace ws("spadework-first-run");
    const fs::path mine = ws.dir / "my-lessons";
    const std::string shipped = (fs::path(SPADEWORK_SAMPLES) / "lessons").string();
    for (auto [size, w, h] : {std::tuple{"1280x720", 1280, 720},
                              {"1600x1000", 1600, 1000},
                              {"2560x1440", 2560, 1440}}) {
        INFO(size);
        const fs::path png = ws.dir / ("lesson-no-folder-" + std::string(size) + ".png");
        Shot s = spadework::testing::run_in_window(
            ws,
            {"/usr/bin/env", "SPADEWORK_MY_LESSONS=" + mine.string(), SPADEWORK_EXE, "view",
             "--lesson", "sure-tricks", "--lessons", shipped, "--no-library", "--size", size,
             "--screenshot", png.string()},
            png);
        INFO(s.err);
        CHECK(s.status == 0);
        REQUIRE(fs::exists(png));
        // The question: the learner's thirteen cards face up on their strip of felt.
        CHECK(spadework::testing::pixels_near(png, w, h, {252, 252, 248}) > 30000u);
        CHECK(spadework::testing::pixels_near(png, w, h, {22, 101, 52}) > 10000u);
        CHECK_FALSE(fs::exists(mine));  // reading lessons makes no folder
    }
}
