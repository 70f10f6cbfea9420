// The dates game records carry, as the readers check them and the commands compare them.
#pragma once

#include <compare>
#include <optional>
#include <string>
#include <string_view>

namespace spadework::formats {

// A calendar date as game records write it and the commands take it: "2026-11-21" or
// "2026.11.21" (one separator, used twice), a day the calendar has.
struct CalendarDate {
    int year = 0;
    int month = 0;
    int day = 0;
    auto operator<=>(const CalendarDate&) const = default;
};
// None when the text is not such a date (also the "2026.??.??" of a record whose date is
// unknown).
std::optional<CalendarDate> parse_calendar_date(std::string_view text);

// What is wrong with a record's date: none for a day of the calendar (YYYY-MM-DD or
// YYYY.MM.DD), a date known in part ("2026.11.??", "????.??.??", each part all digits or all
// '?', the known ones in range) and no date (empty); else a message: a day the calendar does
// not have ("2026-02-30") or a text that is no date ("2026-11-21x", "yesterday"), which the
// commands' date filters could never compare.
std::optional<std::string> date_problem(std::string_view text);

// Whether the text is written as a day, YYYY-MM-DD or YYYY.MM.DD all in digits, whether or not
// the calendar has that day ("2026-02-30" is; "2026.11.??" and "yesterday" are not).
bool written_as_day(std::string_view text);

// The message for a text that is not a day of the calendar.
std::string not_a_day(std::string_view text);

// A record's date as every screen shows it: a day of the calendar as 2026-11-21, whichever way
// the record wrote it; anything else (a date known in part, "2026.11.??") as written.
std::string shown_date(std::string_view text);

}  // namespace spadework::formats
