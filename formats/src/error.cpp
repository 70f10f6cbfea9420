#include "spadework/formats/error.h"

#include <utility>

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

}  // namespace

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
    }
    return out;
}

}  // namespace spadework::formats
