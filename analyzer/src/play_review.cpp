// Placeholder: the play review (issue 5) is written next.
#include "spadework/analyzer/review.h"

namespace spadework::analyzer {

PlayReview review_play(const RecordedGame&, int, const Standings&, const ReviewSettings&,
                       Solver&) {
    throw Error("review_play: not written yet");
}

}  // namespace spadework::analyzer
