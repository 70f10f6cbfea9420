// `spadework lesson`: the lessons of samples/lessons on a terminal. A question shows only the
// learner's hand and the bids before its turn; the learner answers; the reveal gives the
// recommended answer, its reasoning, the sampled distribution and what every answer is worth.
// Answers are kept per learner in the library, and `--scores` reads them back.
#include <fmt/core.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "common.h"
#include "spadework/analyzer/lesson.h"
#include "spadework/analyzer/lesson_pages.h"
#include "spadework/analyzer/library_stores.h"
#include "spadework/formats/game_file.h"

namespace spadework::cli {
namespace {

struct LessonOptions {
    std::string name;
    std::string dir;
    std::string my_dir;
    std::string learner;
    std::string db;
    std::string answers;  // comma list: answer the questions without asking
    int threads = 1;
    bool list = false;
    bool scores = false;
    bool no_store = false;
};

std::filesystem::path lessons_dir(const std::string& dir) {
    return dir.empty() ? analyzer::default_lessons_dir() : std::filesystem::path(dir);
}

// The shipped lessons (or --lessons), then the teacher's own: --my-lessons, else
// $SPADEWORK_MY_LESSONS, else my-lessons beside the library when it has been made (the deal
// editor's folder: default_my_lessons_dir).
std::vector<std::filesystem::path> lesson_dirs(const std::string& dir, const std::string& mine,
                                               const std::string& db = {}) {
    if (!mine.empty()) return {lessons_dir(dir), mine};
    if (auto named = analyzer::named_my_lessons_dir()) return {lessons_dir(dir), *named};
    std::filesystem::path beside = analyzer::default_my_lessons_dir(db);
    std::error_code ec;
    if (!std::filesystem::is_directory(beside, ec)) beside.clear();
    return {lessons_dir(dir), beside};
}

void add_lesson_dir_options(CLI::App* cmd, std::string& dir, std::string& mine) {
    cmd->add_option("--lessons", dir,
                    "the folder of lessons (default: $SPADEWORK_LESSONS, else the lessons "
                    "installed with Spadework)");
    cmd->add_option("--my-lessons", mine,
                    "a teacher's own folder of lessons, read beside the others (default: "
                    "$SPADEWORK_MY_LESSONS, else my-lessons beside the library, where the "
                    "viewer's deal editor saves them)");
}

std::string learner_of(const std::string& given) {
    if (!given.empty()) return given;
    if (const char* user = std::getenv("USER"); user && *user) return user;
    return "learner";
}

// What a clash of names on the shelf means for the command line: the teacher's own lesson
// (the later folder's, the second file named) is the one listed and run.
std::string clash_words(const analyzer::LessonClash& c) {
    return c.problem + "; the second, your own, is the one used (rename it to reach both)";
}

// Every lesson that can be read, then what kept any other from the list (a broken file, two
// lessons of one name in one folder, a folder not there), each said on its own line: exit 1
// when there is one. A teacher's lesson named as a shipped one is listed in its place, with a
// warning naming both files, and is no failure.
void list_lessons(const LessonOptions& o) {
    analyzer::LessonShelf shelf = analyzer::shelve_lessons(lesson_dirs(o.dir, o.my_dir, o.db));
    for (const analyzer::Lesson& l : shelf.lessons) {
        fmt::print("{}  {} ({}): {}\n", l.name, l.title,
                   analyzer::count_of(static_cast<long long>(l.hands.size()), "question"), l.point);
    }
    std::fflush(stdout);
    std::vector<std::string> failures;
    for (const std::string& p : shelf.problems) {
        auto clash = std::find_if(shelf.clashes.begin(), shelf.clashes.end(),
                                  [&](const analyzer::LessonClash& c) { return c.problem == p; });
        if (clash != shelf.clashes.end()) {
            fmt::print(stderr, "spadework: warning: {}\n", clash_words(*clash));
        } else {
            failures.push_back(p);
        }
    }
    if (failures.empty()) return;
    for (std::size_t i = 0; i + 1 < failures.size(); ++i) {
        fmt::print(stderr, "spadework: {}\n", failures[i]);
    }
    throw Error(failures.back());
}

// The lesson NAME asks for; when a teacher's lesson of that name takes a shipped one's place,
// a note on stderr says so, naming both files.
analyzer::Lesson named_lesson(const std::vector<std::filesystem::path>& dirs,
                              const std::string& name) {
    analyzer::Lesson lesson = analyzer::find_lesson(dirs, name);
    for (const analyzer::LessonClash& c : analyzer::shelve_lessons(dirs).clashes) {
        if (c.name == name) fmt::print(stderr, "spadework: note: {}\n", clash_words(c));
    }
    return lesson;
}

// A stored time, "2026-11-27T21:57:35Z", as a player reads it: "2026-11-27 21:57 UTC".
std::string readable_time(const std::string& iso) {
    if (iso.size() < 16 || iso[10] != 'T') return iso;
    return iso.substr(0, 10) + " " + iso.substr(11, 5) + (iso.back() == 'Z' ? " UTC" : "");
}

void print_scores(const LessonOptions& o) {
    std::string learner = learner_of(o.learner);
    formats::Library library = open_library(o.db);
    std::vector<analyzer::LessonScore> scores =
        analyzer::LessonAnswerStore(library).lesson_scores(learner);
    if (scores.empty()) {
        fmt::print("{} has not answered any lesson yet.\n", learner);
        return;
    }
    fmt::print("{}'s lessons (latest answer to each question):\n", learner);
    for (const analyzer::LessonScore& s : scores) {
        fmt::print("  {:<24} {:>2} of {:>2} good, {:.1f} points lost, last answered {}\n", s.lesson,
                   s.good, s.answered, s.lost, readable_time(s.last));
    }
}

void run_lesson(const LessonOptions& o) {
    analyzer::Lesson lesson = named_lesson(lesson_dirs(o.dir, o.my_dir, o.db), o.name);
    std::string learner = learner_of(o.learner);
    std::optional<formats::Library> library;
    if (!o.no_store) library.emplace(open_library(o.db));
    const bool scripted = !o.answers.empty();
    std::vector<std::string> given =
        scripted ? comma_entries("--answers", o.answers) : std::vector<std::string>{};
    if (scripted && given.size() > lesson.hands.size()) {
        throw UsageError(fmt::format("--answers: {} answers for {} questions", given.size(),
                                     lesson.hands.size()));
    }
    // --answers is the command line's: a wrong answer there is bad usage (exit 2), as a wrong
    // value of any option is. Every given answer is read before the first is judged, so a typo in
    // the last one stops the lesson at once rather than after the analysis of (and answers kept
    // for) the others.
    for (std::size_t i = 0; i < given.size(); ++i) {
        try {
            analyzer::parse_answer(lesson.hands[i], given[i]);
        } catch (const Error& e) {
            throw UsageError(
                fmt::format("--answers: answer {} (\"{}\"): {}", i + 1, given[i], e.what()));
        }
    }

    fmt::print("{}\n{}\n\n", lesson.title, lesson.point);
    int asked = 0;
    int good = 0;
    double lost = 0;
    for (const analyzer::LessonHand& hand : lesson.hands) {
        if (scripted && asked == static_cast<int>(given.size())) break;
        fmt::print("{}", analyzer::question_text(lesson, hand));
        std::optional<analyzer::LessonAnswer> answer;
        std::string text;
        while (!answer) {
            if (scripted) {
                text = given[asked];
                fmt::print("{}\n", text);
            } else {
                std::cout.flush();
                if (!std::getline(std::cin, text)) break;
                // Piped answers are not echoed by a terminal: show them.
                if (isatty(0) == 0) fmt::print("{}\n", text);
            }
            try {
                answer = analyzer::parse_answer(hand, text);
            } catch (const Error& e) {
                if (scripted) throw;  // not reached: every given answer was read above
                fmt::print("{}. Again: ", e.what());
            }
        }
        if (!answer) {
            fmt::print("\n");
            break;
        }
        ++asked;
        // What went to stdout first, so the two streams interleave in order through a pipe.
        std::fflush(stdout);
        fmt::print(stderr, "Thinking ({} layouts)...\n", lesson.samples);
        analyzer::LessonVerdict verdict = analyzer::judge(lesson, hand, answer, o.threads);
        fmt::print("\n{}\n", analyzer::reveal_text(lesson, hand, *answer, verdict));
        double value = verdict.learner.value_or(verdict.best);
        good += verdict.learner_ok ? 1 : 0;
        lost += std::max(0.0, verdict.best - value);
        if (library) {
            analyzer::LessonAnswerRecord r;
            r.learner = learner;
            r.lesson = lesson.name;
            r.question = hand.number;
            r.answer = analyzer::answer_text(hand, *answer);
            r.value = value;
            r.best = verdict.best;
            r.good = verdict.learner_ok;
            analyzer::LessonAnswerStore(*library).store_lesson_answer(r);
        }
    }
    bool chance = std::any_of(lesson.hands.begin(), lesson.hands.end(),
                              [](const analyzer::LessonHand& h) { return h.need.has_value(); });
    fmt::print("Score: {} of {} good", good, asked);
    if (!chance) fmt::print(", {:.1f} points lost to the best answers", lost);
    // Grading by the chance of winning the game needs a game around the hand; a lesson's hand
    // stands alone.
    fmt::print(
        ".\nEach answer is graded within its own hand: a lesson's hands have no game around "
        "them.\n");
    if (library && asked > 0) fmt::print("Kept for {} in {}.\n", learner, library->path().string());
}

struct ExportOptions {
    std::string name;
    std::string dir;
    std::string my_dir;
    std::string html;
    bool analysis = false;
    int threads = 1;
};

// The page is written whole or not at all (formats::write_file).
void export_lesson(const ExportOptions& o) {
    check_picture_file("--html", o.html, analyzer::PictureFormat::Html);
    analyzer::Lesson lesson = named_lesson(lesson_dirs(o.dir, o.my_dir), o.name);
    std::map<int, analyzer::LessonVerdict> verdicts;
    if (o.analysis) {
        for (const analyzer::LessonHand& hand : lesson.hands) {
            fmt::print(stderr, "Analysing question {} of {}...\n", hand.number,
                       lesson.hands.size());
            verdicts[hand.number] = analyzer::judge(lesson, hand, std::nullopt, o.threads);
        }
    }
    formats::write_file(o.html, analyzer::lesson_html(lesson, verdicts));
    fmt::print("Wrote {} ({} questions, {} pages).\n", o.html, lesson.hands.size(),
               1 + 2 * lesson.hands.size());
}

}  // namespace

void add_export_lesson_command(CLI::App& app) {
    auto opts = std::make_shared<ExportOptions>();
    CLI::App* cmd = app.add_subcommand(
        "export-lesson", "A lesson as a printable page: each question, then its answer overleaf");
    cmd->add_option("NAME", opts->name, "the lesson (see spadework lesson --list)")->required();
    cmd->add_option("--html", opts->html, "the page to write")->required();
    add_lesson_dir_options(cmd, opts->dir, opts->my_dir);
    cmd->add_flag("--analysis", opts->analysis,
                  "add each question's analysis (every answer's worth) to its answer page");
    within(
        cmd->add_option("--threads", opts->threads, "worker threads for the analysis (default 1)"),
        1, 64);
    cmd->callback([opts]() { export_lesson(*opts); });
}

void add_lesson_command(CLI::App& app) {
    auto opts = std::make_shared<LessonOptions>();
    CLI::App* cmd = app.add_subcommand(
        "lesson", "Practise bidding: a lesson's questions, answered and revealed one by one");
    cmd->add_option("NAME", opts->name, "the lesson (see --list, or `lesson list`)");
    cmd->add_flag("--list", opts->list, "every lesson, one a line, its name first");
    cmd->add_flag("--scores", opts->scores, "the learner's score in every lesson answered");
    add_lesson_dir_options(cmd, opts->dir, opts->my_dir);
    cmd->add_option("--learner", opts->learner, "whose answers these are (default: $USER)");
    cmd->add_option("--answers", opts->answers,
                    "answer the first questions without asking: \"4,nil,AH KH 2C\"");
    within(
        cmd->add_option("--threads", opts->threads, "worker threads for the analysis (default 1)"),
        1, 64);
    cmd->add_flag("--no-store", opts->no_store, "do not keep the answers in the library");
    add_db_option(cmd, opts->db);
    cmd->callback([opts]() {
        // `lesson list` and `lesson scores` read as the flags do (no lesson takes those names).
        if (opts->list || opts->name == "list") return list_lessons(*opts);
        if (opts->scores || opts->name == "scores") return print_scores(*opts);
        if (opts->name.empty()) {
            throw UsageError("name a lesson (spadework lesson list shows them)");
        }
        run_lesson(*opts);
    });
}

}  // namespace spadework::cli
