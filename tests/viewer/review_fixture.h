// A stored review for the panel tests to draw: the classic sample's first hand as the review
// store keeps it.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <optional>

#include "spadework/analyzer/library_stores.h"
#include "spadework/analyzer/review.h"
#include "spadework/engine/record.h"
#include "spadework/formats/library.h"

namespace spadework::viewer {

// Stores a review of game `id`'s first hand (the classic sample's): its first trick's four
// cards plain (each its own only choice), then the fifth card a blunder (5 tricks, -20
// points) against the better one (6 tricks, 40), with up to `others` of the player's other
// legal cards listed, every one as good as the better one but the last (30 points).
inline void store_first_hand_review(formats::Library& lib, formats::GameId id, std::size_t others) {
    const RecordedGame game = lib.load_game(id);
    RecordedHand first = game.hands[0];
    first.cards.clear();
    first.claim.reset();
    HandState st = replay_hand(game.rules, first);
    analyzer::HandReview h;
    h.hand = 0;
    h.play = analyzer::PlayReview{};
    for (int i = 0; i < 4; ++i) {
        analyzer::CardReview plain;
        plain.index = i;
        plain.seat = st.to_act();
        plain.played = game.hands[0].cards[static_cast<std::size_t>(i)];
        plain.choices.push_back({plain.played, 0, 0, std::nullopt});
        st.play(plain.played);
        h.play->cards.push_back(plain);
    }
    analyzer::CardReview c;
    c.index = 4;
    c.trick = 1;
    c.seat = st.to_act();
    c.played = game.hands[0].cards[4];
    c.choices.push_back({c.played, 5, -20, std::nullopt});
    for (Card other : st.legal_cards()) {
        if (other != c.played) c.choices.push_back({other, 6, 40, std::nullopt});
    }
    REQUIRE(c.choices.size() >= std::min<std::size_t>(others + 1, 6));
    c.choices.resize(std::min(c.choices.size(), others + 1));
    c.choices.back().score = 30;  // one worse: the list is never "any other card"
    c.best_tricks = 6;
    c.best_score = 40;
    c.played_tricks = 5;
    c.played_score = -20;
    c.flag = analyzer::FlagClass::Blunder;
    c.better = c.choices[1].card;
    h.play->cards.push_back(c);
    analyzer::GameReview r;
    r.settings_key = analyzer::ReviewSettings{}.key();
    r.hands.push_back(h);
    analyzer::ReviewStore(lib).store_review(analyzer::to_stored_review(id, r, game));
}

}  // namespace spadework::viewer
