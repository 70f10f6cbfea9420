#include "spadework/analyzer/winchance.h"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <map>
#include <optional>
#include <thread>
#include <utility>

#include "spadework/analyzer/simple_bot.h"
#include "spadework/engine/error.h"
#include "spadework/engine/game.h"
#include "spadework/engine/record.h"
#include "spadework/engine/scoring.h"
#include "winchance_cells.h"

namespace spadework::analyzer {

namespace {

// Value iteration stops when no cell moved more than this in a sweep.
constexpr double kTolerance = 1e-9;
// A sweep cap far above what any rule set needs (tens of sweeps): reaching it is a bug.
constexpr int kMaxSweeps = 100000;
// The fewest cells of a run each value-iteration thread takes.
constexpr int kCellsPerThread = 32;

int floor_mod(int a, int m) {
    int r = a % m;
    return r < 0 ? r + m : r;
}

// ---------------------------------------------------------------------------------------
// Transitions: what a hand does to the two scores, grouped by the situation and the bags
// before it.

// One way a hand moves the scores, from the dealing side's view, and its probability.
struct Step {
    int dx = 0;
    int dy = 0;
    double p = 0;
};

// The steps from scores of one situation whose bag digits are (bx, by): within a situation
// only the bags before a hand change what it scores (a penalty when they pass the limit), so a
// group serves every such cell.
struct StepGroup {
    std::vector<Step> steps;
};

struct Transitions {
    const RuleSet* rules = nullptr;
    int modulus = 1;
    // [block(situation) * modulus^2 + bx * modulus + by]; block 0 holds the hands pooled, for
    // situations without hands of their own.
    std::vector<StepGroup> groups;
    std::vector<int> blocks = std::vector<int>(kScoreSituations, 0);  // [situation]
    int most_down = 0;  // the largest fall of a score in one hand (>= 0)
    int most_up = 0;    // the largest rise (>= 0)
    std::size_t first(int situation) const {
        return static_cast<std::size_t>(blocks[static_cast<std::size_t>(situation)]) * modulus *
               modulus;
    }
    const StepGroup& group(int situation, int x, int y) const {
        return groups[first(situation) + static_cast<std::size_t>(floor_mod(x, modulus) * modulus +
                                                                  floor_mod(y, modulus))];
    }
    const StepGroup& group(int x, int y) const {
        return group(score_situation(*rules, x, y), x, y);
    }
};

int bag_modulus(const RuleSet& rules) {
    return rules.counts_bags() ? rules.bag_limit : 1;
}

// Outcomes that score alike, with their summed count: per partnership the points of every
// item but the bag penalties, and the bags added. score_hand settles bags last, from those
// ("points from tricks are dealt with first, then sandbags"), so an outcome scores alike from
// any bags as its class does (after_bags): thousands of classes stand for tens of thousands
// of outcomes, and each is scored once.
struct ScoringClass {
    std::array<int, 2> points{};  // by team
    std::array<int, 2> bags{};
    std::int64_t count = 0;
};

std::vector<ScoringClass> scoring_classes(const RuleSet& rules,
                                          const std::vector<OutcomeCount>& outcomes) {
    std::map<std::array<int, 4>, std::int64_t> classes;
    for (const OutcomeCount& oc : outcomes) {
        HandScore score = score_hand(rules, oc.outcome, Standings{});
        std::array<int, 4> key{};
        for (Team team : kAllTeams) {
            int points = 0;
            for (const ScoreItem& item : score[team].items) {
                if (item.kind != ScoreItem::Kind::BagPenalty) points += item.points;
            }
            key[2 * index(team)] = points;
            key[2 * index(team) + 1] = score[team].bags_added;
        }
        classes[key] += oc.count;
    }
    std::vector<ScoringClass> out;
    for (const auto& [key, count] : classes) {
        out.push_back({{key[0], key[2]}, {key[1], key[3]}, count});
    }
    return out;
}

// The groups of one block from its hands' outcomes, those `needed` says a cell reads (a
// situation's cells have some bag digits only: those its bags-near-the-limit flags allow).
void add_block(const RuleSet& rules, const std::vector<OutcomeCount>& outcomes, std::int64_t hands,
               const std::vector<bool>& needed, Transitions& t) {
    const int m = t.modulus;
    const std::size_t first = t.groups.size();
    t.groups.resize(first + static_cast<std::size_t>(m * m));
    if (std::find(needed.begin(), needed.end(), true) == needed.end()) return;
    const std::vector<ScoringClass> classes = scoring_classes(rules, outcomes);
    for (int bx = 0; bx < m; ++bx) {
        for (int by = 0; by < m; ++by) {
            if (!needed[static_cast<std::size_t>(bx * m + by)]) continue;
            std::map<std::pair<int, int>, std::int64_t> counts;
            const std::array<TeamStanding, 2> before{TeamStanding{bx, bx}, TeamStanding{by, by}};
            for (const ScoringClass& c : classes) {
                std::array<TeamStanding, 2> after;
                for (Team team : kAllTeams) {
                    const std::size_t i = index(team);
                    after[i] = after_bags(rules, before[i], c.points[i], c.bags[i]);
                    // The reduction's own check: bags must still be the score's last digit.
                    if (after[i].bags != floor_mod(after[i].score, m)) {
                        throw Error("winchance: bags cannot be read from the score under " +
                                    rules.name + " with these rules");
                    }
                }
                int dx = after[0].score - bx;
                int dy = after[1].score - by;
                counts[{dx, dy}] += c.count;
                t.most_down = std::max({t.most_down, -dx, -dy});
                t.most_up = std::max({t.most_up, dx, dy});
            }
            StepGroup& g = t.groups[first + static_cast<std::size_t>(bx * m + by)];
            for (auto& [d, count] : counts) {
                g.steps.push_back({d.first, d.second, static_cast<double>(count) / hands});
            }
        }
    }
}

// A block per situation with hands, after block 0 for all of them pooled (read by the
// situations without hands of their own).
Transitions make_transitions(const RuleSet& rules, const HandDistribution& hands) {
    Transitions t;
    t.rules = &rules;
    t.modulus = bag_modulus(rules);
    const int m = t.modulus;
    const std::size_t n = std::min<std::size_t>(hands.situations.size(), kScoreSituations);
    auto own = [&](std::size_t s) { return s < n && hands.situations[s].hands > 0; };
    // The groups the cells read: [situation][bx * m + by], and block 0's.
    std::vector<std::vector<bool>> needed(kScoreSituations,
                                          std::vector<bool>(static_cast<std::size_t>(m * m)));
    std::vector<bool> pooled_needed(static_cast<std::size_t>(m * m));
    for_each_table_cell(rules, [&](int x, int y) {
        auto s = static_cast<std::size_t>(score_situation(rules, x, y));
        auto g = static_cast<std::size_t>(floor_mod(x, m) * m + floor_mod(y, m));
        needed[s][g] = true;
        if (!own(s)) pooled_needed[g] = true;
    });
    // scoring_classes merges what scores alike, the same outcome of two situations included.
    std::vector<OutcomeCount> all;
    if (std::find(pooled_needed.begin(), pooled_needed.end(), true) != pooled_needed.end()) {
        for (const SituationHands& s : hands.situations) {
            all.insert(all.end(), s.outcomes.begin(), s.outcomes.end());
        }
    }
    add_block(rules, all, hands.hands, pooled_needed, t);
    for (std::size_t s = 0; s < n; ++s) {
        if (!own(s)) continue;
        t.blocks[s] = static_cast<int>(t.groups.size()) / (m * m);
        add_block(rules, hands.situations[s].outcomes, hands.situations[s].hands, needed[s], t);
    }
    return t;
}

// ---------------------------------------------------------------------------------------
// Where a set stands: the end-of-game rules, shared by the build and the lookups.

struct SetRules {
    const RuleSet* rules = nullptr;
    int target = 0;
    int low = 0;  // the lowest score the table holds
    int modulus = 1;
};

enum class Standing { Won, Lost, Level, InPlay };

// Scores x (the side about to deal) and y before a hand, as Game::add_hand judged them after
// the last one: a score at the target or at or under the loss limit ends the set, the higher
// score winning. In play, scores under `low` (no loss limit) are read as the lowest scores
// with the same bag digit: an approximation far from where games are decided.
Standing standing(const SetRules& r, int& x, int& y) {
    bool ended = set_ended(*r.rules, r.target, x, y, 0).has_value();
    if (ended) return x > y ? Standing::Won : x < y ? Standing::Lost : Standing::Level;
    if (x < r.low) x = r.low + floor_mod(x - r.low, r.modulus);
    if (y < r.low) y = r.low + floor_mod(y - r.low, r.modulus);
    return Standing::InPlay;
}

// The lowest score a set's table holds: one above the loss limit; without one, 0 when no
// hand lowers a score, and otherwise the target below zero (rounded to whole bag cycles).
int lowest_score(const RuleSet& rules, int target, const Transitions& t) {
    if (rules.loss_limit) return *rules.loss_limit + 1;
    if (t.most_down == 0) return 0;
    int m = t.modulus;
    return -((std::max(target, m) + m - 1) / m) * m;
}

// The index of a tie at score s among n ties from tie_low, clamped to the range (keeping the
// bag digit): repeated ties can run past any range, with a vanishing probability.
std::size_t tie_index(int tie_low, std::size_t ties, int modulus, int s) {
    int n = static_cast<int>(ties);
    int i = s - tie_low;
    if (i < 0) i = floor_mod(i, modulus);
    if (i >= n) i = n - modulus + floor_mod(i - (n - modulus), modulus);
    return static_cast<std::size_t>(i);
}

// ---------------------------------------------------------------------------------------
// Value iteration over one set.
//
// The cells live in a grid padded on every side by the largest step, so that every step from
// a cell lands in the grid and a sweep reads it without a test: padding cells hold the decided
// results (1, 0) once, and the ones that change (a tie, a score below the table) are refreshed
// at the start of each sweep.
//
// A sweep is Gauss-Seidel in place, a row of the other side's score at a time from the top
// (most hands raise the scores, so many steps read a cell already updated in this sweep). The
// cells of a row that share a bag digit share their steps, and a step reads them at one fixed
// distance; so the grid's second axis is laid out digit by digit (all scores ending in 0, then
// all ending in 1, ...), where those reads are contiguous and each step is one streaming
// multiply-add over the row: cache-friendly and vectorised, thousands of steps per cell.

int floor_div(int a, int m) {
    return (a - floor_mod(a, m)) / m;
}

// A barrier for the sweep's threads, which meet twice per run of cells (tens of microseconds
// apart): spinning answers in well under a microsecond where a sleeping wait costs tens, so a
// thread spins, then yields, and only then sleeps until the last one arrives. On a busy
// machine a partner may be descheduled for milliseconds, and yielding all that while cost
// CPU in system calls: a test's tables on 1, 2 and 3 threads took 4.5 s of CPU alone and
// 5-28 s beside other tests (up to 21 s of it in the kernel); with the sleep, 3.5-6.6 s. Sleeping
// straight after spinning would cost the wake-ups instead: a classic table on 2 threads of an
// idle 2-core machine in 21-26 s, where this takes 6.5 s (7.1-7.9 s yielding without end).
class SpinBarrier {
  public:
    explicit SpinBarrier(int parties) : parties_(parties) {}
    void wait() {
        if (parties_ == 1) return;
        const int generation = generation_.load(std::memory_order_acquire);
        if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == parties_) {
            arrived_.store(0, std::memory_order_relaxed);
            generation_.fetch_add(1, std::memory_order_release);
            generation_.notify_all();
            return;
        }
        for (int spins = 0; spins < kSpins + kYields; ++spins) {
            if (generation_.load(std::memory_order_acquire) != generation) return;
            if (spins >= kSpins) std::this_thread::yield();
        }
        while (generation_.load(std::memory_order_acquire) == generation) {
            generation_.wait(generation, std::memory_order_acquire);
        }
    }

