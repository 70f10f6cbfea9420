#include <catch2/catch.hpp>

#include <fstream>
#include <optional>

#include "spadework/engine/deal.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/record.h"
#include "spadework/formats/error.h"
#include "spadework/formats/text_log.h"

using namespace spadework;
using namespace spadework::formats;

namespace {

// Each seat holds one suit: N spades, E hearts, S diamonds, W clubs. With N dealing, E leads
// a heart and N trumps it; N then leads spades (an all-spade hand may) and wins every trick.
const std::string kSuits = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";

// How a test hand is played: the engine deals from the seed and every choice is the
// legal one picked by the seed, so the hands are legal and repeatable.
struct Plan {
    std::uint64_t seed = 1;
    Seat dealer = Seat::North;
    std::vector<Bid> bids;  // wanted bids, in order; an illegal one falls back to a legal one
    int tricks = 13;        // complete tricks to play
    int extra_cards = 0;    // cards of the next trick, for an unfinished hand
    bool claim = false;     // the leader claims the rest after `tricks` tricks
};

RecordedHand play_hand(const RuleSet& rules, const Plan& plan) {
    RecordedHand hand;
    hand.dealer = plan.dealer;
    hand.deal = deal_from_seed(plan.seed, rules.deck(), plan.dealer);
    HandState state(rules, plan.dealer, hand.deal);
    while (state.phase() == Phase::Pass) {
        Seat s = state.to_act();
        CardSet give;
        for (Card c : state.hand(s)) {
            if (give.size() < rules.pass_cards) give.insert(c);
        }
        state.pass(s, give);
        hand.passes[index(s)] = give;
    }
    while (state.phase() == Phase::Bid) {
        std::size_t i = hand.bids.size();
        std::vector<Bid> legal = state.legal_bids();
        Bid bid = legal[(plan.seed + i) % legal.size()];
        if (i < plan.bids.size() && !state.check_bid(state.to_act(), plan.bids[i])) {
            bid = plan.bids[i];
        }
        state.bid(state.to_act(), bid);
        hand.bids.push_back(bid);
    }
    while (state.phase() == Phase::Exchange) {
        Seat s = state.to_act();
        CardSet give;
        for (Card c : state.hand(s)) {
            if (give.size() < rules.blind_nil_exchange) give.insert(c);
        }
        state.exchange(s, give);
        hand.exchanges[index(s)] = give;
    }
    int cards = 4 * plan.tricks + plan.extra_cards;
    while (state.phase() == Phase::Play && static_cast<int>(state.play_record().size()) < cards) {
        std::vector<Card> legal;
        for (Card c : state.legal_cards()) legal.push_back(c);
        state.play(legal[(plan.seed * 7 + state.play_record().size()) % legal.size()]);
    }
    for (const PlayedCard& p : state.play_record()) hand.cards.push_back(p.card);
    if (plan.claim && state.phase() == Phase::Play) {
        Claim claim;
        claim.by = state.to_act();
        claim.tricks[index(claim.by)] = rules.hand_size() - state.tricks_played();
        hand.claim = claim;
    }
    return hand;
}

RecordedGame make_game(const RuleSet& rules, std::uint64_t seed, int hands) {
    RecordedGame game;
    game.event = "Club night " + std::to_string(seed);
    game.rules = rules;
    for (int h = 0; h < hands; ++h) {
        Plan plan;
        plan.seed = seed * 100 + static_cast<std::uint64_t>(h);
        plan.dealer = static_cast<Seat>(h % 4);
        game.hands.push_back(play_hand(rules, plan));
    }
    return game;
}

std::string error_of(std::string_view text) {
    try {
        read_text_log(text, "club.spades");
    } catch (const FormatError& e) {
        return e.what();
    }
    return "no error";
}

// Checks both round trips: the games come back equal, and the text comes back byte for byte.
void check_round_trip(const std::vector<RecordedGame>& games) {
    std::string text = write_text_log(games);
    INFO(text);
    std::vector<RecordedGame> back = read_text_log(text, "trip.spades");
    CHECK(back == games);
    CHECK(write_text_log(back) == text);
}

// The game of the documented layout: every tag, comments, annotations and a claim.
RecordedGame documented_game() {
    RecordedGame game;
    game.event = "Friday club";
    game.site = "Hall";
    game.date = "2026.11.20";
    game.table = "3";
    game.players = {"Ann", "Bob", "O'Brien", "Dee"};
    game.rules = make_rules("classic", {"bag_limit=5", "target=300"});
    game.tags = {{"Anything", "a \"quoted\" \\ value"}};
    game.comment = "A comment on the game";
    RecordedHand hand;
    hand.dealer = Seat::North;
    hand.deal = parse_pbn(kSuits);
    hand.bids = {Bid::nil(), Bid::tricks(2), Bid::nil(), Bid::tricks(11)};
    hand.cards = {parse_card("2H"), parse_card("2D"), parse_card("2C"), parse_card("2S"),
                  parse_card("3S"), parse_card("3H"), parse_card("3D"), parse_card("3C")};
    hand.claim = Claim{Seat::North, {11, 0, 0, 0}};
    using Target = Annotation::Target;
    hand.annotations = {{Target::Hand, 0, "", "A comment on the hand"},
                        {Target::Bid, 0, "!", "brave"},
                        {Target::Card, 4, "!?", "a fine {duck}, or not \\"}};
    game.hands.push_back(hand);
    return game;
}

const std::string kDocumented = R"([Event "Friday club"]
[Site "Hall"]
[Date "2026.11.20"]
[Table "3"]
[North "Ann"]
[East "Bob"]
[South "O'Brien"]
[West "Dee"]
[Rules "classic bag_limit=5 target=300"]
[Anything "a \"quoted\" \\ value"]
{A comment on the game}

[Hand "1"]
[Dealer "N"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
{A comment on the hand}
bids E:nil! {brave} S:2 W:nil N:11
1 E: 2H 2D 2C 2S
2 N: 3S!? {a fine {duck\}, or not \\} 3H 3D 3C
claim N: N=11 E=0 S=0 W=0

[Event ""]
[Rules "classic"]
)";

// The head of a one-hand game for the error tests: the bids are line 5, the tricks follow.
const std::string kHead = "[Event \"e\"]\n[Hand \"1\"]\n[Dealer \"N\"]\n[Deal \"" + kSuits +
                          "\"]\nbids E:nil S:2 W:nil N:11\n";

}  // namespace

