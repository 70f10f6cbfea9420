// When a stored row was made, for the analyzer's stores.
#pragma once

#include <string>

namespace spadework::analyzer {

// The current time in UTC, as ISO 8601: "2026-11-21T23:40:00Z".
std::string utc_now();

}  // namespace spadework::analyzer
