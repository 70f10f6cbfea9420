// The state OpenSpiel prints (a playthrough, or a program printing state and state.history()):
// each "History() = [...]" line is a hand's actions, and the diagram, the auction, the tricks
// taken and the "Score:" line printed before it are checked against the replay.
#pragma once

#include <string_view>
#include <vector>

#include "spadework/engine/record.h"

namespace spadework::formats::openspiel {

// One game a hand. A History() line whose actions the next one continues is the same hand
// printed earlier: only the last is kept. "GetParameters() = {...}" sets the game's rules
// (win_threshold, mercy_threshold, win_or_loss_bonus) from the openspiel preset. Throws
// FormatError at file:line:col.
std::vector<RecordedGame> read_printed_states(std::string_view content, std::string_view file);

}  // namespace spadework::formats::openspiel
