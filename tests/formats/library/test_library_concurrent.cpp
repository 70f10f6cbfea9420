// One library, many connections at once, as when the viewer is open while `spadework import`
// and `spadework analyze --all` write: writers take turns, readers never fail and never see
// half a transaction, and a writer outwaits a lock held longer than the busy timeout. The
// reviews are the analyzer's store, written through the library's connection as any store is.
#include <sqlite3.h>
#include <stdlib.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "spadework/analyzer/library_stores.h"
#include "spadework/formats/error.h"
#include "spadework/formats/library.h"
#include "support/test_games.h"
#include "support/workspace.h"

using namespace spadework;
using namespace spadework::formats;
using analyzer::ReviewStore;
using analyzer::StoredReview;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

using TempDir = spadework::testing::Workspace;

RecordedGame game_number(int n) {
    RecordedGame g = testing::first_legal_game(preset("classic"), 2, 1000 + 7 * n);
    g.table = std::to_string(n);
    return g;
}

StoredReview review_of(GameId game, const std::string& settings) {
    StoredReview r;
    r.game = game;
    r.settings = settings;
    r.version = "test";
    r.json = "{\"game\": " + std::to_string(game) + "}";
    for (int s = 0; s < 4; ++s) {
        r.seats[s].seat = kAllSeats[s];
        r.seats[s].cards = 13;
    }
    return r;
}

// The first failure of any thread, for the test to report.
struct Failures {
    std::mutex mutex;
    std::vector<std::string> what;
    template <typename F>
    void guard(F body) {
        try {
            body();
        } catch (const std::exception& e) {
            std::lock_guard lock(mutex);
            what.push_back(e.what());
        }
    }
};

}  // namespace

TEST_CASE("an importer and a reviewer write while a reader reads and nothing fails",
          "[library][sharing]") {
    TempDir dir("spadework-sharing");
    const fs::path path = dir.file("library.sqlite");
    constexpr int kFirst = 10;
    constexpr int kBatches = 30;
    constexpr int kBatch = 3;
    {
        Library lib(path);
        std::vector<RecordedGame> first;
        for (int i = 0; i < kFirst; ++i) first.push_back(game_number(i));
        lib.import_games(first, "first.pb");
    }
    Failures failures;
    std::atomic<int> writers_left = 2;

    std::thread importer([&] {
        failures.guard([&] {
            Library lib(path);
            for (int b = 0; b < kBatches; ++b) {
                std::vector<RecordedGame> batch;
                for (int i = 0; i < kBatch; ++i)
                    batch.push_back(game_number(kFirst + b * kBatch + i));
                lib.import_games(batch, "batch" + std::to_string(b) + ".pb");
            }
        });
        --writers_left;
    });
    std::thread reviewer([&] {
        failures.guard([&] {
            Library lib(path);
            ReviewStore reviews(lib);
            for (int round = 0; round < 20; ++round) {
                for (GameId id = 1; id <= kFirst; ++id) {
                    reviews.store_review(review_of(id, "round " + std::to_string(round % 4)));
                }
            }
        });
        --writers_left;
    });
    // Another program checkpointing the WAL now and then, as SQLite does after commits.
    std::atomic<bool> stop = false;
    std::thread checkpointer([&] {
        sqlite3* db = nullptr;
        sqlite3_open(path.c_str(), &db);
        while (!stop) {
            sqlite3_wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
            std::this_thread::sleep_for(std::chrono::milliseconds(3));
        }
        sqlite3_close(db);
    });

    int reads = 0;
    int last_count = 0;
    std::int64_t versions_seen = 0;
    failures.guard([&] {
        Library reader(path);
        std::int64_t version = reader.data_version();
        while (writers_left > 0) {
            int count = reader.count_games();
            // Whole batches only, and never fewer than before.
            CHECK((count - kFirst) % kBatch == 0);
            CHECK(count >= last_count);
            last_count = count;
            std::vector<GameSummary> games = reader.list_games();
            CHECK(static_cast<int>(games.size()) >= count);
            CHECK(reader.load_game(games.back().id).table == games.back().table);
            ReviewStore(reader).count_reviews("round 1");
            std::int64_t now = reader.data_version();
            if (now != version) ++versions_seen;
            version = now;
            ++reads;
        }
    });
    importer.join();
    reviewer.join();
    stop = true;
    checkpointer.join();

    INFO((failures.what.empty() ? "" : failures.what.front()));
    CHECK(failures.what.empty());
    CHECK(reads > 0);
    CHECK(versions_seen > 0);  // the reader was told of the others' commits
    Library lib(path);
    CHECK(lib.count_games() == kFirst + kBatches * kBatch);
    for (int r = 0; r < 4; ++r)
        CHECK(ReviewStore(lib).count_reviews("round " + std::to_string(r)) == kFirst);
}

TEST_CASE("a writer outwaits a lock held longer than the busy timeout", "[library][sharing]") {
    TempDir dir("spadework-sharing");
    const fs::path path = dir.file("library.sqlite");
    Library lib(path);
    lib.import_games({game_number(1)}, "one.pb");
    Library reader(path);

    // Another program takes the write lock and keeps it for 6 seconds after the reader has
    // read: past SQLite's busy timeout (5 s), within the library's patience. Events, not the
    // clock, say who waited for whom: a reader that waited for the lock would see it released.
    sqlite3* other = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &other) == SQLITE_OK);
    REQUIRE(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) == SQLITE_OK);
    std::mutex m;
    std::condition_variable cv;
    bool read = false;
    std::atomic<bool> releasing{false};
    std::thread release([&] {
        {
            std::unique_lock lock(m);
            // A reader blocked on the lock never reads: release it after a minute, and the
            // check below fails rather than the test hanging.
            cv.wait_for(lock, std::chrono::minutes(1), [&] { return read; });
        }
        std::this_thread::sleep_for(std::chrono::seconds(6));
        releasing = true;  // before the commit: nobody gets the lock before this is set
        sqlite3_exec(other, "COMMIT", nullptr, nullptr, nullptr);
    });
    // Readers do not wait for a writer.
    CHECK(reader.count_games() == 1);
    CHECK_FALSE(releasing);
    const auto held = Clock::now();
    {
        std::lock_guard lock(m);
        read = true;
    }
    cv.notify_one();

    // The writer returns once the other program has committed, 6 s on.
    CHECK_NOTHROW(ReviewStore(lib).store_review(review_of(1, "s")));
    CHECK(releasing);
    CHECK(Clock::now() - held >= std::chrono::seconds(6));
    CHECK_NOTHROW(lib.import_games({game_number(2)}, "two.pb"));
    release.join();
    sqlite3_close(other);
    CHECK(ReviewStore(reader).count_reviews("s") == 1);
    CHECK(reader.count_games() == 2);
}
