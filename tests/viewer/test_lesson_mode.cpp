// Lesson mode without a window: the lessons a folder offers, answering a question (judged in
// the background, then kept in the library under the learner's name), what a bad answer
// does (an error, nothing judged, nothing kept), pass questions answered by picking cards,
// the score across a lesson, and the scripted answers the window tests use.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "lesson_mode.h"
#include "settings.h"
#include "spadework/analyzer/lesson.h"
#include "spadework/analyzer/library_stores.h"
#include "spadework/engine/error.h"
#include "spadework/formats/library.h"
#include "support/test_lessons.h"
#include "support/workspace.h"

using namespace spadework;
using namespace spadework::viewer;
namespace fs = std::filesystem;

namespace {

const char* kBidLesson = spadework::testing::kCountingLesson;

const char* kPassLesson = R"([Event "Passing"]
[Lesson "passing"]
[Point "What to pass for a normal bid."]
[Tolerance "5"]
[Samples "2"]
[Rules "paperless"]
[Learner "S"]
[Ask "pass"]
{You are South. Pass three cards to North.}

[Hand "1"]
[Dealer "N"]
[Deal "N:85.954.Q82.T874 AQ764.T8.A9.AK3 KT.AKQJ.543.Q52 J9.76.KJT76.J96"]
{Keep your honours; the small diamonds let partner ruff.}
pass E:TH 8H 3C S:5D 4D 3D W:JS 9S KD N:8S QD TC
)";

void write(const fs::path& path, const std::string& text) {
    std::ofstream out(path);
    out << text;
}

struct Lessons {
    testing::Workspace ws{"spadework-lesson-mode"};
    fs::path dir = ws.dir / "lessons";
    Lessons() {
        fs::create_directories(dir);
        write(dir / "01-counting.spades", kBidLesson);
        write(dir / "02-passing.spades", kPassLesson);
    }
};

// The verdict judge() gives on its own, to compare with what lesson mode shows.
analyzer::LessonVerdict judged(const fs::path& file, int question, const std::string& answer) {
    analyzer::Lesson lesson = analyzer::read_lesson(file);
    const analyzer::LessonHand& h = lesson.hands[question];
    return analyzer::judge(lesson, h, analyzer::parse_answer(h, answer), 1);
}

}  // namespace

TEST_CASE("lesson mode lists the lessons of its folder", "[lesson-mode]") {
    Lessons l;
    LessonMode mode(l.dir, {}, 1);
    const auto& entries = mode.catalogue();
    REQUIRE(entries.size() == 2);
    CHECK(entries[0].name == "counting");
    CHECK(entries[0].title == "Counting");
    CHECK(entries[0].questions == 2);
    CHECK(entries[1].name == "passing");
    CHECK(entries[1].questions == 1);
    CHECK(mode.catalogue_error().empty());
    CHECK_FALSE(mode.active());
    CHECK_THROWS_WITH(mode.start("nope"), Catch::Contains("counting, passing"));

    // A broken lesson in the folder: the menu says why it left that one out and lists the
    // others, which start.
    write(l.dir / "03-broken.spades", "[Event \"x\"]\n");
    mode.reload();
    REQUIRE(mode.catalogue().size() == 2);
    CHECK(mode.catalogue()[1].name == "passing");
    CHECK_THAT(mode.catalogue_error(), Catch::Contains("03-broken.spades:"));
    CHECK(mode.catalogue_error().find('\n') == std::string::npos);  // one problem, one line
    mode.start("passing");
    CHECK(mode.active());
    mode.leave();

    LessonMode none(l.ws.dir / "missing", {}, 1);
    CHECK(none.catalogue().empty());
    CHECK_THAT(none.catalogue_error(), Catch::Contains("no such folder"));
}

