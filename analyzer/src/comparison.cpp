#include "spadework/analyzer/comparison.h"

namespace spadework::analyzer {

std::vector<std::string> carried_over(const RuleSet& played, const RuleSet& scoring) {
    // The keys marked as shaping play are the ones rescoring_rules keeps as played.
    const auto& keys = rule_keys();
    auto as_played = rule_values(played);
    auto wanted = rule_values(scoring);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (keys[i].shapes_play && wanted[i].second != as_played[i].second) {
            out.push_back(as_played[i].first + "=" + as_played[i].second + " (as played; " +
                          scoring.name + " has " + wanted[i].second + ")");
        }
    }
    return out;
}

Comparison compare_scoring(const RecordedGame& game, const std::vector<RuleSet>& rule_sets,
                           const std::vector<std::string>& labels) {
    Comparison out;
    out.hands_recorded = static_cast<int>(game.hands.size());
    for (std::size_t i = 0; i < rule_sets.size(); ++i) {
        RuleSetRun run;
        run.label = i < labels.size() ? labels[i] : rule_sets[i].name;
        run.scored = score_game(game, rule_sets[i]);
        run.carried_over = carried_over(game.rules, rule_sets[i]);
        out.runs.push_back(std::move(run));
    }
    return out;
}

}  // namespace spadework::analyzer
