// OpenSpiel's spades game: action lists, the printed state checked against the replay, the
// openspiel preset's scoring, and the writer. The records are written here for the tests.
#include <catch2/catch.hpp>
#include <string>

#include "located.h"
#include "spadework/engine/record.h"
#include "spadework/formats/error.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/openspiel.h"
#include "spadework/formats/warning.h"
#include "support/test_games.h"

using namespace spadework;
using namespace spadework::formats;

using spadework::testing::located;

namespace {

// A hand built to be worked out by hand. North holds every spade, East every heart, South every
// diamond, West every club (OpenSpiel deals the i-th card to player i mod 4: N E S W). Bids
// from North: nil, 1, 4, nil. North may lead its spades (it holds nothing else) and wins all
// 13 tricks: its nil fails with 13 tricks, which count for South's 4 (NS take 13: 40, and 9
// overtricks), so NS score 40 + 9 - 100 = -51; EW's contract of 1 fails (-10) and West's nil
// is made (+100): EW score 90.
std::string failed_nil_actions(const std::string& sep) {
    std::string out;
    auto add = [&](int id) { out += (out.empty() ? "" : sep) + std::to_string(id); };
    for (int r = 0; r < 13; ++r) {
        add(39 + r);  // N: spades 2..A
        add(26 + r);  // E: hearts
        add(13 + r);  // S: diamonds
        add(r);       // W: clubs
    }
    add(52);  // N nil
    add(53);  // E 1
    add(56);  // S 4
    add(52);  // W nil
    for (int t = 0; t < 13; ++t) {
        add(51 - t);  // N: its highest spade left
        add(38 - t);  // E: a heart
        add(25 - t);  // S: a diamond
        add(12 - t);  // W: a club
    }
    return out;
}

// The printed state of that hand, as OpenSpiel's ToString lays it out, written for the test.
std::string printed_state(const std::string& score_line) {
    std::string ranks = "AKQJT98765432";
    std::string s;
    s += "        S " + ranks + "\n        H \n        D \n        C \n";
    s += "S               S \n";
    s += "H               H " + ranks + "\n";
    s += "D               D \n";
    s += "C " + ranks + " C \n";
    s += "        S \n        H \n        D " + ranks + "\n        C \n\n";
    s += "North East  South  West        \nNil   1     4     Nil   \n\n";
    s += "Tricks taken:\n\nNorth East  South  West\n13    0     0     0     \n\n";
    s += score_line + "\n";
    s += "IsTerminal() = True\n";
    s += "History() = [" + failed_nil_actions(", ") + "]\n";
    return s;
}

}  // namespace

TEST_CASE("OpenSpiel actions: a failed nil replays to the tricks and scores worked out by hand",
          "[openspiel]") {
    auto games = read_openspiel(failed_nil_actions(", ") + "\n", "nil.openspiel");
    REQUIRE(games.size() == 1);
    const RecordedGame& game = games[0];
    CHECK(game.rules == preset("openspiel"));
    REQUIRE(game.hands.size() == 1);
    const RecordedHand& hand = game.hands[0];
    CHECK(hand.dealer == Seat::West);  // North, OpenSpiel's player 0, bids and leads first
    CHECK(hand.deal[Seat::North] == kFullDeck.of_suit(Suit::Spades));
    CHECK(hand.deal[Seat::West] == kFullDeck.of_suit(Suit::Clubs));
    CHECK(hand.bids == std::vector<Bid>{Bid::nil(), Bid::tricks(1), Bid::tricks(4), Bid::nil()});
    auto outcome = hand_outcome(game, 0);
    REQUIRE(outcome);
    CHECK(outcome->tricks == std::array<int, 4>{13, 0, 0, 0});
    ScoredGame scored = score_game(game, game.rules);
    REQUIRE(scored.hands.size() == 1);
    CHECK(scored.hands[0].after[index(Team::NS)].score == -51);
    CHECK(scored.hands[0].after[index(Team::NS)].bags == 9);
    CHECK(scored.hands[0].after[index(Team::EW)].score == 90);
    CHECK_FALSE(scored.result);  // one hand does not end a game to 500
}

TEST_CASE("The worked OpenSpiel record goes through every format that holds it and back unchanged",
          "[openspiel]") {
    const auto games = read_openspiel(failed_nil_actions(", ") + "\n", "nil.openspiel");
    int through = 0;
    for (const GameFormat& format : game_formats()) {
        INFO(format.name);
        if (format.holds == GameFormat::Holds::OneScoreSheet) {
            CHECK_THROWS_AS(format.format(games), CannotHold);  // a sheet has no cards
            continue;
        }
        CHECK(format.parse(format.format(games), "back") == games);
        ++through;
    }
    CHECK(through == 6);  // .spades, .pb, .textproto, .json, .openspiel, .ptn
}

