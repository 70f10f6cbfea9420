#pragma once

#include "panel.h"

namespace spadework::viewer {

// Each bid with the double-dummy par, the sampled trick distribution as a histogram, the
// best bid and the flag; Paperless passes the same way.
class BiddingPanel : public Panel {
  public:
    std::string_view name() const override { return "bidding"; }
    std::string_view title() const override { return "Bidding"; }
    PanelPlace place() const override { return PanelPlace::Side; }
    void draw(const PanelContext& ctx) override;
};

}  // namespace spadework::viewer
