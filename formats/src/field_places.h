// Where the fields of a message read from text lie, so that a fault found in a field is said
// at FILE:LINE:COL whether the message came from the text format or from JSON (issue 18).
// Protobuf parses both forms, but only the text format parser says where a field was; for
// JSON the text is scanned once more, after a fault, guided by the schema. Both give the same
// map, from a field's path (proto field names, elements by index: "hands[0].bids[1].seat")
// to its place, which the conversion's faults (Place::steps) and protobuf's own JSON errors
// (which name such a path) are looked up in. Private to formats/src.
#pragma once

#include <google/protobuf/message.h>
#include <google/protobuf/text_format.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "proto_convert.h"

namespace spadework::formats::field_places {

// Byte offsets in the text. In the text format both are where the field's name starts (the
// parser records no more); in JSON, the key's opening quote and the value's first byte (an
// element of a list has no key: both are the element's).
struct Spot {
    std::size_t key = 0;
    std::size_t value = 0;
};

class FieldPlaces {
  public:
    // A path met twice (a JSON key given twice) is where it was met last: the second is at fault.
    void add(const std::string& path, Spot spot) { spots_.insert_or_assign(path, spot); }
    // The field at `path` ("" is the message read, when it was there to be found).
    std::optional<Spot> at(const std::string& path) const;

    // The deepest field along `steps` there is a spot for, the message read itself when no
    // field is; `whole` when it is the last step's.
    struct Found {
        Spot spot;
        bool whole = false;
    };
    std::optional<Found> deepest(const std::vector<proto_convert::Step>& steps) const;

  private:
    std::unordered_map<std::string, Spot> spots_;
};

// The places of a message the text format parser read from `text`, recording in `tree`.
FieldPlaces text_format_places(std::string_view text, const google::protobuf::Message& message,
                               const google::protobuf::TextFormat::ParseInfoTree& tree);

// The places of the fields of the JSON object `text` holds, read as a `root` message: keys
// the schema knows by either spelling (proto or lowerCamel JSON name) are recorded under the
// proto name, others as written. Scanning stops at the first thing that is not JSON; what
// was found before it stays.
FieldPlaces json_places(std::string_view text, const google::protobuf::Descriptor* root);

// The offset in `text` of the text format tokenizer's 0-based line and column (in which a
// tab reaches the next multiple of 8).
std::size_t offset_of(std::string_view text, int line, int column);

// Throws FormatError at the line and column of byte `offset` of `text`.
[[noreturn]] void throw_at_offset(std::string_view text, std::string_view file, std::size_t offset,
                                  const std::string& message);

// Throws FormatError at the deepest field along `steps` found in `places`; at `value_column`
// (1-based, 0 for none) within the quoted value when that field is the last step's; with the
// file alone when nothing was found.
[[noreturn]] void throw_at_steps(std::string_view text, std::string_view file,
                                 const FieldPlaces& places,
                                 const std::vector<proto_convert::Step>& steps, int value_column,
                                 const std::string& message);

}  // namespace spadework::formats::field_places
