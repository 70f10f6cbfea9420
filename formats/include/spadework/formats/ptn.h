// Trickster Cards' PTN: the PBN-like record of a hand the app lets players copy and send.
// README.md, "Games from the Trickster Cards app and from OpenSpiel", describes what is read.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "spadework/engine/record.h"

namespace spadework::formats {

// Every record of the text, consecutive hands of one game (the same Event, players and
// options) as one game. Throws FormatError at file:line:col; an option it cannot map, an old
// export's quirk and a record cut off part way (left out) are located warnings.
std::vector<RecordedGame> read_ptn(std::string_view content, std::string_view file);
// Whether a file's first bytes are the app's records (a "% PTN" or "% PBN" header, a Spades
// [GameCode], or an [Event] of Trickster Cards): how a file whose extension names no format
// (the app's .pbn, a .txt) is known.
bool looks_like_ptn(std::string_view head);

// One record a hand, which read_ptn reads back to the same games. Refuses (Error) what a PTN
// record cannot hold: a score sheet, a deck other than 52, a pass or an exchange, a claim, a
// note.
std::string write_ptn(const std::vector<RecordedGame>& games);

}  // namespace spadework::formats
