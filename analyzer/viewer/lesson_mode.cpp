#include "lesson_mode.h"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "failure.h"
#include "spadework/engine/error.h"

namespace spadework::viewer {

LessonMode::LessonMode(std::filesystem::path lessons_dir, std::filesystem::path library,
                       int threads)
    : dir_(std::move(lessons_dir)), library_path_(std::move(library)), threads_(threads) {
    // One core is left to the window (Mesa's software renderer draws on the CPU too), so
    // the frames keep coming while an answer is judged.
    if (threads_ <= 0) {
        threads_ = std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1);
    }
}

LessonMode::~LessonMode() {
    // std::async's futures wait for their work when destroyed: a judgement under way ends
    // before the mode does (at most the seconds one takes).
    job_.reset();
    dropped_.clear();
}

const std::vector<LessonEntry>& LessonMode::catalogue() {
    if (!catalogue_) reload();
    return *catalogue_;
}

bool LessonMode::my_lessons_missing() const {
    std::error_code ec;
    return !my_dir_.empty() && !std::filesystem::is_directory(my_dir_, ec);
}

std::vector<std::filesystem::path> LessonMode::folders() const {
    std::vector<std::filesystem::path> out{dir_};
    if (!my_dir_.empty() && !my_lessons_missing()) out.push_back(my_dir_);
    return out;
}

void LessonMode::reload() {
    analyzer::LessonShelf shelf = analyzer::shelve_lessons(folders());
    catalogue_.emplace();
    for (const analyzer::Lesson& l : shelf.lessons) {
        catalogue_->push_back({l.name, l.title, l.point, static_cast<int>(l.hands.size()), l.file});
    }
    catalogue_error_.clear();
    for (const std::string& p : shelf.problems) {
        catalogue_error_ += (catalogue_error_.empty() ? "" : "\n") + p;
    }
}

void LessonMode::start(const std::string& name) {
    // A lesson the menu lists, read again from its file: a broken lesson in the other folder
    // does not keep it from starting.
    for (const LessonEntry& e : catalogue()) {
        if (e.name == name) {
            start(analyzer::read_lesson(e.file));
            return;
        }
    }
    // One not listed (written since, or in a folder that did not read): found as `spadework
    // lesson` finds it, or the error says why not and names the lessons there.
    start(analyzer::find_lesson(folders(), name));
}

void LessonMode::start(analyzer::Lesson lesson) {
    leave();
    lesson_ = std::make_shared<const analyzer::Lesson>(std::move(lesson));
    restart();
}

void LessonMode::restart() {
    if (!lesson_) return;
    if (job_) dropped_.push_back(std::move(job_));
    script_.clear();
    script_to_end_ = false;
    question_ = 0;
    results_.assign(lesson_->hands.size(), std::nullopt);
    error_.clear();
    enter_question();
    refresh_scores();
}

void LessonMode::leave() {
    if (job_) dropped_.push_back(std::move(job_));
    script_.clear();
    script_to_end_ = false;
    lesson_.reset();
    results_.clear();
    legal_bids_.clear();
    pass_pick_ = {};
    question_ = 0;
    error_.clear();
}

void LessonMode::set_learner(std::string name) {
    if (name == learner_) return;
    learner_ = std::move(name);
    refresh_scores();
}

const analyzer::LessonHand* LessonMode::hand() const {
    if (!lesson_ || question_ >= static_cast<int>(lesson_->hands.size())) return nullptr;
    return &lesson_->hands[question_];
}

bool LessonMode::finished() const {
    return lesson_ && question_ >= static_cast<int>(lesson_->hands.size());
}

int LessonMode::pass_needed() const {
    const analyzer::LessonHand* h = hand();
    return h && h->ask == analyzer::LessonAsk::Pass ? h->game.rules.pass_cards : 0;
}

const std::string& LessonMode::thinking_answer() const {
    static const std::string none;
    return job_ ? job_->answer : none;
}