  private:
    static constexpr int kSpins = 2000;  // then yields, then sleeps
    static constexpr int kYields = 1000;
    const int parties_;
    std::atomic<int> arrived_{0};
    std::atomic<int> generation_{0};
};

class SetSolver {
  public:
    SetSolver(const RuleSet& rules, int target, const Transitions& t, bool overtime_set,
              double overtime_start)
        : rules_(rules), t_(t), overtime_set_(overtime_set), overtime_start_(overtime_start) {
        const int m = t.modulus;
        r_ = SetRules{&rules, target, lowest_score(rules, target, t), m};
        width_ = target - r_.low;
        // The padded range: a whole number of bag cycles, starting on a score ending in 0.
        origin_ = floor_div(r_.low - t.most_down, m) * m;
        stride_ = (target + t.most_up - origin_ + m) / m * m;
        grid_.assign(static_cast<std::size_t>(stride_) * stride_, 0.5);
        if (rules.on_tie == OnTie::PlayOn) {
            tie_low_ = origin_;
            ties_.assign(static_cast<std::size_t>(stride_ + t.most_up), 0.5);
        }
        make_cols();
        make_segments();
        fill_padding();
        fill_decided_core();
    }

    // Sweeps until converged; returns the sweeps and leaves the last sweep's largest change.
    // With several threads, each run of cells is shared among them (see update_run): every
    // cell is computed from the same values in the same order, so the table is the same
    // whatever the number of threads.
    int solve(double& last_change, int threads) {
        // A share of a run under a few dozen cells is not worth the threads' meeting.
        threads = std::clamp(threads, 1, std::max(1, width_ / r_.modulus / kCellsPerThread));
        SpinBarrier barrier(threads);
        std::vector<double> most(static_cast<std::size_t>(threads));
        int sweeps = 0;
        bool stop = false;
        auto sweep_part = [&](int part) {
            std::vector<double> acc(static_cast<std::size_t>(stride_ / r_.modulus + 1));
            for (int sweep = 1; !stop; ++sweep) {
                if (part == 0) {
                    refresh_padding();
                    most[0] = update_ties();
                }
                barrier.wait();
                double cells = update_cells(part, threads, barrier, acc);
                most[static_cast<std::size_t>(part)] =
                    std::max(most[static_cast<std::size_t>(part)], cells);
                barrier.wait();
                if (part == 0) {
                    last_change = *std::max_element(most.begin(), most.end());
                    std::fill(most.begin(), most.end(), 0.0);
                    sweeps = sweep;
                    stop = last_change < kTolerance || sweep == kMaxSweeps;
                }
                barrier.wait();
            }
        };
        std::vector<std::thread> helpers;
        for (int part = 1; part < threads; ++part) helpers.emplace_back(sweep_part, part);
        sweep_part(0);
        for (std::thread& t : helpers) t.join();
        if (last_change >= kTolerance) {
            SPADEWORK_INVARIANT(false, "winchance: value iteration converges");
        }
        return sweeps;
    }