TEST_CASE("the writer writes the documented layout", "[text_log]") {
    RecordedGame empty;
    empty.rules = preset("classic");
    CHECK(write_text_log({documented_game(), empty}) == kDocumented);
    CHECK(write_text_log({}) == "");
}

TEST_CASE("the documented layout reads back to the same games and bytes", "[text_log]") {
    std::vector<RecordedGame> games = read_text_log(kDocumented, "doc.spades");
    REQUIRE(games.size() == 2);
    CHECK(games[0] == documented_game());
    CHECK(games[1].event.empty());
    CHECK(games[1].hands.empty());
    CHECK(write_text_log(games) == kDocumented);
}

TEST_CASE("classic games round trip", "[text_log]") {
    check_round_trip({make_game(preset("classic"), 1, 4)});
}

TEST_CASE("paperless games with a pass round trip", "[text_log]") {
    RecordedGame game = make_game(preset("paperless"), 2, 5);
    REQUIRE(game.hands[0].passes[0].size() == 3);
    check_round_trip({game});
    std::string text = write_text_log({game});
    CHECK(text.find("[Rules \"paperless\"]\n") != std::string::npos);
    CHECK(text.find("\npass E:") != std::string::npos);  // hand 1: N deals, E passes first
}

TEST_CASE("a blind nil exchange round trips", "[text_log]") {
    RuleSet rules = make_rules("classic", {"blind_nil_exchange=2"});
    RecordedGame game;
    game.event = "Exchange";
    game.rules = rules;
    Plan plan;
    plan.seed = 5;
    plan.dealer = Seat::South;
    plan.bids = {Bid::blind_nil(), Bid::tricks(4), Bid::tricks(5), Bid::tricks(3)};
    game.hands.push_back(play_hand(rules, plan));
    REQUIRE(game.hands[0].exchanges[index(Seat::West)].size() == 2);
    REQUIRE(game.hands[0].exchanges[index(Seat::East)].size() == 2);
    check_round_trip({game});
    std::string text = write_text_log({game});
    CHECK(text.find("[Rules \"classic blind_nil_exchange=2\"]\n") != std::string::npos);
    CHECK(text.find("\nbids W:bnil N:4 E:5 S:3\nexchange W:") != std::string::npos);
}

