#include "writable.h"

#include "spadework/engine/error.h"
#include "spadework/formats/error.h"

namespace spadework::formats {

namespace {

[[noreturn]] void refuse(std::size_t game, std::size_t hand, const WriteLimits& limits,
                         const std::string& what) {
    throw CannotHold("game " + std::to_string(game + 1) +
                     (hand == 0 ? std::string() : ", hand " + std::to_string(hand)) + ": " +
                     std::string(limits.lacks) + " " + what);
}

}  // namespace

void check_writable(const RecordedGame& game, std::size_t g, const WriteLimits& limits) {
    if (game.score_sheet()) refuse(g, 0, limits, "a score sheet's hands (it needs the cards)");
    if (game.rules.deck_size != 52)
        refuse(g, 0, limits, "a deck of " + std::to_string(game.rules.deck_size));
    if (!limits.jokers && game.rules.jokers) refuse(g, 0, limits, "a deck with jokers (jokers=on)");
    if (!limits.jokers && game.rules.deuces_high != DeucesHigh::Off)
        refuse(g, 0, limits, "deuces as trumps above the ace (deuces_high)");
    if (!limits.empty_games && game.hands.empty()) refuse(g, 0, limits, "a game with no hand");
    for (std::size_t h = 0; h < game.hands.size(); ++h) {
        const RecordedHand& hand = game.hands[h];
        for (Seat s : kAllSeats) {
            if (!hand.passes[index(s)].empty()) refuse(g, h + 1, limits, "a pass");
            if (!hand.exchanges[index(s)].empty()) refuse(g, h + 1, limits, "an exchange");
        }
        for (Bid b : hand.bids) {
            if (!limits.blind_bids && b.is_blind())
                refuse(g, h + 1, limits, "a blind bid (" + to_string(b) + ")");
        }
        if (hand.bids.size() < 4) refuse(g, h + 1, limits, "a hand whose bidding stops short");
        if (hand.claim) refuse(g, h + 1, limits, "a claim (the cards not played)");
        if (!hand.annotations.empty()) refuse(g, h + 1, limits, "a note on a bid or card");
    }
}

}  // namespace spadework::formats
