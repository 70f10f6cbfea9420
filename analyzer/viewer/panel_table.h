// The table: four seats around the felt with their cards, names, dealer button, bids and
// tricks; the trick in progress in the middle; the values of the legal cards of the player
// to play; a click on a card plays it (what-if when it differs from the record).
#pragma once

#include "ui.h"

namespace spadework::viewer {

class TablePanel : public Panel {
  public:
    void draw(Model& model, UiState& ui) override;
};

}  // namespace spadework::viewer
