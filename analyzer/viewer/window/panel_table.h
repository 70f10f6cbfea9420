// The table: four seats around the felt with their cards, names, dealer button, bids and
// tricks; the trick in progress in the middle; the values of the legal cards of the player
// to play; a click on a card plays it (what-if when it differs from the record).
#pragma once

#include "panel.h"

namespace spadework::viewer {

class TablePanel : public Panel {
  public:
    std::string_view name() const override { return "table"; }
    std::string_view title() const override { return "Table"; }
    PanelPlace place() const override { return PanelPlace::Table; }
    void draw(const PanelContext& ctx) override;
    // "open the sample games": what the empty table's button does on a first run.
    std::vector<Command> commands() const override;
};

}  // namespace spadework::viewer
