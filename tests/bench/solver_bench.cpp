// solver_bench --deals N --seed S [--deck48] [--cap SECONDS]: our double-dummy solver side by
// side with Bo Haglund's DDS (issue 4), printed, not asserted.
//
// Deals N seeded deals (rules classic with spades_lead=anytime, where DDS is exact for
// Spades) and times both solvers on this one thread, alternating which goes first:
//  (a) the opening position with every lead valued: our solve_tricks; DDS SolveBoard with
//      target -1, solutions 3;
//  (b) a whole hand analysed card by card along a seeded random legal play, one value per
//      position as AnalysePlayBin gives: our total_tricks at each of the 52 (48) positions on
//      the solver that analysed the opening; DDS AnalysePlayBin.
// Each side keeps one table for (a) and (b) across the deals: ours one Solver, DDS its
// thread-0 table. Every answer is compared: totals and every card's value for (a), the trick
// value of each position for (b) (DDS leaves out the last trick, whose cards are forced:
// there the value is the hand's final count), every card's value for (c). Besides:
//  (c) the play review's job: every legal card valued at each position of the same play
//      (solve_tricks, on the solver of (a) and (b)) against DDS SolveBoard, solutions 3, at each
//      position with its table kept from the position before (mode 2);
//  (e) the bid review's job: one trick count from the opening, nothing else (our total_tricks
//      on a solver of its own; DDS SolveBoard, target -1, solutions 1, mode 1), in a pass of
//      its own after the others so that neither side has seen the deal;
//  (d) the nil objective: the weakest hand bids nil and whether it is kept is solved from
//      the opening (spades_lead=after_broken, as a bid review solves it), in units of the
//      trick solve of the same position;
// the cost of the spades-broken rule (after_broken against anytime, same openings) and of the
// score objective against the trick objective (after_broken openings, bids by a simple
// count); the peak resident memory, like for like (our solver of (a)-(c) against DDS on that
// same work) and of all our solvers on all their work (DDS does only (a)-(c)); our nodes. One
// line per deal, then the summaries; the last line is exactly
//   median_ratio=X p90_ratio=Y max_ratio=Z disagreements=D
// with the ratios of our time to DDS's over (a) and (b). Goals: median <= 1.0, p90 <= 1.5,
// max <= 3, no disagreement; (c) <= 1.0; (d) median <= 3. A deal that runs past the cap
// (default 60 s) stops the run with what was measured so far, counted as a disagreement.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <malloc.h>  // malloc_trim (glibc)

#include "dds_oracle.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/solver.h"

namespace {

using namespace spadework;
using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// --- Memory ------------------------------------------------------------------------------

// One field of /proc/self/status in kB ("VmRSS:", "VmHWM:"), or -1.
long status_kb(const char* name) {
    std::ifstream f("/proc/self/status");
    std::string line;
    while (std::getline(f, line)) {
        if (line.rfind(name, 0) == 0) return std::atol(line.c_str() + std::strlen(name));
    }
    return -1;
}

// What solvers' calls add to the process's resident memory: the peak-RSS mark (VmHWM) is
// reset to the current RSS before each measured call (writing 5 to /proc/self/clear_refs), so
// the rise of VmHWM during the call is that call's own; what stays resident after is added to
// what the meter's solvers hold between calls. A call counts for every meter given to
// measure(): our solver doing DDS's work counts for itself and for all our solvers. Before
// and after each call the heap's free pages go back to the system (malloc_trim): otherwise a
// solver could grow into pages another one freed, still resident, and seem to need nothing,
// or what a call freed would count as held.
class MemoryMeter {
  public:
    void add(long rise_kb, long kept_kb, bool exact) {
        peak_kb_ = std::max(peak_kb_, held_kb_ + rise_kb);
        held_kb_ += kept_kb;
        resets_ = resets_ && exact;
    }
    // The most resident memory the solvers' calls held at once, in MB; when the peak mark
    // cannot be reset, only what stayed resident between calls is known.
    double peak_mb() const { return (resets_ ? peak_kb_ : held_kb_) / 1024.0; }
    double held_mb() const { return held_kb_ / 1024.0; }
    bool exact() const { return resets_; }

