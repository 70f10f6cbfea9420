// review_bench [--hands N] [--seed S] [--samples N] [--threads N] [--bid-hands N]
//              [--table-mb N] [--verbose] [--no-games] [--hand K] [--batch-games N]
//              [--batch-seed S]: the figures of issue 5's hand review, printed next to their
//              goals, not asserted.
//
// Games are played by the simple bots (play_game) under classic and paperless from a fixed
// seed, and their first N hands with cards (default 20 per rule set) are reviewed:
//  (1) the play review of each hand on one thread (one Solver per rule set, as review_game
//      keeps one per game): median, p90 and max seconds, wall clock and this thread's
//      processor time (the machine may be shared); goal median < 0.3 s;
//  (2) the bid review of each of the first --bid-hands hands (default 5: it is the slow part)
//      with 1 and with --threads threads (default 2): median seconds ('n/a' while
//      review_bids is not available);
//  (3) a whole 10-hand game, play and bid review (review_game, --threads threads): seconds,
//      goal < 10 s; and the play part alone (--no-games leaves these out);
//  (4) a batch of --batch-games games (default 4; 0 leaves it out) as `analyze --all` reviews
//      them (review_games), on 1 and on --threads threads: the speed-up, goal >= 1.8x with 2,
//      and whether the reviews are the same. The games are those of `spadework simulate
//      --games N --rules classic --rule hand_limit=3 --seed S` (--batch-seed, default 5).
// --samples and --table-mb override the review's defaults; --verbose prints each hand.
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "spadework/analyzer/review.h"
#include "spadework/analyzer/simple_bot.h"

namespace {

using namespace spadework;
using namespace spadework::analyzer;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// This thread's processor time: on a machine shared with other work, what the one-thread
// figures would be on an idle one.
double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Each line as soon as it is known: a long run shows its progress.
template <typename... Args>
void say(fmt::format_string<Args...> format, Args&&... args) {
    fmt::print(format, std::forward<Args>(args)...);
    std::fflush(stdout);
}

struct Options {
    int hands = 20;
    std::uint64_t seed = 1;
    std::optional<int> samples;  // the review's default when not given
    int threads = 2;
    int bid_hands = 5;
    std::optional<int> table_megabytes;  // each solver's table; the review's default if not given
    bool verbose = false;                // a line per hand reviewed
    bool games = true;                   // (3): --no-games leaves the whole games out
    std::optional<int> hand;             // --hand K: only the K-th hand (0-based) of each list
    int batch_games = 4;                 // (4): 0 leaves the batch out
    std::uint64_t batch_seed = 5;
};

[[noreturn]] void usage(std::string_view why) {
    fmt::print(stderr, "review_bench: {}\n", why);
    fmt::print(stderr,
               "usage: review_bench [--hands N] [--seed S] [--samples N] [--threads N] "
               "[--bid-hands N] [--table-mb N] [--verbose] [--no-games] [--hand K] "
               "[--batch-games N] [--batch-seed S]\n");
    std::exit(2);
}

Options parse_options(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        std::string_view arg = argv[i];
        if (arg == "--help" || arg == "-h") usage("the figures of the hand review");
        if (arg == "--verbose") {
            o.verbose = true;
            continue;
        }
        if (arg == "--no-games") {
            o.games = false;
            continue;
        }
        if (i + 1 >= argc) usage(fmt::format("{} needs a value", arg));
        char* end = nullptr;
        long long v = std::strtoll(argv[++i], &end, 10);
        if (*end != '\0' || v < 0) usage(fmt::format("{}: not a whole number: {}", arg, argv[i]));
        if (arg == "--hands" && v >= 1) {
            o.hands = static_cast<int>(v);
        } else if (arg == "--seed") {
            o.seed = static_cast<std::uint64_t>(v);
        } else if (arg == "--samples" && v >= 1) {
            o.samples = static_cast<int>(v);
        } else if (arg == "--threads" && v >= 1) {
            o.threads = static_cast<int>(v);
        } else if (arg == "--hand") {
            o.hand = static_cast<int>(v);
        } else if (arg == "--bid-hands") {
            o.bid_hands = static_cast<int>(v);
        } else if (arg == "--table-mb" && v >= 1) {
            o.table_megabytes = static_cast<int>(v);
        } else if (arg == "--batch-games") {
            o.batch_games = static_cast<int>(v);
        } else if (arg == "--batch-seed") {
            o.batch_seed = static_cast<std::uint64_t>(v);
        } else {
            usage(fmt::format("unknown option or value out of range: {} {}", arg, argv[i]));
        }
    }
    return o;
}