// A teacher's folder named (--my-lessons, $SPADEWORK_MY_LESSONS) but not made yet: the
// shipped lessons are listed and start all the same (the menu was empty, and `view --lesson`
// failed with "no such folder of lessons"), and the mode says the folder is missing.
TEST_CASE("lesson mode lists the shipped lessons when the teacher's folder is missing",
          "[lesson-mode]") {
    Lessons l;
    LessonMode mode(l.dir, {}, 1);
    mode.set_my_lessons_dir(l.ws.dir / "not-made-yet");
    REQUIRE(mode.catalogue().size() == 2);
    CHECK(mode.catalogue()[0].name == "counting");
    CHECK(mode.catalogue()[0].file == l.dir / "01-counting.spades");
    CHECK(mode.catalogue_error().empty());
    CHECK(mode.my_lessons_missing());
    mode.start("passing");
    CHECK(mode.active());
    mode.leave();
    CHECK_THROWS_WITH(mode.start("nope"), Catch::Contains("counting, passing"));

    // Made, with a lesson in it: listed after the shipped ones.
    fs::create_directories(l.ws.dir / "not-made-yet");
    std::string mine = kBidLesson;
    const std::string tag = "[Lesson \"counting\"]";
    REQUIRE(mine.find(tag) != std::string::npos);
    mine.replace(mine.find(tag), tag.size(), "[Lesson \"mine\"]");
    write(l.ws.dir / "not-made-yet" / "mine.spades", mine);
    mode.reload();
    CHECK_FALSE(mode.my_lessons_missing());
    REQUIRE(mode.catalogue().size() == 3);
    CHECK(mode.catalogue()[2].name == "mine");

    // A broken lesson of the teacher's: the error names it, the other lessons stay listed
    // (the teacher's good one too) and start.
    write(l.ws.dir / "not-made-yet" / "broken.spades", "[Event \"x\"]\n");
    mode.reload();
    CHECK_THAT(mode.catalogue_error(), Catch::Contains("broken.spades"));
    REQUIRE(mode.catalogue().size() == 3);
    CHECK(mode.catalogue()[2].name == "mine");
    mode.start("counting");
    CHECK(mode.active());

    // No teacher's folder named: nothing missing.
    LessonMode shipped_only(l.dir, {}, 1);
    CHECK_FALSE(shipped_only.my_lessons_missing());
    CHECK(shipped_only.catalogue().size() == 2);
}

TEST_CASE("an answer is judged in the background and kept for the learner", "[lesson-mode]") {
    Lessons l;
    LessonMode mode(l.dir, l.ws.db, 1);
    mode.set_learner("ann");
    mode.start("counting");
    REQUIRE(mode.active());
    CHECK(mode.question() == 0);
    REQUIRE(mode.hand() != nullptr);
    // A hand seen: nil and 1..13 are open, blind nil is not.
    const auto& legal = mode.legal_bids();
    CHECK(legal.size() == 14);
    CHECK(legal.front() == Bid::nil());
    CHECK(std::find(legal.begin(), legal.end(), Bid::blind_nil()) == legal.end());

    REQUIRE(mode.answer("4"));
    CHECK(mode.thinking());
    CHECK(mode.thinking_answer() == "4");
    CHECK(mode.result() == nullptr);
    // A second answer while the first is judged is refused.
    CHECK_FALSE(mode.answer("5"));
    mode.wait();
    CHECK_FALSE(mode.thinking());
    const LessonResult* r = mode.result();
    REQUIRE(r != nullptr);
    CHECK(mode.error().empty());

    // What is shown is judge()'s verdict on that answer.
    analyzer::LessonVerdict alone = judged(l.dir / "01-counting.spades", 0, "4");
    REQUIRE(alone.learner);
    CHECK(r->value == Approx(*alone.learner));
    CHECK(r->verdict.best == Approx(alone.best));
    CHECK(r->verdict.learner_ok == alone.learner_ok);
    REQUIRE(r->verdict.bid);
    CHECK(r->verdict.bid->options.size() >= 14);

    // Kept in the library, and the scores read back.
    CHECK(r->stored);
    formats::Library lib(l.ws.db);
    auto answers = analyzer::LessonAnswerStore(lib).lesson_answers("ann");
    REQUIRE(answers.size() == 1);
    CHECK(answers[0].lesson == "counting");
    CHECK(answers[0].question == 1);
    CHECK(answers[0].answer == "4");
    CHECK(answers[0].value == Approx(*alone.learner));
    CHECK(answers[0].best == Approx(alone.best));
    CHECK(answers[0].good == alone.learner_ok);
    REQUIRE(mode.stored_scores().size() == 1);
    CHECK(mode.stored_scores()[0].lesson == "counting");
    CHECK(mode.stored_scores()[0].answered == 1);
    // Another learner has none.
    mode.set_learner("bob");
    CHECK(mode.stored_scores().empty());
}

