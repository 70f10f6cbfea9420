// The analyzer's stores in the library: reviews with a player's trend, lesson answers, the
// score keeper's games under way, and a library written by the release before the stores were
// the analyzer's, opened without loss.
#include <catch2/catch.hpp>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "spadework/analyzer/keeper_store.h"
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
namespace fs = std::filesystem;

namespace {

std::vector<RecordedGame> three_games() {
    std::vector<RecordedGame> out;
    for (int i = 0; i < 3; ++i) {
        out.push_back(testing::first_legal_game(preset("classic"), 2, 500 + 10 * i));
        out.back().table = std::to_string(i + 1);
        out.back().date = "2026.11.0" + std::to_string(i + 1);
    }
    out[1].players = {"Ann", "Eve", "Cal", "Fay"};
    out[2].players = {"Bob", "Ann", "Dee", "Cal"};
    return out;
}

}  // namespace

TEST_CASE("reviews are stored per game and settings and give a player's trend", "[library]") {
    testing::Workspace dir("spadework-stores");
    Library lib(dir.db);
    ReviewStore reviews(lib);
    formats::ImportResult r = lib.import_games(three_games(), "three.pb");
    REQUIRE(r.ids.size() == 3);
    const std::string key = "v1 samples=8";
    CHECK(reviews.games_without_review(key) == r.ids);

    auto review = [&](GameId id, int kept, const std::string& json) {
        StoredReview s;
        s.game = id;
        s.settings = key;
        s.version = "1";
        s.json = json;
        RecordedGame g = lib.load_game(id);
        for (int seat = 0; seat < 4; ++seat) {
            ReviewSeat& rs = s.seats[seat];
            rs.seat = kAllSeats[seat];
            rs.name = g.players[seat];
            rs.cards = 20;
            rs.decisions = 10;
            rs.kept_best = kept + seat;
            rs.mistakes = seat;
            rs.bid_flags = 1;
            rs.chance_lost = 0.125 * seat;  // graded by the game (version 2 of the store)
        }
        return s;
    };
    reviews.store_review(review(r.ids[1], 5, "{\"a\":1}"));
    CHECK(reviews.games_without_review(key) == std::vector<GameId>{r.ids[0], r.ids[2]});
    CHECK(reviews.games_without_review("other settings").size() == 3);
    CHECK(reviews.count_reviews(key) == 1);

    // Stored again under the same key: replaced, not doubled.
    reviews.store_review(review(r.ids[1], 6, "{\"a\":2}"));
    CHECK(reviews.count_reviews(key) == 1);
    std::optional<StoredReview> back = reviews.load_review(r.ids[1], key);
    REQUIRE(back);
    CHECK(back->json == "{\"a\":2}");
    CHECK(back->version == "1");
    CHECK(back->created.size() == 20);  // 2026-11-21T23:40:00Z
    CHECK(back->seats == review(r.ids[1], 6, "").seats);
    CHECK_FALSE(reviews.load_review(r.ids[0], key));
    CHECK_FALSE(reviews.load_review(r.ids[1], "other settings"));

    // The trend of the player at seat 2 of the reviewed game.
    const std::string player = lib.load_game(r.ids[1]).players[2];
    reviews.store_review(review(r.ids[2], 3, "{}"));
    std::vector<TrendPoint> trend = reviews.player_trend(player, key);
    std::size_t expected = 0;
    for (GameId id : {r.ids[1], r.ids[2]}) {
        for (const std::string& name : lib.load_game(id).players) expected += name == player;
    }
    CHECK(trend.size() == expected);
    for (const TrendPoint& p : trend) {
        CHECK(p.tally.name == player);
        CHECK(p.tally.chance_lost == 0.125 * index(p.seat));
    }
    CHECK(reviews.player_trend(player, "other settings").empty());

    StoredReview missing = review(r.ids[1], 1, "{}");
    missing.game = 999999;
    CHECK_THROWS_AS(reviews.store_review(missing), formats::FormatError);
    CHECK(reviews.count_reviews(key) == 2);
}