const LessonResult* LessonMode::result() const {
    if (!hand() || !results_[question_]) return nullptr;
    return &*results_[question_];
}

// The bids open at the question: every candidate parse_answer accepts there.
void LessonMode::enter_question() {
    legal_bids_.clear();
    pass_pick_ = {};
    const analyzer::LessonHand* h = hand();
    if (!h || h->ask != analyzer::LessonAsk::Bid) return;
    std::vector<Bid> candidates = {Bid::nil(), Bid::blind_nil()};
    for (int n = 1; n <= h->game.rules.hand_size(); ++n) candidates.push_back(Bid::tricks(n));
    for (Bid b : candidates) {
        try {
            analyzer::parse_answer(*h, to_string(b));
            legal_bids_.push_back(b);
        } catch (const Error&) {
            // not open here
        }
    }
}

bool LessonMode::answer(const std::string& text) {
    const analyzer::LessonHand* h = hand();
    if (!h) {
        error_ = "no question to answer";
        return false;
    }
    if (job_) {
        error_ = "the last answer is still being judged";
        return false;
    }
    if (has_library() && learner_.empty()) {
        error_ = "type your name first: answers are kept per learner";
        return false;
    }
    analyzer::LessonAnswer parsed;
    try {
        parsed = analyzer::parse_answer(*h, text);
    } catch (const Error& e) {
        error_ = e.what();
        return false;
    }
    error_.clear();
    auto job = std::make_unique<Job>();
    job->question = question_;
    job->answer = text;
    job->parsed = parsed;
    // The worker holds the lesson itself, so leaving the lesson does not pull it away.
    std::shared_ptr<const analyzer::Lesson> lesson = lesson_;
    const int k = question_;
    const int threads = threads_;
    job->verdict = std::async(std::launch::async, [lesson, k, parsed, threads] {
        return analyzer::judge(*lesson, lesson->hands[k], parsed, threads);
    });
    job_ = std::move(job);
    return true;
}

void LessonMode::toggle_pass_card(Card card) {
    const analyzer::LessonHand* h = hand();
    if (!h || h->ask != analyzer::LessonAsk::Pass || job_ || result()) return;
    if (pass_pick_.contains(card)) {
        pass_pick_.erase(card);
    } else if (pass_pick_.size() < pass_needed() && h->shown_hand().contains(card)) {
        pass_pick_.insert(card);
    }
}

bool LessonMode::answer_pass() {
    if (pass_pick_.size() != pass_needed()) {
        error_ = fmt::format("pick {} cards to pass ({} picked)", pass_needed(), pass_pick_.size());
        return false;
    }
    return answer(to_string(pass_pick_));
}

void LessonMode::next() {
    if (!hand() || job_ || !result()) return;
    ++question_;
    error_.clear();
    enter_question();
}

void LessonMode::script(const std::vector<std::string>& given) {
    if (!lesson_) throw Error("answers need a lesson");
    std::vector<std::string> answers = given;
    bool to_end = !answers.empty() && answers.back() == "end";
    if (to_end) answers.pop_back();
    const int from = question_;
    if (from + static_cast<int>(answers.size()) > static_cast<int>(lesson_->hands.size())) {
        throw Error(fmt::format("{} answers for a lesson of {} questions", answers.size(),
                                lesson_->hands.size()));
    }
    for (std::size_t i = 0; i < answers.size(); ++i) {
        try {
            analyzer::parse_answer(lesson_->hands[from + i], answers[i]);
        } catch (const Error& e) {
            throw Error(fmt::format("question {}: \"{}\": {}", from + i + 1, answers[i], e.what()));
        }
    }
    if (to_end &&
        from + static_cast<int>(answers.size()) != static_cast<int>(lesson_->hands.size())) {
        throw Error(fmt::format("\"end\" comes after an answer to each of the {} questions",
                                lesson_->hands.size()));
    }
    script_ = answers;
    script_to_end_ = to_end;
    poll();
}

