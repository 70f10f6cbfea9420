// A folder of its own for each test, with a library file path in it, removed afterwards.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace spadework::testing {

struct Workspace {
    std::filesystem::path dir;
    std::string db;  // a library in the folder (not created until used)

    explicit Workspace(const std::string& prefix = "spadework-test") {
        static int counter = 0;
        dir = std::filesystem::temp_directory_path() /
              (prefix + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
        db = (dir / "library.sqlite").string();
    }
    ~Workspace() {
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
    Workspace(const Workspace&) = delete;
    Workspace& operator=(const Workspace&) = delete;

    std::string file(const std::string& name) const { return (dir / name).string(); }
    // Nothing left behind: no file, no temporary.
    bool empty() const { return std::filesystem::is_empty(dir); }
    // The names of the files in the folder.
    std::set<std::string> names() const {
        std::set<std::string> out;
        for (const auto& e : std::filesystem::directory_iterator(dir)) {
            out.insert(e.path().filename().string());
        }
        return out;
    }
    // The arguments with --db naming the folder's library.
    std::vector<std::string> with_db(std::vector<std::string> args) const {
        args.push_back("--db");
        args.push_back(db);
        return args;
    }
};

}  // namespace spadework::testing
