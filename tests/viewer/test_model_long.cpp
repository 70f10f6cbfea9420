// The viewer model's long case (see test_model.cpp for the rest of the model): the win chance
// over a game builds a win-chance table by value iteration, small as it is, which takes six
// times as long under the sanitizers, so it runs in the normal build only.
#include <catch2/catch.hpp>
#include <filesystem>
#include <vector>

#include "model.h"
#include "sample_games.h"
#include "temp_dir.h"

using namespace spadework;
using namespace spadework::viewer;

using spadework::testing::sample_under;
using spadework::testing::TempDir;

TEST_CASE("the win chance over a game is the table's value at each hand's scores",
          "[viewer][winchance]") {
    TempDir dir;
    // A small table: a 200 target, a few thousand bot hands, a cache of the test's own.
    Model m;
    REQUIRE(m.open(sample_under(dir.path, "classic target=200")));
    analyzer::WinChanceOptions options;
    options.hands = 3000;
    options.seed = 7;
    options.cache_dir = dir.path / "cache";
    m.set_win_chance_options(options);
    m.select_game(0);
    // Loaded only when the Scores tab asks.
    CHECK(m.win_chance().status == WinChanceView::Status::None);
    m.request_win_chance();
    CHECK(m.win_chance().status == WinChanceView::Status::Computing);
    m.wait_idle();
    REQUIRE(m.win_chance().status == WinChanceView::Status::Ready);

    const RecordedGame& game = *m.game();
    const analyzer::WinChanceTable table = analyzer::load_winchance(game.rules, options).table;
    const ScoredGame scored = score_game(game, game.rules);
    const std::vector<Standings> before = analyzer::standings_before_hands(game);
    const std::vector<HandChance>& series = m.win_chance().hands;
    REQUIRE(series.size() == scored.hands.size());
    REQUIRE(series.size() >= 3);
    for (std::size_t h = 0; h < series.size(); ++h) {
        INFO("hand " << h + 1);
        const Seat dealer = game.hands[h].dealer;
        const Standings& a = scored.hands[h].after;
        CHECK(series[h].hand == static_cast<int>(h));
        CHECK(series[h].start ==
              Approx(table.chance(before[h][0].score, before[h][1].score, dealer)));
        CHECK(series[h].end ==
              Approx(table.chance_after(a[0].score, a[1].score, Team::NS, next(dealer), false)));
        CHECK(series[h].start > 0.0);
        CHECK(series[h].start < 1.0);
        // A hand starts where the one before ended: the same scores, its dealer next.
        if (h > 0) CHECK(series[h].start == Approx(series[h - 1].end));
    }
    // Under a 200 target the game is over within the sample, and the graph ends at the result.
    REQUIRE(scored.result);
    REQUIRE(scored.result->winner);
    CHECK(series.back().end == (*scored.result->winner == Team::NS ? 1.0 : 0.0));

    // The largest falls are the hands where each side lost most; a side whose chance never
    // fell has none. The loser's chance fell somewhere, since it ends at 0.
    const Team loser = *scored.result->winner == Team::NS ? Team::EW : Team::NS;
    CHECK(largest_fall(series, loser));
    for (Team side : {Team::NS, Team::EW}) {
        auto fall = largest_fall(series, side);
        for (const HandChance& c : series) {
            const double f = side == Team::NS ? c.start - c.end : c.end - c.start;
            CHECK(f <= (fall ? fall->second : 0.0) + 1e-12);
        }
        if (!fall) continue;
        const HandChance& worst = series[static_cast<std::size_t>(fall->first)];
        CHECK(fall->second ==
              Approx(side == Team::NS ? worst.start - worst.end : worst.end - worst.start));
    }
}