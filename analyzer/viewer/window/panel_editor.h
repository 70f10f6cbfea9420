// The deal editor on screen, in place of the table while a deal is built (editor_mode.h): the
// 52 cards to click into the seats, the hands as they fill, the random deal with constraints
// per seat, swap, rotate and clear; then the passes and bids, a comment on the hand, a bid or
// a card, the play card by card, and the two saves (a game in the library, a lesson question in a
// folder).
#pragma once

#include <string>

#include "editor_mode.h"
#include "panel.h"

namespace spadework::viewer {

// The card picker's size: thirteen cards a row, a row per suit, each card 1.3 times as high as
// wide and `gap` apart, as large as a `width` x `height` space holds (the picker's column, less
// what is drawn under it), as the table's cards are laid out from the panel's size. Never
// narrower than `min_w`: below that the column scrolls, and `fits` is false.
struct PickerSize {
    float card_w = 0;
    float card_h = 0;
    bool fits = false;
};
PickerSize picker_size(float width, float height, float gap, float min_w, int rows = 4);

class EditorPanel : public Panel {
  public:
    std::string_view name() const override { return "editor"; }
    std::string_view title() const override { return "Deal editor"; }
    PanelPlace place() const override { return PanelPlace::Editor; }
    void draw(const PanelContext& ctx) override;
    std::vector<Command> commands() const override;
    bool needs_deal() const override { return false; }

  private:
    void header(EditorMode& e);
    void picker(EditorMode& e, const UiState& ui);
    void deal_tools(EditorMode& e);
    void constraints(EditorMode& e);
    void hands(EditorMode& e);
    void auction(EditorMode& e, const UiState& ui);
    void pick_cards(EditorMode& e, CardSet hand, int size, const char* button);
    void play(EditorMode& e);
    void comment_box(EditorMode& e);
    void saving(EditorMode& e);

    char comment_[1024] = {};
    CommentTarget shown_target_{};  // the target comment_ was filled from
    bool comment_fresh_ = false;
    char bid_box_[16] = {};
    char card_box_[16] = {};
    char event_[96] = {};
    std::string event_seen_ = "\x01";  // the mode's event the box was last filled from
    char folder_[512] = {};
    char lesson_name_[64] = {};
    char lesson_title_[128] = {};
    char point_[512] = {};
    char question_[512] = {};
    bool lesson_fields_ = false;  // filled from the mode once
    // How high the deal tools and the constraints under the picker were drawn last frame:
    // the picker takes the column's height less this (0: not measured yet).
    float below_picker_h_ = 0;
    int swap_a_ = 0;
    int swap_b_ = 2;
    int lesson_saves_seen_ = 0;
};

}  // namespace spadework::viewer
