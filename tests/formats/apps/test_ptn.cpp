// Trickster Cards PTN: records written here for the tests from the format (tags, '%' comments,
// [Auction], [Play] with fixed seat columns, [GameOptionsJson]), replayed to tricks and scores
// worked out by hand, with jokers and deuces high too; the old exports' quirks; the decks not
// read.
#include <catch2/catch.hpp>
#include <string>

#include "located.h"
#include "spadework/engine/record.h"
#include "spadework/formats/error.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/ptn.h"
#include "spadework/formats/warning.h"
#include "support/test_games.h"

using namespace spadework;
using namespace spadework::formats;

using spadework::testing::located;

namespace {

const std::string kRanks = "AKQJT98765432";

// The trick lines of a hand where each seat holds one whole suit: the column seats' suits, from
// the ace down, one trick a line.
std::string tricks(const std::string& suits) {
    std::string out;
    for (char r : kRanks) {
        for (std::size_t k = 0; k < 4; ++k) {
            out += std::string(1, suits[k]) + r + (k < 3 ? " " : "\n");
        }
    }
    return out;
}

// Hand 1, dealt by East: North holds every spade, East every heart, South every diamond, West
// every club. South (left of the dealer) bids nil, West blind nil, North 13, East 1. South
// leads a diamond, North ruffs and then leads its spades: North takes all 13 tricks. NS: 13 bid
// and made (130) and South's nil (100): 230. EW: East's 1 set (-10), West's blind nil made
// (200): 190. The columns stay S W N E though North leads from trick 2.
std::string hand_one(const std::string& options) {
    return "[Event \"Trickster Cards: Spades - Team 2v2 to 500\"]\n"
           "[UTCDate \"2026.01.02\"]\n"
           "[UTCTime \"20:00:00\"]\n"
           "[GameCode \"Spades\"]\n"
           "[GameOptionsJson \"" +
           options +
           "\"]\n"
           "[GameScores \"S:0 0 0 0\"]\n"
           "[West \"Wen\"]\n[North \"Nia (Auto)\"]\n[East \"Eli (Auto)\"]\n[South \"Sol\"]\n"
           "[Dealer \"E\"]\n"
           "[Deal \"E:." +
           kRanks + ".. .." + kRanks + ". ..." + kRanks + " " + kRanks +
           "...\"]\n"
           "[Auction \"S\"]\nNil Blind Nil 13 1\n"
           "[Play \"S\"]\n" +
           tricks("DCSH") + "\n";
}

// Hand 2, dealt by South, the same holdings: West 1, North 12, East 1, South nil. West leads a
// club, North ruffs and takes every trick. NS: 12 made with 13 (120 + 1 overtrick) and the nil
// (100): 221, so 451 in all. EW: 2 set, -20: 170.
std::string hand_two(const std::string& options) {
    return "[Event \"Trickster Cards: Spades - Team 2v2 to 500\"]\n"
           "[UTCTime \"20:05:00\"]\n"
           "[GameOptionsJson \"" +
           options +
           "\"]\n"
           "[GameScores \"S:230 190 230 190\"]\n"
           "[West \"Wen\"]\n[North \"Nia (Auto)\"]\n[East \"Eli (Auto)\"]\n[South \"Sol\"]\n"
           "[Dealer \"S\"]\n"
           "[Deal \"S:.." +
           kRanks + ". ..." + kRanks + " " + kRanks + "... ." + kRanks +
           "..\"]\n"
           "[Auction \"W\"]\n1 12 1 Nil\n"
           "[Play \"W\"]\n" +
           tricks("CSHD") + "\n";
}

const std::string kOptions = R"({\"gameOverScore\":500,\"nilOrZero\":0})";

}  // namespace

