#pragma once

#include "panel.h"

namespace spadework::viewer {

// The values of the legal cards at the position, the flags of the hand in a list that jumps
// to their position, per-player accuracy.
class AnalysisPanel : public Panel {
  public:
    std::string_view name() const override { return "analysis"; }
    std::string_view title() const override { return "Analysis"; }
    PanelPlace place() const override { return PanelPlace::Side; }
    void draw(const PanelContext& ctx) override;
    std::vector<Command> commands() const override;
};

}  // namespace spadework::viewer
