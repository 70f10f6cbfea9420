// Legal games for tests, made with the engine alone: the first cards for passes and
// exchanges, a fixed bid where legal, the first legal card for every play.
#pragma once

#include "spadework/engine/record.h"

namespace spadework::testing {

inline CardSet first_cards(CardSet hand, int n) {
    CardSet out;
    for (Card c : hand) {
        if (out.size() == n) break;
        out.insert(c);
    }
    return out;
}

// One hand, dealt from `seed`: every player bids `bid` where legal (else 1).
inline RecordedHand first_legal_hand(const RuleSet& rules, Seat dealer, std::uint64_t seed,
                                     Bid bid = Bid::tricks(3)) {
    RecordedHand h;
    h.dealer = dealer;
    h.deal = deal_from_seed(seed, rules.deck(), dealer);
    HandState st(rules, dealer, h.deal);
    while (st.phase() != Phase::Done) {
        Seat s = st.to_act();
        switch (st.phase()) {
            case Phase::Pass:
                h.passes[index(s)] = first_cards(st.hand(s), rules.pass_cards);
                st.pass(s, h.passes[index(s)]);
                break;
            case Phase::Bid: {
                Bid b = st.check_bid(s, bid) ? Bid::tricks(1) : bid;
                h.bids.push_back(b);
                st.bid(s, b);
                break;
            }
            case Phase::Exchange:
                h.exchanges[index(s)] = first_cards(st.hand(s), rules.blind_nil_exchange);
                st.exchange(s, h.exchanges[index(s)]);
                break;
            case Phase::Play:
                h.cards.push_back(*st.legal_cards().begin());
                st.play(h.cards.back());
                break;
            case Phase::Done:
                break;
        }
    }
    return h;
}

// A game of `hands` hands, the deal passing to the left, seeds from `seed` up.
inline RecordedGame first_legal_game(const RuleSet& rules, int hands, std::uint64_t seed) {
    RecordedGame game;
    game.event = "Test";
    game.date = "2026.11.21";
    game.players = {"Ann", "Bob", "Cy", "Dee"};
    game.rules = rules;
    for (int i = 0; i < hands; ++i) {
        game.hands.push_back(first_legal_hand(rules, next(Seat::North, i), seed + i));
    }
    return game;
}

// A classic game whose play OpenSpiel's own rules allow too (its writer refuses any other):
// played as first_legal_game plays, with spades led only from a hand of nothing but spades.
inline RecordedGame openspiel_legal_game(int hands, std::uint64_t seed) {
    RecordedGame game =
        first_legal_game(make_rules("classic", {"spades_break=never"}), hands, seed);
    game.rules = preset("classic");
    return game;
}

}  // namespace spadework::testing
