// The deal editor's model: placing cards, dealing the rest under constraints, bids checked by
// the engine, saving as a game, and the teacher's lessons read beside the shipped ones. Lesson
// questions saved, read back as a lesson and checked by the bid review are long cases, in
// test_deal_editor_long.cpp.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "deal_editor_helpers.h"
#include "spadework/analyzer/deal_editor.h"
#include "spadework/analyzer/lesson.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/error.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"

using namespace spadework;
using namespace spadework::analyzer;
using namespace spadework::testing;
namespace fs = std::filesystem;

TEST_CASE("deal editor: cards are placed once, a hand holds its size", "[deal_editor]") {
    DealEditor e(preset("classic"));
    e.place(parse_card("AS"), Seat::North);
    CHECK(e.holder(parse_card("AS")) == Seat::North);
    CHECK(e.unplaced().size() == 51);
    CHECK(error_of([&] { e.place(parse_card("AS"), Seat::East); }) ==
          "AS is already in North's hand");
    CHECK(e.deal()[Seat::East].empty());
    for (Card c : parse_cards("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")) e.place(c, Seat::North);
    CHECK(error_of([&] { e.place(parse_card("AH"), Seat::North); }) ==
          "North already holds 13 cards");
    CHECK(e.deal()[Seat::North].size() == 13);
    CHECK(error_of([&] { e.remove(parse_card("AH")); }) == "AH is in no hand");
    e.remove(parse_card("2S"));
    CHECK(e.deal()[Seat::North].size() == 12);
    CHECK_FALSE(e.holder(parse_card("2S")));
}

TEST_CASE("deal editor: a 48-card deck has no 2 or 3 of spades and 12 cards a hand",
          "[deal_editor]") {
    DealEditor e(preset("paperless"));
    CHECK(e.unplaced().size() == 48);
    CHECK(error_of([&] { e.place(parse_card("2S"), Seat::South); }) ==
          "2S is not in the 48-card deck");
    e.deal_rest(7);
    for (Seat s : kAllSeats) CHECK(e.deal()[s].size() == 12);
    CHECK(e.complete());
}

TEST_CASE("deal editor: swap, rotate and clear move whole hands", "[deal_editor]") {
    DealEditor e = editor_with(kDeal, Seat::East);
    Deal before = e.deal();
    e.swap(Seat::North, Seat::South);
    CHECK(e.deal()[Seat::North] == before[Seat::South]);
    CHECK(e.deal()[Seat::South] == before[Seat::North]);
    e.swap(Seat::North, Seat::South);
    e.rotate(1);
    for (Seat s : kAllSeats) CHECK(e.deal()[next(s)] == before[s]);
    e.rotate(-1);
    CHECK(e.deal() == before);
    e.clear();
    CHECK(e.unplaced().size() == 52);
}

TEST_CASE("deal editor: the rest is dealt under constraints, the same for a seed",
          "[deal_editor]") {
    DealEditor e(preset("classic"));
    for (Card c : parse_cards("AS KS AH")) e.place(c, Seat::South);
    e.constraints[index(Seat::South)].points_min = 15;
    e.constraints[index(Seat::South)].points_max = 18;
    e.constraints[index(Seat::South)].spades_min = 5;
    e.constraints[index(Seat::North)].void_in[index(Suit::Hearts)] = true;
    DealEditor again = e;
    int tries = e.deal_rest(42);
    CHECK(tries >= 1);
    CHECK(again.deal_rest(42) == tries);
    CHECK(again.deal() == e.deal());
    CardSet south = e.deal()[Seat::South];
    CHECK(south.contains(parse_card("AS")));
    CHECK(high_card_points(south) >= 15);
    CHECK(high_card_points(south) <= 18);
    CHECK(south.count(Suit::Spades) >= 5);
    CHECK_FALSE(e.deal()[Seat::North].has_suit(Suit::Hearts));
    CHECK(e.complete());
    DealEditor other = again;
    other.clear();
    for (Card c : parse_cards("AS KS AH")) other.place(c, Seat::South);
    other.deal_rest(43);
    CHECK(other.deal() != e.deal());
}

