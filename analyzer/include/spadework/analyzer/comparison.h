// One recorded game scored under several rule sets side by side: per-hand points and bags,
// running totals, where each rule set ends the game and who wins. The CLI's `score` command
// and the viewer's scores panel both show this.
#pragma once

#include <string>
#include <vector>

#include "spadework/engine/record.h"

namespace spadework::analyzer {

struct RuleSetRun {
    std::string label;  // the name the user gave: a preset or a file
    ScoredGame scored;  // scored.rules is what was actually applied
    // What the rule set took from the rule set the game was played under, because the cards
    // and bids happened that way: "deck_size=48 (played; paperless scoring)", one line each.
    std::vector<std::string> carried_over;
};

struct Comparison {
    int hands_recorded = 0;
    std::vector<RuleSetRun> runs;
};

// Scores the game under each rule set (see rescoring_rules). Throws RecordError for an
// illegal record.
Comparison compare_scoring(const RecordedGame& game, const std::vector<RuleSet>& rule_sets,
                           const std::vector<std::string>& labels);

// The keys that shape play (RuleKeyInfo::shapes_play, which rescoring_rules keeps from
// `played`) where `scoring` says otherwise, as key=value of the played rule set.
std::vector<std::string> carried_over(const RuleSet& played, const RuleSet& scoring);

}  // namespace spadework::analyzer
