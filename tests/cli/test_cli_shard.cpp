// Analysing a library in parts, as a cluster would: `analyze --all --shard K/N` in place or
// with `--out` into libraries of their own, then `spadework merge`; the result must be the
// unsharded run's. Also `analyze --only bids|play`, shards writing into one library at once,
// and the errors of both commands.
#include <sqlite3.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "spadework/analyzer/library_stores.h"
#include "spadework/analyzer/review.h"
#include "spadework/analyzer/simple_bot.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "spadework/formats/proto_io.h"
#include "support/run_command.h"
#include "support/workspace.h"

using namespace spadework;
using spadework::testing::contains;
using spadework::testing::run;
using spadework::testing::run_json;
using spadework::testing::run_ok;
using spadework::testing::RunResult;
using spadework::testing::Workspace;
namespace fs = std::filesystem;

namespace {

constexpr int kGames = 6;
constexpr int kShards = 3;

// Bot games of one hand each, so that a review takes a moment.
fs::path write_games(const Workspace& ws, int games, std::uint64_t seed) {
    SplitMix64 rng(seed);
    std::vector<RecordedGame> out;
    for (int g = 0; g < games; ++g) {
        RecordedGame game = analyzer::play_game(preset("classic"), rng);
        game.hands.resize(1);
        game.players = {"Ann", "Ben", "Cat", "Dan"};
        game.date = "2026.11." + std::to_string(10 + g);
        out.push_back(std::move(game));
    }
    fs::path file = ws.dir / "games.spades";
    formats::write_game_file(file, out);
    return file;
}

// The settings the tests analyse with: one layout per bid, the bids only (the play review
// is the slow part, and the parts are independent).
const std::vector<std::string> kSettings = {"--samples", "1", "--only", "bids"};

std::string settings_key() {
    analyzer::ReviewSettings s;
    s.samples = 1;
    s.parts = analyzer::ReviewParts::Bids;
    return s.key();
}

std::vector<std::string> args(std::vector<std::string> a, const std::vector<std::string>& more) {
    a.insert(a.end(), more.begin(), more.end());
    return a;
}

// A review's JSON without the times it took, which differ from run to run.
nlohmann::json untimed(const std::string& text) {
    nlohmann::json j = nlohmann::json::parse(text);
    j.erase("seconds");
    for (auto& h : j["hands"]) {
        h.erase("bid_seconds");
        if (h.contains("play")) h["play"].erase("seconds");
    }
    return j;
}

// Each game of a library by its content (its encoded record), with its review under the
// tests' settings (null when it has none) and its library row.
struct Content {
    nlohmann::json review;
    formats::GameSummary summary;
};
std::map<std::string, Content> by_content(const std::string& db) {
    formats::Library lib(db);
    std::map<std::string, Content> out;
    for (const formats::GameSummary& g : lib.list_games()) {
        std::string record = formats::encode_game(lib.load_game(g.id));
        REQUIRE(!out.contains(record));  // no game stored twice
        std::optional<analyzer::StoredReview> r =
            analyzer::ReviewStore(lib).load_review(g.id, settings_key());
        formats::GameSummary summary = g;
        summary.id = 0;  // ids differ from library to library
        out[record] = {r ? untimed(r->json) : nlohmann::json(), summary};
    }
    return out;
}

}  // namespace

