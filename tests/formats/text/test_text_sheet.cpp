// Score sheets in the .spades text log: a game tagged [Record "score sheet"] whose hands are a
// dealer, the bids and a 'tricks' line. They round-trip in canonical form, read as people write
// them, and every fault is refused at its line and column.
#include <catch2/catch.hpp>

#include "spadework/formats/error.h"
#include "spadework/formats/text_log.h"
#include "support/sheet_games.h"

using namespace spadework;
using namespace spadework::formats;

namespace {

// The error reading `text` gives, or "" when it reads.
std::string error_of(const std::string& text) {
    try {
        read_text_log(text, "sheet.spades");
    } catch (const FormatError& e) {
        return e.what();
    }
    return "";
}

// A sheet of one hand, its hand lines after the game's (lines 1-3) and hand tags (4-5).
std::string one_hand(const std::string& lines) {
    return "[Event \"x\"]\n[Record \"score sheet\"]\n\n[Hand \"1\"]\n[Dealer \"N\"]\n" + lines;
}

}  // namespace

TEST_CASE("A score sheet round-trips through the text log in canonical form", "[text_log][sheet]") {
    const RecordedGame game = testing::sheet_game();
    const std::string text = write_text_log({game});
    CHECK(text.find("[Rules \"classic\"]\n[Record \"score sheet\"]\n") != std::string::npos);
    CHECK(text.find("[Deal ") == std::string::npos);
    CHECK(text.find("bids E:3 S:nil W:3 N:4\ntricks N=5 E=3 S=0 W=5\n") != std::string::npos);
    CHECK(text.find("tricks W=1 NS=7 EW=6\n") != std::string::npos);
    CHECK(text.find("tricks NS=4 EW=9\n") != std::string::npos);
    std::vector<RecordedGame> back = read_text_log(text, "sheet.spades");
    REQUIRE(back.size() == 1);
    CHECK(back[0] == game);
    CHECK(write_text_log(back) == text);
    // An unfinished last hand (bids only) and a game with no hands yet.
    RecordedGame open = game;
    open.hands.push_back(testing::sheet_hand(Seat::North, {"3", "nil", "", ""}, {}));
    RecordedGame empty = game;
    empty.hands.clear();
    std::vector<RecordedGame> both = {open, empty};
    CHECK(read_text_log(write_text_log(both), "two.spades") == both);
}

TEST_CASE("A score sheet reads as people write it", "[text_log][sheet]") {
    // Bids without seats, any case, seats by name, a partnership as SN, comments.
    std::vector<RecordedGame> games = read_text_log(
        one_hand("BIDS 3 nil 3 4  ; E S W N\nTricks W=5 north=5 sn=5 e=3 S=0 {tight}\n"),
        "hand.spades");
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].hands.size() == 1);
    const RecordedHand& h = games[0].hands[0];
    CHECK(h.sheet.seats == std::array<std::optional<int>, 4>{5, 3, 0, 5});
    CHECK(h.sheet.teams[0] == 5);
    CHECK(h.annotations.at(0).comment == "tight");
    CHECK(h.bids == std::vector<Bid>{Bid::tricks(3), Bid::nil(), Bid::tricks(3), Bid::tricks(4)});
}

