// Estimates from sampled layouts, with their uncertainty: the weighted mean of per-layout
// values, the half-width of its confidence interval, and the effective number of layouts the
// weights leave. The bid and pass reviews read every ± they show from here.
//
// The model. Layout j has weight w_j (how well it fits the bids made; 1 when unweighted) and
// value x_j. The estimate is the self-normalised mean m = sum(w x) / sum(w); its standard
// error is sqrt(sum(w^2 (x - m)^2)) / sum(w), which for equal weights is the usual s/sqrt(n)
// (with n in the denominator of the variance); the effective number of layouts is
// (sum w)^2 / sum(w^2). The interval is m ± t * se, with t Student's quantile for the
// confidence asked and (effective - 1) degrees of freedom: wide when few layouts count.
// Differences between two options are estimated the same way from the per-layout differences
// (the options are valued on the same layouts, which is what makes them precise).
#pragma once

#include <vector>

namespace spadework::analyzer {

struct Estimate {
    double mean = 0;
    double error = 0;      // half-width of the confidence interval (the ±)
    double effective = 0;  // effective number of layouts
    int layouts = 0;
    double low() const { return mean - error; }
    double high() const { return mean + error; }
};

// Student's t quantile for a two-sided interval of `confidence` (0.5 .. 0.999999) with `df`
// degrees of freedom (at least 1; fractional degrees are rounded down).
double t_quantile(double confidence, double df);

// The confidence a sequential look at `layouts` of at most `cap` layouts must reach before a
// decision may be called settled there: the normal quantile of `confidence` grows as
// sqrt(cap / layouts) (O'Brien and Fleming's boundary), so that an early look needs much
// stronger evidence than the last. A small sample of values that are mostly alike with a few
// far apart (a contract made on most layouts, set by a trick on a few) often holds none of
// the far ones and looks sure; looking at it batch after batch at the final confidence
// settled such decisions under some seeds and not under others. At the cap it is
// `confidence` itself.
double look_confidence(double confidence, int layouts, int cap);

// The estimate of values[j] under weights[j] (weights >= 0, some > 0; at least as many weights
// as values: an option valued on the first layouts only takes their weights).
Estimate estimate(const std::vector<double>& values, const std::vector<double>& weights,
                  double confidence);

// The estimate of a[j] - b[j] under weights[j]: two options valued on the same layouts, over
// those both were valued on (the first ones: an option settled out is valued no further).
Estimate paired(const std::vector<double>& a, const std::vector<double>& b,
                const std::vector<double>& weights, double confidence);

// The estimate of two independent estimates' difference a - b (options valued on different
// layouts): the errors add in quadrature, with the smaller effective count's quantile.
Estimate difference(const Estimate& a, const Estimate& b, double confidence);

}  // namespace spadework::analyzer
