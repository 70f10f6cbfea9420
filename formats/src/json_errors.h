// protobuf's JSON parser's errors, said as every other reader says its own: at FILE:LINE:COL
// (it gives no line; field_places.h finds one) and in words a player reads, with no internal
// type name ("TYPE_INT32") or type URL. Private to formats/src.
#pragma once

#include <google/protobuf/descriptor.h>

#include <string>
#include <string_view>

namespace spadework::formats {

// The text between the k-th pair of `quote` characters of `s` (0-based), "" when there is
// none: the names protobuf's parser messages quote ('x' in the JSON parser's, "x" in
// TextFormat's).
std::string quoted_name(std::string_view s, int k, char quote);

// Throws the FormatError of `message`, the parser's error for `text`, read as a `root`.
[[noreturn]] void throw_json_error(std::string_view text, std::string_view file,
                                   const google::protobuf::Descriptor* root, std::string message);

}  // namespace spadework::formats