TEST_CASE("deal editor: constraints no deal meets are refused, nothing dealt", "[deal_editor]") {
    DealEditor e(preset("classic"));
    e.place(parse_card("AH"), Seat::West);
    e.constraints[index(Seat::West)].void_in[index(Suit::Hearts)] = true;
    CHECK(error_of([&] { e.deal_rest(1, 50); }) ==
          "no deal fits within 50 tries (West: void in hearts): loosen a constraint");
    CHECK(e.unplaced().size() == 51);
    e.constraints[index(Seat::West)] = {};
    e.constraints[index(Seat::East)].spades_min = 6;
    e.constraints[index(Seat::East)].spades_max = 4;
    CHECK(error_of([&] { e.deal_rest(1); }) ==
          "East: 6-4 spades: a range's least is more than its most");
    CHECK(e.unplaced().size() == 51);
}

TEST_CASE("deal editor: bids are checked by the engine in turn", "[deal_editor]") {
    DealEditor e(preset("classic"));
    CHECK(error_of([&] { e.bid(Bid::tricks(3)); }) ==
          "the deal is not complete: 52 cards are not placed yet");
    e = editor_with(kDeal, Seat::North);
    CHECK(e.to_act() == Seat::East);
    e.bid(Bid::tricks(3));
    CHECK(e.to_act() == Seat::South);
    // The message is the engine's own: the editor has no bid check of its own.
    HandState engine(preset("classic"), Seat::North, e.deal());
    engine.bid(Seat::East, Bid::tricks(3));
    auto illegal = engine.check_bid(Seat::South, Bid::tricks(14));
    REQUIRE(illegal);
    CHECK(error_of([&] { e.bid(Bid::tricks(14)); }) == illegal->message);
    CHECK(e.bids().size() == 1);
    e.bid(Bid::nil());
    e.bid(Bid::tricks(4));
    e.bid(Bid::tricks(2));
    CHECK_FALSE(e.to_act());
    CHECK(error_of([&] { e.bid(Bid::tricks(1)); }) == "the bidding is over: four bids are in");
    for (int i = 0; i < 4; ++i) e.undo();
    CHECK(e.bids().empty());
    CHECK(error_of([&] { e.undo(); }) == "nothing to undo: no pass or bid is entered");
}

TEST_CASE("deal editor: Paperless passes come first, checked by the engine", "[deal_editor]") {
    DealEditor e(preset("paperless"), Seat::North);
    e.deal_rest(3);
    REQUIRE(e.phase() == Phase::Pass);
    CHECK(error_of([&] { e.bid(Bid::tricks(3)); }) == "the passes come before the bids");
    Seat first = *e.to_act();
    CardSet hand = e.deal()[first];
    // One card is not a pass: refused with the engine's own message.
    HandState engine(preset("paperless"), Seat::North, e.deal());
    auto short_pass = engine.check_pass(first, CardSet{*hand.begin()});
    REQUIRE(short_pass);
    CHECK(error_of([&] { e.pass(CardSet{*hand.begin()}); }) == short_pass->message);
    CardSet two;
    for (Card c : hand) {
        if (two.size() < e.rules().pass_cards) two.insert(c);
    }
    e.pass(two);
    CHECK(e.passes()[index(first)] == two);
    CHECK(e.to_act() != first);
    e.undo();
    CHECK(e.passes()[index(first)].empty());
    CHECK(e.to_act() == first);
}

TEST_CASE("deal editor: comments go with the game saved to the library", "[deal_editor]") {
    TempDir t;
    DealEditor e = editor_with(kDeal, Seat::East);
    e.bid(Bid::tricks(3));
    CHECK(error_of([&] { e.comment_bid(1, "x"); }) == "no bid 2 to comment on: 1 bids are entered");
    e.comment_bid(0, "Three sure tricks.");
    e.comment_card(parse_card("AH"), "a sure trick");
    e.set_hand_comment("Count them.");
    formats::Library library(t.dir / "library.sqlite");
    std::int64_t id = e.save_game(library, "Class of Tuesday");
    RecordedGame g = library.load_game(id);
    CHECK(g.event == "Class of Tuesday");
    REQUIRE(g.hands.size() == 1);
    CHECK(g.hands[0].deal == e.deal());
    CHECK(g.hands[0].bids == e.bids());
    const Annotation* on_bid = g.hands[0].annotation(Annotation::Target::Bid, 0);
    REQUIRE(on_bid);
    CHECK(on_bid->comment == "Three sure tricks.");
    const Annotation* on_hand = g.hands[0].annotation(Annotation::Target::Hand, 0);
    REQUIRE(on_hand);
    CHECK(on_hand->comment == "Count them. AH: a sure trick");
}

