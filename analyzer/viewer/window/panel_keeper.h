// The score keeper on screen, in place of the table while a game is kept (keeper.h): the
// new-game form and the games kept to resume; then the hand under way with large buttons for
// the bid or the tricks asked next, a box to type them in, checked as they are typed, undo,
// and the running sheet under the game's rules and the others beside them.
#pragma once

#include <string>
#include <vector>

#include "keeper.h"
#include "panel.h"

namespace spadework::viewer {

class KeeperPanel : public Panel {
  public:
    std::string_view name() const override { return "keeper"; }
    std::string_view title() const override { return "Score keeper"; }
    PanelPlace place() const override { return PanelPlace::Keeper; }
    void draw(const PanelContext& ctx) override;
    bool needs_deal() const override { return false; }
    std::vector<Command> commands() const override;

  private:
    void form(ScoreKeeper& k, const UiState& ui);
    void kept_list(ScoreKeeper& k);
    void header(ScoreKeeper& k, const UiState& ui);
    void entry(ScoreKeeper& k, const UiState& ui);
    void bid_buttons(ScoreKeeper& k);
    void tricks_buttons(ScoreKeeper& k);
    void typing_box(ScoreKeeper& k);
    void finish_button(ScoreKeeper& k);
    void finish_question(ScoreKeeper& k);
    void this_hand(const ScoreKeeper& k);

    // The form's fields as typed.
    char players_[4][48] = {};
    int dealer_ = 0;
    char rules_[256] = "classic";
    char overrides_[256] = {};
    char event_[96] = {};
    char add_rules_[128] = {};  // a rule set to compare, as typed
    char date_[32] = {};
    std::string form_error_;
    char typed_[16] = {};  // the bid or tricks being typed
    bool focus_typing_ = true;
};

}  // namespace spadework::viewer