  private:
    long held_kb_ = 0;
    long peak_kb_ = 0;
    bool resets_ = true;
};

template <class Fn>
void measure(std::initializer_list<MemoryMeter*> meters, Fn fn) {
    malloc_trim(0);
    std::ofstream reset("/proc/self/clear_refs");
    reset << "5";
    reset.close();
    bool exact = static_cast<bool>(reset);
    long before = status_kb("VmRSS:");
    fn();
    long peak = status_kb("VmHWM:");
    malloc_trim(0);  // what the call freed is not held
    long after = status_kb("VmRSS:");
    for (MemoryMeter* m : meters) m->add(peak - before, after - before, exact);
}

// The meters: our solver of (a)-(c) and DDS on that same work, and all our solvers on all
// theirs.
struct Memory {
    MemoryMeter ours_like, dds, ours_all;
};

double table_peak_mb(const Solver& s) {
    return static_cast<double>(s.stats().peak_table_bytes) / (1 << 20);
}

// The two memory lines, both always printed: like for like, then all our work.
void print_memory(const Memory& m, std::size_t table_mb, const Solver& ours, const Solver& nil,
                  const Solver& nil_tricks, const Solver& broken, const Solver& score) {
    std::printf(
        "memory, like for like ((a), (b), (c): our one solver, DDS's one thread): ours "
        "resident peak %.1f MB (its table's peak %.1f MB, bound %zu MB), DDS %.1f MB (%.1f MB "
        "held between calls): ours / DDS %.2f\n",
        m.ours_like.peak_mb(), table_peak_mb(ours), table_mb, m.dds.peak_mb(), m.dds.held_mb(),
        m.ours_like.peak_mb() / std::max(m.dds.peak_mb(), 1e-3));
    std::printf(
        "memory, all our work (5 solvers: (a)-(c), (d) nil and its trick solves, spades-broken "
        "openings, score objective; DDS does none but (a)-(c)): resident peak %.1f MB; table "
        "peaks (a)-(c) %.1f, nil %.1f, nil's trick solves %.1f, broken %.1f, score %.1f MB\n",
        m.ours_all.peak_mb(), table_peak_mb(ours), table_peak_mb(nil), table_peak_mb(nil_tricks),
        table_peak_mb(broken), table_peak_mb(score));
    if (!m.dds.exact() || !m.ours_all.exact())
        std::printf("memory: VmHWM could not be reset: the peaks are lower bounds\n");
}

// --- Figures -----------------------------------------------------------------------------

// Nearest-rank percentile of a non-empty list.
double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    std::size_t rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(v.size())));
    return v[std::clamp<std::size_t>(rank, 1, v.size()) - 1];
}

std::string summary(const std::vector<double>& v) {
    if (v.empty()) return "none";
    char buf[96];
    std::snprintf(buf, sizeof buf, "median %.2f  p90 %.2f  max %.2f", percentile(v, 0.5),
                  percentile(v, 0.9), *std::max_element(v.begin(), v.end()));
    return buf;
}

// What the run has measured; the watchdog prints it too if a deal overruns the cap.
struct Results {
    std::mutex mutex;
    std::vector<double> opening_ratios, play_ratios;
    int disagreements = 0;
    int deals_done = 0;
};

void print_last_line(Results& r) {
    std::vector<double> all = r.opening_ratios;
    all.insert(all.end(), r.play_ratios.begin(), r.play_ratios.end());
    if (all.empty()) all.push_back(0);
    std::printf("median_ratio=%.2f p90_ratio=%.2f max_ratio=%.2f disagreements=%d\n",
                percentile(all, 0.5), percentile(all, 0.9),
                *std::max_element(all.begin(), all.end()), r.disagreements);
    std::fflush(stdout);
}

// --- The work ----------------------------------------------------------------------------

// Bids by a simple count: aces and kings, and spades beyond three; at least 1.
std::array<std::optional<Bid>, 4> counted_bids(const Position& p) {
    std::array<std::optional<Bid>, 4> bids;
    for (Seat s : kAllSeats) {
        CardSet h = p.hands[index(s)];
        int n = 0;
        for (Card c : h) n += c.rank() == Rank::Ace || c.rank() == Rank::King;
        n += std::max(0, h.count(Suit::Spades) - 3);
        bids[index(s)] = Bid::tricks(std::clamp(n, 1, p.rules.highest_bid()));
    }
    return bids;
}

