// The deal editor's window state without a window: cards clicked into the seats as the panel
// does, the seat moving on as a hand fills, the random deal, bids typed, comments on the hand,
// a bid and a card, and the two saves, the lesson question checked in the background.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "editor_mode.h"
#include "spadework/analyzer/lesson.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/error.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "support/workspace.h"
#include "wording.h"

using namespace spadework;
using namespace spadework::viewer;

TEST_CASE("deal editor mode: clicks fill the seats in turn, a second click takes a card back",
          "[viewer][editor]") {
    EditorMode e({}, {});
    CHECK_FALSE(e.shown());
    e.open();
    CHECK(e.shown());
    CHECK(e.target() == Seat::North);
    int n = 0;
    for (Card c : kFullDeck) {
        if (n++ == 13) break;
        REQUIRE(e.click_card(c));
    }
    CHECK(e.editor().deal()[Seat::North].size() == 13);
    CHECK(e.target() == Seat::East);  // North is full: the next clicks go to East
    REQUIRE(e.click_card(parse_card("AC")));
    CHECK(e.editor().holder(parse_card("AC")) == Seat::East);
    REQUIRE(e.click_card(parse_card("AC")));
    CHECK_FALSE(e.editor().holder(parse_card("AC")));
    CHECK(e.message() == "A♣ back from East.");
    // A full seat chosen by hand refuses the card, saying why.
    e.set_target(Seat::North);
    CHECK_FALSE(e.click_card(parse_card("AC")));
    CHECK(e.error());
    CHECK(e.message() == "North already holds 13 cards");
    CHECK_FALSE(e.editor().holder(parse_card("AC")));
}

TEST_CASE("deal editor mode: --edit-deal opens a new deal or a PBN one, and names itself in errors",
          "[viewer][editor]") {
    EditorMode e({}, {});
    e.open_as("N:AKQ... ... ... ...");
    CHECK(e.shown());
    CHECK(e.editor().deal()[Seat::North] == parse_cards("AS KS QS"));
    CHECK(e.editor().unplaced().size() == 49);
    e.leave();
    try {
        e.open_as("N:AKQ.XYZ");
        FAIL("a deal that does not read was opened");
    } catch (const Error& err) {
        // Where in the deal it went wrong, as solve --deal says it.
        CHECK(std::string(err.what()).rfind("--edit-deal, column ", 0) == 0);
    }
    CHECK_FALSE(e.shown());
    e.open_as("new");
    CHECK(e.editor().unplaced().size() == 52);
}

TEST_CASE("deal editor mode: a random deal, bids, comments and a game saved", "[viewer][editor]") {
    testing::Workspace ws("spadework-editor-mode");
    EditorMode e(ws.db, ws.dir / "lessons");
    e.open();
    e.editor().constraints[index(Seat::South)].spades_min = 4;
    CHECK_FALSE(e.save_game());
    CHECK(e.message() == "the deal is not complete: 52 cards are not placed yet");
    REQUIRE(e.deal_rest());
    CHECK(e.editor().deal()[Seat::South].count(Suit::Spades) >= 4);
    CHECK(e.editor().to_act() == Seat::East);
    CHECK_FALSE(e.bid_text("lots"));
    CHECK(e.message() == "a bid is a number of tricks, \"nil\" or \"bnil\", not \"lots\"");
    REQUIRE(e.bid_text("3"));
    // A lesson question ends at the learner's bid: the learner follows the last bid entered.
    CHECK(e.lesson.learner == Seat::East);
    REQUIRE(e.bid_text("nil"));
    CHECK(e.lesson.learner == Seat::South);
    // The comment box follows the last bid entered.
    CHECK(e.comment_target().kind == CommentTarget::Kind::Bid);
    CHECK(e.comment_target().bid == 1);
    REQUIRE(e.set_comment("A nil with no spade above the 9."));
    e.set_comment_target({CommentTarget::Kind::Card, 0, *e.editor().deal()[Seat::North].begin()});
    REQUIRE(e.set_comment("North's lowest card."));
    e.set_comment_target({});
    REQUIRE(e.set_comment("A hand for Tuesday."));
    CHECK(e.comment() == "A hand for Tuesday.");
    e.event = "Tuesday class";
    REQUIRE(e.save_game());
    formats::Library library(ws.db);
    auto games = library.list_games({});
    REQUIRE(games.size() == 1);
    RecordedGame g = library.load_game(games[0].id);
    CHECK(g.event == "Tuesday class");
    CHECK(g.hands[0].deal == e.editor().deal());
    CHECK(g.hands[0].annotation(Annotation::Target::Bid, 1)->comment ==
          "A nil with no spade above the 9.");
    CHECK(
        g.hands[0].annotation(Annotation::Target::Hand, 0)->comment.find("North's lowest card.") !=
        std::string::npos);
}