// A hand to review: its game and the standings it began from.
struct HandRef {
    const RecordedGame* game;
    int hand;
    Standings before;
};

// Bot games under `rules` until `count` hands with cards are in hand.
std::vector<RecordedGame> play_games(const RuleSet& rules, std::uint64_t seed, int count) {
    SplitMix64 rng(seed);
    std::vector<RecordedGame> games;
    int hands = 0;
    while (hands < count) {
        games.push_back(play_game(rules, rng));
        for (const RecordedHand& h : games.back().hands) hands += h.cards.empty() ? 0 : 1;
    }
    return games;
}

std::vector<HandRef> first_hands(const std::vector<RecordedGame>& games, int count) {
    std::vector<HandRef> out;
    for (const RecordedGame& g : games) {
        std::vector<Standings> before = standings_before_hands(g);
        for (int h = 0; h < static_cast<int>(g.hands.size()); ++h) {
            if (static_cast<int>(out.size()) == count) return out;
            if (!g.hands[h].cards.empty()) out.push_back({&g, h, before[h]});
        }
    }
    return out;
}

// The value at a fraction of the sorted times (nearest rank).
double quantile(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    std::size_t i = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

// (1) Play review, one thread.
void bench_play(const std::string& name, const std::vector<HandRef>& hands,
                const ReviewSettings& settings, bool verbose) {
    Solver solver(SolverOptions{settings.table_megabytes});
    std::vector<double> times;
    std::vector<double> cpu;
    std::uint64_t nodes = 0;
    int flags = 0;
    int cards = 0;
    int unvalued = 0;
    for (const HandRef& h : hands) {
        auto start = Clock::now();
        double cpu_start = thread_cpu_seconds();
        PlayReview r = review_play(*h.game, h.hand, h.before, settings, solver);
        times.push_back(seconds_since(start));
        cpu.push_back(thread_cpu_seconds() - cpu_start);
        nodes += r.nodes;
        cards += static_cast<int>(r.cards.size());
        unvalued += r.unvalued();
        int f = 0;
        for (const CardReview& c : r.cards) f += c.flag != FlagClass::None;
        flags += f;
        if (verbose) {
            std::string bids;
            for (Bid b : h.game->hands[h.hand].bids) bids += " " + to_string(b);
            say("  {} hand {:2}: {:7.3f} s (cpu {:7.3f} s) {:7.2f} M nodes, {:2} flagged, {:2} "
                "score "
                "not valued, bids{}\n",
                name, times.size() - 1, times.back(), cpu.back(), double(r.nodes) / 1e6, f,
                r.unvalued(), bids);
        }
    }
    say("play review   {:<9} {:3} hands  median {:6.3f} s  p90 {:6.3f} s  max {:6.3f} s   "
        "(goal: median < 0.3 s)\n"
        "                        processor time: median {:6.3f} s  p90 {:6.3f} s  max {:6.3f} s   "
        "{} cards, {} flagged, {:.1f} M nodes\n"
        "                        score not valued (search past {} M positions): {} of {} cards\n",
        name, hands.size(), quantile(times, 0.5), quantile(times, 0.9),
        *std::max_element(times.begin(), times.end()), quantile(cpu, 0.5), quantile(cpu, 0.9),
        *std::max_element(cpu.begin(), cpu.end()), cards, flags, double(nodes) / 1e6,
        settings.score_node_budget / 1'000'000, unvalued, cards);
}

// (2) Bid review: the median seconds per hand with `threads` workers, or nothing when the
// bid review cannot run.
std::optional<double> bid_median(const std::vector<HandRef>& hands, ReviewSettings settings,
                                 int threads, std::string& error) {
    settings.threads = threads;
    std::vector<double> times;
    for (const HandRef& h : hands) {
        auto start = Clock::now();
        try {
            review_bids(*h.game, h.hand, h.before, settings);
        } catch (const Error& e) {
            error = e.what();
            return std::nullopt;
        }
        times.push_back(seconds_since(start));
    }
    if (times.empty()) return std::nullopt;
    return quantile(times, 0.5);
}

void bench_bids(const std::string& name, const std::vector<HandRef>& hands,
                const ReviewSettings& settings, int threads) {
    auto show = [](std::optional<double> s) {
        return s ? fmt::format("{:6.3f} s", *s) : std::string("   n/a  ");
    };
    std::string error;
    std::optional<double> one = bid_median(hands, settings, 1, error);
    std::optional<double> many = one ? bid_median(hands, settings, threads, error) : std::nullopt;
    say("bid review    {:<9} {:3} hands  median {} (1 thread)  {} ({} threads)   "
        "(goal: about 1 s per hand on one core at the default samples, {}){}\n",
        name, hands.size(), show(one), show(many), threads, settings.samples,
        error.empty() ? "" : "  [" + error + "]");
}

// (3) A whole game of ten hands.
void bench_game(const std::string& name, const RuleSet& rules, std::uint64_t seed,
                const ReviewSettings& settings) {
    SplitMix64 rng(seed);
    RecordedGame game;
    for (int tries = 0; tries < 100 && game.hands.size() < 10; ++tries) {
        game = play_game(rules, rng, Seat::North, 10);
    }
    if (game.hands.size() < 10) {
        say("game review   {:<9} no game of 10 hands in 100 tries\n", name);
        return;
    }
    // The play part alone, on one thread, as review_game does it.
    std::vector<Standings> before = standings_before_hands(game);
    Solver solver(SolverOptions{settings.table_megabytes});
    auto start = Clock::now();
    for (int h = 0; h < 10; ++h) {
        if (!game.hands[h].cards.empty()) review_play(game, h, before[h], settings, solver);
    }
    double play = seconds_since(start);
    // The whole review on one thread, then on settings.threads: the speed-up, and the same
    // review (the report's text) from both.
    auto timed = [&](int threads, std::string& text) -> std::optional<double> {
        ReviewSettings s = settings;
        s.threads = threads;
        auto t0 = Clock::now();
        try {
            GameReview r = review_game(game, s);
            double seconds = seconds_since(t0);
            text = format_review(r, game);
            return seconds;
        } catch (const Error& e) {
            text = e.what();
            return std::nullopt;
        }
    };
    std::string one_text;
    std::string many_text;
    std::optional<double> one = timed(1, one_text);
    std::optional<double> many = timed(settings.threads, many_text);
    if (!one || !many) {
        say("game review   {:<9} n/a  [{}]\n", name, one ? many_text : one_text);
        return;
    }
    say("game review   {:<9} 10 hands  play and bids: 1 thread {:6.2f} s, {} threads {:6.2f} s, "
        "speed-up {:.2f}x (goal >= 1.8x with 2), {} reviews  (goal: < 10 s)   play alone "
        "{:6.2f} s\n",
        name, *one, settings.threads, *many, *one / *many,
        one_text == many_text ? "identical" : "DIFFERENT", play);
}

// (4) A batch of games, as `analyze --all` reviews them: the games `spadework simulate
// --games N --rules classic --rule hand_limit=3 --seed S` writes (each game's seed drawn from
// S, the first dealer turning), reviewed on one thread and on settings.threads.
void bench_batch(int count, std::uint64_t seed, const ReviewSettings& settings) {
    const RuleSet rules = make_rules("classic", {"hand_limit=3"});
    SplitMix64 seeds(seed);
    std::vector<RecordedGame> games;
    int hands = 0;
    for (int i = 0; i < count; ++i) {
        SplitMix64 rng(seeds.next());
        games.push_back(play_game(rules, rng, kAllSeats[i % 4]));
        hands += static_cast<int>(games.back().hands.size());
    }
    // Each game's report (or its error), by game.
    auto timed = [&](int threads, std::vector<std::string>& texts) {
        ReviewSettings s = settings;
        s.threads = threads;
        texts.assign(games.size(), "");
        auto start = Clock::now();
        review_games(
            count, [&](int i) { return games[i]; }, s,
            [&](BatchGame& g) {
                if (!g.error) {
                    texts[g.index] = format_review(*g.review, *g.game);
                    return;
                }
                try {
                    std::rethrow_exception(g.error);
                } catch (const Error& e) {
                    texts[g.index] = std::string("error: ") + e.what();
                }
            });
        return seconds_since(start);
    };
    std::vector<std::string> one_texts;
    std::vector<std::string> many_texts;
    double one = timed(1, one_texts);
    double many = timed(settings.threads, many_texts);
    say("batch review  classic   {} games of {} hands in all (analyze --all): 1 thread {:6.2f} s, "
        "{} threads {:6.2f} s, speed-up {:.2f}x (goal >= 1.8x with 2), {} reviews\n",
        count, hands, one, settings.threads, many, one / many,
        one_texts == many_texts ? "identical" : "DIFFERENT");
}

}  // namespace

