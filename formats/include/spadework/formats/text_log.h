// The .spades text log: a line-oriented record of games that a person can write at the table
// and a program can write without effort. The format is specified in formats/TEXT_LOG.md;
// the reader and the writer share one grammar (text_log_grammar.h inside formats/src).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "spadework/engine/record.h"

namespace spadework::formats {

// Reads every game of a text log and checks each hand with the engine. Throws FormatError
// with the file, line and column of the first fault; nothing is returned then.
std::vector<RecordedGame> read_text_log(std::string_view text, std::string_view file);
// The same, handing each game to `take` as soon as it is read and checked, so the games of a
// long log need not all be held at once. Games handed over before a fault stay handed over.
void for_each_text_log_game(std::string_view text, std::string_view file,
                            const std::function<void(RecordedGame&&)>& take);

// Writes games in canonical form: read_text_log(write_text_log(g)) == g, and writing what
// was read from a writer's file gives the same bytes.
std::string write_text_log(const std::vector<RecordedGame>& games);

}  // namespace spadework::formats
