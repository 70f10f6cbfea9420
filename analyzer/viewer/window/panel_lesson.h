// Lesson mode on screen, in place of the table while a lesson is under way: the question,
// the learner's own hand and the bids so far, buttons for the answers open (cards to click
// for a pass), then the reveal: the recommended answer and why, the sampled distribution of
// the partnership's tricks, every bid's value with the learner's and the recommended rows
// marked; at the end the score across the lesson and the learner's scores kept.
#pragma once

#include <string>

#include "lesson_mode.h"
#include "panel.h"

namespace spadework::viewer {

// The Lessons menu's items: every lesson listed, a click starting it in place of the table (a
// lesson that does not start leaves the reason in `start_error`); what kept a folder from being
// read; the folders, the teacher's marked when it does not exist yet (the shipped lessons are
// listed all the same).
void lessons_menu_items(LessonMode& lessons, std::string& start_error);

class LessonPanel : public Panel {
  public:
    std::string_view name() const override { return "lesson"; }
    std::string_view title() const override { return "Lesson"; }
    PanelPlace place() const override { return PanelPlace::Lesson; }
    // Draws inside the current window, filling the space left.
    void draw(const PanelContext& ctx) override;
    // A lesson deals its own hands, whatever game the library has selected (a score sheet too).
    bool needs_deal() const override { return false; }

  private:
    void header(UiState& ui);
    void question(UiState& ui);
    void learner_hand(UiState& ui);
    void answer_entry(UiState& ui);
    void reveal(UiState& ui);
    bool waiting_for_answer();
    void summary(UiState& ui);

    LessonMode* mode_ = nullptr;  // the context's, for the steps of one draw
    std::string learner_box_;     // what the name box shows while it is being edited
    bool editing_name_ = false;
};

}  // namespace spadework::viewer
