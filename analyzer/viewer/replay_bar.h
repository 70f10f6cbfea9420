#pragma once

#include "ui.h"

namespace spadework::viewer {

// The replay bar under the table: buttons, the slider over the hand, autoplay.
class ReplayBar : public Panel {
  public:
    void draw(Model& model, UiState& ui) override;
};

}  // namespace spadework::viewer
