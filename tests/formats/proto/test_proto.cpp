#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "spadework/engine/deal.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/record.h"
#include "spadework/engine/rules.h"
#include "spadework/formats/error.h"
#include "spadework/formats/proto_io.h"

using namespace spadework;
using namespace spadework::formats;

namespace {

// Plays a hand through the engine: each seat passes its first cards, bids the legal bid at
// picks[k] (modulo the choices), exchanges its first cards, then every play is the first
// legal card. Play stops after `cards` cards (-1: at the end); `claim` then credits every
// trick left to the seat on lead.
RecordedHand play_hand(const RuleSet& rules, std::uint64_t seed, Seat dealer,
                       std::array<int, 4> picks, int cards = -1, bool claim = false) {
    RecordedHand out;
    out.dealer = dealer;
    out.deal = deal_from_seed(seed, rules.deck(), dealer);
    HandState state(rules, dealer, out.deal);
    auto first_cards = [](CardSet from, int n) {
        CardSet taken;
        for (Card c : from) {
            if (taken.size() < n) taken.insert(c);
        }
        return taken;
    };
    while (state.phase() == Phase::Pass) {
        Seat seat = state.to_act();
        CardSet given = first_cards(state.hand(seat), rules.pass_cards);
        state.pass(seat, given);
        out.passes[index(seat)] = given;
    }
    for (int k = 0; state.phase() == Phase::Bid; ++k) {
        std::vector<Bid> legal = state.legal_bids();
        Bid bid = legal[static_cast<std::size_t>(picks[k]) % legal.size()];
        state.bid(state.to_act(), bid);
        out.bids.push_back(bid);
    }
    while (state.phase() == Phase::Exchange) {
        Seat seat = state.to_act();
        CardSet given = first_cards(state.hand(seat), rules.blind_nil_exchange);
        state.exchange(seat, given);
        out.exchanges[index(seat)] = given;
    }
    while (state.phase() == Phase::Play && static_cast<int>(out.cards.size()) != cards) {
        Card card = *state.legal_cards().begin();
        state.play(card);
        out.cards.push_back(card);
    }
    if (claim) {
        Claim c;
        c.by = state.to_act();
        c.tricks[index(c.by)] = rules.hand_size() - state.tricks_played();
        out.claim = c;
    }
    return out;
}

// Three hands: one played out with notes, one ended by a claim, one unfinished.
RecordedGame sample_game(const std::string& preset_name, std::uint64_t seed) {
    RecordedGame game;
    game.event = "Club night";
    game.site = "Leeds";
    game.date = "2026.11.20";
    game.table = "Table 3";
    game.players = {"Ann", "Bob", "Cy", "Dé"};
    game.rules = preset(preset_name);
    game.tags = {{"Round", "3"}, {"Scorer", "Ann"}};
    game.comment = "A friendly game ♠";
    RecordedHand first = play_hand(game.rules, seed, Seat::North, {1, 5, 6, 4});
    first.annotations = {
        {Annotation::Target::Hand, 0, "", "a hand to remember"},
        {Annotation::Target::Bid, 1, "?", ""},
        {Annotation::Target::Card, 5, "!", "the only card: \"forced\"\n\tand right"}};
    game.hands.push_back(first);
    game.hands.push_back(play_hand(game.rules, seed + 1, Seat::East, {3, 4, 2, 5}, 32, true));
    game.hands.push_back(play_hand(game.rules, seed + 2, Seat::South, {0, 3, 3, 3}, 10));
    return game;
}

std::vector<RecordedGame> three_games() {
    return {sample_game("classic", 1), sample_game("computer", 2), sample_game("paperless", 3)};
}

std::string error_of(auto&& read) {
    try {
        read();
    } catch (const FormatError& e) {
        return e.what();
    }
    return "no error";
}

// A classic hand with each seat's cards known: North leads to trick 1.
const std::string kHand = R"(# proto-message: spadework.v1.Game
rules { name: "classic" }
hands {
  dealer: WEST
  deal: "N:AKQ.AKQ.AKQ.AKQJ JT9.JT9.JT9.T987 876.876.876.6543 5432.5432.5432.2"
  bids { seat: NORTH tricks: 4 }
  bids { seat: EAST tricks: 3 }
  bids { seat: SOUTH tricks: 2 }
  bids { seat: WEST tricks: 1 }
  tricks: "AH 9H 6H 2H"
  tricks: "AD 9D 6D 2D"
}
)";

