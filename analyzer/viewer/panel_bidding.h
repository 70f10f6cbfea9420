#pragma once

#include "ui.h"

namespace spadework::viewer {

// Each bid with the double-dummy par, the sampled trick distribution as a histogram, the
// best bid and the flag; Paperless passes the same way.
class BiddingPanel : public Panel {
  public:
    void draw(Model& model, UiState& ui) override;
};

}  // namespace spadework::viewer
