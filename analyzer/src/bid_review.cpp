// Placeholder: the bid review (issue 5) is written next.
#include "spadework/analyzer/review.h"

namespace spadework::analyzer {

BidReview review_bids(const RecordedGame&, int, const Standings&, const ReviewSettings&) {
    throw Error("review_bids: not written yet");
}

}  // namespace spadework::analyzer