    // The chances, each held to 0..1: a sum of thousands of products can land an ulp outside.
    SetTable result() const {
        auto chance = [](double p) { return std::clamp(p, 0.0, 1.0); };
        SetTable s{r_.target, r_.low, width_, {}, tie_low_, {}};
        s.cells.reserve(static_cast<std::size_t>(width_) * width_);
        for (int x = r_.low; x < r_.target; ++x) {
            for (int y = r_.low; y < r_.target; ++y) s.cells.push_back(chance(grid_[at(x, y)]));
        }
        for (double p : ties_) s.ties.push_back(chance(p));
        return s;
    }

  private:
    // Row x - origin; in it, column (p mod M) * (stride / M) + p div M for p = y - origin.
    std::size_t at(int x, int y) const {
        const int m = r_.modulus, p = y - origin_;
        return static_cast<std::size_t>(x - origin_) * stride_ + (p % m) * (stride_ / m) + p / m;
    }

    // A step as a row sweep reads it: for cells with bag digit r, the chance after a step of
    // dx is at column cols_[r * span + dx + most_down] + k of its grid row, for the k-th cell of
    // digit r (read from a table rather than stored with each of millions of steps).
    void make_cols() {
        const int m = r_.modulus, q = stride_ / m;
        span_ = t_.most_down + t_.most_up + 1;
        cols_.resize(static_cast<std::size_t>(m * span_));
        for (int r = 0; r < m; ++r) {
            for (int dx = -t_.most_down; dx <= t_.most_up; ++dx) {
                cols_[static_cast<std::size_t>(r * span_ + dx + t_.most_down)] =
                    static_cast<std::ptrdiff_t>(floor_mod(r + dx, m)) * q + floor_div(r + dx, m);
            }
        }
    }