// kHand with the first occurrence of `from` replaced by `to`.
std::string hand_with(const std::string& from, const std::string& to) {
    std::string text = kHand;
    std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

std::string textproto_error(const std::string& text) {
    return error_of([&] { read_textproto(text, "t.textproto"); });
}

}  // namespace

TEST_CASE("the sample games are legal records", "[proto]") {
    for (const RecordedGame& game : three_games()) {
        CHECK_NOTHROW(check_game(game));
        CHECK(game.hands[0].cards.size() == static_cast<std::size_t>(game.rules.deck_size));
    }
    // The computer game holds a blind nil and its exchange, paperless a pass.
    CHECK(three_games()[1].hands[0].bids[0] == Bid::blind_nil());
    CHECK(three_games()[1].hands[0].exchanges[index(Seat::East)].size() == 3);
    CHECK(three_games()[2].hands[0].passes[index(Seat::North)].size() == 3);
}

TEST_CASE("one game as a bare binary message reads back equal", "[proto]") {
    for (const PresetInfo& info : presets()) {
        RecordedGame game = sample_game(std::string(info.name), 7);
        std::string bytes = encode_game(game);
        CHECK(decode_game(bytes, "g.pb") == game);
        CHECK(encode_game(game) == bytes);  // deterministic: the library hashes it
        CHECK(read_pb(bytes, "g.pb") == std::vector<RecordedGame>{game});
    }
}

TEST_CASE("a stream of games reads back equal", "[proto]") {
    std::vector<RecordedGame> games = three_games();
    CHECK(read_pb(write_pb(games), "s.pb") == games);
    std::vector<RecordedGame> one = {games[1]};
    CHECK(read_pb(write_pb(one), "s.pb") == one);
}

TEST_CASE("empty files hold no games", "[proto]") {
    CHECK(read_pb("", "e.pb").empty());
    CHECK(write_pb({}).empty());
    CHECK(read_textproto("", "e.textproto").empty());
    CHECK(read_textproto("# nothing here\n\n", "e.textproto").empty());
    CHECK(read_textproto(write_textproto({}), "e.textproto").empty());
    CHECK(read_json("  \n", "e.json").empty());
    CHECK(write_json({}) == "{\n \"games\": []\n}\n");
    CHECK(read_json(write_json({}), "e.json").empty());
}

TEST_CASE("one game in text format reads back equal", "[proto]") {
    RecordedGame game = sample_game("classic", 5);
    std::string text = write_textproto({game});
    CHECK(text.rfind("# proto-file: formats/proto/spadework.proto\n"
                     "# proto-message: spadework.v1.Game\n\n"
                     "event: \"Club night\"\n"
                     "site: \"Leeds\"\n"
                     "date: \"2026.11.20\"\n"
                     "table: \"Table 3\"\n"
                     "players { north: \"Ann\" east: \"Bob\" south: \"Cy\" west: \"Dé\" }\n"
                     "rules {\n"
                     "  name: \"classic\"\n"
                     "  deck: 52\n",
                     0) == 0);
    CHECK(text.find("tags { name: \"Round\" value: \"3\" }\n") != std::string::npos);
    CHECK(text.find("  annotations { bid: 1 glyph: \"?\" }\n") != std::string::npos);
    CHECK(read_textproto(text, "g.textproto") == std::vector<RecordedGame>{game});
}

TEST_CASE("several games in text format read back equal", "[proto]") {
    std::vector<RecordedGame> games = three_games();
    std::string text = write_textproto(games);
    CHECK(text.rfind("# proto-file: formats/proto/spadework.proto\n"
                     "# proto-message: spadework.v1.GameList\n\ngames {\n",
                     0) == 0);
    CHECK(read_textproto(text, "l.textproto") == games);
}

TEST_CASE("one game in JSON reads back equal", "[proto]") {
    RecordedGame game = sample_game("leaflet", 9);
    std::string json = write_json({game});
    CHECK(json.rfind("{\n \"event\": \"Club night\",\n", 0) == 0);
    CHECK(json.find("  \"loss_limit_none\": true,\n") != std::string::npos);
    CHECK(json.find("  \"pass_cards\": 0,\n") != std::string::npos);
    CHECK(read_json(json, "g.json") == std::vector<RecordedGame>{game});
}

