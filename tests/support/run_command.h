// Runs the built `spadework` command (SPADEWORK_EXE, set by the test target) as a user
// would and collects what it prints and its exit status.
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace spadework::testing {

struct RunResult {
    int status = -1;  // the exit code; -1 when the process did not exit normally
    std::string out;
    std::string err;
};

// Whether `part` occurs in `text`.
inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

inline std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Starts `exe` with `args` (argv[0] first) and its output in the files given ("/dev/null" to
// drop it); returns the child's pid. Output goes to files rather than pipes, so a chatty
// child can never block on a full pipe.
inline pid_t spawn_process(const std::string& exe, std::vector<std::string> args,
                           const std::string& out_path, const std::string& err_path) {
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0600);
    posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0600);
    pid_t pid = 0;
    int spawned = posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    REQUIRE(spawned == 0);
    return pid;
}

// Waits for a child; its exit code, or -1 when it did not exit normally.
inline int wait_process(pid_t pid) {
    int wstatus = 0;
    REQUIRE(waitpid(pid, &wstatus, 0) == pid);
    return WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1;
}

inline RunResult run(const std::vector<std::string>& args) {
    static std::atomic<int> counter = 0;
    auto stem = std::filesystem::temp_directory_path() /
                ("spadework_cli_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
    std::string out_path = stem.string() + ".out";
    std::string err_path = stem.string() + ".err";
    std::vector<std::string> argv_text = {SPADEWORK_EXE};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    RunResult result;
    result.status = wait_process(spawn_process(SPADEWORK_EXE, argv_text, out_path, err_path));
    result.out = slurp(out_path);
    result.err = slurp(err_path);
    std::filesystem::remove(out_path);
    std::filesystem::remove(err_path);
    return result;
}

// Runs a command that must succeed and returns its stdout.
inline std::string run_ok(const std::vector<std::string>& args) {
    RunResult r = run(args);
    INFO("stderr: " << r.err);
    REQUIRE(r.status == 0);
    return r.out;
}

// Runs a command that must end with `status` and say `part` on stderr (anything, when empty).
inline RunResult run_expecting(const std::vector<std::string>& args, int status,
                               const std::string& part = "") {
    RunResult r = run(args);
    INFO(args[0] << ": status " << r.status << ", stderr: " << r.err << ", stdout: " << r.out);
    CHECK(r.status == status);
    CHECK(contains(r.err, part));
    return r;
}

inline nlohmann::json run_json(std::vector<std::string> args) {
    args.push_back("--json");
    return nlohmann::json::parse(run_ok(args));
}

}  // namespace spadework::testing
