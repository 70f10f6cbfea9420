#pragma once

#include "panel.h"

namespace spadework::viewer {

// The score sheet under the game's rule set and others side by side, and a line chart of the
// running scores.
class ScoresPanel : public Panel {
  public:
    std::string_view name() const override { return "scores"; }
    std::string_view title() const override { return "Scores"; }
    PanelPlace place() const override { return PanelPlace::Side; }
    void draw(const PanelContext& ctx) override;
    bool needs_deal() const override { return false; }

  private:
    char add_rules_[128] = "";
};

}  // namespace spadework::viewer
