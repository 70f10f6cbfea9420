#include "estimate.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace spadework::analyzer {

namespace {

// Above this many degrees of freedom the normal quantile stands for Student's (within 0.5%).
constexpr double kNormalFrom = 400;

// P(|T| <= t) for Student's t with nu degrees of freedom, nu a whole number: the closed forms
// of Abramowitz and Stegun 26.7.3 and 26.7.4.
double t_coverage(double t, int nu) {
    double theta = std::atan(t / std::sqrt(static_cast<double>(nu)));
    double c2 = std::cos(theta) * std::cos(theta);
    double sum = 1;
    double term = 1;
    if (nu % 2 == 1) {
        if (nu == 1) return 2 * theta / std::numbers::pi;
        for (int k = 2; k <= nu - 3; k += 2) {
            term *= c2 * k / (k + 1);
            sum += term;
        }
        return 2 / std::numbers::pi * (theta + std::sin(theta) * std::cos(theta) * sum);
    }
    for (int k = 1; k <= nu - 3; k += 2) {
        term *= c2 * k / (k + 1);
        sum += term;
    }
    return std::sin(theta) * sum;
}

// The t at which coverage(t) reaches `confidence`, by bisection (coverage rises with t).
template <class Coverage>
double solve_quantile(double confidence, Coverage&& coverage) {
    double lo = 0;
    double hi = 1;
    while (coverage(hi) < confidence && hi < 1e9) hi *= 2;
    for (int i = 0; i < 200 && hi - lo > 1e-9 * hi; ++i) {
        double mid = (lo + hi) / 2;
        (coverage(mid) < confidence ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}

}  // namespace

double t_quantile(double confidence, double df) {
    confidence = std::clamp(confidence, 0.5, 0.999999);
    if (df >= kNormalFrom) {
        return solve_quantile(confidence, [](double z) { return std::erf(z / std::sqrt(2.0)); });
    }
    int nu = std::max(1, static_cast<int>(std::floor(df)));
    return solve_quantile(confidence, [nu](double t) { return t_coverage(t, nu); });
}

double look_confidence(double confidence, int layouts, int cap) {
    if (layouts >= cap || layouts < 1) return confidence;
    double z = t_quantile(confidence, kNormalFrom) * std::sqrt(static_cast<double>(cap) / layouts);
    return std::erf(z / std::sqrt(2.0));
}

Estimate estimate(const std::vector<double>& values, const std::vector<double>& weights,
                  double confidence) {
    Estimate e;
    e.layouts = static_cast<int>(values.size());
    double w = 0;
    double w2 = 0;
    double wx = 0;
    for (std::size_t j = 0; j < values.size(); ++j) {
        w += weights[j];
        w2 += weights[j] * weights[j];
        wx += weights[j] * values[j];
    }
    if (w <= 0) return e;
    e.mean = wx / w;
    e.effective = w * w / w2;
    double var = 0;
    for (std::size_t j = 0; j < values.size(); ++j) {
        double d = values[j] - e.mean;
        var += weights[j] * weights[j] * d * d;
    }
    double se = std::sqrt(var) / w;
    e.error = se * t_quantile(confidence, std::max(1.0, e.effective - 1));
    return e;
}

Estimate paired(const std::vector<double>& a, const std::vector<double>& b,
                const std::vector<double>& weights, double confidence) {
    std::vector<double> d(std::min(a.size(), b.size()));
    for (std::size_t j = 0; j < d.size(); ++j) d[j] = a[j] - b[j];
    return estimate(d, weights, confidence);
}

Estimate difference(const Estimate& a, const Estimate& b, double confidence) {
    Estimate d;
    d.mean = a.mean - b.mean;
    d.layouts = std::min(a.layouts, b.layouts);
    d.effective = std::min(a.effective, b.effective);
    // Back to standard errors, then the quantile of the fewer layouts.
    double qa = t_quantile(confidence, std::max(1.0, a.effective - 1));
    double qb = t_quantile(confidence, std::max(1.0, b.effective - 1));
    double se = std::hypot(a.error / qa, b.error / qb);
    d.error = se * t_quantile(confidence, std::max(1.0, d.effective - 1));
    return d;
}

}  // namespace spadework::analyzer