// The seat whose hand a nil suits best: the fewest high-card points (A 4, K 3, Q 2, J 1),
// each spade counted as a point more.
Seat weakest_seat(const Position& p) {
    Seat best = Seat::North;
    int least = 1000;
    for (Seat s : kAllSeats) {
        int points = 0;
        for (Card c : p.hands[index(s)]) {
            int r = static_cast<int>(c.rank());
            points += std::max(0, r - 10) + (c.suit() == Suit::Spades ? 1 : 0);
        }
        if (points < least) {
            least = points;
            best = s;
        }
    }
    return best;
}

// The opening position of a deal under `rules`, the player left of the dealer to lead.
Position opening(const RuleSet& rules, const Deal& deal, Seat dealer) {
    Position p;
    p.rules = rules;
    p.hands = deal.hands;
    p.to_play = next(dealer);
    p.bids = counted_bids(p);
    return p;
}

// The positions along a seeded random legal play of the whole hand, and the cards played.
struct PlayLine {
    std::vector<Position> positions;  // before each card
    std::vector<Card> cards;
    int ns_final = 0;  // NS's tricks at the end
};

PlayLine random_play(const RuleSet& rules, const Deal& deal, Seat dealer, std::uint64_t seed) {
    HandState st(rules, dealer, deal);
    for (int i = 0; i < 4; ++i) st.bid(st.to_act(), Bid::tricks(3));
    SplitMix64 rng(seed);
    PlayLine line;
    while (st.phase() == Phase::Play) {
        line.positions.push_back(position_of(st));
        CardSet legal = st.legal_cards();
        int k = static_cast<int>(rng.below(static_cast<std::uint64_t>(legal.size())));
        for (Card c : legal) {
            if (k-- == 0) {
                line.cards.push_back(c);
                break;
            }
        }
        st.play(line.cards.back());
    }
    line.ns_final = st.tricks_taken(Seat::North) + st.tricks_taken(Seat::South);
    return line;
}

// NS's total tricks from an answer for the side to play.
int ns_total(const SolveResult& r, int hand_size) {
    return r.side == Team::NS ? r.total_tricks : hand_size - r.total_tricks;
}

std::string describe_cards(const std::vector<CardValue>& cards) {
    std::string out;
    for (const CardValue& c : cards)
        out += " " + to_string(c.card) + "=" + std::to_string(c.total_tricks);
    return out;
}

// Runs the two in turn, ours first or DDS first.
template <class A, class B>
void in_turn(bool a_first, A& a, B& b) {
    if (a_first) {
        a();
        b();
    } else {
        b();
        a();
    }
}

struct Options {
    int deals = 20;
    std::uint64_t seed = 1;
    bool deck48 = false;
    double cap_s = 60;
    bool verbose = false;    // (c) position by position
    bool ours_only = false;  // only our (a) and (b), no DDS: for profiling and before/after
    bool nil_only = false;   // only our (d) nils, deal by deal: the same, for the nil search
    std::size_t table_mb = SolverOptions{}.table_megabytes;  // each of our solvers' bound
    bool portable = false;  // our search's portable build even where BMI2 is fast
};

[[noreturn]] void usage(const char* why) {
    std::fprintf(stderr,
                 "solver_bench: %s\nusage: solver_bench --deals N --seed S [--deck48] [--cap "
                 "SECONDS] [--table-mb MB] [--verbose] [--ours-only] [--nil-only] [--portable]\n",
                 why);
    std::exit(2);
}

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) usage(("missing value after " + a).c_str());
            return argv[++i];
        };
        if (a == "--deals") {
            o.deals = std::atoi(value().c_str());
        } else if (a == "--seed") {
            o.seed = std::strtoull(value().c_str(), nullptr, 10);
        } else if (a == "--deck48") {
            o.deck48 = true;
        } else if (a == "--verbose") {
            o.verbose = true;
        } else if (a == "--ours-only") {
            o.ours_only = true;
        } else if (a == "--nil-only") {
            o.nil_only = true;
        } else if (a == "--portable") {
            o.portable = true;
        } else if (a == "--cap") {
            o.cap_s = std::atof(value().c_str());
        } else if (a == "--table-mb") {
            o.table_mb = std::strtoull(value().c_str(), nullptr, 10);
        } else {
            usage(("unknown argument " + a).c_str());
        }
    }
    if (o.deals < 1) usage("--deals must be at least 1");
    if (o.cap_s <= 0) usage("--cap must be positive");
    if (o.table_mb < 1) usage("--table-mb must be at least 1");
    return o;
}

