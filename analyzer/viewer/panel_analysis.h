#pragma once

#include "ui.h"

namespace spadework::viewer {

// The values of the legal cards at the position, the flags of the hand in a list that jumps
// to their position, per-player accuracy.
class AnalysisPanel : public Panel {
  public:
    void draw(Model& model, UiState& ui) override;
};

}  // namespace spadework::viewer
