// The width of UTF-8 text on a terminal, for the plain-text pictures (diagram.cpp) and the
// lessons' pages (lesson_pages.cpp): one column per code point, which holds for the suit
// symbols and the Latin letters they print.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace spadework::analyzer {

inline std::size_t display_width(std::string_view text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

}  // namespace spadework::analyzer