TEST_CASE("PTN: a nil and a blind nil replay to the tricks and scores worked out by hand",
          "[ptn]") {
    WarningCapture warnings;
    auto games = read_ptn(hand_one(kOptions) + hand_two(kOptions), "two.ptn");
    CHECK(warnings.warnings().empty());
    REQUIRE(games.size() == 1);  // consecutive hands of one game
    const RecordedGame& game = games[0];
    CHECK(game.event == "Trickster Cards: Spades - Team 2v2 to 500");
    CHECK(game.date == "2026.01.02");
    CHECK(game.players == std::array<std::string, 4>{"Nia", "Eli", "Sol", "Wen"});
    CHECK(game.tags.front() == std::pair<std::string, std::string>{"Auto", "N E"});
    REQUIRE(game.hands.size() == 2);
    CHECK(game.hands[0].dealer == Seat::East);
    CHECK(game.hands[0].bids ==
          std::vector<Bid>{Bid::nil(), Bid::blind_nil(), Bid::tricks(13), Bid::tricks(1)});
    // The play order comes from the winners: North leads every trick after the first.
    CHECK(game.hands[0].cards[0] == Card(Rank::Ace, Suit::Diamonds));
    CHECK(game.hands[0].cards[4] == Card(Rank::King, Suit::Spades));
    CHECK(game.hands[0].cards[5] == Card(Rank::King, Suit::Hearts));
    auto outcome = hand_outcome(game, 0);
    REQUIRE(outcome);
    CHECK(outcome->tricks == std::array<int, 4>{13, 0, 0, 0});
    ScoredGame scored = score_game(game, game.rules);
    REQUIRE(scored.hands.size() == 2);
    CHECK(scored.hands[0].after[index(Team::NS)].score == 230);
    CHECK(scored.hands[0].after[index(Team::EW)].score == 190);
    CHECK(scored.hands[1].after[index(Team::NS)].score == 451);
    CHECK(scored.hands[1].after[index(Team::EW)].score == 170);
}

TEST_CASE("PTN options map to rule keys, and one that does not is a located warning", "[ptn]") {
    WarningCapture warnings;
    std::string options =
        R"({\"gameOverScore\":300,\"minBid\":1,\"tenForTwoHundred\":true,\"tenBagsPenalty\":false,)"
        R"(\"leadSpades\":2,\"nilPass\":2})";
    auto games = read_ptn(hand_one(options), "opts.ptn");
    const RuleSet& r = games[0].rules;
    CHECK(r.target == 300);
    CHECK(r.min_team_bid == 1);
    CHECK(r.big_contract == 10);
    CHECK(r.bag_limit == 0);
    CHECK(r.spades_lead == SpadesLead::Anytime);
    REQUIRE(warnings.warnings().size() == 1);
    CHECK(warnings.warnings()[0].text() ==
          "opts.ptn:5:19: warning: option nilPass=2 has no rule key here: left out (give the rules "
          "it was played by with --rules or --rule)");
}

TEST_CASE("PTN from an old export: each quirk is read with a located warning", "[ptn]") {
    WarningCapture warnings;
    std::string record = hand_one(R"({"gameOverScore":500})");  // quotes not escaped
    record.replace(record.find("[UTCTime \"20:00:00\"]"), 20, "[UTCTime \"20:00:00\"");
    std::string cut = "[Event \"cut\"]\n[Deal \"N:" + kRanks + "... ." + kRanks + ".. .." + kRanks +
                      ". ..." + kRanks + "\"]\n[Auction \"E\"]\n3 4\n";
    auto games = read_ptn("% PBN ---------------------------\n" + record + cut, "old.ptn");
    REQUIRE(games.size() == 1);
    CHECK(games[0].rules.target == 500);
    std::vector<std::string> texts;
    for (const FormatWarning& w : warnings.warnings()) texts.push_back(w.text());
    CHECK(texts == std::vector<std::string>{
                       "old.ptn:1:1: warning: a '% PBN' header (an old export): read as PTN",
                       "old.ptn:4:20: warning: tag [UTCTime] has no closing bracket (an old "
                       "export): read as if it had",
                       "old.ptn:6:20: warning: tag [GameOptionsJson] has unescaped quotes inside "
                       "its value (an old export): read up to the line's last quote",
                       "old.ptn:31:1: warning: the record is cut off part way (its auction stops "
                       "after 2 of 4 bids): left out"});
}

// A hand of the app's Joker-Joker-Deuce-Deuce deck (the 2H and the 2C out; BJ, LJ, 2D, 2S, AS
// on top), dealt by East: North holds thirteen trumps (both jokers, the 2D, and AKQJT98762 of
// spades), East the hearts and the 5S, South the diamonds and the 4S, West the clubs and the
// 3S. South bids nil, West blind nil, North 13, East 1. South leads the AD: North, with no diamond
// (its 2D is a trump), ruffs with the 6S, then leads the big joker (the others follow with their
// spades), the little joker, the 2D, the 2S and its spades down: all 13 tricks. NS: 13 made
// (130) and the nil (100), 230; EW: West's blind nil made (200) and East's 1 set (-10), 190.
std::string joker_hand(const std::string& event) {
    return "[Event \"Trickster Cards: Spades - Team 2v2 " + event +
           " to 500\"]\n"
           "[UTCDate \"2026.01.03\"]\n"
           "[GameScores \"S:0 0 0 0\"]\n"
           "[West \"Wen\"]\n[North \"Nia\"]\n[East \"Eli\"]\n[South \"Sol\"]\n"
           "[Dealer \"E\"]\n"
           "[Deal \"E:5.AKQJT9876543.. 4..AKQJT9876543. 3...AKQJT9876543 AKQJT98762..2..HL\"]\n"
           "[Auction \"S\"]\nNil Blind Nil 13 1\n"
           "[Play \"S\"]\n"
           "DA CA S6 HA\nS4 S3 JH S5\nDK CK JL HK\nDQ CQ D2 HQ\nDJ CJ S2 HJ\nDT CT SA HT\n"
           "D9 C9 SK H9\nD8 C8 SQ H8\nD7 C7 SJ H7\nD6 C6 ST H6\nD5 C5 S9 H5\nD4 C4 S8 H4\n"
           "D3 C3 S7 H3\n\n";
}