TEST_CASE("several games in JSON read back equal", "[proto]") {
    std::vector<RecordedGame> games = three_games();
    std::string json = write_json(games);
    CHECK(json.rfind("{\n \"games\": [\n", 0) == 0);
    CHECK(read_json(json, "l.json") == games);
}

TEST_CASE("every preset as a rules file reads back equal", "[proto]") {
    for (const PresetInfo& info : presets()) {
        RuleSet rules = preset(info.name);
        CHECK(read_rules_textproto(write_rules_textproto(rules), "r.textproto") == rules);
    }
    RuleSet custom = make_rules("computer", {"hand_limit=12", "loss_limit=-300"});
    CHECK(read_rules_textproto(write_rules_textproto(custom), "r.textproto") == custom);
    RuleSet readings =
        make_rules("leaflet", {"nil_tricks=bags_and_points", "both_nil_scoring=together"});
    std::string written = write_rules_textproto(readings);
    CHECK(written.find("nil_tricks: BAGS_AND_POINTS\n") != std::string::npos);
    CHECK(written.find("both_nil_scoring: TOGETHER\n") != std::string::npos);
    CHECK(read_rules_textproto(written, "r.textproto") == readings);
    CHECK(read_rules_textproto("name: \"computer\" both_nil_scoring: TOGETHER", "r.textproto") ==
          make_rules("computer", {"both_nil_scoring=together"}));
}

TEST_CASE("issue 20's house rules read back from a rules file", "[proto]") {
    RuleSet house = make_rules(
        "classic", {"mercy=300", "early_bag_limit=5", "bags_after_penalty=reset", "big_contract=10",
                    "boston_points=200", "min_team_bid=4", "below_min_team_bid=raise",
                    "bidding=whiz", "nil_max_spades=2", "blind_behind=100", "blind_bid_min=6",
                    "blind_bid_exchange=2", "blind_bid_factor=3"});
    std::string written = write_rules_textproto(house);
    for (const char* line :
         {"mercy_value: 300\n", "bags_after_penalty: RESET\n", "below_min_team_bid: RAISE\n",
          "bidding: WHIZ\n", "nil_max_spades_value: 2\n", "blind_bid_min_value: 6\n"}) {
        INFO(line);
        CHECK(written.find(line) != std::string::npos);
    }
    CHECK(read_rules_textproto(written, "r.textproto") == house);
    CHECK(read_rules_textproto("name: \"classic\" bidding: SUICIDE", "r.textproto") ==
          make_rules("classic", {"bidding=suicide"}));
}

TEST_CASE("a rules file is written in rule key order", "[proto]") {
    CHECK(write_rules_textproto(preset("classic")) ==
          "# proto-file: formats/proto/spadework.proto\n"
          "# proto-message: spadework.v1.RuleSet\n"
          "\n"
          "name: \"classic\"\n"
          "deck: 52\n"
          "pass_cards: 0\n"
          "max_bid: 13\n"
          "nil: ALLOWED\n"
          "both_nil: ALLOWED\n"
          "blind_nil: ALLOWED\n"
          "blind_nil_exchange: 0\n"
          "spades_lead: AFTER_BROKEN\n"
          "spades_break: ANY_SPADE\n"
          "first_lead: LEFT_OF_DEALER\n"
          "bid_trick_points: 10\n"
          "overtrick_points: 1\n"
          "exact_points: 0\n"
          "over_points: 0\n"
          "failed_contract: MINUS_BID\n"
          "set_points: 0\n"
          "nil_tricks: SEPARATE\n"
          "nil_points: 100\n"
          "blind_nil_points: 200\n"
          "nil_failed: MINUS\n"
          "honours_points: 0\n"
          "bag_limit: 10\n"
          "bag_penalty: 100\n"
          "target: 500\n"
          "loss_limit_value: -250\n"
          "hand_limit_none: true\n"
          "on_tie: PLAY_ON\n"
          "overtime_target: 3\n"
          "both_nil_scoring: EACH\n"
          "mercy_none: true\n"
          "early_bag_limit_none: true\n"
          "early_bag_penalty: 50\n"
          "bags_after_penalty: CARRY\n"
          "big_contract_none: true\n"
          "big_contract_factor: 2\n"
          "big_contract_bonus: 0\n"
          "boston_points: 0\n"
          "min_team_bid: 0\n"
          "below_min_team_bid: REBID\n"
          "bidding: FREE\n"
          "nil_max_spades_none: true\n"
          "blind_behind: 0\n"
          "blind_bid_min_none: true\n"
          "blind_bid_exchange: 0\n"
          "blind_bid_factor: 2\n"
          "max_team_bid_none: true\n"
          "both_nil_tricks: NO_CONTRACT\n"
          "end_bonus: 0\n"
          "jokers: OFF\n"
          "jokers_out: HEARTS_CLUBS\n"
          "deuces_high: NONE\n");
}