TEST_CASE("a bad answer gives an error and nothing is judged or kept", "[lesson-mode]") {
    Lessons l;
    LessonMode mode(l.dir, l.ws.db, 1);
    mode.start("counting");
    // No learner name: the answer could not be kept, so it is refused.
    CHECK_FALSE(mode.answer("4"));
    CHECK_THAT(mode.error(), Catch::Contains("name"));
    mode.set_learner("ann");
    for (const char* bad : {"14", "AH", "bnil", "", "four"}) {
        INFO(bad);
        CHECK_FALSE(mode.answer(bad));
        CHECK_FALSE(mode.error().empty());
        CHECK_FALSE(mode.thinking());
        CHECK(mode.result() == nullptr);
    }
    CHECK_THAT(mode.error(), Catch::Contains("four"));
    CHECK(mode.question() == 0);
    mode.next();  // nothing answered: stays
    CHECK(mode.question() == 0);
    formats::Library lib(l.ws.db);
    CHECK(analyzer::LessonAnswerStore(lib).lesson_answers("ann").empty());
    // A good answer afterwards clears the error.
    REQUIRE(mode.answer("nil"));
    CHECK(mode.error().empty());
    mode.wait();
    CHECK(analyzer::LessonAnswerStore(lib).lesson_answers("ann").size() == 1);
}

TEST_CASE("the score across a lesson counts good answers and points lost", "[lesson-mode]") {
    Lessons l;
    const fs::path file = l.dir / "01-counting.spades";
    LessonMode mode(l.dir, l.ws.db, 1);
    mode.set_learner("ann");
    mode.start("counting");
    CHECK(mode.tally().questions == 2);
    CHECK(mode.tally().answered == 0);

    // The recommended bid is good by definition; 13 tricks with this hand cannot be made.
    REQUIRE(mode.answer("3"));
    mode.wait();
    REQUIRE(mode.result());
    CHECK(mode.result()->verdict.learner_ok);
    mode.next();
    CHECK(mode.question() == 1);
    CHECK(mode.result() == nullptr);
    REQUIRE(mode.answer("13"));
    mode.wait();
    REQUIRE(mode.result());
    CHECK_FALSE(mode.result()->verdict.learner_ok);
    mode.next();
    CHECK(mode.finished());
    CHECK(mode.hand() == nullptr);

    analyzer::LessonVerdict first = judged(file, 0, "3");
    analyzer::LessonVerdict second = judged(file, 1, "13");
    LessonTally t = mode.tally();
    CHECK(t.questions == 2);
    CHECK(t.answered == 2);
    CHECK(t.good == 1);
    CHECK(t.chance_lost == 0);
    CHECK(t.points_lost == Approx((first.best - *first.learner) + (second.best - *second.learner)));
    CHECK(t.points_lost > 50);  // thirteen tricks is set, far below the best

    // The library's score agrees, and answering again replaces the answer counted.
    REQUIRE(mode.stored_scores().size() == 1);
    CHECK(mode.stored_scores()[0].answered == 2);
    CHECK(mode.stored_scores()[0].good == 1);
    CHECK(mode.stored_scores()[0].lost == Approx(t.points_lost));
    mode.restart();
    CHECK(mode.tally().answered == 0);
    mode.script({"3", "3"});
    mode.wait();
    CHECK(mode.tally().answered == 2);
    CHECK(mode.stored_scores()[0].answered == 2);
    CHECK(analyzer::LessonAnswerStore(formats::Library(l.ws.db))
              .lesson_answers("ann", "counting")
              .size() == 4);
}