void LessonMode::finish_job() {
    std::unique_ptr<Job> job = std::move(job_);
    LessonResult r;
    r.answer = job->answer;
    r.parsed = job->parsed;
    try {
        r.verdict = job->verdict.get();
    } catch (...) {
        error_ = fmt::format("could not judge \"{}\": {}", job->answer, caught_failure());
        script_.clear();
        script_to_end_ = false;
        return;
    }
    if (!r.verdict.learner) {
        // judge values every legal answer; a gap would be the analyzer's fault.
        error_ = fmt::format("no value for \"{}\" in the review", job->answer);
        script_.clear();
        script_to_end_ = false;
        return;
    }
    r.value = *r.verdict.learner;
    error_.clear();  // what was refused while this was judged no longer matters
    r.stored = store(job->question, r);
    results_[job->question] = std::move(r);
}

bool LessonMode::store(int question, const LessonResult& r) {
    formats::Library* lib = library();
    if (!lib) return false;
    analyzer::LessonAnswerRecord rec;
    rec.learner = learner_;
    rec.lesson = lesson_->name;
    rec.question = question + 1;
    rec.answer = r.answer;
    rec.value = r.value;
    rec.best = r.verdict.best;
    rec.good = r.verdict.learner_ok;
    try {
        analyzer::LessonAnswerStore(*lib).store_lesson_answer(rec);
    } catch (...) {
        error_ = fmt::format("the answer was not kept: {}", caught_failure());
        return false;
    }
    refresh_scores();
    return true;
}

formats::Library* LessonMode::library() {
    if (library_path_.empty()) return nullptr;
    if (!library_) {
        try {
            library_ = std::make_unique<formats::Library>(library_path_);
        } catch (...) {
            error_ = fmt::format("answers are not kept: {}", caught_failure());
            return nullptr;
        }
    }
    return library_.get();
}

void LessonMode::refresh_scores() {
    scores_.clear();
    if (learner_.empty() || library_path_.empty()) return;
    // Reading needs no library file: a learner with none yet has no scores.
    std::error_code ec;
    if (!library_ && !std::filesystem::exists(library_path_, ec)) return;
    if (formats::Library* lib = library()) {
        try {
            scores_ = analyzer::LessonAnswerStore(*lib).lesson_scores(learner_);
        } catch (...) {
            error_ = fmt::format("cannot read the scores kept: {}", caught_failure());
        }
    }
}

bool LessonMode::poll() {
    bool changed = false;
    // Judgements left behind by leave() are dropped once done.
    std::erase_if(dropped_, [](const std::unique_ptr<Job>& j) {
        return j->verdict.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
    });
    if (job_ && job_->verdict.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
        finish_job();
        changed = true;
    }
    if (!job_ && !script_.empty() && lesson_) {
        if (result()) next();
        std::string a = script_.front();
        script_.erase(script_.begin());
        if (!answer(a)) {
            script_.clear();
            script_to_end_ = false;
        }
        changed = true;
    } else if (!job_ && script_.empty() && script_to_end_) {
        script_to_end_ = false;
        next();
        changed = true;
    }
    return changed;
}

void LessonMode::wait() {
    while (job_ || !script_.empty() || script_to_end_) {
        if (job_) job_->verdict.wait();
        if (!poll() && !job_) break;
    }
}

LessonTally LessonMode::tally() const {
    LessonTally t;
    if (!lesson_) return t;
    t.questions = static_cast<int>(lesson_->hands.size());
    for (const auto& r : results_) {
        if (!r) continue;
        ++t.answered;
        if (r->verdict.learner_ok) ++t.good;
        double lost = std::max(0.0, r->verdict.best - r->value);
        (r->verdict.chance ? t.chance_lost : t.points_lost) += lost;
    }
    return t;
}

}  // namespace spadework::viewer