TEST_CASE("claims and an unfinished last hand round trip", "[text_log]") {
    RuleSet rules = preset("classic");
    RecordedGame game;
    game.event = "Claims";
    game.rules = rules;
    Plan claim_early{7, Seat::East, {}, 5, 0, true};
    Plan claim_at_once{8, Seat::South, {}, 0, 0, true};
    Plan unfinished{9, Seat::West, {}, 6, 2, false};
    for (const Plan& plan : {claim_early, claim_at_once, unfinished}) {
        game.hands.push_back(play_hand(rules, plan));
    }
    REQUIRE(game.hands[0].claim);
    REQUIRE(game.hands[2].cards.size() == 26);
    check_round_trip({game});
    std::string text = write_text_log({game});
    CHECK(text.find("\n5 ") != std::string::npos);
    CHECK(text.find("\n7 ") != std::string::npos);  // the unfinished trick
}

TEST_CASE("annotations and comments with escapes round trip", "[text_log]") {
    RecordedGame game = make_game(preset("casual"), 3, 2);
    game.event = "Quotes \" and \\ and a\nline break";
    game.site = "[Hall] {2}; upstairs";
    game.players = {"Ann", "", "C\\D", ""};
    game.tags = {{"Scorer", "Eve"}, {"Empty", ""}, {"Scorer", "Fay"}};
    game.comment = "Braces } { and \\ and ; and a\nsecond line";
    using Target = Annotation::Target;
    game.hands[0].annotations = {{Target::Hand, 0, "?!", ""},
                                 {Target::Bid, 1, "", "} \\ {"},
                                 {Target::Bid, 3, "??", ""},
                                 {Target::Card, 0, "!!", "first\nsecond"},
                                 {Target::Card, 51, "", ""}};
    game.hands[1].annotations = {{Target::Hand, 0, "!", "hand two"},
                                 {Target::Card, 13, "?", "; not a line comment"}};
    check_round_trip({game});
}

TEST_CASE("many games per file round trip", "[text_log]") {
    RuleSet club = make_rules("leaflet", {"target=250", "hand_limit=6"});
    std::vector<RecordedGame> games = {make_game(preset("classic"), 11, 2),
                                       make_game(preset("computer"), 12, 3), make_game(club, 13, 1),
                                       make_game(preset("paperless"), 14, 2)};
    games[2].date = "2026-11-20";
    check_round_trip(games);
    std::string text = write_text_log(games);
    CHECK(text.find("[Rules \"leaflet target=250 hand_limit=6\"]") != std::string::npos);
    CHECK(read_text_log(text, "many.spades").size() == 4);
}

