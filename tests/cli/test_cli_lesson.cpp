// `spadework lesson` and `spadework export-lesson`, run as a learner and a teacher would.
#include <stdlib.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <regex>
#include <string>

#include "spadework/analyzer/lesson.h"
#include "spadework/analyzer/library_stores.h"
#include "spadework/formats/library.h"
#include "support/run_command.h"
#include "support/workspace.h"

using namespace spadework;
using spadework::testing::contains;
using spadework::testing::run;
using spadework::testing::run_ok;
using spadework::testing::slurp;
using spadework::testing::Workspace;

namespace {

constexpr const char* kLesson = R"([Event "Sure tricks"]
[Lesson "sure-tricks"]
[Point "Count aces and kings."]
[Tolerance "5"]
[Samples "4"]
[Learner "E"]
{You are East, first to bid.}

[Hand "1"]
[Dealer "N"]
[Deal "N:Q5.K62.KQJT63.KJ A63.74.A7.AT7652 KJ82.JT9.984.843 T974.AQ853.52.Q9"]
bids E:3 {Three aces: three sure tricks.}

[Event "Sure tricks"]
[Learner "N"]
{North, last to bid.}

[Hand "1"]
[Dealer "N"]
[Deal "N:Q5.K62.KQJT63.KJ A63.74.A7.AT7652 KJ82.JT9.984.843 T974.AQ853.52.Q9"]
bids E:4 S:1 W:2 N:4 {The diamonds will run once the ace is gone.}
)";

constexpr const char* kOther = R"([Event "Another"]
[Lesson "another"]
[Point "A second lesson."]
[Tolerance "5"]
[Samples "4"]
[Learner "S"]
{South.}

[Hand "1"]
[Dealer "E"]
[Deal "N:Q5.K62.KQJT63.KJ A63.74.A7.AT7652 KJ82.JT9.984.843 T974.AQ853.52.Q9"]
bids S:2 {Two.}
)";

struct Lessons : Workspace {
    std::string dir;
    Lessons() : Workspace("spadework-lesson-cli") {
        dir = file("lessons");
        std::filesystem::create_directories(dir);
        std::ofstream(dir + "/01-sure-tricks.spades") << kLesson;
        std::ofstream(dir + "/02-another.spades") << kOther;
    }
};

}  // namespace

TEST_CASE("lesson --list prints one lesson a line with its name first", "[cli][lesson]") {
    Lessons w;
    std::string out = run_ok({"lesson", "--list", "--lessons", w.dir});
    CHECK(out ==
          "sure-tricks  Sure tricks (2 questions): Count aces and kings.\n"
          "another  Another (1 question): A second lesson.\n");
}

