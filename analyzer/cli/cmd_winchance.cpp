// `spadework winchance --rules R --at NS,EW --dealer N [--json] [--png FILE]`: North-South's
// chance to win the game from the start of a hand at those scores, read from the rule set's
// win-chance table (built from the bots' hands the first time, then cached on disk).
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "commands.h"
#include "common.h"
#include "spadework/analyzer/winchance.h"
#include "spadework/engine/error.h"
#include "spadework/engine/game.h"

namespace spadework::cli {
namespace {

namespace fs = std::filesystem;

// Fewer hands give a table too noisy to read; more than this runs for an hour.
constexpr int kMinHands = 100;
constexpr int kMaxHands = 10'000'000;

struct WinChanceCliOptions {
    std::string rules = "classic";
    std::vector<std::string> overrides;
    std::vector<std::string> at = {"0", "0"};
    std::string dealer = "N";
    std::string hands = "100000";
    std::string seed = "1";
    std::string cache;
    std::string png;
    bool json = false;
};

std::pair<int, int> read_at(const std::vector<std::string>& values) {
    if (values.size() != 2) {
        throw UsageError(
            fmt::format("--at: expected two scores, NS,EW (as 480,450), got {}",
                        analyzer::count_of(static_cast<long long>(values.size()), "value")));
    }
    std::array<int, 2> scores{};
    for (std::size_t i = 0; i < 2; ++i) {
        auto n = to_int(values[i]);
        if (!n) bad_value("--at", values[i], i, "is not a score");
        scores[i] = *n;
    }
    return {scores[0], scores[1]};
}

Seat read_dealer(const std::string& text) {
    return seat_option("--dealer", text);
}

analyzer::WinChanceOptions read_options(const WinChanceCliOptions& opts) {
    analyzer::WinChanceOptions o;
    auto hands = to_int(opts.hands);
    if (!hands || *hands < kMinHands || *hands > kMaxHands) {
        throw UsageError(fmt::format("--hands: '{}' is not a number of hands from {} to {}",
                                     opts.hands, kMinHands, kMaxHands));
    }
    o.hands = *hands;
    auto [end, ec] = std::from_chars(opts.seed.data(), opts.seed.data() + opts.seed.size(), o.seed);
    if (opts.seed.empty() || ec != std::errc() || end != opts.seed.data() + opts.seed.size()) {
        throw UsageError(
            fmt::format("--seed: '{}' is not a number from 0 to {}", opts.seed, UINT64_MAX));
    }
    o.cache_dir = opts.cache;
    return o;
}

void run_winchance(const WinChanceCliOptions& opts) {
    RuleSet rules = load_rules_with(opts.rules, opts.overrides);
    auto [ns, ew] = read_at(opts.at);
    Seat dealer = read_dealer(opts.dealer);
    analyzer::WinChanceOptions options = read_options(opts);
    if (!opts.png.empty()) {
        check_picture_file("--png", opts.png, analyzer::PictureFormat::Png);
        fs::path dir = fs::path(opts.png).parent_path();
        std::error_code ec;
        if (!dir.empty() && !fs::is_directory(dir, ec)) {
            throw Error(fmt::format("--png {}: there is no folder {}", opts.png, dir.string()));
        }
    }
    // Refused rules fail here, before the cache is read or a hand is played.
    analyzer::check_winchance_rules(rules);
    analyzer::LoadedWinChance loaded = analyzer::load_winchance(rules, options);
    const analyzer::WinChanceTable& table = loaded.table;
    // Without a loss limit the table stops somewhere below zero; with one, scores under it
    // are a game already lost, which the table answers.
    if (!rules.loss_limit && std::min(ns, ew) < table.low()) {
        throw Error(fmt::format("--at: {},{} is below the lowest score the table holds ({})", ns,
                                ew, table.low()));
    }
    double chance = table.chance(ns, ew, dealer);
    if (!opts.png.empty())
        analyzer::write_png(opts.png, analyzer::winchance_image(table, dealer).image);

    if (opts.json) {
        nlohmann::ordered_json j;
        j["rules"] = spell_rules(rules);
        j["ns"] = ns;
        j["ew"] = ew;
        j["dealer"] = seat_letter(dealer);
        j["chance"] = chance;
        j["hands"] = table.hands();
        j["seed"] = options.seed;
        j["outcomes"] = table.outcomes();
        j["sweeps"] = table.iterations();
        j["last_change"] = table.last_change();
        j["from_cache"] = loaded.from_cache;
        j["cache_file"] = loaded.file.string();
        if (!opts.png.empty()) j["png"] = opts.png;
        fmt::print("{}\n", j.dump(2));
        return;
    }
    fmt::print("North-South's chance to win at {} to {}, {} to deal, under {}: {:.1f}%\n", ns, ew,
               seat_char(dealer), spell_rules(rules), 100 * chance);
    fmt::print("(from {} bot hands, seed {}; {} sweeps; {})\n", table.hands(), options.seed,
               table.iterations(),
               loaded.from_cache ? "read from " + loaded.file.string()
                                 : fmt::format("built in {:.1f} s, cached in {}",
                                               loaded.build_seconds, loaded.file.string()));
    if (!opts.png.empty()) fmt::print("heat map for {} dealing: {}\n", seat_char(dealer), opts.png);
    // A score that ends the game leaves no hand to play: the chance is its result.
    if (std::optional<EndReason> end = set_ended(rules, rules.target, ns, ew, 0)) {
        fmt::print("(these scores end the game ({}): no hand is played from them)\n",
                   end_reason_name(*end));
    }
}

}  // namespace

void add_winchance_command(CLI::App& app) {
    auto opts = std::make_shared<WinChanceCliOptions>();
    CLI::App* cmd = app.add_subcommand(
        "winchance", "North-South's chance to win the game from a score, under a rule set");
    add_rules_options(cmd, opts->rules, opts->overrides);
    cmd->add_option("--at", opts->at, "The scores before the hand, NS,EW (as 480,450)")
        ->delimiter(',')
        ->type_name("NS,EW");
    cmd->add_option("--dealer", opts->dealer, "The seat that deals (and bids last)")
        ->capture_default_str()
        ->type_name("SEAT");
    cmd->add_option("--hands", opts->hands, "Bot hands the table is measured from")
        ->capture_default_str()
        ->type_name("N");
    cmd->add_option("--seed", opts->seed, "The seed of those hands")
        ->capture_default_str()
        ->type_name("S");
    cmd->add_option("--cache", opts->cache, "The cache folder (default: $XDG_CACHE_HOME/spadework)")
        ->type_name("DIR");
    cmd->add_option("--png", opts->png, "Draw the table for the dealer as a heat map")
        ->type_name("FILE");
    cmd->add_flag("--json", opts->json, "Print JSON");
    cmd->callback([opts] { run_winchance(*opts); });
}

}  // namespace spadework::cli
