// winchance_bench [--hands N] [--seed S]: the win-chance tables of classic and Paperless
// (issue 22), each built from scratch (no cache read; a temporary cache folder is written and
// removed). Per preset it prints the time to measure the bots' hands and to iterate, the
// sweeps, the distinct outcomes, the cache file's size, and North-South's chance at 0 to 0
// with each dealer. The last line is key=value pairs.
//
// Not measured yet (later steps of the issue): whole-game rollouts near the end and
// calibration against held-out games.
#include <unistd.h>

#include <fmt/core.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "spadework/analyzer/winchance.h"

namespace {

using namespace spadework;
using namespace spadework::analyzer;
using Clock = std::chrono::steady_clock;

[[noreturn]] void usage(const std::string& why) {
    fmt::print(stderr, "winchance_bench: {}\nusage: winchance_bench [--hands N] [--seed S]\n", why);
    std::exit(2);
}

WinChanceOptions parse(int argc, char** argv) {
    WinChanceOptions o;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (i + 1 >= argc) usage("missing value after " + a);
        long long v = std::atoll(argv[++i]);
        if (a == "--hands" && v >= 1) {
            o.hands = static_cast<int>(v);
        } else if (a == "--seed" && v >= 0) {
            o.seed = static_cast<std::uint64_t>(v);
        } else {
            usage("bad option or value: " + a + " " + argv[i]);
        }
    }
    return o;
}

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
    WinChanceOptions options = parse(argc, argv);
    options.cache_dir =
        std::filesystem::temp_directory_path() / ("winchance_bench_" + std::to_string(::getpid()));
    std::string pairs;
    double total = 0;
    for (std::string name : {"classic", "paperless"}) {
        RuleSet rules = preset(name);
        auto start = Clock::now();
        HandDistribution hands = measure_hands(rules, options.hands, options.seed);
        double measure = seconds_since(start);
        start = Clock::now();
        WinChanceTable table = WinChanceTable::build(rules, hands);
        double iterate = seconds_since(start);
        // The cache as load_winchance writes it: the file's size.
        start = Clock::now();
        LoadedWinChance loaded = load_winchance(rules, options);
        double cached_build = seconds_since(start);
        start = Clock::now();
        LoadedWinChance again = load_winchance(rules, options);
        double load = seconds_since(start);
        auto bytes = std::filesystem::file_size(loaded.file);

        fmt::print("{}: {} hands (seed {}), {} distinct outcomes, measured in {:.2f} s\n", name,
                   hands.hands, options.seed, hands.outcomes.size(), measure);
        fmt::print(
            "  table: scores {}..{} ({} x {} cells x 2 dealing sides), {} sweeps to a "
            "largest change of {:.1e}, {:.2f} s\n",
            table.low(), table.target() - 1, table.main_set().width, table.main_set().width,
            table.iterations(), table.last_change(), iterate);
        fmt::print("  cache: {} bytes, built and written in {:.2f} s, read back in {:.3f} s ({})\n",
                   bytes, cached_build, load, again.from_cache ? "from the cache" : "REBUILT");
        fmt::print("  North-South's chance at 0 to 0:");
        for (Seat d : kAllSeats)
            fmt::print(" {} deals {:.4f}", seat_char(d), table.chance(0, 0, d));
        fmt::print("\n");
        double build = measure + iterate;
        total += build;
        pairs += fmt::format(" {0}_build_seconds={1:.2f} {0}_sweeps={2} {0}_cache_bytes={3}", name,
                             build, table.iterations(), bytes);
        for (Seat d : kAllSeats) {
            pairs +=
                fmt::format(" {}_chance_00_{}={:.4f}", name, seat_char(d), table.chance(0, 0, d));
        }
    }
    std::error_code ec;
    std::filesystem::remove_all(options.cache_dir, ec);
    fmt::print("build_seconds={:.2f}{}\n", total, pairs);
    return 0;
}