// The solvers of the run, each reused across deals as a review reuses it, and the totals
// they add up.
struct Bench {
    Options opt;
    RuleSet anytime;
    RuleSet classic;
    int hand_size = 13;
    Memory memory;
    std::optional<Solver> ours;             // anytime: (a), (b) and (c)
    std::optional<Solver> ours_broken;      // after_broken openings
    std::optional<Solver> ours_score;       // after_broken openings, score objective
    std::optional<Solver> ours_nil;         // (d) nil solves
    std::optional<Solver> ours_nil_tricks;  // (d) trick solves of the same positions
    std::optional<Solver> ours_count;       // (e) the opening's count alone
    std::vector<double> broken_ratios, score_ratios, totals_ratios, nil_ratios, nil_nodes;
    double dds_c_total = 0;
    double ours_a_total = 0, dds_a_total = 0, ours_b_total = 0, dds_b_total = 0;
    double anytime_total = 0, broken_total = 0, score_total = 0, totals_total = 0;
    std::uint64_t nodes_signature = 0;
    std::uint64_t dds_opening_nodes = 0;  // DDS's own count: the tricks its search completed
    std::vector<std::string> slow_deals;
    std::string count_line;  // (e)'s summary
};

// What one deal measured.
struct DealRun {
    Deal deal;
    Seat dealer = Seat::North;
    Position open;
    PlayLine line;
    bool ours_first = true;
    int disagreements = 0;
    std::string notes;
    double t_ours_a = 0, t_dds_a = 0, t_ours_b = 0, t_dds_b = 0, t_totals = 0, t_dds_c = 0;
    double t_nil = 0, t_nil_tricks = 0, t_broken = 0, t_score = 0;
    Seat nil_seat = Seat::North;
    std::vector<int> b_ours, b_dds, b_totals;
};

// The solvers, their set-up counted toward their memory. Memory is measured like for like,
// our solver of (a)-(c) against DDS doing the same, and for all our solvers on all their work
// (the MemoryMeter of each). DDS keeps its own table on thread 0.
void make_solvers(Bench& b) {
    measure({&b.memory.dds}, [] { dds_oracle::init_dds(); });
    SolverOptions options{b.opt.table_mb, b.opt.portable};
    measure({&b.memory.ours_like, &b.memory.ours_all}, [&] { b.ours.emplace(options); });
    measure({&b.memory.ours_all}, [&] {
        b.ours_nil.emplace(options);
        b.ours_nil_tricks.emplace(options);
        b.ours_broken.emplace(options);
        b.ours_score.emplace(options);
        b.ours_count.emplace(options);
    });
}

// Whether two answers with every card valued agree.
bool same_cards(const SolveResult& ours, const dds_oracle::DdsAnswer& dds) {
    bool same = ours.total_tricks == dds.total_tricks && ours.cards.size() == dds.cards.size();
    for (std::size_t i = 0; same && i < dds.cards.size(); ++i) {
        same = ours.cards[i].card == dds.cards[i].card &&
               ours.cards[i].total_tricks == dds.cards[i].total_tricks;
    }
    return same;
}

// (a) The opening, every lead valued.
void run_opening(Bench& b, DealRun& r) {
    SolveResult ours;
    dds_oracle::DdsAnswer dds;
    auto run_ours = [&] {
        measure({&b.memory.ours_like, &b.memory.ours_all}, [&] {
            auto t = Clock::now();
            ours = b.ours->solve_tricks(r.open);
            r.t_ours_a = ms_since(t);
        });
    };
    auto run_dds = [&] {
        measure({&b.memory.dds}, [&] {
            auto t = Clock::now();
            dds = dds_oracle::dds_solve(r.open);
            r.t_dds_a = ms_since(t);
        });
    };
    in_turn(r.ours_first, run_ours, run_dds);
    b.nodes_signature += ours.nodes;
    b.dds_opening_nodes += dds.nodes;
    if (!same_cards(ours, dds)) {
        ++r.disagreements;
        r.notes += "\n  opening differs: ours total " + std::to_string(ours.total_tricks) +
                   describe_cards(ours.cards) + "\n                   DDS  total " +
                   std::to_string(dds.total_tricks) + describe_cards(dds.cards);
    }
}