TEST_CASE("hand-written text may leave optional parts out", "[text_log]") {
    // No Rules (classic), no names, no seats on the bids, no leader on trick 1, other
    // spellings of cards, ';' notes, blank lines, Windows line ends, a deal from E.
    std::string text =
        "; Friday night, typed in at the table\r\n"
        "[Event \"Friday club\"]\r\n"
        "\r\n"
        "[Hand \"1\"]   ; the first hand\r\n"
        "[Dealer \"north\"]\r\n"
        "[Deal \"E:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 AKQJT98765432...\"]\r\n"
        "\r\n"
        "bids nil 2 Nil! 11\r\n"
        "1 2h \u26662 2c 2s {trumped}\r\n"
        "2 N: 10s!? 3\u2665 3d 3C\r\n"
        "claim N=11\r\n";
    std::vector<RecordedGame> games = read_text_log(text, "hand.spades");
    REQUIRE(games.size() == 1);
    const RecordedGame& game = games[0];
    CHECK(game.rules == preset("classic"));
    CHECK(game.players == std::array<std::string, 4>{});
    REQUIRE(game.hands.size() == 1);
    const RecordedHand& hand = game.hands[0];
    CHECK(hand.deal == parse_pbn(kSuits));
    CHECK(hand.bids == std::vector<Bid>{Bid::nil(), Bid::tricks(2), Bid::nil(), Bid::tricks(11)});
    CHECK(hand.cards.size() == 8);
    CHECK(hand.cards[4] == parse_card("TS"));
    CHECK(hand.claim == Claim{Seat::North, {11, 0, 0, 0}});
    using Target = Annotation::Target;
    CHECK(hand.annotations == std::vector<Annotation>{{Target::Bid, 2, "!", ""},
                                                      {Target::Card, 3, "", "trumped"},
                                                      {Target::Card, 4, "!?", ""}});
    CHECK(write_text_log(games) ==
          "[Event \"Friday club\"]\n"
          "[Rules \"classic\"]\n"
          "\n"
          "[Hand \"1\"]\n"
          "[Dealer \"N\"]\n"
          "[Deal \"" +
              kSuits +
              "\"]\n"
              "bids E:nil S:2 W:nil! N:11\n"
              "1 E: 2H 2D 2C 2S {trumped}\n"
              "2 N: TS!? 3H 3D 3C\n"
              "claim N: N=11 E=0 S=0 W=0\n");
}

TEST_CASE("the reader joins comments and takes them on any line", "[text_log]") {
    std::string text =
        "[Event \"e\"] {one}\n{two}\n[Hand \"1\"]\n{three}\n[Dealer \"N\"] "
        "[Deal \"" +
        kSuits + "\"]\n!\n" + "bids {before} E:nil S: 2 W:nil N:11 ! {after}\n{four}\n";
    std::vector<RecordedGame> games = read_text_log(text, "c.spades");
    REQUIRE(games.size() == 1);
    CHECK(games[0].comment == "one\ntwo");
    using Target = Annotation::Target;
    CHECK(games[0].hands[0].annotations ==
          std::vector<Annotation>{{Target::Hand, 0, "!", "three\nbefore\nfour"},
                                  {Target::Bid, 3, "!", "after"}});
}

