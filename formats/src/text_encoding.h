// The encoding check every reader of a text file (.spades, .textproto, .json, a rule set)
// makes before it parses: files come from other programs and other systems.
#pragma once

#include <string_view>

namespace spadework::formats {

// The text to parse: `text` without a UTF-8 byte order mark, which some editors write and
// which is read as nothing. Throws FormatError naming file:line:col of the first byte that
// is not UTF-8 (a Latin-1 accent, say), of a NUL byte, or the whole file when it starts with
// a UTF-16 byte order mark: each says to save the file as UTF-8.
std::string_view checked_utf8(std::string_view text, std::string_view file);

}  // namespace spadework::formats
