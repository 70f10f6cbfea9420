// The search: a null-window alpha-beta that answers one yes-or-no question about a position
// ("does the side to maximise reach the threshold?"), fail-soft (the value it returns is a
// bound, often tighter than the question asked), with the transposition table entered at
// trick starts and the ranks that mattered backed up with every answer (partition search).
//
// The objective is a Goal (tricks, nil, score). Its value is what the maximising side gets
// from the node on: tricks from here, 1 for a nil kept and 0 for one broken, or the score
// difference at the end. A value at or above the threshold is a lower bound, one below it an
// upper bound. The Goal says:
//
//   bool is_max(int seat) const;
//   int threshold(const State&) const;
//   int trick_bonus(const State&) const;    // what the trick just completed adds
//   bool settled(const State&, int& value) const;            // cheap, at trick starts
//   bool bounds(const State&, std::uint64_t& relevant, int& value) const;  // quick tricks...
//   bool mid_trick(const State&, std::uint64_t& relevant, int& value) const;
//   Objective objective() const;                             // in TTKey::a
//   std::uint64_t key_terms(const State&) const;             // TTKey::b
//   bool table_value(const State&, int lower, int upper, int& value) const;
//   void table_bounds(const State&, int value, bool yes, int& lower, int& upper) const;
//   std::uint64_t forced_relevant(const State&) const;       // always in stored masks
//   Ordering ordering(const State&) const;
//
// At a trick start, settled comes first; bounds after the table when many tricks are left
// (the table answers most there), before it otherwise. settled must decide every position
// with no trick left, with its exact value.
#pragma once

#include <climits>
#include <cstdint>

#include "moves.h"
#include "spadework/engine/solver.h"
#include "state.h"
#include "tt.h"

namespace SPADEWORK_SOLVER_NAMESPACE {

// From this many tricks left, the table is probed before the bounds are computed.
inline constexpr int kTableFirst = 6;

// The exact terms of a trick start's table key, and its holder patterns.
inline TTKey table_key(const State& st, Objective objective, std::uint64_t terms,
                       Pattern& pattern) {
    bool broken = !st.rules.lead_after_broken || st.broken || st.remaining[kSpades] == 0;
    std::uint64_t a = st.lengths;
    a |= static_cast<std::uint64_t>(st.tricks_left) << 48;
    a |= static_cast<std::uint64_t>(st.leader) << 52;
    a |= static_cast<std::uint64_t>(broken) << 54;
    a |= static_cast<std::uint64_t>(objective) << 55;  // 2 bits: the enum has 3 values
    pattern.w[0] = pattern.w[1] = 0;
    for (int s = 0; s < 4; ++s) {
        std::uint16_t all = st.remaining[s];
        std::uint32_t e = compress_spread(suit_bits(st.hand[1], s), all);
        std::uint32_t so = compress_spread(suit_bits(st.hand[2], s), all);
        std::uint32_t w = compress_spread(suit_bits(st.hand[3], s), all);
        std::uint64_t p = e | (so << 1) | w | (w << 1);
        pattern.w[s >> 1] |= p << (32 * (s & 1));
    }
    return TTKey{a, terms};
}

// The table mask of the ranks that mattered: in each suit, every card in play from the lowest
// relevant rank up.
inline Pattern relevant_mask(const State& st, std::uint64_t relevant) {
    Pattern m;
    for (int s = 0; s < 4; ++s) {
        std::uint16_t ws = suit_bits(relevant, s);
        if (!ws) continue;
        std::uint16_t all = st.remaining[s];
        int n = suit_count(all);
        int k = suit_count(all & at_or_above(lowest_rank(ws)));
        if (k == 0) continue;
        std::uint64_t bits =
            ((std::uint64_t{1} << (2 * n)) - 1) & ~((std::uint64_t{1} << (2 * (n - k))) - 1);
        m.w[s >> 1] |= bits << (32 * (s & 1));
    }
    return m;
}

// The inverse, for a table hit: the lowest card of each suit's relevant top cards.
inline std::uint64_t relevant_from_mask(const State& st, const Pattern& mask) {
    std::uint64_t out = 0;
    for (int s = 0; s < 4; ++s) {
        std::uint32_t ms = static_cast<std::uint32_t>(mask.w[s >> 1] >> (32 * (s & 1)));
        if (!ms) continue;
        int skip = std::countr_zero(ms) / 2;  // cards below the relevant ones
        std::uint16_t all = st.remaining[s];
        for (int i = 0; i < skip; ++i) all &= static_cast<std::uint16_t>(all - 1);
        out |= suit_set(static_cast<std::uint16_t>(all & (~all + 1)), s);
    }
    return out;
}

// Thrown by a search that went past its budget of positions.
struct BudgetSpent {};

template <class Goal>
class Search {
  public:
    Search(State& st, TransTable& tt, const Goal& goal) : st_(st), tt_(tt), goal_(goal) {
        for (int& k : killer_) k = -1;
    }

    // The value of the current position (any node: trick start or mid-trick), a bound on the
    // right side of the goal's threshold.
    int run() { return node(); }
    std::uint64_t nodes() const { return nodes_; }
    // Stop with BudgetSpent once more than this many positions are searched. The position is
    // then left mid-search: the caller drops it. The table holds only finished answers.
    void set_budget(std::uint64_t max_nodes) { budget_ = max_nodes; }