TEST_CASE("syntax errors name the file line and column", "[text_log]") {
    CHECK(error_of(kHead + "1 E: 2H 2D QX 2S\n") == "club.spades:6:12: expected a card, got 'QX'");
    // Columns count characters: the suit symbol is one column, though three bytes.
    CHECK(error_of(kHead + "1 E: \u26652 2D 2C QX\n") ==
          "club.spades:6:15: expected a card, got 'QX'");
    CHECK(error_of("[Event \"e]\n") ==
          "club.spades:1:8: unterminated quote: no closing '\"' on this line");
    CHECK(error_of(kHead + "{never closed\n1 E: 2H 2D 2C 2S\n") ==
          "club.spades:6:1: unterminated comment: no '}' before the end of the file");
    CHECK(error_of("[Event \"e\"]\n[Hand \"1\"]\n[Dealer \"Q\"]\n") ==
          "club.spades:3:10: unknown seat 'Q' (N, E, S or W)");
    CHECK(error_of(kHead + "1 X: 2H 2D 2C 2S\n") ==
          "club.spades:6:3: unknown seat 'X' (N, E, S or W)");
    CHECK(error_of(kHead + "1 E: 2H 2D 2C 2S\n3 N: 3S 3H 3D 3C\n") ==
          "club.spades:7:1: trick numbered 3 after trick 1 (trick 1 is at line 6)");
    CHECK(error_of(kHead + "2 E: 2H 2D 2C 2S\n") ==
          "club.spades:6:1: the first trick is numbered 1, not 2");
    CHECK(error_of(kHead + "1 E: 2H 2D 2C 2S\n2 E: 3H 3D 3C 3S\n") ==
          "club.spades:7:3: leader given as E but N won the previous trick (trick 1 is at line "
          "6)");
    CHECK(error_of(kHead + "1 S: 2D 2C 2S 2H\n") ==
          "club.spades:6:3: leader given as S but E leads the first trick (the dealer, N, is "
          "given at line 3)");
    CHECK(error_of(kHead + "1 E: 2H 2D 2C 2S 3S\n") == "club.spades:6:18: a fifth card in trick 1");
    CHECK(error_of(kHead + "1 E: 2H 2D\n2 N: 3S\n") ==
          "club.spades:7:1: trick 1 has only 2 cards (only the last trick may be unfinished; "
          "trick 1 is at line 6)");
    CHECK(error_of("[Site \"Hall\"]\n[Event \"e\"]\n") ==
          "club.spades:1:1: tag [Site] outside a game (a game starts with its [Event] tag)");
    CHECK(error_of("[Event \"e\"]\n\n[Hand \"1\"]\n[Dealer \"N\"]\nbids E:nil\n") ==
          "club.spades:3:1: hand 1 has no [Deal] tag "
          "(a game kept without its cards, bids and tricks only, is a score sheet: add "
          "[Record \"score sheet\"] to its tags)");
    CHECK(error_of("[Event \"e\"]\n[Hand \"1\"]\n[Dealer \"N\"]\n") ==
          "club.spades:2:1: hand 1 has no [Deal] tag "
          "(a game kept without its cards, bids and tricks only, is a score sheet: add "
          "[Record \"score sheet\"] to its tags)");
    CHECK(error_of("[Event \"e\"]\n[Hand \"2\"]\n") ==
          "club.spades:2:8: the first hand is numbered 1, not 2");
}

TEST_CASE("more syntax errors name the file line and column", "[text_log]") {
    CHECK(error_of("[Event \"e\"]\nbids 3\n") ==
          "club.spades:2:1: the 'bids' line before the first [Hand] of the game");
    CHECK(error_of(kHead + "bids E:3\n") ==
          "club.spades:6:1: hand 1 has a second 'bids' line (the first is at line 5)");
    CHECK(error_of(kHead + "1 E: 2H 2D 2C 2S\npass N:AS\n") ==
          "club.spades:7:1: the 'pass' line out of order: it follows the trick line at line 6 (a "
          "hand goes pass, bids, exchange, tricks, claim)");
    CHECK(error_of("[Event \"e\"]\n[Hand \"1\"]\n[Dealer \"N\"]\n[Deal \"" + kSuits +
                   "\"]\nbids E:nil W:2\n") ==
          "club.spades:5:12: W bids out of turn: S is next to bid");
    CHECK(error_of(kHead + "1 E: 2H 2D 2C 2S!!!\n") ==
          "club.spades:6:17: '!!!' is not a glyph (! ? !! ?? !? ?!)");
    CHECK(error_of(kHead + "1 E: 2H 2D\nclaim N=11\n") ==
          "club.spades:7:1: a claim comes after a complete trick, but trick 1 has 2 cards (trick "
          "1 is at line 6)");
    CHECK(error_of(kHead + "claim E: E=3 N\n") ==
          "club.spades:6:14: expected a share like N=3, got 'N'");
    CHECK(error_of("{about the file}\n") ==
          "club.spades:1:1: a comment outside a game (a game starts with its [Event] tag; ';' "
          "starts a note that is not kept)");
    CHECK(error_of("[Event \"e\"]\n[Rules \"classic bag_limit=x\"]\n") ==
          "club.spades:2:17: rule bag_limit: 'x' is not a whole number");
    CHECK(error_of("[Event \"a \\q\"]\n") ==
          "club.spades:1:11: unknown escape in a quoted value (write \\\", \\\\ or \\n)");
    CHECK(error_of("[Event \"e\"]\n[Hand \"1\"]\n[Dealer \"N\"]\n[Deal \"N:AKQ\"]\n") ==
          "club.spades:4:10: a hand has four suits separated by '.': 'AKQ'");
    CHECK(error_of(kHead + "1 E: 2H 2D 2C 2S\nbogus\n") ==
          "club.spades:7:1: expected a tag, a comment or a line of play (pass, bids, exchange, "
          "a trick number or claim), got 'bogus'");
    CHECK(error_of("[Event \"e\"]\n[Site \"a\"]\n[Site \"b\"]\n") ==
          "club.spades:3:1: [Site] given twice in this game (first at line 2)");
}