TEST_CASE("deal editor: an incomplete deal is not saved", "[deal_editor]") {
    TempDir t;
    DealEditor e(preset("classic"));
    e.place(parse_card("AS"), Seat::North);
    formats::Library library(t.dir / "library.sqlite");
    CHECK(error_of([&] { e.save_game(library, ""); }) ==
          "the deal is not complete: 51 cards are not placed yet");
    CHECK(library.list_games({}).empty());
    LessonQuestionInfo info{"my-lesson", "Mine",      "A point.",     5,
                            4,           Seat::South, LessonAsk::Bid, "What do you bid?"};
    CHECK(error_of([&] { e.save_lesson_question(t.dir / "lessons", info); }) ==
          "the deal is not complete: 51 cards are not placed yet");
    CHECK_FALSE(fs::exists(t.dir / "lessons"));
}

TEST_CASE("teacher's lessons are read beside the shipped ones, and a clash names both files",
          "[deal_editor][lesson]") {
    TempDir t;
    const fs::path shipped = fs::path(SPADEWORK_SAMPLES) / "lessons";
    DealEditor e = editor_with(kDeal, Seat::East);
    e.bid(Bid::tricks(3));
    e.comment_bid(0, "Three sure tricks.");
    LessonQuestionInfo info{"count-aces", "Counting aces", "Aces are tricks.", 5, 4,
                            Seat::South,  LessonAsk::Bid,  "What do you bid?"};
    e.save_lesson_question(t.dir, info);
    std::vector<Lesson> all = read_lessons(std::vector<fs::path>{shipped, t.dir});
    CHECK(all.size() == read_lessons(shipped).size() + 1);
    CHECK(all.back().name == "count-aces");
    CHECK(find_lesson(std::vector<fs::path>{shipped, t.dir}, "count-aces").file ==
          t.dir / "count-aces.spades");
    CHECK(find_lesson(std::vector<fs::path>{shipped, fs::path()}, "sure-tricks").hands.size() > 0);

    info.name = "sure-tricks";  // a shipped lesson's name
    e.save_lesson_question(t.dir, info);
    std::string clash = error_of([&] { read_lessons(std::vector<fs::path>{shipped, t.dir}); });
    CHECK(clash ==
          "two lessons are named \"sure-tricks\": " + (shipped / "01-sure-tricks.spades").string() +
              " and " + (t.dir / "sure-tricks.spades").string());
}

TEST_CASE("deal editor: a score sheet's hand gets its cards after the fact and is saved whole",
          "[deal_editor]") {
    TempDir t;
    const RecordedGame sheet =
        formats::read_game_file(fs::path(SPADEWORK_SAMPLES) / "sheets" / "club-night.csv").at(0);
    REQUIRE(sheet.score_sheet());
    DealEditor e(preset("classic"));
    CHECK(error_of([&] { e.start_from_sheet(sheet, 99); }) ==
          "the sheet has no hand 100 (it has " + std::to_string(sheet.hands.size()) + ")");
    e.start_from_sheet(sheet, 2);
    const RecordedHand& third = sheet.hands[2];
    CHECK(e.from_sheet());
    CHECK(e.dealer() == third.dealer);
    CHECK(e.sheet_bids() == third.bids);
    CHECK(error_of([&] { e.enter_sheet_bids(); }) ==
          "the deal is not complete: 52 cards are not placed yet");
    // Cards that allow the sheet's bids: dealt at random until the engine takes them all (a
    // nil under nil_max_spades, say, needs a hand it allows).
    bool entered = false;
    for (std::uint64_t seed = 1; seed < 50 && !entered; ++seed) {
        e.clear();
        e.deal_rest(seed);
        try {
            e.enter_sheet_bids();
            entered = true;
        } catch (const Error&) {
        }
    }
    REQUIRE(entered);
    CHECK(e.bids() == third.bids);
    formats::Library library(t.dir / "library.sqlite");
    RecordedGame g = library.load_game(e.save_game(library, ""));
    CHECK_FALSE(g.score_sheet());
    CHECK(g.players == sheet.players);
    CHECK(g.event == sheet.event);
    CHECK(g.date == sheet.date);
    CHECK(g.hands.at(0).deal == e.deal());
    CHECK(g.hands.at(0).bids == third.bids);
    bool tagged = false;
    for (const auto& [key, value] : g.tags) tagged = tagged || (key == "SheetHand" && value == "3");
    CHECK(tagged);
    // A full record is not a sheet to start from.
    CHECK(error_of([&] { e.start_from_sheet(g, 0); }) ==
          "not a score sheet: its hands have their cards");
}

