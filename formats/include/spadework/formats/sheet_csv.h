// Score sheets as spreadsheets keep them: a CSV file of one game, one row per hand. A few rows
// of `key,value` (event, players, rules, ...) may come first; then a header row naming the
// columns, `hand,N_bid,E_bid,S_bid,W_bid,N_tricks,E_tricks,S_tricks,W_tricks` (or a
// partnership's `NS_tricks`, `EW_tricks`), then the hands. README.md ("Score sheets from a
// spreadsheet") is the reference for the columns.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "spadework/engine/record.h"

namespace spadework::formats {

// Reads a score sheet: one game (none for a file with no rows), checked with the engine.
// Throws FormatError with the file, line and column of the first fault: a cell, a row or a
// header that does not read, bids the rules refuse, tricks that do not add up.
std::vector<RecordedGame> read_sheet_csv(std::string_view text, std::string_view file);

// Writes one score-sheet game so that read_sheet_csv gives it back: the metadata rows, a
// header with the columns the game needs, one row per hand. Throws Error for what a CSV score
// sheet cannot hold: more than one game, a full record (it has its cards), a glyph or a note
// on a bid.
std::string write_sheet_csv(const std::vector<RecordedGame>& games);

}  // namespace spadework::formats