TEST_CASE("a rules file gives only what differs from its preset", "[proto]") {
    RuleSet rules = read_rules_textproto("name: \"paperless\" bag_limit: 5", "r.textproto");
    CHECK(rules == make_rules("paperless", {"bag_limit=5"}));
    CHECK(rules.name == "paperless");
    CHECK(read_rules_textproto("", "r.textproto") == preset("classic"));
    CHECK(read_rules_textproto("loss_limit_none: true\n", "r.textproto") ==
          make_rules("classic", {"loss_limit=none"}));
}

TEST_CASE("bad rules files name the field", "[proto]") {
    auto rules_error = [](const std::string& text) {
        return error_of([&] { read_rules_textproto(text, "r.textproto"); });
    };
    CHECK(rules_error("name: \"classic\"\npass_cards: 20\n") ==
          "r.textproto:2:1: rule set: pass_cards=20 must be 0..12");
    CHECK(rules_error("deck: 50\n") == "r.textproto:1:1: rule deck: '50' is not one of 52|48");
    CHECK(rules_error("max_bid: 10\n  loss_limit_none: false\n") ==
          "r.textproto:2:3: loss_limit_none: false gives no loss_limit; write "
          "loss_limit_value, or leave loss_limit out");
    CHECK(rules_error("name: \"house\"\nmax_bid: 10\n") ==
          "r.textproto:1:1: there is no preset named 'house' to take deck from; give every "
          "rule, or name a preset (classic, casual, computer, leaflet, paperless, openspiel)");
    CHECK(rules_error("spades_lead: SOMETIMES\n") ==
          "r.textproto:1:14: Unknown enumeration value of \"SOMETIMES\" for field "
          "\"spades_lead\".");
    // A rule set under another name, with every rule given, keeps its name.
    RuleSet house = preset("casual");
    house.name = "house";
    CHECK(read_rules_textproto(write_rules_textproto(house), "r.textproto") == house);
}

TEST_CASE("seats left out of bids are the seats whose turn it was", "[proto]") {
    std::string text = kHand;
    for (const char* seat : {"seat: NORTH ", "seat: EAST ", "seat: SOUTH ", "seat: WEST "}) {
        text.erase(text.find(seat), std::string(seat).size());
    }
    std::vector<RecordedGame> games = read_textproto(text, "t.textproto");
    REQUIRE(games.size() == 1);
    CHECK(games[0].hands[0].bids ==
          std::vector<Bid>{Bid::tricks(4), Bid::tricks(3), Bid::tricks(2), Bid::tricks(1)});
    CHECK(games[0].hands[0].dealer == Seat::West);
    CHECK(games[0].hands[0].cards.size() == 8);
}

TEST_CASE("text format syntax errors give line and column", "[proto]") {
    CHECK(textproto_error(hand_with("  dealer: WEST", "  dealer WEST")) ==
          "t.textproto:4:10: Expected \":\", found \"WEST\".");
    CHECK(textproto_error(hand_with("  dealer: WEST", "  dealer: WEST\n\tbids_of: 3")) ==
          "t.textproto:5:2: unknown field 'bids_of' (misspelt, or from a newer version of "
          "Spadework?)");
}

