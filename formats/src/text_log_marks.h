// Where the reader of a .spades text log met each thing it has read: the game's tags, and each
// tag, line, bid and card of each hand. Errors use it twice: to point at the token a
// RecordError names, and to name the earlier line that caused a fault found later ("trick 3:
// AD was played already (in trick 1, at line 17)"), since the line at fault is often not the
// line that explains it.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "spadework/engine/record.h"
#include "text_log_grammar.h"

namespace spadework::formats::text_log {

// A part not yet met has line 0.
struct HandMarks {
    Position hand, dealer, glyph;         // the [Hand] and [Dealer] tags, the hand's own glyph
    Position deal;                        // the [Deal] tag's value, where its faults are reported
    std::array<Position, kStages> lines;  // per stage, the first word of its last line
    std::array<std::optional<Position>, 4> pass, exchange;  // each seat's mark on those lines
    std::vector<Position> bids;                             // each bid, in turn order
    std::vector<Position> cards;                            // each card, in play order
    std::vector<Position> tricks;                           // each trick line's number
    // A score sheet's tricks line: each seat's and each partnership's entry.
    std::array<std::optional<Position>, 4> seat_tricks;
    std::array<std::optional<Position>, 2> team_tricks;

    Position line(Stage stage) const { return lines[static_cast<std::size_t>(stage)]; }
    Position& line(Stage stage) { return lines[static_cast<std::size_t>(stage)]; }
    // The first line of play, or line 0 before it.
    Position play_began() const;
};

struct GameMarks {
    Position event;
    std::map<std::string, Position> tags;  // each tag a game may give once, by name
    std::vector<HandMarks> hands;          // each finished hand
};

// "line 17": how a message names an earlier line.
std::string line_of(Position pos);

// The rule set a game is played under, named by where it comes from: "the rule set given at
// line 9", or "classic rules (the game at line 1 has no [Rules] tag)".
std::string rules_source(const GameMarks& game);

// The position of the part of a hand a RecordError names; the line, or the [Hand] tag, when
// the part itself was not written (a pass the rules want but the hand lacks).
Position locate(const HandMarks& marks, RecordPlace place);

// What an earlier line has to do with a RecordError about `hand`, as a note to append to its
// message (" (the deal at line 15 gives it to E)"), or "" when no earlier line explains it.
// The rule set that forbids a bid, the deal, pass or exchange that put a card elsewhere, the
// trick that played a card already, the last trick before a claim.
std::string earlier_cause(const RecordError& error, const RuleSet& rules, const RecordedHand& hand,
                          const HandMarks& marks, const GameMarks& game);

}  // namespace spadework::formats::text_log