TEST_CASE("analyze --all --shard with --out then merge gives the unsharded result", "[cli-shard]") {
    Workspace ws("spadework-cli-shard");
    fs::path games = write_games(ws, kGames, 41);
    const std::string full = ws.file("full.sqlite");
    const std::string source = ws.file("source.sqlite");
    run_ok({"import", games.string(), "--db", full});
    run_ok({"import", games.string(), "--db", source});
    run_ok(args({"analyze", "--all", "--db", full}, kSettings));

    // Three shards, each into a library of its own; the source is only read.
    std::set<std::string> seen;
    std::size_t total = 0;
    std::map<std::string, formats::GameId> source_id;
    {
        formats::Library lib(source);
        for (const formats::GameSummary& g : lib.list_games()) {
            source_id[formats::encode_game(lib.load_game(g.id))] = g.id;
        }
    }
    std::vector<std::string> shards;
    for (int k = 0; k < kShards; ++k) {
        shards.push_back(ws.file("shard-" + std::to_string(k) + ".sqlite"));
        std::string out = run_ok(args({"analyze", "--all", "--shard", std::to_string(k) + "/3",
                                       "--out", shards.back(), "--db", source},
                                      kSettings));
        CHECK(contains(out, "games of shard " + std::to_string(k) + "/3 of " + source));
        std::map<std::string, Content> shard = by_content(shards.back());
        for (const auto& [record, content] : shard) {
            // Disjoint, by game id modulo 3, with a review and the source's library row.
            CHECK(seen.insert(record).second);
            REQUIRE(source_id.contains(record));
            CHECK(source_id[record] % kShards == k);
            CHECK(!content.review.is_null());
            CHECK(content.summary.source == games.string());
        }
        total += shard.size();
    }
    CHECK(total == static_cast<std::size_t>(kGames));  // they cover every game
    {
        formats::Library lib(source);
        CHECK(analyzer::ReviewStore(lib).count_reviews(settings_key()) == 0);
    }

    // Merged, they are the unsharded run: the same games, rows and reviews.
    const std::string merged = ws.file("merged.sqlite");
    std::string out = run_ok(args({"merge"}, args(shards, {"--into", merged})));
    CHECK(contains(out, "Merged 3 libraries into " + merged +
                            ": 6 games added (0 there "
                            "already), 6 reviews added (0 there already)"));
    std::map<std::string, Content> expected = by_content(full);
    std::map<std::string, Content> got = by_content(merged);
    REQUIRE(got.size() == expected.size());
    for (const auto& [record, content] : expected) {
        REQUIRE(got.contains(record));
        CHECK(got[record].review == content.review);
        CHECK(got[record].summary.source == content.summary.source);
        CHECK(got[record].summary.players == content.summary.players);
        CHECK(got[record].summary.date == content.summary.date);
        CHECK(got[record].summary.score == content.summary.score);
    }
    {
        formats::Library a(full);
        formats::Library b(merged);
        CHECK(b.count_hands() == a.count_hands());
        CHECK(analyzer::ReviewStore(b).player_trend("Ann", settings_key()).size() == kGames);
    }

    // Merging again, or the unsharded library, adds nothing.
    out = run_ok(args({"merge"}, args(shards, {"--into", merged})));
    CHECK(contains(out, "0 games added (6 there already), 0 reviews added (6 there already)"));
    out = run_ok({"merge", full, "--into", merged});
    CHECK(contains(out, "0 games added (6 there already), 0 reviews added (6 there already)"));
    CHECK(by_content(merged).size() == static_cast<std::size_t>(kGames));
}

TEST_CASE("analyze --all --shard in place reviews only its part and shards may share an --out",
          "[cli-shard]") {
    Workspace ws("spadework-cli-shard");
    fs::path games = write_games(ws, kGames, 43);
    run_ok(ws.with_db({"import", games.string()}));

    // In place: shard 1/3 reviews the games whose id modulo 3 is 1, and only those.
    std::string out = run_ok(args(ws.with_db({"analyze", "--all", "--shard", "1/3"}), kSettings));
    CHECK(contains(out, "Analysed 2 games of shard 1/3 of " + ws.db));
    {
        formats::Library lib(ws.db);
        for (const formats::GameSummary& g : lib.list_games()) {
            CHECK(analyzer::ReviewStore(lib).load_review(g.id, settings_key()).has_value() ==
                  (g.id % 3 == 1));
        }
    }
    out = run_ok(args(ws.with_db({"analyze", "--all", "--shard", "1/3"}), kSettings));
    CHECK(contains(out, "All games of shard 1/3 of " + ws.db + " are analysed already."));

    // Three shards at once into one library: every game once, every review; the reviews
    // already in the source (shard 1's) are copied, not computed again.
    const std::string shared = ws.file("shared.sqlite");
    std::vector<pid_t> pids;
    for (int k = 0; k < kShards; ++k) {
        std::vector<std::string> argv =
            args({SPADEWORK_EXE, "analyze", "--all", "--shard", std::to_string(k) + "/3", "--out",
                  shared, "--db", ws.db, "--threads", "1"},
                 kSettings);
        pids.push_back(spadework::testing::spawn_process(SPADEWORK_EXE, argv,
                                                         ws.file("out-" + std::to_string(k)),
                                                         ws.file("err-" + std::to_string(k))));
    }
    for (int k = 0; k < kShards; ++k) {
        INFO(spadework::testing::slurp(ws.file("err-" + std::to_string(k))));
        CHECK(spadework::testing::wait_process(pids[k]) == 0);
    }
    CHECK(contains(spadework::testing::slurp(ws.file("out-1")), "Copied 2 games of shard 1/3"));
    CHECK(contains(spadework::testing::slurp(ws.file("out-1")), "with 2 reviews"));
    std::map<std::string, Content> got = by_content(shared);
    CHECK(got.size() == static_cast<std::size_t>(kGames));
    for (const auto& [record, content] : got) CHECK(!content.review.is_null());
}

