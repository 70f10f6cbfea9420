// Simple players, enough to generate legal, plausible games: the samples, the benchmarks, the
// tests and `spadework simulate` are made with them. They play by rules of thumb a club player
// would recognise, not by search, and make the mistakes such players make; they are not
// experts and nothing here should be read as good advice.
//
// The bidder counts likely tricks the way the rule documents suggest (aces, kings by suit
// length, a queen now and then, spade length, voids and singletons with spades to ruff), bids
// nil on a weak hand, adjusts for the partner's bid, bids fuller when its bags are near the
// limit, and under exact-contract scoring (Paperless) aims to hit the bid exactly. Near the end
// of a game it bids to the score (see suggest_bid). Blind nil is bid by chance, only when the
// side is far behind and the opponents are near the end (blind_nil_spot).
//
// The card player sees only what a player at the table sees: its own hand, the cards played,
// the bids, the tricks taken and the score. It plays second hand low, third hand high, wins
// cheaply, covers its partner's nil, ducks as a nil bidder and attacks an opponent's nil.
// Once its contract is made it keeps fighting for a set while the opponents still need
// tricks, except when its bags are near the limit, the game is near its end or the scoring
// pays for exact contracts: then it ducks unless the set is in reach, or unless making their
// contract wins the opponents the game (their own, made, would not beat it). When the opponents
// have made theirs too, it ducks and leaves them the bags (where bags cost anything). It is
// deterministic: the same position always gives the same card.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "spadework/engine/deal.h"
#include "spadework/engine/game.h"
#include "spadework/engine/record.h"

