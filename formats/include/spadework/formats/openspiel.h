// OpenSpiel's "spades" game (google-deepmind/open_spiel, open_spiel/games/spades/): a hand as
// its action ids, one hand a line, and the state OpenSpiel prints. README.md, "Games from the
// Trickster Cards app and from OpenSpiel", describes both forms.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "spadework/engine/record.h"

namespace spadework::formats {

// Reads action lists (ids separated by commas or blanks, one hand a line; '#' lines are
// comments, and '# [Tag "value"]' lines carry what Spadework wrote of the game), or the printed
// state (History() = [...] lines, with the diagram, the auction, the tricks taken and the
// score around them, each checked against the replay). Throws FormatError at file:line:col.
std::vector<RecordedGame> read_openspiel(std::string_view content, std::string_view file);
// Whether a file's first bytes are OpenSpiel's spades (a printed History(), a playthrough's
// "game: spades" line, or the header write_openspiel writes): how a file whose extension names
// no format (a .txt) is known.
bool looks_like_openspiel(std::string_view head);

// One action list a hand, each game's tags before its hands as comments. Refuses (Error) what
// OpenSpiel has no action for: a score sheet, a deck other than 52, a pass or an exchange, a
// blind bid, a claim or a note.
std::string write_openspiel(const std::vector<RecordedGame>& games);

}  // namespace spadework::formats
