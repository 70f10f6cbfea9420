// Layouts for the single-dummy estimates of the bid review: drawn from what a player knew at
// a decision (the cards known to sit in each hand stay there, the others are dealt at random
// with the right counts), weighted by how well they fit the bids made, played out to the
// opening lead, solved double dummy by a pool of workers, and scored.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "spadework/engine/card.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/rules.h"
#include "spadework/engine/scoring.h"
#include "spadework/engine/solver.h"

namespace spadework::analyzer::sampling {

using Hands = std::array<CardSet, 4>;  // indexed by seat
using Bids = std::array<Bid, 4>;
using MadeBids = std::array<std::optional<Bid>, 4>;  // bids so far

// What a player knew of the four hands: the cards known to be in each hand and how many
// cards each hand holds. Every card of the deck in no known hand is unknown.
struct Knowledge {
    CardSet deck;
    Hands known{};
    std::array<int, 4> counts{};
    CardSet pool() const;  // the unknown cards
};

// What `bidder` knew when bidding in `state` (its Bid phase): its hand as it is now (the
// cards received in a pass included) and the cards it passed, now in its partner's hand.
// With `blind` (a blind nil is declared before looking), nothing at all: every hand is
// unknown, the bidder's own included.
Knowledge bidder_knowledge(const HandState& state, Seat bidder, bool blind);

// What `passer` knew when passing: the hand it was dealt, nothing else.
Knowledge passer_knowledge(const RuleSet& rules, Seat passer, CardSet dealt);

// One layout: the known cards in place, the unknown ones shuffled (Fisher-Yates with rng)
// and dealt to fill each hand to its count, North first.
Hands sample_layout(const Knowledge& knowledge, SplitMix64& rng);

// The seed of one decision's draws, from the review's seed, the hand and a number naming the
// decision: each decision has its own stream, so its layouts do not depend on which other
// decisions were drawn before it, nor on threads.
std::uint64_t decision_seed(std::uint64_t seed, int hand, int decision);

// How well a hand fits a bid made with it, in (0, 1]: a Gaussian in the bot's trick count
// minus the bid (sigma kFitSigma tricks) for a trick bid; 1 for a nil on a hand the bot would
// call a nil candidate, kNilMisfit otherwise; 1 for a blind nil, made without looking.
inline constexpr double kFitSigma = 1.5;
inline constexpr double kNilMisfit = 0.1;
double bid_fit(CardSet hand, Bid bid, const RuleSet& rules);

// The product of bid_fit over the seats other than `except` that have bid.
double layout_weight(const Hands& hands, const MadeBids& bids, Seat except, const RuleSet& rules);

// Every bid of a layout: those made, `bid` for `bidder`, then the bots' suggest_bid in bidding
// order, each knowing its partner's bid when made, and brought within the rules (with
// blind_behind at `scores`, the partnerships' scores before the hand, when given).
Bids complete_bids(const RuleSet& rules, Seat dealer, const Hands& hands, MadeBids made,
                   Seat bidder, Bid bid, std::optional<std::array<int, 2>> scores = std::nullopt);

// The hands after the blind nil exchanges the bids call for, made as the bots make them: in
// order from the dealer's left, each blind nil bidder whose partner did not also bid blind nil
// gives its strongest cards (spades first, then by rank) and the partner gives back its
// weakest.
Hands after_exchanges(const RuleSet& rules, Seat dealer, const Bids& bids, Hands hands);

// Who leads the first trick, as HandState decides it.
Seat opening_leader(const RuleSet& rules, Seat dealer, const Hands& hands);

// One layout to solve from the opening lead: the tricks `team` ends with when both sides play
// for tricks, and for each seat of nil_for whether its nil is kept. A nil on a hand holding the
// ace of spades is broken without a solve: the ace wins whatever trick it falls on.

struct Solve {
    Position position;
    Team team = Team::NS;
    std::array<bool, 4> nil_for{};
    bool exact = false;          // nils solved without the budget (par: the deal itself)
    int tricks = 0;              // out
    std::array<bool, 4> kept{};  // out
    // out: the nils the search could not settle within the budget, counted broken (not
    // an answer: the reviews report how many layouts had one).
    std::array<bool, 4> unsettled{};
    bool any_unsettled() const {
        return unsettled[0] || unsettled[1] || unsettled[2] || unsettled[3];
    }
};
Solve make_solve(const RuleSet& rules, Seat dealer, const Hands& hands, Team team);

// Solves every job, each worker (a thread per solver) taking the next. The answers are exact,
// so they do not depend on which worker solved which layout. Rethrows a worker's error.
// Nils not settled within nil_budget positions are marked unsettled.
void solve_all(std::vector<Solve>& jobs, std::vector<Solver>& solvers, std::uint64_t nil_budget);

// Tricks per seat from a partnership's double-dummy total: a kept nil takes none and a broken
// nil exactly one, the partner the rest; when both partners bid nil, a broken nil takes one
// (the first broken one any more the side took) and two kept nils take none. The opponents
// take the rest, credited to a member who did not bid nil (to the first when both did).
std::array<int, 4> split_tricks(const RuleSet& rules, Team team, int team_tricks, const Bids& bids,
                                const std::array<bool, 4>& kept);

// A partnership's points for the hand, scored from `before`, less what its result hands the
// opponents (set_points for its set, a failed nil under NilFailed::Opponents).
struct Scored {
    double points = 0;
    int own = 0;                 // the partnership's own points for the hand, alone
    bool contract_made = false;  // it had a contract and made it
    std::array<int, 2> after{};  // each team's score after the hand, by index(Team)
};
Scored partnership_points(const RuleSet& rules, Team team, const Bids& bids,
                          const std::array<int, 4>& tricks, const Standings& before);

}  // namespace spadework::analyzer::sampling
