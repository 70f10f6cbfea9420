// check_lesson FILE: judges every question of a lesson (samples/lessons) with the bid review,
// as the lesson mode's reveal does, and fails when a lesson teaches what the analysis
// contradicts: a recommended answer worth less than the best less the lesson's tolerance.
// One ctest runs it per lesson file, so the lessons are checked in parallel. With --options
// it prints the value of every answer too, for the author of a lesson.
#include <fmt/core.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <string>

#include "spadework/analyzer/lesson.h"
#include "spadework/analyzer/lesson_pages.h"

using namespace spadework;
using namespace spadework::analyzer;

int main(int argc, char** argv) {
    bool options = argc == 3 && std::string(argv[2]) == "--options";
    if (argc != 2 && !options) {
        std::fprintf(stderr, "usage: check_lesson LESSON.spades [--options]\n");
        return 2;
    }
    try {
        Lesson lesson = read_lesson(argv[1]);
        fmt::print("{}: \"{}\", {} questions, tolerance {}, {} samples\n", lesson.name,
                   lesson.title, lesson.hands.size(), lesson.tolerance, lesson.samples);
        int failed = 0;
        for (const LessonHand& hand : lesson.hands) {
            auto start = std::chrono::steady_clock::now();
            std::clock_t cpu_start = std::clock();
            LessonVerdict v = judge(lesson, hand, std::nullopt);
            double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
            std::string recommended = verdict_answer_text(hand, v, false);
            std::string best = verdict_answer_text(hand, v, true);
            fmt::print(
                "hand {} (line {}, {} {}): recommended {} = {}, best {} = {} ({:.1f} s, cpu {:.1f} "
                "s)\n",
                hand.number, hand.line, seat_name(hand.learner),
                hand.ask == LessonAsk::Pass ? "passes" : "bids", recommended,
                format_value(v, v.recommended), best, format_value(v, v.best), seconds, cpu);
            // With --options, every answer's value: what a lesson's explanation may quote.
            if (options && v.bid) {
                for (const BidOption& o : v.bid->options) {
                    fmt::print("  {:>4} {} (made {:.0f}%)\n", to_string(o.bid),
                               format_value(v, o.expected), 100 * o.made);
                }
            }
            if (options && v.pass) {
                for (const PassOption& o : v.pass->options) {
                    fmt::print("  {} {} ({} layouts)\n", to_string(o.cards),
                               format_value(v, o.expected), o.samples);
                }
            }
            if (!v.recommended_ok) {
                ++failed;
                fmt::print(stderr,
                           "{}:{}: hand {}: the recommended {} ({}) is worth {:.4f}, the best {} "
                           "({}) {:.4f}: more than the tolerance {} apart\n",
                           lesson.file.string(), hand.line, hand.number,
                           hand.ask == LessonAsk::Pass ? "pass" : "bid", recommended, v.recommended,
                           hand.ask == LessonAsk::Pass ? "pass" : "bid", best, v.best,
                           lesson.tolerance);
            }
        }
        if (failed > 0) {
            fmt::print(stderr, "{}: {} of {} questions fail the check\n", lesson.file.string(),
                       failed, lesson.hands.size());
            return 1;
        }
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
}