namespace spadework::analyzer {

// The bidder's count of likely tricks with a hand: sure tricks (side aces, kings by suit
// length, queens with company), spade honours and length, and ruffs from voids and singletons
// when spare spades are there to ruff with. Reads the deck size from the rules.
double estimate_tricks(CardSet hand, const RuleSet& rules);
// How likely a hand is to be forced to win a trick if it bids nil, as a danger count: high
// spades and spade length, side aces, and kings and queens without low cards to hide under.
// Below 0.6 (a guarded king and a doubleton jack, say) the hand looks like a nil.
double nil_danger(CardSet hand, const RuleSet& rules);
// Whether a hand looks like a nil under the rules: nil allowed, few likely tricks, little
// danger.
bool nil_candidate(CardSet hand, const RuleSet& rules);

// Bump when the bots' choices change: a win-chance table measured from older bots is rebuilt
// (the version is part of its cache key).
inline constexpr int kBotsVersion = 2;

// How near the end of the game a side stands, as the bots bid and play to it: the fewest tricks
// it must bid and make to reach the target from `score` (a contract of C tricks made exactly
// scores bid_trick_points x C + exact_points; at or past the target, 1), or 0 when not even a
// contract of hand_size - 3 tricks reaches it: the end is not in sight. Classic: 1 at 491 to
// 499, 10 at 400, 0 below 400.
int tricks_to_target(const RuleSet& rules, int score);

// Whether a side's bags are close enough to the limit (three or fewer from it, where bags cost
// a penalty) that an overtrick is a real threat: the bots bid fuller and duck overtricks.
bool bags_near_limit(const RuleSet& rules, int bags);

// Whether a side bids blind nil (by chance, before looking): only where the rules allow one and
// it scores, the side is behind by at least the blind nil's points (a gap only its swing can
// close in one hand) and the opponents are within a contract of the target (no time is left
// for a slower comeback). Classic: 180 to 400 is such a spot, 180 to 380 and 250 to 400 are not.
bool blind_nil_spot(const RuleSet& rules, int score, int their_score);

// What the bidder knows beside its hand.
struct BidContext {
    std::optional<Bid> partner_bid;  // std::nullopt: the partner bids later
    int opponents_bid = 0;           // tricks bid so far by the opponents (a nil counts 0)
    bool opponents_done = false;     // both opponents have bid: opponents_bid is their contract
    TeamStanding ours;               // the side's score and bags before the hand
    TeamStanding theirs;             // the opponents'
};

// The bid the bot would make with a hand, without chance: from the count, adjusted for the
// partner's bid when made (std::nullopt: not yet). Never blind nil. Deterministic and cheap:
// the bid review calls it thousands of times per hand.
//
// Near the end (a side's tricks_to_target above 0) it bids to the score, each rule in one step:
//  - safe: when making its contract wins the game (the side within a contract of the target,
//    the opponents not, its bags not near the limit), a set is the only way not to win: it bids
//    nil only with nothing to fear, never overbids (choose_bid), and once the partner has bid,
//    bids no more than the tricks the side still needs, unless the overtricks would then near
//    the bag limit;
//  - set: when the opponents' contract, made, would win them the game (it takes them to the
//    target, and the side's own, made, would not take it more tricks past the target) and both
//    have bid, it bids
//    so that the side's total leaves them short (the hand size less their contract, plus one),
//    above its count if need be: were they to make it, the game would be lost anyway;
//  - bag out: when the opponents are within a contract of the target with their bags near the
//    limit (and the side's own are not), it bids one trick less, leaving them the overtricks
//    that bag them out;
//  - its own bags near the limit, it bids fuller (as at any score).
// 0 to 0 (the context's default) is far from the end: the bid of the count alone.
Bid suggest_bid(CardSet hand, const RuleSet& rules, std::optional<Bid> partner_bid = std::nullopt);
Bid suggest_bid(CardSet hand, const RuleSet& rules, const BidContext& context);

// The bid nearest `wanted` among `allowed` (nil counting as 0; a blind nil only when nothing
// else is left): where the rules force the bid (Whiz, Mirrors, Suicide, a team minimum bid
// again, nil with too many spades), the bot bids as near its judgement as they allow. `wanted`
// itself when `allowed` is empty.
Bid nearest_bid(Bid wanted, const std::vector<Bid>& allowed);

// The rules.pass_cards cards the bot passes to its partner from `hand` (before bidding): with
// a nil in view, its most dangerous cards; otherwise its lowest side cards, emptying a short
// suit to ruff in, and a spare spade from a long spade holding.
CardSet choose_pass(CardSet hand, const RuleSet& rules);

// The card the bot plays for the seat to act in a hand in play. `standings` is the score
// before the hand (bags toward a penalty, how late in the game it is). Looks only at what
// that seat may see.
Card choose_card(const HandState& state, const Standings& standings = {});

struct BotStyle {
    double nil_chance = 0.8;         // when the hand looks like a nil, how often to bid one
    double blind_nil_chance = 0.25;  // in a blind_nil_spot, how often to bid blind nil
    double overbid_chance = 0.1;     // how often to bid one more than the count (never when
                                     // making the contract wins the game)
};

// Plays one hand from the deal through passes, bids, exchange and tricks. `standings` (the
// score before the hand) lets the bots bid and play to the score and mind their bags.
RecordedHand play_hand(const RuleSet& rules, Seat dealer, const Deal& deal,
                       const Standings& standings, SplitMix64& rng, const BotStyle& style = {});

// Plays a whole game to its end under the rules (or max_hands, whichever comes first), the
// deal passing to the left from first_dealer, each deal drawn from rng.
RecordedGame play_game(const RuleSet& rules, SplitMix64& rng, Seat first_dealer = Seat::North,
                       int max_hands = 100, const BotStyle& style = {});

// A game of the bots played on from given standings.
struct GameFromStandings {
    std::vector<RecordedHand> hands;   // the hands played, the first dealt by the given dealer
    std::optional<GameResult> result;  // std::nullopt: max_hands were played first
};

// Plays the rest of a game from `start` (scores and bags, as Game keeps them), `dealer` dealing
// the first hand and the deal passing to the left, each deal drawn from rng, until the game
// ends under the rules (target, loss limit, hand limit counted from this hand, a tie played on,
// drawn or sent to overtime) or max_hands. What a rollout from a score needs: Game itself
// always starts at 0 to 0. Throws Error when `start` has already ended the game.
GameFromStandings play_game_from(const RuleSet& rules, const Standings& start, Seat dealer,
                                 SplitMix64& rng, int max_hands = 100, const BotStyle& style = {});

}  // namespace spadework::analyzer