TEST_CASE("deal editor: a smaller deck takes back the cards it has not, and the bids",
          "[deal_editor]") {
    DealEditor e = editor_with(kDeal, Seat::East);
    e.bid(Bid::tricks(3));
    e.set_rules(preset("paperless"));
    CHECK(e.bids().empty());
    for (Seat s : kAllSeats) CHECK(e.deal()[s].size() <= 12);
    CHECK_FALSE(e.holder(parse_card("2S")));
    CHECK_FALSE(e.holder(parse_card("3H")));
    CHECK((e.deal().all() - preset("paperless").deck()).empty());
    // What is left over goes back to be placed again: the deal completes with a fill.
    e.deal_rest(5);
    CHECK(e.complete());
}

TEST_CASE("deal editor: the play is entered card by card, checked by the engine, and saved",
          "[deal_editor]") {
    TempDir t;
    DealEditor e = editor_with(kDeal, Seat::North);
    CHECK_FALSE(e.to_play());
    CHECK(e.legal_cards().empty());
    CHECK(error_of([&] { e.play(parse_card("2C")); }) ==
          "the play comes after the bids: enter them first");
    for (int b : {3, 3, 4, 2}) e.bid(Bid::tricks(b));
    REQUIRE(e.phase() == Phase::Play);
    // The cards are fixed once the bidding has begun: a change would drop the bids.
    CHECK(error_of([&] { e.swap(Seat::North, Seat::South); }) ==
          "the bids are entered: take them back (Undo) before changing the cards, or Clear the "
          "deal");
    CHECK(error_of([&] { e.deal_rest(1); }) ==
          "the bids are entered: take them back (Undo) before changing the cards, or Clear the "
          "deal");
    CHECK(e.bids().size() == 4);
    const Seat leader = *e.to_play();
    CHECK(leader == Seat::East);
    CHECK(e.legal_cards() == e.state().legal_cards());
    // A card the engine refuses is refused with the engine's own reason, nothing entered.
    const Card spade = *e.deal()[leader].of_suit(Suit::Spades).begin();
    auto illegal = e.state().check_play(spade);
    REQUIRE(illegal);
    CHECK(error_of([&] { e.play(spade); }) == illegal->message);
    CHECK(e.cards().empty());
    // A trick, each seat its first legal card; the winner leads the next.
    for (int i = 0; i < 4; ++i) e.play(*e.legal_cards().begin());
    HandState after = e.state();
    REQUIRE(after.tricks_played() == 1);
    CHECK(e.to_play() == after.trick_winners().front());
    // Comments on a card played and on one not played yet.
    const Card second = e.cards()[1];
    e.comment_card(second, "Second hand low.");
    const Card later = *e.legal_cards().begin();
    e.comment_card(later, "Kept for later.");
    e.play(later);
    e.undo();  // the last card comes back first
    CHECK(e.cards().size() == 4);
    CHECK(e.bids().size() == 4);
    formats::Library library(t.dir / "library.sqlite");
    RecordedGame g = library.load_game(e.save_game(library, "Play class"));
    const RecordedHand& h = g.hands.at(0);
    CHECK(h.cards == e.cards());
    const Annotation* on_card = h.annotation(Annotation::Target::Card, 1);
    REQUIRE(on_card);
    CHECK(on_card->comment == "Second hand low.");
    const Annotation* on_hand = h.annotation(Annotation::Target::Hand, 0);
    REQUIRE(on_hand);
    CHECK(on_hand->comment == to_string(later) + ": Kept for later.");
    // Played to the end: the engine's outcome, and nothing more is due.
    while (e.to_play()) e.play(*e.legal_cards().begin());
    CHECK(e.phase() == Phase::Done);
    CHECK(e.cards().size() == 52);
    CHECK(error_of([&] { e.play(parse_card("2C")); }) == "the play is over: every card is played");
    RecordedGame whole = library.load_game(e.save_game(library, "Play class"));
    CHECK(whole.hands.at(0).cards.size() == 52);
    // A bid question stops at the learner's bid.
    LessonQuestionInfo info{"my-lesson", "Mine",     "A point.",     5,
                            4,           Seat::West, LessonAsk::Bid, "What do you bid?"};
    CHECK(error_of([&] { e.save_lesson_question(t.dir / "lessons", info); }) ==
          "a bid question stops at the learner's bid: take back the play (undo)");
    CHECK_FALSE(fs::exists(t.dir / "lessons"));
}

