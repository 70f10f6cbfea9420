// Scoring one hand under a rule set, with a line-by-line breakdown.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "spadework/engine/card.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/rules.h"

namespace spadework {

// A partnership's standing between hands.
struct TeamStanding {
    int score = 0;
    int bags = 0;
    bool operator==(const TeamStanding&) const = default;
};
using Standings = std::array<TeamStanding, 2>;  // indexed by team

// One line of a partnership's score for a hand.
struct ScoreItem {
    enum class Kind {
        ContractMade,  // bid x bid_trick_points
        Exact,         // exact_points
        Over,          // over_points
        Overtricks,    // tricks over the contract x overtrick_points (also bags)
        ContractSet,   // failed contract: -bid, 0 or -shortfall
        OpponentsSet,  // set_points, when the opponents fail their contract
        NilMade,
        NilFailed,
        OpponentNilFailed,  // nil points won from an opponent's failed nil (NilFailed::Opponents)
        BlindNilMade,
        BlindNilFailed,
        OpponentBlindNilFailed,
        NilTrickBags,  // tricks a nil bidder took, as bags (NilTricks::BagsOnly, BagsAndPoints)
        Honours,
        BagPenalty,
        BigContract,  // big_contract: the contract's points times big_contract_factor, + bonus
        Boston,       // boston_points, for every trick of the hand
        BlindBid,     // a blind trick bid: the contract's points times blind_bid_factor
    };
    Kind kind;
    int points = 0;
    int bags = 0;              // bags this line adds (0 for most)
    std::optional<Seat> seat;  // the nil bidder, for nil lines
    std::string text;          // "contract 6 made with 7 tricks", "N nil made", ...
};
std::string_view kind_name(ScoreItem::Kind kind);  // "contract_made", ...

struct TeamHandScore {
    int bid = 0;     // the contract: the members' trick bids added (raised to min_team_bid
                     // under below_min_team_bid=raise)
    int tricks = 0;  // the tricks that count toward it (see NilTricks)
    int delta = 0;   // points this hand: the sum of the items' points
    int bags_added = 0;
    int bag_penalties = 0;  // how many times bag_limit was reached this hand
    TeamStanding after;
    std::vector<ScoreItem> items;
};

struct HandScore {
    std::array<TeamHandScore, 2> teams;  // indexed by team
    TeamHandScore& operator[](Team t) { return teams[index(t)]; }
    const TeamHandScore& operator[](Team t) const { return teams[index(t)]; }
};

// Checks an outcome against a rule set: bids in range and allowed, tricks adding up to the
// hand size. Returns what is wrong, or nothing. The rules on how the bids of a hand go
// together (min_team_bid re-bid, Whiz, Mirrors, Suicide, nil_max_spades, blind_behind) are the
// bidding's, which HandState checks: a review's what-if completes the bids not yet made
// without them, and scoring scores what it is given.
std::optional<std::string> check_outcome(const RuleSet& rules, const HandOutcome& outcome);

// Scores a hand from the partnerships' standings before it. The outcome must pass
// check_outcome (throws Error otherwise).
HandScore score_hand(const RuleSet& rules, const HandOutcome& outcome, const Standings& before);

// A partnership's standing after a hand whose items other than bag penalties came to `points`
// and added `bags_added` bags: score_hand's own settling of the bags, which comes last, for a
// caller that scores one outcome from many standings (the win-chance table).
TeamStanding after_bags(const RuleSet& rules, const TeamStanding& before, int points,
                        int bags_added);

}  // namespace spadework
