// A score sheet in the viewer's model: it opens and is scored side by side like any game, the
// replay has nothing to step through, and asking for an analysis says why there is none.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "model.h"

using namespace spadework;
using namespace spadework::viewer;

namespace {

const std::filesystem::path kSheet =
    std::filesystem::path(SPADEWORK_SAMPLES) / "sheets" / "club-night.csv";

}  // namespace

TEST_CASE("A score sheet is scored in the viewer and has nothing to replay", "[viewer][sheet]") {
    Model m;
    REQUIRE(m.open(kSheet));
    REQUIRE(m.games().size() == 1);
    CHECK(m.games()[0].score == std::array<int, 2>{556, -14});
    m.select_game(0);
    REQUIRE(m.game());
    CHECK(m.game()->score_sheet());
    // The Scores tab's comparison: the played rules and the others, with what needs cards.
    m.set_compare_rules({"classic", "paperless"});
    const analyzer::Comparison* cmp = m.comparison();
    REQUIRE(cmp);
    REQUIRE(cmp->runs.size() == 2);
    CHECK(cmp->runs[0].scored.hands.size() == 10);
    CHECK(cmp->runs[0].scored.not_scored.empty());
    REQUIRE(cmp->runs[1].scored.not_scored.size() == 1);
    CHECK(cmp->runs[1].scored.not_scored[0].rfind("the honours are not scored", 0) == 0);
    // Every command of the replay is harmless: there are no cards.
    for (int hand : {0, 3, 9}) {
        m.select_hand(hand);
        m.step(1);
        m.step_trick(1);
        m.to_end();
        CHECK(m.recorded_cards() == 0);
        CHECK(m.position() == 0);
        CHECK_FALSE(m.hand_result().has_value());
        CHECK_FALSE(m.play_what_if(parse_card("AS")));
    }
    CHECK(m.errors().empty());
    // An analysis is refused, saying why.
    m.request_review();
    m.wait_idle();
    CHECK_FALSE(m.review());
    REQUIRE(m.errors().size() == 1);
    CHECK(m.errors()[0] ==
          "club-night.csv is a score sheet (bids and tricks only): it has no deal to analyse");
}
