// The score keeper's games under way on the command line: `merge` carries them (once),
// `list` shows them after the library's games, and `view --keep-score N` refuses a library
// that is not there without making one.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "spadework/analyzer/keeper_store.h"
#include "spadework/formats/library.h"
#include "support/run_command.h"
#include "support/workspace.h"

using namespace spadework;
using spadework::testing::contains;
using spadework::testing::run_expecting;
using spadework::testing::run_ok;
using spadework::testing::Workspace;
namespace fs = std::filesystem;

namespace {

const std::string kClassic = (fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades").string();

// Keeps a game in `db`: Ann and Carol against Bob and Dee, one hand played (N-S 63, E-W 131)
// and the next bid begun; its number.
std::int64_t keep_game(const std::string& db, const std::string& event) {
    using K = analyzer::KeeperEntry::Kind;
    analyzer::KeeperSetup setup;
    setup.players = {"Ann", "Bob", "Carol", "Dee"};
    setup.event = event;
    setup.date = "2026.11.26";
    const int e = index(Seat::East);
    const int s = index(Seat::South);
    const int w = index(Seat::West);
    const int n = index(Seat::North);
    const std::vector<analyzer::KeeperEntry> entries{
        {K::Bid, e, Bid::tricks(3), 0}, {K::Bid, s, Bid::tricks(4), 0},
        {K::Bid, w, Bid::nil(), 0},     {K::Bid, n, Bid::tricks(2), 0},
        {K::SeatTricks, e, Bid(), 4},   {K::SeatTricks, s, Bid(), 3},
        {K::SeatTricks, w, Bid(), 0},   {K::SeatTricks, n, Bid(), 6},
        {K::Bid, s, Bid::tricks(5), 0}};
    formats::Library lib(db);
    return analyzer::KeeperStore(lib).add(analyzer::keeper_state_json(setup, entries));
}

}  // namespace

TEST_CASE("merge carries the score keeper's games under way, once", "[cli-keeper]") {
    Workspace ws("spadework-cli-keeper");
    const std::string a = ws.file("a.sqlite");
    const std::string b = ws.file("b.sqlite");
    const std::string c = ws.file("c.sqlite");
    run_ok({"import", kClassic, "--db", a});
    keep_game(a, "Thursday");
    keep_game(b, "Friday");
    // --db names the library merged into, as it names every other command's library.
    const std::string d = ws.file("d.sqlite");
    run_ok({"merge", a, "--db", d});
    CHECK(testing::run_json({"list", "--db", d}).size() == 1);
    std::string out = run_ok({"merge", a, b, "--into", c});
    CHECK(contains(out, "Merged 2 libraries into " + c + ": 1 game added (0 there already)"));
    CHECK(contains(out, "2 games under way added (0 there already)."));
    out = run_ok({"merge", a, b, "--into", c});
    CHECK(contains(out, "0 games under way added (2 there already)."));
    formats::Library lib(c);
    const auto kept = analyzer::KeeperStore(lib).kept_games();
    REQUIRE(kept.size() == 2);
    CHECK(kept[0].setup.event == "Friday");
    CHECK(kept[1].setup.event == "Thursday");
    CHECK(kept[1].hands == 1);
}

TEST_CASE("list shows the games under way after the library's, and counts them when filtered",
          "[cli-keeper]") {
    Workspace ws("spadework-cli-keeper");
    run_ok(ws.with_db({"import", kClassic}));
    std::string out = run_ok(ws.with_db({"list"}));
    CHECK_FALSE(contains(out, "under way"));
    const std::int64_t id = keep_game(ws.db, "Thursday");
    out = run_ok(ws.with_db({"list"}));
    const auto under_way = out.find("Under way in the score keeper");
    REQUIRE(under_way != std::string::npos);
    CHECK(out.find("classic") < under_way);  // the library's game first
    const std::string row = out.substr(under_way);
    CHECK(contains(row, std::to_string(id) + "  2026-11-26  Thursday"));  // as list shows dates
    CHECK(contains(row, "Ann/Bob/Carol/Dee"));
    CHECK(contains(row, "63 / 131"));
    // A filter picks the library's games: the games under way are counted, not listed.
    out = run_ok(ws.with_db({"list", "--player", "Nobody"}));
    CHECK(contains(out, "1 game under way in the score keeper (list without filters shows them)"));
    // JSON lists the library's games only, as before.
    CHECK(testing::run_json(ws.with_db({"list"})).size() == 1);
}

TEST_CASE("view --keep-score N on a missing library: an error naming it, no library made",
          "[cli-keeper]") {
    Workspace ws("spadework-cli-keeper");
    run_expecting(ws.with_db({"view", "--keep-score", "7"}), 1,
                  "--keep-score 7: there is no library at " + ws.db);
    CHECK_FALSE(fs::exists(ws.db));
    CHECK(ws.empty());
}

// The modes that make their library (a new kept game, a lesson's answers, the deal editor's
// saves) make the file, not a folder a mistyped --db names.
TEST_CASE("view with a --db in a folder that is not there: an error naming it, nothing made",
          "[cli-keeper]") {
    Workspace ws("spadework-cli-keeper");
    const std::string db = (fs::path(ws.dir) / "typo" / "library.sqlite").string();
    for (std::vector<std::string> mode : {std::vector<std::string>{"--keep-score", "new"},
                                          {"--edit-deal", "new"},
                                          {"--lesson", "01-sure-tricks"}}) {
        std::vector<std::string> args{"view", "--db", db, "--screenshot",
                                      (fs::path(ws.dir) / "x.png").string()};
        args.insert(args.end(), mode.begin(), mode.end());
        run_expecting(args, 1,
                      "--db " + db + ": there is no folder " +
                          (fs::path(ws.dir) / "typo").string() + " to keep the library in");
        CHECK_FALSE(fs::exists(fs::path(ws.dir) / "typo"));
    }
}
