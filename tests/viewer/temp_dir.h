// A temporary folder of the viewer model's tests' own (test_model.cpp and its long cases,
// test_model_long.cpp), removed afterwards: a Workspace under the name they use.
#pragma once

#include <filesystem>

#include "support/workspace.h"

namespace spadework::testing {

struct TempDir {
    Workspace workspace{"spadework-viewer"};
    const std::filesystem::path& path = workspace.dir;
};

}  // namespace spadework::testing
