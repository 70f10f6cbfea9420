#include "spadework/analyzer/simple_bot.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "spadework/engine/error.h"

namespace spadework::analyzer {
namespace {

constexpr Suit kSideSuits[3] = {Suit::Hearts, Suit::Diamonds, Suit::Clubs};

// A draw in [0, 1) from the engine's generator.
double chance(SplitMix64& rng) {
    return static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
}

int rank_of(Card c) {
    return static_cast<int>(c.rank());
}

// How keen a player is to keep a card: spades above everything, then by rank. The lowest is
// the natural card to throw away.
int keep_value(Card c) {
    return rank_of(c) + (c.suit() == Suit::Spades ? 20 : 0);
}

// How likely a card is to win a trick its holder does not want: its rank, a spade a little
// more (a spade can win a trick of any suit).
int danger_value(Card c) {
    return rank_of(c) + (c.suit() == Suit::Spades ? 3 : 0);
}

// The card of `cards` with the largest key; ties go to the first in CardSet order, so every
// choice is deterministic.
template <typename Key>
Card max_by(CardSet cards, Key key) {
    Card best = *cards.begin();
    for (Card c : cards) {
        if (key(c) > key(best)) best = c;
    }
    return best;
}

Card lowest(CardSet cards) {
    return max_by(cards, [](Card c) { return -keep_value(c); });
}

Card highest(CardSet cards) {
    return max_by(cards, [](Card c) { return keep_value(c); });
}

Card most_dangerous(CardSet cards) {
    return max_by(cards, [](Card c) { return danger_value(c); });
}

bool has(CardSet hand, Rank r, Suit s) {
    return hand.contains(Card(r, s));
}

// A hand as the count reads it: its cards in play (PlayOrder: every trump a spade, ordered by
// its bit), and the bit of the deck's highest trump, from which the trump honours are counted:
// the ace of a standard deck, the big joker of one with jokers.
struct CountedHand {
    CardSet cards;
    int top = kHighestRank;
    // The k-th highest trump of the deck (0 the highest).
    bool has_trump(int k) const { return cards.contains(Card::from_index(top - k)); }
};

CountedHand counted(CardSet printed, const RuleSet& rules) {
    const PlayOrder order(rules);
    CountedHand h;
    h.cards = order.in_play(printed);
    h.top = std::bit_width(order.in_play(rules.deck()).suit_mask(Suit::Spades)) - 1;
    return h;
}

// ---------------------------------------------------------------------------------------
// Bidding.

// The count. Its features are those the rule documents name: aces, kings by suit length,
// queens with company ("Non-Spade Aces stand a good chance ~ Kings may too, but Queens -
// ooooh, I wonder!"), spade honours and length, short suits to ruff in. The weights were
// fitted by least squares to the double-dummy tricks of both partnerships of 2,500 classic
// deals (a partnership's count is the sum of its two hands'), then rounded; 1,500 Paperless
// deals gave much the same weights. Every value below is a share of a trick. What the count
// misses is about 1.1 tricks a partnership (the residual's standard deviation).

// What a hand counts before its cards: each ace or ruff counts a little more than a trick
// because the opponents do not hold it, and this takes it back.
constexpr double kBase = -0.8;
// After a pass each hand has been shaped for its partnership (a suit emptied to ruff in, the
// partner's dangers taken), and the count overstates it: measured at 0.45 tricks a hand for
// the Paperless three-card pass, against double dummy.
constexpr double kPassedCard = 0.15;

// Spade honours (a king needs a guard, a queen two), a jack in a long holding, and each
// spade past the third.
double spade_tricks(const CountedHand& hand) {
    int len = hand.cards.count(Suit::Spades);
    double t = 0;
    if (hand.has_trump(0)) t += 1.7;
    if (hand.has_trump(1)) t += len >= 2 ? 1.35 : 0.3;
    if (hand.has_trump(2)) t += len >= 3 ? 0.9 : 0.4;
    if (hand.has_trump(3) && len >= 4) t += 0.45;
    return t + 0.75 * std::max(0, len - 3);
}

// One side suit: an ace (less in a long suit, ruffed sooner), a king by company and length,
// a queen in a suit of three to five.
double side_tricks(CardSet hand, Suit s) {
    int len = hand.count(s);
    bool ace = has(hand, Rank::Ace, s);
    bool king = has(hand, Rank::King, s);
    double t = 0;
    if (ace) t += len <= 5 ? 1.45 : 1.0;
    if (king) {
        if (ace) {
            t += len <= 4 ? 0.85 : 0.6;
        } else {
            t += len >= 2 && len <= 4 ? 0.9 : 0.5;
        }
    }
    if (has(hand, Rank::Queen, s) && len >= 3) {
        if ((ace || king) && len <= 5) t += 0.45;
        if (!ace && !king && len <= 4) t += 0.4;
    }
    return t;
}

// Ruffs: a void (with up to two spades to ruff it), a singleton or a doubleton, when the hand
// holds a spade at all.
double ruff_tricks(CardSet hand) {
    int spades = hand.count(Suit::Spades);
    if (spades == 0) return 0;
    double t = 0;
    for (Suit s : kSideSuits) {
        int len = hand.count(s);
        t += len == 0 ? 0.9 * std::min(spades, 2) : len == 1 ? 1.1 : len == 2 ? 0.55 : 0;
    }
    return t;
}

bool nil_allowed_with(const RuleSet& rules, std::optional<Bid> partner_bid) {
    if (!rules.nil_allowed || rules.nil_points <= 0) return false;
    return !(partner_bid && partner_bid->is_nil() && !rules.both_nil_allowed);
}

int clamp_bid(int n, const RuleSet& rules) {
    return std::clamp(n, 1, rules.highest_bid());
}

// A side's contract of `tricks`, made, takes it to the target: the end of the game, bar a
// higher score on the other side.
bool contract_reaches(const RuleSet& rules, int score, int tricks) {
    int to_go = tricks_to_target(rules, score);
    return to_go > 0 && tricks >= to_go;
}

// The opponents' contract, made, wins them the game: it takes them to the target, and the
// side's own, made, would not take it further past (it falls short of the target, or passes it
// by no more tricks than theirs; the race counted in tricks, a tie to them). Then only a set
// stops them.
bool their_contract_wins(const RuleSet& rules, const TeamStanding& ours, int our_contract,
                         const TeamStanding& theirs, int their_contract) {
    if (!contract_reaches(rules, theirs.score, their_contract)) return false;
    if (!contract_reaches(rules, ours.score, our_contract)) return true;
    return their_contract - tricks_to_target(rules, theirs.score) >=
           our_contract - tricks_to_target(rules, ours.score);
}

// Making the side's contract wins the game: the side is within a contract of the target, the
// opponents are not (one hand cannot take them past it), and its bags are not near the limit
// (a penalty would take it back under the target).
bool making_wins(const RuleSet& rules, const TeamStanding& ours, const TeamStanding& theirs) {
    return tricks_to_target(rules, ours.score) > 0 && tricks_to_target(rules, theirs.score) == 0 &&
           !bags_near_limit(rules, ours.bags);
}

// The opponents are within a contract of the target with their bags near the limit, where a
// penalty would take them back out of reach; the side's own bags leave room for the tricks it
// gives up.
bool bag_them_out(const RuleSet& rules, const TeamStanding& ours, const TeamStanding& theirs) {
    return bags_near_limit(rules, theirs.bags) && !bags_near_limit(rules, ours.bags) &&
           tricks_to_target(rules, theirs.score) > 0;
}

}  // namespace

bool bags_near_limit(const RuleSet& rules, int bags) {
    return rules.counts_bags() && rules.bag_penalty > 0 && rules.bag_limit - bags <= 3;
}

int tricks_to_target(const RuleSet& rules, int score) {
    const int short_by = rules.target - score - rules.exact_points;
    int tricks = 1;
    if (short_by > 0) {
        if (rules.bid_trick_points <= 0) return 0;
        tricks = std::max(1, (short_by + rules.bid_trick_points - 1) / rules.bid_trick_points);
    }
    return tricks <= rules.hand_size() - 3 ? tricks : 0;
}

bool blind_nil_spot(const RuleSet& rules, int score, int their_score) {
    return rules.blind_nil_allowed && rules.blind_nil_points > 0 &&
           their_score - score >= rules.blind_nil_points &&
           tricks_to_target(rules, their_score) > 0;
}

double count_tricks(const CountedHand& counted_hand, const RuleSet& rules) {
    const CardSet hand = counted_hand.cards;
    double count =
        kBase - kPassedCard * rules.pass_cards + spade_tricks(counted_hand) + ruff_tricks(hand);
    for (Suit s : kSideSuits) count += side_tricks(hand, s);
    return std::max(0.0, count);
}

double danger(const CountedHand& counted_hand) {
    const CardSet hand = counted_hand.cards;
    int spades = hand.count(Suit::Spades);
    double d = 0;
    // Spades: the ace and king are sure to win, a queen or jack is often caught, and a long
    // holding is forced to win once the others run out.
    if (counted_hand.has_trump(0)) d += 3;
    if (counted_hand.has_trump(1)) d += 2;
    if (counted_hand.has_trump(2)) d += 1;
    if (counted_hand.has_trump(3)) d += 0.5;
    if (counted_hand.has_trump(4)) d += 0.25;
    d += 0.6 * std::max(0, spades - 3);
    // Side suits: an honour is safe when enough low cards can be played under the leads.
    for (Suit s : kSideSuits) {
        int len = hand.count(s);
        if (len == 0) {
            d -= 0.25;  // a void sheds the dangerous cards of other suits
            continue;
        }
        if (has(hand, Rank::Ace, s)) d += len <= 3 ? 1 : len == 4 ? 0.8 : 0.5;
        if (has(hand, Rank::King, s)) d += len == 1 ? 1 : len == 2 ? 0.6 : len == 3 ? 0.3 : 0.15;
        if (has(hand, Rank::Queen, s)) d += len == 1 ? 0.6 : len == 2 ? 0.35 : len == 3 ? 0.15 : 0;
        if (has(hand, Rank::Jack, s)) d += len == 1 ? 0.35 : len == 2 ? 0.15 : 0;
        if (has(hand, Rank::Ten, s) && len == 1) d += 0.15;
    }
    return std::max(0.0, d);
}

bool candidate(const CountedHand& hand, const RuleSet& rules) {
    return rules.nil_allowed && rules.nil_points > 0 && danger(hand) < 0.6 &&
           count_tricks(hand, rules) < 1.5;
}

double estimate_tricks(CardSet hand, const RuleSet& rules) {
    return count_tricks(counted(hand, rules), rules);
}

double nil_danger(CardSet hand, const RuleSet& rules) {
    return danger(counted(hand, rules));
}

bool nil_candidate(CardSet hand, const RuleSet& rules) {
    return candidate(counted(hand, rules), rules);
}

Bid suggest_bid(CardSet hand, const RuleSet& rules, std::optional<Bid> partner_bid) {
    BidContext context;
    context.partner_bid = partner_bid;
    return suggest_bid(hand, rules, context);
}

Bid suggest_bid(CardSet printed, const RuleSet& rules, const BidContext& context) {
    const CountedHand hand = counted(printed, rules);
    const std::optional<Bid>& partner = context.partner_bid;
    bool partner_nil = partner && partner->is_nil();
    int partner_count = partner && !partner_nil ? partner->count() : 0;
    double count = count_tricks(hand, rules);
    const bool safe = making_wins(rules, context.ours, context.theirs);

    // Nil: on a hand that looks like one, unless the partner's bid makes it too risky. Both
    // partners nil leaves nobody to cover; a weak partner covers badly. When making the
    // contract wins the game, only a nil with nothing to fear (as with a nil partner).
    if (candidate(hand, rules) && nil_allowed_with(rules, partner)) {
        double d = danger(hand);
        bool ok = !safe || d < 0.25;
        if (partner_nil) ok = ok && d < 0.25 && count < 1;
        if (partner && !partner_nil && partner->count() <= 2) ok = ok && d < 0.35;
        if (ok) return Bid::nil();
    }

    // A partner who bid high has most of the side's honours: some of our values (a king
    // behind the partner's ace, a ruff in the partner's long suit) are tricks the partner
    // already counted, so shave a little.
    if (partner && !partner_nil && partner->count() >= 5) count -= 0.4;

    // Rounding. A set costs far more than an overtrick, so round down: bid the count less a
    // little. Near the bag limit an overtrick may cost a penalty, so bid a little fuller. Under
    // exact-contract scoring (Paperless) the aim is the exact count, still shaded down since
    // falling short gives the opponents points while an overtrick only costs the exact bonus.
    // Bagging the opponents out, a trick less leaves them the overtricks.
    double lift = -0.1;
    if (rules.exact_points > rules.over_points) lift = 0.2;
    if (bags_near_limit(rules, context.ours.bags)) lift += 0.2;
    const bool bag_out = bag_them_out(rules, context.ours, context.theirs);
    if (bag_out) lift -= 1;
    int n = static_cast<int>(std::floor(count + lift));

    // When making the contract wins the game, a set is the only way not to win: once the
    // partner has bid, no more than the tricks still needed, but not so few that the overtricks
    // would reach the bag limit (the penalty would take the side back under the target): the
    // bid comes down by at most the bags left before the limit, less three for the partner's
    // overtricks and the count's error.
    if (safe && partner) {
        int needed = std::max(1, tricks_to_target(rules, context.ours.score) - partner_count);
        int spare = rules.counts_bags() && rules.bag_penalty > 0
                        ? std::max(0, rules.bag_limit - context.ours.bags - 4)
                        : n;
        n = std::min(n, std::max(needed, n - spare));
    }

    // The side cannot take more tricks than the hand holds after what the others bid; but
    // when their contract, made, wins the opponents the game, the side bids one past that, to
    // set them.
    int others = context.opponents_bid + partner_count;
    int most = rules.hand_size() - others;
    if (!bag_out && context.opponents_done &&
        their_contract_wins(rules, context.ours, partner_count + std::max(n, 1), context.theirs,
                            context.opponents_bid)) {
        n = std::max(n, ++most);
    }
    n = std::min(n, most);
    return Bid::tricks(clamp_bid(n, rules));
}

namespace {

// With a nil in view (a hand near the nil line), passing the dangerous cards away makes the
// nil; the partner, seeing nothing, passes low cards, which helps too.
bool nil_prospect(const CountedHand& hand, const RuleSet& rules) {
    return rules.nil_allowed && rules.nil_points > 0 && danger(hand) < 1.0 &&
           count_tricks(hand, rules) < 1.5;
}

// The `n` most dangerous cards, for a nil bidder's pass or exchange.
CardSet dangerous_cards(CardSet hand, int n) {
    CardSet out;
    for (int i = 0; i < n && !hand.empty(); ++i) {
        Card c = most_dangerous(hand);
        out.insert(c);
        hand.erase(c);
    }
    return out;
}

// The `n` lowest cards of `from` by keep_value.
CardSet lowest_cards(CardSet from, int n) {
    CardSet out;
    for (int i = 0; i < n && !from.empty(); ++i) {
        Card c = lowest(from);
        out.insert(c);
        from.erase(c);
    }
    return out;
}

}  // namespace

// The Paperless document's advice: "each player will pass to his partner his own worst
// (lowest non-trump) cards. He will also try to void himself in a suit ... If a player has
// more than three trump cards, however, he may want to pass the excess to his partner ...
// If a player has prospects towards a nil bid, however, then he should pass his best cards."
CardSet choose_pass(CardSet printed, const RuleSet& rules) {
    int n = std::min(rules.pass_cards, printed.size());
    if (n <= 0) return {};
    const PlayOrder order(rules);
    const CountedHand counted_hand = counted(printed, rules);
    const CardSet hand = counted_hand.cards;
    if (nil_prospect(counted_hand, rules)) return order.printed(dangerous_cards(hand, n));

    CardSet out;
    CardSet spades = hand.of_suit(Suit::Spades);
    int longest_side = 0;
    for (Suit s : kSideSuits) longest_side = std::max(longest_side, hand.count(s));
    if (spades.size() >= 6 || (spades.size() >= 4 && longest_side >= 5)) {
        out.insert(lowest(spades));  // a spare trump, for the partner to ruff with
    }
    // Empty the shortest side suit that fits in what is left to pass and holds no ace.
    std::optional<Suit> to_void;
    for (Suit s : kSideSuits) {
        int len = hand.count(s);
        if (len == 0 || len > n - out.size() || has(hand, Rank::Ace, s)) continue;
        if (!to_void || len < hand.count(*to_void)) to_void = s;
    }
    if (to_void) out |= hand.of_suit(*to_void);
    CardSet side = hand - spades - out;
    out |= lowest_cards(side, n - out.size());
    out |= lowest_cards(hand - out, n - out.size());
    return order.printed(out);
}

namespace {

// ---------------------------------------------------------------------------------------
// Card play: what the seat to act can see, gathered once per card.

// Every card in it is a card in play (PlayOrder): its suit is the one it follows as, and its
// bit orders it in that suit, whatever the deck.
struct View {
    const HandState& st;
    const RuleSet& rules;
    PlayOrder order;
    Seat me;
    Seat mate;
    Team us;
    Team them;
    CardSet hand;
    CardSet legal;
    CardSet outstanding;                  // not played and not ours: in the other three hands
    std::array<std::uint8_t, 4> voids{};  // per seat, a bit per suit it has shown out of
    int left = 0;                         // tricks not finished, the current one included
    std::array<bool, 4> nil_alive{};      // a nil or blind nil bidder with no trick yet
    std::array<bool, 4> nil_bid{};
    std::array<int, 2> contract{};  // per team: the members' trick bids
    std::array<int, 2> counted{};   // per team: the tricks that count toward it
    int bags = 0;                   // our bags, this hand's overtricks included
    bool late = false;              // a side is within a contract of the target
    bool their_win = false;         // the opponents' contract, made, wins them the game
    bool honours_open = false;      // the opponents have won no honour yet
    // The trick in progress.
    int position = 0;  // 0 leads, 3 plays last
    Card best;         // the card winning so far
    Seat winning = Seat::North;
    CardSet winners;  // legal cards that would take the lead
    CardSet losers;   // legal cards that would not