TEST_CASE("OpenSpiel ids read the same comma- or space-separated, in brackets or not",
          "[openspiel]") {
    auto commas = read_openspiel(failed_nil_actions(",") + "\n", "a.openspiel");
    auto spaces =
        read_openspiel("# a comment\n\n" + failed_nil_actions("  ") + "\n", "b.openspiel");
    auto brackets = read_openspiel("[" + failed_nil_actions(", ") + "]", "c.openspiel");
    CHECK(commas == spaces);
    CHECK(commas == brackets);
    // One game a line.
    auto two = read_openspiel(failed_nil_actions(" ") + "\n" + failed_nil_actions(",") + "\n",
                              "two.openspiel");
    CHECK(two.size() == 2);
    // A tag comment names the game; without a [Rules] tag it keeps OpenSpiel's own rules.
    auto named = read_openspiel("# [Event \"club night\"]\n" + failed_nil_actions(",") + "\n",
                                "named.openspiel");
    CHECK(named[0].event == "club night");
    CHECK(named[0].rules == preset("openspiel"));
}

TEST_CASE("OpenSpiel's printed state is read and checked against the replay", "[openspiel]") {
    auto games = read_openspiel(printed_state("Score: N/S -51 E/W 90"), "state.txt");
    REQUIRE(games.size() == 1);
    CHECK(games[0] == read_openspiel(failed_nil_actions(","), "x")[0]);
    // A playthrough's lines carry "# " before the diagram; earlier states of the same hand
    // (a History() the next one continues) are left for the last.
    std::string playthrough = "# State 0\nHistory() = [39, 26]\n";
    std::string body = printed_state("Score: N/S -51 E/W 90");
    std::string commented;
    for (std::size_t i = 0, j; i < body.size(); i = j + 1) {
        j = body.find('\n', i);
        std::string line = body.substr(i, j - i);
        commented +=
            (line.rfind("History", 0) == 0 || line.rfind("IsTerminal", 0) == 0 ? "" : "# ") + line +
            "\n";
    }
    auto again = read_openspiel(playthrough + commented, "playthrough.txt");
    REQUIRE(again.size() == 1);
    CHECK(again[0] == games[0]);
}

TEST_CASE("A state printed before the bidding is over is left out with a warning", "[openspiel]") {
    WarningCapture warnings;
    const std::string actions = failed_nil_actions(", ");
    // The first 54 ids: the deal and two bids.
    std::size_t cut = 0;
    for (int i = 0; i < 54; ++i) cut = actions.find(", ", cut) + 2;
    const std::string early = "History() = [" + actions.substr(0, cut - 2) + "]\n";
    // After a whole hand, a state printed in the middle of another one's bidding (the same
    // deal bid otherwise: no continuation of the first).
    std::string other = early;
    other.replace(other.rfind("52, 53"), 6, "53, 53");
    auto games = read_openspiel(printed_state("Score: N/S -51 E/W 90") + other, "early.txt");
    CHECK(games.size() == 1);
    REQUIRE(warnings.warnings().size() == 1);
    CHECK(warnings.warnings()[0].text() ==
          "early.txt:25:1: warning: History() gives 54 actions, before the deal (52) and the bids "
          "(4) are done: left out");
}

TEST_CASE("A printed score, diagram, bid or trick count the replay does not give is an error there",
          "[openspiel]") {
    // The score line is line 22; E/W's points start at column 20.
    CHECK(located([] { read_openspiel(printed_state("Score: N/S -51 E/W 91"), "s.txt"); }) ==
          "22:20 EW scored 90 under openspiel rules, not the 91 printed (the history says "
          "otherwise)");
    std::string diagram = printed_state("Score: N/S -51 E/W 90");
    diagram.replace(diagram.find("S AKQJT98765432"), 15, "S AKQJT9876543 ");
    CHECK(located([&] { read_openspiel(diagram, "d.txt"); }) ==
          "1:9 North's spades are printed 'AKQJT9876543', not 'AKQJT98765432' (the history says "
          "otherwise)");
    std::string bids = printed_state("Score: N/S -51 E/W 90");
    bids.replace(bids.find("Nil   1     4"), 13, "Nil   2     4");
    CHECK(located([&] { read_openspiel(bids, "b.txt"); }) ==
          "15:7 East's bid is printed '2', not 1 (the history says otherwise)");
    std::string tricks = printed_state("Score: N/S -51 E/W 90");
    tricks.replace(tricks.find("13    0     0"), 12, "12    1     0");
    CHECK(located([&] { read_openspiel(tricks, "t.txt"); }) ==
          "20:1 North is printed with 12 tricks taken, not 13 (the history says otherwise)");
}

