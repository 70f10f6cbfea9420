// Score sheets in the library: stored beside full records and said to be sheets, their hands
// indexed with the seats whose own tricks the sheet did not give, which the statistics of bids
// leave out; a library of the version before them opens with every game.
#include <catch2/catch.hpp>

#include <filesystem>

#include "spadework/formats/library.h"
#include "support/raw_db.h"
#include "support/sheet_games.h"
#include "support/test_games.h"
#include "support/workspace.h"

using namespace spadework;
using namespace spadework::formats;
namespace fs = std::filesystem;
using spadework::testing::RawDb;
using spadework::testing::Workspace;

namespace {

const PlayerStats& stats_of(const std::vector<PlayerStats>& all, const std::string& name) {
    for (const PlayerStats& p : all) {
        if (p.name == name) return p;
    }
    FAIL("no statistics for " << name);
    throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("A score sheet is stored beside full records and says what it is", "[library][sheet]") {
    Workspace ws("spadework-sheets");
    Library lib(ws.db);
    const RecordedGame sheet = testing::sheet_game();
    const RecordedGame full = testing::first_legal_game(preset("classic"), 2, 11);
    ImportResult r = lib.import_games({sheet, full}, "kitchen.spades");
    CHECK(r.games_added == 2);
    CHECK(r.hands_added == 6);
    std::optional<GameSummary> s = lib.game_summary(r.ids[0]);
    REQUIRE(s);
    CHECK(s->score_sheet);
    CHECK(s->hands == 4);
    CHECK(s->score == std::array<int, 2>{232, 34});
    CHECK_FALSE(lib.game_summary(r.ids[1])->score_sheet);
    CHECK(lib.load_game(r.ids[0]) == sheet);
    // The same sheet again is there already.
    CHECK(lib.import_games({sheet}, "again.spades").games_already_there == 1);
    // Listed by kind.
    GameFilter sheets;
    sheets.kind = RecordKind::ScoreSheet;
    REQUIRE(lib.list_games(sheets).size() == 1);
    CHECK(lib.list_games(sheets)[0].id == r.ids[0]);
    GameFilter full_only;
    full_only.kind = RecordKind::Full;
    REQUIRE(lib.list_games(full_only).size() == 1);
    CHECK(lib.list_games(full_only)[0].id == r.ids[1]);
}

TEST_CASE("A sheet's hands are indexed with the tricks it left unsplit", "[library][sheet]") {
    Workspace ws("spadework-sheets");
    Library lib(ws.db);
    const GameId id = lib.import_games({testing::sheet_game()}, "kitchen.spades").ids[0];
    HandFilter filter;
    filter.game = id;
    std::vector<HandSummary> hands = lib.find_hands(filter);
    REQUIRE(hands.size() == 4);
    CHECK(hands[0].tricks_unknown == std::array<bool, 4>{});
    CHECK(hands[0].tricks == std::array<int, 4>{5, 3, 0, 5});
    // Hand 2: North-South's 7 unsplit; East's 5 follows from East-West's 6 and West's 1.
    CHECK(hands[1].tricks_unknown == std::array<bool, 4>{true, false, true, false});
    CHECK(hands[1].tricks == std::array<int, 4>{7, 5, 0, 1});
    CHECK(hands[2].tricks_unknown == std::array<bool, 4>{true, true, true, true});
    CHECK(hands[2].set == std::array<bool, 2>{true, false});
    CHECK(hands[1].points == std::array<int, 2>{61, -159});
    HandFilter blind;
    blind.blind_nil = true;
    REQUIRE(lib.find_hands(blind).size() == 1);
    CHECK(lib.find_hands(blind)[0].hand == 1);
}

TEST_CASE("Bid statistics count a sheet's trick bids only where the seat's tricks are known",
          "[library][sheet]") {
    Workspace ws("spadework-sheets");
    Library lib(ws.db);
    lib.import_games({testing::sheet_game()}, "kitchen.spades");
    std::vector<PlayerStats> all = lib.player_stats();
    // Ann (N): 4 with 5 and 4 with 4 known; hands 2 and 3 only as North-South's totals.
    const PlayerStats& ann = stats_of(all, "Ann");
    CHECK(ann.hands == 4);
    CHECK(ann.trick_bids == 2);
    CHECK(ann.bids_exact == 1);
    CHECK(ann.bids_made == 2);
    CHECK(ann.mean_bid_error == Approx(0.5));
    CHECK(ann.sets == 1);
    // Bob (E): hand 2's 5 follows from the total and West's own trick.
    const PlayerStats& bob = stats_of(all, "Bob");
    CHECK(bob.trick_bids == 3);
    CHECK(bob.bids_exact == 2);
    // Dee (W): the blind nil, failed with the one trick the sheet gives West.
    const PlayerStats& dee = stats_of(all, "Dee");
    CHECK(dee.blind_nils == 1);
    CHECK(dee.blind_nils_made == 0);
    CHECK(dee.trick_bids == 2);
    // Carol (S): the nil made.
    CHECK(stats_of(all, "Carol").nils_made == 1);
    std::vector<PartnershipStats> pairs = lib.partnership_stats();
    REQUIRE(pairs.size() == 2);
    CHECK(pairs[0].players == std::array<std::string, 2>{"Ann", "Carol"});
    CHECK(pairs[0].sets == 1);
    CHECK(pairs[0].nils_made == 1);
}

TEST_CASE("A library of the version before score sheets opens with every game",
          "[library][sheet]") {
    Workspace ws("spadework-sheets");
    const std::vector<RecordedGame> games = {testing::first_legal_game(preset("classic"), 3, 5),
                                             testing::first_legal_game(preset("paperless"), 2, 9)};
    { Library(ws.db).import_games(games, "old.pb"); }
    RawDb(ws.db).exec(std::string(testing::kWithoutVersion7) + "PRAGMA user_version = 6");

    Library lib(ws.db);
    CHECK(lib.schema_version() == Library::kSchemaVersion);
    CHECK(lib.migration_backup() == fs::path(ws.db + ".v6.bak"));
    REQUIRE(lib.count_games() == 2);
    for (const GameSummary& s : lib.list_games()) CHECK_FALSE(s.score_sheet);
    CHECK(lib.load_game(1) == games[0]);
    CHECK(lib.find_hands().size() == 5);
    // Sheets go in beside them.
    CHECK(lib.import_games({testing::sheet_game()}, "kitchen.spades").games_added == 1);
    CHECK(RawDb(ws.db).one("SELECT count(*) FROM games WHERE score_sheet") == "1");
}

TEST_CASE("A merge carries a sheet with what it is", "[library][sheet]") {
    Workspace ws("spadework-sheets");
    const std::string a = ws.file("a.sqlite");
    { Library(a).import_games({testing::sheet_game()}, "kitchen.spades"); }
    MergeResult merged = merge_libraries({a}, ws.db);
    CHECK(merged.games_added == 1);
    Library lib(ws.db);
    REQUIRE(lib.game_summary(merged.ids[0]));
    CHECK(lib.game_summary(merged.ids[0])->score_sheet);
    HandFilter filter;
    filter.game = merged.ids[0];
    CHECK(lib.find_hands(filter).at(2).tricks_unknown ==
          std::array<bool, 4>{true, true, true, true});
}
