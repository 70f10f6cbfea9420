#include "progress.h"

#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>

namespace spadework::cli {

ProgressBar::ProgressBar(std::string label) : label_(std::move(label)), on_(isatty(2) != 0) {}

ProgressBar::~ProgressBar() {
    finish();
}

void ProgressBar::update(int done, int total) {
    if (!on_ || total <= 0) return;
    auto now = std::chrono::steady_clock::now();
    // Thousands of quick steps (a simulation's games) would spend their time drawing.
    if (done < total && drawn_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
    last_draw_ = now;
    constexpr int kWidth = 30;
    int filled = kWidth * done / total;
    double elapsed = std::chrono::duration<double>(now - start_).count();
    std::string eta = done > 0 && done < total
                          ? fmt::format(", {:.0f} s left", elapsed * (total - done) / done)
                          : "";
    fmt::print(stderr, "\r{} [{}{}] {}/{}{}   ", label_, std::string(filled, '#'),
               std::string(kWidth - filled, '.'), done, total, eta);
    std::fflush(stderr);
    drawn_ = true;
}

void ProgressBar::clear() {
    if (!drawn_) return;
    fmt::print(stderr, "\r\x1b[K");
    std::fflush(stderr);
    drawn_ = false;
}

void ProgressBar::finish() {
    if (drawn_) fmt::print(stderr, "\n");
    drawn_ = false;
}

}  // namespace spadework::cli
