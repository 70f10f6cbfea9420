// Plain-text pictures of a recorded game for a terminal: one hand as a bridge-style diagram
// (four hands, the bids, each trick with its winner, the score), and a game as a table of
// hands. `spadework show` prints them.
#pragma once

#include <string>

#include "spadework/engine/record.h"

namespace spadework::analyzer {

// Hand `hand` (0-based) of the game: the cards each player held when play began, as dealt
// and after any pass, the bids, the tricks with leader and winner, annotations, and the
// hand's score under the game's own rules.
std::string hand_diagram(const RecordedGame& game, int hand);

// The game: metadata, then one line per hand (dealer, bids, tricks, points, running score),
// then how it ended.
std::string game_table(const RecordedGame& game);

// The points a final score has that no hand gave (end_bonus), for the line that says how a
// game ended: "NS +200 at the end (end_bonus)"; empty when the final score is the running
// score of the last hand.
std::string end_points_note(const ScoredGame& scored);

}  // namespace spadework::analyzer
