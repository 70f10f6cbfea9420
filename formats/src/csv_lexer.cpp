#include "csv_lexer.h"

#include <algorithm>

#include "spadework/formats/error.h"

namespace spadework::formats::csv {

CsvLexer::CsvLexer(std::string_view text, std::string_view file) : text_(text), file_(file) {
    bool in_quotes = false;
    for (char c : text_) {
        if (c == '"') in_quotes = !in_quotes;
        if (!in_quotes && (c == ',' || c == ';')) {
            separator_ = c;
            break;
        }
    }
}

void CsvLexer::read_quoted(Cell& cell) {
    cell.quoted = true;
    advance();  // the quote
    while (true) {
        if (at_end()) {
            throw FormatError(file_, cell.pos.line, cell.pos.col,
                              "unterminated quote: no closing '\"' before the end of the file");
        }
        char c = peek();
        advance();
        if (c != '"') {
            cell.text += c;
            continue;
        }
        if (at_end() || peek() != '"') break;
        cell.text += '"';
        cell.escaped = true;
        advance();
    }
    skip_blanks();
    if (!at_end() && peek() != separator_ && peek() != '\n') {
        throw FormatError(file_, pos_.line, pos_.col,
                          "text after the closing quote of a cell (a quote inside a quoted "
                          "cell is written \"\")");
    }
}

void CsvLexer::read_plain(Cell& cell) {
    while (!at_end() && peek() != separator_ && peek() != '\n') {
        cell.text += peek();
        advance();
    }
    while (!cell.text.empty() &&
           (cell.text.back() == ' ' || cell.text.back() == '\t' || cell.text.back() == '\r')) {
        cell.text.pop_back();
    }
}

std::optional<Row> CsvLexer::next() {
    if (at_end()) return std::nullopt;
    Row row;
    while (true) {
        Cell cell;
        skip_blanks();
        cell.pos = pos_;
        if (!at_end() && peek() == '"') {
            read_quoted(cell);
        } else {
            read_plain(cell);
        }
        row.cells.push_back(std::move(cell));
        row.end = pos_;
        if (at_end()) break;
        bool separator = peek() == separator_;
        advance();
        if (!separator) break;  // the line break
    }
    return row;
}

}  // namespace spadework::formats::csv
