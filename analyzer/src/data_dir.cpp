#include "spadework/analyzer/data_dir.h"

#include <cstdlib>
#include <system_error>

namespace spadework::analyzer {

namespace fs = std::filesystem;

namespace {

// The folder of the running program, from the kernel (Linux); empty when it cannot say.
fs::path program_dir() {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe.parent_path();
}

}  // namespace

fs::path data_dir() {
    if (const char* env = std::getenv("SPADEWORK_DATA"); env && *env) return env;
    const fs::path program = program_dir();
    if (program.empty()) return fs::path("share") / "spadework";
    // Installed, PREFIX/bin/spadework finds PREFIX/share/spadework one level up; the build
    // tree's programs are at most three levels below it (build/tests/viewer/...).
    fs::path dir = program;
    for (int up = 0; up <= 3; ++up) {
        std::error_code ec;
        fs::path candidate = dir / "share" / "spadework";
        if (fs::is_directory(candidate, ec)) return candidate;
        if (!dir.has_parent_path() || dir.parent_path() == dir) break;
        dir = dir.parent_path();
    }
    return program.parent_path() / "share" / "spadework";
}

}  // namespace spadework::analyzer
