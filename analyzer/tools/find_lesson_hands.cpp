// find_lesson_hands: searches seeded deals for lesson questions (samples/lessons) whose
// recommended answer the bid review bears out.
//
//   find_lesson_hands --learner S --want 4 [--rules "classic bag_limit=5"] [--dealer N]
//       [--hand AKQ.JT9.8765.432] [--bids "3 nil"] [--score "NS 420/8 EW 380/2"]
//       [--need 60] [--samples 24] [--quick 8] [--tolerance 5] [--worse 3:10]...
//       [--filter spades=4-6]... [--ask pass] [--pass "AH KH QH"] [--loose]
//       [--seed 1] [--tries 200] [--count 3] [--verbose]
//
// Each try deals the deck from a seed (the learner's hand fixed by --hand, the rest at random),
// keeps it when the learner's hand passes every --filter, and builds the question as a lesson
// game: the bids before the learner are --bids, or the bots' bids on the deal; under rules with
// a pass every seat passes as the bots do. The question is then judged exactly as the lesson
// check judges it (lesson.h's judge, the same samples and seed), first with --quick samples to
// drop the hopeless quickly, then with --samples. A deal is printed as a lesson game when the
// wanted bid is the review's best (or, with --loose, within --tolerance of it) and is better by
// the margin asked than each --worse bid. For --ask pass the recommended pass is --pass, or the
// bots' pass, and it must be within the tolerance of the best pass. The question and the
// explanation are left for the author to write: that is the teaching, not the search.
// --want bot checks the bid the bots would make; each game printed carries a [Seed] tag (the
// deal's seed, for --seed with --tries 1 to rebuild it) and, as `;` notes, every answer's value.
// --verbose prints the values of the deals turned down too.
//
// Filters on the learner's hand as it bids (after a pass): spades, aces (side aces), kings
// (side kings), voids, singletons, hcp (A4 K3 Q2 J1), est (the bots' trick count, tenths:
// est=25-34 is 2.5 to 3.4), nilcand (0 or 1), spadeace (0 or 1), honours (the
// Paperless honour cards held: AH KH QH JH). Each is KEY=N or KEY=LO-HI.
#include <fmt/core.h>

#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "spadework/analyzer/deal_editor.h"
#include "spadework/analyzer/lesson.h"
#include "spadework/analyzer/simple_bot.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/rules.h"
#include "spadework/formats/text_log.h"