TEST_CASE("lesson mode on the terminal asks reveals scores and keeps the answers",
          "[cli][lesson]") {
    Lessons w;
    std::string out = run_ok(w.with_db(
        {"lesson", "sure-tricks", "--lessons", w.dir, "--learner", "Ann", "--answers", "3,6"}));
    // The questions show the learner's own hand only, and the bids before its turn.
    CHECK(out.find("Question 1 of 2") != std::string::npos);
    CHECK(out.find("  ♣ A 10 7 6 5 2\n") != std::string::npos);  // East's clubs
    CHECK(out.find("KQJ") == std::string::npos);                 // nobody else's cards
    CHECK(out.find("Bids so far: East 4, South 1, West 2.") != std::string::npos);
    CHECK(out.find("Recommended bid: 3\nThree aces: three sure tricks.") != std::string::npos);
    CHECK(out.find("Recommended bid: 4\nThe diamonds will run") != std::string::npos);

    // The verdicts are the analyzer's, and the score and the stored answers agree with them.
    analyzer::Lesson lesson = analyzer::read_lesson(w.dir + "/01-sure-tricks.spades");
    analyzer::LessonVerdict first =
        analyzer::judge(lesson, lesson.hands[0], analyzer::parse_answer(lesson.hands[0], "3"));
    analyzer::LessonVerdict second =
        analyzer::judge(lesson, lesson.hands[1], analyzer::parse_answer(lesson.hands[1], "6"));
    REQUIRE(first.learner_ok);  // the recommended answer
    int good = 1 + (second.learner_ok ? 1 : 0);
    CHECK(out.find("Score: " + std::to_string(good) + " of 2 good") != std::string::npos);
    CHECK(out.find("Each answer is graded within its own hand: a lesson's hands have no game "
                   "around them.") != std::string::npos);

    formats::Library library(w.db);
    std::vector<analyzer::LessonAnswerRecord> answers =
        analyzer::LessonAnswerStore(library).lesson_answers("Ann");
    REQUIRE(answers.size() == 2);
    CHECK(answers[0].lesson == "sure-tricks");
    CHECK(answers[0].question == 1);
    CHECK(answers[0].answer == "3");
    CHECK(answers[0].value == *first.learner);
    CHECK(answers[1].answer == "6");
    CHECK(answers[1].value == *second.learner);
    CHECK(answers[1].best == second.best);
    CHECK(answers[1].good == second.learner_ok);

    std::string scores = run_ok(w.with_db({"lesson", "--scores", "--learner", "Ann"}));
    CHECK(scores.find("sure-tricks") != std::string::npos);
    CHECK(scores.find(std::to_string(good) + " of  2 good") != std::string::npos);
    // The points lost named, the time as a player reads it ("2026-11-27 21:57 UTC").
    CHECK(scores.find(" points lost, last answered 20") != std::string::npos);
    CHECK(scores.find(" UTC\n") != std::string::npos);
    CHECK_FALSE(std::regex_search(scores, std::regex("[0-9]T[0-9]")));
    CHECK(run_ok(w.with_db({"lesson", "--scores", "--learner", "Bob"})) ==
          "Bob has not answered any lesson yet.\n");
}

TEST_CASE("lesson refuses bad answers and unknown lessons saying why", "[cli][lesson]") {
    Lessons w;
    // A wrong --answers value is bad usage (exit 2), as a wrong value of any option is.
    auto r = run(w.with_db({"lesson", "sure-tricks", "--lessons", w.dir, "--answers", "bnil"}));
    CHECK(r.status == 2);
    CHECK(r.err ==
          "spadework: --answers: answer 1 (\"bnil\"): blind nil is bid before looking at the "
          "cards: you have seen yours\nRun with --help for more information.\n");
    r = run(w.with_db({"lesson", "sure-tricks", "--lessons", w.dir, "--answers", "3,4,5"}));
    CHECK(r.status == 2);
    CHECK(r.err ==
          "spadework: --answers: 3 answers for 2 questions\nRun with --help for more "
          "information.\n");
    r = run(w.with_db({"lesson", "sure-tricks", "--lessons", w.dir, "--answers", "zz"}));
    CHECK(r.status == 2);
    CHECK(r.err.rfind("spadework: --answers: answer 1 (\"zz\"): ", 0) == 0);
    // A lesson name is asked for as a rule set's is: a wrong one is bad usage, a slip of the
    // keyboard answered with the name meant.
    r = run({"lesson", "nope", "--lessons", w.dir, "--no-store"});
    CHECK(r.status == 2);
    CHECK(r.err ==
          "spadework: no lesson named \"nope\" in " + w.dir +
              " (there are: sure-tricks, another)\nRun with --help for more information.\n");
    r = run({"lesson", "sure-trick", "--lessons", w.dir, "--no-store"});
    CHECK(r.status == 2);
    CHECK(contains(r.err, "no lesson named \"sure-trick\" (did you mean \"sure-tricks\"?) in "));
    // Nothing was stored for refused answers.
    formats::Library library(w.db);
    CHECK(analyzer::LessonAnswerStore(library).lesson_answers("Ann").empty());
}

TEST_CASE("lesson reads every --answers value before judging the first", "[cli][lesson]") {
    Lessons w;
    // The second answer is no bid: the lesson stops before asking or analysing anything, so
    // the good first answer is neither revealed nor kept.
    auto r = run(w.with_db(
        {"lesson", "sure-tricks", "--lessons", w.dir, "--learner", "Ann", "--answers", "3,x"}));
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.rfind("spadework: --answers: answer 2 (\"x\"): ", 0) == 0);
    formats::Library library(w.db);
    CHECK(analyzer::LessonAnswerStore(library).lesson_answers("Ann").empty());
}

