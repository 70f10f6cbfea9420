// What every fuzz target shares: run a reader on the input, accept spadework::Error (the
// readers' way of refusing bad input) and treat anything else as a bug. An exception of any
// other type escapes to libFuzzer, which reports it as a crash with the input that caused it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "spadework/engine/error.h"

namespace spadework::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// Runs f; an Error is the expected answer to bad input and ends the run quietly.
template <class F>
void expect_errors(F&& f) {
    try {
        f();
    } catch (const Error&) {
    }
}

// A property that must hold for every input the reader accepts; failing it is a bug.
inline void require(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz property failed: %s\n", what);
        std::abort();
    }
}

}  // namespace spadework::fuzz
