#include "spadework/analyzer/winchance.h"

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

namespace spadework::analyzer {

namespace {

// Value iteration stops when no cell moved more than this in a sweep.
constexpr double kTolerance = 1e-9;
// A sweep cap far above what any rule set needs (tens of sweeps): reaching it is a bug.
constexpr int kMaxSweeps = 100000;
// A game of the bots that has not ended after this many hands is left (no loss limit and
// sets on both sides); its hands still count.
constexpr int kMaxHandsPerGame = 200;
// The fewest cells of a run each value-iteration thread takes.
constexpr int kCellsPerThread = 32;

int floor_mod(int a, int m) {
    int r = a % m;
    return r < 0 ? r + m : r;
}

// ---------------------------------------------------------------------------------------
// Measuring: hands of the bots, turned so the dealer sits North, counted by outcome.

// An outcome packed in 42 bits, to count distinct outcomes in a map: per seat its bid (kind
// in bits 4-5, tricks bid in bits 0-3) at bits 6*seat, its tricks (0..13) at 24 + 4*seat,
// and the honours (0 none, 1 NS, 2 EW) at bits 40-41.
std::uint64_t pack(const HandOutcome& o) {
    std::uint64_t key = 0;
    for (int s = 0; s < 4; ++s) {
        auto bid =
            static_cast<std::uint64_t>(static_cast<int>(o.bids[s].kind()) << 4 | o.bids[s].count());
        key |= bid << (6 * s);
        key |= static_cast<std::uint64_t>(o.tricks[s]) << (24 + 4 * s);
    }
    std::uint64_t honours = o.honours ? (*o.honours == Team::NS ? 1 : 2) : 0;
    return key | honours << 40;
}

HandOutcome unpack(std::uint64_t key) {
    HandOutcome o;
    for (int s = 0; s < 4; ++s) {
        auto bid = static_cast<int>(key >> (6 * s) & 63);
        switch (static_cast<Bid::Kind>(bid >> 4)) {
            case Bid::Kind::Tricks:
                o.bids[s] = Bid::tricks(bid & 15);
                break;
            case Bid::Kind::Nil:
                o.bids[s] = Bid::nil();
                break;
            case Bid::Kind::BlindNil:
                o.bids[s] = Bid::blind_nil();
                break;
        }
        o.tricks[s] = static_cast<int>(key >> (24 + 4 * s) & 15);
    }
    auto honours = key >> 40 & 3;
    if (honours != 0) o.honours = honours == 1 ? Team::NS : Team::EW;
    return o;
}

// The outcome with seats turned so that `dealer` sits North.
HandOutcome turned(const HandOutcome& o, Seat dealer) {
    HandOutcome t;
    for (Seat s : kAllSeats) {
        int to = (index(s) - index(dealer) + 4) % 4;
        t.bids[to] = o.bids[index(s)];
        t.tricks[to] = o.tricks[index(s)];
    }
    if (o.honours) t.honours = team_of(dealer) == Team::NS ? *o.honours : opponent(*o.honours);
    return t;
}

// ---------------------------------------------------------------------------------------
// Transitions: what a hand does to the two scores, grouped by the bags before it.

// One way a hand moves the scores, from the dealing side's view, and its probability.
struct Step {
    int dx = 0;
    int dy = 0;
    double p = 0;
};

// The steps from scores whose bag digits are (bx, by): only the bags before a hand change
// what it scores (a penalty when they pass the limit), so a group serves every such cell.
struct StepGroup {
    std::vector<Step> steps;
};

struct Transitions {
    int modulus = 1;
    std::vector<StepGroup> groups;  // [bx * modulus + by]
    int most_down = 0;              // the largest fall of a score in one hand (>= 0)
    int most_up = 0;                // the largest rise (>= 0)
    const StepGroup& group(int x, int y) const {
        return groups[floor_mod(x, modulus) * modulus + floor_mod(y, modulus)];
    }
};

int bag_modulus(const RuleSet& rules) {
    return rules.counts_bags() ? rules.bag_limit : 1;
}

// Outcomes that score alike, one of each with their summed count. score_hand settles bags
// last, from the points of the other items and the bags they add ("points from tricks are
// dealt with first, then sandbags"), so two outcomes alike in those, for both sides, score
// alike from any bags: thousands of classes stand for tens of thousands of outcomes.
std::vector<OutcomeCount> scoring_classes(const RuleSet& rules, const HandDistribution& hands) {
    std::map<std::array<int, 4>, OutcomeCount> classes;
    for (const OutcomeCount& oc : hands.outcomes) {
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
        auto [it, added] = classes.try_emplace(key, OutcomeCount{oc.outcome, 0});
        it->second.count += oc.count;
    }
    std::vector<OutcomeCount> out;
    for (auto& [key, oc] : classes) out.push_back(oc);
    return out;
}

Transitions make_transitions(const RuleSet& rules, const HandDistribution& hands) {
    Transitions t;
    t.modulus = bag_modulus(rules);
    const int m = t.modulus;
    t.groups.resize(static_cast<std::size_t>(m * m));
    const std::vector<OutcomeCount> classes = scoring_classes(rules, hands);
    for (int bx = 0; bx < m; ++bx) {
        for (int by = 0; by < m; ++by) {
            std::map<std::pair<int, int>, std::int64_t> counts;
            Standings before{TeamStanding{bx, bx}, TeamStanding{by, by}};
            for (const OutcomeCount& oc : classes) {
                HandScore score = score_hand(rules, oc.outcome, before);
                for (Team team : kAllTeams) {
                    const TeamStanding& after = score[team].after;
                    // The reduction's own check: bags must still be the score's last digit.
                    if (after.bags != floor_mod(after.score, m)) {
                        throw Error("winchance: bags cannot be read from the score under " +
                                    rules.name + " with these rules");
                    }
                }
                int dx = score[Team::NS].after.score - bx;
                int dy = score[Team::EW].after.score - by;
                counts[{dx, dy}] += oc.count;
                t.most_down = std::max({t.most_down, -dx, -dy});
                t.most_up = std::max({t.most_up, dx, dy});
            }
            StepGroup& g = t.groups[static_cast<std::size_t>(bx * m + by)];
            for (auto& [d, count] : counts) {
                g.steps.push_back({d.first, d.second, static_cast<double>(count) / hands.hands});
            }
        }
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
// apart): spinning answers in well under a microsecond where a sleeping wait costs tens, and
// yielding after a while keeps a thread whose partner was descheduled from holding the core.
class SpinBarrier {
  public:
    explicit SpinBarrier(int parties) : parties_(parties) {}
    void wait() {
        if (parties_ == 1) return;
        const int generation = generation_.load(std::memory_order_acquire);
        if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == parties_) {
            arrived_.store(0, std::memory_order_relaxed);
            generation_.fetch_add(1, std::memory_order_release);
            return;
        }
        for (int spins = 0; generation_.load(std::memory_order_acquire) == generation; ++spins) {
            if (spins > 2000) std::this_thread::yield();
        }
    }

  private:
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
        make_row_steps();
        fill_padding();
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
            throw std::logic_error("winchance: value iteration did not converge");
        }
        return sweeps;
    }

