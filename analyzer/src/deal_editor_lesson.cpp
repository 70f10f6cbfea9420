// The deal editor's lesson questions: a hand built in the editor added to a lesson file, and
// the check that the bid review bears out the teacher's answer.
#include <fmt/format.h>

#include "spadework/analyzer/deal_editor.h"
#include "spadework/analyzer/lesson.h"
#include "spadework/analyzer/lesson_pages.h"
#include "spadework/engine/error.h"
#include "spadework/formats/game_file.h"

namespace spadework::analyzer {
namespace {

// The question's own checks, before any file is touched: the lesson reader would refuse the
// same, but with the place in a file the teacher never wrote.
void check_question(const RecordedGame& g, const LessonQuestionInfo& info) {
    const RecordedHand& h = g.hands.front();
    if (info.question.empty()) throw Error("write the question the learner is asked");
    if (!h.cards.empty() || h.exchanges != std::array<CardSet, 4>{}) {
        throw Error(
            fmt::format("a {} question stops at the learner's {}: take back the play (undo)",
                        info.ask == LessonAsk::Pass ? "pass" : "bid",
                        info.ask == LessonAsk::Pass ? "pass" : "bid"));
    }
    if (info.ask == LessonAsk::Pass) {
        // The record holds every pass, as a hand read from a file must; the learner's is the
        // answer.
        for (Seat s : kAllSeats) {
            if (h.passes[index(s)].empty()) {
                throw Error(
                    fmt::format("a pass question needs every seat's pass entered ({}'s "
                                "is the recommended one): {} has not passed",
                                seat_name(info.learner), seat_name(s)));
            }
        }
        if (!h.bids.empty()) throw Error("a pass question stops before the bids: undo them");
        if (h.annotations.empty() || h.annotations.front().target != Annotation::Target::Hand) {
            throw Error("explain the answer: a comment on the hand");
        }
        return;
    }
    if (h.bids.empty()) throw Error("a bid question needs the learner's recommended bid entered");
    Seat last = next(h.dealer, static_cast<int>(h.bids.size()));
    if (last != info.learner) {
        throw Error(fmt::format(
            "a bid question ends at the learner's bid: the last bid is {}'s, the learner {}",
            seat_name(last), seat_name(info.learner)));
    }
    if (!h.annotation(Annotation::Target::Bid, static_cast<int>(h.bids.size()) - 1)) {
        throw Error("explain the answer: a comment on the learner's bid");
    }
}

}  // namespace

LessonCheck check_lesson_question(const Lesson& lesson, int number, int threads) {
    const LessonHand& hand = lesson.hands.at(static_cast<std::size_t>(number - 1));
    LessonVerdict v = judge(lesson, hand, std::nullopt, threads);
    LessonCheck c;
    c.file = lesson.file;
    c.question = number;
    c.agrees = v.recommended_ok;
    c.best = verdict_answer_text(hand, v, true);
    c.recommended = verdict_answer_text(hand, v, false);
    const char* what = hand.ask == LessonAsk::Pass ? "pass" : "bid";
    if (c.agrees) {
        c.message = fmt::format(
            "The analysis agrees: your {} {} is worth {}, the best ({}) {}, within the "
            "tolerance {}.",
            what, c.recommended, format_value(v, v.recommended), c.best, format_value(v, v.best),
            lesson.tolerance);
    } else {
        c.message = fmt::format(
            "The analysis disagrees: its best {} is {} ({}), yours {} ({}), more than the "
            "tolerance {} apart.",
            what, c.best, format_value(v, v.best), c.recommended, format_value(v, v.recommended),
            lesson.tolerance);
    }
    return c;
}

LessonCheck DealEditor::save_lesson_question(const std::filesystem::path& folder,
                                             const LessonQuestionInfo& info, int threads) const {
    if (folder.empty()) throw Error("choose the folder the lesson is kept in");
    if (!valid_lesson_name(info.name)) {
        throw Error("a lesson name is lower case letters, digits and '-': \"" + info.name + "\"");
    }
    RecordedGame g = game(info.title);
    check_question(g, info);
    const formats::GameFormat& format = lesson_format();
    const std::filesystem::path file =
        folder / (info.name + std::string(format.extensions.front()));
    std::vector<RecordedGame> games;
    std::error_code ec;
    if (std::filesystem::exists(file, ec)) {
        games = format.parse(formats::read_file(file), file.string());
    }
    if (games.empty()) {
        if (info.title.empty()) throw Error("a new lesson needs its title");
        if (info.point.empty()) throw Error("a new lesson needs the point it teaches");
        g.tags.push_back({"Lesson", info.name});
        g.tags.push_back({"Point", info.point});
        g.tags.push_back({"Tolerance", fmt::format("{}", info.tolerance)});
        g.tags.push_back({"Samples", std::to_string(info.samples)});
    } else {
        g.event = games.front().event;  // every question carries the lesson's title
    }
    g.tags.push_back({"Learner", seat_letter(info.learner)});
    if (info.ask == LessonAsk::Pass) g.tags.push_back({"Ask", "pass"});
    g.comment = info.question;
    games.push_back(std::move(g));
    std::string text = format.format(games);
    // Read back as a lesson before it is written: a file that would not read is not written.
    Lesson lesson = parse_lesson(text, file);
    std::filesystem::create_directories(folder, ec);
    if (ec)
        throw Error(fmt::format("{}: cannot make the folder: {}", folder.string(), ec.message()));
    formats::write_file(file, text);
    return check_lesson_question(lesson, static_cast<int>(lesson.hands.size()), threads);
}

}  // namespace spadework::analyzer
