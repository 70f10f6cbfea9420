// The small win-chance table the winchance tests ask for (test_cli_winchance.cpp and its long
// cases, test_cli_winchance_long.cpp).
#pragma once

#include <string>
#include <vector>

#include "support/workspace.h"

namespace spadework::testing {

// A small table (a 200 target, 2,000 bot hands) in the workspace's own cache folder.
inline std::vector<std::string> small(const Workspace& w, std::vector<std::string> args) {
    std::vector<std::string> out = {"winchance", "--rules", "classic", "--rule",      "target=200",
                                    "--hands",   "2000",    "--cache", w.dir.string()};
    out.insert(out.end(), args.begin(), args.end());
    return out;
}

}  // namespace spadework::testing
