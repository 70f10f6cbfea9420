#pragma once

#include "ui.h"

namespace spadework::viewer {

// Annotations (glyphs and comments) on the hand, its bids and its cards.
class NotesPanel : public Panel {
  public:
    void draw(Model& model, UiState& ui) override;
};

}  // namespace spadework::viewer
