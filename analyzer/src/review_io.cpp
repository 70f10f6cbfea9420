// Placeholder: the review report and its JSON (issue 5) are written next.
#include "spadework/analyzer/review.h"

namespace spadework::analyzer {

std::string format_review(const GameReview&, const RecordedGame&) { return {}; }
std::string review_to_json(const GameReview&, const RecordedGame&) { return {}; }
GameReview review_from_json(std::string_view) { return {}; }

}  // namespace spadework::analyzer