TEST_CASE("a pass question takes the cards picked", "[lesson-mode]") {
    Lessons l;
    LessonMode mode(l.dir, {}, 1);  // no library: answers are judged, not kept
    mode.start("passing");
    REQUIRE(mode.hand());
    CHECK(mode.pass_needed() == 3);
    CHECK(mode.legal_bids().empty());
    const Card ks = parse_card("KS");
    const Card qh = parse_card("QH");
    const Card d5 = parse_card("5D");
    mode.toggle_pass_card(ks);
    mode.toggle_pass_card(qh);
    mode.toggle_pass_card(parse_card("AS"));  // not South's: ignored
    CHECK(mode.pass_pick() == CardSet{ks, qh});
    CHECK_FALSE(mode.answer_pass());
    CHECK_THAT(mode.error(), Catch::Contains("pick 3"));
    mode.toggle_pass_card(d5);
    mode.toggle_pass_card(parse_card("2C"));  // a fourth: ignored
    CHECK(mode.pass_pick() == CardSet{ks, qh, d5});
    mode.toggle_pass_card(qh);  // unpicked
    CHECK(mode.pass_pick() == CardSet{ks, d5});
    mode.toggle_pass_card(qh);
    REQUIRE(mode.answer_pass());
    mode.wait();
    const LessonResult* r = mode.result();
    REQUIRE(r);
    CHECK(r->parsed.pass == CardSet{ks, qh, d5});
    REQUIRE(r->verdict.pass);
    CHECK(r->verdict.pass->also == CardSet{ks, qh, d5});
    CHECK(r->value == Approx(r->verdict.pass->also_expected));
    CHECK_FALSE(r->stored);
    CHECK(mode.stored_scores().empty());
}

TEST_CASE("scripted answers are checked first and end on the reveal or the score",
          "[lesson-mode]") {
    Lessons l;
    LessonMode mode(l.dir, l.ws.db, 1);
    mode.set_learner("ann");
    mode.start("counting");
    CHECK_THROWS_WITH(mode.script({"3", "AH"}), Catch::Contains("question 2"));
    CHECK_THROWS_WITH(mode.script({"3", "3", "3"}), Catch::Contains("3 answers"));
    CHECK_THROWS_WITH(mode.script({"3", "end"}), Catch::Contains("each of the 2"));
    CHECK_FALSE(mode.thinking());

    mode.script({"4", "nil"});
    mode.wait();
    CHECK(mode.question() == 1);  // the last answer's reveal
    REQUIRE(mode.result());
    CHECK(mode.result()->answer == "nil");
    CHECK(mode.results()[0]->answer == "4");

    mode.restart();
    mode.script({"4", "nil", "end"});
    mode.wait();
    CHECK(mode.finished());
    CHECK(mode.tally().answered == 2);
}

TEST_CASE("leaving a lesson while an answer is judged drops the verdict", "[lesson-mode]") {
    Lessons l;
    LessonMode mode(l.dir, l.ws.db, 1);
    mode.set_learner("ann");
    mode.start("counting");
    REQUIRE(mode.answer("4"));
    mode.leave();
    CHECK_FALSE(mode.active());
    CHECK_FALSE(mode.thinking());
    mode.poll();
    CHECK(mode.lesson() == nullptr);
    // Started again, the lesson begins afresh.
    mode.start("counting");
    CHECK(mode.question() == 0);
    CHECK(mode.result() == nullptr);
}

TEST_CASE("the learner's name is kept in the viewer settings", "[lesson-mode]") {
    testing::Workspace ws("spadework-lesson-settings");
    const fs::path file = ws.dir / "viewer.json";
    ViewerSettings s;
    s.learner = "ann";
    save_viewer_settings(file, s);
    CHECK(load_viewer_settings(file).learner == "ann");
    write(file, "{\"tab\": \"notes\"}");  // an older file, without the name
    CHECK(load_viewer_settings(file).learner.empty());
}
