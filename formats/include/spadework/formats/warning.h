// Warnings of the readers: what a reader read past without refusing it (an option it could not
// map, an old export's quirk), each named at file:line:col. They go to the current sink: the
// standard error stream by default, or a WarningCapture's list while one is alive.
#pragma once

#include <string>
#include <vector>

namespace spadework::formats {

struct FormatWarning {
    std::string file;
    int line = 0;
    int col = 0;
    std::string message;
    // "file:line:col: warning: message", as FormatError names a place.
    std::string text() const;
};

// Reports a warning to the current sink.
void warn(FormatWarning warning);

// While alive, the warnings of this thread are kept here rather than printed.
class WarningCapture {
  public:
    WarningCapture();
    ~WarningCapture();
    WarningCapture(const WarningCapture&) = delete;
    WarningCapture& operator=(const WarningCapture&) = delete;
    const std::vector<FormatWarning>& warnings() const { return warnings_; }

  private:
    friend void warn(FormatWarning warning);
    std::vector<FormatWarning> warnings_;
    WarningCapture* outer_;
};

}  // namespace spadework::formats
