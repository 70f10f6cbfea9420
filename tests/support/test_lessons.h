// A small lesson for the viewer's tests: two bid questions (East opening; North last to bid
// with 8 bags) and two samples, so that each judgement takes a fraction of a second.
#pragma once

namespace spadework::testing {

inline constexpr const char* kCountingLesson = R"([Event "Counting"]
[Lesson "counting"]
[Point "Count your sure tricks."]
[Tolerance "5"]
[Samples "2"]
[Learner "E"]
{You are East, first to bid. What do you bid?}

[Hand "1"]
[Dealer "N"]
[Deal "N:Q5.K62.KQJT63.KJ A63.74.A7.AT7652 KJ82.JT9.984.843 T974.AQ853.52.Q9"]
bids E:3 {Two aces outside and the ace of spades: three sure tricks.}

[Event "Counting"]
[Learner "N"]
[Score "NS 420/8 EW 300/2"]
{North, last to bid, with 8 bags.}

[Hand "1"]
[Dealer "N"]
[Deal "N:Q5.K62.KQJT63.KJ A63.74.A7.AT7652 KJ82.JT9.984.843 T974.AQ853.52.Q9"]
{Bid up: bags are near the limit.}
bids E:4 S:1 W:2 N:3
)";

}  // namespace spadework::testing
