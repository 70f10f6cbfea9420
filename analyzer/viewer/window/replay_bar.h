#pragma once

#include <array>
#include <string>

#include "panel.h"

namespace spadework::viewer {

// The replay bar under the table: buttons, the slider over the hand, autoplay, the toggles,
// and where the replay stands (the hand, who plays, a flag on the next card, the note on the
// card just played).
class ReplayBar : public Panel {
  public:
    std::string_view name() const override { return "replay"; }
    std::string_view title() const override { return "Replay"; }
    PanelPlace place() const override { return PanelPlace::ReplayBar; }
    void draw(const PanelContext& ctx) override;
    std::vector<Command> commands() const override;
    float height(const PanelContext& ctx, float width) const override;

  private:
    // The bar's items in the order drawn: the seven buttons, the position slider, the speed
    // slider, the two toggles, and in what-if the way back to the record.
    static constexpr int kItems = 12;
    struct Plan {
        std::array<bool, kItems> new_row{};  // the item starts a row of its own
        int rows = 1;
        float slider_w = 0;
        float speed_w = 0;
        std::string where;
        std::string note;
        float height = 0;
    };
    Plan plan(const PanelContext& ctx, float width) const;
};

}  // namespace spadework::viewer
