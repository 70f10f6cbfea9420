#pragma once

#include "panel.h"

namespace spadework::viewer {

// The replay bar under the table: buttons, the slider over the hand, autoplay.
class ReplayBar : public Panel {
  public:
    std::string_view name() const override { return "replay"; }
    std::string_view title() const override { return "Replay"; }
    PanelPlace place() const override { return PanelPlace::ReplayBar; }
    void draw(const PanelContext& ctx) override;
    std::vector<Command> commands() const override;
};

}  // namespace spadework::viewer