TEST_CASE("deal editor: a recorded hand opens with its passes, bids, exchange, play and comments",
          "[deal_editor]") {
    TempDir t;
    for (const char* name : {"paperless.spades", "computer.spades"}) {
        INFO(name);
        const RecordedGame game =
            formats::read_game_file(fs::path(SPADEWORK_SAMPLES) / "games" / name).at(0);
        for (std::size_t k = 0; k < game.hands.size(); ++k) {
            INFO("hand " << k + 1);
            const RecordedHand& original = game.hands[k];
            DealEditor e;
            e.start_from_record(game, static_cast<int>(k));
            CHECK(e.from_record());
            CHECK(e.rules() == game.rules);
            const RecordedGame saved = e.game("");
            CHECK(saved.event == game.event);
            CHECK(saved.players == game.players);
            const RecordedHand& h = saved.hands.at(0);
            CHECK(h.dealer == original.dealer);
            CHECK(h.deal == original.deal);
            CHECK(h.passes == original.passes);
            CHECK(h.bids == original.bids);
            CHECK(h.exchanges == original.exchanges);
            CHECK(h.cards == original.cards);
        }
    }
    // The sample with a blind nil's exchange has one.
    const RecordedGame computer =
        formats::read_game_file(fs::path(SPADEWORK_SAMPLES) / "games" / "computer.spades").at(0);
    CHECK(std::any_of(computer.hands.begin(), computer.hands.end(), [](const RecordedHand& h) {
        return h.exchanges != std::array<CardSet, 4>{};
    }));
    // Comments come along, a glyph in front of its comment; back on the same bid and card.
    RecordedGame annotated =
        formats::read_game_file(fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades").at(0);
    RecordedHand& first = annotated.hands.at(0);
    first.annotations = {{Annotation::Target::Hand, 0, "", "A quiet hand."},
                         {Annotation::Target::Bid, 2, "?", "Too low."},
                         {Annotation::Target::Card, 5, "!", ""}};
    DealEditor e;
    e.start_from_record(annotated, 0);
    CHECK(e.hand_comment() == "A quiet hand.");
    CHECK(e.bid_comment(2) == "? Too low.");
    CHECK(e.card_comment(first.cards[5]) == "!");
    const RecordedGame back_game = e.game("");
    const RecordedHand& back = back_game.hands.at(0);
    REQUIRE(back.annotation(Annotation::Target::Card, 5));
    CHECK(back.annotation(Annotation::Target::Card, 5)->comment == "!");
    // Refused: a score sheet, a hand not there; the editor as it was.
    const RecordedGame sheet =
        formats::read_game_file(fs::path(SPADEWORK_SAMPLES) / "sheets" / "club-night.csv").at(0);
    CHECK(error_of([&] { e.start_from_record(sheet, 0); }) ==
          "a score sheet's hand has no cards: open it as a sheet's hand to enter them");
    CHECK(error_of([&] { e.start_from_record(annotated, 99); }) ==
          "the game has no hand 100 (it has " + std::to_string(annotated.hands.size()) + ")");
    CHECK(e.cards() == first.cards);
}
