#pragma once

#include "panel.h"

namespace spadework::viewer {

// Annotations (glyphs and comments) on the hand, its bids and its cards.
class NotesPanel : public Panel {
  public:
    std::string_view name() const override { return "notes"; }
    std::string_view title() const override { return "Notes"; }
    PanelPlace place() const override { return PanelPlace::Side; }
    void draw(const PanelContext& ctx) override;
};

}  // namespace spadework::viewer
