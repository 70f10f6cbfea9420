// bench_formats [HANDS]: the import and query figures of issue 3, printed, not asserted.
//
// Generates HANDS (default 100,000) hands as whole games played by the simple bot under the
// classic rules, with player names drawn from a pool of 200, writes them once as .pb and once
// as .spades, imports each file into a new library, then times filtered `list` queries.
// Goals: 100,000 hands imported in under 10 s; a filtered list under 50 ms.
#include <fmt/core.h>

#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "spadework/analyzer/simple_bot.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"

namespace {

using namespace spadework;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::vector<RecordedGame> generate(int hands_wanted, int& hands_made) {
    SplitMix64 rng(2026);
    RuleSet rules = preset("classic");
    std::vector<RecordedGame> games;
    hands_made = 0;
    while (hands_made < hands_wanted) {
        RecordedGame game = analyzer::play_game(rules, rng, Seat::North, hands_wanted - hands_made);
        game.event = fmt::format("Club night {}", games.size() / 40 + 1);
        game.date =
            fmt::format("2026.{:02}.{:02}", games.size() / 28 % 12 + 1, games.size() % 28 + 1);
        for (auto& name : game.players) name = fmt::format("player{:03}", rng.below(200));
        hands_made += static_cast<int>(game.hands.size());
        games.push_back(std::move(game));
    }
    return games;
}

// The median of `runs` timings of fn, in milliseconds.
template <typename Fn>
double median_ms(int runs, Fn fn) {
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        auto start = Clock::now();
        fn();
        times.push_back(seconds_since(start) * 1000);
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

void import_run(const char* label, const fs::path& file, const fs::path& db, int hands) {
    fs::remove(db);
    formats::Library library(db);
    auto start = Clock::now();
    formats::ImportResult r = library.import_file(file);
    double secs = seconds_since(start);
    auto size = fs::file_size(db);
    fmt::print(
        "import {:<8} {:>7} hands in {:6.2f} s = {:>8.0f} hands/s   (goal: 100,000 in < 10 s)  "
        "file {:.1f} MB, library {:.1f} MB = {:.0f} bytes/hand\n",
        label, r.hands_added, secs, hands / secs, fs::file_size(file) / 1e6, size / 1e6,
        static_cast<double>(size) / hands);
}

}  // namespace

int main(int argc, char** argv) {
    int wanted = argc > 1 ? std::atoi(argv[1]) : 100000;
    fs::path dir = fs::temp_directory_path() / fmt::format("spadework-bench-{}", ::getpid());
    fs::create_directories(dir);
    try {
        auto start = Clock::now();
        int hands = 0;
        std::vector<RecordedGame> games = generate(wanted, hands);
        fmt::print("generated {} games, {} hands in {:.2f} s\n", games.size(), hands,
                   seconds_since(start));

        start = Clock::now();
        formats::write_game_file(dir / "games.pb", games);
        fmt::print("write .pb      {:.2f} s\n", seconds_since(start));
        start = Clock::now();
        formats::write_game_file(dir / "games.spades", games);
        fmt::print("write .spades  {:.2f} s\n", seconds_since(start));

        import_run(".pb", dir / "games.pb", dir / "pb.sqlite", hands);
        import_run(".spades", dir / "games.spades", dir / "spades.sqlite", hands);

        formats::Library library(dir / "spades.sqlite");
        struct Query {
            const char* label;
            formats::GameFilter filter;
        };
        std::vector<Query> queries(5);
        queries[0].label = "player";
        queries[0].filter.player = "player042";
        queries[1].label = "date range";
        queries[1].filter.date_from = "2026.03.01";
        queries[1].filter.date_to = "2026.03.31";
        queries[2].label = "bag penalty";
        queries[2].filter.with_bag_penalty = true;
        queries[3].label = "player+nil";
        queries[3].filter.player = "player117";
        queries[3].filter.with_nil = true;
        queries[4].label = "blind nil";
        queries[4].filter.with_blind_nil = true;
        for (const Query& q : queries) {
            std::size_t found = 0;
            double ms = median_ms(21, [&] { found = library.list_games(q.filter).size(); });
            fmt::print("list --{:<12} {:>5} games  {:7.2f} ms (median of 21; goal < 50 ms)\n",
                       q.label, found, ms);
        }
        std::size_t found = 0;
        double ms = median_ms(5, [&] { found = library.player_stats().size(); });
        fmt::print("stats (all players)  {:>5} rows   {:7.2f} ms\n", found, ms);
    } catch (const std::exception& e) {
        fmt::print(stderr, "bench_formats: {}\n", e.what());
        fs::remove_all(dir);
        return 1;
    }
    fs::remove_all(dir);
    return 0;
}