TEST_CASE("export-lesson writes a printable page with the answers overleaf", "[cli][lesson]") {
    Lessons w;
    std::string page = w.file("class.html");
    std::string out = run_ok({"export-lesson", "sure-tricks", "--lessons", w.dir, "--html", page});
    CHECK(out == "Wrote " + page + " (2 questions, 5 pages).\n");
    std::string html = slurp(page);
    CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(html.find("page-break-after: always") != std::string::npos);
    std::size_t q1 = html.find("<h2>Question 1</h2>");
    std::size_t a1 = html.find("<h2>Answer 1</h2>");
    std::size_t q2 = html.find("<h2>Question 2</h2>");
    REQUIRE(q1 != std::string::npos);
    REQUIRE(a1 != std::string::npos);
    REQUIRE(q2 != std::string::npos);
    CHECK(q1 < a1);
    CHECK(a1 < q2);
    // The answer is on its page, not on the question's.
    std::size_t reason = html.find("Three aces: three sure tricks.");
    CHECK(reason > a1);
    CHECK(reason < q2);
    CHECK(html.find("<td class=\"black\">♣</td><td>A 10 7 6 5 2</td>") != std::string::npos);

    // With the analysis: every bid's worth on the answer pages.
    std::string analysed = w.file("analysed.html");
    run_ok({"export-lesson", "sure-tricks", "--lessons", w.dir, "--html", analysed, "--analysis"});
    CHECK(slurp(analysed).find("<table class=\"analysis\">") != std::string::npos);

    // An unknown lesson writes nothing.
    auto r = run({"export-lesson", "nope", "--lessons", w.dir, "--html", w.file("none.html")});
    CHECK(r.status == 2);
    CHECK_FALSE(std::filesystem::exists(w.file("none.html")));
    CHECK_FALSE(std::filesystem::exists(w.file("none.html.part")));
}

