// What a hand picture says, read once from the record: the PNG and SVG layout
// (hand_picture.cpp) and the HTML page (hand_picture_html.cpp) both show it.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "spadework/engine/record.h"

namespace spadework::analyzer {

struct SeatBlock {
    std::string title;                 // "North · Ann (dealer)"
    std::array<std::string, 4> suits;  // the cards of each suit of kAllSuits, "A K 10 4", "—"
};

struct BidRow {
    std::string seat;    // "E"
    std::string bid;     // "3", "nil", "—" when the bidding stopped before it
    std::string tricks;  // tricks taken
};

struct HandContent {
    std::string heading;     // "Club night · 2026.11.20 · rules classic"
    std::string subheading;  // "Hand 3 of 12 · dealer East"
    std::array<SeatBlock, 4> seats;
    std::vector<BidRow> bids;  // in bidding order, from the dealer's left
    std::vector<std::string> result;
    std::string note;  // about the cards shown, when they are not as dealt
};

// Hand `hand` (0-based) of a full record.
HandContent read_hand_content(const RecordedGame& game, int hand);

}  // namespace spadework::analyzer
