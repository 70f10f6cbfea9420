// The lesson answer store: every answer a learner gave, one row each, with its worth and
// the best answer's; a learner's score is read from the latest answer to each question.
#include <string>

#include "spadework/analyzer/library_stores.h"
#include "store_time.h"

namespace spadework::analyzer {

using formats::Statement;

namespace {

// Version 1: the table as the library's own schema version 4 made it, so a library of that
// time keeps it as it is (IF NOT EXISTS).
constexpr const char* kLessonAnswersV1 = R"sql(
CREATE TABLE IF NOT EXISTS lesson_answers (
    id INTEGER PRIMARY KEY,
    learner TEXT NOT NULL,
    lesson TEXT NOT NULL,
    question INTEGER NOT NULL,
    answer TEXT NOT NULL,
    value REAL NOT NULL,
    best REAL NOT NULL,
    good INTEGER NOT NULL,
    created TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS lesson_answers_by_learner
    ON lesson_answers (learner, lesson, question, id);
)sql";

}  // namespace

const formats::StoreSchema& lesson_answer_store_schema() {
    using Table = formats::StoreTable;
    // Answers belong to learners, not games: merged with whole libraries only, and an answer
    // equal in every field (its time included) to one there is the same answer.
    static const formats::StoreSchema schema{
        "lesson_answers",
        {kLessonAnswersV1},
        {Table{"lesson_answers", nullptr, "id", Table::Match::Content}}};
    return schema;
}

LessonAnswerStore::LessonAnswerStore(const formats::Library& library) : db_(library.database()) {
    library.open_store(lesson_answer_store_schema());
}

void LessonAnswerStore::store_lesson_answer(const LessonAnswerRecord& answer) const {
    Statement st(db_,
                 "INSERT INTO lesson_answers (learner, lesson, question, answer, value, best, "
                 "good, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    st.bind(1, answer.learner);
    st.bind(2, answer.lesson);
    st.bind(3, answer.question);
    st.bind(4, answer.answer);
    st.bind(5, answer.value);
    st.bind(6, answer.best);
    st.bind(7, answer.good);
    st.bind(8, answer.created.empty() ? utc_now() : answer.created);
    st.run();
}

std::vector<LessonAnswerRecord> LessonAnswerStore::lesson_answers(
    const std::string& learner, const std::optional<std::string>& lesson) const {
    Statement st(db_,
                 "SELECT lesson, question, answer, value, best, good, created FROM lesson_answers "
                 "WHERE learner = ?1 AND (?2 IS NULL OR lesson = ?2) ORDER BY id");
    st.bind(1, learner);
    st.bind(2, lesson);
    std::vector<LessonAnswerRecord> out;
    while (st.step()) {
        LessonAnswerRecord r;
        r.learner = learner;
        r.lesson = st.text(0);
        r.question = st.integer(1);
        r.answer = st.text(2);
        r.value = st.real(3);
        r.best = st.real(4);
        r.good = st.integer(5) != 0;
        r.created = st.text(6);
        out.push_back(std::move(r));
    }
    return out;
}

std::vector<LessonScore> LessonAnswerStore::lesson_scores(const std::string& learner) const {
    // The latest answer to each question: the row with the largest id of its question.
    Statement st(db_,
                 "SELECT lesson, COUNT(*), SUM(good), SUM(best - value), MAX(created) "
                 "FROM lesson_answers a WHERE learner = ?1 AND id = (SELECT MAX(id) FROM "
                 "lesson_answers b WHERE b.learner = a.learner AND b.lesson = a.lesson AND "
                 "b.question = a.question) GROUP BY lesson ORDER BY lesson");
    st.bind(1, learner);
    std::vector<LessonScore> out;
    while (st.step()) {
        LessonScore s;
        s.lesson = st.text(0);
        s.answered = st.integer(1);
        s.good = st.integer(2);
        s.lost = st.real(3);
        s.last = st.text(4);
        out.push_back(std::move(s));
    }
    return out;
}

}  // namespace spadework::analyzer
