// A window test's run of the viewer: `command` under xvfb-run on a 1600x1000 screen, its exit
// status (kept apart from xvfb-run's, xvfb.h) and what it wrote on stderr; the screenshot
// `png`, when it was written and SPADEWORK_SCREENSHOT_DIR=DIR is set, kept in DIR for a person
// to look at.
#pragma once

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

}  // namespace spadework::testing
