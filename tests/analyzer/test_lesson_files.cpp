// The lesson files: every lesson in samples/lessons reads, the course covers what issue 7 asks
// of it, and a broken lesson file is refused with the place of the fault. Whether each
// recommended answer stands up to the bid review is check_lesson's job (one ctest per
// lesson, "lesson check NAME").
#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <set>
#include <string>

#include "spadework/analyzer/lesson.h"
#include "spadework/formats/error.h"

using namespace spadework;
using namespace spadework::analyzer;
namespace fs = std::filesystem;

namespace {

const fs::path kLessons = fs::path(SPADEWORK_SAMPLES) / "lessons";
const fs::path kBroken = fs::path(SPADEWORK_TEST_DATA) / "lessons";

// The message read_lesson gives for a broken file.
std::string error_of(const std::string& file) {
    try {
        read_lesson(kBroken / file);
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}

std::string at(const std::string& file, int line, int col) {
    return (kBroken / file).string() + ":" + std::to_string(line) + ":" + std::to_string(col) +
           ": ";
}

}  // namespace

TEST_CASE("every lesson in samples reads with a name matching its file", "[lesson]") {
    std::vector<Lesson> lessons = read_lessons(kLessons);
    CHECK(lessons.size() >= 16);
    std::set<std::string> names;
    const std::regex file_name("([0-9][0-9])-([a-z0-9-]+)");
    for (const Lesson& l : lessons) {
        INFO(l.file.string());
        std::smatch m;
        std::string stem = l.file.stem().string();
        REQUIRE(std::regex_match(stem, m, file_name));
        CHECK(m[2].str() == l.name);
        CHECK(names.insert(l.name).second);
        CHECK_FALSE(l.title.empty());
        CHECK_FALSE(l.point.empty());
        // Each lesson names the rule sets it draws on as a reader knows them (a preset's
        // source, as `spadework rules` prints it), never by a document's file name.
        bool names_rules = false;
        for (const PresetInfo& p : presets()) {
            names_rules = names_rules || l.credit.find(std::string(p.source)) != std::string::npos;
        }
        CHECK(names_rules);
        CHECK(l.credit.find(".txt") == std::string::npos);
        CHECK(l.hands.size() >= 3);
        CHECK(l.hands.size() <= 4);
        // Checking a lesson stays quick: a modest number of layouts.
        CHECK(l.samples >= 16);
        CHECK(l.samples <= 32);
        for (const LessonHand& h : l.hands) {
            CHECK_FALSE(h.question.empty());
            CHECK_FALSE(h.explanation.empty());
            CHECK(h.game.event == l.title);
            // A share of 0..1 for a Need, points otherwise: the tolerance must fit the values.
            if (h.need) CHECK(l.tolerance < 1);
        }
    }
    // The numbers run 01, 02, ... in order, one lesson each.
    for (std::size_t i = 0; i < lessons.size(); ++i) {
        std::string want = (i + 1 < 10 ? "0" : "") + std::to_string(i + 1);
        CHECK(lessons[i].file.stem().string().substr(0, 2) == want);
    }
}

TEST_CASE("the lessons cover the decisions the course promises", "[lesson]") {
    std::vector<Lesson> lessons = read_lessons(kLessons);
    int paperless_pass = 0, paperless_bid = 0, need = 0, score = 0, blind = 0, nil = 0;
    int after_partner_nil = 0, after_partner_bid = 0, first_to_bid = 0;
    std::set<Seat> learners;
    std::set<std::string> presets_used;
    for (const Lesson& l : lessons) {
        for (const LessonHand& h : l.hands) {
            const RuleSet& rules = h.game.rules;
            presets_used.insert(rules.name);
            learners.insert(h.learner);
            bool paperless = rules.pass_cards > 0;
            if (h.ask == LessonAsk::Pass) {
                paperless_pass += paperless;
                continue;
            }
            paperless_bid += paperless;
            need += h.need.has_value();
            score += h.before != Standings{};
            blind += h.blind();
            nil += h.answer.kind() == Bid::Kind::Nil;
            auto before = h.bids_before();
            if (before.empty()) ++first_to_bid;
            for (const auto& [seat, bid] : before) {
                if (seat != partner(h.learner)) continue;
                if (bid.is_nil()) {
                    ++after_partner_nil;
                } else {
                    ++after_partner_bid;
                }
            }
        }
    }
    // The Paperless pass (for a normal bid and for a nil), Paperless bids, the score
    // situation (a Need), bags and the target ([Score]), blind nil, nil and covering it.
    CHECK(paperless_pass >= 4);
    CHECK(paperless_bid >= 6);
    CHECK(need >= 4);
    CHECK(score >= 6);
    CHECK(blind >= 2);
    CHECK(nil >= 3);
    CHECK(after_partner_nil >= 2);
    CHECK(after_partner_bid >= 6);
    CHECK(first_to_bid >= 4);
    // Questions from every seat, under several rule sets.
    CHECK(learners.size() == 4);
    CHECK(presets_used.size() >= 3);
}

TEST_CASE("a pass question and a nil pass question read as the learner sees them", "[lesson]") {
    int nil_passes = 0;
    for (const Lesson& l : read_lessons(kLessons)) {
        for (const LessonHand& h : l.hands) {
            if (h.ask != LessonAsk::Pass) continue;
            CHECK(h.shown_hand() == h.game.hands.front().deal[h.learner]);
            CHECK(h.bids_before().empty());
            CHECK(h.answer_pass.size() == h.game.rules.pass_cards);
            CHECK((h.answer_pass - h.shown_hand()).empty());
            // A pass for a nil gives away the hand's highest cards: its top card among them.
            Card top = *h.shown_hand().begin();
            for (Card c : h.shown_hand()) {
                if (c.rank() > top.rank()) top = c;
            }
            if (h.answer_pass.contains(top) && l.name.find("nil") != std::string::npos) {
                ++nil_passes;
            }
        }
    }
    CHECK(nil_passes >= 2);
}

TEST_CASE("a broken lesson file is refused with the file line and column", "[lesson]") {
    CHECK(error_of("missing-learner.spades") ==
          at("missing-learner.spades", 14, 1) + "a lesson question needs [Learner \"N|E|S|W\"]");
    CHECK(error_of("bids-after-learner.spades") ==
          at("bids-after-learner.spades", 5, 21) +
              "a lesson hand stops at the learner's bid: no bids after it");
    CHECK(error_of("bad-score.spades") ==
          at("bad-score.spades", 5, 15) + "[Score] reads \"NS 420/8 EW 380/2\" (score/bags)");
    CHECK(error_of("no-learner-bid.spades") ==
          at("no-learner-bid.spades", 5, 3) + "the learner's recommended bid is not recorded");
    CHECK(error_of("bad-name.spades") ==
          at("bad-name.spades", 2, 1) +
              "a lesson name is lower case letters, digits and '-': \"Sure Tricks\"");
}

TEST_CASE("a folder without the lesson asked for names the lessons it has", "[lesson]") {
    try {
        find_lesson(kLessons, "no-such-lesson");
        FAIL("no error");
    } catch (const Error& e) {
        std::string what = e.what();
        CHECK(what.find("no lesson named \"no-such-lesson\"") != std::string::npos);
        CHECK(what.find(read_lessons(kLessons).front().name) != std::string::npos);
    }
}

TEST_CASE("a lesson is told from games by its first game's tags and left out of game files",
          "[lesson]") {
    // Lessons are written as text logs, the one format lesson_format() names.
    CHECK(&lesson_format() == &formats::game_format(formats::FileKind::TextLog));
    CHECK(is_lesson_head("[Event \"A lesson\"]\n[Lesson \"a-lesson\"]\n\n[Hand \"1\"]\n"));
    // A [Lesson] tag after the first hand is a comment's business, not a lesson.
    CHECK_FALSE(is_lesson_head("[Event \"x\"]\n\n[Hand \"1\"]\n[Lesson \"late\"]\n"));
    CHECK_FALSE(is_lesson_head("[Event \"x\"]\n\n[Hand \"1\"]\n"));
    // Every shipped lesson is one; no sample game is.
    for (const fs::path& file : {kLessons / "01-sure-tricks.spades"}) {
        CHECK(is_lesson_head(formats::read_file(file).substr(0, 4096)));
    }
    const fs::path samples = SPADEWORK_SAMPLES;
    const std::vector<fs::path> games = game_files(samples);
    CHECK_FALSE(games.empty());
    for (const fs::path& file : games) {
        INFO(file.string());
        CHECK(file.parent_path().filename() != "lessons");
    }
    // The formats layer alone lists the lessons with the games: it does not know them.
    const std::vector<fs::path> all = formats::game_files(samples);
    CHECK(all.size() > games.size());
}