TEST_CASE("a teacher's own lessons are listed, run and exported beside the others",
          "[cli][lesson]") {
    Lessons w;
    std::string shipped = w.file("shipped");
    std::string mine = w.file("mine");
    std::filesystem::create_directories(shipped);
    std::filesystem::create_directories(mine);
    std::filesystem::rename(w.dir + "/02-another.spades", mine + "/another.spades");
    std::filesystem::rename(w.dir + "/01-sure-tricks.spades", shipped + "/01-sure-tricks.spades");
    const std::string both =
        "sure-tricks  Sure tricks (2 questions): Count aces and kings.\n"
        "another  Another (1 question): A second lesson.\n";
    CHECK(run_ok({"lesson", "--list", "--lessons", shipped, "--my-lessons", mine}) == both);
    {
        // A teacher's draft that does not read: the others are listed, then the draft's
        // place and fault, exit 1; the others still run.
        std::ofstream(mine + "/draft.spades") << "[Event \"x\"]\n";
        auto listed = run({"lesson", "--list", "--lessons", shipped, "--my-lessons", mine});
        CHECK(listed.status == 1);
        CHECK(listed.out == both);
        CHECK(listed.err.rfind("spadework: " + mine + "/draft.spades:", 0) == 0);
        CHECK(std::count(listed.err.begin(), listed.err.end(), '\n') == 1);
        std::string ran = run_ok({"lesson", "another", "--lessons", shipped, "--my-lessons", mine,
                                  "--no-store", "--answers", "2"});
        CHECK(ran.find("Recommended bid: 2") != std::string::npos);
        // A lesson not there: the message names the lessons and the file not read.
        auto none = run({"lesson", "nope", "--lessons", shipped, "--my-lessons", mine});
        CHECK(none.status == 2);
        CHECK(none.err.find("(there are: sure-tricks, another); " + mine + "/draft.spades:") !=
              std::string::npos);
        std::filesystem::remove(mine + "/draft.spades");
    }
    // Without the teacher's folder its lesson is unknown; with it, it runs and exports.
    auto r = run({"lesson", "another", "--lessons", shipped, "--no-store", "--answers", "2"});
    CHECK(r.status == 2);
    std::string out = run_ok({"lesson", "another", "--lessons", shipped, "--my-lessons", mine,
                              "--no-store", "--answers", "2"});
    CHECK(out.find("Recommended bid: 2\nTwo.") != std::string::npos);
    std::string page = w.file("another.html");
    run_ok(
        {"export-lesson", "another", "--lessons", shipped, "--my-lessons", mine, "--html", page});
    CHECK(slurp(page).find("A second lesson.") != std::string::npos);

    // $SPADEWORK_MY_LESSONS names the folder when the option does not.
    ::setenv("SPADEWORK_MY_LESSONS", mine.c_str(), 1);
    std::string listed = run_ok({"lesson", "--list", "--lessons", shipped});
    ::unsetenv("SPADEWORK_MY_LESSONS");
    CHECK(listed.find("another  Another") != std::string::npos);

    // Neither named, the folder beside the library is the teacher's (where the viewer's deal
    // editor saves): read when it is there, and no error when it is not made yet.
    const std::string beside = w.dir + "/club";
    std::filesystem::create_directories(beside + "/my-lessons");
    std::filesystem::copy_file(mine + "/another.spades", beside + "/my-lessons/another.spades");
    const std::string db = beside + "/library.sqlite";
    CHECK(run_ok({"lesson", "--list", "--lessons", shipped, "--db", db}) == both);
    CHECK(run_ok({"lesson", "another", "--lessons", shipped, "--db", db, "--no-store", "--answers",
                  "2"})
              .find("Recommended bid: 2") != std::string::npos);
    CHECK(run_ok({"lesson", "--list", "--lessons", shipped, "--db", w.dir + "/none/library.sqlite"})
              .find("another") == std::string::npos);

    // A teacher's lesson of a shipped lesson's name: the teacher's own is listed in its place
    // and runs, and both the list and the lesson say so, naming both files.
    std::string own = kLesson;
    own.replace(own.find("Sure tricks"), std::string("Sure tricks").size(), "My sure tricks");
    std::ofstream(mine + "/mine.spades") << own;
    const std::string clash = "two lessons are named \"sure-tricks\": " + shipped +
                              "/01-sure-tricks.spades and " + mine +
                              "/mine.spades; the second, your own, is the one used (rename it "
                              "to reach both)\n";
    r = run({"lesson", "--list", "--lessons", shipped, "--my-lessons", mine});
    CHECK(r.status == 0);
    CHECK(r.out ==
          "sure-tricks  My sure tricks (2 questions): Count aces and kings.\n"
          "another  Another (1 question): A second lesson.\n");
    CHECK(r.err == "spadework: warning: " + clash);
    r = run({"lesson", "sure-tricks", "--lessons", shipped, "--my-lessons", mine, "--no-store",
             "--answers", "3,6"});
    CHECK(r.status == 0);
    CHECK(r.out.rfind("My sure tricks\n", 0) == 0);
    CHECK(r.err.rfind("spadework: note: " + clash, 0) == 0);
    // Two of one name in the teacher's own folder: neither is more theirs, so asking for it is
    // refused, naming both, and the list fails as for a file that does not read.
    std::ofstream(mine + "/twice.spades") << own;
    r = run({"lesson", "--list", "--lessons", shipped, "--my-lessons", mine});
    CHECK(r.status == 1);
    CHECK(contains(r.err, "spadework: two lessons are named \"sure-tricks\": " + mine +
                              "/mine.spades and " + mine + "/twice.spades\n"));
    r = run({"lesson", "sure-tricks", "--lessons", shipped, "--my-lessons", mine, "--no-store",
             "--answers", "3,6"});
    CHECK(r.status == 1);
    CHECK(r.err == "spadework: two lessons are named \"sure-tricks\": " + mine +
                       "/mine.spades and " + mine + "/twice.spades\n");
}