    // The cells k0 <= k < k1 of a run (see update_run), where k runs over the cells of the
    // run's row and bag digit.
    void run_range(int r, int& k0, int& k1) const {
        const int m = r_.modulus;
        k0 = floor_div(r_.low - origin_ - r + m - 1, m);
        k1 = floor_div(r_.target - origin_ - r + m - 1, m);
    }

    // Each run cut where the situation changes (a side comes within reach of the target, or
    // into a blind nil spot): a few pieces, each reading one situation's steps.
    void make_segments() {
        const int m = r_.modulus;
        segments_.resize(static_cast<std::size_t>(width_) * m);
        for (int y = r_.low; y < r_.target; ++y) {
            for (int r = 0; r < m; ++r) {
                int k0 = 0, k1 = 0;
                run_range(r, k0, k1);
                auto& out = segments_[static_cast<std::size_t>(y - r_.low) * m + r];
                for (int k = k0; k < k1; ++k) {
                    int situation = score_situation(rules_, origin_ + r + m * k, y);
                    if (out.empty() || out.back().situation != situation) {
                        out.push_back({k, k + 1, situation});
                    } else {
                        out.back().k1 = k + 1;
                    }
                }
            }
        }
    }

    double tie_value(int s) const {
        switch (rules_.on_tie) {
            case OnTie::PlayOn:
                return ties_[tie_index(tie_low_, ties_.size(), r_.modulus, s)];
            case OnTie::Draw:
                return 0.5;
            case OnTie::Overtime:
                return overtime_set_ ? grid_[at(0, 0)] : overtime_start_;
        }
        return 0.5;
    }

