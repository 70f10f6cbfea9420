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
    bool verbose = false;                                    // (c) position by position
    std::size_t table_mb = SolverOptions{}.table_megabytes;  // each of our solvers' bound
};

[[noreturn]] void usage(const char* why) {
    std::fprintf(stderr,
                 "solver_bench: %s\nusage: solver_bench --deals N --seed S [--deck48] [--cap "
                 "SECONDS] [--table-mb MB] [--verbose]\n",
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

}  // namespace

int main(int argc, char** argv) {
    Options opt = parse(argc, argv);
    std::string deck = opt.deck48 ? "48" : "52";
    RuleSet anytime = make_rules("classic", {"spades_lead=anytime", "deck=" + deck});
    RuleSet classic = make_rules("classic", {"deck=" + deck});
    int hand_size = anytime.hand_size();

    std::printf(
        "solver_bench: %d deals, seed %llu, %s-card deck, rules classic with "
        "spades_lead=anytime; ratios are our time / DDS's\n",
        opt.deals, static_cast<unsigned long long>(opt.seed), deck.c_str());

    // 1. The watchdog: a deal past the cap ends the run with the figures so far.
    Results results;
    std::atomic<bool> running{true};
    std::atomic<int> current_deal{-1};
    std::atomic<std::int64_t> deal_start_ns{0};
    std::thread watchdog([&] {
        while (running) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            int d = current_deal;
            if (d < 0) continue;
            double elapsed = (Clock::now().time_since_epoch().count() - deal_start_ns) / 1e9;
            if (elapsed > opt.cap_s) {
                std::lock_guard<std::mutex> lock(results.mutex);
                std::printf("deal %d ran past the cap of %g s: stopped after %d deals\n", d + 1,
                            opt.cap_s, results.deals_done);
                ++results.disagreements;  // an unanswered deal counts against the run
                print_last_line(results);
                std::_Exit(1);
            }
        }
    });

    // 2. The solvers: one of ours per kind of work, each reused across deals, as a review
    //    reuses it; DDS keeps its own table on thread 0.
    //    Their set-up counts toward their memory.
    //    Memory is measured like for like, our solver of (a)-(c) against DDS doing the same,
    //    and for all our solvers on all their work (the MemoryMeter of each).
    Memory memory;
    measure({&memory.dds}, [] { dds_oracle::init_dds(); });
    SolverOptions solver_options{opt.table_mb};
    std::optional<Solver> ours;             // anytime: (a), (b) and (c)
    std::optional<Solver> ours_broken;      // after_broken openings
    std::optional<Solver> ours_score;       // after_broken openings, score objective
    std::optional<Solver> ours_nil;         // (d) nil solves
    std::optional<Solver> ours_nil_tricks;  // (d) trick solves of the same positions
    measure({&memory.ours_like, &memory.ours_all}, [&] { ours.emplace(solver_options); });
    measure({&memory.ours_all}, [&] {
        ours_nil.emplace(solver_options);
        ours_nil_tricks.emplace(solver_options);
        ours_broken.emplace(solver_options);
        ours_score.emplace(solver_options);
    });
    std::vector<double> broken_ratios, score_ratios, totals_ratios, nil_ratios, nil_nodes;
    double dds_c_total = 0;
    double ours_a_total = 0, dds_a_total = 0, ours_b_total = 0, dds_b_total = 0;
    double anytime_total = 0, broken_total = 0, score_total = 0, totals_total = 0;
    std::uint64_t nodes_signature = 0;
    std::vector<std::string> slow_deals;

    for (int d = 0; d < opt.deals; ++d) {
        std::uint64_t seed = opt.seed * 1'000'003ull + static_cast<std::uint64_t>(d);
        Seat dealer = static_cast<Seat>(d % 4);
        Deal deal = deal_from_seed(seed, anytime.deck(), dealer);
        current_deal = d;
        deal_start_ns = Clock::now().time_since_epoch().count();
        Position open = opening(anytime, deal, dealer);
        PlayLine line = random_play(anytime, deal, dealer, seed ^ 0xB0A7D5ull);
        bool ours_first = d % 2 == 0;
        int disagreements = 0;
        std::string notes;

        // 3. (a) The opening, every lead valued.
        SolveResult a_ours;
        dds_oracle::DdsAnswer a_dds;
        double t_ours_a = 0, t_dds_a = 0;
        auto run_ours_a = [&] {
            measure({&memory.ours_like, &memory.ours_all}, [&] {
                auto t = Clock::now();
                a_ours = ours->solve_tricks(open);
                t_ours_a = ms_since(t);
            });
        };
        auto run_dds_a = [&] {
            measure({&memory.dds}, [&] {
                auto t = Clock::now();
                a_dds = dds_oracle::dds_solve(open);
                t_dds_a = ms_since(t);
            });
        };
        in_turn(ours_first, run_ours_a, run_dds_a);
        nodes_signature += a_ours.nodes;
        bool a_same =
            a_ours.total_tricks == a_dds.total_tricks && a_ours.cards.size() == a_dds.cards.size();
        for (std::size_t i = 0; a_same && i < a_dds.cards.size(); ++i) {
            a_same = a_ours.cards[i].card == a_dds.cards[i].card &&
                     a_ours.cards[i].total_tricks == a_dds.cards[i].total_tricks;
        }
        if (!a_same) {
            ++disagreements;
            notes += "\n  opening differs: ours total " + std::to_string(a_ours.total_tricks) +
                     describe_cards(a_ours.cards) + "\n                   DDS  total " +
                     std::to_string(a_dds.total_tricks) + describe_cards(a_dds.cards);
        }

        // 4. (b) The hand card by card.
        std::vector<int> b_ours;
        std::vector<int> b_dds;
        double t_ours_b = 0, t_dds_b = 0;
        auto run_ours_b = [&] {
            measure({&memory.ours_like, &memory.ours_all}, [&] {
                auto t = Clock::now();
                // One value per position, as AnalysePlayBin gives: total_tricks, on the
                // solver that analysed the opening, as a review reuses it.
                for (const Position& p : line.positions) {
                    int total = ours->total_tricks(p);
                    b_ours.push_back(team_of(p.to_play) == Team::NS ? total : hand_size - total);
                }
                t_ours_b = ms_since(t);
            });
        };
        auto run_dds_b = [&] {
            measure({&memory.dds}, [&] {
                auto t = Clock::now();
                b_dds = dds_oracle::dds_analyse_play(open, line.cards, Team::NS);
                t_dds_b = ms_since(t);
            });
        };
        in_turn(ours_first, run_ours_b, run_dds_b);
        // (c) The play review's job: the same positions with every legal card valued
        // (solve_tricks); DDS SolveBoard, solutions 3, at each position, keeping its table
        // from one position to the next (mode 2). Each side keeps what (a) and (b) taught
        // its table about this deal, as DDS does of its own accord.
        std::vector<int> b_totals;
        std::vector<int> c_dds;
        double t_totals = 0, t_dds_c = 0;
        int c_disagree = 0;
        std::vector<SolveResult> c_ours;
        std::vector<double> c_ours_ms, c_dds_ms;
        auto run_ours_c = [&] {
            measure({&memory.ours_like, &memory.ours_all}, [&] {
                auto t = Clock::now();
                for (const Position& p : line.positions) {
                    auto tp = Clock::now();
                    c_ours.push_back(ours->solve_tricks(p));
                    c_ours_ms.push_back(ms_since(tp));
                }
                t_totals = ms_since(t);
            });
        };
        std::vector<dds_oracle::DdsAnswer> c_dds_answers;
        auto run_dds_c = [&] {
            measure({&memory.dds}, [&] {
                auto t = Clock::now();
                for (std::size_t i = 0; i < line.positions.size(); ++i) {
                    auto tp = Clock::now();
                    c_dds_answers.push_back(dds_oracle::dds_solve(line.positions[i], i ? 2 : 1));
                    c_dds_ms.push_back(ms_since(tp));
                }
                t_dds_c = ms_since(t);
            });
        };
        in_turn(ours_first, run_ours_c, run_dds_c);
        for (std::size_t i = 0; i < line.positions.size(); ++i) {
            b_totals.push_back(ns_total(c_ours[i], hand_size));
            bool same = c_ours[i].total_tricks == c_dds_answers[i].total_tricks &&
                        c_ours[i].cards.size() == c_dds_answers[i].cards.size();
            for (std::size_t k = 0; same && k < c_ours[i].cards.size(); ++k) {
                same = c_ours[i].cards[k].card == c_dds_answers[i].cards[k].card &&
                       c_ours[i].cards[k].total_tricks == c_dds_answers[i].cards[k].total_tricks;
            }
            if (!same) {
                ++c_disagree;
                notes += "\n  every card at position " + std::to_string(i) + ": ours" +
                         describe_cards(c_ours[i].cards) + "\n    DDS" +
                         describe_cards(c_dds_answers[i].cards);
            }
        }
        disagreements += c_disagree;
        if (opt.verbose) {
            for (std::size_t i = 0; i < c_ours.size(); ++i) {
                std::printf(
                    "  (c) position %2zu: ours %8.2f ms %9llu nodes, DDS %8.2f ms %9llu "
                    "nodes\n",
                    i, c_ours_ms[i], static_cast<unsigned long long>(c_ours[i].nodes), c_dds_ms[i],
                    static_cast<unsigned long long>(c_dds_answers[i].nodes));
            }
        }

        // (d) The nil objective, for information: the seat with the weakest hand bids nil,
        // and whether it is kept is solved from the opening (after_broken, as a bid review
        // solves it), against the trick solve of the same position on a solver of its own.
        Position open_nil = opening(classic, deal, dealer);
        Seat nil_seat = weakest_seat(open_nil);
        open_nil.bids[index(nil_seat)] = Bid::nil();
        double t_nil = 0, t_nil_tricks = 0;
        std::uint64_t nil_nodes_before = ours_nil->stats().nodes;
        measure({&memory.ours_all}, [&] {
            auto t = Clock::now();
            ours_nil_tricks->total_tricks(open_nil);
            t_nil_tricks = ms_since(t);
            t = Clock::now();
            ours_nil->nil_kept(open_nil, nil_seat);
            t_nil = ms_since(t);
        });
        nil_nodes.push_back(static_cast<double>(ours_nil->stats().nodes - nil_nodes_before));
        // DDS leaves out the last trick, whose value is the hand's final count.
        b_dds.resize(line.positions.size(), line.ns_final);
        for (std::size_t i = 0; i < b_dds.size(); ++i) {
            if (b_ours.at(i) != b_dds[i] || b_totals.at(i) != b_dds[i]) {
                ++disagreements;
                notes += "\n  position " + std::to_string(i) + " (before " +
                         to_string(line.cards[i]) + "): ours NS " + std::to_string(b_ours[i]) +
                         " (every card valued: " + std::to_string(b_totals[i]) + "), DDS NS " +
                         std::to_string(b_dds[i]);
            }
        }

        // 5. Our solver alone: the spades-broken rule and the score objective, same openings.
        Position open_classic = opening(classic, deal, dealer);
        double t_broken = 0, t_score = 0;
        measure({&memory.ours_all}, [&] {
            auto t = Clock::now();
            ours_broken->solve_tricks(open_classic);
            t_broken = ms_since(t);
        });
        measure({&memory.ours_all}, [&] {
            auto t = Clock::now();
            ours_score->solve_score(open_classic, Standings{});
            t_score = ms_since(t);
        });

        double ratio_a = t_ours_a / std::max(t_dds_a, 1e-3);
        double ratio_b = t_ours_b / std::max(t_dds_b, 1e-3);
        broken_ratios.push_back(t_broken / std::max(t_ours_a, 1e-3));
        score_ratios.push_back(t_score / std::max(t_broken, 1e-3));
        ours_a_total += t_ours_a, dds_a_total += t_dds_a;
        ours_b_total += t_ours_b, dds_b_total += t_dds_b, totals_total += t_totals;
        totals_ratios.push_back(t_totals / std::max(t_dds_c, 1e-3));
        nil_ratios.push_back(t_nil / std::max(t_nil_tricks, 1e-3));
        dds_c_total += t_dds_c;
        anytime_total += t_ours_a, broken_total += t_broken, score_total += t_score;
        // A deal's time is that of both kinds of work, (a) and (b), for each solver.
        double ours_deal_s = (t_ours_a + t_ours_b) / 1000, dds_deal_s = (t_dds_a + t_dds_b) / 1000;
        if (ours_deal_s > 10 || dds_deal_s > 10) {
            char buf[128];
            std::snprintf(buf, sizeof buf, "deal %d: ours %.1f s, DDS %.1f s", d + 1, ours_deal_s,
                          dds_deal_s);
            slow_deals.push_back(buf);
        }

        std::lock_guard<std::mutex> lock(results.mutex);
        results.opening_ratios.push_back(ratio_a);
        results.play_ratios.push_back(ratio_b);
        results.disagreements += disagreements;
        ++results.deals_done;
        std::printf(
            "deal %3d %s  (a) ours %8.1f ms DDS %8.1f ms ratio %5.2f  (b) ours %8.1f ms "
            "DDS %8.1f ms ratio %5.2f  broken %5.2fx score %5.2fx  nil %c %.0f nodes %s%s\n",
            d + 1, to_pbn(deal, Seat::North).c_str(), t_ours_a, t_dds_a, ratio_a, t_ours_b, t_dds_b,
            ratio_b, broken_ratios.back(), score_ratios.back(), seat_char(nil_seat),
            nil_nodes.back(), disagreements == 0 ? "agree" : "DISAGREE", notes.c_str());
        std::fflush(stdout);
    }
    running = false;
    current_deal = -1;
    watchdog.join();

    // 6. The summaries.
    std::vector<double> all = results.opening_ratios;
    all.insert(all.end(), results.play_ratios.begin(), results.play_ratios.end());
    std::printf("\n(a) opening, every lead:   %s   (ours %.2f s, DDS %.2f s)\n",
                summary(results.opening_ratios).c_str(), ours_a_total / 1000, dds_a_total / 1000);
    std::printf("(b) hand card by card:     %s   (ours %.2f s, DDS %.2f s)\n",
                summary(results.play_ratios).c_str(), ours_b_total / 1000, dds_b_total / 1000);
    std::printf("both kinds:                %s\n", summary(all).c_str());
    std::printf(
        "(c) every card valued at each position (the play review's job) against SolveBoard "
        "solutions 3 mode 2: %s   (ours %.2f s, DDS %.2f s; not in the last line)\n",
        summary(totals_ratios).c_str(), totals_total / 1000, dds_c_total / 1000);
    std::printf(
        "(d) nil kept or not from the opening, the weakest hand's nil, in trick solves of the "
        "same position: %s   (nodes: %s)\n",
        summary(nil_ratios).c_str(), summary(nil_nodes).c_str());
    std::printf("deals over 10 s ((a) + (b), either solver): %s\n",
                slow_deals.empty() ? "none" : "");
    for (const std::string& s : slow_deals) std::printf("  %s\n", s.c_str());
    std::printf("spades-broken rule (ours, openings, after_broken / anytime): %s   (total %.2fx)\n",
                summary(broken_ratios).c_str(), broken_total / std::max(anytime_total, 1e-3));
    std::printf(
        "score objective (ours, after_broken openings, bids by count, score / tricks): "
        "%s   (total %.2fx)\n",
        summary(score_ratios).c_str(), score_total / std::max(broken_total, 1e-3));
    print_memory(memory, opt.table_mb, *ours, *ours_nil, *ours_nil_tricks, *ours_broken,
                 *ours_score);
    std::printf("nodes signature (ours, openings): %llu\n",
                static_cast<unsigned long long>(nodes_signature));
    std::printf("disagreements: %d\n", results.disagreements);
    print_last_line(results);
    return 0;
}
