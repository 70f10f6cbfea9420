// The viewer on a fresh install: `spadework view` with no game, no --db and no library yet (as
// the desktop menu's entry starts it, with no terminal for an error) opens its window without
// a library and makes none; a --db that names no library is still an error naming it.
#include <stb_image.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
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
}
