// A progress bar on stderr for long work (import of folders, analyze --all, simulate): counts
// and the time left, redrawn in place. Drawn only when stderr is a terminal, so output piped
// or written to a file holds no bar.
#pragma once

#include <chrono>
#include <string>

namespace spadework::cli {

class ProgressBar {
  public:
    explicit ProgressBar(std::string label);
    ~ProgressBar();
    ProgressBar(const ProgressBar&) = delete;
    ProgressBar& operator=(const ProgressBar&) = delete;

    // `done` of `total` finished; redraws at most every 100 ms, and always at the end.
    void update(int done, int total);
    // Ends the bar's line, so that a message printed next starts on a line of its own.
    void finish();
    // Wipes the bar off its line, for a line of output in its place; the next update redraws
    // it below that line.
    void clear();

  private:
    std::string label_;
    bool on_;
    bool drawn_ = false;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace spadework::cli
