// Lessons: reading a lesson file, what the learner is shown, answers, and the verdicts that
// the bid review gives them.
#include <unistd.h>
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "spadework/analyzer/lesson.h"
#include "spadework/analyzer/lesson_pages.h"
#include "spadework/analyzer/review.h"
#include "spadework/analyzer/review_words.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/error.h"

using namespace spadework;
using namespace spadework::analyzer;
namespace fs = std::filesystem;

namespace {

// Five questions: two classic bids (the second with a score), a Paperless pass, a Paperless
// bid after the passes, and a bid with a need.
constexpr const char* kLesson = R"([Event "A <test> lesson"]
[Lesson "test-lesson"]
[Point "Count & check."]
[Tolerance "5"]
[Samples "4"]
[Credit "Paperless Spades, Hugh Aguilar's rules"]
[Learner "E"]
{You are East, first to bid.}

[Hand "1"]
[Dealer "N"]
[Deal "N:Q5.K62.KQJT63.KJ A63.74.A7.AT7652 KJ82.JT9.984.843 T974.AQ853.52.Q9"]
bids E:3 {Three aces.}

[Event "A <test> lesson"]
[Learner "N"]
[Score "NS 420/8 EW 300/2"]
{North, last to bid.}

[Hand "1"]
[Dealer "N"]
[Deal "N:Q5.K62.KQJT63.KJ A63.74.A7.AT7652 KJ82.JT9.984.843 T974.AQ853.52.Q9"]
{Bags are near the limit.}
bids E:4 S:1 W:2 N:3

[Event "A <test> lesson"]
[Rules "paperless"]
[Learner "S"]
[Ask "pass"]
{What do you pass?}

[Hand "1"]
[Dealer "N"]
[Deal "N:85.954.Q82.T874 AQ764.T8.A9.AK3 KT.AKQJ.543.Q52 J9.76.KJT76.J96"]
{Your lowest diamonds.}
pass E:TH 8H 3C S:5D 4D 3D W:JS 9S KD N:8S QD TC

[Event "A <test> lesson"]
[Rules "paperless"]
[Learner "W"]
{West, after the pass.}

[Hand "1"]
[Dealer "N"]
[Deal "N:85.954.Q82.T874 AQ764.T8.A9.AK3 KT.AKQJ.543.Q52 J9.76.KJT76.J96"]
pass E:TH 8H 3C S:5D 4D 3D W:JS 9S KD N:8S QD TC
bids E:4 S:3 W:2 {Two tricks.}

[Event "A <test> lesson"]
[Learner "S"]
[Score "NS 100/0 EW 480/0"]
[Need "100"]
{You need a hundred.}

[Hand "1"]
[Dealer "E"]
[Deal "N:Q5.K62.KQJT63.KJ A63.74.A7.AT7652 KJ82.JT9.984.843 T974.AQ853.52.Q9"]
bids S:nil {Only a nil scores a hundred.}
)";

struct LessonDir {
    fs::path dir;
    fs::path file;
    explicit LessonDir(const std::string& text) {
        static int counter = 0;
        dir = fs::temp_directory_path() /
              ("spadework-lesson-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        fs::remove_all(dir);
        fs::create_directories(dir);
        file = dir / "01-test.spades";
        std::ofstream(file) << text;
    }
    ~LessonDir() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
};

}  // namespace

