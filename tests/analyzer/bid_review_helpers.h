// What the bid review's tests share (test_bid_review.cpp and its long cases,
// test_bid_review_long.cpp): one-hand games, quick settings and a decision's option by bid.
#pragma once

#include <catch2/catch.hpp>
#include <string_view>
#include <vector>

#include "spadework/analyzer/review.h"
#include "spadework/analyzer/simple_bot.h"

namespace spadework::testing {

// A one-hand game: the deal, the passes the bots would make (rules with a pass), some bids.
inline RecordedGame one_hand(const RuleSet& rules, Seat dealer, std::string_view pbn,
                             const std::vector<Bid>& bids) {
    RecordedGame game;
    game.rules = rules;
    RecordedHand h;
    h.dealer = dealer;
    h.deal = parse_pbn(pbn);
    if (rules.pass_cards > 0) {
        for (Seat s : kAllSeats) h.passes[index(s)] = analyzer::choose_pass(h.deal[s], rules);
    }
    h.bids = bids;
    game.hands.push_back(h);
    return game;
}

inline analyzer::ReviewSettings quick(int samples = 2) {
    analyzer::ReviewSettings s;
    s.samples = samples;
    return s;
}

inline const analyzer::BidOption& option(const analyzer::BidDecision& d, Bid bid) {
    for (const analyzer::BidOption& o : d.options) {
        if (o.bid == bid) return o;
    }
    FAIL("no option " << to_string(bid));
    return d.options.front();
}

}  // namespace spadework::testing
