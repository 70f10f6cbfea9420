// The viewer's words for counts and losses, one place for all its panels: "1 game" and
// "2 games", never "1 games" (the words of spadework/analyzer/text.h, which the command line
// and the review report use too); a loss written without "-0" parts ("-2 pts", not "-2 pts,
// -0 tr"). No ImGui here: tests call it directly.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "spadework/analyzer/review.h"
#include "spadework/analyzer/review_words.h"
#include "spadework/analyzer/text.h"

namespace spadework::viewer {

// "1 game", "3 games", "0 games"; `many` defaults to `one` + "s".
std::string count_of(long n, std::string_view one, std::string_view many = {});

// What a card cost, as the Analysis tab lists it: the chance of winning lost (0..1) when the
// review was graded by the game, then the points, then the tricks; a part that is zero is left
// out, and nothing lost at all reads "no loss".
std::string loss_text(int points, int tricks, std::optional<double> chance = std::nullopt);

// Cards as people write them, from the words every part shares: "10♦", "K♣".
using analyzer::bid_text;
using analyzer::card_text;
using analyzer::rank_text;
using analyzer::signed_number;

using analyzer::cards_named;  // how many cards as good are named (review_words.h)

// The replay bar's word on a flagged card about to be played: "next card KS by S is a blunder
// (it cost 3 points)", with the article and the number the words ask for.
std::string next_card_note(const analyzer::CardReview& card);

}  // namespace spadework::viewer