TEST_CASE("OpenSpiel's game parameters set the rules: a win bonus at a lower threshold",
          "[openspiel]") {
    // win_threshold=40: EW's 90 reaches it, so OpenSpiel adds win_or_loss_bonus (200) to EW's
    // return: 290. The openspiel preset does the same with target=40 and end_bonus=200.
    std::string text =
        "GetParameters() = {mercy_threshold=-350,num_tricks=2,use_mercy_rule=True,"
        "win_or_loss_bonus=200,win_threshold=40}\n" +
        printed_state("Score: N/S -51 E/W 290");
    auto games = read_openspiel(text, "bonus.txt");
    REQUIRE(games.size() == 1);
    CHECK(games[0].rules.target == 40);
    ScoredGame scored = score_game(games[0], games[0].rules);
    REQUIRE(scored.result);
    CHECK(scored.result->winner == Team::EW);
    CHECK(scored.result->final[index(Team::EW)].score == 290);
    CHECK(scored.result->final[index(Team::NS)].score == -51);
    CHECK(scored.hands[0].after[index(Team::EW)].score == 90);  // the hand's own points
}

TEST_CASE("OpenSpiel action lists that cannot be a hand are errors at the action", "[openspiel]") {
    std::string good = failed_nil_actions(" ");
    auto at = [&](std::string text) {
        return located([&] { read_openspiel(text, "bad.openspiel"); });
    };
    CHECK(at("x 1 2") ==
          "1:1 'x' is not an action id: OpenSpiel's ids are 0..51 (cards) and 52..65 (nil, bids "
          "of 1..13)");
    CHECK(at("39 39") == "1:4 2S (39) is dealt twice (first at column 1)");
    CHECK(at("0 1 2") == "1:6 the line stops in the deal: 3 of OpenSpiel's 52 deal actions");
    // The first bid (after 52 deal ids) made 66: out of range.
    std::string bid = good;
    std::size_t at_bid = 0;
    for (int i = 0; i < 52; ++i) at_bid = bid.find(' ', at_bid) + 1;
    bid.replace(at_bid, 2, "66");
    CHECK(at(bid).find("bid 1 is 66: bids are 52 (nil) and 53..65 (1..13 tricks)") !=
          std::string::npos);
    // North's first play swapped for a heart it does not hold.
    std::string play = good;
    std::size_t at_play = 0;
    for (int i = 0; i < 56; ++i) at_play = play.find(' ', at_play) + 1;
    play.replace(at_play, 2, "38");
    std::string message = at(play);
    CHECK(message.find("1:" + std::to_string(at_play + 1) + " ") == 0);
    INFO(message);
    CHECK(message.find("trick 1: AH played by N, who does not hold it") != std::string::npos);
}

TEST_CASE("OpenSpiel files round trip a classic game, its dealers and its tags", "[openspiel]") {
    RecordedGame game = testing::openspiel_legal_game(4, 11);
    game.tags.emplace_back("Note", "say \"hi\"");
    std::string text = write_openspiel({game});
    CHECK(read_openspiel(text, "rt.openspiel") == std::vector<RecordedGame>{game});
    // Player 0 is the seat left of each hand's dealer: hand 2, dealt by East, starts with South.
    CHECK(text.find("# [Dealer \"E\"]") != std::string::npos);
    // A blind nil has no action id.
    RecordedGame blind = game;
    blind.hands[0].bids[0] = Bid::blind_nil();
    CHECK_THROWS_WITH(write_openspiel({blind}),
                      Catch::Contains("game 1, hand 1: OpenSpiel has no action for a blind bid"));
    // A spade led from a hand with other suits: classic allows it once spades are broken,
    // OpenSpiel's game never does, so the game would not load there.
    CHECK_THROWS_WITH(
        write_openspiel({testing::first_legal_game(preset("classic"), 4, 11)}),
        Catch::Contains("game 1, hand 1: OpenSpiel's own rules do not allow it: trick 5: W led "
                        "TS before spades were broken"));
}