TEST_CASE("text format record errors point at the field", "[proto]") {
    CHECK_NOTHROW(read_textproto(kHand, "t.textproto"));
    CHECK(textproto_error(hand_with("9D", "XD")) ==
          "t.textproto:11:15: game 1, hand 1, card 6: 'XD' is not a card (rank then suit, "
          "like AS, TH, 10h, 2♣)");
    CHECK(textproto_error(hand_with("9H", "2H")) ==
          "t.textproto:10:15: game 1, hand 1, card 2: trick 1: 2H played by E, who does not "
          "hold it");
    // A revoke is kept as played, and flagged.
    std::vector<RecordedGame> revoked = read_textproto(hand_with("6H 2H", "6H 2C"), "t.textproto");
    REQUIRE(revoked.size() == 1);
    std::vector<RecordedIrregularity> flagged = check_game(revoked[0]);
    REQUIRE(flagged.size() == 1);
    CHECK(flagged[0].what == "trick 1: W did not follow suit with ♥ in hand (revoke): played 2C");
    CHECK(textproto_error(hand_with("  bids { seat: NORTH",
                                    "  passes { north: \"AS KS QS\" }\n  bids { seat: NORTH")) ==
          "t.textproto:6:12: game 1, hand 1, pass by N: these rules have no pass, but N passes "
          "AS KS QS");
    CHECK(textproto_error(hand_with("  bids { seat: NORTH",
                                    "  passes { north: \"AS XS\" }\n  bids { seat: NORTH")) ==
          "t.textproto:6:23: game 1, hand 1, pass by N: pass: 'XS' is not a card (rank then "
          "suit, like AS, TH, 10h, 2♣)");
    // A blind trick bid is a bid of the rule sets with blind_bid_min; classic has none.
    CHECK(textproto_error(hand_with("WEST tricks: 1", "WEST tricks: 1 blind: true")) ==
          "t.textproto:9:3: game 1, hand 1, bid 4: W bids b1: these rules have no blind trick "
          "bid");
    CHECK(textproto_error(hand_with("seat: EAST", "seat: SOUTH")) ==
          "t.textproto:7:10: game 1, hand 1, bid 2: the bid is by S, but it was E's turn: bids "
          "go clockwise from the dealer's left");
    CHECK(textproto_error(hand_with("6D 2D", "6D 2D 3D")) ==
          "t.textproto:11:24: game 1, hand 1, card 9: trick 2 has 5 cards; a trick has 4");
    CHECK(textproto_error(hand_with("AH 9H 6H 2H", "AH 9H 6H")) ==
          "t.textproto:10:3: game 1, hand 1, card 1: trick 1 has 3 cards; only the last trick "
          "of an unfinished record may have fewer than 4");
    CHECK(textproto_error(hand_with("5432.5432.5432.2\"", "5432.5432.5432.2 AS\"")) ==
          "t.textproto:5:80: game 1, hand 1, deal: a deal has four hands: unexpected text "
          "after the fourth");
    CHECK(
        textproto_error(hand_with("  tricks: \"AD", "  annotations { card: 8 }\n  tricks: \"AD")) ==
        "t.textproto:11:17: game 1, hand 1, annotation 1: card 8 is not in the hand, which "
        "has 8 cards (counted from 0)");
    CHECK(textproto_error(hand_with("  tricks: \"AD",
                                    "  annotations { bid: 0 glyph: \"?!?\" }\n  tricks: \"AD")) ==
          "t.textproto:11:24: game 1, hand 1, annotation 1: '?!?' is not a glyph (! ? !! ?? !? "
          "?!)");
    CHECK(textproto_error(
              hand_with("  tricks: \"AD", "  claim { by: EAST east: 99 }\n  tricks: \"AD")) ==
          "t.textproto:11:20: game 1, hand 1, claim: the claim credits E with 99 tricks");
    CHECK(textproto_error(hand_with("AD 9D 6D 2D\"", "AD 9D 6D 2D\"\n  claim { east: 10 }")) ==
          "t.textproto:12:3: game 1, hand 1, claim: the claim shares 10 tricks, but 11 are "
          "left to play");
    CHECK(textproto_error(hand_with("dealer: WEST", "dealer: 7")) ==
          "t.textproto:4:3: game 1, hand 1: dealer: 7 is not a seat (0-3)");
}

