#pragma once

#include "ui.h"

namespace spadework::viewer {

// The score sheet under the game's rule set and others side by side, and a line chart of the
// running scores.
class ScoresPanel : public Panel {
  public:
    void draw(Model& model, UiState& ui) override;

  private:
    char add_rules_[128] = "";
};

}  // namespace spadework::viewer
