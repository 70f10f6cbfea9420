#pragma once

#include "panel.h"

namespace spadework::viewer {

// The score a side needs over a stretch of the game, as the score chart draws it: the game's
// target from the first hand, then after each tie sent into overtime the overtime set's target
// (Paperless: 6, then 3). Hands count as the chart's axis does: from_hand 0 is before the first.
struct TargetSpan {
    std::size_t from_hand = 0;
    std::size_t to_hand = 0;
    int target = 0;
    bool overtime = false;
};
std::vector<TargetSpan> target_spans(const ScoredGame& scored);

// The score sheet under the game's rule set and others side by side, and a line chart of the
// running scores.
class ScoresPanel : public Panel {
  public:
    std::string_view name() const override { return "scores"; }
    std::string_view title() const override { return "Scores"; }
    PanelPlace place() const override { return PanelPlace::Side; }
    void draw(const PanelContext& ctx) override;
    bool needs_deal() const override { return false; }
    bool draws_sheet() const override { return true; }

  private:
    char add_rules_[128] = "";
};

}  // namespace spadework::viewer
