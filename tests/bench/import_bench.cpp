// import_bench [HANDS]: peak memory importing a large .pb stream (issue 8), printed, not
// asserted.
//
// Writes HANDS (default 1,000,000) hands as a .pb stream to a temporary file: games of up to
// 10 hands played by the simple bots under the classic rules, a pool of 300 repeated with a
// different event, date and table each time so that every game is new to the library. Then,
// each in a child process of its own so that each peak is its own (ru_maxrss from wait4):
// imports the file into a new library (Library::import_file, which reads a .pb game by game),
// and reads it whole with read_pb as the importer did before. Prints the file's size, the
// time, hands per second and peak RSS of each, and the RSS of a child that does nothing.
#include <fmt/core.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "spadework/analyzer/simple_bot.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "spadework/formats/proto_io.h"

namespace {

using namespace spadework;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Writes the stream game by game, never holding more than the pool. Returns the hands.
long write_stream(const fs::path& path, long hands_wanted) {
    SplitMix64 rng(2026);
    RuleSet rules = preset("classic");
    std::vector<RecordedGame> pool;
    for (int i = 0; i < 300; ++i) pool.push_back(analyzer::play_game(rules, rng, Seat::North, 10));
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    long hands = 0;
    for (long g = 0; hands < hands_wanted; ++g) {
        RecordedGame game = pool[static_cast<std::size_t>(g) % pool.size()];
        game.event = fmt::format("Bench night {}", g / 40 + 1);
        game.date =
            fmt::format("20{:02}.{:02}.{:02}", 10 + g / 336 % 90, g / 28 % 12 + 1, g % 28 + 1);
        game.table = fmt::format("{}", g);
        if (hands + static_cast<long>(game.hands.size()) > hands_wanted) {
            game.hands.resize(static_cast<std::size_t>(hands_wanted - hands));
        }
        hands += static_cast<long>(game.hands.size());
        std::string bytes = formats::write_pb({game});
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    if (!out.flush()) throw std::runtime_error("cannot write " + path.string());
    return hands;
}

struct ChildRun {
    double seconds = 0;
    long peak_rss_kb = 0;
    bool ok = false;
};

// Runs fn in a child process; its time and its own peak RSS.
ChildRun in_child(const std::function<void()>& fn) {
    auto start = Clock::now();
    pid_t pid = ::fork();
    if (pid == 0) {
        try {
            fn();
        } catch (const std::exception& e) {
            fmt::print(stderr, "error: {}\n", e.what());
            std::fflush(nullptr);
            std::_Exit(1);
        }
        std::fflush(nullptr);
        std::_Exit(0);
    }
    int status = 0;
    rusage usage{};
    ::wait4(pid, &status, 0, &usage);
    ChildRun run;
    run.seconds = seconds_since(start);
    run.peak_rss_kb = usage.ru_maxrss;
    run.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return run;
}

}  // namespace

int main(int argc, char** argv) {
    long hands_wanted = argc > 1 ? std::atol(argv[1]) : 1000000;
    fs::path dir = fs::temp_directory_path() / fmt::format("spadework-import-bench-{}", ::getpid());
    fs::create_directories(dir);
    fs::path file = dir / "games.pb";

    const long hands = hands_wanted;  // write_stream makes exactly these
    auto start = Clock::now();
    ChildRun made = in_child([&] { write_stream(file, hands_wanted); });
    if (!made.ok) return 1;
    double mb = static_cast<double>(fs::file_size(file)) / (1 << 20);
    fmt::print("file: {} hands in {} ({:.1f} MB), written in {:.1f} s\n", hands, file.string(), mb,
               seconds_since(start));

    ChildRun idle = in_child([] {});
    fmt::print("a child that does nothing: peak RSS {:.1f} MB\n", idle.peak_rss_kb / 1024.0);

    ChildRun import = in_child([&] {
        formats::Library library(dir / "library.sqlite");
        formats::ImportResult r = library.import_file(file);
        if (r.hands_added != hands) {
            throw std::runtime_error(
                fmt::format("imported {} hands, not {}", r.hands_added, hands));
        }
    });
    fmt::print("import_file: {:.1f} s, {:.0f} hands/s, peak RSS {:.1f} MB{}\n", import.seconds,
               hands / import.seconds, import.peak_rss_kb / 1024.0, import.ok ? "" : " (FAILED)");

    ChildRun whole = in_child([&] {
        std::string bytes = formats::read_file(file);
        std::vector<RecordedGame> all = formats::read_pb(bytes, file.string());
        if (all.empty()) throw std::runtime_error("read no games");
    });
    fmt::print("read_pb whole: {:.1f} s, peak RSS {:.1f} MB{}\n", whole.seconds,
               whole.peak_rss_kb / 1024.0, whole.ok ? "" : " (FAILED)");

    std::error_code ec;
    fs::remove_all(dir, ec);
    return import.ok && whole.ok ? 0 : 1;
}
