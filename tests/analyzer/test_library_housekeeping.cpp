// The library's housekeeping: games deleted with their reviews (all or none), and a game's
// metadata edited with everything else of it, its reviews included, kept.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "spadework/analyzer/library_stores.h"
#include "spadework/analyzer/review.h"
#include "spadework/formats/error.h"
#include "spadework/formats/library.h"
#include "support/test_games.h"
#include "support/workspace.h"

using namespace spadework;
using namespace spadework::analyzer;
using formats::GameId;
using formats::Library;

namespace {

const std::string kKey = "housekeeping test settings";

std::vector<RecordedGame> three_games() {
    std::vector<RecordedGame> out;
    for (int i = 0; i < 3; ++i) {
        out.push_back(testing::first_legal_game(preset("classic"), 2, 900 + 10 * i));
        out.back().table = std::to_string(i + 1);
    }
    out[1].players = {"Ann", "Eve", "Cal", "Fay"};
    return out;
}

// A review of the game as the analyzer stores it: its JSON names the game and its players,
// and each seat's tallies carry the player's name.
StoredReview review_of(const Library& lib, GameId id) {
    GameReview review;
    review.settings_key = kKey;
    for (int s = 0; s < 4; ++s) {
        review.seats[static_cast<std::size_t>(s)].cards = 20 + s;
        review.seats[static_cast<std::size_t>(s)].mistakes = s;
        review.bid_flags[static_cast<std::size_t>(s)] = 1;
    }
    return to_stored_review(id, review, lib.load_game(id));
}

formats::HandFilter hands_of(GameId id) {
    formats::HandFilter f;
    f.game = id;
    return f;
}

formats::GameFilter played_by(const std::string& name) {
    formats::GameFilter f;
    f.player = name;
    return f;
}

int rows(const Library& lib, const std::string& sql) {
    formats::Statement st(lib.database(), sql);
    return st.step() ? st.integer(0) : -1;
}

}  // namespace

TEST_CASE("Deleted games leave no row behind, and the other games keep theirs",
          "[library][housekeeping]") {
    testing::Workspace dir("spadework-housekeeping");
    Library lib(dir.db);
    ReviewStore reviews(lib);
    LessonAnswerStore answers(lib);
    const std::vector<GameId> ids = lib.import_games(three_games(), "three.pb").ids;
    for (GameId id : ids) reviews.store_review(review_of(lib, id));
    answers.store_lesson_answer({"Ann", "01-sure-tricks", 1, "4", 10, 10, true, ""});
    const int hands_of_second = static_cast<int>(lib.load_game(ids[1]).hands.size());
    const int hands_before = lib.count_hands();

    lib.delete_games({ids[0], ids[2], ids[0]});  // an id given twice is deleted once

    CHECK(lib.count_games() == 1);
    CHECK(lib.game_summary(ids[1]));
    CHECK_FALSE(lib.game_summary(ids[0]));
    CHECK_THROWS_AS(lib.load_game(ids[2]), formats::FormatError);
    CHECK(lib.count_hands() == hands_of_second);
    CHECK(hands_before > hands_of_second);
    CHECK(rows(lib, "SELECT count(*) FROM records") == 1);
    CHECK(rows(lib, "SELECT count(*) FROM players") == 4);
    // The reviews of the deleted games and their seats' tallies went with them.
    CHECK(reviews.count_reviews(kKey) == 1);
    CHECK(reviews.load_review(ids[1], kKey));
    CHECK(rows(lib, "SELECT count(*) FROM review_seats") == 4);
    CHECK(reviews.player_trend("Bob", kKey).empty());  // Bob played in the deleted games only
    CHECK(reviews.player_trend("Eve", kKey).size() == 1);
    // Lesson answers are the learner's, of no game: kept.
    CHECK(answers.lesson_answers("Ann").size() == 1);
}

TEST_CASE("Deleting an id that is not there names it and deletes nothing",
          "[library][housekeeping]") {
    testing::Workspace dir("spadework-housekeeping");
    Library lib(dir.db);
    ReviewStore reviews(lib);
    const std::vector<GameId> ids = lib.import_games(three_games(), "three.pb").ids;
    reviews.store_review(review_of(lib, ids[0]));
    try {
        lib.delete_games({ids[0], 77, ids[1]});
        FAIL("deleted with an id that is not there");
    } catch (const formats::FormatError& e) {
        CHECK(e.message() == "there is no game with id 77 in the library; nothing was deleted");
    }
    CHECK(lib.count_games() == 3);
    CHECK(reviews.count_reviews(kKey) == 1);
}

