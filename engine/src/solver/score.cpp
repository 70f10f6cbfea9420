#include "score.h"

#include <algorithm>
#include <climits>
#include <cstdint>

namespace spadework::solver {

namespace {

constexpr std::uint16_t kHonourRanks = 0x7800;  // J Q K A of hearts

std::unique_ptr<ScoreTable> build_table(const RuleSet& rules,
                                        const std::array<std::optional<Bid>, 4>& bids,
                                        const Standings& before) {
    auto t = std::make_unique<ScoreTable>();
    const int n = rules.hand_size();
    t->hand_size = n;
    t->honours = rules.honours_points != 0;
    HandOutcome outcome;
    for (int s = 0; s < 4; ++s) {
        outcome.bids[s] = *bids[s];
        t->nil[s] = bids[s]->is_nil();
    }
    const int size = ScoreTable::kSide * ScoreTable::kSide * ScoreTable::kSide * ScoreTable::kSide;
    const int outcomes = t->honours ? 3 : 1;
    for (int o = 0; o < 3; ++o) {
        t->low[o].assign(size, 0);
        t->high[o].assign(size, 0);
    }
    // 1. Every end of the hand, scored.
    std::array<int, 4> c{};
    for (c[0] = 0; c[0] <= n; ++c[0]) {
        for (c[1] = 0; c[0] + c[1] <= n; ++c[1]) {
            for (c[2] = 0; c[0] + c[1] + c[2] <= n; ++c[2]) {
                c[3] = n - c[0] - c[1] - c[2];
                outcome.tricks = c;
                for (int o = 0; o < outcomes; ++o) {
                    outcome.honours = o == 0 ? std::nullopt : std::optional<Team>(kAllTeams[o - 1]);
                    HandScore hs = score_hand(rules, outcome, before);
                    int v = hs[Team::NS].delta - hs[Team::EW].delta;
                    t->low[o][ScoreTable::index(c)] = static_cast<std::int16_t>(v);
                    t->high[o][ScoreTable::index(c)] = static_cast<std::int16_t>(v);
                }
            }
        }
    }
    // 2. Partial counts, fewest tricks missing first: the range over one more trick to anyone.
    for (int sum = n - 1; sum >= 0; --sum) {
        for (c[0] = 0; c[0] <= sum; ++c[0]) {
            for (c[1] = 0; c[0] + c[1] <= sum; ++c[1]) {
                for (c[2] = 0; c[0] + c[1] + c[2] <= sum; ++c[2]) {
                    c[3] = sum - c[0] - c[1] - c[2];
                    int i = ScoreTable::index(c);
                    for (int o = 0; o < outcomes; ++o) {
                        int lo = 1 << 20;
                        int hi = -(1 << 20);
                        for (int s = 0; s < 4; ++s) {
                            std::array<int, 4> d = c;
                            ++d[s];
                            int j = ScoreTable::index(d);
                            lo = std::min<int>(lo, t->low[o][j]);
                            hi = std::max<int>(hi, t->high[o][j]);
                        }
                        t->low[o][i] = static_cast<std::int16_t>(lo);
                        t->high[o][i] = static_cast<std::int16_t>(hi);
                    }
                }
            }
        }
    }
    return t;
}

}  // namespace

const ScoreTable& ScoreTableCache::get(const RuleSet& rules,
                                       const std::array<std::optional<Bid>, 4>& bids,
                                       const Standings& before) {
    if (!table_ || !rules_ || !(*rules_ == rules) || bids_ != bids || before_ != before) {
        table_ = build_table(rules, bids, before);
        rules_ = rules;
        bids_ = bids;
        before_ = before;
    }
    return *table_;
}

int honours_outcomes(const ScoreTable& table, const State& st) {
    if (!table.honours) return 1;
    std::uint16_t in_play = (st.remaining[kHearts] | st.in_trick[kHearts]) & kHonourRanks;
    std::uint16_t ns = st.honours_won[0];
    std::uint16_t ew = st.honours_won[1];
    int set = 0;
    if (ns != kHonourRanks && ew != kHonourRanks) set |= 1;
    if (ew == 0 && (ns | in_play) == kHonourRanks) set |= 2;
    if (ns == 0 && (ew | in_play) == kHonourRanks) set |= 4;
    return set;
}

std::uint64_t ScoreGoal::key_terms(const State& st) const {
    // The tricks taken: a team with no nil bidder counts only by its total.
    std::uint64_t counts = 0;
    for (int team = 0; team < 2; ++team) {
        int a = team;
        int b = team + 2;
        if (table_.nil[a] || table_.nil[b]) {
            counts |= static_cast<std::uint64_t>(st.taken[a]) << (4 * a);
            counts |= static_cast<std::uint64_t>(st.taken[b]) << (4 * b);
        } else {
            counts |= static_cast<std::uint64_t>(st.taken[a] + st.taken[b]) << (4 * a);
        }
    }
    int set = honours_outcomes(table_, st);
    std::uint64_t open =
        std::popcount(static_cast<unsigned>(set)) > 1
            ? static_cast<std::uint64_t>(suit_count(st.remaining[kHearts] & kHonourRanks))
            : 0;
    return context_ | (counts << 8) | (static_cast<std::uint64_t>(set) << 24) | (open << 27);
}

Ordering ScoreGoal::ordering(const State& st) const {
    Ordering o;
    o.honours_apart = std::popcount(static_cast<unsigned>(honours_outcomes(table_, st))) > 1;
    return o;
}

std::uint64_t ScoreGoal::forced_relevant(const State& st) const {
    // While the honours are undecided, who holds each one matters.
    int set = honours_outcomes(table_, st);
    if (std::popcount(static_cast<unsigned>(set)) < 2) return 0;
    std::uint16_t honours = st.remaining[kHearts] & kHonourRanks;
    if (!honours) return 0;
    return suit_set(static_cast<std::uint16_t>(1u << lowest_rank(honours)), kHearts);
}

bool ScoreGoal::settled(const State& st, int& value) const {
    int set = honours_outcomes(table_, st);
    int i = ScoreTable::index(st.taken);
    int lo = 1 << 20;
    int hi = -(1 << 20);
    for (int o = 0; o < 3; ++o) {
        if (!((set >> o) & 1)) continue;
        lo = std::min<int>(lo, table_.low[o][i]);
        hi = std::max<int>(hi, table_.high[o][i]);
    }
    if (max_team_ == 1) {
        int l = -hi;
        hi = -lo;
        lo = l;
    }
    return decide(lo, hi, value);
}

namespace {

// The root side's score difference: a bound on the right side of threshold.
int score_value(State& st, TransTable& tt, std::uint64_t context, const ScoreTable& table,
                const State& root, int threshold, ScoreRun& run) {
    ScoreGoal goal(root, table, threshold, context);
    auto search = std::make_unique<Search<ScoreGoal>>(st, tt, goal);
    int value = search->run();
    run.nodes += search->nodes();
    return value;
}

// The values the root side can end with, from the tricks taken so far, sorted.
std::vector<int> reachable_values(const State& st, const ScoreTable& table, int max_team) {
    std::vector<int> values;
    int set = honours_outcomes(table, st);
    const int n = table.hand_size;
    std::array<int, 4> c{};
    const auto& t = st.taken;
    for (c[0] = t[0]; c[0] <= n; ++c[0]) {
        for (c[1] = t[1]; c[0] + c[1] <= n; ++c[1]) {
            for (c[2] = t[2]; c[0] + c[1] + c[2] <= n; ++c[2]) {
                c[3] = n - c[0] - c[1] - c[2];
                if (c[3] < t[3]) continue;
                for (int o = 0; o < 3; ++o) {
                    if (!((set >> o) & 1)) continue;
                    int v = table.low[o][ScoreTable::index(c)];
                    values.push_back(max_team == 0 ? v : -v);
                }
            }
        }
    }
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
}

// The value among `values` (sorted, the exact one among them, at most `top`) that the
// null-window tests find, each test's fail-soft answer moving a bound as far as it can.
template <class Test>
int bisect(const std::vector<int>& values, int top, Test&& test) {
    int lo = values.front();
    int hi = top;
    while (lo < hi) {
        auto first = std::upper_bound(values.begin(), values.end(), lo);
        auto last = std::upper_bound(values.begin(), values.end(), hi);
        int t = *(first + (last - first - 1) / 2);
        int v = test(t);
        if (v >= t) {
            lo = *std::lower_bound(values.begin(), values.end(), std::min(v, hi));
        } else {
            hi = *(std::upper_bound(values.begin(), values.end(), std::max(v, lo)) - 1);
        }
    }
    return lo;
}

}  // namespace

int best_score(State& st, TransTable& tt, std::uint64_t context, const ScoreTable& table,
               ScoreRun& run) {
    std::vector<int> values = reachable_values(st, table, st.to_play() & 1);
    State root = st;
    return bisect(values, values.back(),
                  [&](int t) { return score_value(st, tt, context, table, root, t, run); });
}

std::vector<int> best_score_per_move(State& st, TransTable& tt, std::uint64_t context,
                                     const ScoreTable& table, int best,
                                     const std::vector<Move>& moves, ScoreRun& run) {
    std::vector<int> values = reachable_values(st, table, st.to_play() & 1);
    State root = st;
    std::vector<int> out;
    for (const Move& m : moves) {
        out.push_back(bisect(values, best, [&](int t) {
            st.play(m.card);
            ++run.nodes;
            int v = score_value(st, tt, context, table, root, t, run);
            st.undo();
            return v;
        }));
    }
    return out;
}

}  // namespace spadework::solver
