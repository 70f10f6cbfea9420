// Score sheets from spreadsheets (.csv): one game, detail rows, a header naming the columns,
// one row per hand. Written sheets read back equal; what spreadsheets write (semicolons, CRLF,
// a byte order mark, quoted cells, padding) reads; a sheet the format cannot hold is refused.
#include <catch2/catch.hpp>

#include "spadework/formats/error.h"
#include "spadework/formats/sheet_csv.h"
#include "support/sheet_games.h"
#include "support/test_games.h"

using namespace spadework;
using namespace spadework::formats;

namespace {

RecordedGame read_one(const std::string& text) {
    std::vector<RecordedGame> games = read_sheet_csv(text, "sheet.csv");
    REQUIRE(games.size() == 1);
    return games[0];
}

std::string error_of(const std::string& text) {
    try {
        read_sheet_csv(text, "sheet.csv");
    } catch (const FormatError& e) {
        return e.what();
    }
    return "";
}

// What the CSV writer says of games it refuses (the format table adds where the game can go
// instead: test_game_file.cpp).
std::string write_error(const std::vector<RecordedGame>& games) {
    try {
        write_sheet_csv(games);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("A score sheet written as CSV reads back equal", "[csv][sheet]") {
    RecordedGame game = testing::sheet_game();
    game.tags = {{"Round", "3"}, {"Scorer", "Ann, with \"help\""}};
    game.comment = "Two lines:\nthe second";
    game.rules = make_rules("classic", {"bag_limit=5", "target=300"});
    const std::string text = write_sheet_csv({game});
    CHECK(text.rfind(
              "event,Kitchen table\ndate,2026.11.20\nnorth,Ann\neast,Bob\nsouth,Carol\nwest,Dee\n"
              "rules,classic bag_limit=5 target=300\ntag,Round,3\n"
              "tag,Scorer,\"Ann, with \"\"help\"\"\"\ncomment,\"Two lines:\nthe second\"\n"
              "hand,dealer,N_bid,E_bid,S_bid,W_bid,N_tricks,E_tricks,S_tricks,W_tricks,NS_tricks,"
              "EW_tricks,note\n1,N,4,3,nil,3,5,3,0,5,,,\n2,E,3,4,3,bnil,,,,1,7,6,\n",
              0) == 0);
    CHECK(read_sheet_csv(text, "sheet.csv") == std::vector<RecordedGame>{game});
    // Only the columns the game needs; an unfinished last hand; no hands at all.
    RecordedGame plain = testing::sheet_game();
    plain.hands.resize(1);
    plain.hands.push_back(testing::sheet_hand(Seat::East, {"", "", "3", "nil"}, {}));
    CHECK(write_sheet_csv({plain}).find(
              "hand,dealer,N_bid,E_bid,S_bid,W_bid,N_tricks,E_tricks,S_tricks,W_tricks\n1,N,4,3,"
              "nil,3,5,3,0,5\n2,E,,,3,nil,,,,\n") != std::string::npos);
    CHECK(read_sheet_csv(write_sheet_csv({plain}), "p.csv") == std::vector<RecordedGame>{plain});
    RecordedGame empty = testing::sheet_game();
    empty.hands.clear();
    CHECK(read_sheet_csv(write_sheet_csv({empty}), "e.csv") == std::vector<RecordedGame>{empty});
    CHECK(read_sheet_csv("", "none.csv").empty());
    CHECK(read_sheet_csv("\n,,,\n", "none.csv").empty());
}

TEST_CASE("A sheet reads as spreadsheets write it", "[csv][sheet]") {
    // Semicolons, CRLF, a byte order mark, quoted cells, padded rows, any case, blank rows,
    // the dealer as a detail with the deal passing to the left, a partnership's total.
    const std::string text =
        "\xEF\xBB\xBF"
        "Event;\"Club; night\";;\r\nDEALER;W;;\r\n;;;\r\n"
        "Hand;n_bid;e_bid;s_bid;w_bid;NS_Tricks;E_tricks;W_tricks;S_tricks\r\n"
        "1; 4 ;3;nil;3;5;3;5;0\r\n"
        "2;3;4;3;1;6;4;3;\r\n";
    RecordedGame g = read_one(text);
    CHECK(g.event == "Club; night");
    REQUIRE(g.hands.size() == 2);
    CHECK(g.hands[0].dealer == Seat::West);
    CHECK(g.hands[1].dealer == Seat::North);
    // West dealt: North bid first.
    CHECK(g.hands[0].bids ==
          std::vector<Bid>{Bid::tricks(4), Bid::tricks(3), Bid::nil(), Bid::tricks(3)});
    CHECK(g.hands[0].sheet.teams[0] == 5);
    CHECK(g.hands[0].sheet.seats[index(Seat::South)] == 0);
    CHECK_FALSE(g.hands[1].sheet.seats[index(Seat::South)].has_value());
    CHECK(score_game(g, g.rules).hands.size() == 2);
    // A dealer column may be left blank after the first hand: the deal passes to the left.
    RecordedGame d = read_one(
        "hand,dealer,N_bid,E_bid,S_bid,W_bid,N_tricks,E_tricks,S_tricks,W_tricks\n"
        "1,S,4,3,nil,3,5,3,0,5\n2,,4,3,2,3,4,3,2,4\n3,N,4,3,2,3,4,3,2,4\n");
    CHECK(d.hands[1].dealer == Seat::West);
    CHECK(d.hands[2].dealer == Seat::North);
    // A line break in a quoted note, and an old Mac's CR line ends.
    RecordedGame n = read_one(
        "hand,N_bid,E_bid,S_bid,W_bid,N_tricks,E_tricks,S_tricks,W_tricks,note\n"
        "1,4,3,nil,3,5,3,0,5,\"South's nil,\nat last\"\n");
    CHECK(n.hands[0].annotations.at(0).comment == "South's nil,\nat last");
    CHECK(read_one("hand,N_bid,E_bid,S_bid,W_bid,NS_tricks,EW_tricks\r1,4,3,3,3,7,6\r")
              .hands.size() == 1);
}

TEST_CASE("A CSV sheet refuses what it cannot hold", "[csv][sheet]") {
    CHECK_THROWS_AS(write_sheet_csv({testing::first_legal_game(preset("classic"), 1, 3)}),
                    CannotHold);
    CHECK(write_error({testing::first_legal_game(preset("classic"), 1, 3)}) ==
          "a .csv file holds a score sheet (bids and tricks only), but this game is recorded "
          "card by card");
    CHECK(write_error({testing::sheet_game(), testing::sheet_game()}) ==
          "a .csv score sheet holds one game, and there are 2: write each to a file of its own "
          "(spadework convert FILE@N out.csv)");
    RecordedGame noted = testing::sheet_game();
    noted.hands[1].annotations.push_back({Annotation::Target::Bid, 3, "!", ""});
    CHECK(write_error({noted}) == "a .csv score sheet has no place for the note on hand 2's bid 4");
    noted.hands[1].annotations = {{Annotation::Target::Hand, 0, "!?", "brave"}};
    CHECK(write_error({noted}) == "a .csv score sheet has no place for the glyph on hand 2");
}

TEST_CASE("A CSV sheet's faults are refused at their line and column", "[csv][sheet]") {
    const std::string header =
        "hand,dealer,N_bid,E_bid,S_bid,W_bid,N_tricks,E_tricks,S_tricks,W_tricks\n";
    CHECK(error_of(header + "1,N,4,3,nil,3,5,3,0,4\n") ==
          "sheet.csv:2:15: the tricks add up to 12, not 13: a hand of these rules has 13 (under "
          "classic rules, as the sheet has no 'rules' row)");
    CHECK(error_of("rules,casual\n" + header + "1,N,4,3,bnil,3,5,3,0,5\n") ==
          "sheet.csv:3:9: S bids bnil: these rules have no blind nil bid (under the rule set "
          "given at line 1)");
    CHECK(error_of("rules,classic bag_limit=x\n") ==
          "sheet.csv:1:15: rule bag_limit: 'x' is not a whole number");
    CHECK(error_of(header + "1,N,4,3,nil,3,5,three,0,5\n") ==
          "sheet.csv:2:17: expected a number of tricks, got 'three'");
    CHECK(error_of(header + "1,N,,3,nil,3,5,3,0,5\n") ==
          "sheet.csv:2:14: tricks before the bidding is complete (3 of the 4 bids)");
    CHECK(error_of(header + "1,N,4,3,nil,,5,3,0,5\n") ==
          "sheet.csv:2:5: N bids, but W, whose turn comes first, has no bid (the bidding goes "
          "round from the dealer's left)");
    CHECK(error_of(header + "1,N,4,,nil,3,5,3,0,5\n") ==
          "sheet.csv:2:8: S bids, but E, whose turn comes first, has no bid (the bidding goes "
          "round from the dealer's left)");
    CHECK(error_of(header + "2,N,4,3,nil,3,5,3,0,5\n") ==
          "sheet.csv:2:1: the first hand is numbered 1, not 2");
    CHECK(error_of("evnt,x\n") ==
          "sheet.csv:1:1: expected a detail row (event, site, date, table, north, east, south, "
          "west, rules, dealer, comment, tag) or the header row, which starts with 'hand'; got "
          "'evnt'");
    CHECK(error_of("event,x\nnorth,Ann\n") ==
          "sheet.csv:3:1: no header row: a score sheet names its columns in a row that starts "
          "with 'hand' (hand,N_bid,E_bid,S_bid,W_bid,N_tricks,E_tricks,S_tricks,W_tricks)");
    CHECK(error_of("hand,N_bid,E_bid,S_bid,W_bid,N_tricks,E_tricks,S_tricks\n") ==
          "sheet.csv:1:1: the header gives no tricks for W: add W_tricks (the seat's) or "
          "EW_tricks (the partnership's)");
    CHECK(error_of("hand,N_bid,E_bid,S_bid,W_bid,NS_tricks,EW_tricks,N_bid\n") ==
          "sheet.csv:1:50: column N_bid given twice (first in cell 2)");
    CHECK(error_of("hand,N_bid,E_bid,S_bid,W_bid,NS_tricks,EW_tricks,score\n") ==
          "sheet.csv:1:50: unknown column 'score': the columns are hand, dealer, N_bid, E_bid, "
          "S_bid, W_bid, N_tricks, E_tricks, S_tricks, W_tricks, NS_tricks, EW_tricks, note");
    CHECK(error_of("event,\"Club\" night\n") ==
          "sheet.csv:1:14: text after the closing quote of a cell (a quote inside a quoted cell "
          "is written \"\")");
    CHECK(error_of("event,\"Club night\n") ==
          "sheet.csv:1:7: unterminated quote: no closing '\"' before the end of the file");
}