TEST_CASE("PTN with jokers and deuces high replays to the tricks and scores worked out by hand",
          "[ptn]") {
    auto games = read_ptn(joker_hand("Joker-Joker-Deuce-Deuce"), "jj.ptn");
    REQUIRE(games.size() == 1);
    const RecordedGame& game = games[0];
    CHECK(game.rules == make_rules("classic", {"jokers=on", "deuces_high=diamond_spade"}));
    const RecordedHand& hand = game.hands.at(0);
    CHECK(hand.deal[Seat::North].contains(kBigJoker));
    CHECK(hand.deal[Seat::North].contains(kLittleJoker));
    CHECK(hand.cards[4] == kBigJoker);  // North leads it to trick 2
    auto outcome = hand_outcome(game, 0);
    REQUIRE(outcome);
    CHECK(outcome->tricks == std::array<int, 4>{13, 0, 0, 0});
    ScoredGame scored = score_game(game, game.rules);
    CHECK(scored.hands.at(0).after[index(Team::NS)].score == 230);
    CHECK(scored.hands.at(0).after[index(Team::EW)].score == 190);
    CHECK(hand.bids[1] == Bid::blind_nil());
    // Written back: the jokers as the app writes them, and read back the same.
    const std::string text = write_ptn(games);
    CHECK(text.find("AKQJT98762..2..HL") != std::string::npos);
    CHECK(text.find("DK CK JL HK") != std::string::npos);
    CHECK(read_ptn(text, "back.ptn") == games);
}

TEST_CASE("The worked joker record goes through every format that holds it and back unchanged",
          "[ptn]") {
    const auto games = read_ptn(joker_hand("Joker-Joker-Deuce-Deuce"), "jj.ptn");
    int through = 0;
    for (const GameFormat& format : game_formats()) {
        INFO(format.name);
        // OpenSpiel has no jokers and no blind bid; a score sheet no cards: both refuse it.
        if (format.kind == FileKind::OpenSpiel ||
            format.holds == GameFormat::Holds::OneScoreSheet) {
            CHECK_THROWS_AS(format.format(games), CannotHold);
            continue;
        }
        CHECK(format.parse(format.format(games), "back") == games);
        ++through;
    }
    CHECK(through == 5);  // .spades, .pb, .textproto, .json, .ptn
}

TEST_CASE("PTN decks: each of the app's joker decks, and a deck not known refused", "[ptn]") {
    CHECK(read_ptn(joker_hand("Joker-Joker-Deuce-Deuce"), "a.ptn")[0].rules.deuces_high ==
          DeucesHigh::DiamondOverSpade);
    // Under Joker-Joker-Deuce-Ace the 2D is a diamond and only the 2S ranks high; under
    // Joker-Joker-Ace no deuce does. (North's 6S on the AD is then a revoke, which a record
    // keeps as it happened.)
    RuleSet jjda = read_ptn(joker_hand("Joker-Joker-Deuce-Ace"), "b.ptn")[0].rules;
    CHECK((jjda.jokers && jjda.deuces_high == DeucesHigh::Spade));
    RuleSet jja = read_ptn(joker_hand("Joker-Joker-Ace"), "c.ptn")[0].rules;
    CHECK((jja.jokers && jja.deuces_high == DeucesHigh::Off));
    CHECK(jja.jokers_out == JokersOut::TwoHeartsTwoClubs);
    std::string deuces = hand_one(kOptions);
    deuces.replace(deuces.find("to 500"), 6, "Deuce-Deuce to 500");
    CHECK(located([&] { read_ptn(deuces, "dd.ptn"); }) ==
          "1:44 the game is played with deuces high (the 2s of spades and diamonds as top "
          "trumps) without jokers, which Spadework does not read from a PTN record");
    // A joker in a game without jokers is a card outside its deck.
    std::string joker_card = hand_one(kOptions);
    joker_card.replace(joker_card.find("DA CA SA HA"), 2, "JH");
    CHECK(located([&] { read_ptn(joker_card, "jh.ptn"); }).find("BJ") != std::string::npos);
}

