// A plain rule-of-thumb player, enough to generate legal, plausible games: the samples, the
// benchmarks and the tests are made with it. It counts likely tricks to bid, bids nil on a
// weak hand, sometimes bids blind nil when its side is far behind, ducks when it or its
// partner is nil, and otherwise wins cheaply or throws its lowest card.
#pragma once

#include <cstdint>
#include <string>

#include "spadework/engine/deal.h"
#include "spadework/engine/record.h"

namespace spadework::analyzer {

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
