// review_stability [--bids N] [--passes N] [--seeds K] [--reference L] [--threads T]
//                  [--samples N] [--batch N] [--game FILE]: how much the bid and pass reviews'
//                  verdicts depend
// on the sampling seed, printed next to their goals (issue "bid reviews a player can trust").
//
// Decisions come from games the simple bots play under classic and Paperless from fixed seeds:
// the first N bids (default 60, half under each rule set) and the first N passes (default 16,
// Paperless). Each is reviewed at the default settings (or --samples/--batch) under K sampling
// seeds (default 4), and once at a reference setting of L layouts drawn at once (default 1000;
// its own seed; --reference 0 leaves it out). With --game FILE, the decisions are instead every
// bid and pass of the file's first game (a whole game as `analyze` reviews it). It prints:
//  - the share of decisions whose class is the same under all K seeds (goal >= 95%);
//  - the share whose named best is within the bid margin of every other seed's best, valued
//    by that seed's estimates (goal >= 95%);
//  - agreement of the first seed's class with the reference's (the class of its shortfall's
//    estimate; goal >= 95%), and how many default mistakes or blunders the reference calls
//    none (goal 0);
//  - layouts used per decision (median, p90) and seconds per decision (median, p90) on 1 and
//    on T threads (default 2), the first seed's reviews timed again with T threads.
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "spadework/analyzer/review.h"
#include "spadework/analyzer/simple_bot.h"
#include "spadework/formats/game_file.h"

namespace {

using namespace spadework;
using namespace spadework::analyzer;
using Clock = std::chrono::steady_clock;

struct Options {
    int bids = 60;
    int passes = 16;
    int seeds = 4;
    int reference = 1000;
    int threads = 2;
    std::string game;  // --game FILE: every decision of its first game
    ReviewSettings defaults;
};

[[noreturn]] void usage(const std::string& why) {
    std::fprintf(stderr,
                 "review_stability: %s\nusage: review_stability [--bids N] [--passes N] "
                 "[--seeds K] [--reference L] [--threads T] [--samples N] [--batch N] "
                 "[--game FILE]\n",
                 why.c_str());
    std::exit(2);
}

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (i + 1 >= argc) usage("missing value after " + a);
        if (a == "--game") {
            o.game = argv[++i];
            continue;
        }
        int v = std::atoi(argv[++i]);
        if (v < (a == "--reference" ? 0 : 1)) usage(a + " is too small");
        if (a == "--bids") {
            o.bids = v;
        } else if (a == "--passes") {
            o.passes = v;
        } else if (a == "--seeds") {
            o.seeds = v;
        } else if (a == "--reference") {
            o.reference = v;
        } else if (a == "--threads") {
            o.threads = v;
        } else if (a == "--samples") {
            o.defaults.samples = v;
        } else if (a == "--batch") {
            o.defaults.batch = v;
        } else {
            usage("unknown argument " + a);
        }
    }
    if (o.seeds < 2) usage("--seeds must be at least 2");
    return o;
}

// One decision of a bot game: a bid (its index) or a pass (its passer).
struct Decision {
    const RecordedGame* game = nullptr;
    int hand = 0;
    Standings before{};
    int bid = -1;
    Seat passer = Seat::North;
};

// What a review said of a decision.
struct Verdict {
    FlagClass flag = FlagClass::None;
    FlagClass point_class = FlagClass::None;  // the class of the shortfall's estimate
    std::string best;
    std::vector<std::pair<std::string, double>> values;  // option -> expected
    double best_expected = 0;
    int layouts = 0;
    double seconds = 0;
};

Verdict review(const Decision& d, const ReviewSettings& s) {
    auto start = Clock::now();
    Verdict v;
    Thresholds t = s.thresholds_for(d.game->rules);
    if (d.bid >= 0) {
        BidDecision b = review_bid_decision(*d.game, d.hand, d.bid, d.before, s);
        v.flag = b.flag;
        v.point_class = classify_bid(b.shortfall(), t);
        v.best = to_string(b.best);
        v.best_expected = b.best_expected;
        for (const BidOption& o : b.options) v.values.push_back({to_string(o.bid), o.expected});
        v.layouts = b.samples;
    } else {
        PassDecision p = review_pass_decision(*d.game, d.hand, d.passer, d.before, s);
        v.flag = p.flag;
        v.point_class = classify_bid(p.shortfall(), t);
        v.best = to_string(p.best);
        v.best_expected = p.best_expected;
        for (const PassOption& o : p.options) v.values.push_back({to_string(o.cards), o.expected});
        v.layouts = p.samples;
    }
    v.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return v;
}

// The decisions: bids of classic and Paperless bot games, passes of Paperless ones.
std::vector<Decision> decisions(const std::vector<RecordedGame>& games, const Options& o) {
    std::vector<Decision> out;
    int bids_each[2] = {o.bids / 2, o.bids - o.bids / 2};
    int passes = o.passes;
    for (std::size_t g = 0; g < games.size(); ++g) {
        const RecordedGame& game = games[g];
        std::vector<Standings> before = standings_before_hands(game);
        int& bids = bids_each[g];
        for (int h = 0; h < static_cast<int>(game.hands.size()); ++h) {
            const RecordedHand& hand = game.hands[h];
            for (int i = 0; i < static_cast<int>(hand.bids.size()) && bids > 0; ++i, --bids) {
                out.push_back({&game, h, before[h], i, Seat::North});
            }
            for (Seat s : kAllSeats) {
                if (passes == 0 || hand.passes[index(s)].empty()) continue;
                out.push_back({&game, h, before[h], -1, s});
                --passes;
            }
        }
    }
    return out;
}

