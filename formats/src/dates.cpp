#include "spadework/formats/dates.h"

#include <cstdio>

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

bool written_as_day(std::string_view text) {
    if (text.size() != 10 || (text[4] != '-' && text[4] != '.') || text[7] != text[4]) {
        return false;
    }
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (i != 4 && i != 7 && (text[i] < '0' || text[i] > '9')) return false;
    }
    return true;
}

std::string not_a_day(std::string_view text) {
    // Why, when the text is a year, a month and a day in digits: "February 2026 has 28 days".
    std::string why = "expected YYYY-MM-DD or YYYY.MM.DD, e.g. 2026-11-21";
    const bool digits = written_as_day(text);
    int y = 0;
    int m = 0;
    int d = 0;
    for (std::size_t i = 0; digits && i < text.size(); ++i) {
        if (i == 4 || i == 7) continue;
        int& part = i < 4 ? y : i < 7 ? m : d;
        part = part * 10 + (text[i] - '0');
    }
    static constexpr const char* kMonths[] = {"January",   "February", "March",    "April",
                                              "May",       "June",     "July",     "August",
                                              "September", "October",  "November", "December"};
    if (digits && (m < 1 || m > 12)) {
        why = "there is no month " + std::to_string(m);
    } else if (digits && (d < 1 || d > days_in_month(y, m))) {
        why = std::string(kMonths[m - 1]) + " " + std::to_string(y) + " has " +
              std::to_string(days_in_month(y, m)) + " days";
    }
    return "the date '" + std::string(text) + "' is not a day of the calendar: " + why;
}

std::string shown_date(std::string_view text) {
    std::optional<CalendarDate> d = parse_calendar_date(text);
    if (!d) return std::string(text);
    char out[16];
    std::snprintf(out, sizeof out, "%04d-%02d-%02d", d->year, d->month, d->day);
    return out;
}

std::optional<std::string> date_problem(std::string_view text) {
    if (text.empty() || parse_calendar_date(text)) return std::nullopt;
    const bool shaped =
        text.size() == 10 && (text[4] == '-' || text[4] == '.') && text[7] == text[4];
    // Each part all digits or all '?' (unknown); the known ones in range.
    auto part = [&](std::size_t at, std::size_t n, int most) {
        const std::string_view p = text.substr(at, n);
        if (p.find_first_not_of('?') == std::string_view::npos) return 0;  // unknown
        int v = 0;
        for (char c : p) {
            if (c < '0' || c > '9') return -1;
            v = v * 10 + (c - '0');
        }
        return v >= 1 && v <= most ? 1 : -1;
    };
    if (shaped) {
        const int y = part(0, 4, 9999);
        const int m = part(5, 2, 12);
        const int d = part(8, 2, 31);
        // Written as a day in digits, it is one the calendar does not have ("2026-02-30",
        // "2026-13-01"); with a part not known, a date in part.
        if (written_as_day(text)) {
            return not_a_day(text);
        }
        if (y >= 0 && m >= 0 && d >= 0) return std::nullopt;
    }
    return "the date '" + std::string(text) +
           "' is not a date: expected YYYY-MM-DD or YYYY.MM.DD, e.g. 2026-11-21 (?? for a part "
           "not known, as in 2026.11.?"
           "?)";
}

}  // namespace spadework::formats