TEST_CASE("PTN [Event]: 'min bid' is read, and words no rule reads are warned at", "[ptn]") {
    WarningCapture warnings;
    std::string record = hand_one(kOptions);
    record.replace(record.find("to 500"), 6, "to 500, min bid 1, Cheshire");
    auto games = read_ptn(record, "ev.ptn");
    CHECK(games[0].rules.min_team_bid == 1);
    REQUIRE(warnings.warnings().size() == 1);
    CHECK(warnings.warnings()[0].text() ==
          "ev.ptn:1:63: warning: [Event] 'Cheshire' has no rule key here: left out (give the "
          "rules it was played by with --rules or --rule)");
}

TEST_CASE("PTN play: a card left out ('-') must end the play, else the next card is refused",
          "[ptn]") {
    // Trick 5 (tens, North leading): West's card, the trick's last, is left out, and trick 6
    // (line 21) goes on.
    std::string gap = hand_one(kOptions);
    gap.replace(gap.find("DT CT ST HT"), 11, "DT - ST HT");
    CHECK(located([&] { read_ptn(gap, "gap.ptn"); }) ==
          "21:1 a card after the play stopped: trick 5 has no card ('-') of W, and trick 6 goes "
          "on");
}

TEST_CASE(
    "PTN: a hand cut off in its play and followed by the game's next hand is left out "
    "with a warning",
    "[ptn]") {
    WarningCapture warnings;
    std::string one = hand_one(kOptions);
    one.erase(one.find("D9 C9 S9 H9"));  // the play stops after trick 5
    one += "\n";
    auto games = read_ptn(one + hand_two(kOptions), "cut.ptn");
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].hands.size() == 1);
    CHECK(games[0].hands[0].dealer == Seat::South);  // hand two
    REQUIRE(warnings.warnings().size() == 1);
    CHECK(warnings.warnings()[0].text() ==
          "cut.ptn:1:1: warning: the record is cut off part way (its play stops after 20 of 52 "
          "cards, and the game goes on in the next record): left out");
    // Alone, the same record is a hand not finished: read as it stands, and said.
    WarningCapture alone;
    CHECK(read_ptn(one, "one.ptn")[0].hands[0].cards.size() == 20);
    REQUIRE(alone.warnings().size() == 1);
    CHECK(alone.warnings()[0].text() ==
          "one.ptn:1:1: warning: the record's play stops after 20 "
          "of 52 cards: read as a hand not played out");
}

TEST_CASE(
    "PTN: a record cut in its last trick line is left out and a short line before more is an "
    "error",
    "[ptn]") {
    WarningCapture warnings;
    std::string cut = hand_two(kOptions);
    cut.erase(cut.find("CT ST HT DT") + 5);  // trick 5 stops after two columns
    auto games = read_ptn(hand_one(kOptions) + cut + "\n", "short.ptn");
    REQUIRE(games.size() == 1);
    CHECK(games[0].hands.size() == 1);
    REQUIRE(warnings.warnings().size() == 1);
    CHECK(warnings.warnings()[0].text() ==
          "short.ptn:30:1: warning: the record is cut off part way (its trick line 5 has 2 of its "
          "4 columns): left out");
    std::string middle = hand_one(kOptions);
    middle.replace(middle.find("DT CT ST HT"), 11, "DT CT");
    CHECK(located([&] { read_ptn(middle, "m.ptn"); }) ==
          "20:4 trick line 5 has 2 of its 4 columns (a card not played is '-')");
}

TEST_CASE("PTN: the app's words and options for decks and blind bids", "[ptn]") {
    WarningCapture warnings;
    // The joker hand, its deck named by the option alone (variation 3) and its Event with the
    // app's other words; West bids 1, not blind (a blind bid only when losing by 250).
    std::string record = joker_hand("Team");
    record.replace(record.find(" to 500"), 7,
                   " to 500, \xE2\x88\x92"
                   "10x bid if set, min bid 1, Blind 6+ if losing by 250");
    record.replace(record.find("[UTCDate"), 0,
                   "[GameOptionsJson \"{\\\"variation\\\":3,\\\"failBidScoring\\\":1}\"]\n");
    record.replace(record.find("Nil Blind Nil 13 1"), 18, "Nil 1 13 1");
    const RuleSet rules = read_ptn(record, "w.ptn")[0].rules;
    CHECK(rules.jokers);
    CHECK(rules.deuces_high == DeucesHigh::DiamondOverSpade);
    CHECK(rules.failed_contract == FailedContract::MinusBid);
    CHECK(rules.min_team_bid == 1);
    CHECK(rules.blind_bid_min == 6);
    CHECK(rules.blind_behind == 250);
    CHECK(warnings.warnings().empty());  // every word read, the "−10" with its words
}

