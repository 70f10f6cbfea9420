// `spadework simulate --games N --rules NAME|FILE [--rule k=v]... [--seed S] -o FILE`: games
// played by the simple bots, written as one game file (for samples, tests and benchmarks).
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "common.h"
#include "progress.h"
#include "spadework/analyzer/simple_bot.h"
#include "spadework/formats/game_file.h"

namespace spadework::cli {
namespace {

namespace fs = std::filesystem;

// Enough for any benchmark; a typo of a few zeros more would run for hours.
constexpr int kMaxGames = 1'000'000;

struct SimulateOptions {
    std::string games;
    std::string rules = "classic";
    std::vector<std::string> overrides;
    std::string seed = "1";
    // A fixed default, so that the same options always give the same bytes.
    std::string date = "2026.11.21";
    std::string out;
};

int read_games(const std::string& text) {
    auto n = to_int(text);
    if (!n || *n < 1 || *n > kMaxGames) {
        throw UsageError(
            fmt::format("--games: '{}' is not a number of games from 1 to {}", text, kMaxGames));
    }
    return *n;
}

std::uint64_t read_seed(const std::string& text) {
    std::uint64_t seed = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
        throw UsageError(
            fmt::format("--seed: '{}' is not a number from 0 to {}", text, UINT64_MAX));
    }
    return seed;
}

// The formats that can hold what the bots play, for the help text: a score sheet (.csv)
// cannot, as every simulated game is recorded card by card.
std::string output_formats() {
    std::string out;
    for (const formats::GameFormat& format : formats::game_formats()) {
        if (format.holds == formats::GameFormat::Holds::OneScoreSheet) continue;
        if (!out.empty()) out += ", ";
        out += fmt::format("{} ({})", format.extensions.front(), format.name);
    }
    return out;
}

// --date's value: a day of the calendar, written as given (as `edit --date` takes it).
const std::string& checked_date(const std::string& text) {
    date_option("--date", text);
    return text;
}

// Checks what can be checked before playing, so a bad path fails at once rather than after
// the games: the kind of file, one that can hold the games, and a folder to write it in.
void check_output(const fs::path& path) {
    const formats::GameFormat* format = formats::format_of(path);
    if (!format) {
        throw UsageError(fmt::format("-o {}: unknown kind of game file '{}': expected {}",
                                     path.string(), path.extension().string(), output_formats()));
    }
    if (format->holds == formats::GameFormat::Holds::OneScoreSheet) {
        throw UsageError(fmt::format(
            "-o {}: a {} file holds a score sheet (bids and tricks only), and the bots' games "
            "are recorded card by card: write {}",
            path.string(), format->extensions.front(), output_formats()));
    }
    fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        throw Error(fmt::format("-o {}: there is no folder {}", path.string(), dir.string()));
    }
}

void run_simulate(const SimulateOptions& opts) {
    int games = read_games(opts.games);
    std::uint64_t seed = read_seed(opts.seed);
    const std::string& date = checked_date(opts.date);
    fs::path out = opts.out;
    check_output(out);
    RuleSet rules = load_rules_with(opts.rules, opts.overrides);

    auto start = std::chrono::steady_clock::now();
    // Each game has a seed of its own, drawn from --seed, so a game can be replayed alone.
    SplitMix64 seeds(seed);
    std::vector<RecordedGame> played;
    played.reserve(static_cast<std::size_t>(games));
    std::size_t hands = 0;
    ProgressBar bar("playing " + analyzer::count_of(games, "game"));
    for (int i = 0; i < games; ++i) {
        std::uint64_t game_seed = seeds.next();
        SplitMix64 rng(game_seed);
        RecordedGame game = analyzer::play_game(rules, rng, kAllSeats[i % 4]);
        game.event = "Spadework simulation";
        game.site = "Spadework";
        game.date = date;
        game.table = std::to_string(i + 1);
        game.players = {"North Bot", "East Bot", "South Bot", "West Bot"};
        game.tags.push_back({"Round", fmt::format("{} of {}", i + 1, games)});
        game.tags.push_back({"Generator", fmt::format("spadework simulate --seed {} (game seed {})",
                                                      seed, game_seed)});
        game.comment = "Played by Spadework's simple bots: plausible play, not expert play.";
        hands += game.hands.size();
        played.push_back(std::move(game));
        bar.update(i + 1, games);
    }
    bar.finish();
    double play_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    formats::write_game_file(out, played);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    fmt::print("{}, {} under {}, seed {}: written to {} ({:.2f} s, {:.0f} games/s played)\n",
               analyzer::count_of(games, "game"), analyzer::count_of(hands, "hand"),
               spell_rules(rules), seed, out.string(), seconds,
               play_seconds > 0 ? games / play_seconds : 0.0);
}

}  // namespace

void add_simulate_command(CLI::App& app) {
    auto opts = std::make_shared<SimulateOptions>();
    CLI::App* cmd = app.add_subcommand(
        "simulate", "Play games with the built-in simple bots and write them to a game file");
    cmd->add_option("--games", opts->games, "How many games to play")->required()->type_name("N");
    add_rules_options(cmd, opts->rules, opts->overrides);
    cmd->add_option("--seed", opts->seed, "The seed of the deals and the bots' choices")
        ->capture_default_str()
        ->type_name("S");
    cmd->add_option("--date", opts->date, "The date written in every game")
        ->capture_default_str()
        ->type_name("DATE");
    cmd->add_option("-o,--output", opts->out,
                    "The file to write, by extension: " + output_formats())
        ->required()
        ->type_name("FILE");
    cmd->callback([opts] { run_simulate(*opts); });
}

}  // namespace spadework::cli