TEST_CASE("a lesson file reads into its questions", "[lesson]") {
    LessonDir d(kLesson);
    Lesson l = read_lesson(d.file);
    CHECK(l.name == "test-lesson");
    CHECK(l.title == "A <test> lesson");
    CHECK(l.point == "Count & check.");
    CHECK(l.tolerance == 5);
    CHECK(l.samples == 4);
    REQUIRE(l.hands.size() == 5);

    const LessonHand& q1 = l.hands[0];
    CHECK(q1.number == 1);
    CHECK(q1.line == 1);
    CHECK(q1.learner == Seat::East);
    CHECK(q1.ask == LessonAsk::Bid);
    CHECK(q1.bid_index == 0);
    CHECK(q1.answer == Bid::tricks(3));
    CHECK(q1.question == "You are East, first to bid.");
    CHECK(q1.explanation == "Three aces.");
    CHECK(q1.bids_before().empty());
    CHECK(q1.shown_hand() == parse_pbn_hand("A63.74.A7.AT7652"));

    const LessonHand& q2 = l.hands[1];
    CHECK(q2.before[0] == TeamStanding{420, 8});
    CHECK(q2.before[1] == TeamStanding{300, 2});
    CHECK(q2.bid_index == 3);
    CHECK(q2.explanation == "Bags are near the limit.");  // the hand's comment
    CHECK(q2.bids_before() == std::vector<std::pair<Seat, Bid>>{{Seat::East, Bid::tricks(4)},
                                                                {Seat::South, Bid::tricks(1)},
                                                                {Seat::West, Bid::tricks(2)}});

    const LessonHand& q3 = l.hands[2];
    CHECK(q3.ask == LessonAsk::Pass);
    CHECK(q3.answer_pass == parse_cards("5D 4D 3D"));
    CHECK(q3.shown_hand() == parse_pbn_hand("KT.AKQJ.543.Q52"));  // as dealt

    // West bids after the pass: it holds what it kept and what East passed it.
    const LessonHand& q4 = l.hands[3];
    CardSet expected =
        (parse_pbn_hand("J9.76.KJT76.J96") - parse_cards("JS 9S KD")) | parse_cards("TH 8H 3C");
    CHECK(q4.shown_hand() == expected);

    const LessonHand& q5 = l.hands[4];
    CHECK(q5.need == 100);
    CHECK(q5.answer == Bid::nil());
    CHECK_FALSE(q5.blind());
}

