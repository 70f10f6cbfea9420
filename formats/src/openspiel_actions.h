// OpenSpiel's action ids and how a hand is made of them, shared by the action-list reader, the
// printed-state reader and the writer (openspiel.cpp, openspiel_state.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "spadework/engine/record.h"

namespace spadework::formats::openspiel {

// 0..51 are cards, suit x 13 + rank (suits C D H S, ranks 2..A); 52 is nil and 53..65 bids of
// 1..13 tricks. A hand is the 52 deal actions (the i-th card to player i mod 4), the four bids
// from player 0, then the plays, player 0 leading the first trick.
inline constexpr int kCards = 52;
inline constexpr int kNilAction = 52;
inline constexpr int kLastAction = 65;
inline constexpr int kBids = 4;

Card card_of(int id);
int id_of(Card card);

// An action id and where it was read.
struct Action {
    int id = 0;
    int line = 0;
    int col = 0;
};

// The ids of a list such as "[19, 18, 48]" or "19 18 48": numbers separated by commas or
// blanks, in optional brackets. `col_base` is the column of text[0].
std::vector<Action> scan_actions(std::string_view text, int line, int col_base,
                                 std::string_view file);

// OpenSpiel's player p sits at seat next(dealer, 1 + p): player 0 bids and leads first.
inline Seat seat_of_player(Seat dealer, int player) {
    return next(dealer, 1 + player);
}

// The hand the actions give, checked by replaying it under `rules`: each id in its range, no
// card dealt twice, then every bid and card as the engine replays them. `end` locates a hand
// that stops short (the end of its line). Throws FormatError at the action at fault.
RecordedHand hand_of(const std::vector<Action>& actions, Seat dealer, const RuleSet& rules,
                     std::string_view file, const Action& end);

}  // namespace spadework::formats::openspiel