// (b) The hand card by card: one value per position, as AnalysePlayBin gives: total_tricks,
// on the solver that analysed the opening, as a review reuses it.
void run_card_by_card(Bench& b, DealRun& r) {
    auto run_ours = [&] {
        measure({&b.memory.ours_like, &b.memory.ours_all}, [&] {
            auto t = Clock::now();
            for (const Position& p : r.line.positions) {
                int total = b.ours->total_tricks(p);
                r.b_ours.push_back(team_of(p.to_play) == Team::NS ? total : b.hand_size - total);
            }
            r.t_ours_b = ms_since(t);
        });
    };
    auto run_dds = [&] {
        measure({&b.memory.dds}, [&] {
            auto t = Clock::now();
            r.b_dds = dds_oracle::dds_analyse_play(r.open, r.line.cards, Team::NS);
            r.t_dds_b = ms_since(t);
        });
    };
    in_turn(r.ours_first, run_ours, run_dds);
}

// (c) The play review's job: the same positions with every legal card valued (solve_tricks);
// DDS SolveBoard, solutions 3, at each position, keeping its table from one position to the
// next (mode 2). Each side keeps what (a) and (b) taught its table about this deal, as DDS
// does of its own accord.
void run_every_card(Bench& b, DealRun& r) {
    std::vector<SolveResult> ours;
    std::vector<dds_oracle::DdsAnswer> dds;
    std::vector<double> ours_ms, dds_ms;
    auto run_ours = [&] {
        measure({&b.memory.ours_like, &b.memory.ours_all}, [&] {
            auto t = Clock::now();
            for (const Position& p : r.line.positions) {
                auto tp = Clock::now();
                ours.push_back(b.ours->solve_tricks(p));
                ours_ms.push_back(ms_since(tp));
            }
            r.t_totals = ms_since(t);
        });
    };
    auto run_dds = [&] {
        measure({&b.memory.dds}, [&] {
            auto t = Clock::now();
            for (std::size_t i = 0; i < r.line.positions.size(); ++i) {
                auto tp = Clock::now();
                dds.push_back(dds_oracle::dds_solve(r.line.positions[i], i ? 2 : 1));
                dds_ms.push_back(ms_since(tp));
            }
            r.t_dds_c = ms_since(t);
        });
    };
    in_turn(r.ours_first, run_ours, run_dds);
    for (std::size_t i = 0; i < r.line.positions.size(); ++i) {
        r.b_totals.push_back(ns_total(ours[i], b.hand_size));
        if (!same_cards(ours[i], dds[i])) {
            ++r.disagreements;
            r.notes += "\n  every card at position " + std::to_string(i) + ": ours" +
                       describe_cards(ours[i].cards) + "\n    DDS" + describe_cards(dds[i].cards);
        }
        if (b.opt.verbose) {
            std::printf(
                "  (c) position %2zu: ours %8.2f ms %9llu nodes, DDS %8.2f ms %9llu nodes\n", i,
                ours_ms[i], static_cast<unsigned long long>(ours[i].nodes), dds_ms[i],
                static_cast<unsigned long long>(dds[i].nodes));
        }
    }
}

// (b) compared: DDS leaves out the last trick, whose value is the hand's final count.
void compare_card_by_card(DealRun& r) {
    r.b_dds.resize(r.line.positions.size(), r.line.ns_final);
    for (std::size_t i = 0; i < r.b_dds.size(); ++i) {
        if (r.b_ours.at(i) != r.b_dds[i] || r.b_totals.at(i) != r.b_dds[i]) {
            ++r.disagreements;
            r.notes += "\n  position " + std::to_string(i) + " (before " +
                       to_string(r.line.cards[i]) + "): ours NS " + std::to_string(r.b_ours[i]) +
                       " (every card valued: " + std::to_string(r.b_totals[i]) + "), DDS NS " +
                       std::to_string(r.b_dds[i]);
        }
    }
}

// Deal d of the run: its seed, dealer, cards, opening and a random play, as every mode sees it.
DealRun deal_run(const Bench& b, int d) {
    std::uint64_t seed = b.opt.seed * 1'000'003ull + static_cast<std::uint64_t>(d);
    DealRun r;
    r.dealer = static_cast<Seat>(d % 4);
    r.deal = deal_from_seed(seed, b.anytime.deck(), r.dealer);
    r.open = opening(b.anytime, r.deal, r.dealer);
    r.line = random_play(b.anytime, r.deal, r.dealer, seed ^ 0xB0A7D5ull);
    r.ours_first = d % 2 == 0;
    return r;
}

