// Games in protobuf form: the binary .pb (a stream of length-delimited Game messages, or one
// bare Game), protobuf's text format (.textproto) and its JSON mapping (.json). The schema is
// formats/proto/spadework.proto. Callers see engine types only; protobuf stays inside formats/.
#pragma once

#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "spadework/engine/record.h"
#include "spadework/engine/rules.h"

namespace spadework::formats {

// One game as one bare binary message, and back. decode_game checks the record as every
// reader does (check_game) and throws FormatError naming `file`.
std::string encode_game(const RecordedGame& game);
RecordedGame decode_game(std::string_view bytes, std::string_view file);

// What decides the bytes encode_game writes, for the game library: it keeps the encoding its
// records were written with and writes them again when this changes (a field added to
// RuleSet changes the bytes of every game). Read from the schema itself, so that no change
// to it can be forgotten: every message reachable from Game with each field's number, type,
// presence and packing. Names are left out, as renaming a field changes no byte.
struct GameEncoding {
    std::string layout;
    // The fields in the layout. A schema grows by adding fields (protobuf's rules: a number is
    // never reused, a field taken away is reserved), so more fields is a newer schema.
    int fields = 0;
};
GameEncoding game_encoding();

// A .pb file: games as a stream of varint-length-delimited messages. Reading also takes a
// file holding one bare Game message. Throws FormatError naming the file and the game.
std::vector<RecordedGame> read_pb(std::string_view bytes, std::string_view file);
// The same, one game at a time from a stream: each game is handed to `take` as soon as it is
// read and checked, so a file of any size reads in the memory of one game (a game message
// over 64 MiB is refused). Games handed over before a fault stay handed over.
void for_each_pb_game(std::istream& in, std::string_view file,
                      const std::function<void(RecordedGame&&)>& take);
std::string write_pb(const std::vector<RecordedGame>& games);

// .textproto and .json: one Game message, or a GameList (`games` repeated) when there are
// several. Writing one game writes a bare Game. Errors name file:line:col.
std::vector<RecordedGame> read_textproto(std::string_view text, std::string_view file);
std::string write_textproto(const std::vector<RecordedGame>& games);
std::vector<RecordedGame> read_json(std::string_view text, std::string_view file);
std::string write_json(const std::vector<RecordedGame>& games);

// A RuleSet message in text format: every key of the rule set, so the file stands alone.
// Fields left out of a file take the value of the preset named by its `name` field
// (classic when there is none). Checked with check_rules; errors name file:line:col.
RuleSet read_rules_textproto(std::string_view text, std::string_view file);
std::string write_rules_textproto(const RuleSet& rules);

}  // namespace spadework::formats
