// CSV as spreadsheets write it (RFC 4180): rows of cells with their positions, for the score
// sheet reader (sheet_csv.cpp). Private to formats/.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "text_log_grammar.h"

namespace spadework::formats::csv {

using text_log::Position;

// Cells are separated by commas, or by semicolons in a file whose first separator is one (a
// spreadsheet in a locale with a decimal comma); a cell in double quotes may hold separators,
// line breaks and "" for a quote.
struct Cell {
    std::string text;  // unquoted; an unquoted cell trimmed of spaces and tabs
    Position pos;      // its first character (the opening quote of a quoted cell)
    bool quoted = false;
    bool escaped = false;  // held "", so columns inside it shift
};

struct Row {
    std::vector<Cell> cells;
    Position end;  // just after its last cell
    bool blank() const {
        return std::all_of(cells.begin(), cells.end(),
                           [](const Cell& c) { return c.text.empty(); });
    }
};

class CsvLexer {
  public:
    CsvLexer(std::string_view text, std::string_view file);
    // The next row, with its cells; nothing at the end of the text. Throws FormatError at a
    // quote that is not closed and at text after a closing quote.
    std::optional<Row> next();
    Position position() const { return pos_; }
    const std::string& file() const { return file_; }

  private:
    bool at_end() const { return i_ >= text_.size(); }
    char peek() const { return text_[i_]; }
    void advance() {
        char c = text_[i_++];
        if (c == '\n') {
            ++pos_.line;
            pos_.col = 1;
        } else if (at_end() || (static_cast<unsigned char>(text_[i_]) & 0xC0) != 0x80) {
            ++pos_.col;
        }
    }
    void skip_blanks() {
        while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\r')) advance();
    }
    void read_quoted(Cell& cell);
    void read_plain(Cell& cell);

    std::string_view text_;
    std::string file_;
    char separator_ = ',';
    std::size_t i_ = 0;
    Position pos_{1, 1};
};

}  // namespace spadework::formats::csv