TEST_CASE("a learner's answer is read and checked against the rules", "[lesson]") {
    LessonDir d(kLesson);
    Lesson l = read_lesson(d.file);
    CHECK(parse_answer(l.hands[0], " 4 ").bid == Bid::tricks(4));
    CHECK(parse_answer(l.hands[0], "NIL").bid == Bid::nil());
    auto error = [](const LessonHand& h, const std::string& text) {
        try {
            parse_answer(h, text);
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK(error(l.hands[0], "bnil") ==
          "blind nil is bid before looking at the cards: you have seen yours");
    CHECK(error(l.hands[0], "14") == "\"14\" is not a legal bid here");
    CHECK(error(l.hands[0], "lots") ==
          "a bid is a number of tricks, \"nil\" or \"bnil\", not \"lots\"");
    CHECK(parse_answer(l.hands[2], "qc 5c 2c").pass == parse_cards("QC 5C 2C"));
    CHECK(error(l.hands[2], "5D 4D") == "a pass is 3 cards, not 2");
    CHECK(error(l.hands[2], "5D 4D AS") == "you do not hold AS");
    // Paperless allows no blind nil and no nil from both partners: not legal.
    CHECK(error(l.hands[3], "13") == "\"13\" is not a legal bid here");
}

TEST_CASE("a verdict values the recommended and the learner's bids on the same layouts",
          "[lesson]") {
    LessonDir d(kLesson);
    Lesson l = read_lesson(d.file);
    const LessonHand& q = l.hands[1];
    LessonVerdict same = judge(l, q, parse_answer(q, "3"));
    REQUIRE(same.bid);
    REQUIRE(same.learner);
    CHECK(*same.learner == same.recommended);
    CHECK(same.learner_ok);  // the recommended answer is always good
    double best = -1e9;
    for (const BidOption& o : same.bid->options) {
        if (o.bid.kind() != Bid::Kind::BlindNil) best = std::max(best, o.expected);
        if (o.bid == Bid::tricks(3)) CHECK(o.expected == same.recommended);
    }
    CHECK(same.best == best);
    CHECK(same.recommended_ok == (same.recommended >= same.best - l.tolerance));

    // Another bid: its value is its option's, and it is good only within the tolerance.
    LessonVerdict other = judge(l, q, parse_answer(q, "7"));
    REQUIRE(other.learner);
    CHECK(other.best == same.best);
    CHECK(other.learner_ok == (*other.learner >= other.best - l.tolerance));
    CHECK(*other.learner < same.best);  // seven tricks on a side that bid 7 before it: a set

    // The same decision alone is the one the whole bid review makes.
    BidReview whole = review_bids(q.game, 0, q.before, lesson_settings(l, q));
    REQUIRE(whole.bids.size() == 4);
    CHECK(whole.bids[3].options == same.bid->options);
}

TEST_CASE("the reveal charts every trick count between the fewest and the most seen", "[lesson]") {
    LessonDir d(kLesson);
    Lesson l = read_lesson(d.file);
    const LessonHand& q = l.hands[0];
    // A verdict made by hand: layouts give 2, 4 or 5 tricks and none 3, and the bids are made
    // in 0% and 100% of them.
    LessonVerdict v;
    v.bid.emplace();
    v.bid->samples = 10;
    v.bid->tricks.assign(14, 0.0);
    v.bid->tricks[2] = 0.1;
    v.bid->tricks[4] = 0.5;
    v.bid->tricks[5] = 0.4;
    BidOption nil;
    nil.bid = Bid::nil();
    nil.expected = -60;
    nil.error = 5;
    nil.made = 0.0;
    nil.samples = 4;  // settled out, far below the best, after 4 of the 10 layouts
    BidOption three;
    three.bid = Bid::tricks(3);
    three.expected = 31;
    three.error = 2;
    three.made = 1.0;
    three.samples = 10;
    v.bid->options = {nil, three};
    v.best = v.recommended = 31;
    v.learner = 31;
    v.learner_ok = true;
    std::string text = reveal_text(l, q, parse_answer(q, "3"), v);
    INFO(text);
    // 3 tricks is shown as a step of the distribution; nothing below 2 or above 5 is.
    CHECK(text.find("\n   3 ") != std::string::npos);
    CHECK(text.find("   0%\n") != std::string::npos);
    CHECK(text.find("\n   1 ") == std::string::npos);
    CHECK(text.find("\n   6 ") == std::string::npos);
    // The made column ends in one place, under the "made" heading's last letter: "100%", and
    // the nil's "0% of 4 layouts" (valued on the first 4 only).
    auto line_with = [&](const std::string& start) {
        std::size_t at = text.find("\n" + start);
        REQUIRE(at != std::string::npos);
        return text.substr(at + 1, text.find('\n', at + 1) - at - 1);
    };
    std::string head = line_with("Bid ");
    std::string nil_row = line_with("nil ");
    std::string three_row = line_with("3 ");
    // Columns as the terminal shows them: "±" is one column and two bytes.
    auto column = [](const std::string& line, std::size_t byte) {
        return std::count_if(line.begin(), line.begin() + static_cast<std::ptrdiff_t>(byte),
                             [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
    };
    const auto made_end = column(head, head.find("made") + 4);
    CHECK(nil_row.find("0% of 4 layouts") != std::string::npos);
    CHECK(made_end == column(nil_row, nil_row.find("layouts") + 7));
    CHECK(made_end == column(three_row, three_row.find("100%") + 4));
    // Under the table, what "made" counts: the partnership's contract, not the bid alone.
    CHECK(text.find(std::string(kMadeColumnNote)) != std::string::npos);
    // Equal layouts: nothing said of weights. Weighted ones: the shares are said to be
    // weighted, with what the weights leave of the layouts.
    CHECK(text.find("weighted") == std::string::npos);
    v.bid->effective_samples = 10;
    CHECK(reveal_text(l, q, parse_answer(q, "3"), v).find("weighted") == std::string::npos);
    v.bid->effective_samples = 6.2;
    const std::string weighted = reveal_text(l, q, parse_answer(q, "3"), v);
    CHECK(weighted.find("are weighted: together worth about 6 layouts drawn equal") !=
          std::string::npos);
}

TEST_CASE("a pass question values the learner's pass beside the recommended one", "[lesson]") {
    LessonDir d(kLesson);
    Lesson l = read_lesson(d.file);
    const LessonHand& q = l.hands[2];
    LessonAnswer mine = parse_answer(q, "QC 5C 2C");
    LessonVerdict v = judge(l, q, mine);
    REQUIRE(v.pass);
    REQUIRE(v.learner);
    CHECK(v.pass->also == mine.pass);
    auto mine_shown = std::find_if(v.pass->options.begin(), v.pass->options.end(),
                                   [&](const PassOption& o) { return o.cards == mine.pass; });
    REQUIRE(mine_shown != v.pass->options.end());
    CHECK(mine_shown->expected == *v.learner);
    CHECK(mine_shown->samples == l.samples);  // valued on every layout, as the best is
    CHECK(v.recommended == v.pass->played_expected);
    CHECK(v.best >= v.recommended);
    CHECK(v.learner_ok == (*v.learner >= v.best - l.tolerance));
}

TEST_CASE("a question with a need values bids by the chance of scoring it", "[lesson]") {
    LessonDir d(kLesson);
    Lesson l = read_lesson(d.file);
    const LessonHand& q = l.hands[4];
    LessonVerdict v = judge(l, q, parse_answer(q, "5"));
    REQUIRE(v.bid);
    CHECK(v.chance);
    REQUIRE(v.learner);
    for (const BidOption& o : v.bid->options) {
        CHECK(o.expected >= 0);
        CHECK(o.expected <= 1);
        if (o.bid == Bid::tricks(5)) CHECK(o.expected == *v.learner);
    }
    CHECK(format_value(v, 0.25) == "25%");
}

TEST_CASE("a lesson prints as a page per question and a page per answer", "[lesson]") {
    LessonDir d(kLesson);
    Lesson l = read_lesson(d.file);
    std::string html = lesson_html(l);
    auto count = [&](const std::string& needle) {
        std::size_t n = 0;
        for (std::size_t at = html.find(needle); at != std::string::npos;
             at = html.find(needle, at + 1))
            ++n;
        return n;
    };
    CHECK(count("<section class=\"page\">") == 1 + 2 * l.hands.size());
    CHECK(count("<h2>Question ") == l.hands.size());
    CHECK(count("<h2>Answer ") == l.hands.size());
    CHECK(count("♥") == l.hands.size());         // one hand diagram per question
    CHECK(count("A &lt;test&gt; lesson") == 2);  // escaped, in the title and the cover
    CHECK(count("Count &amp; check.") == 1);
    CHECK(html.find("src=") == std::string::npos);  // self-contained
    CHECK(html.find("<link") == std::string::npos);
    CHECK(html.find("Only a nil scores a hundred.") > html.find("<h2>Question 5</h2>"));
}

TEST_CASE("a lesson folder lists its lessons and names them", "[lesson]") {
    LessonDir d(kLesson);
    std::vector<Lesson> all = read_lessons(d.dir);
    REQUIRE(all.size() == 1);
    CHECK(find_lesson(d.dir, "test-lesson").hands.size() == 5);
    try {
        find_lesson(d.dir, "nope");
        FAIL("found");
    } catch (const Error& e) {
        CHECK(std::string(e.what()) ==
              "no lesson named \"nope\" in " + d.dir.string() + " (there are: test-lesson)");
    }
}

TEST_CASE("a reveal says when its shares are weighted by the bids before, and what that leaves",
          "[lesson]") {
    BidDecision d;
    d.samples = 24;
    d.effective_samples = 24;  // drawn equal: nothing to say
    CHECK_FALSE(weighted_layouts_note(d));
    d.effective_samples = 0;  // not weighted at all
    CHECK_FALSE(weighted_layouts_note(d));
    d.effective_samples = 13.2;
    REQUIRE(weighted_layouts_note(d));
    CHECK(*weighted_layouts_note(d) ==
          "(Layouts that fit the bids so far count more, so the shares below and in the \"made\" "
          "column are weighted: together worth about 13 layouts drawn equal.)");
}