    double value_before(int x, int y) const {
        switch (standing(r_, x, y)) {
            case Standing::Won:
                return 1;
            case Standing::Lost:
                return 0;
            case Standing::Level:
                return tie_value(x);
            case Standing::InPlay:
                break;
        }
        return grid_[at(x, y)];
    }

    bool in_core(int x, int y) const {
        return x >= r_.low && x < r_.target && y >= r_.low && y < r_.target;
    }

    // Decided padding cells once; the changing ones listed for refresh_padding.
    void fill_padding() {
        for (int x = origin_; x < origin_ + stride_; ++x) {
            for (int y = origin_; y < origin_ + stride_; ++y) {
                if (in_core(x, y)) continue;
                int cx = x, cy = y;
                Standing st = standing(r_, cx, cy);
                if (st == Standing::Won || st == Standing::Lost) {
                    grid_[at(x, y)] = st == Standing::Won ? 1 : 0;
                } else {
                    changing_.push_back({x, y});
                }
            }
        }
    }

    // Cells inside the table where the set is decided all the same (a lead of `mercy` points)
    // hold 1 or 0 from the start and are never swept: each run of a row sweeps only the cells
    // in play, which lie in one stretch (plays_[(y - low) * modulus + r], in k as run_range).
    void fill_decided_core() {
        const int m = r_.modulus;
        plays_.resize(static_cast<std::size_t>(width_) * m);
        for (int y = r_.low; y < r_.target; ++y) {
            for (int r = 0; r < m; ++r) {
                int k0 = 0, k1 = 0;
                run_range(r, k0, k1);
                int first = k1, last = k0 - 1;
                for (int k = k0; k < k1; ++k) {
                    int x = origin_ + r + m * k, cx = x, cy = y;
                    Standing st = standing(r_, cx, cy);
                    if (st == Standing::InPlay) {
                        first = std::min(first, k);
                        last = k;
                        continue;
                    }
                    SPADEWORK_INVARIANT(st != Standing::Level, "a level score inside the table");
                    grid_[at(x, y)] = st == Standing::Won ? 1 : 0;
                }
                for (int k = first; k <= last; ++k) {
                    int cx = origin_ + r + m * k, cy = y;
                    SPADEWORK_INVARIANT(standing(r_, cx, cy) == Standing::InPlay,
                                        "a row's cells in play lie in one stretch");
                }
                plays_[static_cast<std::size_t>(y - r_.low) * m + r] = {first, last + 1};
            }
        }
    }

