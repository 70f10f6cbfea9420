#include "spadework/formats/error.h"

#include <cstdio>
#include <utility>

#include "text_encoding.h"

namespace spadework::formats {
namespace {

std::string locate(const std::string& file, int line, int col, const std::string& message) {
    std::string out = file;
    if (line > 0) {
        out += ':' + std::to_string(line);
        if (col > 0) out += ':' + std::to_string(col);
    }
    return out + ": " + message;
}

// The length of the UTF-8 character that starts at text[i], or 0 when the bytes there are not
// one (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF, cut short).
std::size_t utf8_length(std::string_view text, std::size_t i) {
    auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    unsigned char c = byte(i);
    if (c < 0x80) return 1;
    std::size_t n = c >= 0xC2 && c <= 0xDF   ? 2
                    : c >= 0xE0 && c <= 0xEF ? 3
                    : c >= 0xF0 && c <= 0xF4 ? 4
                                             : 0;
    if (n == 0 || i + n > text.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
    }
    unsigned char second = byte(i + 1);
    if (c == 0xE0 && second < 0xA0) return 0;  // overlong
    if (c == 0xED && second > 0x9F) return 0;  // a UTF-16 surrogate
    if (c == 0xF0 && second < 0x90) return 0;  // overlong
    if (c == 0xF4 && second > 0x8F) return 0;  // past U+10FFFF
    return n;
}

std::string hex_byte(unsigned char c) {
    char out[8];
    std::snprintf(out, sizeof out, "0x%02X", c);
    return out;
}

}  // namespace

std::string_view checked_utf8(std::string_view text, std::string_view file) {
    if (text.substr(0, 2) == "\xFF\xFE" || text.substr(0, 2) == "\xFE\xFF") {
        throw FormatError(std::string(file), 0, 0,
                          "the file is UTF-16 text (it starts with a UTF-16 byte order mark); "
                          "save it as UTF-8");
    }
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    int line = 1;
    int col = 1;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t n = utf8_length(text, i);
        if (n == 0) {
            throw FormatError(std::string(file), line, col,
                              "byte " + hex_byte(static_cast<unsigned char>(text[i])) +
                                  " is not UTF-8 text (Latin-1 or another code page?); save "
                                  "the file as UTF-8");
        }
        if (text[i] == '\0') {
            throw FormatError(std::string(file), line, col,
                              "a NUL byte: the file is binary or UTF-16, not UTF-8 text");
        }
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
        i += n;
    }
    return text;
}

FormatError::FormatError(std::string file, int line, int col, std::string message)
    : Error(locate(file, line, col, message)),
      file_(std::move(file)),
      line_(line),
      col_(col),
      message_(std::move(message)) {}

std::string describe_record_place(int game, int hand, RecordPlace place) {
    std::string out = "game " + std::to_string(game + 1);
    if (hand < 0) return out;  // the game as a whole: its rule set
    out += ", hand " + std::to_string(hand + 1);
    switch (place.part) {
        case RecordPlace::Part::Hand:
            break;
        case RecordPlace::Part::Deal:
            out += ", deal";
            break;
        case RecordPlace::Part::Pass:
            out += ", pass by ";
            out += seat_char(static_cast<Seat>(place.index));
            break;
        case RecordPlace::Part::Bid:
            out += ", bid " + std::to_string(place.index + 1);
            break;
        case RecordPlace::Part::Exchange:
            out += ", exchange by ";
            out += seat_char(static_cast<Seat>(place.index));
            break;
        case RecordPlace::Part::Card:
            out += ", card " + std::to_string(place.index + 1);
            break;
        case RecordPlace::Part::Claim:
            out += ", claim";
            break;
        case RecordPlace::Part::SeatTricks:
            if (place.index >= 0 && place.index < 4) {
                out += ", tricks of ";
                out += seat_char(static_cast<Seat>(place.index));
            } else {
                out += ", tricks";
            }
            break;
        case RecordPlace::Part::TeamTricks:
            out += ", tricks of ";
            out += team_name(static_cast<Team>(place.index & 1));
            break;
    }
    return out;
}

}  // namespace spadework::formats
