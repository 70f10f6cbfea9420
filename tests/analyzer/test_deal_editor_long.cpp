// The deal editor's lesson questions, long cases (tests/CMakeLists.txt): a teacher's questions
// (a bid, a Paperless pass) saved, read back as a lesson and checked by the bid review, as a
// shipped lesson is. The editor's model is tested under the sanitizers by its other cases, in
// test_deal_editor.cpp; the normal build runs these.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "deal_editor_helpers.h"
#include "spadework/analyzer/deal_editor.h"
#include "spadework/analyzer/lesson.h"

using namespace spadework;
using namespace spadework::analyzer;
using namespace spadework::testing;
namespace fs = std::filesystem;

TEST_CASE("deal editor: a lesson question is saved, read as a lesson and checked",
          "[deal_editor]") {
    TempDir t;
    const fs::path mine = t.dir / "mine";
    DealEditor e = editor_with(kDeal, Seat::East);
    LessonQuestionInfo info{"count-aces",
                            "Counting aces",
                            "Aces are tricks.",
                            5,
                            4,
                            Seat::South,
                            LessonAsk::Bid,
                            "You are South. What do you bid?"};
    CHECK(error_of([&] { e.save_lesson_question(mine, info); }) ==
          "a bid question needs the learner's recommended bid entered");
    e.bid(Bid::tricks(3));
    CHECK(error_of([&] { e.save_lesson_question(mine, info); }) ==
          "explain the answer: a comment on the learner's bid");
    e.comment_bid(0, "Three sure tricks.");
    info.learner = Seat::West;
    CHECK(error_of([&] { e.save_lesson_question(mine, info); }) ==
          "a bid question ends at the learner's bid: the last bid is South's, the learner West");
    CHECK_FALSE(fs::exists(mine));
    info.learner = Seat::South;
    LessonCheck first = e.save_lesson_question(mine, info);
    CHECK(first.file == mine / "count-aces.spades");
    CHECK(first.question == 1);
    CHECK(first.recommended == "3");

    // A second question joins the same lesson, which keeps its title.
    DealEditor bad = editor_with(kDeal, Seat::East);
    bad.bid(Bid::tricks(8));  // far beyond the tricks South can take
    bad.comment_bid(0, "Bid them all.");
    info.title = "ignored";
    LessonCheck second = bad.save_lesson_question(mine, info);
    CHECK(second.question == 2);
    CHECK_FALSE(second.agrees);
    CHECK(second.recommended == "8");
    CHECK(second.best != "8");
    CHECK(second.message.find("The analysis disagrees: its best bid is " + second.best) == 0);
    CHECK(second.message.find("yours 8") != std::string::npos);

    Lesson l = read_lesson(mine / "count-aces.spades");
    CHECK(l.name == "count-aces");
    CHECK(l.title == "Counting aces");
    REQUIRE(l.hands.size() == 2);
    CHECK(l.hands[0].answer == Bid::tricks(3));
    CHECK(l.hands[0].explanation == "Three sure tricks.");
    CHECK(l.hands[1].question == "You are South. What do you bid?");
    CHECK(l.hands[1].game.event == "Counting aces");
    // The same check the shipped lessons pass.
    CHECK(check_lesson_question(l, 2).agrees == second.agrees);
}

TEST_CASE("deal editor: a Paperless pass question is saved with its pass", "[deal_editor]") {
    TempDir t;
    DealEditor e(preset("paperless"), Seat::West);
    e.deal_rest(11);
    Seat first = *e.to_act();
    auto pass_of = [&](Seat s) {
        CardSet pass;
        for (Card c : e.deal()[s]) {
            if (pass.size() < e.rules().pass_cards) pass.insert(c);
        }
        return pass;
    };
    CardSet pass = pass_of(first);
    e.pass(pass);
    LessonQuestionInfo info{"pass-low", "Passing", "Pass low cards.", 5,
                            4,          first,     LessonAsk::Pass,   "What do you pass?"};
    CHECK(error_of([&] {
              e.save_lesson_question(t.dir, info);
          }).find("a pass question needs every seat's pass entered") == 0);
    while (e.phase() == Phase::Pass) e.pass(pass_of(*e.to_act()));
    CHECK(error_of([&] { e.save_lesson_question(t.dir, info); }) ==
          "explain the answer: a comment on the hand");
    e.set_hand_comment("Low cards help partner least.");
    LessonCheck c = e.save_lesson_question(t.dir, info);
    CHECK(c.recommended == to_string(pass));
    Lesson l = read_lesson(t.dir / "pass-low.spades");
    REQUIRE(l.hands.size() == 1);
    CHECK(l.hands[0].ask == LessonAsk::Pass);
    CHECK(l.hands[0].answer_pass == pass);
}
