// Lesson mode's state, without a window: the lessons on offer, the lesson under way, the
// question shown, the learner's answers and their verdicts, the score across the lesson, and
// the answers kept in the library. The lesson panel draws it and changes it only through the
// commands below, so a lesson can be taken, and tested, without ImGui.
//
// Judging an answer takes seconds (a bid review of the decision), so it runs on a worker
// thread; poll() collects the verdict once a frame and the window never waits.
#pragma once

#include <filesystem>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "spadework/analyzer/lesson.h"
#include "spadework/analyzer/library_stores.h"
#include "spadework/formats/library.h"

namespace spadework::viewer {

// A lesson in the folder, as the Lessons menu lists it.
struct LessonEntry {
    std::string name;
    std::string title;
    std::string point;
    int questions = 0;
    std::filesystem::path file;
};

// One question answered.
struct LessonResult {
    std::string answer;  // as given: "4", "nil", "AH KH 2C"
    analyzer::LessonAnswer parsed;
    analyzer::LessonVerdict verdict;
    double value = 0;     // what the answer was worth (points, or a chance for a Need)
    bool stored = false;  // kept in the library
};

// The score across the lesson, from the answers given in this sitting.
struct LessonTally {
    int questions = 0;  // in the lesson
    int answered = 0;
    int good = 0;
    double points_lost = 0;  // the best's worth less the answer's, over questions in points
    double chance_lost = 0;  // the same over questions valued by the chance of a Need (0..1)
};

class LessonMode {
  public:
    // `library`: where answers are kept; empty for none. `threads`: the judge's workers
    // (0: every core but one).
    LessonMode(std::filesystem::path lessons_dir, std::filesystem::path library, int threads = 0);
    ~LessonMode();
    LessonMode(const LessonMode&) = delete;
    LessonMode& operator=(const LessonMode&) = delete;

    // ---- The lessons on offer ----
    const std::filesystem::path& lessons_dir() const { return dir_; }
    // A teacher's own folder, read beside the shipped one (empty: none); set before the
    // catalogue is first read.
    void set_my_lessons_dir(std::filesystem::path dir) { my_dir_ = std::move(dir); }
    const std::filesystem::path& my_lessons_dir() const { return my_dir_; }
    // Read from the folders on first use and again by reload(): the shipped lessons, then the
    // teacher's (analyzer::shelve_lessons). A lesson file that cannot be read, or a lesson of
    // the teacher's named as a shipped one, is left out with the reason in catalogue_error(),
    // one line each, and the other lessons are listed. A teacher's folder that does not exist
    // (not made yet) is no error: the shipped lessons are listed and my_lessons_missing() says
    // so.
    const std::vector<LessonEntry>& catalogue();
    const std::string& catalogue_error() const { return catalogue_error_; }
    bool my_lessons_missing() const;
    void reload();

    // ---- Commands ----
    // Starts the lesson of that name from the folders (the teacher's when it exists). Throws
    // Error naming the lessons there when there is none.
    void start(const std::string& name);
    void start(analyzer::Lesson lesson);
    void restart();  // the same lesson from its first question
    void leave();    // back to the table; a judgement under way is dropped
    void set_learner(std::string name);
    // Answers the question shown. The answer is checked at once: a bad one (or no learner
    // name) returns false with the reason in error(), and nothing is judged or stored.
    // Otherwise it is judged in the background, and stored once judged.
    bool answer(const std::string& text);
    // Pass questions: a click on a card of the hand picks or unpicks it.
    void toggle_pass_card(Card card);
    // Answers with the cards picked (false with error() unless exactly enough are picked).
    bool answer_pass();
    // To the next question once the answer is revealed; after the last: finished().
    void next();
    // Answers given one after another, each once the previous verdict is in (a script for
    // tests and screenshots: the reveal of the last one stays shown, or, when the last item
    // is "end" after an answer to every question, the score across the lesson). Throws
    // Error when an answer is not legal for its question or there are more answers than
    // questions.
    void script(const std::vector<std::string>& answers);
    // Collects a finished judgement, stores it, gives the next scripted answer; true when
    // anything changed.
    bool poll();
    // Blocks until the judgement under way and the script are done (tests, screenshots).
    void wait();

    // ---- What the panel reads ----
    bool active() const { return lesson_ != nullptr; }
    const analyzer::Lesson* lesson() const { return lesson_.get(); }
    int question() const { return question_; }  // 0-based; the number of questions when done
    const analyzer::LessonHand* hand() const;   // the question shown; null when finished
    bool finished() const;
    const std::string& learner() const { return learner_; }
    // The bids open at the question shown, in bid order (nil, blind nil, 1, 2, ...).
    const std::vector<Bid>& legal_bids() const { return legal_bids_; }
    CardSet pass_pick() const { return pass_pick_; }
    int pass_needed() const;
    bool thinking() const { return job_ != nullptr; }
    const std::string& thinking_answer() const;  // the answer being judged
    // The verdict on the question shown, once judged.
    const LessonResult* result() const;
    const std::vector<std::optional<LessonResult>>& results() const { return results_; }
    LessonTally tally() const;
    // The learner's scores kept in the library, per lesson (refreshed when an answer is
    // stored or the learner changes); empty without a library.
    const std::vector<analyzer::LessonScore>& stored_scores() const { return scores_; }
    bool has_library() const { return !library_path_.empty(); }
    // What went wrong last (a bad answer, a judgement or a store that failed); empty if
    // nothing did.
    const std::string& error() const { return error_; }
    void clear_error() { error_.clear(); }

  private:
    struct Job {
        int question = 0;
        std::string answer;
        analyzer::LessonAnswer parsed;
        std::future<analyzer::LessonVerdict> verdict;
    };
    // The folders lessons are read from: the shipped one, and the teacher's when it exists.
    std::vector<std::filesystem::path> folders() const;
    void enter_question();
    void finish_job();
    bool store(int question, const LessonResult& r);
    void refresh_scores();
    formats::Library* library();

    std::filesystem::path dir_;
    std::filesystem::path my_dir_;
    std::filesystem::path library_path_;
    int threads_ = 0;
    std::optional<std::vector<LessonEntry>> catalogue_;
    std::string catalogue_error_;
    std::shared_ptr<const analyzer::Lesson> lesson_;
    int question_ = 0;
    std::vector<std::optional<LessonResult>> results_;
    std::vector<Bid> legal_bids_;
    CardSet pass_pick_;
    std::string learner_;
    std::unique_ptr<Job> job_;
    std::vector<std::unique_ptr<Job>> dropped_;  // left behind by leave(); finish on their own
    std::vector<std::string> script_;            // answers still to give
    bool script_to_end_ = false;                 // then on to the score across the lesson
    std::unique_ptr<formats::Library> library_;  // opened on the first store
    std::vector<analyzer::LessonScore> scores_;
    std::string error_;
};

}  // namespace spadework::viewer