TEST_CASE("analyze --only reviews one part of each hand and stores it apart", "[cli-shard]") {
    Workspace ws("spadework-cli-shard");
    fs::path games = write_games(ws, 1, 47);
    run_ok(ws.with_db({"import", games.string()}));

    nlohmann::json bids =
        run_json(ws.with_db({"analyze", "1", "--samples", "1", "--only", "bids"}));
    CHECK(contains(bids["settings"].get<std::string>(), " only=bids"));
    REQUIRE(bids["hands"].size() == 1);
    CHECK(bids["hands"][0]["bids"].size() == 4);
    CHECK(!bids["hands"][0].contains("play"));

    nlohmann::json play =
        run_json(ws.with_db({"analyze", "1", "--samples", "1", "--only", "play"}));
    CHECK(contains(play["settings"].get<std::string>(), " only=play"));
    CHECK(play["hands"][0]["bids"].empty());
    REQUIRE(play["hands"][0].contains("play"));
    CHECK(play["hands"][0]["play"]["cards"].size() == 52);

    // Each is kept under its own key, beside (not instead of) the other.
    formats::Library lib(ws.db);
    CHECK(analyzer::ReviewStore(lib).count_reviews(bids["settings"].get<std::string>()) == 1);
    CHECK(analyzer::ReviewStore(lib).count_reviews(play["settings"].get<std::string>()) == 1);
    CHECK(bids["settings"] != play["settings"]);
    // The stored review comes back as it was.
    CHECK(run_json(ws.with_db({"analyze", "1", "--samples", "1", "--only", "bids"})) == bids);
}

TEST_CASE("analyze --only and --shard refuse bad values as usage errors", "[cli-shard]") {
    Workspace ws("spadework-cli-shard");
    auto usage = [&](std::vector<std::string> a, const std::string& message) {
        RunResult r = run(ws.with_db(std::move(a)));
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(contains(r.err, message));
    };
    usage({"analyze", "1", "--only", "cards"}, "--only: 'cards' is neither bids nor play");
    usage({"analyze", "1", "--only", "both"}, "--only: 'both' is neither bids nor play");
    const std::string shard_message = "is not K/N with 0 <= K < N (K counts from 0)";
    usage({"analyze", "--all", "--shard", "3/3"}, "--shard: '3/3' " + shard_message);
    usage({"analyze", "--all", "--shard", "1"}, "--shard: '1' " + shard_message);
    usage({"analyze", "--all", "--shard", "0/0"}, "--shard: '0/0' " + shard_message);
    usage({"analyze", "--all", "--shard", "-1/3"}, "--shard: '-1/3' " + shard_message);
    usage({"analyze", "--all", "--shard", "1/x"}, "--shard: '1/x' " + shard_message);
    usage({"analyze", "1", "--shard", "0/2"}, "--shard requires --all");
    usage({"analyze", "1", "--out", ws.file("out.sqlite")}, "--out requires --all");
    CHECK(!fs::exists(ws.db));
}

