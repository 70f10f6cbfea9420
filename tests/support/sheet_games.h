// Score-sheet games for tests (bids and tricks, no cards), as a kitchen table writes them:
// each seat's tricks, or a partnership's total with its nil bidders' own.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "spadework/engine/record.h"

namespace spadework::testing {

using SeatCounts = std::array<std::optional<int>, 4>;   // N E S W; empty: not written
using TeamCounts = std::array<std::optional<int>, 2>;   // NS EW
inline constexpr std::nullopt_t kBlank = std::nullopt;  // a count the sheet leaves out

// One hand of a score sheet: the bids by seat (N E S W, as "4", "nil", "bnil"), going into
// the record in turn from the dealer's left; no bids given: an unfinished hand.
inline RecordedHand sheet_hand(Seat dealer, const std::array<std::string, 4>& bids_by_seat,
                               SeatCounts seats, TeamCounts teams = {}) {
    RecordedHand h;
    h.dealer = dealer;
    for (int k = 1; k <= 4; ++k) {
        const std::string& bid = bids_by_seat[index(next(dealer, k))];
        if (bid.empty()) break;
        h.bids.push_back(parse_bid(bid));
    }
    h.sheet.seats = seats;
    h.sheet.teams = teams;
    return h;
}

// Four hands of classic Spades, the deal passing to the left from North: a nil made, a blind
// nil failed with only the partnerships' totals written (West's own trick given), a set with
// neither split known, and a contract made exactly.
inline RecordedGame sheet_game() {
    RecordedGame g;
    g.kind = RecordKind::ScoreSheet;
    g.event = "Kitchen table";
    g.date = "2026.11.20";
    g.players = {"Ann", "Bob", "Carol", "Dee"};
    g.rules = preset("classic");
    g.comment = "Scores as Ann wrote them";
    g.hands.push_back(sheet_hand(Seat::North, {"4", "3", "nil", "3"}, {5, 3, 0, 5}));
    g.hands.push_back(sheet_hand(Seat::East, {"3", "4", "3", "bnil"}, {kBlank, kBlank, kBlank, 1},
                                 TeamCounts{7, 6}));
    g.hands.push_back(sheet_hand(Seat::South, {"2", "5", "3", "3"}, {}, TeamCounts{4, 9}));
    g.hands.push_back(sheet_hand(Seat::West, {"4", "4", "4", "1"}, {4, 4, 4, 1}));
    g.hands.back().annotations.push_back({Annotation::Target::Hand, 0, "", "a quiet hand"});
    return g;
}

}  // namespace spadework::testing