// (d)'s position: the opening under classic rules, the weakest hand (r.nil_seat) bidding nil.
Position nil_opening(const Bench& b, DealRun& r) {
    Position open_nil = opening(b.classic, r.deal, r.dealer);
    r.nil_seat = weakest_seat(open_nil);
    open_nil.bids[index(r.nil_seat)] = Bid::nil();
    return open_nil;
}

// (d) The nil objective, for information: the seat with the weakest hand bids nil, and
// whether it is kept is solved from the opening (after_broken, as a bid review solves it),
// against the trick solve of the same position on a solver of its own. Then our solver
// alone: the spades-broken rule and the score objective, on the same openings.
void run_ours_alone(Bench& b, DealRun& r) {
    Position open_nil = nil_opening(b, r);
    std::uint64_t nil_nodes_before = b.ours_nil->stats().nodes;
    measure({&b.memory.ours_all}, [&] {
        auto t = Clock::now();
        b.ours_nil_tricks->total_tricks(open_nil);
        r.t_nil_tricks = ms_since(t);
        t = Clock::now();
        b.ours_nil->nil_kept(open_nil, r.nil_seat);
        r.t_nil = ms_since(t);
    });
    b.nil_nodes.push_back(static_cast<double>(b.ours_nil->stats().nodes - nil_nodes_before));
    Position open_classic = opening(b.classic, r.deal, r.dealer);
    measure({&b.memory.ours_all}, [&] {
        auto t = Clock::now();
        b.ours_broken->solve_tricks(open_classic);
        r.t_broken = ms_since(t);
    });
    measure({&b.memory.ours_all}, [&] {
        auto t = Clock::now();
        b.ours_score->solve_score(open_classic, Standings{});
        r.t_score = ms_since(t);
    });
}

// Adds a deal's figures to the totals and prints its line.
void add_deal(Bench& b, Results& results, const DealRun& r, int d) {
    double ratio_a = r.t_ours_a / std::max(r.t_dds_a, 1e-3);
    double ratio_b = r.t_ours_b / std::max(r.t_dds_b, 1e-3);
    b.broken_ratios.push_back(r.t_broken / std::max(r.t_ours_a, 1e-3));
    b.score_ratios.push_back(r.t_score / std::max(r.t_broken, 1e-3));
    b.ours_a_total += r.t_ours_a, b.dds_a_total += r.t_dds_a;
    b.ours_b_total += r.t_ours_b, b.dds_b_total += r.t_dds_b, b.totals_total += r.t_totals;
    b.totals_ratios.push_back(r.t_totals / std::max(r.t_dds_c, 1e-3));
    b.nil_ratios.push_back(r.t_nil / std::max(r.t_nil_tricks, 1e-3));
    b.dds_c_total += r.t_dds_c;
    b.anytime_total += r.t_ours_a, b.broken_total += r.t_broken, b.score_total += r.t_score;
    // A deal's time is that of both kinds of work, (a) and (b), for each solver.
    double ours_s = (r.t_ours_a + r.t_ours_b) / 1000, dds_s = (r.t_dds_a + r.t_dds_b) / 1000;
    if (ours_s > 10 || dds_s > 10) {
        char buf[128];
        std::snprintf(buf, sizeof buf, "deal %d: ours %.1f s, DDS %.1f s", d + 1, ours_s, dds_s);
        b.slow_deals.push_back(buf);
    }
    std::lock_guard<std::mutex> lock(results.mutex);
    results.opening_ratios.push_back(ratio_a);
    results.play_ratios.push_back(ratio_b);
    results.disagreements += r.disagreements;
    ++results.deals_done;
    std::printf(
        "deal %3d %s  (a) ours %8.1f ms DDS %8.1f ms ratio %5.2f  (b) ours %8.1f ms "
        "DDS %8.1f ms ratio %5.2f  broken %5.2fx score %5.2fx  nil %c %.0f nodes %s%s\n",
        d + 1, to_pbn(r.deal, Seat::North).c_str(), r.t_ours_a, r.t_dds_a, ratio_a, r.t_ours_b,
        r.t_dds_b, ratio_b, b.broken_ratios.back(), b.score_ratios.back(), seat_char(r.nil_seat),
        b.nil_nodes.back(), r.disagreements == 0 ? "agree" : "DISAGREE", r.notes.c_str());
    std::fflush(stdout);
}

