#include "spadework/analyzer/simple_bot.h"

#include <algorithm>
#include <cmath>

namespace spadework::analyzer {
namespace {

// A draw in [0, 1) from the engine's generator.
double chance(SplitMix64& rng) {
    return static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
}

// How keen the bot is to keep a card: spades above everything, then by rank.
int keep_value(Card c) {
    return static_cast<int>(c.rank()) + (c.suit() == Suit::Spades ? 20 : 0);
}

Card lowest(CardSet cards) {
    return *std::min_element(cards.begin(), cards.end(),
                             [](Card a, Card b) { return keep_value(a) < keep_value(b); });
}

Card highest(CardSet cards) {
    return *std::max_element(cards.begin(), cards.end(),
                             [](Card a, Card b) { return keep_value(a) < keep_value(b); });
}

// Whether `card` would take the lead from `best` in a trick.
bool beats(Card card, Card best) {
    if (card.suit() == best.suit()) return card.rank() > best.rank();
    return card.suit() == Suit::Spades;
}

CardSet top_cards(CardSet hand, int n, bool high) {
    CardSet out;
    for (int i = 0; i < n && !hand.empty(); ++i) {
        Card c = high ? highest(hand) : lowest(hand);
        out.insert(c);
        hand.erase(c);
    }
    return out;
}

// Likely tricks: honours, spade length, side aces and guarded kings.
double count_tricks(CardSet hand) {
    double count = 0;
    int spades = hand.count(Suit::Spades);
    auto has = [&](Rank r, Suit s) { return hand.contains(Card(r, s)); };
    if (has(Rank::Ace, Suit::Spades)) count += 1;
    if (has(Rank::King, Suit::Spades)) count += spades >= 2 ? 1 : 0.4;
    if (has(Rank::Queen, Suit::Spades)) count += spades >= 3 ? 0.8 : 0.2;
    count += 0.9 * std::max(0, spades - 3);
    for (Suit s : {Suit::Hearts, Suit::Diamonds, Suit::Clubs}) {
        int len = hand.count(s);
        if (has(Rank::Ace, s)) count += len <= 5 ? 1 : 0.6;
        if (has(Rank::King, s)) count += len >= 2 ? 0.7 : 0.2;
        if (len <= 1 && spades >= 3) count += 0.4;  // a ruff or two
    }
    return count;
}

bool looks_like_nil(CardSet hand, double count) {
    CardSet spades = hand.of_suit(Suit::Spades);
    bool high_spade = !spades.empty() && highest(spades).rank() >= Rank::Queen;
    return count < 1.6 && !high_spade && spades.size() <= 3;
}

}  // namespace

double estimate_tricks(CardSet hand, const RuleSet&) {
    return count_tricks(hand);
}

bool nil_candidate(CardSet hand, const RuleSet& rules) {
    return rules.nil_allowed && looks_like_nil(hand, count_tricks(hand));
}

Bid suggest_bid(CardSet hand, const RuleSet& rules, std::optional<Bid> partner_bid) {
    double count = count_tricks(hand);
    bool partner_nil = partner_bid && partner_bid->is_nil();
    if (nil_candidate(hand, rules) && (!partner_nil || rules.both_nil_allowed)) return Bid::nil();
    int n = static_cast<int>(std::lround(count));
    return Bid::tricks(std::clamp(n, 1, rules.highest_bid()));
}

CardSet choose_pass(CardSet hand, const RuleSet& rules) {
    return top_cards(hand, rules.pass_cards, true);
}

namespace {

Bid choose_bid(const HandState& state, const Standings& standings, SplitMix64& rng,
               const BotStyle& style) {
    Seat seat = state.to_act();
    Team us = team_of(seat);
    int behind = standings[index(opponent(us))].score - standings[index(us)].score;
    if (behind >= 150 && chance(rng) < style.blind_nil_chance &&
        !state.check_bid(seat, Bid::blind_nil())) {
        return Bid::blind_nil();
    }
    CardSet hand = state.hand(seat);
    double count = count_tricks(hand);
    if (looks_like_nil(hand, count) && chance(rng) < style.nil_chance &&
        !state.check_bid(seat, Bid::nil())) {
        return Bid::nil();
    }
    int n = static_cast<int>(std::lround(count));
    if (chance(rng) < style.overbid_chance) ++n;
    n = std::clamp(n, 1, state.rules().highest_bid());
    return Bid::tricks(n);
}

Card choose_card(const HandState& state) {
    CardSet legal = state.legal_cards();
    Seat seat = state.to_act();
    auto is_nil = [&](Seat s) { return state.bid_of(s) && state.bid_of(s)->is_nil(); };
    const auto& trick = state.current_trick();

    // Step 1. Leading.
    if (trick.empty()) {
        CardSet side = legal - legal.of_suit(Suit::Spades);
        if (is_nil(seat)) return lowest(legal);
        for (Suit s : {Suit::Hearts, Suit::Diamonds, Suit::Clubs}) {
            if (legal.contains(Card(Rank::Ace, s))) return Card(Rank::Ace, s);
        }
        return side.empty() ? lowest(legal) : lowest(side);
    }

    // Step 2. Following: who is winning, and would each card take over?
    Seat winning = *state.current_winner();
    Card best = trick.front().card;
    for (const PlayedCard& p : trick) {
        if (p.seat == winning) best = p.card;
    }
    CardSet winners;
    for (Card c : legal) {
        if (beats(c, best)) winners.insert(c);
    }
    CardSet losers = legal - winners;

    if (is_nil(seat)) return losers.empty() ? highest(legal) : highest(losers);
    if (winning == partner(seat) && !is_nil(partner(seat))) return lowest(legal);
    if (winning == partner(seat) && is_nil(partner(seat))) {
        return winners.empty() ? lowest(legal) : lowest(winners);
    }
    // An opponent is winning: take the trick while the side still needs tricks.
    int bid = 0;
    int taken = 0;
    for (Seat s : members(team_of(seat))) {
        if (!is_nil(s)) {
            bid += state.bid_of(s) ? state.bid_of(s)->count() : 0;
            taken += state.tricks_taken(s);
        }
    }
    bool opponent_nil = is_nil(winning);
    if ((taken < bid && !opponent_nil) && !winners.empty()) return lowest(winners);
    return lowest(legal);
}

HandState play_out(const RuleSet& rules, Seat dealer, const Deal& deal, const Standings& standings,
                   SplitMix64& rng, const BotStyle& style, RecordedHand& record) {
    HandState state(rules, dealer, deal);
    record.dealer = dealer;
    record.deal = deal;
    while (state.phase() != Phase::Done) {
        Seat seat = state.to_act();
        switch (state.phase()) {
            case Phase::Pass: {
                CardSet given = top_cards(state.hand(seat), rules.pass_cards, true);
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
                bool bidder = state.bid_of(seat) == Bid::blind_nil();
                CardSet given = top_cards(state.hand(seat), rules.blind_nil_exchange, bidder);
                record.exchanges[index(seat)] = given;
                state.exchange(seat, given);
                break;
            }
            case Phase::Play: {
                Card card = choose_card(state);
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

}  // namespace spadework::analyzer
