#include "spadework/formats/dates.h"

namespace spadework::formats {

namespace {

bool leap_year(int y) {
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int days_in_month(int y, int m) {
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && leap_year(y) ? 29 : kDays[m - 1];
}

}  // namespace

std::optional<CalendarDate> parse_calendar_date(std::string_view text) {
    if (text.size() != 10 || (text[4] != '-' && text[4] != '.') || text[7] != text[4]) {
        return std::nullopt;
    }
    auto part = [&](std::size_t at, std::size_t n) -> std::optional<int> {
        int v = 0;
        for (char c : text.substr(at, n)) {
            if (c < '0' || c > '9') return std::nullopt;
            v = v * 10 + (c - '0');
        }
        return v;
    };
    auto y = part(0, 4);
    auto m = part(5, 2);
    auto d = part(8, 2);
    if (!y || !m || !d || *m < 1 || *m > 12 || *d < 1 || *d > days_in_month(*y, *m)) {
        return std::nullopt;
    }
    return CalendarDate{*y, *m, *d};
}

std::string not_a_day(std::string_view text) {
    return "the date '" + std::string(text) +
           "' is not a day of the calendar: expected YYYY-MM-DD or YYYY.MM.DD, e.g. 2026-11-21";
}

std::optional<std::string> impossible_date(std::string_view text) {
    if (text.size() != 10 || (text[4] != '-' && text[4] != '.') || text[7] != text[4]) {
        return std::nullopt;
    }
    for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
        if (text[i] < '0' || text[i] > '9') return std::nullopt;
    }
    if (parse_calendar_date(text)) return std::nullopt;
    return not_a_day(text);
}

}  // namespace spadework::formats
