// The win-chance table's rules: those whose state the table cannot hold are refused. The
// tables themselves (symmetry, monotonic in a side's own score, the end conditions,
// convergence, the hands of each score situation, the cache) are built by value iteration,
// six times slower under the sanitizers, and the hands are measured twice to compare thread
// counts: long cases, in test_winchance_long.cpp.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "spadework/analyzer/winchance.h"
#include "spadework/engine/error.h"
#include "winchance_helpers.h"

using namespace spadework;
using namespace spadework::analyzer;
using namespace spadework::testing;

TEST_CASE("rules whose state is not two scores and a dealer are refused", "[winchance]") {
    CHECK_THROWS_AS(check_winchance_rules(small_rules({"hand_limit=10"})), Error);
    // Bags that cannot be read from the score are refused before any hand is measured, with
    // a hand where they part ways: a nil worth 105, overtricks worth nothing, bags reset at a
    // penalty, and the leaflet's nil tricks that are bags and no points.
    CHECK_THROWS_WITH(check_winchance_rules(small_rules({"nil_points=105"})),
                      Catch::Contains("(bids nil 3 3 3, tricks 0"));
    CHECK_THROWS_WITH(check_winchance_rules(small_rules({"overtrick_points=0"})),
                      Catch::Contains("bags kept apart from the score"));
    CHECK_THROWS_WITH(check_winchance_rules(small_rules({"bags_after_penalty=reset"})),
                      Catch::Contains("bags and points part ways"));
    CHECK_THROWS_WITH(check_winchance_rules(preset("leaflet")),
                      Catch::Contains("under leaflet bags and points part ways (bids nil 3 3 3, "
                                      "tricks 1 6 0 6: NS on 0 bags add 1 bag and -130 points)"));
    CHECK_NOTHROW(check_winchance_rules(preset("computer")));  // no bags at all
    for (const char* name : {"classic", "casual", "paperless", "openspiel"}) {
        CHECK_NOTHROW(check_winchance_rules(preset(name)));
    }
}
