// A window test's run of the viewer: `command` under xvfb-run on a 1600x1000 screen, its exit
// status (kept apart from xvfb-run's, xvfb.h) and what it wrote on stderr; the screenshot
// `png`, when it was written and SPADEWORK_SCREENSHOT_DIR=DIR is set, kept in DIR for a person
// to look at. pixels_near counts a colour in a screenshot; load_picture reads one.
#pragma once

#include <stb_image.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "support/run_command.h"
#include "support/workspace.h"
#include "support/xvfb.h"

namespace spadework::testing {

struct WindowRun {
    int status = 0;
    std::string err;
};

inline WindowRun run_in_window(const Workspace& ws, const std::vector<std::string>& command,
                               const std::filesystem::path& png = {}) {
    const std::filesystem::path status = ws.dir / "status";
    int xvfb = wait_process(spawn_process(XVFB_RUN, xvfb_args("1600x1000x24", status, command),
                                          (ws.dir / "out").string(), (ws.dir / "err").string()));
    WindowRun run{command_status(status, xvfb), slurp(ws.dir / "err")};
    const char* keep_dir = std::getenv("SPADEWORK_SCREENSHOT_DIR");
    if (keep_dir && !png.empty() && std::filesystem::exists(png)) {
        std::filesystem::copy_file(png, std::filesystem::path(keep_dir) / png.filename(),
                                   std::filesystem::copy_options::overwrite_existing);
    }
    return run;
}

// A screenshot's pixels, three bytes each, row by row.
struct Picture {
    int width = 0;
    int height = 0;
    std::vector<unsigned char> rgb;
    const unsigned char* at(int x, int y) const {
        return &rgb[(static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                     static_cast<std::size_t>(x)) *
                    3];
    }
};

inline Picture load_picture(const std::filesystem::path& png) {
    Picture p;
    int channels = 0;
    unsigned char* data = stbi_load(png.c_str(), &p.width, &p.height, &channels, 3);
    REQUIRE(data != nullptr);
    p.rgb.assign(data, data + static_cast<std::size_t>(p.width) * p.height * 3);
    stbi_image_free(data);
    return p;
}

// The pixels of a screenshot within 24 of `rgb` on each channel; the picture must be
// width x height.
inline std::size_t pixels_near(const std::filesystem::path& png, int width, int height,
                               std::array<int, 3> rgb) {
    int w = 0;
    int h = 0;
    int channels = 0;
    unsigned char* data = stbi_load(png.c_str(), &w, &h, &channels, 3);
    REQUIRE(data != nullptr);
    CHECK(w == width);
    CHECK(h == height);
    std::size_t n = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(w) * h; ++i) {
        const unsigned char* p = data + 3 * i;
        if (std::abs(p[0] - rgb[0]) < 24 && std::abs(p[1] - rgb[1]) < 24 &&
            std::abs(p[2] - rgb[2]) < 24) {
            ++n;
        }
    }
    stbi_image_free(data);
    return n;
}

}  // namespace spadework::testing