namespace {

using namespace spadework;
using namespace spadework::analyzer;
namespace fs = std::filesystem;

struct Range {
    int lo = 0;
    int hi = 0;
};

struct Options {
    std::string rules_text = "classic";
    Seat dealer = Seat::North;
    Seat learner = Seat::South;
    std::optional<CardSet> hand;
    std::optional<std::vector<Bid>> bids;
    std::string score;
    std::optional<int> need;
    int samples = 24;
    int quick = 8;
    double tolerance = 5;
    std::vector<std::pair<Bid, double>> worse;
    std::map<std::string, Range> filters;
    bool pass = false;
    std::optional<CardSet> pass_cards;
    std::optional<Bid> want;  // absent: the bots' bid is the one checked
    bool loose = false;
    bool verbose = false;  // print the values of rejected deals too
    std::uint64_t seed = 1;
    int tries = 200;
    int count = 3;
};

Range parse_range(const std::string& text) {
    std::size_t dash = text.find('-', 1);
    if (dash == std::string::npos) {
        int v = std::stoi(text);
        return {v, v};
    }
    return {std::stoi(text.substr(0, dash)), std::stoi(text.substr(dash + 1))};
}

// The learner's hand by the --filter keys.
std::map<std::string, int> features(CardSet hand, const RuleSet& rules) {
    std::map<std::string, int> f;
    f["spades"] = hand.count(Suit::Spades);
    f["spadeace"] = hand.contains(Card(Rank::Ace, Suit::Spades)) ? 1 : 0;
    int aces = 0, kings = 0, voids = 0, singletons = 0;
    for (Suit s : kAllSuits) {
        if (s != Suit::Spades) {
            aces += hand.contains(Card(Rank::Ace, s));
            kings += hand.contains(Card(Rank::King, s));
            voids += hand.count(s) == 0;
            singletons += hand.count(s) == 1;
        }
    }
    f["aces"] = aces;
    f["kings"] = kings;
    f["voids"] = voids;
    f["singletons"] = singletons;
    f["hcp"] = analyzer::high_card_points(hand);
    f["honours"] = (hand & kHonours).size();
    f["est"] = static_cast<int>(estimate_tricks(hand, rules) * 10);
    f["nilcand"] = nil_candidate(hand, rules) ? 1 : 0;
    return f;
}

bool passes_filters(CardSet hand, const RuleSet& rules, const Options& o) {
    auto f = features(hand, rules);
    for (const auto& [key, r] : o.filters) {
        auto it = f.find(key);
        if (it == f.end()) throw Error("unknown filter " + key);
        if (it->second < r.lo || it->second > r.hi) return false;
    }
    return true;
}

// A deal with the learner's hand fixed (or not) and the rest from the seed.
Deal make_deal(const RuleSet& rules, const Options& o, std::uint64_t seed) {
    if (!o.hand) return deal_from_seed(seed, rules.deck(), o.dealer);
    SplitMix64 rng(seed);
    std::vector<Card> rest;
    for (Card c : rules.deck() - *o.hand) rest.push_back(c);
    for (std::size_t i = rest.size() - 1; i > 0; --i) {
        std::swap(rest[i], rest[rng.below(i + 1)]);
    }
    Deal d;
    d[o.learner] = *o.hand;
    std::size_t k = 0;
    for (int step = 1; step <= 3; ++step) {
        Seat s = next(o.learner, step);
        for (int i = 0; i < rules.hand_size(); ++i) d[s].insert(rest[k++]);
    }
    return d;
}

std::string quote(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

struct Built {
    std::string text;  // the lesson game, as printed
    CardSet shown;     // the learner's hand at the decision
};

// The question as a one-game lesson file.
Built build(const RuleSet& rules, const Options& o, const Deal& deal, std::uint64_t seed) {
    HandState state(rules, o.dealer, deal);
    std::array<CardSet, 4> passes{};
    while (state.phase() == Phase::Pass) {
        Seat s = state.to_act();
        CardSet given = (s == o.learner && o.pass && o.pass_cards)
                            ? *o.pass_cards
                            : choose_pass(state.hand(s), rules);
        passes[index(s)] = given;
        state.pass(s, given);
    }
    std::vector<Bid> bids;
    if (!o.pass) {
        std::size_t i = 0;
        while (state.to_act() != o.learner) {
            Seat s = state.to_act();
            Bid b;
            if (o.bids) {
                if (i >= o.bids->size())
                    throw Error("--bids gives too few bids before the learner");
                b = (*o.bids)[i];
            } else {
                BidContext ctx;
                ctx.partner_bid = state.bid_of(partner(s));
                b = suggest_bid(state.hand(s), rules, ctx);
            }
            ++i;
            bids.push_back(b);
            state.bid(s, b);
        }
        Bid mine =
            o.want ? *o.want
                   : suggest_bid(state.hand(o.learner), rules, state.bid_of(partner(o.learner)));
        bids.push_back(mine);
    }
    Built b;
    b.shown = o.pass ? deal[o.learner] : state.hand(o.learner);
    std::ostringstream t;
    t << "[Event \"Search\"]\n[Lesson \"search\"]\n[Point \"-\"]\n"
      << fmt::format("[Tolerance \"{}\"]\n[Samples \"{}\"]\n", o.tolerance, o.samples)
      << "[Rules \"" << quote(o.rules_text) << "\"]\n"
      << "[Learner \"" << seat_char(o.learner) << "\"]\n";
    if (o.pass) t << "[Ask \"pass\"]\n";
    if (!o.score.empty()) t << "[Score \"" << o.score << "\"]\n";
    if (o.need) t << "[Need \"" << *o.need << "\"]\n";
    t << fmt::format("[Seed \"{}\"]\n{{QUESTION}}\n\n", seed);
    t << "[Hand \"1\"]\n[Dealer \"" << seat_char(o.dealer) << "\"]\n[Deal \""
      << to_pbn(deal, o.dealer) << "\"]\n";
    if (o.pass) t << "{EXPLANATION}\n";
    if (rules.pass_cards > 0) {
        t << "pass";
        for (int step = 1; step <= 4; ++step) {
            Seat s = next(o.dealer, step);
            t << " " << seat_char(s) << ":" << to_string(passes[index(s)]);
        }
        t << "\n";
    }
    if (!o.pass) {
        t << "bids";
        for (std::size_t i = 0; i < bids.size(); ++i) {
            t << " " << seat_char(next(o.dealer, static_cast<int>(i) + 1)) << ":"
              << to_string(bids[i]);
        }
        t << " {EXPLANATION}\n";
    }
    b.text = t.str();
    return b;
}

struct Judged {
    LessonVerdict verdict;
    bool accepted = false;
};

Judged judge_text(const std::string& text, int samples, const Options& o, const fs::path& tmp) {
    std::string t = text;
    std::size_t at = t.find("[Samples \"");
    std::size_t end = t.find('"', at + 10);
    t.replace(at + 10, end - at - 10, std::to_string(samples));
    {
        std::ofstream out(tmp);
        out << t;
    }
    Lesson lesson = read_lesson(tmp);
    const LessonHand& h = lesson.hands.front();
    Judged j;
    j.verdict = judge(lesson, h, std::nullopt, 1);
    const LessonVerdict& v = j.verdict;
    j.accepted = v.recommended_ok;
    if (v.bid) {
        if (!o.loose) j.accepted = j.accepted && v.bid->best == h.answer;
        for (auto [bid, margin] : o.worse) {
            for (const BidOption& opt : v.bid->options) {
                if (opt.bid == bid && opt.expected > v.recommended - margin) j.accepted = false;
            }
        }
    }
    return j;
}

std::string describe(const LessonVerdict& v) {
    std::string out;
    if (v.bid) {
        for (const BidOption& opt : v.bid->options) {
            out += fmt::format("; {:>5} {:8.3f} made {:.2f}\n", to_string(opt.bid), opt.expected,
                               opt.made);
        }
        if (v.bid->nil_kept) out += fmt::format("; nil kept {:.2f}\n", *v.bid->nil_kept);
    }
    if (v.pass) {
        for (const PassOption& opt : v.pass->options) {
            out += fmt::format("; pass {} {:.3f} ({} layouts)\n", to_string(opt.cards),
                               opt.expected, opt.samples);
        }
    }
    out += fmt::format("; best {:.3f} recommended {:.3f}\n", v.best, v.recommended);
    return out;
}

int run(int argc, char** argv) {
    Options o;
    std::vector<std::string> args(argv + 1, argv + argc);
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= args.size()) throw Error(a + " needs a value");
            return args[++i];
        };
        if (a == "--rules") {
            o.rules_text = value();
        } else if (a == "--dealer") {
            o.dealer = parse_seat(value());
        } else if (a == "--learner") {
            o.learner = parse_seat(value());
        } else if (a == "--hand") {
            o.hand = parse_pbn_hand(value());
        } else if (a == "--bids") {
            std::istringstream in(value());
            std::vector<Bid> v;
            std::string w;
            while (in >> w) v.push_back(parse_bid(w));
            o.bids = v;
        } else if (a == "--score") {
            o.score = value();
        } else if (a == "--need") {
            o.need = std::stoi(value());
        } else if (a == "--samples") {
            o.samples = std::stoi(value());
        } else if (a == "--quick") {
            o.quick = std::stoi(value());
        } else if (a == "--tolerance") {
            o.tolerance = std::stod(value());
        } else if (a == "--worse") {
            std::string v = value();
            std::size_t colon = v.find(':');
            if (colon == std::string::npos) throw Error("--worse takes BID:MARGIN");
            o.worse.push_back({parse_bid(v.substr(0, colon)), std::stod(v.substr(colon + 1))});
        } else if (a == "--filter") {
            std::string v = value();
            std::size_t eq = v.find('=');
            if (eq == std::string::npos) throw Error("--filter takes KEY=N or KEY=LO-HI");
            o.filters[v.substr(0, eq)] = parse_range(v.substr(eq + 1));
        } else if (a == "--ask") {
            o.pass = value() == "pass";
        } else if (a == "--pass") {
            o.pass_cards = parse_cards(value());
        } else if (a == "--want") {
            std::string v = value();
            if (v != "bot") o.want = parse_bid(v);
        } else if (a == "--loose") {
            o.loose = true;
        } else if (a == "--verbose") {
            o.verbose = true;
        } else if (a == "--seed") {
            o.seed = std::stoull(value());
        } else if (a == "--tries") {
            o.tries = std::stoi(value());
        } else if (a == "--count") {
            o.count = std::stoi(value());
        } else {
            throw Error("unknown option " + a);
        }
    }
    std::istringstream words(o.rules_text);
    std::string preset_name;
    words >> preset_name;
    std::vector<std::string> overrides;
    for (std::string w; words >> w;) overrides.push_back(w);
    RuleSet rules = make_rules(preset_name, overrides);
    if (o.hand && o.hand->size() != rules.hand_size()) throw Error("--hand is not a full hand");

    fs::path tmp = fs::temp_directory_path() /
                   fmt::format("find_lesson_hands_{}.spades", static_cast<long>(::getpid()));
    int found = 0;
    for (int t = 0; t < o.tries && found < o.count; ++t) {
        std::uint64_t seed = o.seed + static_cast<std::uint64_t>(t);
        Deal deal = make_deal(rules, o, seed);
        Built b = build(rules, o, deal, seed);
        if (!passes_filters(b.shown, rules, o)) continue;
        if (o.quick > 0 && o.quick < o.samples) {
            if (!judge_text(b.text, o.quick, o, tmp).accepted) {
                std::fprintf(stderr, "seed %llu: no (quick)\n",
                             static_cast<unsigned long long>(seed));
                continue;
            }
        }
        std::clock_t cpu = std::clock();
        Judged j = judge_text(b.text, o.samples, o, tmp);
        std::fprintf(stderr, "seed %llu: %s (cpu %.1f s)\n", static_cast<unsigned long long>(seed),
                     j.accepted ? "yes" : "no",
                     static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC);
        if (!j.accepted) {
            if (o.verbose) std::fprintf(stderr, "%s", describe(j.verdict).c_str());
            continue;
        }
        ++found;
        fmt::print("{}{}\n", b.text, describe(j.verdict));
        std::fflush(stdout);
    }
    fs::remove(tmp);
    return found > 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "find_lesson_hands: %s\n", e.what());
        return 2;
    }
}