    void refresh_padding() {
        for (auto [x, y] : changing_) grid_[at(x, y)] = value_before(x, y);
    }

    // The chance at a tie past the end, for the side about to deal the extra hand.
    double update_ties() {
        double most = 0;
        for (std::size_t i = 0; i < ties_.size(); ++i) {
            int s = tie_low_ + static_cast<int>(i);
            int cs = s, cs2 = s;
            if (standing(r_, cs, cs2) != Standing::Level) continue;
            double sum = 0;
            for (const Step& st : t_.group(s, s).steps) {
                sum += st.p * (1 - value_before(s + st.dy, s + st.dx));
            }
            most = std::max(most, std::abs(sum - ties_[i]));
            ties_[i] = sum;
        }
        return most;
    }

    // The cells of one row y with bag digit r: x = origin + r + m * k for k in [k0, k1). Each
    // reads the other side's chance at the swapped scores (it deals next). Every cell of the
    // run is computed before any is written: a run reads cells of its own row. Thread `part`
    // of `parts` takes its share of the run's cells, and the threads meet before writing (all
    // have read) and after (the next run reads what this one wrote).
    double update_run(int y, int r, int part, int parts, SpinBarrier& barrier,
                      std::vector<double>& acc) {
        const int m = r_.modulus;
        auto [k0, k1] = plays_[static_cast<std::size_t>(y - r_.low) * m + r];
        if (k1 <= k0) return 0;
        if (parts > 1) {
            const int n = k1 - k0;
            k1 = k0 + n * (part + 1) / parts;
            k0 += n * part / parts;
        }
        double* __restrict sum = acc.data();
        std::fill(sum + k0, sum + k1, 0.0);
        for (const Segment& seg : segments_[static_cast<std::size_t>(y - r_.low) * m + r]) {
            const int lo = std::max(k0, seg.k0), hi = std::min(k1, seg.k1);
            if (lo >= hi) continue;
            const std::size_t g = t_.first(seg.situation) + static_cast<std::size_t>(r * m) +
                                  static_cast<std::size_t>(floor_mod(y, m));
            const std::ptrdiff_t* cols = cols_.data() + r * span_ + t_.most_down;
            for (const Step& st : t_.groups[g].steps) {
                const double* __restrict from =
                    grid_.data() + static_cast<std::ptrdiff_t>(y + st.dy - origin_) * stride_ +
                    cols[st.dx];
                const double p = st.p;
                for (int k = lo; k < hi; ++k) sum[k] += p * from[k];
            }
        }
        barrier.wait();
        double most = 0;
        for (int k = k0; k < k1; ++k) {
            double& cell = grid_[at(origin_ + r + m * k, y)];
            most = std::max(most, std::abs(1 - sum[k] - cell));
            cell = 1 - sum[k];
        }
        barrier.wait();
        return most;
    }

    double update_cells(int part, int parts, SpinBarrier& barrier, std::vector<double>& acc) {
        double most = 0;
        for (int y = r_.target - 1; y >= r_.low; --y) {
            for (int r = 0; r < r_.modulus; ++r) {
                most = std::max(most, update_run(y, r, part, parts, barrier, acc));
            }
        }
        return most;
    }

