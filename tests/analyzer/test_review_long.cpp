// The review of a game or a batch of games on any number of workers, long cases
// (tests/CMakeLists.txt): whole reviews of bot games, run again on each number of workers to
// compare them with one. The sanitizers check the same code on the shorter cases of
// test_review.cpp and the other reviews' tests; the normal build runs these.
#include <catch2/catch.hpp>
#include <exception>
#include <string>
#include <vector>

#include "review_helpers.h"
#include "spadework/analyzer/review.h"
#include "spadework/analyzer/simple_bot.h"

using namespace spadework;
using namespace spadework::analyzer;
using namespace spadework::testing;

TEST_CASE("a game's review is the same on one worker or several, and parts are apart", "[review]") {
    // Three hands of a bot game: the hands' bids and play are shared among the workers.
    SplitMix64 rng(5);
    RecordedGame game = play_game(preset("classic"), rng, Seat::North, 3);
    REQUIRE(game.hands.size() == 3);
    ReviewSettings s;
    s.samples = 2;
    s.threads = 1;
    GameReview one = review_game(game, s);
    const std::string text = format_review(one, game);
    for (int threads : {2, 3, 0}) {
        s.threads = threads;
        GameReview many = review_game(game, s);
        CHECK(format_review(many, game) == text);
        CHECK(many.seats == one.seats);
        CHECK(many.bid_flags == one.bid_flags);
    }

    // Only the bids, or only the play: the other part is left empty, and says so.
    s.threads = 2;
    s.parts = ReviewParts::Bids;
    GameReview bids = review_game(game, s);
    CHECK(bids.parts == ReviewParts::Bids);
    CHECK(bids.settings_key != one.settings_key);
    for (std::size_t h = 0; h < 3; ++h) {
        CHECK_FALSE(bids.hands[h].play);
        CHECK(bids.hands[h].bidding.bids.size() == one.hands[h].bidding.bids.size());
    }
    CHECK(bids.bid_flags == one.bid_flags);
    CHECK(format_review(bids, game).find("Play not reviewed") != std::string::npos);
    s.parts = ReviewParts::Play;
    GameReview play = review_game(game, s);
    for (std::size_t h = 0; h < 3; ++h) {
        CHECK(play.hands[h].bidding.bids.empty());
        REQUIRE(play.hands[h].play);
        CHECK(play.hands[h].play->cards == one.hands[h].play->cards);
    }
    CHECK(play.seats == one.seats);
    CHECK(format_review(play, game).find("Bids not reviewed") != std::string::npos);
    // What was reviewed survives the JSON.
    CHECK(review_from_json(review_to_json(play, game)).parts == ReviewParts::Play);
}

TEST_CASE("a batch's reviews are the same on one worker or several, and a bad game fails alone",
          "[review]") {
    std::vector<RecordedGame> good = games_of_hands(3, 2, 3);
    // The batch: three good games (seeded for reviews of a second or less), one that breaks a
    // rule (a bid of 14) and one that cannot be loaded.
    RecordedGame illegal = good[1];
    illegal.hands[0].bids[1] = Bid::tricks(14);
    const std::vector<int> which = {0, -1, 1, -2, 2};  // -1: illegal, -2: not loaded
    GameLoader load = [&](int i) {
        if (which[i] == -2) throw Error("no such game");
        return which[i] == -1 ? illegal : good[which[i]];
    };
    ReviewSettings s;
    s.samples = 1;
    s.threads = 1;
    std::vector<std::string> expected;
    std::vector<GameReview> alone;
    for (const RecordedGame& g : good) {
        alone.push_back(review_game(g, s));
        expected.push_back(format_review(alone.back(), g));
    }
    for (int threads : {1, 2, 3}) {
        INFO("threads " << threads);
        s.threads = threads;
        std::vector<int> done(which.size(), 0);
        std::vector<std::string> errors(which.size());
        review_games(static_cast<int>(which.size()), load, s, [&](BatchGame& g) {
            ++done[g.index];
            if (g.error) {
                CHECK_FALSE(g.review);
                try {
                    std::rethrow_exception(g.error);
                } catch (const Error& e) {
                    errors[g.index] = e.what();
                }
                return;
            }
            REQUIRE(g.review);
            REQUIRE(g.game);
            const int k = which[g.index];
            CHECK(*g.game == good[k]);
            CHECK(format_review(*g.review, *g.game) == expected[k]);
            CHECK(g.review->seats == alone[k].seats);
            CHECK(g.review->bid_flags == alone[k].bid_flags);
            CHECK(g.review->settings_key == alone[k].settings_key);
            for (std::size_t h = 0; h < g.review->hands.size(); ++h) {
                REQUIRE(g.review->hands[h].play);
                CHECK(g.review->hands[h].play->cards == alone[k].hands[h].play->cards);
            }
        });
        // Every game handed over once; the two bad ones with their own errors.
        CHECK(done == std::vector<int>(which.size(), 1));
        CHECK(errors[1] == "S bids 14: bid 14 is out of range: bids are nil or 1..13");
        CHECK(errors[3] == "no such game");
        for (int i : {0, 2, 4}) CHECK(errors[i].empty());
    }
    // A single game's error is review_game's.
    CHECK_THROWS_AS(review_game(illegal, s), RecordError);
}