TEST_CASE("record errors point at the token the engine names", "[text_log]") {
    CHECK(error_of(kHead + "1 E: 2H 2D QS 2C\n") ==
          "club.spades:6:12: trick 1: QS played by W, who does not hold it (the deal at line 4 "
          "gives it to N)");
    // A card the player never held is named before the wrong leader it leads to.
    CHECK(error_of(kHead + "1 E: 2H 3H 2C 2S\n2 S: 3D 3C 3S 4H\n") ==
          "club.spades:6:9: trick 1: 3H played by S, who does not hold it (the deal at line 4 "
          "gives it to E)");
    // N holds the 2 of hearts and trumps instead: a revoke is kept as played, and flagged.
    std::string revoke_deal =
        "N:AKQJT9876543.2.. 2.AKQJT9876543.. ..AKQJT98765432. ...AKQJT98765432";
    std::vector<RecordedGame> revoked =
        read_text_log("[Event \"e\"]\n\n[Hand \"1\"]\n[Dealer \"N\"]\n[Deal \"" + revoke_deal +
                          "\"]\nbids E:nil S:2 W:nil N:11\n1 E: 3H 2D 2C 3S\n",
                      "club.spades");
    REQUIRE(revoked.size() == 1);
    std::vector<RecordedIrregularity> flagged = check_game(revoked[0]);
    REQUIRE(flagged.size() == 1);
    CHECK(flagged[0].what ==
          "trick 1: N did not follow suit with \u2665 in hand (revoke): played 3S");
    CHECK(flagged[0].card == 3);
    CHECK(error_of("[Event \"e\"]\n[Hand \"1\"]\n[Dealer \"N\"]\n"
                   "[Deal \"N:AKQJT9876543... .AKQJT98765432.. ..AKQJT98765432. "
                   "...AKQJT98765432\"]\n") == "club.spades:4:8: deal gives N 12 cards, not 13");
    // A sound 48-card deal is refused only because of the rule set, which the message names;
    // the 51-card deal above is wrong under any.
    CHECK(error_of("[Event \"e\"]\n[Hand \"1\"]\n[Dealer \"N\"]\n"
                   "[Deal \"N:AKQJT987654..A. .AKQJT987654.K. ..QJT98765432.A "
                   "...KQJT98765432\"]\n") ==
          "club.spades:4:8: deal gives N 12 cards, not 13 (under classic rules, as the game at "
          "line 1 has no [Rules] tag)");
    CHECK(error_of(kHead + "1 E: 2H 2D 2C 2S\nclaim N: N=10\n") ==
          "club.spades:7:1: the claim shares 10 tricks, but 12 are left to play (the last trick "
          "played, trick 1, is at line 6)");
    CHECK(error_of("[Event \"e\"]\n[Hand \"1\"]\n[Dealer \"N\"]\n[Deal \"" + kSuits +
                   "\"]\nbids E:nil S:2 W:nil N:14\n") ==
          "club.spades:5:24: N bids 14: bid 14 is out of range: bids are nil or 1..13 (under "
          "classic rules, as the game at line 1 has no [Rules] tag)");
    CHECK(error_of("[Event \"e\"]\n[Rules \"classic pass_cards=3\"]\n[Hand \"1\"]\n[Dealer "
                   "\"N\"]\n[Deal \"" +
                   kSuits + "\"]\npass E:AH\n") ==
          "club.spades:6:6: E passes 1 cards; the rules pass 3 (under the rule set given at line "
          "2)");
    // An unfinished hand may only be the last one of its game.
    CHECK(error_of(kHead + "1 E: 2H 2D 2C 2S\n\n[Hand \"2\"]\n[Dealer \"E\"]\n[Deal \"" + kSuits +
                   "\"]\n") == "club.spades:2:1: hand 1 is unfinished, but more hands follow it");
}

