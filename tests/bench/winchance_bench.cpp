// winchance_bench [--hands N] [--seed S] [--games G] [--games-seed S] [--rollouts R]
//                 [--rollout-seed S] [--threads T]: the win-chance tables of classic and
// Paperless (issue 22), each built from scratch (no cache read; a temporary cache folder is
// written and removed), and checked against the bots' own games. Per preset it prints:
//   - the time to measure the bots' hands (on every core: the same hands whatever the number)
//     and to iterate (on T threads, default 1), the score situations, the sweeps, the distinct
//     outcomes, the cache file's size, North-South's chance at 0 to 0 per dealer;
//   - calibration on G held-out games (their own seed): every hand's predicted chance (North-
//     South's, at the scores before it, with its dealer) against whether North-South won that
//     game, in ten bins, and the Brier score;
//   - rollouts near the end: from a grid of scores where a side is within 100 of the target
//     (every score, for Paperless), R whole games of the bots per score and dealer, the share
//     North-South won against the table's chance, and the largest difference.
// The last line is key=value pairs: build_seconds (both presets), brier, max_bin_error and
// rollout_max_diff (the worse preset's), then each preset's own figures.
#include <unistd.h>

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "spadework/analyzer/simple_bot.h"
#include "spadework/analyzer/winchance.h"
#include "spadework/engine/game.h"

namespace {

using namespace spadework;
using namespace spadework::analyzer;
using Clock = std::chrono::steady_clock;

// A game of the bots that has not ended after this many hands is left out of the checks (as
// measure_hands leaves it); the count of such games is printed.
constexpr int kMaxHands = 200;
// The goal for each calibration bin, in points of chance.
constexpr double kBinGoal = 0.03;

struct Options {
    WinChanceOptions table;
    int games = 20000;                    // held-out games for the calibration
    std::uint64_t games_seed = 22000022;  // their seed: not the table's
    int rollouts = 2000;                  // games per score and dealer near the end
    std::uint64_t rollout_seed = 22000023;
};

[[noreturn]] void usage(const std::string& why) {
    fmt::print(stderr,
               "winchance_bench: {}\nusage: winchance_bench [--hands N] [--seed S] [--games G] "
               "[--games-seed S] [--rollouts R] [--rollout-seed S] [--threads T]\n",
               why);
    std::exit(2);
}

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (i + 1 >= argc) usage("missing value after " + a);
        long long v = std::atoll(argv[++i]);
        auto seed = static_cast<std::uint64_t>(v);
        if (a == "--hands" && v >= 1) {
            o.table.hands = static_cast<int>(v);
        } else if (a == "--seed" && v >= 0) {
            o.table.seed = seed;
        } else if (a == "--games" && v >= 1) {
            o.games = static_cast<int>(v);
        } else if (a == "--games-seed" && v >= 0) {
            o.games_seed = seed;
        } else if (a == "--rollouts" && v >= 1) {
            o.rollouts = static_cast<int>(v);
        } else if (a == "--rollout-seed" && v >= 0) {
            o.rollout_seed = seed;
        } else if (a == "--threads" && v >= 1) {
            o.table.threads = static_cast<int>(v);
        } else {
            usage("bad option or value: " + a + " " + argv[i]);
        }
    }
    if (o.games_seed == o.table.seed) usage("--games-seed must differ from --seed (held out)");
    return o;
}

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// A share's binomial standard error.
double binomial_se(double share, double n) {
    return n > 0 ? std::sqrt(share * (1 - share) / n) : 0;
}

// What a finished game was worth to North-South: a win 1, a draw half.
double ns_result(const GameResult& result) {
    if (!result.winner) return 0.5;
    return *result.winner == Team::NS ? 1 : 0;
}

// ---------------------------------------------------------------------------------------
// Calibration on held-out games.

// One bin of predicted chances. Hands of one game share its outcome, so beside the binomial
// error (hands taken as independent) the bin keeps each game's residuals, for an error that
// counts the games rather than the hands.
struct Bin {
    int hands = 0;
    double predicted = 0;                           // the sum of the predictions
    double won = 0;                                 // the sum of the outcomes
    std::map<int, std::pair<int, double>> by_game;  // game -> (hands, outcomes summed)

    double mean_predicted() const { return hands ? predicted / hands : 0; }
    double share() const { return hands ? won / hands : 0; }
    double se_by_game() const {
        double sum = 0;
        for (const auto& [game, g] : by_game) {
            double r = g.second - g.first * share();
            sum += r * r;
        }
        return hands ? std::sqrt(sum) / hands : 0;
    }
};

