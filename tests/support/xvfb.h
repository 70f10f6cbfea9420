// A command run under xvfb-run (XVFB_RUN, set by the test target) whose own exit status is
// kept apart from xvfb-run's. xvfb-run returns the command's status, except when its own
// set-up or clean-up fails: then it exits 1 (the X server did not start) or 5 (it could not
// remove its temporary folder after the command ended), which a test would read as the
// command's. Seen in a CI run: a viewer that exited 1 as it should was reported as 5. So a
// shell between them writes the command's status to a file, and a test asserts on that.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace spadework::testing {

// The argv (xvfb-run's first) that runs `command` on an X screen of `screen`
// ("1280x800x24"), its exit status written to `status_file`.
inline std::vector<std::string> xvfb_args(const std::string& screen,
                                          const std::filesystem::path& status_file,
                                          const std::vector<std::string>& command) {
    std::vector<std::string> args = {XVFB_RUN,
                                     "-a",
                                     "-s",
                                     "-screen 0 " + screen,
                                     "/bin/sh",
                                     "-c",
                                     "s=$1; shift; \"$@\"; echo $? >\"$s\"",
                                     "sh",
                                     status_file.string()};
    args.insert(args.end(), command.begin(), command.end());
    std::filesystem::remove(status_file);
    return args;
}

// The command's exit status once xvfb-run has ended with `xvfb_status`; when the command never
// ran (no X server), -1000 minus xvfb-run's status, which no test expects.
inline int command_status(const std::filesystem::path& status_file, int xvfb_status) {
    std::ifstream in(status_file);
    int status = 0;
    if (!(in >> status)) return -1000 - xvfb_status;
    return status;
}

}  // namespace spadework::testing
