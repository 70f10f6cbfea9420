// Lesson mode on screen, in place of the table while a lesson is under way: the question,
// the learner's own hand and the bids so far, buttons for the answers open (cards to click
// for a pass), then the reveal: the recommended answer and why, the sampled distribution of
// the partnership's tricks, every bid's value with the learner's and the recommended rows
// marked; at the end the score across the lesson and the learner's scores kept.
#pragma once

#include <string>

#include "lesson_mode.h"
#include "ui.h"

namespace spadework::viewer {

class LessonPanel {
  public:
    explicit LessonPanel(LessonMode& mode) : mode_(mode) {}
    // Draws inside the current window, filling the space left.
    void draw(UiState& ui);

  private:
    void header(UiState& ui);
    void question(UiState& ui);
    void learner_hand(UiState& ui);
    void answer_entry(UiState& ui);
    void reveal(UiState& ui);
    bool waiting_for_answer();
    void summary(UiState& ui);

    LessonMode& mode_;
    std::string learner_box_;  // what the name box shows while it is being edited
    bool editing_name_ = false;
};

}  // namespace spadework::viewer
