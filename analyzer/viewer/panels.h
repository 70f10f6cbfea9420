// The panels beside the table: the library, the bidding, the analysis, the scores and the
// notes. One class per panel; each in its own file.
#pragma once

#include "ui.h"

namespace spadework::viewer {

// Games of the library and of files opened, with the filters of `spadework list`; the hands
// of the selected game with bids, result and flags at a glance; a path box.
class LibraryPanel : public Panel {
  public:
    void draw(Model& model, UiState& ui) override;

  private:
    char player_[64] = "";
    char date_from_[16] = "";
    char date_to_[16] = "";
    char rules_[32] = "";
    bool nil_ = false;
    bool blind_nil_ = false;
    bool set_ = false;
    bool bag_penalty_ = false;
    char path_[512] = "";
};

// Each bid with the double-dummy par, the sampled trick distribution as a histogram, the
// best bid and the flag; Paperless passes the same way.
class BiddingPanel : public Panel {
  public:
    void draw(Model& model, UiState& ui) override;
};

// The values of the legal cards at the position, the flags of the hand in a list that jumps
// to their position, per-player accuracy.
class AnalysisPanel : public Panel {
  public:
    void draw(Model& model, UiState& ui) override;
};

// The score sheet under the game's rule set and others side by side, and a line chart of the
// running scores.
class ScoresPanel : public Panel {
  public:
    void draw(Model& model, UiState& ui) override;

  private:
    char add_rules_[128] = "";
};

// Annotations (glyphs and comments) on the hand, its bids and its cards.
class NotesPanel : public Panel {
  public:
    void draw(Model& model, UiState& ui) override;
};

}  // namespace spadework::viewer
