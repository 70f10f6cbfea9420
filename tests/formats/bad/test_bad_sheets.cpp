// Broken and unusual score sheets (tests/data/bad/sheet-*): CSV files as spreadsheets and
// people make them, and score sheets in the other formats. Each broken one is refused with the
// exact file:line:col and what; the sound ones read; a cut-off sheet is refused or reads as a
// shorter version of itself; nothing crashes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <optional>

#include "bad_sheets.h"
#include "spadework/formats/error.h"
#include "spadework/formats/game_file.h"
#include "support/sheet_games.h"

using namespace spadework;
using namespace spadework::formats;
namespace fs = std::filesystem;

namespace {

const fs::path kBad = SPADEWORK_BAD_DATA;

std::string outcome(const std::string& name) {
    try {
        read_game_file(kBad / name);
        return "";
    } catch (const FormatError& e) {
        std::string what = e.what();
        std::string dir = kBad.string() + "/";
        return what.rfind(dir, 0) == 0 ? what.substr(dir.size()) : what;
    }
}

}  // namespace

TEST_CASE("Every broken score sheet is refused with its exact error", "[bad][sheet]") {
    for (const testing::SheetRefused& r : testing::kSheetRefused) {
        INFO(r.file);
        REQUIRE(fs::exists(kBad / r.file));
        CHECK(outcome(r.file) == r.error);
    }
}

TEST_CASE("A spreadsheet's CSV reads as the sheet it holds", "[bad][sheet]") {
    std::vector<RecordedGame> games = read_game_file(kBad / "sheet-spreadsheet.csv");
    REQUIRE(games.size() == 1);
    const RecordedGame& g = games[0];
    CHECK(g.score_sheet());
    CHECK(g.event == "Club; night");
    CHECK(g.players[0] == "Ann");
    REQUIRE(g.hands.size() == 2);
    // Only the partnerships' totals, with the nil bidders' own; the second dealer is the first's
    // left-hand neighbour.
    CHECK(g.hands[0].sheet.teams == std::array<std::optional<int>, 2>{5, 8});
    CHECK(g.hands[0].sheet.seats[index(Seat::South)] == 0);
    CHECK(g.hands[1].dealer == Seat::East);
    CHECK(g.hands[1].sheet.seats[index(Seat::West)] == 1);
    CHECK(score_game(g, g.rules).hands.size() == 2);
    CHECK(read_game_file(kBad / "sheet-empty.csv").empty());
}

TEST_CASE("Every prefix of a CSV sheet is refused or reads as a shorter sheet", "[bad][sheet]") {
    RecordedGame whole = testing::sheet_game();
    whole.hands[1].annotations = {{Annotation::Target::Hand, 0, "", "West, \"brave\""}};
    const std::string content = format_games(FileKind::SheetCsv, {whole});
    REQUIRE(parse_games(FileKind::SheetCsv, content, "cut") == std::vector<RecordedGame>{whole});
    int reads = 0;
    for (std::size_t n = 0; n < content.size(); ++n) {
        INFO("the first " << n << " bytes");
        std::optional<std::vector<RecordedGame>> games;
        try {
            games = parse_games(FileKind::SheetCsv, content.substr(0, n), "cut");
        } catch (const FormatError& e) {
            CHECK(std::string(e.what()).rfind("cut", 0) == 0);
            continue;
        }
        ++reads;
        REQUIRE(games->size() <= 1);
        if (games->empty()) continue;
        const RecordedGame& part = games->front();
        CHECK(part.hands.size() <= whole.hands.size());
        for (std::size_t h = 0; h + 1 < part.hands.size(); ++h) {
            CHECK(part.hands[h].bids == whole.hands[h].bids);
        }
    }
    // A sheet cut after a complete row reads: one read at least for each row.
    CHECK(reads > 10);
}

TEST_CASE("A cell of 10 MB is read or refused without quoting all of it", "[bad][sheet]") {
    const std::string huge(10 << 20, 'x');
    std::vector<RecordedGame> games = parse_games(
        FileKind::SheetCsv,
        "event," + huge + "\nhand,N_bid,E_bid,S_bid,W_bid,NS_tricks,EW_tricks\n", "long.csv");
    REQUIRE(games.size() == 1);
    CHECK(games[0].event == huge);
    CHECK_THROWS_WITH(parse_games(FileKind::SheetCsv, huge + ",1\n", "long.csv"),
                      "long.csv:1:1: expected a detail row (event, site, date, table, north, "
                      "east, south, west, rules, dealer, comment, tag) or the header row, which "
                      "starts with 'hand'; got '" +
                          std::string(40, 'x') + "...' (10485760 bytes)");
}
