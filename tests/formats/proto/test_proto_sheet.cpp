// Score sheets in the protobuf forms: Game.record SCORE_SHEET, each hand's tricks in
// Hand.sheet. They read back equal in every encoding, and faults point at the field.
#include <catch2/catch.hpp>

#include "spadework/formats/error.h"
#include "spadework/formats/proto_io.h"
#include "support/sheet_games.h"

using namespace spadework;
using namespace spadework::formats;

namespace {

std::string error_of(auto&& read) {
    try {
        read();
    } catch (const FormatError& e) {
        return e.what();
    }
    return "no error";
}

// A sheet of one classic hand as people would write it in text format (lines 1-9).
const std::string kSheet = R"(record: SCORE_SHEET
hands {
  dealer: NORTH
  bids { tricks: 3 }
  bids { nil: true }
  bids { tricks: 3 }
  bids { tricks: 4 }
  sheet { north: 5 east: 3 south: 0 west: 5 }
}
)";

std::string sheet_with(const std::string& from, const std::string& to) {
    std::string text = kSheet;
    text.replace(text.find(from), from.size(), to);
    return text;
}

std::string textproto_error(const std::string& text) {
    return error_of([&] { read_textproto(text, "s.textproto"); });
}

}  // namespace

TEST_CASE("A score sheet reads back equal in every protobuf form", "[proto][sheet]") {
    RecordedGame game = testing::sheet_game();
    RecordedGame open = game;
    open.hands.push_back(testing::sheet_hand(Seat::North, {"3", "nil", "", ""}, {}));
    const std::vector<RecordedGame> games = {game, open};
    CHECK(read_pb(write_pb(games), "s.pb") == games);
    CHECK(decode_game(encode_game(game), "g.pb") == game);
    CHECK(read_textproto(write_textproto(games), "s.textproto") == games);
    CHECK(read_json(write_json(games), "s.json") == games);
    // The forms say what the game is, with each hand's tricks and no deal.
    const std::string text = write_textproto({game});
    CHECK(text.find("record: SCORE_SHEET") != std::string::npos);
    CHECK(text.find("deal:") == std::string::npos);
    CHECK(text.find("sheet {\n    west: 1\n    ns: 7\n    ew: 6\n  }") != std::string::npos);
    const std::string json = write_json({game});
    CHECK(json.find("\"record\": \"SCORE_SHEET\"") != std::string::npos);
    // A full record writes neither.
    RecordedGame full = game;
    full.kind = RecordKind::Full;
    full.hands.clear();
    CHECK(write_textproto({full}).find("record") == std::string::npos);
}

TEST_CASE("A score sheet in text format reads as written", "[proto][sheet]") {
    std::vector<RecordedGame> games = read_textproto(kSheet, "s.textproto");
    REQUIRE(games.size() == 1);
    CHECK(games[0].score_sheet());
    REQUIRE(games[0].hands.size() == 1);
    CHECK(games[0].hands[0].sheet.seats == std::array<std::optional<int>, 4>{5, 3, 0, 5});
    CHECK(score_game(games[0], games[0].rules).hands.at(0).score[Team::NS].delta == 141);
}

TEST_CASE("A score sheet's faults in protobuf point at the field", "[proto][sheet]") {
    CHECK(textproto_error(sheet_with("west: 5", "west: 4")) ==
          "s.textproto:8:3: game 1, hand 1, tricks: the tricks add up to 12, not 13: a hand of "
          "these rules has 13");
    CHECK(
        textproto_error(sheet_with("north: 5 east: 3 south: 0 west: 5", "ns: 5 east: 3 west: 5")) ==
        "s.textproto:8:11: game 1, hand 1, tricks of S: S bid nil, so S's own tricks are "
        "needed beside NS's total (a nil is made or failed by its bidder alone)");
    CHECK(textproto_error(sheet_with("east: 3", "east: 3 ew: 9")) ==
          "s.textproto:8:28: game 1, hand 1, tricks of EW: E and W took 8 tricks between them, "
          "but EW's total is 9");
    CHECK(textproto_error(sheet_with("  dealer: NORTH",
                                     "  dealer: NORTH\n  deal: \"N:AKQJT98765432... "
                                     ".AKQJT98765432.. ..AKQJT98765432. "
                                     "...AKQJT98765432\"")) ==
          "s.textproto:4:3: game 1, hand 1, deal: a score sheet has no deal: its hands hold bids "
          "and tricks only");
    CHECK(textproto_error(sheet_with("record: SCORE_SHEET", "record: FULL")) ==
          "s.textproto:2:1: game 1, hand 1, deal: the hand has no deal");
    CHECK(textproto_error(sheet_with("record: SCORE_SHEET", "")) ==
          "s.textproto:2:1: game 1, hand 1, deal: the hand has no deal");
    CHECK(error_of([] { read_json(R"({"record": 7})", "j.json"); }) ==
          "j.json:1:12: game 1, record: record: 7 is not one of FULL or SCORE_SHEET");
    // The binary form names the game, the hand and the entry.
    RecordedGame bad = testing::sheet_game();
    bad.hands[2].sheet.teams[1] = 8;
    CHECK(error_of([&] { read_pb(write_pb({bad}), "b.pb"); }) ==
          "b.pb: game 1, hand 3, tricks: the tricks add up to 12, not 13: a hand of these rules "
          "has 13");
}
