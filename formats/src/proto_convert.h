// Conversion between the messages of formats/proto/spadework.proto and the engine's record
// types, private to the proto target: proto_io.cpp reads and writes the encodings, this part
// knows what the fields mean. Protobuf types never leave formats/src.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "spadework.pb.h"
#include "spadework/engine/error.h"
#include "spadework/engine/record.h"
#include "spadework/engine/rules.h"

namespace spadework::formats::proto_convert {

namespace pb = ::spadework::v1;

// Faults. Converting a message finds faults the engine cannot see (text that is not a card, a
// bid by the wrong seat); check_game finds the rest. Each fault carries its place twice: in
// words for the binary and JSON forms, and as the path of fields down to it, which the text
// format reader turns into a line and column.

// One field on the way from a Game (or RuleSet) message down to a value; index is the
// element of a repeated field, -1 for a singular one.
struct Step {
    std::string field;
    int index = -1;
};

// Where a fault lies.
struct Place {
    int hand = -1;                    // -1: the game as a whole
    std::optional<RecordPlace> part;  // within the hand
    std::string detail;               // words after the place: "annotation 2", "rules"
    std::vector<Step> steps;          // from the message read
    int value_column = 0;             // 1-based within the string value at the path, 0: none
};

class ConvertError : public Error {
  public:
    ConvertError(const std::string& what, Place place) : Error(what), place_(std::move(place)) {}
    const Place& place() const { return place_; }

  private:
    Place place_;
};

// An enum's value names as a message lists them: "NORTH, EAST, SOUTH or WEST".
std::string value_names(const google::protobuf::EnumDescriptor* e);

// "game 2, hand 3, card 17" (game 0-based), the place of a fault for formats without lines.
std::string words(int game, const Place& place);

// A Game message as a record, checked with check_game; every fault is a ConvertError whose
// steps start at the Game message.
RecordedGame game_from(const pb::Game& m);
// The same as a file is read: its date must also be a day the calendar has when written as one
// (date_problem). A library's stored games go through game_from alone, so a game taken in
// before the readers checked dates still loads (and `edit --date` can mend it).
RecordedGame game_read(const pb::Game& m);
pb::Game game_to(const RecordedGame& game);

// A RuleSet message as a rule set: fields left out come from the preset it names, and the
// result is checked with check_rules. `place` says where the message is (steps lead to it).
RuleSet rules_from(const pb::RuleSet& m, const Place& place);
// Sets every field.
void rules_to(const RuleSet& rules, pb::RuleSet& m);

}  // namespace spadework::formats::proto_convert
