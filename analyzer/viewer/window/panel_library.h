#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "panel.h"

namespace spadework::viewer {

// Games of the library and of files opened, with the filters of `spadework list`, and the score
// keeper's games under way above them (a click resumes one); the hands of the selected game
// with bids, result and flags at a glance; a path box.
class LibraryPanel : public Panel {
  public:
    std::string_view name() const override { return "library"; }
    std::string_view title() const override { return "Library"; }
    PanelPlace place() const override { return PanelPlace::Library; }
    void draw(const PanelContext& ctx) override;
    std::vector<Command> commands() const override;
    bool needs_deal() const override { return false; }

  private:
    void draw_path(Model& model, UiState& ui);
    void draw_filters(Model& model);
    void draw_games(Model& model, ScoreKeeper* keeper, float below);
    void refresh_under_way(const ScoreKeeper* keeper);
    void draw_under_way_row(ScoreKeeper& keeper, const analyzer::KeptGame& g);
    void draw_game_row(Model& model, int i);
    void draw_hands(Model& model);
    static void draw_hand_flags(const Model& model, const analyzer::GameReview& review, int hand);
    // Edit, Delete and Export under the game list, and the forms they open
    // (panel_library_forms.cpp).
    void draw_actions(Model& model, UiState& ui);
    void draw_delete_confirmation(Model& model);
    void draw_edit_form(Model& model, UiState& ui);
    void draw_export_form(Model& model, UiState& ui);
    void fill_edit_form(const RecordedGame& game);

    char player_[64] = "";
    char date_from_[16] = "";
    char date_to_[16] = "";
    char rules_[32] = "";
    bool nil_ = false;
    bool blind_nil_ = false;
    bool set_ = false;
    bool bag_penalty_ = false;
    char path_[512] = "";
    // The edit form, filled from the game when it opens.
    std::array<std::array<char, 128>, 4> edit_players_{};
    char edit_date_[16] = "";
    char edit_event_[128] = "";
    char edit_notes_[2048] = "";
    // The export form.
    char export_path_[512] = "";
    char export_size_[16] = "";
    std::string form_error_;  // why the last Save or Write failed, shown in its form
    // The score keeper's games under way, read again every few seconds (another window may
    // keep one) and whenever the keeper changed them, not every frame.
    std::vector<analyzer::KeptGame> under_way_;
    double under_way_read_ = -1e9;
    std::uint64_t under_way_revision_ = ~std::uint64_t{0};
    std::string under_way_error_;  // why the game clicked could not be resumed
    int scrolled_to_ = -1;         // the selected game's row the list was last scrolled to
};

}  // namespace spadework::viewer
