// The error every reader of a file raises: it names the file, the line and column (1-based)
// and what is wrong. Line 0 means the whole file or a place with no line (a binary .pb
// names the game and hand in the message instead).
#pragma once

#include <string>

#include "spadework/engine/error.h"
#include "spadework/engine/record.h"

namespace spadework::formats {

class FormatError : public Error {
  public:
    // what() is "file:line:col: message", "file:line: message" when col is 0, or
    // "file: message" when line is 0.
    FormatError(std::string file, int line, int col, std::string message);
    const std::string& file() const { return file_; }
    int line() const { return line_; }
    int col() const { return col_; }
    const std::string& message() const { return message_; }

  private:
    std::string file_;
    int line_;
    int col_;
    std::string message_;
};

// What a format cannot hold, as its writer says it ("a .csv score sheet has no place for the
// glyph on hand 2"). Writing through the format table (write_game_file, format_games) adds the
// formats that hold every record, from the table: ": write the game to .spades, .pb, ...".
class CannotHold : public Error {
  public:
    using Error::Error;
};

// Where a RecordError happened, in words, for formats without line numbers:
// "game 2, hand 3, bid 2" or "game 1, hand 4, card 17". game and hand are 0-based here and
// printed 1-based.
std::string describe_record_place(int game, int hand, RecordPlace place);

}  // namespace spadework::formats