    const RuleSet& rules_;
    const Transitions& t_;
    bool overtime_set_;
    double overtime_start_;
    SetRules r_;
    int width_ = 0, origin_ = 0, stride_ = 0, tie_low_ = 0;
    std::vector<double> grid_;
    std::vector<double> ties_;
    int span_ = 0;                      // the steps' dx range: most_down + most_up + 1
    std::vector<std::ptrdiff_t> cols_;  // [r * span + dx + most_down], see make_cols
    // A piece of a run in one situation: cells k0 <= k < k1.
    struct Segment {
        int k0, k1, situation;
    };
    std::vector<std::vector<Segment>> segments_;  // [(y - low) * modulus + r]
    std::vector<std::pair<int, int>> plays_;      // the same: the run's cells in play, [k0, k1)
    std::vector<std::pair<int, int>> changing_;
};

// ---------------------------------------------------------------------------------------

// The widest range of scores a set's table holds: it has a cell for every pair of scores from
// its lowest to its target, swept until they settle, so its time and memory grow with the
// square of the range (classic's 749 points build in seconds, 2,249 in about 20 s).
constexpr long long kMaxTableSpan = 4000;

// Refuses a set whose table would be wider than kMaxTableSpan: one the command would spend
// hours and gigabytes on.
void check_table_span(const RuleSet& rules, const char* key, int target) {
    // As lowest_score has it, before the hands are known: one above the loss limit, else the
    // target below zero.
    const long long low =
        rules.loss_limit ? *rules.loss_limit + 1LL : -static_cast<long long>(target);
    const long long span = target - low;
    if (span <= kMaxTableSpan) return;
    throw Error("winchance: " + std::string(key) + "=" + std::to_string(target) +
                " makes a table of every score from " + std::to_string(low) + " to " +
                std::to_string(target) + ", " + std::to_string(span) + " a side: more than the " +
                std::to_string(kMaxTableSpan) +
                " it builds; a target (and loss_limit) nearer 0 make one, as classic's 500 "
                "and -250 do");
}

}  // namespace

// Whether a partnership's bags can be told from its score (the score modulo bag_limit) under
// these rules: hands of many kinds (contracts made with overtricks and set, a nil and a blind
// nil kept and broken, every split of the tricks), each scored from every bag count as the
// table's transitions are. The first hand where bags and score part ways, in words; none when
// they never do.
std::optional<std::string> bags_apart(const RuleSet& rules) {
    const int n = rules.hand_size();
    const int m = rules.bag_limit;
    std::vector<std::array<Bid, 4>> bid_sets;
    for (int b : {1, 3, n / 2, n - 3}) {
        bid_sets.push_back({Bid::tricks(b), Bid::tricks(1), Bid::tricks(1), Bid::tricks(1)});
    }
    for (Bid nil : {Bid::nil(), Bid::blind_nil()}) {
        bid_sets.push_back({nil, Bid::tricks(3), Bid::tricks(3), Bid::tricks(3)});
    }
    for (const auto& bids : bid_sets) {
        for (int north = 0; north <= n; ++north) {
            for (int south = 0; north + south <= n; ++south) {
                HandOutcome o;
                o.bids = bids;
                const int rest = n - north - south;
                o.tricks = {north, rest / 2, south, rest - rest / 2};
                if (check_outcome(rules, o)) continue;  // bids these rules do not allow
                const HandScore score = score_hand(rules, o, Standings{});
                for (Team team : kAllTeams) {
                    int points = 0;
                    for (const ScoreItem& item : score[team].items) {
                        if (item.kind != ScoreItem::Kind::BagPenalty) points += item.points;
                    }
                    const int bags = score[team].bags_added;
                    for (int b = 0; b < m; ++b) {
                        const TeamStanding after = after_bags(rules, {b, b}, points, bags);
                        if (after.bags == floor_mod(after.score, m)) continue;
                        return fmt::format(
                            "bids {} {} {} {}, tricks {} {} {} {}: {} on {} bag{} add {} bag{} "
                            "and {} point{}",
                            to_string(bids[0]), to_string(bids[1]), to_string(bids[2]),
                            to_string(bids[3]), o.tricks[0], o.tricks[1], o.tricks[2], o.tricks[3],
                            team_name(team), b, b == 1 ? "" : "s", bags, bags == 1 ? "" : "s",
                            points, points == 1 ? "" : "s");
                    }
                }
            }
        }
    }
    return std::nullopt;
}