TEST_CASE("PTN: a record whose last line is cut in the middle of a tag is left out with a warning",
          "[ptn]") {
    WarningCapture warnings;
    const std::string two = hand_two(kOptions);
    const std::string cut = two.substr(0, two.find("[Deal \"") + 12) + "\n";  // [Deal "S:..A
    auto games = read_ptn(hand_one(kOptions) + cut, "cut.ptn");
    REQUIRE(games.size() == 1);
    CHECK(games[0].hands.size() == 1);
    REQUIRE(warnings.warnings().size() == 1);
    CHECK(warnings.warnings()[0].text() ==
          "cut.ptn:30:1: warning: the record is cut off part way (its last line, 39, stops part "
          "way: tag [Deal]: the value's quote is not closed at column 13): left out");
    // Cut in the middle of the file, before the record's other lines, it is an error there.
    CHECK_THROWS_AS(read_ptn(hand_one(kOptions) + cut + two.substr(two.find("[Auction")), "x.ptn"),
                    FormatError);
}

TEST_CASE("PTN: a blind trick bid is read, under rules that allow it, with a warning", "[ptn]") {
    WarningCapture warnings;
    std::string record = hand_one(kOptions);
    record.replace(record.find("Nil Blind Nil 13 1"), 18, "Nil Blind Nil 13 Blind 5");
    auto games = read_ptn(record, "b5.ptn");
    CHECK(games[0].rules.blind_bid_min == 5);
    CHECK(games[0].hands[0].bids[3] == Bid::blind_tricks(5));
    REQUIRE(warnings.warnings().size() == 1);
    CHECK(warnings.warnings()[0].text().find("b5.ptn:14:18: warning: a blind trick bid (Blind 5) "
                                             "under rules that have none: read with "
                                             "blind_bid_min=5") == 0);
}

TEST_CASE("PTN deal: a card dealt twice is an error where it is written the second time", "[ptn]") {
    // East is given the ace of spades too: North's, written after it, is the second.
    std::string twice = hand_one(kOptions);
    twice.replace(twice.find("[Deal \"E:."), 10, "[Deal \"E:A.");
    const std::size_t line_start = twice.find("[Deal \"");
    const std::size_t north = twice.find(" AKQJT98765432...", line_start) + 1;
    CHECK(located([&] { read_ptn(twice, "d.ptn"); }) ==
          "12:" + std::to_string(north - line_start + 1) + " AS is dealt twice");
}

TEST_CASE("PTN cards played twice or not held are errors at the card", "[ptn]") {
    std::string twice = hand_one(kOptions);
    twice.replace(twice.find("DK CK SK HK"), 2, "DA");
    CHECK(located([&] { read_ptn(twice, "t.ptn"); }) ==
          "17:1 AD is played twice (first at line 16, column 1)");
    std::string not_held = hand_one(kOptions);
    // Trick 2: North, who led, swapped cards with East: North leads the KH it does not hold.
    not_held.replace(not_held.find("DK CK SK HK"), 11, "DK CK HK SK");
    std::string message = located([&] { read_ptn(not_held, "n.ptn"); });
    INFO(message);
    CHECK(message.rfind("17:7 ", 0) == 0);
    CHECK(message.find("does not hold KH") != std::string::npos);
}

TEST_CASE("PTN written by Spadework reads back to the same games", "[ptn]") {
    auto games = read_ptn(hand_one(kOptions) + hand_two(kOptions), "two.ptn");
    std::string text = write_ptn(games);
    CHECK(read_ptn(text, "again.ptn") == games);
    // Two games with the same event and players stay two.
    RecordedGame a = testing::first_legal_game(preset("classic"), 2, 5);
    RecordedGame b = testing::first_legal_game(preset("classic"), 1, 9);
    b.hands[0].bids[1] = Bid::blind_nil();
    CHECK(read_ptn(write_ptn({a, b}), "ab.ptn") == std::vector<RecordedGame>{a, b});
}
