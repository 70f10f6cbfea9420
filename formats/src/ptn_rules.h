// The rules of a Trickster Cards PTN record: its [GameOptionsJson] options and the variant its
// [Event] names in words, each mapped to RuleSet keys by one table (ptn_rules.cpp). An option
// with no mapping is a located warning; a deck the engine does not have (jokers, deuces high)
// is a located error.
#pragma once

#include <string>
#include <string_view>

#include "spadework/engine/rules.h"

namespace spadework::formats::ptn {

// Tags of one hand, kept in the game's tags once per hand, in order (read and written).
inline constexpr std::string_view kHandTags[] = {"UTCTime", "LocalDateTime", "GameScores"};

// Where a tag's value starts, to locate what is wrong in it.
struct ValueAt {
    std::string_view text;
    int line = 0;
    int col = 0;
};

// The rule set: classic, changed by the Event's words, then by the options (which win).
// Throws FormatError for a deck it does not know (deuces high without jokers), or rules that
// do not fit.
RuleSet rules_of(const ValueAt& event, const ValueAt& options, std::string_view file);

}  // namespace spadework::formats::ptn
