// The place and message of the FormatError f throws ("12:5 what"), or "no error": the apps'
// readers' tests compare both at once.
#pragma once

#include <functional>
#include <string>

#include "spadework/formats/error.h"

namespace spadework::testing {

inline std::string located(const std::function<void()>& f) {
    try {
        f();
    } catch (const formats::FormatError& e) {
        return std::to_string(e.line()) + ":" + std::to_string(e.col()) + " " + e.message();
    }
    return "no error";
}

}  // namespace spadework::testing