TEST_CASE("a file with an error returns no games", "[text_log]") {
    std::string text = kDocumented + "\n[Event \"bad\"]\n[Hand \"1\"]\n";
    CHECK_THROWS_AS(read_text_log(text, "x.spades"), FormatError);
    CHECK(read_text_log("", "empty.spades").empty());
    CHECK(read_text_log("; nothing but notes\n\n", "notes.spades").empty());
}

namespace {

// The ```spades blocks of formats/TEXT_LOG.md, in order.
std::vector<std::string> spec_examples() {
    std::ifstream in(SPADEWORK_TEXT_LOG_MD);
    std::vector<std::string> blocks;
    std::string line;
    std::optional<std::string> block;
    while (std::getline(in, line)) {
        if (!block && line == "```spades") {
            block.emplace();
        } else if (block && line == "```") {
            blocks.push_back(*block);
            block.reset();
        } else if (block) {
            *block += line + "\n";
        }
    }
    return blocks;
}

}  // namespace

TEST_CASE("the examples of the specification read as it says", "[text_log]") {
    std::vector<std::string> examples = spec_examples();
    REQUIRE(examples.size() == 3);
    // The complete example is in canonical form.
    std::vector<RecordedGame> games = read_text_log(examples[0], "TEXT_LOG.md");
    REQUIRE(games.size() == 1);
    CHECK(games[0].rules == make_rules("classic", {"bag_limit=5", "target=300"}));
    REQUIRE(games[0].hands.size() == 2);
    CHECK(games[0].hands[1].claim == Claim{Seat::South, {0, 0, 4, 0}});
    CHECK(write_text_log(games) == examples[0]);
    // The hand-written one is its second hand.
    std::vector<RecordedGame> by_hand = read_text_log(examples[1], "TEXT_LOG.md");
    REQUIRE(by_hand.size() == 1);
    REQUIRE(by_hand[0].hands.size() == 1);
    RecordedHand hand = games[0].hands[1];
    hand.annotations = {{Annotation::Target::Card, 3, "!", ""}};
    CHECK(by_hand[0].hands[0] == hand);
    // The score sheet is in canonical form: bids and tricks, West's own beside East-West's.
    std::vector<RecordedGame> sheet = read_text_log(examples[2], "TEXT_LOG.md");
    REQUIRE(sheet.size() == 1);
    CHECK(sheet[0].score_sheet());
    REQUIRE(sheet[0].hands.size() == 2);
    CHECK(sheet[0].hands[1].sheet.teams == std::array<std::optional<int>, 2>{7, 6});
    CHECK(sheet[0].hands[1].sheet.seats[index(Seat::West)] == 1);
    CHECK(write_text_log(sheet) == examples[2]);
}

