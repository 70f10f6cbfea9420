// The cells a win-chance table may hold, for the measuring (which situations need hands) and the
// build (which step groups are read): shared so that the two agree.
#pragma once

#include <algorithm>

#include "spadework/engine/rules.h"

namespace spadework::analyzer {

// Calls f(x, y) for every pair of scores from the lowest a table of these rules may hold (one
// above the loss limit, or minus the target rounded to whole bag cycles where there is none) to
// the target less one. An overtime set's cells and a tie's situation are among them.
template <typename F>
void for_each_table_cell(const RuleSet& rules, F f) {
    const int m = rules.counts_bags() ? rules.bag_limit : 1;
    const int low =
        rules.loss_limit ? *rules.loss_limit + 1 : -((std::max(rules.target, m) + m - 1) / m) * m;
    for (int x = low; x < rules.target; ++x) {
        for (int y = low; y < rules.target; ++y) f(x, y);
    }
}

}  // namespace spadework::analyzer