    SetTable result() const {
        SetTable s{r_.target, r_.low, width_, {}, tie_low_, ties_};
        s.cells.reserve(static_cast<std::size_t>(width_) * width_);
        for (int x = r_.low; x < r_.target; ++x) {
            for (int y = r_.low; y < r_.target; ++y) s.cells.push_back(grid_[at(x, y)]);
        }
        return s;
    }

  private:
    // A step as a row sweep reads it: for cells with bag digits (r, yd), the chance after it
    // is in grid row y + dy - origin, at column col + k for the k-th cell of digit r.
    struct RowStep {
        int dy;
        std::ptrdiff_t col;
        double p;
    };

    // Row x - origin; in it, column (p mod M) * (stride / M) + p div M for p = y - origin.
    std::size_t at(int x, int y) const {
        const int m = r_.modulus, p = y - origin_;
        return static_cast<std::size_t>(x - origin_) * stride_ + (p % m) * (stride_ / m) + p / m;
    }

    void make_row_steps() {
        const int m = r_.modulus, q = stride_ / m;
        row_steps_.resize(static_cast<std::size_t>(m * m));
        for (int r = 0; r < m; ++r) {
            for (int yd = 0; yd < m; ++yd) {
                auto& out = row_steps_[static_cast<std::size_t>(r * m + yd)];
                for (const Step& st : t_.groups[static_cast<std::size_t>(r * m + yd)].steps) {
                    std::ptrdiff_t col = static_cast<std::ptrdiff_t>(floor_mod(r + st.dx, m)) * q +
                                         floor_div(r + st.dx, m);
                    out.push_back({st.dy, col, st.p});
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
        int k0 = floor_div(r_.low - origin_ - r + m - 1, m);
        int k1 = floor_div(r_.target - origin_ - r + m - 1, m);
        if (k1 <= k0) return 0;
        if (parts > 1) {
            const int n = k1 - k0;
            k1 = k0 + n * (part + 1) / parts;
            k0 += n * part / parts;
        }
        double* __restrict sum = acc.data();
        std::fill(sum + k0, sum + k1, 0.0);
        for (const RowStep& st : row_steps_[static_cast<std::size_t>(r * m + floor_mod(y, m))]) {
            const double* __restrict from =
                grid_.data() + static_cast<std::ptrdiff_t>(y + st.dy - origin_) * stride_ + st.col;
            const double p = st.p;
            for (int k = k0; k < k1; ++k) sum[k] += p * from[k];
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
    std::vector<std::vector<RowStep>> row_steps_;  // [r * modulus + yd]
    std::vector<std::pair<int, int>> changing_;
};

}  // namespace

// ---------------------------------------------------------------------------------------

HandDistribution measure_hands(const RuleSet& rules, int hands, std::uint64_t seed) {
    check_rules(rules);
    SplitMix64 seeds(seed);
    std::map<std::uint64_t, std::int64_t> counts;
    std::int64_t played = 0;
    for (int game = 0; played < hands; ++game) {
        SplitMix64 rng(seeds.next());
        Seat first = kAllSeats[game % 4];
        Game tally(rules);
        for (int h = 0; h < kMaxHandsPerGame && !tally.over() && played < hands; ++h) {
            Seat dealer = tally.next_dealer(first);
            Deal deal = deal_from_seed(rng.next(), rules.deck(), dealer);
            RecordedHand hand = play_hand(rules, dealer, deal, tally.standings(), rng);
            std::optional<HandOutcome> outcome = outcome_of(replay_hand(rules, hand), hand.claim);
            if (!outcome) throw std::logic_error("winchance: a bot hand was left unfinished");
            tally.add_hand(*outcome);
            ++counts[pack(turned(*outcome, dealer))];
            ++played;
        }
    }
    HandDistribution d;
    d.hands = played;
    for (auto& [key, count] : counts) d.outcomes.push_back({unpack(key), count});
    return d;
}

void check_winchance_rules(const RuleSet& rules) {
    check_rules(rules);
    // A hand limit makes the hands played part of the state (each cell would need one table
    // per hand count, filled backwards from the last hand); the table does not hold it.
    if (rules.hand_limit) {
        throw Error("winchance: hand_limit=" + std::to_string(*rules.hand_limit) +
                    " makes the hands played part of the game's state, which the win-chance "
                    "table (two scores and the dealer) does not hold; use hand_limit=none");
    }
    if (!rules.counts_bags()) return;
    // Bags read from the score: a bag must be worth one point (modulo the limit) and every
    // other item a whole number of bag cycles.
    const int m = rules.bag_limit;
    auto need = [&](const char* key, int value, int remainder) {
        if (floor_mod(value, m) != remainder) {
            throw Error("winchance: the table reads bags as the score modulo bag_limit=" +
                        std::to_string(m) + ", which needs " + key + "=" + std::to_string(value) +
                        (remainder == 0 ? " to be a multiple of " + std::to_string(m)
                                        : " to be 1 more than a multiple of " + std::to_string(m)) +
                        "; these rules keep bags apart from the score");
        }
    };
    need("overtrick_points", rules.overtrick_points, 1 % m);
    need("bid_trick_points", rules.bid_trick_points, 0);
    need("exact_points", rules.exact_points, 0);
    need("over_points", rules.over_points, 0);
    need("set_points", rules.set_points, 0);
    need("nil_points", rules.nil_points, 0);
    need("blind_nil_points", rules.blind_nil_points, 0);
    need("honours_points", rules.honours_points, 0);
    need("bag_penalty", rules.bag_penalty, 0);
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
    table.outcomes_ = hands.outcomes.size();
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
