// Lessons as text: the question and the reveal as a terminal shows them, and a whole lesson
// as a printable HTML page for a class (each question on a page, its answer on the next).
#pragma once

#include <map>
#include <string>

#include "spadework/analyzer/lesson.h"

namespace spadework::analyzer {

// The question: rules, seat, score situation, the question text, the bids so far and the
// learner's hand (nothing of it for a blind nil question), then the prompt.
std::string question_text(const Lesson& lesson, const LessonHand& hand);

// The answer as it is stored and shown: "4", "nil", "AH KH 2C".
std::string answer_text(const LessonHand& hand, const LessonAnswer& answer);
// The recommended answer, or with `best` the analysis' best, written the same way.
std::string verdict_answer_text(const LessonHand& hand, const LessonVerdict& verdict, bool best);

// The reveal: the recommended answer and its reasoning, the sampled distribution of the
// partnership's tricks, what every answer is worth, and what the learner's was.
std::string reveal_text(const Lesson& lesson, const LessonHand& hand, const LessonAnswer& answer,
                        const LessonVerdict& verdict);

// A self-contained printable page (no outside files: styles inline, suit symbols as text):
// a cover with the title, the point and the credit, then per question a page with the hand
// diagram and the question and a page with the answer. `verdicts` (by question number) adds
// each question's analysis to its answer page when given.
std::string lesson_html(const Lesson& lesson, const std::map<int, LessonVerdict>& verdicts = {});

}  // namespace spadework::analyzer
