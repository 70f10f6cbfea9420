// What the win-chance table's tests share (test_winchance.cpp and its long cases,
// test_winchance_long.cpp): the small rules their tables are built for.
#pragma once

#include <string>
#include <vector>

#include "spadework/engine/rules.h"

namespace spadework::testing {

// Classic to a 200 target, with `more` rules beside: a table small enough to build in seconds.
inline RuleSet small_rules(std::vector<std::string> more = {}) {
    more.push_back("target=200");
    return make_rules("classic", more);
}

}  // namespace spadework::testing