    View(const HandState& state, const Standings& standings);
    bool is_master(Card c) const {
        return (outstanding.suit_mask(c.suit()) >> (rank_of(c) + 1)) == 0;
    }
    bool played_this_trick(Seat s) const {
        for (const PlayedCard& p : st.current_trick()) {
            if (p.seat == s) return true;
        }
        return false;
    }
    bool shown_void(Seat s, Suit suit) const { return (voids[index(s)] >> index(suit)) & 1; }
    int need(Team t) const { return contract[index(t)] - counted[index(t)]; }
    int masters() const {
        int n = 0;
        for (Card c : hand) n += is_master(c);
        return n;
    }
    // Cards of `suit` outstanding above `c`.
    int outstanding_above(Card c) const {
        return std::popcount(
            static_cast<unsigned>(outstanding.suit_mask(c.suit()) >> (rank_of(c) + 1)));
    }
};

View::View(const HandState& state, const Standings& standings)
    : st(state), rules(state.rules()), order(state.rules()), me(state.to_act()) {
    mate = partner(me);
    us = team_of(me);
    them = opponent(us);
    hand = order.in_play(state.hand(me));
    legal = order.in_play(state.legal_cards());
    left = rules.hand_size() - state.tricks_played();

    const auto& record = state.play_record();
    CardSet played;
    CardSet honours_won_by_them;
    for (std::size_t i = 0; i < record.size(); ++i) {
        played.insert(order.in_play(record[i].card));
        Suit led = order.suit(record[i - i % 4].card);
        if (order.suit(record[i].card) != led) voids[index(record[i].seat)] |= 1u << index(led);
        std::size_t trick = i / 4;
        if (trick < state.trick_winners().size() && team_of(state.trick_winners()[trick]) == them &&
            kHonours.contains(record[i].card)) {
            honours_won_by_them.insert(record[i].card);
        }
    }
    outstanding = order.in_play(rules.deck()) - played - hand;
    honours_open = honours_won_by_them.empty();

    for (Seat s : kAllSeats) {
        std::optional<Bid> bid = state.bid_of(s);
        bool nil = bid && bid->is_nil();
        nil_bid[index(s)] = nil;
        nil_alive[index(s)] = nil && state.tricks_taken(s) == 0;
        Team t = team_of(s);
        if (!nil && bid) contract[index(t)] += bid->count();
        if (!nil || rules.nil_tricks == NilTricks::CountForPartner) {
            counted[index(t)] += state.tricks_taken(s);
        }
        if (nil && t == us && rules.nil_tricks == NilTricks::BagsOnly) {
            bags += state.tricks_taken(s);
        }
    }
    bags += standings[index(us)].bags + std::max(0, counted[index(us)] - contract[index(us)]);
    late = tricks_to_target(rules, standings[0].score) > 0 ||
           tricks_to_target(rules, standings[1].score) > 0;
    their_win = their_contract_wins(rules, standings[index(us)], contract[index(us)],
                                    standings[index(them)], contract[index(them)]);

    const auto& trick = state.current_trick();
    position = static_cast<int>(trick.size());
    if (!trick.empty()) {
        winning = *state.current_winner();
        for (const PlayedCard& p : trick) {
            if (p.seat == winning) best = order.in_play(p.card);
        }
        for (Card c : legal) {
            bool beats =
                c.suit() == best.suit() ? c.rank() > best.rank() : c.suit() == Suit::Spades;
            if (beats) winners.insert(c);
        }
        losers = legal - winners;
    }
}

// What the tricks still count for. A side that has not made its contract wants every trick.
// Once it has, an overtrick is worth overtrick_points, less the exact bonus it gives up, less
// its share of a bag penalty (all of it when it is the bag that reaches the limit). While the
// opponents may still be set, the side keeps taking tricks, unless bags are near the limit,
// the game is near its end or the scoring rewards exact contracts: then only when the set is
// in reach and worth more than the overtrick costs, or when it is what stops the opponents'
// contract from winning them the game.
bool want_trick(const View& v) {
    const RuleSet& r = v.rules;
    int our_contract = v.contract[index(v.us)];
    if (our_contract == 0) return false;  // only nils on our side: every trick hurts
    if (v.need(v.us) > 0) return true;

    double value = r.overtrick_points;
    if (v.counted[index(v.us)] == our_contract) value -= r.exact_points - r.over_points;
    bool near = bags_near_limit(r, v.bags);
    if (r.counts_bags()) {
        value -= v.bags + 1 >= r.bag_limit ? r.bag_penalty
                                           : static_cast<double>(r.bag_penalty) / r.bag_limit;
    }
    if (r.honours_points > 0 && v.honours_open) {
        for (const PlayedCard& p : v.st.current_trick()) {
            if (kHonours.contains(p.card)) value += r.honours_points / 2.0;
        }
    }

    int their_need = v.need(v.them);
    int their_contract = v.contract[index(v.them)];
    if (their_need > 0 && their_contract > 0) {
        // A set is the only way to stop opponents whose contract wins them the game.
        bool careful = near || v.late || r.exact_points > r.over_points;
        if (!careful || v.their_win) return true;
        double swing = r.bid_trick_points * their_contract;
        if (r.failed_contract == FailedContract::MinusBid) swing *= 2;
        if (r.failed_contract == FailedContract::MinusShortfall) swing += r.bid_trick_points;
        double set_gain = swing + r.set_points + r.exact_points;
        int to_set = v.left - their_need + 1;  // tricks we must take of those left
        return to_set <= v.masters() + 1 && set_gain + value > 0;
    }
    return value > 0;
}

// The cheapest card as good as our highest of its suit: the lowest of the top sequence, the
// cards between them having all been played.
Card top_of_sequence(const View& v, Suit s) {
    CardSet mine = v.hand.of_suit(s);
    Card top = highest(mine);
    Card cheapest = top;
    for (int r = rank_of(top) - 1; r >= kLowestRank; --r) {
        Card c(static_cast<Rank>(r), s);
        if (mine.contains(c)) {
            cheapest = c;
        } else if (v.outstanding.contains(c)) {
            break;
        }
    }
    return cheapest;
}

// The card least likely to win when led: the one with the most outstanding cards above it,
// side suits before spades.
Card losing_lead(const View& v) {
    return max_by(v.legal, [&](Card c) {
        return v.outstanding_above(c) * 32 - rank_of(c) - (c.suit() == Suit::Spades ? 16 : 0);
    });
}

// Leading with a partner's nil alive: high cards, which the nil bidder can play under.
Card cover_lead(const View& v) {
    CardSet side = v.legal - v.legal.of_suit(Suit::Spades);
    CardSet pool = side.empty() ? v.legal : side;
    return max_by(pool, [&](Card c) {
        return (v.is_master(c) ? 100 : 0) + rank_of(c) * 4 + v.hand.count(c.suit());
    });
}

// Leading into an opponent's nil: a low card in a suit the nil bidder still holds.
Card attack_lead(const View& v, Seat nil) {
    CardSet pool;
    for (Card c : v.legal) {
        if (!v.shown_void(nil, c.suit())) pool.insert(c);
    }
    if (pool.empty()) pool = v.legal;
    CardSet side = pool - pool.of_suit(Suit::Spades);
    return lowest(side.empty() ? pool : side);
}

// Leading to win tricks: cash a side-suit master where no opponent has shown out (the suit
// the others hold most of first), draw trumps with the top spade from a long holding, lead
// from a short suit to ruff it later, else low from the longest side suit.
Card winning_lead(const View& v) {
    CardSet spades = v.legal.of_suit(Suit::Spades);
    CardSet cash;
    for (Card c : v.legal - spades) {
        if (v.is_master(c) && !v.shown_void(next(v.me), c.suit()) &&
            !v.shown_void(next(v.me, 3), c.suit())) {
            cash.insert(c);
        }
    }
    if (!cash.empty()) {
        return max_by(cash, [&](Card c) { return v.outstanding.count(c.suit()); });
    }
    if (!spades.empty() && v.is_master(highest(spades)) && v.hand.count(Suit::Spades) >= 3) {
        return highest(spades);
    }
    CardSet side = v.legal - spades;
    if (side.empty()) return lowest(v.legal);
    if (v.hand.count(Suit::Spades) > 0) {
        for (int len = 1; len <= 2; ++len) {
            for (Suit s : kSideSuits) {
                CardSet suit = side.of_suit(s);
                if (suit.size() == len && !v.is_master(highest(suit))) return lowest(suit);
            }
        }
    }
    Suit longest = max_by(side, [&](Card c) { return v.hand.count(c.suit()); }).suit();
    return lowest(side.of_suit(longest));
}

std::optional<Seat> opponent_nil(const View& v) {
    for (Seat s : {next(v.me), next(v.me, 3)}) {
        if (v.nil_alive[index(s)]) return s;
    }
    return std::nullopt;
}

// A nil bidder, or one whose broken nil still must not take tricks (its tricks are bags or
// count for nobody), ducks. Under CountForPartner a broken nil helps the partner instead.
bool ducking_nil(const View& v) {
    if (!v.nil_bid[index(v.me)]) return false;
    return v.nil_alive[index(v.me)] || v.rules.nil_tricks != NilTricks::CountForPartner;
}

Card lead(const View& v) {
    if (ducking_nil(v)) return losing_lead(v);
    if (v.nil_alive[index(v.mate)]) return cover_lead(v);
    if (auto nil = opponent_nil(v)) return attack_lead(v, *nil);
    return want_trick(v) ? winning_lead(v) : losing_lead(v);
}

// Ducking: the most dangerous card that loses the trick, shedding future winners; when every
// card wins, the lowest while someone is still to play (they may overtake), else the most
// dangerous.
Card duck(const View& v) {
    if (!v.losers.empty()) return most_dangerous(v.losers);
    return v.position == 3 ? most_dangerous(v.winners) : lowest(v.winners);
}

Card follow_normally(const View& v) {
    bool want = want_trick(v);
    Suit led = v.order.suit(v.st.current_trick().front().card);
    bool following = v.hand.has_suit(led);

    if (v.winning == v.mate) {
        // The partner's card holds when nobody after us can beat it: we play last, or it is
        // the top card left and the player after us has not shown out of the suit.
        bool holds = v.position == 3 || (v.is_master(v.best) && (v.best.suit() == Suit::Spades ||
                                                                 !v.shown_void(next(v.me), led)));
        if (holds || !want) return want ? lowest(v.legal) : duck(v);
        // Third hand high: the partner led and the card is not safe.
        if (following) {
            Card top = top_of_sequence(v, led);
            return v.winners.contains(top) ? top : lowest(v.legal);
        }
        return v.winners.empty() ? lowest(v.legal) : lowest(v.winners);
    }

    if (!want) return duck(v);
    if (v.winners.empty()) return lowest(v.legal);
    Card cheapest = lowest(v.winners);
    switch (v.position) {
        case 1: {
            // Second hand low, unless the cheapest winner is the top card left and the lead
            // was an honour or every trick is needed. Void, ruff low.
            if (!following) return cheapest;
            bool urgent = v.need(v.us) >= v.left;
            if (v.is_master(cheapest) && (urgent || v.best.rank() >= Rank::Jack)) return cheapest;
            return lowest(v.legal);
        }
        case 2: {
            // Third hand high (the partner led and an opponent has taken the lead).
            if (!following) return cheapest;
            Card top = top_of_sequence(v, led);
            return v.winners.contains(top) ? top : cheapest;
        }
        default:
            return cheapest;  // last: win as cheaply as possible
    }
}

Card follow(const View& v) {
    if (ducking_nil(v)) return duck(v);

    if (v.nil_alive[index(v.mate)]) {
        if (!v.played_this_trick(v.mate)) {
            // Cover: take the lead as high as we can, so the nil bidder can play under it.
            return v.winners.empty() ? lowest(v.legal) : highest(v.winners);
        }
        if (v.winning == v.mate) {
            return v.winners.empty() ? lowest(v.legal) : lowest(v.winners);
        }
    }

    if (auto nil = opponent_nil(v)) {
        if (v.played_this_trick(*nil)) {
            // Never take the trick from the nil bidder; shed a high card under it.
            if (v.winning == *nil && !v.losers.empty()) return most_dangerous(v.losers);
        } else {
            // Keep the winning card low, so the nil bidder may be forced over it.
            return v.losers.empty() ? lowest(v.winners) : lowest(v.losers);
        }
    }
    return follow_normally(v);
}

// The blind nil exchange: the bidder gives its most dangerous cards; the partner gives back
// its lowest, never one it has just received.
CardSet choose_exchange(const HandState& state) {
    Seat seat = state.to_act();
    int n = state.exchange_size(seat);
    const PlayOrder order(state.rules());
    CardSet hand = order.in_play(state.hand(seat));
    if (state.bid_of(seat) == Bid::blind_nil()) return order.printed(dangerous_cards(hand, n));
    CardSet received = order.in_play(state.exchanged(partner(seat)).value_or(CardSet{}));
    CardSet pool = hand - received;
    CardSet side = pool - pool.of_suit(Suit::Spades);
    CardSet out = lowest_cards(side, n);
    out |= lowest_cards(pool - out, n - out.size());
    return order.printed(out);
}

}  // namespace

Bid nearest_bid(Bid wanted, const std::vector<Bid>& allowed) {
    std::optional<Bid> best;
    for (Bid b : allowed) {
        if (b.kind() == Bid::Kind::BlindNil) continue;
        if (!best ||
            std::abs(b.count() - wanted.count()) < std::abs(best->count() - wanted.count())) {
            best = b;
        }
    }
    if (best) return *best;
    // Only a blind nil may be left; with nothing, the bid is refused as it stands.
    return allowed.empty() ? wanted : allowed.front();
}

namespace {

// The legal bid nearest the one wanted.
Bid nearest_legal(const HandState& state, Bid wanted) {
    if (!state.check_bid(state.to_act(), wanted)) return wanted;
    return nearest_bid(wanted, state.legal_bids());
}

// A blind trick bid, like a blind nil, is a comeback: the bots make one by chance (as they bid
// blind nil) where the rules have one, its points count more than a trick bid's, the side is
// behind by the points of the smallest one made, and the opponents are near the end.
bool blind_bid_spot(const RuleSet& rules, int score, int their_score) {
    return rules.blind_bid_min && rules.blind_bid_factor > 1 &&
           their_score - score >= rules.bid_trick_points * *rules.blind_bid_min &&
           tricks_to_target(rules, their_score) > 0;
}

// The bid the bot's judgement makes, before the rules that force a bid have their say.
Bid judge_bid(const HandState& state, const Standings& standings, SplitMix64& rng,
              const BotStyle& style) {
    const RuleSet& rules = state.rules();
    Seat seat = state.to_act();
    Team us = team_of(seat);
    const TeamStanding& ours = standings[index(us)];
    const TeamStanding& theirs = standings[index(opponent(us))];
    // Blind nil, decided before looking at the hand: only in a blind nil spot, with a partner
    // who has not already shown a weak hand or a nil of its own.
    std::optional<Bid> partner_bid = state.bid_of(partner(seat));
    bool partner_covers = !partner_bid || (!partner_bid->is_nil() && partner_bid->count() >= 3);
    if (blind_nil_spot(rules, ours.score, theirs.score) && partner_covers &&
        chance(rng) < style.blind_nil_chance && !state.check_bid(seat, Bid::blind_nil())) {
        return Bid::blind_nil();
    }
    if (blind_bid_spot(rules, ours.score, theirs.score) && partner_covers &&
        chance(rng) < style.blind_nil_chance &&
        !state.check_bid(seat, Bid::blind_tricks(*rules.blind_bid_min))) {
        return Bid::blind_tricks(*rules.blind_bid_min);
    }

    BidContext context;
    context.partner_bid = partner_bid;
    context.opponents_done = true;
    for (Seat s : {next(seat), next(seat, 3)}) {
        if (auto b = state.bid_of(s)) {
            context.opponents_bid += b->count();
        } else {
            context.opponents_done = false;
        }
    }
    context.ours = ours;
    context.theirs = theirs;
    Bid bid = suggest_bid(state.hand(seat), rules, context);
    if (bid.is_nil()) {
        if (chance(rng) < style.nil_chance) return bid;
        bid = Bid::tricks(
            clamp_bid(static_cast<int>(estimate_tricks(state.hand(seat), rules)), rules));
    }
    // The draw is made either way, so that the same seed deals the same later hands.
    bool overbid = chance(rng) < style.overbid_chance;
    if (overbid && !making_wins(rules, ours, theirs)) {
        bid = Bid::tricks(clamp_bid(bid.count() + 1, rules));
    }
    return bid;
}

Bid choose_bid(const HandState& state, const Standings& standings, SplitMix64& rng,
               const BotStyle& style) {
    Bid bid = judge_bid(state, standings, rng, style);
    return nearest_legal(state, bid);
}

HandState play_out(const RuleSet& rules, Seat dealer, const Deal& deal, const Standings& standings,
                   SplitMix64& rng, const BotStyle& style, RecordedHand& record) {
    HandState state(rules, dealer, deal,
                    {standings[index(Team::NS)].score, standings[index(Team::EW)].score});
    record.dealer = dealer;
    record.deal = deal;
    while (state.phase() != Phase::Done) {
        Seat seat = state.to_act();
        switch (state.phase()) {
            case Phase::Pass: {
                CardSet given = choose_pass(state.hand(seat), rules);
                record.passes[index(seat)] = given;
                state.pass(seat, given);
                break;
            }
            case Phase::Bid: {
                Bid bid = choose_bid(state, standings, rng, style);
                record.bids.push_back(bid);
                state.bid(seat, bid);
                break;
            }
            case Phase::Exchange: {
                CardSet given = choose_exchange(state);
                record.exchanges[index(seat)] = given;
                state.exchange(seat, given);
                break;
            }
            case Phase::Play: {
                Card card = choose_card(state, standings);
                record.cards.push_back(card);
                state.play(card);
                break;
            }
            case Phase::Done:
                break;
        }
    }
    return state;
}

}  // namespace

Card choose_card(const HandState& state, const Standings& standings) {
    if (state.phase() != Phase::Play) {
        throw Error("choose_card: the hand is in the " + std::string(phase_name(state.phase())) +
                    ", not in play");
    }
    View v(state, standings);
    if (v.legal.size() == 1) return v.order.printed(*v.legal.begin());
    return v.order.printed(v.position == 0 ? lead(v) : follow(v));
}

RecordedHand play_hand(const RuleSet& rules, Seat dealer, const Deal& deal,
                       const Standings& standings, SplitMix64& rng, const BotStyle& style) {
    RecordedHand record;
    play_out(rules, dealer, deal, standings, rng, style, record);
    return record;
}

RecordedGame play_game(const RuleSet& rules, SplitMix64& rng, Seat first_dealer, int max_hands,
                       const BotStyle& style) {
    RecordedGame game;
    game.rules = rules;
    Game tally(rules);
    while (!tally.over() && static_cast<int>(game.hands.size()) < max_hands) {
        Seat dealer = tally.next_dealer(first_dealer);
        Deal deal = deal_from_seed(rng.next(), rules.deck(), dealer);
        RecordedHand hand;
        HandState state = play_out(rules, dealer, deal, tally.standings(), rng, style, hand);
        tally.add_hand(state.outcome());
        game.hands.push_back(std::move(hand));
    }
    return game;
}

GameFromStandings play_game_from(const RuleSet& rules, const Standings& start, Seat dealer,
                                 SplitMix64& rng, int max_hands, const BotStyle& style) {
    Game game(rules, start);
    const int ns = start[index(Team::NS)].score;
    const int ew = start[index(Team::EW)].score;
    // A level score past the end under on_tie=play_on is still in play; any other end is not.
    const bool level = ns == ew && rules.on_tie == OnTie::PlayOn;
    if (set_ended(rules, rules.target, ns, ew, 0) && !level) {
        throw Error("play_game_from: " + std::to_string(ns) + " to " + std::to_string(ew) +
                    " has already ended the game");
    }
    GameFromStandings out;
    for (int h = 0; h < max_hands && !game.over(); ++h) {
        Seat d = next(dealer, h % 4);
        Deal deal = deal_from_seed(rng.next(), rules.deck(), d);
        RecordedHand hand;
        HandState state = play_out(rules, d, deal, game.standings(), rng, style, hand);
        game.add_hand(state.outcome());
        out.hands.push_back(std::move(hand));
    }
    out.result = game.result();
    return out;
}

}  // namespace spadework::analyzer