struct Calibration {
    std::array<Bin, 10> bins;
    double brier_sum = 0;
    int hands = 0;
    int games = 0;
    int unfinished = 0;
    double brier() const { return hands ? brier_sum / hands : 0; }
};

// North-South's chance at the start of the hand `tally` is about to score, dealt by `dealer`.
double predicted(const WinChanceTable& table, const Game& tally, Seat dealer) {
    int ns = tally.standings()[index(Team::NS)].score;
    int ew = tally.standings()[index(Team::EW)].score;
    if (tally.overtime_sets() > 0) return table.overtime_chance(ns, ew, dealer);
    return table.chance(ns, ew, dealer);
}

Calibration calibrate(const WinChanceTable& table, int games, std::uint64_t seed) {
    const RuleSet& rules = table.rules();
    Calibration c;
    SplitMix64 seeds(seed);
    std::vector<double> predictions;
    for (int g = 0; g < games; ++g) {
        SplitMix64 rng(seeds.next());
        RecordedGame game = play_game(rules, rng, kAllSeats[g % 4], kMaxHands);
        ScoredGame scored = score_game(game, rules);
        if (!scored.result) {
            ++c.unfinished;
            continue;
        }
        double y = ns_result(*scored.result);
        Game tally(rules);
        predictions.clear();
        for (std::size_t h = 0; h < scored.outcomes.size(); ++h) {
            predictions.push_back(predicted(table, tally, game.hands[h].dealer));
            tally.add_hand(scored.outcomes[h]);
        }
        for (double p : predictions) {
            Bin& bin = c.bins[static_cast<std::size_t>(std::clamp(static_cast<int>(p * 10), 0, 9))];
            ++bin.hands;
            bin.predicted += p;
            bin.won += y;
            auto& [n, sum] = bin.by_game[g];
            ++n;
            sum += y;
            c.brier_sum += (p - y) * (p - y);
            ++c.hands;
        }
        ++c.games;
    }
    return c;
}

// Prints the bins; returns the largest gap between a bin's mean prediction and its share won.
double print_calibration(const Calibration& c, std::uint64_t seed, double seconds) {
    fmt::print(
        "  calibration: {} held-out games (seed {}, {} left unfinished after {} hands, {:.1f} s), "
        "{} hands; Brier {:.4f} (a constant 50% scores 0.2500)\n",
        c.games, seed, c.unfinished, kMaxHands, seconds, c.hands, c.brier());
    fmt::print(
        "    bin        hands  games  predicted  won     won-predicted  ±binomial  ±by game  goal "
        "(3 points)\n");
    double worst = 0;
    std::vector<std::string> misses;
    for (std::size_t i = 0; i < c.bins.size(); ++i) {
        const Bin& b = c.bins[i];
        std::string label = fmt::format("{}-{}%", 10 * i, 10 * (i + 1));
        std::string range = fmt::format("{:>7}", label);
        if (b.hands == 0) {
            fmt::print("    {}  {:>6}\n", range, 0);
            continue;
        }
        double gap = b.share() - b.mean_predicted();
        double se = b.se_by_game();
        worst = std::max(worst, std::abs(gap));
        std::string verdict = "met";
        if (std::abs(gap) > kBinGoal) {
            // A miss beyond twice the error counted by games is bias, not noise.
            verdict = std::abs(gap) > 2 * se ? "MISSED" : "missed, within noise";
            misses.push_back(fmt::format("{} by {:+.1f}", label, 100 * gap));
        }
        fmt::print(
            "    {}  {:>6} {:>6}  {:>8.1f}%  {:>5.1f}%  {:>+12.1f}  {:>9.1f}  {:>8.1f}  {}\n",
            range, b.hands, b.by_game.size(), 100 * b.mean_predicted(), 100 * b.share(), 100 * gap,
            100 * binomial_se(b.share(), b.hands), 100 * se, verdict);
    }
    std::string list;
    for (const std::string& m : misses) list += (list.empty() ? "" : ", ") + m;
    fmt::print("    largest gap {:.1f} points; bins off by more than 3 points: {}\n", 100 * worst,
               misses.empty() ? "none" : list);
    return worst;
}

// ---------------------------------------------------------------------------------------
// Rollouts near the end.