int main(int argc, char** argv) {
    Options opt = parse_options(argc, argv);
    ReviewSettings settings;
    if (opt.samples) settings.samples = *opt.samples;
    if (opt.table_megabytes)
        settings.table_megabytes = static_cast<std::size_t>(*opt.table_megabytes);
    settings.seed = opt.seed;
    say("review_bench: {} hands per rule set, seed {}, {} samples, {} threads, {} MB tables\n",
        opt.hands, opt.seed, settings.samples, opt.threads, settings.table_megabytes);

    const std::vector<std::pair<std::string, RuleSet>> rule_sets = {
        {"classic", preset("classic")}, {"paperless", preset("paperless")}};
    std::vector<std::vector<RecordedGame>> games;
    std::vector<std::vector<HandRef>> hands;
    games.reserve(rule_sets.size());
    for (const auto& [name, rules] : rule_sets) {
        games.push_back(play_games(rules, opt.seed, opt.hands));
        hands.push_back(first_hands(games.back(), opt.hands));
        if (opt.hand) {
            if (*opt.hand >= static_cast<int>(hands.back().size())) usage("--hand: no such hand");
            hands.back() = {hands.back()[*opt.hand]};
        }
    }
    for (std::size_t i = 0; i < rule_sets.size(); ++i) {
        bench_play(rule_sets[i].first, hands[i], settings, opt.verbose);
    }
    for (std::size_t i = 0; i < rule_sets.size(); ++i) {
        std::vector<HandRef> some(
            hands[i].begin(),
            hands[i].begin() + std::min<std::size_t>(hands[i].size(), opt.bid_hands));
        bench_bids(rule_sets[i].first, some, settings, opt.threads);
    }
    // A Paperless game rarely lasts ten hands (it is played to 6 points): a higher target
    // keeps its scoring and makes the game long enough.
    ReviewSettings game_settings = settings;
    game_settings.threads = opt.threads;
    if (opt.games) {
        bench_game("classic", preset("classic"), opt.seed, game_settings);
        bench_game("paperless", make_rules("paperless", {"target=100"}), opt.seed, game_settings);
    }
    if (opt.batch_games > 0) bench_batch(opt.batch_games, opt.batch_seed, game_settings);
    return 0;
}