void print_summaries(Bench& b, Results& results) {
    std::vector<double> all = results.opening_ratios;
    all.insert(all.end(), results.play_ratios.begin(), results.play_ratios.end());
    std::printf("\n(a) opening, every lead:   %s   (ours %.2f s, DDS %.2f s)\n",
                summary(results.opening_ratios).c_str(), b.ours_a_total / 1000,
                b.dds_a_total / 1000);
    std::printf("(b) hand card by card:     %s   (ours %.2f s, DDS %.2f s)\n",
                summary(results.play_ratios).c_str(), b.ours_b_total / 1000, b.dds_b_total / 1000);
    std::printf("both kinds:                %s\n", summary(all).c_str());
    std::printf(
        "(c) every card valued at each position (the play review's job) against SolveBoard "
        "solutions 3 mode 2: %s   (ours %.2f s, DDS %.2f s; not in the last line)\n",
        summary(b.totals_ratios).c_str(), b.totals_total / 1000, b.dds_c_total / 1000);
    std::printf(
        "(d) nil kept or not from the opening, the weakest hand's nil, in trick solves of the "
        "same position: %s   (nodes: %s)\n",
        summary(b.nil_ratios).c_str(), summary(b.nil_nodes).c_str());
    std::fputs(b.count_line.c_str(), stdout);
    std::printf("deals over 10 s ((a) + (b), either solver): %s\n",
                b.slow_deals.empty() ? "none" : "");
    for (const std::string& s : b.slow_deals) std::printf("  %s\n", s.c_str());
    std::printf("spades-broken rule (ours, openings, after_broken / anytime): %s   (total %.2fx)\n",
                summary(b.broken_ratios).c_str(), b.broken_total / std::max(b.anytime_total, 1e-3));
    std::printf(
        "score objective (ours, after_broken openings, bids by count, score / tricks): "
        "%s   (total %.2fx)\n",
        summary(b.score_ratios).c_str(), b.score_total / std::max(b.broken_total, 1e-3));
    print_memory(b.memory, b.opt.table_mb, *b.ours, *b.ours_nil, *b.ours_nil_tricks, *b.ours_broken,
                 *b.ours_score);
    std::printf("nodes signature (ours, openings): %llu\n",
                static_cast<unsigned long long>(b.nodes_signature));
    std::printf(
        "DDS's nodes on the same openings (its own count: tricks completed in its search, ours "
        "counts every card): %llu\n",
        static_cast<unsigned long long>(b.dds_opening_nodes));
    std::printf("disagreements: %d\n", results.disagreements);
    print_last_line(results);
}

// (e) The bid review's job, one trick count from each deal's opening, in a pass of its own:
// each side meets the deal afresh. A different count is a disagreement.
void run_counts(Bench& b, Results& results) {
    std::vector<double> ratios;
    double ours_total = 0, dds_total = 0;
    int differ = 0;
    for (int d = 0; d < b.opt.deals; ++d) {
        DealRun r = deal_run(b, d);
        int ours = 0, dds = 0;
        double t_ours = 0, t_dds = 0;
        auto run_ours = [&] {
            auto t = Clock::now();
            ours = b.ours_count->total_tricks(r.open);
            t_ours = ms_since(t);
        };
        auto run_dds = [&] {
            auto t = Clock::now();
            dds = dds_oracle::dds_count(r.open);
            t_dds = ms_since(t);
        };
        in_turn(r.ours_first, run_ours, run_dds);
        ratios.push_back(t_ours / std::max(t_dds, 1e-3));
        ours_total += t_ours, dds_total += t_dds;
        if (ours != dds) {
            ++differ;
            std::printf("deal %d: (e) ours %d tricks, DDS %d\n", d + 1, ours, dds);
        }
    }
    results.disagreements += differ;
    char buf[320];
    std::snprintf(buf, sizeof buf,
                  "(e) one trick count from the opening (a bid review's job per layout) against "
                  "SolveBoard solutions 1: %s   (ours %.2f s, DDS %.2f s: %.1f and %.1f ms a "
                  "deal; %d differ; not in the last line)\n",
                  summary(ratios).c_str(), ours_total / 1000, dds_total / 1000,
                  ours_total / b.opt.deals, dds_total / b.opt.deals, differ);
    b.count_line = buf;
}

// The watchdog: a deal past the cap ends the run with the figures so far.
struct Watchdog {
    std::atomic<bool> running{true};
    std::atomic<int> current_deal{-1};
    std::atomic<std::int64_t> deal_start_ns{0};
    std::thread thread;