// Scores where a side is within 100 of the target: for Paperless (a target of 6) every score;
// for a 500 target, a grid of both sides' scores from 97 to 3 short of it (bags, the last
// digit, from 0 to 7), and a side near it against one far behind.
std::vector<std::pair<int, int>> near_end_scores(const RuleSet& rules) {
    std::vector<std::pair<int, int>> out;
    if (rules.target <= 20) {
        int low = rules.loss_limit ? std::max(0, *rules.loss_limit + 1) : 0;
        for (int a = low; a < rules.target; ++a) {
            for (int b = low; b < rules.target; ++b) out.push_back({a, b});
        }
        return out;
    }
    const int t = rules.target;
    const int near[] = {t - 97, t - 74, t - 48, t - 26, t - 3};
    for (int a : near) {
        for (int b : near) out.push_back({a, b});
    }
    for (auto [a, b] : {std::pair{t - 9, t - 150}, std::pair{t - 13, -120}}) {
        out.push_back({a, b});
        out.push_back({b, a});
    }
    return out;
}

struct Rollout {
    int ns = 0, ew = 0;
    Seat dealer = Seat::North;
    int games = 0;
    int unfinished = 0;
    double won = 0;  // North-South's wins, a draw half
    double table = 0;
    double share() const { return games ? won / games : 0; }
    double diff() const { return share() - table; }
    double se() const { return binomial_se(share(), games); }
};

// Standings as a game holds them at these scores: the bags are the score's last digit under
// rules the table accepts.
Standings standings_at(const RuleSet& rules, int ns, int ew) {
    auto bags = [&](int s) {
        if (!rules.counts_bags()) return 0;
        int r = s % rules.bag_limit;
        return r < 0 ? r + rules.bag_limit : r;
    };
    return {TeamStanding{ns, bags(ns)}, TeamStanding{ew, bags(ew)}};
}

std::vector<Rollout> roll_out(const WinChanceTable& table, int per_state, std::uint64_t seed) {
    const RuleSet& rules = table.rules();
    SplitMix64 seeds(seed);
    std::vector<Rollout> out;
    for (auto [ns, ew] : near_end_scores(rules)) {
        for (Seat dealer : kAllSeats) {
            Rollout r{ns, ew, dealer, 0, 0, 0, table.chance(ns, ew, dealer)};
            SplitMix64 rng(seeds.next());
            Standings start = standings_at(rules, ns, ew);
            for (int i = 0; i < per_state; ++i) {
                GameFromStandings game = play_game_from(rules, start, dealer, rng, kMaxHands);
                if (!game.result) {
                    ++r.unfinished;
                    continue;
                }
                ++r.games;
                r.won += ns_result(*game.result);
            }
            out.push_back(r);
        }
    }
    return out;
}

// Prints the worst states; returns the largest difference between rollouts and table.
double print_rollouts(const std::vector<Rollout>& rollouts, int per_state, double seconds) {
    std::vector<const Rollout*> order;
    for (const Rollout& r : rollouts) order.push_back(&r);
    std::sort(order.begin(), order.end(), [](const Rollout* a, const Rollout* b) {
        return std::abs(a->diff()) > std::abs(b->diff());
    });
    int beyond = 0, unfinished = 0;
    double sum = 0;
    for (const Rollout& r : rollouts) {
        beyond += std::abs(r.diff()) > 2 * r.se();
        unfinished += r.unfinished;
        sum += std::abs(r.diff());
    }
    fmt::print(
        "  rollouts near the end: {} scores x dealer, {} games each ({} unfinished), {:.1f} s; "
        "mean |rollouts - table| {:.1f} points, {} of {} beyond twice their ±\n",
        rollouts.size(), per_state, unfinished, seconds, 100 * sum / rollouts.size(), beyond,
        rollouts.size());
    fmt::print("    largest differences (NS-EW, dealer: rollouts vs table):\n");
    for (std::size_t i = 0; i < std::min<std::size_t>(6, order.size()); ++i) {
        const Rollout& r = *order[i];
        fmt::print("      {:>4}-{:<4} {} deals: {:5.1f}% ± {:.1f} vs {:5.1f}%  ({:+.1f} points)\n",
                   r.ns, r.ew, seat_char(r.dealer), 100 * r.share(), 100 * r.se(), 100 * r.table,
                   100 * r.diff());
    }
    return order.empty() ? 0 : std::abs(order.front()->diff());
}

// ---------------------------------------------------------------------------------------

