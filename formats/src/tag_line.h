// A tag line, [Name "value"], as the PBN-like app formats write it (PTN, and the metadata
// comments of an OpenSpiel file). Old exports break the form in two known ways, which are read
// with a located warning: quotes left unescaped inside the value (read up to the line's last
// quote) and a missing closing bracket.
#pragma once

#include <string>
#include <string_view>

#include "spadework/engine/rules.h"

namespace spadework::formats {

struct TagLine {
    std::string name;
    std::string value;
    int name_col = 0;   // 1-based, in characters
    int value_col = 0;  // the first character inside the quotes
};

// Whether the line (leading blanks aside) starts a tag.
bool is_tag_line(std::string_view line);

// Reads the tag of `line`, line number `line_no` of `file`; `col_base` is the column of the
// line's first character (1, or more for a tag inside a comment). Throws FormatError at the
// character at fault.
TagLine read_tag_line(std::string_view line, int line_no, int col_base, std::string_view file);

// [Name "value"] with \" and \\ escaped.
std::string spell_tag_line(std::string_view name, std::string_view value);

// A rule set written as the text log's [Rules] tag is: a preset, then key=value changes
// ("classic bag_limit=5"; no preset: classic). Throws FormatError at line:col (the value's).
RuleSet read_rules_value(std::string_view value, std::string_view file, int line, int col);

// The column (1-based, in characters, not bytes) of byte `offset` of `line`.
int column_of(std::string_view line, std::size_t offset);

}  // namespace spadework::formats
