#include "spadework/formats/warning.h"

#include <cstdio>

namespace spadework::formats {
namespace {

thread_local WarningCapture* current_capture = nullptr;

}  // namespace

std::string FormatWarning::text() const {
    std::string out = file;
    if (line > 0) {
        out += ':' + std::to_string(line);
        if (col > 0) out += ':' + std::to_string(col);
    }
    return out + ": warning: " + message;
}

void warn(FormatWarning warning) {
    if (current_capture != nullptr) {
        current_capture->warnings_.push_back(std::move(warning));
        return;
    }
    std::fprintf(stderr, "%s\n", warning.text().c_str());
}

WarningCapture::WarningCapture() : outer_(current_capture) {
    current_capture = this;
}

WarningCapture::~WarningCapture() {
    current_capture = outer_;
}

}  // namespace spadework::formats
