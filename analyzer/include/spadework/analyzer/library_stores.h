// What the analyzer keeps in the game library: reviews (with the per-seat tallies a
// player's trend is read from), lesson answers and the score keeper's games under way
// (keeper_store.h). Each is a store of its own (a
// formats::StoreSchema: its tables, its migrations, how a merge copies it) on top of the
// library's SQLite layer; formats/ creates and migrates the tables as the schema says and
// never reads them.
//
// A new stored table: a migration and a StoreTable in its store's schema (review_store.cpp
// or lesson_answer_store.cpp); a new store: a schema of its own, listed in library_stores.cpp.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "spadework/engine/card.h"
#include "spadework/formats/database.h"
#include "spadework/formats/library.h"

namespace spadework::analyzer {

// Every store the analyzer keeps, for the commands that merge libraries.
const std::vector<formats::StoreSchema>& library_stores();
// What a store's rows are, counted in words: "1 review", "3 games under way".
std::string count_store_rows(const std::string& store, long long rows);

// ---- Reviews ----

// A stored review: the analyzer's JSON for one game under one settings key, and per seat
// the tallies a player's trend is read from.
struct ReviewSeat {
    Seat seat = Seat::North;
    std::string name;  // the player at that seat in the game
    int cards = 0;
    int decisions = 0;  // cards with more than one legal choice
    int kept_best = 0;  // decisions that kept the best score
    int inaccuracies = 0;
    int mistakes = 0;
    int blunders = 0;
    int points_lost = 0;
    int bid_flags = 0;  // flagged bids and passes
    // Graded by the game: the chance of winning the game lost by its cards, bids and passes,
    // summed (0..1 each); 0 when graded by points.
    double chance_lost = 0;
    bool operator==(const ReviewSeat&) const = default;
};

struct StoredReview {
    formats::GameId game = 0;
    std::string settings;  // the key the review was computed with
    std::string version;   // the analyzer's version
    std::string created;   // UTC, "2026-11-21T23:40:00Z"; set by store_review
    std::string json;
    std::array<ReviewSeat, 4> seats;
};

// One game in a player's trend: the player's tallies in it, oldest game first.
struct TrendPoint {
    formats::GameId game = 0;
    std::string date;
    Seat seat = Seat::North;
    ReviewSeat tally;
};

const formats::StoreSchema& review_store_schema();

// The reviews of one library. Opening it creates or migrates the store's tables; it reads
// and writes through the library, which must outlive it.
class ReviewStore {
  public:
    explicit ReviewStore(const formats::Library& library);

    // Stores a review, replacing one of the same game and settings, in one transaction.
    // Throws FormatError when there is no such game.
    void store_review(const StoredReview& review) const;
    std::optional<StoredReview> load_review(formats::GameId game,
                                            const std::string& settings) const;
    // The games with no review under these settings, oldest import first.
    std::vector<formats::GameId> games_without_review(const std::string& settings) const;
    int count_reviews(const std::string& settings) const;
    // The reviewed games a player took part in, by date, under these settings.
    std::vector<TrendPoint> player_trend(const std::string& player,
                                         const std::string& settings) const;

  private:
    const formats::Database& db_;
};

// ---- Lesson answers ----

// A learner's answer to one lesson question, as lesson mode stores it.
struct LessonAnswerRecord {
    std::string learner;
    std::string lesson;   // the lesson's name
    int question = 0;     // 1-based, in the lesson
    std::string answer;   // as given: "4", "nil", "AH KH 2C"
    double value = 0;     // what it was worth (points, or a chance for a question with a need)
    double best = 0;      // the best answer's worth
    bool good = false;    // the recommended answer, or within the lesson's tolerance of the best
    std::string created;  // UTC; set by store_lesson_answer
    bool operator==(const LessonAnswerRecord&) const = default;
};

// A learner's score in one lesson, from the latest answer to each question.
struct LessonScore {
    std::string lesson;
    int answered = 0;  // questions answered at least once
    int good = 0;      // ... whose latest answer was good
    double lost = 0;   // the best's worth less the answer's, summed over the latest answers
    std::string last;  // when the latest answer was given
};

const formats::StoreSchema& lesson_answer_store_schema();

// The lesson answers of one library, opened as ReviewStore is.
class LessonAnswerStore {
  public:
    explicit LessonAnswerStore(const formats::Library& library);

    // Stored one by one as given (a learner may answer a question again).
    void store_lesson_answer(const LessonAnswerRecord& answer) const;
    // A learner's answers, oldest first; only one lesson's when named.
    std::vector<LessonAnswerRecord> lesson_answers(
        const std::string& learner, const std::optional<std::string>& lesson = {}) const;
    // A learner's score per lesson answered, by lesson name.
    std::vector<LessonScore> lesson_scores(const std::string& learner) const;

  private:
    const formats::Database& db_;
};

// ---- Housekeeping ----

// Changes a game's metadata (formats::Library::edit_game) and, in the same transaction, what
// its reviews keep of it: the names of their seat tallies (a player's trend follows the new
// name) and the game named in their JSON. The analysis itself is kept as it was.
void edit_library_game(formats::Library& library, formats::GameId id,
                       const formats::GameEdit& edit);

}  // namespace spadework::analyzer