// Bids that each name their seat may come in any order (issue 18); the record is the same as
// in turn order, each glyph and comment with its own bid.
TEST_CASE("bids that each name their seat are read in any order", "[text_log]") {
    const std::string head =
        "[Event \"e\"]\n[Hand \"1\"]\n[Dealer \"N\"]\n[Deal \"" + kSuits + "\"]\n";
    const RecordedHand in_turn = read_text_log(kHead, "a.spades").at(0).hands.at(0);
    const RecordedHand any =
        read_text_log(head + "bids N:11 W:nil E:nil S:2\n", "b.spades").at(0).hands.at(0);
    CHECK(any.bids == in_turn.bids);
    CHECK(any == in_turn);
    // Glyphs and comments stay with their bids: N's is the fourth, E's the first.
    const RecordedHand noted =
        read_text_log(head + "bids N:11!? {long} W:nil E:nil {brave} S:2\n", "c.spades")
            .at(0)
            .hands.at(0);
    CHECK(noted.bids == in_turn.bids);
    bool north = false;
    bool east = false;
    for (const Annotation& a : noted.annotations) {
        if (a.target != Annotation::Target::Bid) continue;
        if (a.index == 3) north = a.glyph == "!?" && a.comment == "long";
        if (a.index == 0) east = a.glyph.empty() && a.comment == "brave";
    }
    CHECK(north);
    CHECK(east);
    // The turns given must be the first ones: S bids before W's turn is skipped only in a
    // stopped hand.
    CHECK(read_text_log(head + "bids S:2 E:nil\n", "d.spades").at(0).hands.at(0).bids.size() == 2);
    CHECK(error_of(head + "bids W:nil E:nil\n") ==
          "club.spades:5:6: W bids out of turn: S is next to bid");
    CHECK(error_of(head + "bids E:nil S:2 E:3\n") ==
          "club.spades:5:16: a second bid by E: each bids once");
    // Without a seat on every bid, the order written is the order of turns.
    CHECK(error_of(head + "bids S:2 nil nil 11\n") ==
          "club.spades:5:6: S bids out of turn: E is next to bid");
}

// A fault that an earlier line explains names that line (issue 18); the files of
// tests/data/bad hold one of each kind, these the ones that need a rule set or tag of their own.
TEST_CASE("an error caused by an earlier line names that line", "[text_log]") {
    const std::string deal = "[Deal \"" + kSuits + "\"]\n";
    // The rules have no exchange at all: the default classic rule set is named by its game.
    CHECK(error_of(kHead + "exchange N:AS\n") ==
          "club.spades:6:10: no blind nil exchange in this hand, but N gives AS (under classic "
          "rules, as the game at line 1 has no [Rules] tag)");
    // The rules exchange three cards, not two.
    CHECK(error_of("[Event \"e\"]\n[Rules \"computer\"]\n[Hand \"1\"]\n[Dealer \"N\"]\n" + deal +
                   "bids E:bnil S:2 W:2 N:9\nexchange E:AH KH W:AC KC QC\n") ==
          "club.spades:7:10: E gives 2 cards; the blind nil exchange is 3 (under the rule set "
          "given at line 2)");
    CHECK(error_of("[Event \"e\"]\n[Rules \"classic\"]\n[Rules \"casual\"]\n") ==
          "club.spades:3:1: [Rules] given twice in this game (first at line 2)");
    CHECK(error_of("[Event \"e\"]\n[Hand \"1\"]\n[Dealer \"N\"]\n" + deal + deal) ==
          "club.spades:5:1: [Deal] given twice in hand 1 (first at line 4)");
    // Each game keeps its own marks: a [Site] in the second game clashes with nothing.
    CHECK(read_text_log("[Event \"a\"]\n[Site \"x\"]\n[Event \"b\"]\n[Site \"x\"]\n", "two.spades")
              .size() == 2);
}
