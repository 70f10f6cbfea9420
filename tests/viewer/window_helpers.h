// What the window tests (test_window.cpp and its long cases, test_window_long.cpp) share: the
// viewer run under xvfb-run, a screenshot's file, a colour matched in a picture, and the Scores
// tab's small win-chance tables.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "sample_games.h"
#include "support/run_command.h"
#include "support/workspace.h"
#include "support/xvfb.h"

namespace spadework::testing {

// Runs the viewer under xvfb-run and returns its exit status.
inline int run_viewer(const std::vector<std::string>& args, std::string* err = nullptr) {
    const std::filesystem::path stem =
        std::filesystem::temp_directory_path() / ("spadework-window-" + std::to_string(::getpid()));
    const std::filesystem::path err_file = stem.string() + ".err";
    const std::filesystem::path status_file = stem.string() + ".status";
    std::vector<std::string> command = {SPADEWORK_EXE, "view"};
    command.insert(command.end(), args.begin(), args.end());
    int xvfb = wait_process(spawn_process(XVFB_RUN, xvfb_args("1920x1200x24", status_file, command),
                                          "/dev/null", err_file.string()));
    int status = command_status(status_file, xvfb);
    if (err) *err = slurp(err_file);
    std::filesystem::remove(err_file);
    std::filesystem::remove(status_file);
    return status;
}

// Whether a pixel is within `tol` of a colour on each channel.
inline bool near(const unsigned char* p, int r, int g, int b, int tol) {
    return std::abs(p[0] - r) <= tol && std::abs(p[1] - g) <= tol && std::abs(p[2] - b) <= tol;
}

// A screenshot's file, removed afterwards.
struct Shot {
    std::filesystem::path path;
    Shot() {
        static int n = 0;
        path =
            std::filesystem::temp_directory_path() /
            ("spadework-shot-" + std::to_string(::getpid()) + "-" + std::to_string(n++) + ".png");
    }
    ~Shot() { std::filesystem::remove(path); }
};

// The Scores tab's win-chance tables, small and in a cache of the test's own: a 200 target
// and 3,000 bot hands build in seconds where classic's full table takes half a minute. A test
// that needs the graph drawn but not its values asks for fewer hands: under the sanitizers
// 3,000 took 56 s of CPU, 500 took 14 s.
struct SmallWinChance {
    Workspace ws{"spadework-window-chance"};
    std::filesystem::path game;
    explicit SmallWinChance(int hands = 3000) {
        setenv("XDG_CACHE_HOME", (ws.dir / "cache").c_str(), 1);
        setenv("SPADEWORK_WINCHANCE_HANDS", std::to_string(hands).c_str(), 1);
        game = sample_under(ws.dir, "classic target=200");
    }
    ~SmallWinChance() {
        unsetenv("XDG_CACHE_HOME");
        unsetenv("SPADEWORK_WINCHANCE_HANDS");
    }
};

}  // namespace spadework::testing
