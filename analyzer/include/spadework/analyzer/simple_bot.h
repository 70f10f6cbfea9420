// A plain rule-of-thumb player, enough to generate legal, plausible games: the samples, the
// benchmarks and the tests are made with it. It counts likely tricks to bid, bids nil on a
// weak hand, sometimes bids blind nil when its side is far behind, ducks when it or its
// partner is nil, and otherwise wins cheaply or throws its lowest card.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "spadework/engine/deal.h"
#include "spadework/engine/record.h"

namespace spadework::analyzer {

// The bidder's count of likely tricks with a hand: sure tricks (side aces, kings by suit
// length), spade length and ruffing values, as the rule documents suggest.
double estimate_tricks(CardSet hand, const RuleSet& rules);
// Whether a hand looks like a nil: few likely tricks, no high spade, short spades.
bool nil_candidate(CardSet hand, const RuleSet& rules);
// The bid the bot would make with a hand, without chance: from the count, adjusted for the
// partner's bid when made (std::nullopt: not yet). Never blind nil.
Bid suggest_bid(CardSet hand, const RuleSet& rules, std::optional<Bid> partner_bid = std::nullopt);
// The rules.pass_cards cards the bot passes to its partner from `hand` (before bidding).
CardSet choose_pass(CardSet hand, const RuleSet& rules);

struct BotStyle {
    double nil_chance = 0.8;         // when the hand looks like a nil, how often to bid one
    double blind_nil_chance = 0.35;  // when 150 or more behind, how often to bid blind nil
    double overbid_chance = 0.15;    // how often to bid one more than the count
};

// Plays one hand from the deal through passes, bids, exchange and tricks. `standings` (the
// score before the hand) lets the bot bid blind nil when far behind.
RecordedHand play_hand(const RuleSet& rules, Seat dealer, const Deal& deal,
                       const Standings& standings, SplitMix64& rng, const BotStyle& style = {});

// Plays a whole game to its end under the rules (or max_hands, whichever comes first), the
// deal passing to the left from first_dealer, each deal drawn from rng.
RecordedGame play_game(const RuleSet& rules, SplitMix64& rng, Seat first_dealer = Seat::North,
                       int max_hands = 100, const BotStyle& style = {});

}  // namespace spadework::analyzer
