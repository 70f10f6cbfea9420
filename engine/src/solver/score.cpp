#include "score.h"

#include "bounds.h"
#include "spadework/engine/error.h"
#include "tricks.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>
#include <optional>

namespace SPADEWORK_SOLVER_NAMESPACE {

namespace {

constexpr std::uint16_t kHonourRanks = 0x7800;  // J Q K A of hearts

constexpr std::int16_t kNone = INT16_MAX;  // no end of the kind: an empty minimum
constexpr int kMaxEndValue = 30000;        // an end's value, either sign, fits the tables
// A move's value is searched from a guess for two tests in a row, then by halving: a score
// has many values, and a guess far off costs a test per value passed (find_value).
constexpr int kScoreGuessSteps = 2;

// Gives a table its size, each cell the fill value. A table kept from the last build of the
// same hand size is left as it is: a build writes the same cells whatever the bids, and the
// others still hold the fill value. (Filling them anew cost more than the search on a quick
// 48-card hand: 4 MB a build, most of it cells no count reaches.)
void size_table(std::vector<std::int16_t>& v, std::size_t size, std::int16_t fill) {
    if (v.size() != size) v.assign(size, fill);
}

// Calls f(c) for every count c of `sum` tricks among the four seats.
template <class F>
void for_each_count(int sum, F f) {
    std::array<int, 4> c{};
    for (c[0] = 0; c[0] <= sum; ++c[0]) {
        for (c[1] = 0; c[0] + c[1] <= sum; ++c[1]) {
            for (c[2] = 0; c[0] + c[1] + c[2] <= sum; ++c[2]) {
                c[3] = sum - c[0] - c[1] - c[2];
                f(c);
            }
        }
    }
}

// low_with and high_with, fewest tricks missing first: an end meets "k more for team T" only
// with k = 0; a partial count meets it when some next trick, to a seat of T or not, leads to
// a count that meets what is left of it.
void build_guaranteed(ScoreTable& t, int outcomes) {
    const int n = t.hand_size;
    const int cells = ScoreTable::kCells;
    for (int team = 0; team < 2; ++team) {
        for (int o = 0; o < outcomes; ++o) {
            auto& lo = t.low_with[team][o];
            auto& hi = t.high_with[team][o];
            size_table(lo, static_cast<std::size_t>(cells) * (n + 1), kNone);
            size_table(hi, static_cast<std::size_t>(cells) * (n + 1), -kNone);
            for (int sum = n; sum >= 0; --sum) {
                for_each_count(sum, [&](const std::array<int, 4>& c) {
                    const int i = ScoreTable::index(c);
                    if (sum == n) {
                        lo[i] = t.low[o][i];
                        hi[i] = t.high[o][i];
                        return;
                    }
                    for (int k = 0; k <= n - sum; ++k) {
                        int l = kNone;
                        int h = -kNone;
                        for (int seat = 0; seat < 4; ++seat) {
                            std::array<int, 4> d = c;
                            ++d[seat];
                            int rest = std::max(0, k - ((seat & 1) == team ? 1 : 0));
                            std::size_t j =
                                static_cast<std::size_t>(rest) * cells + ScoreTable::index(d);
                            l = std::min<int>(l, lo[j]);
                            h = std::max<int>(h, hi[j]);
                        }
                        lo[static_cast<std::size_t>(k) * cells + i] = static_cast<std::int16_t>(l);
                        hi[static_cast<std::size_t>(k) * cells + i] = static_cast<std::int16_t>(h);
                    }
                });
            }
        }
    }
}

// team_only and team_value, from the ends.
void build_team_values(ScoreTable& t, int outcomes) {
    const int n = t.hand_size;
    t.team_only = !(t.nil[0] || t.nil[1] || t.nil[2] || t.nil[3]);
    std::array<std::array<bool, ScoreTable::kSide>, 3> seen{};
    if (!t.team_only) return;
    for_each_count(n, [&](const std::array<int, 4>& c) {
        const int ns = c[0] + c[2];
        for (int o = 0; o < outcomes; ++o) {
            int v = t.low[o][ScoreTable::index(c)];
            if (!seen[o][ns]) {
                seen[o][ns] = true;
                t.team_value[o][ns] = v;
            } else if (t.team_value[o][ns] != v) {
                t.team_only = false;
            }
        }
    });
}

// count_class, from the ends up: two ends are alike when they have the same value under each
// honours outcome; two counts with tricks left are alike when one more trick to the same seat
// leaves them alike, for each seat (every way to play the rest begins with one such trick).
void build_count_classes(ScoreTable& t, int outcomes) {
    const int n = t.hand_size;
    t.count_class.assign(ScoreTable::kCells, 0);
    std::map<std::array<int, 4>, std::uint16_t> seen;
    auto number = [&](const std::array<int, 4>& what) {
        auto [it, added] = seen.try_emplace(what, static_cast<std::uint16_t>(seen.size()));
        return it->second;
    };
    for (int sum = n; sum >= 0; --sum) {
        for_each_count(sum, [&](const std::array<int, 4>& c) {
            // Ends by their values (-1 marks an end, never a class number); the others by the
            // classes one trick on.
            std::array<int, 4> what{-1, 0, 0, 0};
            for (int k = 0; k < 4; ++k) {
                if (sum == n) {
                    if (k < outcomes) what[1 + k] = t.low[k][ScoreTable::index(c)];
                    continue;
                }
                std::array<int, 4> d = c;
                ++d[k];
                what[k] = t.count_class[ScoreTable::index(d)];
            }
            t.count_class[ScoreTable::index(c)] = number(what);
        });
    }
}

// NS's value of an end: their points minus the opponents', or the caller's value.
int end_value(const HandScore& hs, const EndValue* end) {
    if (!end) return hs[Team::NS].delta - hs[Team::EW].delta;
    int v = end->value(hs);
    if (v < -kMaxEndValue || v > kMaxEndValue) {
        throw Error("the score objective's end value '" + end->name + "' gave " +
                    std::to_string(v) + ", outside -30000..30000");
    }
    return v;
}

// The table of these rules, bids and standings, in `t` (the last one built: its cells are
// reused, see size_table).
void build_table(ScoreTable* t, const RuleSet& rules, const std::array<std::optional<Bid>, 4>& bids,
                 const Standings& before, const EndValue* end) {
    const int n = rules.hand_size();
    if (t->hand_size != n) *t = ScoreTable{};
    t->hand_size = n;
    t->known.clear();
    t->honours = rules.honours_points != 0;
    HandOutcome outcome;
    for (int s = 0; s < 4; ++s) {
        outcome.bids[s] = *bids[s];
        t->nil[s] = bids[s]->is_nil();
    }
    const int size = ScoreTable::kSide * ScoreTable::kSide * ScoreTable::kSide * ScoreTable::kSide;
    const int outcomes = t->honours ? 3 : 1;
    for (int o = 0; o < 3; ++o) {
        size_table(t->low[o], size, 0);
        size_table(t->high[o], size, 0);
    }
    // 1. Every end of the hand, scored.
    for_each_count(n, [&](const std::array<int, 4>& c) {
        outcome.tricks = c;
        for (int o = 0; o < outcomes; ++o) {
            outcome.honours = o == 0 ? std::nullopt : std::optional<Team>(kAllTeams[o - 1]);
            int v = end_value(score_hand(rules, outcome, before), end);
            t->low[o][ScoreTable::index(c)] = static_cast<std::int16_t>(v);
            t->high[o][ScoreTable::index(c)] = static_cast<std::int16_t>(v);
        }
    });
    // 2. Partial counts, fewest tricks missing first: the range over one more trick to anyone.
    for (int sum = n - 1; sum >= 0; --sum) {
        for_each_count(sum, [&](const std::array<int, 4>& c) {
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
        });
    }
    build_guaranteed(*t, outcomes);
    build_team_values(*t, outcomes);
    build_count_classes(*t, outcomes);
}

}  // namespace

const ScoreTable& ScoreTableCache::get(const RuleSet& rules,
                                       const std::array<std::optional<Bid>, 4>& bids,
                                       const Standings& before, const EndValue* end) {
    const std::string name = end ? end->name : "";
    if (!table_ || !rules_ || !(*rules_ == rules) || bids_ != bids || before_ != before ||
        end_name_ != name) {
        if (!table_) table_ = std::make_unique<ScoreTable>();
        build_table(table_.get(), rules, bids, before, end);
        rules_ = rules;
        bids_ = bids;
        before_ = before;
        end_name_ = name;
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
    // The tricks taken, by their class: counts that score alike share it.
    const std::uint64_t counts = table_.count_class[ScoreTable::index(st.taken)];
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

// The lowest and highest NS difference over the ends still open (honours outcomes in `set`)
// in which `team` takes at least k of the tricks left; false when there is none.
bool ends_with(const ScoreTable& t, const State& st, int set, int team, int k, int& lo, int& hi) {
    const std::size_t j =
        static_cast<std::size_t>(k) * ScoreTable::kCells + ScoreTable::index(st.taken);
    lo = kNone;
    hi = -kNone;
    for (int o = 0; o < 3; ++o) {
        if (!((set >> o) & 1)) continue;
        lo = std::min<int>(lo, t.low_with[team][o][j]);
        hi = std::max<int>(hi, t.high_with[team][o][j]);
    }
    return lo != kNone;
}

}  // namespace

bool ScoreGoal::bounds(const State& st, std::uint64_t& relevant, int& value) const {
    // The root's first lead may be forced to the 2C: no bound that assumes a free lead.
    if (st.two_clubs_first && st.ply == 0) return false;
    const int set = honours_outcomes(table_, st);
    const int leader_team = st.leader & 1;
    // 1. The leader's side can make sure of its quick tricks: the worst of those ends for the
    // side to maximise, when that is the leader's side, bounds it from below; else the best
    // bounds it from above.
    std::uint64_t rel = 0;
    int quick = quick_tricks(st, st.tricks_left, rel);
    // 2. The other side can make sure of its sure tricks.
    std::uint64_t rel_against = 0;
    int against = sure_tricks_against(st, rel_against);
    // 3. Either side can make sure of the tricks a long spade holding takes, where that is
    // more: the side need not take them, but it can.
    auto longer = [&](bool leaders, int& tricks, std::uint64_t& relevant) {
        std::uint64_t r = 0;
        int length = long_spade_tricks(st, leaders, r);
        if (length > tricks) {
            tricks = length;
            relevant = r;
        }
    };
    longer(true, quick, rel);
    longer(false, against, rel_against);
    struct Sure {
        int team;
        int tricks;
        std::uint64_t relevant;
    };
    for (const Sure& sure :
         {Sure{leader_team, quick, rel}, Sure{1 - leader_team, against, rel_against}}) {
        if (sure.tricks <= 0) continue;
        int lo = 0;
        int hi = 0;
        if (!ends_with(table_, st, set, sure.team, sure.tricks, lo, hi)) continue;
        // NS's difference to the side maximising: EW's is its negation.
        const bool ns = max_team_ == 0;
        if (sure.team == max_team_) {
            int floor = ns ? lo : -hi;
            if (floor >= threshold_) {
                value = floor;
                relevant = sure.relevant;
                return true;
            }
        } else {
            int ceiling = ns ? hi : -lo;
            if (ceiling < threshold_) {
                value = ceiling;
                relevant = sure.relevant;
                return true;
            }
        }
    }
    return false;
}

namespace {

// The same question asked of the tricks objective, when it is one: the value depends on the
// teams' totals only (the honours decided, if they score), and the totals the root side
// (team m) can still end with that reach the threshold are all those from some total up.
// Then "at least the threshold" is "at least that many tricks", a search of the tricks
// objective (whose table the play review's trick solve of the same position has filled);
// and where no total, or every total, reaches it, no search at all. Nothing when the
// question is of another shape. `st` is the position after a root move of `root`.
std::optional<int> by_tricks(State& st, TransTable& tt, std::uint64_t tricks_context,
                             const ScoreTable& table, const State& root, int threshold,
                             ScoreRun& run) {
    if (!table.team_only) return std::nullopt;
    const int set = honours_outcomes(table, st);
    if (std::popcount(static_cast<unsigned>(set)) != 1) return std::nullopt;
    const int o = std::countr_zero(static_cast<unsigned>(set));
    const int m = root.to_play() & 1;
    const int n = table.hand_size;
    const int from = root.taken[m] + root.taken[m + 2];  // the root side's tricks so far
    const int to = from + root.tricks_left;
    auto value_at = [&](int t) {  // the root side's difference with t tricks in all
        return m == 0 ? table.team_value[o][t] : -table.team_value[o][n - t];
    };
    // The lowest total from which every total up reaches the threshold, and the shape.
    int first = to + 1;
    while (first > from && value_at(first - 1) >= threshold) --first;
    for (int t = from; t < first; ++t) {
        if (value_at(t) >= threshold) return std::nullopt;  // not an up-set: search the score
    }
    auto range = [&](int lo, int hi, bool least) {
        int v = value_at(lo);
        for (int t = lo + 1; t <= hi; ++t)
            v = least ? std::min(v, value_at(t)) : std::max(v, value_at(t));
        return v;
    };
    if (first > to) return range(from, to, false);    // no total reaches it
    if (first == from) return range(from, to, true);  // every total does
    TricksGoal goal(root, first - from, tricks_context);
    int tricks = test_here(st, tt, goal, run);
    if (st.count == 0 && root.count == 3) tricks += goal.trick_bonus(st);
    // Fail-soft: the root side makes sure of `tricks` or more, or cannot pass them.
    const int total = std::clamp(from + tricks, from, to);
    return total >= first ? range(total, to, true) : range(from, total, false);
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

// Whether two positions are the same for the score: the same play and the same honours won.
bool same_position(const State& a, const State& b) {
    return same_play(a, b) && a.honours_won[0] == b.honours_won[0] &&
           a.honours_won[1] == b.honours_won[1];
}

std::optional<int> known_ns_value(const ScoreTable& table, const State& st) {
    for (const ScoreTable::Known& k : table.known) {
        if (same_position(k.after, st)) return k.ns_value;
    }
    return std::nullopt;
}

// The value of each move (the root side's difference after it, at most `top`), searched from
// a guess: `best` when it is known, else the best so far. The positions after the moves are
// remembered with their values for the next root.
std::vector<int> move_values(State& st, TransTable& tt, ScoreContexts contexts,
                             const ScoreTable& table, std::optional<int> best,
                             const std::vector<Move>& moves, ScoreRun& run) {
    const int side = st.to_play() & 1;
    std::vector<int> values = reachable_values(st, table, side);
    const std::uint64_t legal = st.legal_moves();
    State root = st;
    std::vector<int> out;
    std::vector<ScoreTable::Known> known;
    std::optional<int> so_far;
    for (const Move& m : moves) {
        st.play(m.card);
        int value;
        if (moves.size() == 1 && best) {
            value = *best;  // the only move is the best one
        } else if (std::optional<int> ns = known_ns_value(table, st)) {
            value = side == 0 ? *ns : -*ns;
        } else {
            value = find_value(
                values, best.value_or(values.back()), best ? best : so_far,
                [&](int t) {
                    ++run.nodes;
                    if (std::optional<int> v =
                            by_tricks(st, tt, contexts.tricks, table, root, t, run)) {
                        return *v;
                    }
                    return test_here(st, tt, ScoreGoal(root, table, t, contexts.score), run);
                },
                kScoreGuessSteps);
        }
        st.undo();
        out.push_back(value);
        so_far = std::max(so_far.value_or(value), value);
        // Every card of the sequence leads to a position of this value: one of them is the
        // next root when the analysis goes on with the card played.
        for (int c = m.card; c >= m.low; --c) {
            if (!(legal & card_bit(c))) continue;
            known.push_back({st, side == 0 ? value : -value});
            known.back().after.play(c);
        }
    }
    table.known = std::move(known);
    return out;
}

}  // namespace

int best_score(State& st, TransTable& tt, ScoreContexts contexts, const ScoreTable& table,
               ScoreRun& run) {
    const int side = st.to_play() & 1;
    if (std::optional<int> ns = known_ns_value(table, st)) return side == 0 ? *ns : -*ns;
    // Not known: the best of the moves' values, each searched from the best so far. Searched
    // for itself, the best would be found by tests around it that cost as much as all the
    // moves' own; and they are kept, so solve_score's values of the moves need no search.
    Move buffer[13];
    int n = generate_sequences(
        st, std::popcount(static_cast<unsigned>(honours_outcomes(table, st))) > 1, buffer);
    std::vector<int> v = move_values(st, tt, contexts, table, std::nullopt,
                                     std::vector<Move>(buffer, buffer + n), run);
    return *std::max_element(v.begin(), v.end());
}

std::vector<int> best_score_per_move(State& st, TransTable& tt, ScoreContexts contexts,
                                     const ScoreTable& table, int best,
                                     const std::vector<Move>& moves, ScoreRun& run) {
    return move_values(st, tt, contexts, table, best, moves, run);
}

}  // namespace SPADEWORK_SOLVER_NAMESPACE