TEST_CASE("A score sheet's faults are refused at their line and column", "[text_log][sheet]") {
    // The tricks as a whole, at the line; a seat's, at its entry (or its partnership's).
    CHECK(error_of(one_hand("bids 3 nil 3 4\ntricks N=5 E=3 S=0 W=4\n")) ==
          "sheet.spades:7:1: the tricks add up to 12, not 13: a hand of these rules has 13 "
          "(under classic rules, as the game at line 1 has no [Rules] tag)");
    CHECK(error_of(one_hand("bids 3 nil 3 4\ntricks E=3 W=5 NS=5\n")) ==
          "sheet.spades:7:16: S bid nil, so S's own tricks are needed beside NS's total (a nil "
          "is made or failed by its bidder alone)");
    CHECK(error_of(one_hand("bids 3 nil 3 4\ntricks N=5 S=0 W=5\n")) ==
          "sheet.spades:7:1: the sheet gives no tricks for E: give each seat's tricks, or the "
          "partnership's (EW)");
    CHECK(error_of(one_hand("bids 3 nil 3 4\ntricks N=5 E=3 S=0 W=5 NS=6\n")) ==
          "sheet.spades:7:24: N and S took 5 tricks between them, but NS's total is 6");
    CHECK(error_of(one_hand("bids 3 nil 3 4\ntricks N=14 E=0 S=0 W=0\n")) ==
          "sheet.spades:7:8: N takes 14 tricks: a hand has 13");
    // Bids, as in a full record.
    CHECK(error_of(one_hand("bids E:14 S:nil W:3 N:4\ntricks N=5 E=3 S=0 W=5\n")) ==
          "sheet.spades:6:8: E bids 14: bid 14 is out of range: bids are nil or 1..13 (under "
          "classic rules, as the game at line 1 has no [Rules] tag)");
    CHECK(error_of(one_hand("bids 3 nil\ntricks N=5 E=3 S=0 W=5\n")) ==
          "sheet.spades:7:8: tricks before the bidding is complete (2 of the 4 bids)");
    // Lines and tags a score sheet does not have, and a 'tricks' line in a full record.
    CHECK(error_of(one_hand("bids 3 nil 3 4\n1 E: AH 5H 3H 2H\n")) ==
          "sheet.spades:7:1: the trick line in a score sheet, which has no cards (the game is a "
          "score sheet by its [Record] tag at line 2)");
    CHECK(error_of(one_hand("[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
                            "...AKQJT98765432\"]\n")) ==
          "sheet.spades:6:1: a score sheet has no deal, but hand 1 gives one (the game is a score "
          "sheet by its [Record] tag at line 2)");
    CHECK(error_of("[Event \"x\"]\n\n[Hand \"1\"]\n[Dealer \"N\"]\n[Deal \"N:AKQJT98765432... "
                   ".AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\ntricks N=13\n") ==
          "sheet.spades:6:1: a 'tricks' line belongs to a score sheet (a game tagged [Record "
          "\"score sheet\"]); this game records its cards trick by trick");
    CHECK(error_of("[Event \"x\"]\n[Record \"scores\"]\n") ==
          "sheet.spades:2:10: [Record] is \"score sheet\" (a game of bids and tricks, no cards) "
          "or \"full\", not 'scores'");
    // The words of the 'tricks' line, its order and its count.
    CHECK(error_of(one_hand("bids 3 nil 3 4\ntricks N=5 N=3\n")) ==
          "sheet.spades:7:12: N appears twice in the 'tricks' line");
    CHECK(error_of(one_hand("bids 3 nil 3 4\ntricks N5\n")) ==
          "sheet.spades:7:8: expected a count like N=5 or NS=8, got 'N5'");
    CHECK(error_of(one_hand("bids 3 nil 3 4\ntricks\n")) ==
          "sheet.spades:7:1: the 'tricks' line gives each seat's tricks, like tricks N=5 E=3 "
          "S=0 W=5 (or a partnership's, NS=8)");
    CHECK(error_of(one_hand("tricks N=5 E=3 S=0 W=5\nbids 3 nil 3 4\n")) ==
          "sheet.spades:7:1: the 'bids' line out of order: it follows the 'tricks' line at line "
          "6 (a score sheet's hand goes bids, tricks)");
    CHECK(error_of(one_hand("bids 3 nil 3 4\ntrick N=5\n")) ==
          "sheet.spades:7:1: expected a tag, a comment or a line of a score sheet's hand (bids "
          "or tricks), got 'trick'");
    // An unfinished hand with another after it.
    CHECK(error_of(one_hand("bids 3 nil 3 4\n\n[Hand \"2\"]\n[Dealer \"E\"]\nbids 3 3 3 "
                            "3\ntricks N=3 E=4 S=3 W=3\n")) ==
          "sheet.spades:4:1: hand 1 is unfinished, but more hands follow it");
}
