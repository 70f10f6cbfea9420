// `spadework winchance` refusing bad input with the flag named, before it builds anything.
// The cases that build a table (the chance in words and in JSON, the cache reused, the heat
// map written, and analyze --grade game) are long cases, in test_cli_winchance_long.cpp.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "cli_winchance_helpers.h"
#include "support/run_command.h"
#include "support/workspace.h"

using spadework::testing::contains;
using spadework::testing::run;
using spadework::testing::RunResult;
using spadework::testing::small;
using spadework::testing::Workspace;

TEST_CASE("winchance refuses bad input with the flag named", "[cli-winchance]") {
    Workspace w;
    RunResult r = run(small(w, {"--at", "150"}));
    CHECK(r.status == 2);
    CHECK(contains(r.err, "--at: expected two scores"));
    r = run(small(w, {"--at", "150,abc"}));
    CHECK(r.status == 2);
    CHECK(contains(r.err, "--at: 'abc' (2nd value) is not a score"));
    r = run(small(w, {"--dealer", "X"}));
    CHECK(r.status == 2);
    CHECK(contains(r.err, "--dealer: 'X' is not a seat"));
    r = run({"winchance", "--hands", "ten", "--cache", w.dir.string()});
    CHECK(r.status == 2);
    CHECK(contains(r.err, "--hands: 'ten'"));
    r = run(small(w, {"--rule", "hand_limit=12"}));
    CHECK(r.status == 1);
    CHECK(contains(r.err, "hand_limit=12"));
    r = run(small(w, {"--no-such-flag"}));
    CHECK(r.status == 2);
    // Nothing was built for the refused runs.
    CHECK(w.empty());
}