TEST_CASE("errors in a list name the game", "[proto]") {
    std::vector<RecordedGame> games = three_games();
    games[1].hands[0].cards[4] = games[1].hands[0].cards[0];
    std::string text = write_textproto(games);
    std::string error = textproto_error(text);
    CHECK(error.find(": game 2, hand 1, card 5: trick 2: ") != std::string::npos);
    CHECK(error.find(" was played already") != std::string::npos);
    CHECK(error_of([&] { read_pb(write_pb(games), "s.pb"); }) ==
          "s.pb: " + error.substr(error.find("game 2")));
    // JSON says where as the text format does: at the card played again.
    const std::string json = write_json(games);
    try {
        read_json(json, "s.json");
        FAIL("the JSON of a game with a card played twice reads");
    } catch (const FormatError& e) {
        CHECK(e.message() == error.substr(error.find("game 2")));
        std::size_t line_start = 0;
        for (int line = 1; line < e.line(); ++line) line_start = json.find('\n', line_start) + 1;
        std::string played = error.substr(error.find("trick 2: ") + 9, 2);
        CHECK(json.substr(line_start + static_cast<std::size_t>(e.col()) - 1, 2) == played);
    }
}

TEST_CASE("a damaged binary stream names the game", "[proto]") {
    std::vector<RecordedGame> games = three_games();
    std::string bytes = write_pb(games);
    std::size_t second = 2 + encode_game(games[0]).size();  // a two-byte length, then game 1
    std::size_t third = second + 2 + encode_game(games[1]).size();
    std::string cut = bytes.substr(0, third + 100);
    CHECK(error_of([&] { read_pb(cut, "c.pb"); }) ==
          "c.pb: game 3 (at byte " + std::to_string(third) + ") is cut short: 98 of its " +
              std::to_string(encode_game(games[2]).size()) + " bytes are there");
    std::string garbage = bytes;
    garbage[second + 2] = '\xff';
    CHECK(error_of([&] {
              read_pb(garbage, "d.pb");
          }).rfind("d.pb: game 2 (at byte " + std::to_string(second) + ") is damaged: its ", 0) ==
          0);
    CHECK(error_of([&] { decode_game("\xff\xff", "g.pb"); }) == "g.pb: not a Game message");
}

TEST_CASE("writing refuses text that is not UTF-8", "[proto]") {
    RecordedGame game = sample_game("classic", 4);
    game.players[1] = "Caf\xe9";
    CHECK_THROWS_WITH(
        encode_game(game),
        "the name of E is not UTF-8 text, which .pb, .textproto and .json files need");
    CHECK_THROWS_WITH(
        write_textproto({game}),
        "the name of E is not UTF-8 text, which .pb, .textproto and .json files need");
    game.players[1] = "Caf\xc3\xa9";
    CHECK(read_pb(write_pb({game}), "u.pb") == std::vector<RecordedGame>{game});
}

TEST_CASE("JSON errors say where", "[proto]") {
    CHECK(error_of([] { read_json("{\n \"event\": \"x\"\n \"site\": \"y\"\n}", "j.json"); }) ==
          "j.json:3:2: expected ',' or '}' after a field's value");
    CHECK(error_of([] { read_json("{\"event\": \"x\", \"foo\": 1}", "j.json"); }) ==
          "j.json:1:16: foo: no such field (misspelt, or from a newer version of Spadework?)");
    CHECK(error_of([] { read_json("{\"hands\": [\n {\"dealer\": \"NORTHX\"}]}", "j.json"); }) ==
          "j.json:2:13: hands[0].dealer: \"NORTHX\" is not one of NORTH, EAST, SOUTH or WEST");
    CHECK(error_of([] { read_json("{\"hands\": [{\"bar\": 1}, {\"bar\": 2}]}", "j.json"); }) ==
          "j.json:1:25: hands[1].bar: no such field (misspelt, or from a newer version of "
          "Spadework?)");
    CHECK(error_of([] { read_json("[1]", "j.json"); }) ==
          "j.json:1:1: a game file holds one JSON object, { ... }");
    CHECK(error_of(
              [] { read_json(R"({"hands": [{"dealer": "WEST", "deal": "N:AKQ"}]})", "j.json"); }) ==
          "j.json:1:42: game 1, hand 1, deal: a hand has four suits separated by '.': "
          "'AKQ'");
}
