// The Score objective: the hand's score difference (side to play minus opponents) under
// perfect play, each side maximising its own difference.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "moves.h"
#include "root.h"
#include "spadework/engine/scoring.h"

namespace SPADEWORK_SOLVER_NAMESPACE {

// The value of every end of the hand, computed once with score_hand: for each trick count
// per seat (c0..c3, each 0..13, in a dense array of 14^4) and each honours outcome (0 none,
// 1 NS won all four, 2 EW did), NS's points minus EW's. For counts adding up to less than a
// hand, the lowest and highest value any end can still give.
struct ScoreTable {
    static constexpr int kSide = 14;
    int hand_size = 13;
    bool honours = false;              // whether honours score at all
    std::array<bool, 4> nil{};         // which seats bid nil (or blind nil)
    std::vector<std::int16_t> low[3];  // per honours outcome
    std::vector<std::int16_t> high[3];
    // The same over the ends in which team T (0 NS, 1 EW) takes at least k of the tricks
    // still to play: at [T][o][k * kCells + index(c)], k 0..hand_size. A side that can make
    // sure of k tricks bounds the score through them (guaranteed_range).
    std::vector<std::int16_t> low_with[2][3];
    std::vector<std::int16_t> high_with[2][3];
    static constexpr int kCells = kSide * kSide * kSide * kSide;
    // Whether an end's value depends only on the teams' totals (no nil bid: how a side's
    // tricks split between its seats changes nothing), and then NS's difference for each NS
    // total, per honours outcome. A threshold on such a value is, where it asks for "at least
    // so many tricks", a question of the tricks objective: cheaper, and its table is shared.
    bool team_only = false;
    std::array<std::array<int, kSide>, 3> team_value{};
    // The counts that score alike whatever the rest of the hand, numbered: at [index(c)], the
    // same number for two counts (of as many tricks) exactly when every way of playing the
    // tricks left gives both the same value, under each honours outcome. The table's key holds
    // the number, not the counts (key_terms): a team without a nil bidder counts only by its
    // total, a nil's tricks past its first count only in the total where they count for the
    // partner (Paperless), and a contract over its bid where overtricks score nothing is over
    // by any number.
    std::vector<std::uint16_t> count_class;

    static int index(const std::array<int, 4>& c) {
        return c[0] + kSide * (c[1] + kSide * (c[2] + kSide * c[3]));
    }

    // The exact values (NS's difference) of the positions one card after the last root whose
    // cards were all valued. In a card-by-card analysis the next root is one of them, and its
    // value needs no search. The values hold for this table's rules, bids and standings only,
    // so the memo lives and dies with the table; it is mutable because it is a memo, not a
    // part of what the table says.
    struct Known {
        State after;
        int ns_value;
    };
    mutable std::vector<Known> known;
};

// Builds tables and keeps the last one: the positions of one hand share it.
class ScoreTableCache {
  public:
    // `end` (may be null: points) values each end of the hand.
    const ScoreTable& get(const RuleSet& rules, const std::array<std::optional<Bid>, 4>& bids,
                          const Standings& before, const EndValue* end);

  private:
    std::optional<RuleSet> rules_;
    std::array<std::optional<Bid>, 4> bids_;
    Standings before_{};
    std::string end_name_;
    std::unique_ptr<ScoreTable> table_;
};

// The honours outcomes still possible (bit o for outcome o) from a position.
int honours_outcomes(const ScoreTable& table, const State& st);

// "Does the root's side end with a difference of at least `threshold`?" The table's bounds
// are NS's difference at the end of the hand; the key holds the tricks taken so far (a team
// without a nil bidder only by its total) and the honours outcomes still open.
class ScoreGoal {
  public:
    ScoreGoal(const State& root, const ScoreTable& table, int threshold, std::uint64_t context)
        : table_(table), max_team_(root.to_play() & 1), threshold_(threshold), context_(context) {}

    bool is_max(int seat) const { return (seat & 1) == max_team_; }
    Objective objective() const { return Objective::Score; }
    std::uint64_t key_terms(const State& st) const;
    Ordering ordering(const State& st) const;
    std::uint64_t forced_relevant(const State& st) const;

    int threshold(const State&) const { return threshold_; }
    int trick_bonus(const State&) const { return 0; }
    // A leaf's value exactly; elsewhere a cut when every end still reachable lies on one side
    // of the threshold.
    bool settled(const State& st, int& value) const;
    // Quick tricks do not bound a score: a side that can make sure of tricks may prefer not
    // to take them.
    // A side that can make sure of tricks (quick tricks, the opponents' sure tricks) may
    // prefer not to take them, yet it can: the score lies within what the ends with those
    // tricks give, the best for the side that may take them and the worst for the other.
    bool bounds(const State& st, std::uint64_t& relevant, int& value) const;
    bool mid_trick(const State&, std::uint64_t&, int&) const { return false; }
    bool table_value(const State&, int lower, int upper, int& value) const {
        int lo = max_team_ == 0 ? lower : -upper;
        int hi = max_team_ == 0 ? upper : -lower;
        return decide(lo, hi, value);
    }
    void table_bounds(const State&, int value, bool yes, int& lower, int& upper) const {
        if (max_team_ == 0) {
            if (yes)
                lower = value;
            else
                upper = value;
        } else {
            if (yes)
                upper = -value;
            else
                lower = -value;
        }
    }

  private:
    // The value when the range [lo, hi] of the side to maximise lies wholly on one side of
    // the threshold; false while it straddles it.
    bool decide(int lo, int hi, int& value) const {
        if (lo >= threshold_)
            value = lo;
        else if (hi < threshold_)
            value = hi;
        else
            return false;
        return true;
    }
    const ScoreTable& table_;
    int max_team_;
    int threshold_;
    std::uint64_t context_;
};

using ScoreRun = SearchRun;

// The contexts of a score solve: its own, and the tricks objective's (whose table entries the
// team-only questions share).
struct ScoreContexts {
    std::uint64_t score = 0;
    std::uint64_t tricks = 0;
};

// The difference for the side to play under best play.
int best_score(State& st, TransTable& tt, ScoreContexts contexts, const ScoreTable& table,
               ScoreRun& run);
// The same after each root move, knowing the best is `best`.
std::vector<int> best_score_per_move(State& st, TransTable& tt, ScoreContexts contexts,
                                     const ScoreTable& table, int best,
                                     const std::vector<Move>& moves, ScoreRun& run);

}  // namespace SPADEWORK_SOLVER_NAMESPACE