TEST_CASE("lesson answers are kept per learner and scored from the latest answers", "[library]") {
    testing::Workspace dir("spadework-stores");
    Library lib(dir.db);
    LessonAnswerStore answers(lib);
    auto answer = [](std::string learner, std::string lesson, int q, std::string text, double value,
                     double best, bool good) {
        LessonAnswerRecord r;
        r.learner = std::move(learner);
        r.lesson = std::move(lesson);
        r.question = q;
        r.answer = std::move(text);
        r.value = value;
        r.best = best;
        r.good = good;
        return r;
    };
    answers.store_lesson_answer(answer("Ann", "sure-tricks", 1, "5", 20.5, 31.25, false));
    answers.store_lesson_answer(answer("Ann", "sure-tricks", 2, "3", 28, 28, true));
    answers.store_lesson_answer(answer("Bob", "sure-tricks", 1, "4", 31.25, 31.25, true));
    // Ann tries the first question again: the latest answer counts.
    answers.store_lesson_answer(answer("Ann", "sure-tricks", 1, "4", 31.25, 31.25, true));
    answers.store_lesson_answer(answer("Ann", "nil", 1, "nil", -12.5, 40, false));

    std::vector<LessonAnswerRecord> ann = answers.lesson_answers("Ann");
    REQUIRE(ann.size() == 4);
    CHECK(ann[0].answer == "5");
    CHECK(ann[0].value == 20.5);
    CHECK(ann[3].lesson == "nil");
    CHECK(ann[3].created.size() == 20);
    CHECK(answers.lesson_answers("Ann", std::string("nil")).size() == 1);
    CHECK(answers.lesson_answers("Nobody").empty());

    std::vector<LessonScore> scores = answers.lesson_scores("Ann");
    REQUIRE(scores.size() == 2);
    CHECK(scores[0].lesson == "nil");
    CHECK(scores[0].answered == 1);
    CHECK(scores[0].good == 0);
    CHECK(scores[0].lost == 52.5);
    CHECK(scores[1].lesson == "sure-tricks");
    CHECK(scores[1].answered == 2);
    CHECK(scores[1].good == 2);
    CHECK(scores[1].lost == 0);
    REQUIRE(answers.lesson_scores("Bob").size() == 1);
    CHECK(answers.lesson_scores("Bob")[0].good == 1);
}

// tests/data/library-v4.sqlite was written by the release before this change (schema
// version 4, when formats/ kept the reviews and lesson answers): `spadework import samples/`,
// `spadework analyze 1`, and two answers to the sure-tricks lesson by Ann.
TEST_CASE("a library of the release before the stores opens with every game, review and answer",
          "[library][migration]") {
    testing::Workspace dir("spadework-stores");
    fs::copy_file(fs::path(SPADEWORK_TEST_DATA) / "library-v4.sqlite", dir.db);
    const std::string key = "v4 samples=64 batch=8 confidence=0.95 seed=1 weight=1";

    Library lib(dir.db);
    CHECK(lib.schema_version() == Library::kSchemaVersion);
    CHECK(lib.migration_backup() == fs::path(dir.db + ".v4.bak"));
    // The games: five, each readable, with their hands.
    std::vector<formats::GameSummary> games = lib.list_games();
    REQUIRE(games.size() == 5);
    CHECK(lib.count_hands() == 43);
    for (const formats::GameSummary& g : games) {
        RecordedGame game = lib.load_game(g.id);
        CHECK(static_cast<int>(game.hands.size()) == g.hands);
        CHECK(game.players == g.players);
    }
    CHECK(games[0].event == "Sample: casual");
    CHECK(games[0].score == std::array<int, 2>{293, 517});

    // The review: adopted by the review store as it was, its JSON still the analyzer's.
    ReviewStore reviews(lib);
    CHECK(reviews.count_reviews(key) == 1);
    CHECK(reviews.games_without_review(key) == std::vector<GameId>{2, 3, 4, 5});
    std::optional<StoredReview> stored = reviews.load_review(1, key);
    REQUIRE(stored);
    CHECK(stored->version == "4");
    CHECK(stored->created == "2026-11-26T05:13:47Z");
    CHECK(stored->seats[0] == ReviewSeat{Seat::North, "Eve", 117, 91, 76, 9, 0, 6, 479, 3});
    CHECK(stored->seats[3] == ReviewSeat{Seat::West, "Hana", 117, 89, 83, 4, 2, 0, 68, 0});
    GameReview review = review_from_json(stored->json);
    CHECK(review.settings_key == key);
    CHECK(review.seats[0].decisions == 91);
    CHECK(reviews.player_trend("Gus", key).size() == 1);

    // The answers, in the order given, and the score read from them.
    LessonAnswerStore answers(lib);
    std::vector<LessonAnswerRecord> ann = answers.lesson_answers("Ann");
    REQUIRE(ann.size() == 2);
    CHECK(ann[0].lesson == "sure-tricks");
    CHECK(ann[0].question == 1);
    CHECK(ann[0].answer == "4");
    CHECK_FALSE(ann[0].good);
    CHECK(ann[0].created == "2026-11-26T05:13:51Z");
    CHECK(ann[1].answer == "3");
    CHECK(ann[1].good);
    std::vector<LessonScore> scores = answers.lesson_scores("Ann");
    REQUIRE(scores.size() == 1);
    CHECK(scores[0].answered == 2);
    CHECK(scores[0].good == 1);

    // Stored after the move: the stores write where they read. The review, made again from
    // its JSON, under a second key.
    StoredReview again_stored = to_stored_review(1, review, lib.load_game(1));
    again_stored.settings = key + " again";
    reviews.store_review(again_stored);
    CHECK(reviews.count_reviews(key + " again") == 1);
    CHECK(reviews.load_review(1, key + " again")->seats == stored->seats);
    answers.store_lesson_answer({"Ann", "sure-tricks", 1, "5", 1, 2, false, ""});
    CHECK(answers.lesson_answers("Ann").size() == 3);

    // Opened again, as the next program run does: nothing is migrated twice.
    Library again(dir.db);
    CHECK(again.migration_backup().empty());
    CHECK(ReviewStore(again).count_reviews(key) == 1);
    CHECK(ReviewStore(again).count_reviews(key + " again") == 1);
    CHECK(LessonAnswerStore(again).lesson_answers("Ann").size() == 3);
}