  private:
    int node();
    int last_trick();

    State& st_;
    TransTable& tt_;
    const Goal& goal_;
    std::uint64_t nodes_ = 0;
    std::uint64_t budget_ = UINT64_MAX;
    std::uint64_t relevant_[kMaxCards + 2] = {};
    int killer_[kMaxCards + 1];
    Move moves_[kMaxCards + 1][13];
};

// The last trick: each seat has one card.
template <class Goal>
int Search<Goal>::last_trick() {
    int ply = st_.ply;
    for (int i = 0; i < 4; ++i) st_.play(std::countr_zero(st_.hand[st_.to_play()]));
    nodes_ += 4;
    int value = 0;
    goal_.settled(st_, value);
    value += goal_.trick_bonus(st_);
    relevant_[ply] = st_.last_trick_rank_win();
    for (int i = 0; i < 4; ++i) st_.undo();
    return value;
}

template <class Goal>
int Search<Goal>::node() {
    if (nodes_ > budget_) throw BudgetSpent{};
    const int ply = st_.ply;
    std::uint64_t& relevant = relevant_[ply];
    relevant = 0;
    bool table_node = false;
    TTKey key;
    Pattern pattern;
    int value = 0;

    // 1. At a trick start: what is settled already, the last trick, the bounds, the table.
    if (st_.count == 0) {
        if (goal_.settled(st_, value)) return value;
        if (st_.tricks_left == 1) return last_trick();
        const bool table_first = st_.tricks_left >= kTableFirst;
        if (!table_first && goal_.bounds(st_, relevant, value)) return value;
        // The root's first lead may be forced to the 2C: keep it out of the table.
        if (!(st_.two_clubs_first && ply == 0)) {
            table_node = true;
            key = table_key(st_, goal_.objective(), goal_.key_terms(st_), pattern);
            TransTable::Span span = tt_.lookup(key);
            for (TTEntry* e = span.begin; e != span.end; ++e) {
                if (!e->matches(pattern)) continue;
                if (goal_.table_value(st_, e->lower, e->upper, value)) {
                    relevant = relevant_from_mask(st_, e->mask);
                    return value;
                }
            }
        }
        if (table_first && goal_.bounds(st_, relevant, value)) return value;
    } else if (st_.count < 3 && goal_.mid_trick(st_, relevant, value)) {
        // A trick whose winner is already sure may settle it.
        return value;
    }

    // 2. The moves, best first: the lead that cut off last time at this depth early.
    Move* moves = moves_[ply];
    const Ordering ordering = goal_.ordering(st_);
    int n = generate_moves(st_, ordering, st_.count == 0 ? killer_[ply] : -1, moves);
    const bool maximising = goal_.is_max(st_.to_play());
    const int threshold = goal_.threshold(st_);
    int best = maximising ? INT_MIN : INT_MAX;
    std::uint64_t all_relevant = 0;
    std::uint16_t skip[4] = {0, 0, 0, 0};  // per suit: ranks no different from one searched

    // 3. Search each; a move that gives the side to play what it wants cuts off.
    for (int i = 0; i < n; ++i) {
        take_best(moves, i, n);
        const int card = moves[i].card;
        const int s = suit_of(card);
        const int rank = rank_of(card);
        if ((skip[s] >> rank) & 1) continue;
        bool completes = st_.play(card);
        ++nodes_;
        int v = node();
        std::uint64_t child = relevant_[ply + 1];
        if (completes) {
            v += goal_.trick_bonus(st_);
            child |= st_.last_trick_rank_win();
        }
        st_.undo();
        // A sequence stands or falls together: when the ranks that mattered reach into it,
        // its lowest card matters too.
        std::uint16_t ws = suit_bits(child, s);
        if (ws) {
            int t = lowest_rank(ws);
            int low = rank_of(moves[i].low);
            if (t <= rank && t > low) child |= card_bit(moves[i].low);
        }
        if (maximising ? v >= threshold : v < threshold) {
            best = v;
            relevant = child;
            killer_[ply] = card;
            goto done;
        }
        best = maximising ? std::max(best, v) : std::min(best, v);
        all_relevant |= child;
        // Below the lowest rank that mattered, the hand's cards of the suit are all alike:
        // the others need no search (unless the score tells honours apart).
        ws = suit_bits(child, s);
        int t = ws ? lowest_rank(ws) : 15;
        if (t > rank) {
            std::uint16_t alike = below(t);
            if (ordering.honours_apart && s == kHearts) {
                alike &= rank >= 11 ? at_or_above(11) : below(11);
            }
            skip[s] |= alike;
        }
    }
    relevant = all_relevant;

done:
    // 4. Store what was proved.
    if (table_node) {
        int lower = TransTable::kNoLower;
        int upper = TransTable::kNoUpper;
        goal_.table_bounds(st_, best, best >= threshold, lower, upper);
        tt_.store(key, st_.tricks_left, pattern,
                  relevant_mask(st_, relevant | goal_.forced_relevant(st_)), lower, upper);
    }
    return best;
}

}  // namespace SPADEWORK_SOLVER_NAMESPACE
