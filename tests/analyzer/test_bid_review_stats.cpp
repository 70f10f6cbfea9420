// The bid review's statistics: Student's quantiles and weighted estimates with their ±. The
// cases on whole decisions (sequential sampling that stops when a decision is settled, and
// verdicts that do not depend on the sampling seed) are long cases, in
// test_bid_review_stats_long.cpp.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

// The estimate helpers are private to the analyzer library; their guarantees are tested here.
#include "estimate.h"

using namespace spadework::analyzer;

TEST_CASE("Student's quantiles and weighted estimates", "[bid_review][estimate]") {
    CHECK(t_quantile(0.95, 1) == Approx(12.706).epsilon(1e-3));
    CHECK(t_quantile(0.95, 2) == Approx(4.303).epsilon(1e-3));
    CHECK(t_quantile(0.95, 10) == Approx(2.228).epsilon(1e-3));
    CHECK(t_quantile(0.99, 5) == Approx(4.032).epsilon(1e-3));
    CHECK(t_quantile(0.95, 10000) == Approx(1.960).epsilon(1e-3));

    // Equal weights: the mean, s / sqrt(n) (n in the variance's denominator) times t(n - 1).
    Estimate e = estimate({1, 2, 3, 4}, {1, 1, 1, 1}, 0.95);
    CHECK(e.mean == Approx(2.5));
    CHECK(e.effective == Approx(4));
    CHECK(e.error == Approx(std::sqrt(5.0) / 4 * 3.182).epsilon(1e-3));
    // Uneven weights leave fewer effective layouts; a constant value has no error.
    Estimate w = estimate({7, 7, 7}, {1, 0.5, 0.25}, 0.95);
    CHECK(w.mean == Approx(7));
    CHECK(w.error == 0);
    CHECK(w.effective == Approx(1.75 * 1.75 / 1.3125));
}

TEST_CASE("an early look at the layouts must reach a higher confidence than the last",
          "[bid_review][estimate]") {
    // At the cap, the review's own confidence.
    CHECK(look_confidence(0.95, 64, 64) == Approx(0.95));
    // Half the cap: the normal quantile 1.96 times sqrt(2), 2.77.
    CHECK(t_quantile(look_confidence(0.95, 32, 64), 10000) ==
          Approx(1.96 * std::sqrt(2.0)).epsilon(1e-3));
    // A quarter: twice the quantile, 3.92 (a two-sided confidence of 99.991%).
    double first = look_confidence(0.95, 16, 64);
    CHECK(first > 0.9999);
    CHECK(t_quantile(first, 10000) == Approx(3.92).epsilon(1e-3));
    // Rising with the layouts seen.
    CHECK(look_confidence(0.95, 16, 64) > look_confidence(0.95, 24, 64));
    CHECK(look_confidence(0.95, 24, 64) > look_confidence(0.95, 56, 64));
}