TEST_CASE("merging libraries merges the analyzer's stores", "[library]") {
    testing::Workspace dir("spadework-stores");
    const std::string a = dir.file("a.sqlite");
    const std::string b = dir.file("b.sqlite");
    std::vector<RecordedGame> games = three_games();
    {
        Library lib(a);
        formats::ImportResult r = lib.import_games({games[0], games[1]}, "a.pb");
        StoredReview s;
        s.game = r.ids[1];
        s.settings = "k";
        s.json = "{}";
        for (int seat = 0; seat < 4; ++seat) s.seats[seat].seat = kAllSeats[seat];
        ReviewStore(lib).store_review(s);
        LessonAnswerStore(lib).store_lesson_answer({"Ann", "nil", 1, "nil", 0, 1, false, "t"});
    }
    {
        Library lib(b);
        lib.import_games({games[2], games[1]}, "b.pb");
    }
    formats::MergeResult m = formats::merge_libraries({a}, b, {}, library_stores());
    CHECK(m.games_added == 1);
    CHECK(m.games_already_there == 1);
    CHECK(m.store("reviews").added == 1);
    CHECK(m.store("lesson_answers").added == 1);
    Library lib(b);
    // Game 2 of a is game 2 of b: its review follows it.
    CHECK(ReviewStore(lib).load_review(2, "k").has_value());
    CHECK(LessonAnswerStore(lib).lesson_answers("Ann").size() == 1);

    // Again: nothing added, everything there already.
    m = formats::merge_libraries({a}, b, {}, library_stores());
    CHECK(m.store("reviews").added == 0);
    CHECK(m.store("reviews").already_there == 1);
    CHECK(m.store("lesson_answers").already_there == 1);
}

namespace {

// A kept game's state: Ann and Carol against Bob and Dee, North dealing, and `entries`.
std::string kept_state(const std::string& event, const std::vector<KeeperEntry>& entries) {
    KeeperSetup setup;
    setup.players = {"Ann", "Bob", "Carol", "Dee"};
    setup.event = event;
    setup.date = "2026.11.26";
    return keeper_state_json(setup, entries);
}

// E 3, S 4, W nil, N 2; then E 4, S 3, W 0, N 6: one hand, N-S 63 (6 made with 9, three
// bags), E-W 131 (3 made with 4, a bag; W's nil made).
std::vector<KeeperEntry> one_hand() {
    using K = KeeperEntry::Kind;
    const int e = index(Seat::East);
    const int s = index(Seat::South);
    const int w = index(Seat::West);
    const int n = index(Seat::North);
    return {{K::Bid, e, Bid::tricks(3), 0}, {K::Bid, s, Bid::tricks(4), 0},
            {K::Bid, w, Bid::nil(), 0},     {K::Bid, n, Bid::tricks(2), 0},
            {K::SeatTricks, e, Bid(), 4},   {K::SeatTricks, s, Bid(), 3},
            {K::SeatTricks, w, Bid(), 0},   {K::SeatTricks, n, Bid(), 6}};
}

}  // namespace

