// How a review is put in words a player reads, shared by the printed report (review_io.cpp)
// and the viewer's panels, so that both say the same thing the same way: the card to play
// when a card was flagged (every card as good as the best, not one of them picked at random),
// and how many sampled layouts a bid makes in ("made with the partner's bid in 8 of 10 sampled
// layouts").
#pragma once

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "spadework/analyzer/review.h"
#include "spadework/analyzer/text.h"

namespace spadework::analyzer {

// The cards that were the play instead of a flagged one: its `better` card and every other
// legal card worth exactly as much (the same chance, points and tricks), in the review's
// order. Naming one of several equal cards told a player to play the 8H where the AC did as
// well. Empty for a card not flagged.
inline std::vector<Card> cards_to_play(const CardReview& c) {
    std::vector<Card> out;
    if (!c.better) return out;
    const CardChoice* best = nullptr;
    for (const CardChoice& choice : c.choices) {
        if (choice.card == *c.better) best = &choice;
    }
    out.push_back(*c.better);
    if (!best) return out;
    for (const CardChoice& choice : c.choices) {
        if (choice.card != best->card && choice.card != c.played && choice.score == best->score &&
            choice.tricks == best->tricks && choice.chance == best->chance) {
            out.push_back(choice.card);
        }
    }
    return out;
}

// Whether every legal card but the one played was as good as the better one, and there were
// several: a player then reads "any other card" rather than a list of them (one other card is
// named).
inline bool any_other_card(const CardReview& c, const std::vector<Card>& to_play) {
    return to_play.size() >= 2 && to_play.size() + 1 == c.choices.size();
}

// How many of the cards to play are named before "or N more as good".
inline constexpr std::size_t kCardsNamed = 3;

// Every card: "TS, 9S, 8S, 7S or 2S".
inline std::string cards_or_all(const std::vector<Card>& cards) {
    std::string out;
    for (std::size_t i = 0; i < cards.size(); ++i) {
        if (i > 0) out += i + 1 == cards.size() ? " or " : ", ";
        out += to_string(cards[i]);
    }
    return out;
}

// How many of `n` cards as good are named before "or N more": kCardsNamed, or all of them when
// naming the one left over is no longer than "or 1 more".
inline std::size_t cards_named(std::size_t n) {
    return n <= kCardsNamed + 1 ? n : kCardsNamed;
}

// "TS", "TS or 9S", "TS, 9S, 8S or 7S", and past that "TS, 9S, 8S or 2 more as good".
inline std::string cards_or(const std::vector<Card>& cards) {
    std::string out;
    const std::size_t named = cards_named(cards.size());
    for (std::size_t i = 0; i < named; ++i) {
        if (i > 0) out += i + 1 == named && named == cards.size() ? " or " : ", ";
        out += to_string(cards[i]);
    }
    if (cards.size() > named) out += fmt::format(" or {} more as good", cards.size() - named);
    return out;
}

// "8 of 10 sampled layouts" for a share (0..1) of a decision's layouts. Layouts weighted by
// what the earlier bids tell do not count one each, so a share of them is a percentage:
// "74% of 10 sampled layouts (weighted by the earlier bids)".
inline std::string share_of_layouts(double share, int samples, double effective_samples) {
    const std::string layouts = fmt::format("{} sampled {}", samples, plural(samples, "layout"));
    if (effective_samples >= samples - 0.05) {
        return fmt::format("{} of {}", std::lround(share * samples), layouts);
    }
    return fmt::format("{:.0f}% of {} (weighted by the earlier bids)", 100 * share, layouts);
}

// What a table's "made" column of bids counts (the lesson pages' and the viewer's): the
// partnership's contract, as bid_made_text says it.
inline constexpr std::string_view kMadeColumnNote =
    "made: the share of layouts where the partnership's contract (this bid with the partner's) "
    "made; for a nil, where it was kept.";

// How often the bid made would have made over its sampled layouts: a trick bid counts as made
// when the partnership's contract is (the partner's bid added, the bots' where the partner
// bids later), which a chart of the partnership's tricks marked at this bid alone does not
// show, so it says so: "made with the partner's bid in 8 of 10 sampled layouts"; for a nil
// "kept in ...". Empty when the bid is not among the options valued.
inline std::string bid_made_text(const BidDecision& d) {
    for (const BidOption& o : d.options) {
        if (o.bid != d.bid) continue;
        return fmt::format("{} in {}", d.bid.is_nil() ? "kept" : "made with the partner's bid",
                           share_of_layouts(o.made, d.samples, d.effective_samples));
    }
    return std::string();
}

}  // namespace spadework::analyzer
