// The win-chance table's hands and rules: the hands measured the same whatever the number of
// threads, and the rules whose state the table cannot hold refused. The tables themselves
// (symmetry, monotonic in a side's own score, the end conditions, convergence, the hands of
// each score situation, the cache) are built by value iteration, six times slower under the
// sanitizers: long cases, in test_winchance_long.cpp.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "spadework/analyzer/winchance.h"
#include "spadework/engine/error.h"
#include "winchance_helpers.h"

using namespace spadework;
using namespace spadework::analyzer;
using namespace spadework::testing;

TEST_CASE("the hands are the same whatever the number of measuring threads", "[winchance]") {
    RuleSet rules = small_rules();
    HandDistribution one = measure_hands(rules, 1000, 13, 1);
    HandDistribution two = measure_hands(rules, 1000, 13, 2);
    CHECK(two.hands == one.hands);
    CHECK(two.game_hands == one.game_hands);
    REQUIRE(two.situations.size() == one.situations.size());
    for (std::size_t s = 0; s < one.situations.size(); ++s) {
        const auto& a = one.situations[s].outcomes;
        const auto& b = two.situations[s].outcomes;
        REQUIRE(a.size() == b.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            CHECK(a[i].count == b[i].count);
            CHECK(a[i].outcome.bids == b[i].outcome.bids);
            CHECK(a[i].outcome.tricks == b[i].outcome.tricks);
        }
    }
}

TEST_CASE("rules whose state is not two scores and a dealer are refused", "[winchance]") {
    CHECK_THROWS_AS(check_winchance_rules(small_rules({"hand_limit=10"})), Error);
    CHECK_THROWS_WITH(check_winchance_rules(small_rules({"nil_points=105"})),
                      Catch::Contains("nil_points=105"));
    CHECK_THROWS_WITH(check_winchance_rules(small_rules({"overtrick_points=0"})),
                      Catch::Contains("bags apart from the score"));
    CHECK_NOTHROW(check_winchance_rules(preset("computer")));  // no bags at all
}