TEST_CASE("deal editor mode: a lesson question is saved and checked in the background",
          "[viewer][editor]") {
    testing::Workspace ws("spadework-editor-mode");
    EditorMode e(ws.db, ws.dir / "lessons");
    e.open_pbn("E:K63.Q32.JT54.K87 852.AK4.A73.9643 AJ9.J876.K96.QT5 QT74.T95.Q82.AJ2");
    e.set_dealer(Seat::East);
    REQUIRE(e.bid_text("3"));
    REQUIRE(e.set_comment("Three sure tricks."));
    e.lesson = {
        "tuesday", "Tuesday",   "Count sure tricks.",     5,
        4,         Seat::South, analyzer::LessonAsk::Bid, "You are South. What do you bid?"};
    REQUIRE(e.save_lesson());
    CHECK(e.checking());
    e.wait();
    CHECK_FALSE(e.checking());
    REQUIRE(e.last_check());
    CHECK(e.last_check()->recommended == "3");
    CHECK(e.message().find("Saved as question 1 of " +
                           (ws.dir / "lessons" / "tuesday.spades").string()) == 0);
    CHECK(e.error() == !e.last_check()->agrees);
    analyzer::Lesson l = analyzer::read_lesson(ws.dir / "lessons" / "tuesday.spades");
    CHECK(l.hands.at(0).explanation == "Three sure tricks.");
    // A refusal found in the background is said too, and nothing is written.
    e.lesson.name = "Not A Name";
    REQUIRE(e.save_lesson());
    e.wait();
    CHECK(e.error());
    CHECK(e.message().find("a lesson name is lower case letters") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(ws.dir / "lessons" / "Not A Name.spades"));
}

TEST_CASE("deal editor mode: a score sheet's hand gets its cards, then the sheet's bids",
          "[viewer][editor]") {
    testing::Workspace ws("spadework-editor-mode");
    const RecordedGame sheet = formats::read_game_file(std::filesystem::path(SPADEWORK_SAMPLES) /
                                                       "sheets" / "club-night.csv")
                                   .at(0);
    EditorMode e(ws.db, {});
    RecordedGame full = sheet;
    full.kind = RecordKind::Full;
    CHECK_FALSE(e.open_sheet_hand(full, 0));
    CHECK(e.message() == "not a score sheet: its hands have their cards");
    CHECK_FALSE(e.shown());
    REQUIRE(e.open_sheet_hand(sheet, 0));
    CHECK(e.shown());
    CHECK(e.editor().sheet_hand() == 0);
    CHECK(e.event.empty());
    bool entered = false;
    for (int i = 0; i < 50 && !entered; ++i) {
        REQUIRE(e.clear());
        REQUIRE(e.deal_rest());
        entered = e.enter_sheet_bids();
    }
    REQUIRE(entered);
    CHECK(e.editor().bids() == sheet.hands[0].bids);
    REQUIRE(e.save_game());
    formats::Library library(ws.db);
    RecordedGame g = library.load_game(library.list_games({}).at(0).id);
    CHECK(g.event == sheet.event);
    CHECK(g.players == sheet.players);
    CHECK_FALSE(g.score_sheet());
}

TEST_CASE("deal editor mode: a game's hand opens with its play, cards are played by clicks",
          "[viewer][editor]") {
    testing::Workspace ws("spadework-editor-mode");
    const RecordedGame game = formats::read_game_file(std::filesystem::path(SPADEWORK_SAMPLES) /
                                                      "games" / "classic.spades")
                                  .at(0);
    EditorMode e(ws.db, {});
    RecordedGame sheet = game;
    sheet.kind = RecordKind::ScoreSheet;
    CHECK_FALSE(e.open_record_hand(sheet, 0));
    CHECK_FALSE(e.shown());
    CHECK_THROWS_WITH(e.open_as("game"), "--edit-deal game: no game is shown (name a game)");
    e.open_as("game", &game, 1);
    REQUIRE(e.shown());
    CHECK(e.editor().cards() == game.hands[1].cards);
    CHECK(e.editor().phase() == Phase::Done);
    // Back to the first card of the third trick, then played on by clicks.
    while (e.editor().cards().size() > 8) REQUIRE(e.undo());
    const Seat leader = *e.editor().to_play();
    const Card lead = *e.editor().legal_cards().begin();
    REQUIRE(e.play(lead));
    CHECK(e.message() == std::string(seat_name(leader)) + " plays " + card_text(lead) + ".");
    // A comment typed next is on the card played.
    CHECK(e.comment_target().kind == CommentTarget::Kind::Card);
    CHECK(e.comment_target().card == lead);
    REQUIRE(e.set_comment("The lead that sets them."));
    // A card not legal now is refused, with the engine's reason; nothing entered.
    const Seat second = *e.editor().to_play();
    const CardSet held = e.editor().state().hand(second);
    const CardSet illegal = held - e.editor().legal_cards();
    if (!illegal.empty()) {
        CHECK_FALSE(e.play(*illegal.begin()));
        CHECK(e.error());
        CHECK(e.editor().cards().size() == 9);
    }
    // Typed: a card that does not read says what a card is; a legal one typed is played.
    CHECK_FALSE(e.play_text("ZZ"));
    CHECK(e.message().find("(a card is its rank and suit: QC, 10H, AS)") != std::string::npos);
    CHECK(e.editor().cards().size() == 9);
    REQUIRE(e.play_text(to_string(*e.editor().legal_cards().begin())));
    for (int i = 0; i < 2; ++i) REQUIRE(e.play(*e.editor().legal_cards().begin()));
    const HandState now = e.editor().state();
    CHECK(e.message().find(std::string(seat_name(now.trick_winners().back())) + " wins trick 3.") !=
          std::string::npos);
    REQUIRE(e.save_game());
    formats::Library library(ws.db);
    RecordedGame saved = library.load_game(library.list_games({}).at(0).id);
    CHECK(saved.players == game.players);
    CHECK(saved.hands.at(0).cards == e.editor().cards());
    const Annotation* on_lead = saved.hands.at(0).annotation(Annotation::Target::Card, 8);
    REQUIRE(on_lead);
    CHECK(on_lead->comment == "The lead that sets them.");
}