struct PresetFigures {
    double build = 0;
    double brier = 0;
    double max_bin_error = 0;
    double rollout_max_diff = 0;
};

PresetFigures bench_table(const std::string& name, const Options& options, std::string& pairs) {
    RuleSet rules = preset(name);
    auto start = Clock::now();
    const int measure_threads =
        options.table.measure_threads > 0
            ? options.table.measure_threads
            : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    HandDistribution hands =
        measure_hands(rules, options.table.hands, options.table.seed, measure_threads);
    double measure = seconds_since(start);
    start = Clock::now();
    WinChanceTable table = WinChanceTable::build(rules, hands, options.table.threads);
    double iterate = seconds_since(start);
    // The cache as load_winchance writes it: the file's size.
    start = Clock::now();
    LoadedWinChance loaded = load_winchance(rules, options.table);
    double cached_build = seconds_since(start);
    start = Clock::now();
    LoadedWinChance again = load_winchance(rules, options.table);
    double load = seconds_since(start);
    auto bytes = std::filesystem::file_size(loaded.file);

    int situations = 0;
    for (const SituationHands& s : hands.situations) situations += s.hands > 0;
    fmt::print(
        "{}: {} hands (seed {}) in {} score situations, each as many as the {} hands of whole "
        "games began in it and at least {}; {} distinct outcomes (per situation); measured in "
        "{:.2f} s on {} threads\n",
        name, hands.hands, options.table.seed, situations, hands.game_hands,
        situation_quota(options.table.hands), hands.distinct(), measure, measure_threads);
    fmt::print(
        "  table: scores {}..{} ({} x {} cells x 2 dealing sides), {} sweeps to a largest "
        "change of {:.1e}, {:.2f} s on {} threads\n",
        table.low(), table.target() - 1, table.main_set().width, table.main_set().width,
        table.iterations(), table.last_change(), iterate, options.table.threads);
    fmt::print("  cache: {} bytes, built and written in {:.2f} s, read back in {:.3f} s ({})\n",
               bytes, cached_build, load, again.from_cache ? "from the cache" : "REBUILT");
    fmt::print("  North-South's chance at 0 to 0:");
    for (Seat d : kAllSeats) fmt::print(" {} deals {:.4f}", seat_char(d), table.chance(0, 0, d));
    fmt::print("\n");

    PresetFigures f;
    f.build = measure + iterate;
    start = Clock::now();
    Calibration c = calibrate(table, options.games, options.games_seed);
    f.brier = c.brier();
    f.max_bin_error = print_calibration(c, options.games_seed, seconds_since(start));
    start = Clock::now();
    std::vector<Rollout> rollouts = roll_out(table, options.rollouts, options.rollout_seed);
    f.rollout_max_diff = print_rollouts(rollouts, options.rollouts, seconds_since(start));

    pairs += fmt::format(" {0}_build_seconds={1:.2f} {0}_sweeps={2} {0}_cache_bytes={3}", name,
                         f.build, table.iterations(), bytes);
    for (Seat d : kAllSeats) {
        pairs += fmt::format(" {}_chance_00_{}={:.4f}", name, seat_char(d), table.chance(0, 0, d));
    }
    pairs +=
        fmt::format(" {0}_brier={1:.4f} {0}_max_bin_error={2:.4f} {0}_rollout_max_diff={3:.4f}",
                    name, f.brier, f.max_bin_error, f.rollout_max_diff);
    return f;
}

}  // namespace

int main(int argc, char** argv) {
    Options options = parse(argc, argv);
    options.table.cache_dir =
        std::filesystem::temp_directory_path() / ("winchance_bench_" + std::to_string(::getpid()));
    std::string pairs;
    PresetFigures total;
    for (std::string name : {"classic", "paperless"}) {
        PresetFigures f = bench_table(name, options, pairs);
        total.build += f.build;
        total.brier = std::max(total.brier, f.brier);
        total.max_bin_error = std::max(total.max_bin_error, f.max_bin_error);
        total.rollout_max_diff = std::max(total.rollout_max_diff, f.rollout_max_diff);
    }
    std::error_code ec;
    std::filesystem::remove_all(options.table.cache_dir, ec);
    fmt::print("build_seconds={:.2f} brier={:.4f} max_bin_error={:.4f} rollout_max_diff={:.4f}{}\n",
               total.build, total.brier, total.max_bin_error, total.rollout_max_diff, pairs);
    return 0;
}