TEST_CASE("the score keeper's games under way are a store: listed, merged once", "[library]") {
    testing::Workspace dir("spadework-stores");
    const std::string a = dir.file("a.sqlite");
    const std::string b = dir.file("b.sqlite");
    std::int64_t evening = 0;
    {
        Library lib(a);
        KeeperStore store(lib);
        evening = store.add(kept_state("Thursday", one_hand()));
        store.add(kept_state("Friday", {}));
        const std::vector<KeptGame> kept = store.kept_games();
        REQUIRE(kept.size() == 2);
        CHECK(kept[0].setup.event == "Friday");  // newest first
        CHECK(kept[1].id == evening);
        CHECK(kept[1].hands == 1);
        CHECK(kept[1].score == std::array<int, 2>{63, 131});
        CHECK_FALSE(kept[1].over);
        CHECK(kept[1].problem.empty());
    }
    {
        Library lib(b);
        lib.import_games({three_games()[0]}, "b.pb");
        KeeperStore(lib).add(kept_state("Saturday", {}));
    }
    // Listed once among the library's stores, so a merge carries it.
    int listed = 0;
    for (const formats::StoreSchema& s : library_stores()) listed += s.name == "score_keeper";
    CHECK(listed == 1);
    formats::MergeResult m = formats::merge_libraries({a}, b, {}, library_stores());
    CHECK(m.store("score_keeper").added == 2);
    CHECK(count_store_rows("score_keeper", 2) == "2 games under way");
    CHECK(count_store_rows("reviews", 1) == "1 review");
    m = formats::merge_libraries({a}, b, {}, library_stores());
    CHECK(m.store("score_keeper").added == 0);
    CHECK(m.store("score_keeper").already_there == 2);
    Library lib(b);
    const std::vector<KeptGame> merged = KeeperStore(lib).kept_games();
    REQUIRE(merged.size() == 3);
    // Numbered after b's own, in a's order; newest first.
    CHECK(merged[0].setup.event == "Friday");
    CHECK(merged[1].setup.event == "Thursday");
    CHECK(merged[1].hands == 1);
    CHECK(merged[2].setup.event == "Saturday");
}

TEST_CASE("a library of the keeper's first version keeps its games, without a game's id",
          "[library]") {
    testing::Workspace dir("spadework-stores");
    {
        Library lib(dir.db);
        // As version 1 made it and wrote a game under way and one it linked to game 7 once
        // imported.
        formats::StoreSchema v1 = keeper_store_schema();
        v1.migrations.resize(1);
        lib.open_store(v1);
        const std::string under_way = kept_state("Thursday", one_hand());
        formats::Statement st(lib.database(),
                              "INSERT INTO keeper_games (created, updated, state, game_id) "
                              "VALUES ('t', 't', ?1, ?2)");
        st.bind(1, under_way);
        st.bind_null(2);
        st.run();
        st.bind(1, under_way);
        st.bind(2, 7);
        st.run();
    }
    Library lib(dir.db);
    KeeperStore store(lib);
    CHECK(store.kept_games().size() == 2);
    formats::Statement cols(lib.database(),
                            "SELECT count(*) FROM pragma_table_info('keeper_games') "
                            "WHERE name = 'game_id'");
    REQUIRE(cols.step());
    CHECK(cols.integer(0) == 0);
}

// A partnership's tricks are kept under "N-S" or "E-W". Any other label (a row another program
// wrote, or broke) is refused with the library and the game named, never taken for E-W.
TEST_CASE("a kept game with a partnership the keeper does not know is refused and not guessed",
          "[library]") {
    testing::Workspace dir("spadework-stores");
    using K = KeeperEntry::Kind;
    std::vector<KeeperEntry> entries = one_hand();
    entries.resize(4);  // the bids
    entries.push_back({K::TeamTricks, 0, Bid(), 9});
    entries.push_back({K::TeamTricks, 1, Bid(), 4});
    entries.push_back({K::SeatTricks, index(Seat::West), Bid(), 0});  // W's nil
    const std::string good = kept_state("Thursday", entries);
    REQUIRE(good.find("\"N-S\"") != std::string::npos);
    Library lib(dir.db);
    KeeperStore store(lib);
    const std::int64_t fine = store.add(good);
    std::string bad = good;
    bad.replace(bad.find("\"N-S\""), 5, "\"NS\"");
    const std::int64_t broken = store.add(bad);

    KeeperSetup setup;
    std::vector<KeeperEntry> read;
    REQUIRE(store.read(fine, setup, read));
    CHECK(read == entries);
    const std::string place = lib.database().path() + ", kept game #" + std::to_string(broken);
    const std::string why =
        place + " cannot be read: entry 5: the partnership 'NS' is neither N-S nor E-W";
    CHECK_THROWS_WITH(store.read(broken, setup, read), why);
    CHECK_FALSE(store.read(broken + 1, setup, read));  // no such row

    // Listed with the reason, the score of no hand given to either side.
    const std::vector<KeptGame> kept = store.kept_games();
    REQUIRE(kept.size() == 2);
    CHECK(kept[0].id == broken);
    CHECK(kept[0].problem == why);
    CHECK(kept[0].hands == 0);
    CHECK(kept[1].problem.empty());
    CHECK(kept[1].hands == 1);

    // A label of another case, or a seat, is no partnership either.
    for (const char* label : {"n-s", "N", "ew", ""}) {
        std::string other = good;
        other.replace(other.find("\"E-W\""), 5, std::string("\"") + label + "\"");
        INFO(label);
        CHECK_THROWS_WITH(read_keeper_state(other, setup, read),
                          std::string("cannot be read: entry 6: the partnership '") + label +
                              "' is neither N-S nor E-W");
    }
}