TEST_CASE("An edit changes the metadata only, and the reviews stay and name the new players",
          "[library][housekeeping]") {
    testing::Workspace dir("spadework-housekeeping");
    Library lib(dir.db);
    ReviewStore reviews(lib);
    const std::vector<GameId> ids = lib.import_games(three_games(), "three.pb").ids;
    const GameId id = ids[1];
    reviews.store_review(review_of(lib, id));
    const RecordedGame before = lib.load_game(id);
    const StoredReview review_before = *reviews.load_review(id, kKey);
    const std::vector<formats::HandSummary> hands_before = lib.find_hands(hands_of(id));

    formats::GameEdit edit;
    edit.players[index(Seat::East)] = "Evelyn";
    edit.players[index(Seat::West)] = "";
    edit.date = "2026-11-22";
    edit.event = "Club night";
    edit.notes = "Played at the club.\nSecond line.";
    edit_library_game(lib, id, edit);

    const RecordedGame after = lib.load_game(id);
    CHECK(after.players == std::array<std::string, 4>{"Ann", "Evelyn", "Cal", ""});
    CHECK(after.date == "2026-11-22");
    CHECK(after.event == "Club night");
    CHECK(after.comment == "Played at the club.\nSecond line.");
    // Everything else of the game is as it was: the deal, bids, play, rules and the rest.
    RecordedGame expected = before;
    edit.apply(expected);
    CHECK(after == expected);
    CHECK(after.hands == before.hands);
    CHECK(after.rules == before.rules);
    CHECK(after.table == before.table);
    // The list and the filters read the new metadata.
    const formats::GameSummary summary = *lib.game_summary(id);
    CHECK(summary.players[index(Seat::East)] == "Evelyn");
    CHECK(summary.event == "Club night");
    CHECK(summary.date == "2026-11-22");
    CHECK(lib.list_games(played_by("Eve")).empty());
    CHECK(lib.list_games(played_by("Evelyn")).size() == 1);
    const std::vector<formats::HandSummary> hands_after = lib.find_hands(hands_of(id));
    REQUIRE(hands_after.size() == hands_before.size());
    for (std::size_t h = 0; h < hands_after.size(); ++h) {
        CHECK(hands_after[h].bids == hands_before[h].bids);
        CHECK(hands_after[h].tricks == hands_before[h].tricks);
        CHECK(hands_after[h].score == hands_before[h].score);
    }
    // The review is kept, its analysis as it was; the names it keeps follow the edit.
    const StoredReview review_after = *reviews.load_review(id, kKey);
    CHECK(review_after.version == review_before.version);
    CHECK(review_after.created == review_before.created);
    for (Seat s : kAllSeats) {
        ReviewSeat was = review_before.seats[index(s)];
        was.name = after.players[index(s)];
        CHECK(review_after.seats[index(s)] == was);
    }
    auto json = nlohmann::json::parse(review_after.json);
    auto json_before = nlohmann::json::parse(review_before.json);
    CHECK(json["game"]["players"]["E"] == "Evelyn");
    CHECK(json["game"]["event"] == "Club night");
    CHECK(json["players"][1]["name"] == "Evelyn");
    CHECK(json["hands"] == json_before["hands"]);
    CHECK(json["players"][0]["cards"] == json_before["players"][0]["cards"]);
    CHECK(reviews.player_trend("Evelyn", kKey).size() == 1);
    CHECK(reviews.player_trend("Eve", kKey).empty());
    // The other games are untouched.
    CHECK(lib.load_game(ids[0]) == three_games()[0]);
}

TEST_CASE("An edit that would make a game the same as another is refused, nothing changed",
          "[library][housekeeping]") {
    testing::Workspace dir("spadework-housekeeping");
    Library lib(dir.db);
    std::vector<RecordedGame> games = three_games();
    games.push_back(games[0]);
    games.back().event = "Copy";
    const std::vector<GameId> ids = lib.import_games(games, "four.pb").ids;
    REQUIRE(lib.count_games() == 4);
    formats::GameEdit edit;
    edit.event = games[0].event;
    try {
        edit_library_game(lib, ids[3], edit);
        FAIL("an edit made two games the same");
    } catch (const formats::FormatError& e) {
        CHECK(e.message() == "game " + std::to_string(ids[3]) + " would then be the same as game " +
                                 std::to_string(ids[0]) + "; nothing was changed");
    }
    CHECK(lib.load_game(ids[3]).event == "Copy");
    // An edit of a game that is not there says so.
    CHECK_THROWS_WITH(edit_library_game(lib, 99, edit),
                      Catch::Contains("there is no game with id 99 in the library"));
    // Imported again after an edit, the game as it was is new content: stored beside it.
    formats::GameEdit rename;
    rename.event = "Renamed";
    edit_library_game(lib, ids[1], rename);
    formats::ImportResult again = lib.import_games({games[1]}, "again.pb");
    CHECK(again.games_added == 1);
}

TEST_CASE("An edit unfit for a record is refused by the library too", "[library][housekeeping]") {
    testing::Workspace dir("spadework-housekeeping");
    Library lib(dir.db);
    const std::vector<GameId> ids = lib.import_games(three_games(), "three.pb").ids;
    const RecordedGame before = lib.load_game(ids[0]);
    formats::GameEdit edit;
    edit.date = "2026-02-29";  // not a leap year
    CHECK_THROWS_WITH(edit_library_game(lib, ids[0], edit),
                      Catch::Contains("the date '2026-02-29' is not a day of the calendar"));
    edit.date = "2028.02.29";
    CHECK_FALSE(edit.problem());
    edit.players[index(Seat::North)] = "Ann\tTab";
    CHECK(edit.problem() ==
          "the name of North 'Ann\tTab' has a control character at position 4 "
          "(write it on one line)");
    edit.players[index(Seat::North)].reset();
    edit.notes = "two\nlines";
    CHECK_FALSE(edit.problem());
    CHECK(lib.load_game(ids[0]) == before);
    CHECK(formats::parse_calendar_date("2026.11.21") == formats::CalendarDate{2026, 11, 21});
    for (const char* bad : {"2026-11.21", "2026-13-01", "2026-00-10", "2026-04-31", "26-11-21",
                            "2026.??.??", "2026-1-21"}) {
        INFO(bad);
        CHECK_FALSE(formats::parse_calendar_date(bad));
    }
}