TEST_CASE("merge refuses a bad input library by name and writes nothing", "[cli-shard]") {
    Workspace ws("spadework-cli-shard");
    fs::path games = write_games(ws, 2, 53);
    const std::string good = ws.file("good.sqlite");
    const std::string into = ws.file("into.sqlite");
    run_ok({"import", games.string(), "--db", good});
    // The target holds the same games the other way round, so their ids differ.
    std::vector<RecordedGame> reversed = formats::read_game_file(games);
    std::reverse(reversed.begin(), reversed.end());
    fs::path reversed_file = ws.dir / "reversed.spades";
    formats::write_game_file(reversed_file, reversed);
    run_ok({"import", reversed_file.string(), "--db", into});
    run_ok({"analyze", "1", "--samples", "1", "--only", "bids", "--db", good});

    auto bad_input = [&](const std::string& bad, const std::string& message) {
        RunResult r = run({"merge", good, bad, "--into", into});
        INFO(r.err);
        CHECK(r.status == 1);
        CHECK(contains(r.err, "spadework: " + bad + ": " + message));
        formats::Library lib(into);
        CHECK(lib.count_games() == 2);
        CHECK(analyzer::ReviewStore(lib).count_reviews(settings_key()) ==
              0);  // not even good's review went in
    };
    const std::string text = ws.file("notes.sqlite");
    std::ofstream(text) << "not a library\n";
    bad_input(text, "not a Spadework library: the file is not a SQLite database");
    bad_input(ws.file("missing.sqlite"), "no such library");
    CHECK(!fs::exists(ws.file("missing.sqlite")));
    const std::string newer = ws.file("newer.sqlite");
    run_ok({"import", games.string(), "--db", newer});
    {
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open(newer.c_str(), &db) == SQLITE_OK);
        CHECK(sqlite3_exec(db, "PRAGMA user_version = 99", nullptr, nullptr, nullptr) == SQLITE_OK);
        sqlite3_close(db);
    }
    bad_input(newer, "the library has schema version 99, newer than this Spadework reads");
    bad_input(into,
              "it is the library merged into (--into): a library cannot be merged into itself");
    // Found only while merging, after good's review was written: all of it is undone.
    const std::string damaged = ws.file("damaged.sqlite");
    run_ok({"import", games.string(), "--db", damaged});
    {
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open(damaged.c_str(), &db) == SQLITE_OK);
        CHECK(sqlite3_exec(db, "UPDATE games SET hash = hash + 1 WHERE id = 2", nullptr, nullptr,
                           nullptr) == SQLITE_OK);
        sqlite3_close(db);
    }
    bad_input(damaged, "damaged library: the hash of game 2 does not match its record");

    RunResult r = run({"merge", good});
    CHECK(r.status == 2);
    CHECK(contains(r.err, "--into is required"));
    // The good one alone merges: its review joins the game already there, and its lesson
    // answers come along; once.
    {
        formats::Library lib(good);
        analyzer::LessonAnswerStore(lib).store_lesson_answer(
            {"Eve", "sure-tricks", 1, "4", -10, 0, false, ""});
        analyzer::LessonAnswerStore(lib).store_lesson_answer(
            {"Eve", "sure-tricks", 1, "3", 0, 0, true, ""});
    }
    std::string out = run_ok({"merge", good, "--into", into});
    CHECK(contains(out,
                   "0 games added (2 there already), 1 review added (0 there already), "
                   "2 lesson answers added (0 there already)"));
    out = run_ok({"merge", good, "--into", into});
    CHECK(contains(out,
                   "0 reviews added (1 there already), 0 lesson answers added (2 there "
                   "already)"));
    formats::Library lib(into);
    std::vector<analyzer::LessonAnswerRecord> answers =
        analyzer::LessonAnswerStore(lib).lesson_answers("Eve");
    REQUIRE(answers.size() == 2);
    CHECK(answers[0] ==
          analyzer::LessonAnswerStore(formats::Library(good)).lesson_answers("Eve")[0]);
    CHECK(answers[1].answer == "3");
    // The review of good's game 1 is now the review of the target's game 2, the same game.
    formats::Library source(good);
    REQUIRE(formats::encode_game(lib.load_game(2)) == formats::encode_game(source.load_game(1)));
    std::optional<analyzer::StoredReview> merged =
        analyzer::ReviewStore(lib).load_review(2, settings_key());
    REQUIRE(merged);
    CHECK(merged->json == analyzer::ReviewStore(source).load_review(1, settings_key())->json);
    CHECK(merged->seats == analyzer::ReviewStore(source).load_review(1, settings_key())->seats);
    CHECK(!analyzer::ReviewStore(lib).load_review(1, settings_key()));
}