    Watchdog(double cap_s, Results& results) {
        thread = std::thread([this, cap_s, &results] {
            while (running) {
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
                int d = current_deal;
                if (d < 0) continue;
                double elapsed = (Clock::now().time_since_epoch().count() - deal_start_ns) / 1e9;
                if (elapsed > cap_s) {
                    std::lock_guard<std::mutex> lock(results.mutex);
                    std::printf("deal %d ran past the cap of %g s: stopped after %d deals\n", d + 1,
                                cap_s, results.deals_done);
                    ++results.disagreements;  // an unanswered deal counts against the run
                    print_last_line(results);
                    std::_Exit(1);
                }
            }
        });
    }
    void start(int d) {
        current_deal = d;
        deal_start_ns = Clock::now().time_since_epoch().count();
    }
    ~Watchdog() {
        running = false;
        current_deal = -1;
        thread.join();
    }
};

}  // namespace

// --ours-only: our (a) and (b) alone, their times and positions, nothing compared.
int run_ours_only(Bench& b) {
    double t_a = 0, t_b = 0;
    std::uint64_t nodes = 0;
    for (int d = 0; d < b.opt.deals; ++d) {
        DealRun r = deal_run(b, d);
        auto t = Clock::now();
        nodes += b.ours->solve_tricks(r.open).nodes;
        t_a += ms_since(t);
        t = Clock::now();
        for (const Position& p : r.line.positions) b.ours->total_tricks(p);
        t_b += ms_since(t);
    }
    std::printf("ours only: (a) %.3f s  (b) %.3f s  opening positions %llu\n", t_a / 1000,
                t_b / 1000, static_cast<unsigned long long>(nodes));
    return 0;
}

// --nil-only: (d) alone, each deal's nil kept or broken and the positions it searched.
int run_nil_only(Bench& b) {
    std::vector<double> nodes;
    double total_ms = 0;
    for (int d = 0; d < b.opt.deals; ++d) {
        DealRun r = deal_run(b, d);
        Position open_nil = nil_opening(b, r);
        std::uint64_t before = b.ours_nil->stats().nodes;
        auto t = Clock::now();
        bool kept = b.ours_nil->nil_kept(open_nil, r.nil_seat);
        double ms = ms_since(t);
        total_ms += ms;
        nodes.push_back(static_cast<double>(b.ours_nil->stats().nodes - before));
        std::printf("deal %3d %s  nil %c %s %10.0f nodes %8.1f ms\n", d + 1,
                    to_pbn(r.deal, Seat::North).c_str(), seat_char(r.nil_seat),
                    kept ? "kept  " : "broken", nodes.back(), ms);
    }
    double sum = 0;
    for (double n : nodes) sum += n;
    std::sort(nodes.begin(), nodes.end());
    std::printf("nil only: %.3f s, positions total %.0f median %.0f p90 %.0f max %.0f\n",
                total_ms / 1000, sum, nodes[nodes.size() / 2], nodes[nodes.size() * 9 / 10],
                nodes.back());
    return 0;
}

int main(int argc, char** argv) {
    Bench b;
    b.opt = parse(argc, argv);
    std::string deck = b.opt.deck48 ? "48" : "52";
    b.anytime = make_rules("classic", {"spades_lead=anytime", "deck=" + deck});
    b.classic = make_rules("classic", {"deck=" + deck});
    b.hand_size = b.anytime.hand_size();
    std::printf(
        "solver_bench: %d deals, seed %llu, %s-card deck, rules classic with "
        "spades_lead=anytime; ratios are our time / DDS's; our search's %s build\n",
        b.opt.deals, static_cast<unsigned long long>(b.opt.seed), deck.c_str(),
        solver_build(SolverOptions{b.opt.table_mb, b.opt.portable}));
    if (b.opt.ours_only || b.opt.nil_only) {
        make_solvers(b);
        return b.opt.ours_only ? run_ours_only(b) : run_nil_only(b);
    }
    Results results;
    {
        Watchdog watchdog(b.opt.cap_s, results);
        make_solvers(b);
        for (int d = 0; d < b.opt.deals; ++d) {
            watchdog.start(d);
            DealRun r = deal_run(b, d);
            run_opening(b, r);
            run_card_by_card(b, r);
            run_every_card(b, r);
            compare_card_by_card(r);
            run_ours_alone(b, r);
            add_deal(b, results, r, d);
        }
        watchdog.start(b.opt.deals);
        run_counts(b, results);
    }
    print_summaries(b, results);
    return 0;
}