void check_winchance_rules(const RuleSet& rules) {
    check_rules(rules);
    check_table_span(rules, "target", rules.target);
    if (rules.on_tie == OnTie::Overtime) {
        check_table_span(rules, "overtime_target", rules.overtime_target);
    }
    // A hand limit makes the hands played part of the state (each cell would need one table
    // per hand count, filled backwards from the last hand); the table does not hold it.
    if (rules.hand_limit) {
        throw Error("winchance: hand_limit=" + std::to_string(*rules.hand_limit) +
                    " makes the hands played part of the game's state, which the win-chance "
                    "table (two scores and the dealer) does not hold; use hand_limit=none");
    }
    if (!rules.counts_bags()) return;
    if (std::optional<std::string> example = bags_apart(rules)) {
        throw Error(
            "winchance: the table reads a partnership's bags as its score modulo "
            "bag_limit=" +
            std::to_string(rules.bag_limit) + ", but under " + rules.name +
            " bags and points part ways (" + *example +
            "); the table (two scores and the dealer) does not hold bags kept apart "
            "from the score");
    }
}

WinChanceTable WinChanceTable::build(const RuleSet& rules, const HandDistribution& hands,
                                     int threads) {
    if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    check_winchance_rules(rules);
    if (hands.hands <= 0) throw Error("winchance: no hands to build the table from");
    Transitions t = make_transitions(rules, hands);
    WinChanceTable table;
    table.rules_ = rules;
    table.modulus_ = t.modulus;
    table.hands_ = hands.hands;
    table.outcomes_ = hands.distinct();
    double overtime_start = 0.5;
    // An overtime set first: a tie in the game starts one, whose chance at 0 to 0 the game's
    // table reads; a tie in overtime starts another, so that set reads its own 0 to 0.
    if (rules.on_tie == OnTie::Overtime) {
        SetSolver overtime(rules, rules.overtime_target, t, true, 0);
        table.iterations_ += overtime.solve(table.last_change_, threads);
        table.overtime_ = overtime.result();
        overtime_start = table.value_before(table.overtime_, 0, 0);
    }
    SetSolver game(rules, rules.target, t, false, overtime_start);
    double change = 0;
    table.iterations_ += game.solve(change, threads);
    table.last_change_ = std::max(table.last_change_, change);
    table.main_ = game.result();
    return table;
}

double WinChanceTable::value_before(const SetTable& set, int x, int y) const {
    SetRules r{&rules_, set.target, set.low, modulus_};
    switch (standing(r, x, y)) {
        case Standing::Won:
            return 1;
        case Standing::Lost:
            return 0;
        case Standing::Level:
            switch (rules_.on_tie) {
                case OnTie::PlayOn:
                    return set.ties[tie_index(set.tie_low, set.ties.size(), modulus_, x)];
                case OnTie::Draw:
                    return 0.5;
                case OnTie::Overtime:
                    return value_before(overtime_, 0, 0);
            }
            return 0.5;
        case Standing::InPlay:
            break;
    }
    return set.cells[static_cast<std::size_t>(x - set.low) * set.width + (y - set.low)];
}

double WinChanceTable::chance(int ns, int ew, Seat dealer) const {
    if (team_of(dealer) == Team::NS) return value_before(main_, ns, ew);
    return 1 - value_before(main_, ew, ns);
}

double WinChanceTable::overtime_chance(int ns, int ew, Seat dealer) const {
    if (rules_.on_tie != OnTie::Overtime) {
        throw Error("winchance: " + rules_.name + " has no overtime sets (on_tie is not overtime)");
    }
    if (team_of(dealer) == Team::NS) return value_before(overtime_, ns, ew);
    return 1 - value_before(overtime_, ew, ns);
}

double WinChanceTable::chance_after(int ns, int ew, Team side, Seat next_dealer,
                                    bool overtime) const {
    const double north_south =
        overtime ? overtime_chance(ns, ew, next_dealer) : chance(ns, ew, next_dealer);
    return side == Team::NS ? north_south : 1 - north_south;
}

bool in_overtime(const RecordedGame& game, int hand) {
    const ScoredGame scored = score_game(game, game.rules);
    for (int i = 0; i < hand && i < static_cast<int>(scored.hands.size()); ++i) {
        if (scored.hands[i].tie_to_overtime) return true;
    }
    return false;
}

}  // namespace spadework::analyzer