// Every bid and pass of a game.
std::vector<Decision> every_decision(const RecordedGame& game) {
    std::vector<Decision> out;
    std::vector<Standings> before = standings_before_hands(game);
    for (int h = 0; h < static_cast<int>(game.hands.size()); ++h) {
        const RecordedHand& hand = game.hands[h];
        for (Seat s : kAllSeats) {
            if (!hand.passes[index(s)].empty()) out.push_back({&game, h, before[h], -1, s});
        }
        for (int i = 0; i < static_cast<int>(hand.bids.size()); ++i) {
            out.push_back({&game, h, before[h], i, Seat::North});
        }
    }
    return out;
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5)];
}

double value_of(const Verdict& v, const std::string& option) {
    for (const auto& [name, value] : v.values) {
        if (name == option) return value;
    }
    return -1e9;  // not among the options shown (passes show the best few): not within margin
}

// Whether each seed's best is within the margin of every other seed's best, by that seed's
// own estimates.
bool best_agrees(const std::vector<Verdict>& per_seed, double margin) {
    for (const Verdict& a : per_seed) {
        for (const Verdict& b : per_seed) {
            if (b.best_expected - value_of(b, a.best) > margin + 1e-9) return false;
        }
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    Options o = parse(argc, argv);
    std::vector<RecordedGame> games;
    std::vector<Decision> all;
    if (!o.game.empty()) {
        games.push_back(formats::read_game_file(o.game).at(0));
        all = every_decision(games.front());
    } else {
        for (const char* name : {"classic", "paperless"}) {
            SplitMix64 rng(2026);
            games.push_back(play_game(preset(name), rng, Seat::North, 20));
        }
        all = decisions(games, o);
    }
    fmt::print(
        "review_stability: {} decisions, {} seeds at samples={} batch={}, reference {} "
        "layouts\n",
        all.size(), o.seeds, o.defaults.samples, o.defaults.batch, o.reference);
    int same_class = 0, best_ok = 0, ref_agree = 0, false_flags = 0;
    std::vector<double> layouts, secs1, secsT;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const Decision& d = all[i];
        std::vector<Verdict> per_seed;
        for (int k = 0; k < o.seeds; ++k) {
            ReviewSettings s = o.defaults;
            s.seed = static_cast<std::uint64_t>(k + 1);
            s.threads = 1;
            per_seed.push_back(review(d, s));
            layouts.push_back(per_seed.back().layouts);
            secs1.push_back(per_seed.back().seconds);
        }
        ReviewSettings st = o.defaults;
        st.threads = o.threads;
        secsT.push_back(review(d, st).seconds);
        Verdict reference;
        if (o.reference > 0) {
            ReviewSettings ref = o.defaults;
            ref.samples = ref.batch = o.reference;
            ref.seed = 1000;
            ref.threads = o.threads;
            reference = review(d, ref);
        }
        Thresholds t = o.defaults.thresholds_for(d.game->rules);
        bool same = std::all_of(per_seed.begin(), per_seed.end(),
                                [&](const Verdict& v) { return v.flag == per_seed[0].flag; });
        bool agree = best_agrees(per_seed, t.bid);
        bool matches = o.reference == 0 || per_seed[0].flag == reference.point_class ||
                       per_seed[0].flag == FlagClass::CloseCall;
        bool false_flag =
            o.reference > 0 &&
            (per_seed[0].flag == FlagClass::Mistake || per_seed[0].flag == FlagClass::Blunder) &&
            reference.point_class == FlagClass::None;
        same_class += same;
        best_ok += agree;
        ref_agree += matches;
        false_flags += false_flag;
        std::string classes;
        for (const Verdict& v : per_seed) classes += std::string(class_name(v.flag)) + "/";
        fmt::print(
            "{:3} {} hand {} {}: classes {} reference {} best {} layouts {}{}\n", i + 1,
            d.game->rules.name, d.hand + 1,
            d.bid >= 0 ? fmt::format("bid {}", d.bid + 1)
                       : fmt::format("pass {}", seat_char(d.passer)),
            classes,
            o.reference > 0 ? std::string(class_name(reference.point_class)) : std::string("-"),
            per_seed[0].best, per_seed[0].layouts, same && agree && matches ? "" : "  <- differs");
        std::fflush(stdout);
    }
    double n = static_cast<double>(all.size());
    fmt::print("same class under all {} seeds: {:.1f}% (goal >= 95%)\n", o.seeds,
               100 * same_class / n);
    fmt::print("best within the margin of every other seed's best: {:.1f}% (goal >= 95%)\n",
               100 * best_ok / n);
    if (o.reference == 0) {
        fmt::print("no reference review (--reference 0)\n");
    } else {
        fmt::print(
            "default class agrees with the reference ({} layouts): {:.1f}% (goal >= 95%); "
            "default mistakes or blunders the reference calls none: {} (goal 0)\n",
            o.reference, 100 * ref_agree / n, false_flags);
    }
    fmt::print("layouts per decision: median {:.0f}, p90 {:.0f}\n", percentile(layouts, 0.5),
               percentile(layouts, 0.9));
    fmt::print(
        "seconds per decision: 1 thread median {:.2f} p90 {:.2f}; {} threads median {:.2f} "
        "p90 {:.2f}\n",
        percentile(secs1, 0.5), percentile(secs1, 0.9), o.threads, percentile(secsT, 0.5),
        percentile(secsT, 0.9));
    return 0;
}
