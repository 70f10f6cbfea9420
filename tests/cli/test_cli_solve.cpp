// `spadework solve` as a user runs it: the JSON shape of each objective, answers that can be
// worked out by hand, and the errors for positions that cannot occur.
#include <catch2/catch.hpp>

#include "support/run_command.h"

using spadework::testing::contains;
using spadework::testing::run;
using spadework::testing::run_json;
using spadework::testing::run_ok;
using spadework::testing::RunResult;

namespace {

// North holds every spade, East every heart, South every diamond, West every club: whoever
// leads, North ruffs or leads spades and wins every trick.
const std::string kSuits = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";

// A real deal for answers that must agree with themselves.
const std::string kDeal = "N:Q5.K62.KQJT63.KJ A63.74.A7.AT7652 KJ82.JT9.984.843 T974.AQ853.52.Q9";

}  // namespace

TEST_CASE("solve gives the side its tricks and every card its value", "[cli-solve]") {
    auto j = run_json({"solve", "--deal", kSuits, "--leader", "E"});
    CHECK(j["objective"] == "tricks");
    CHECK(j["to_play"] == "E");
    CHECK(j["side"] == "EW");
    CHECK(j["total_tricks"] == 0);
    REQUIRE(j["cards"].size() == 13);
    CHECK(j["cards"][0]["card"] == "AH");
    for (auto& c : j["cards"]) CHECK(c["total_tricks"] == 0);

    // After E's heart, North to play ruffs: NS take all 13.
    j = run_json({"solve", "--deal", kSuits, "--leader", "E", "--played", "2H 2D 2C"});
    CHECK(j["to_play"] == "N");
    CHECK(j["side"] == "NS");
    CHECK(j["total_tricks"] == 13);
}

TEST_CASE("solve values agree with the best card on a real deal", "[cli-solve]") {
    auto j = run_json({"solve", "--deal", kDeal, "--leader", "E"});
    int best = 0;
    for (auto& c : j["cards"]) best = std::max(best, c["total_tricks"].get<int>());
    CHECK(j["total_tricks"] == best);
    // Spades are not broken: East may lead any of its ten other cards, but not A63 of spades.
    CHECK(j["cards"].size() == 10);
    for (auto& c : j["cards"]) CHECK(c["card"].get<std::string>().back() != 'S');
    // Mid-trick: the total counts for the side of the player to play.
    auto mid = run_json({"solve", "--deal", kDeal, "--leader", "E", "--played", "AD 4D"});
    CHECK(mid["to_play"] == "W");
    best = 0;
    for (auto& c : mid["cards"]) best = std::max(best, c["total_tricks"].get<int>());
    CHECK(mid["total_tricks"] == best);
    // West must follow diamonds with 5D or 2D.
    REQUIRE(mid["cards"].size() == 2);
}

TEST_CASE("solve keeps or breaks a nil", "[cli-solve]") {
    auto kept = run_json(
        {"solve", "--deal", kSuits, "--leader", "E", "--bids", "10,nil,1,1", "--objective", "nil"});
    CHECK(kept["nil_seat"] == "E");
    CHECK(kept["nil_kept"] == true);
    auto broken = run_json(
        {"solve", "--deal", kSuits, "--leader", "E", "--bids", "nil,3,3,3", "--objective", "nil"});
    CHECK(broken["nil_seat"] == "N");
    CHECK(broken["nil_kept"] == false);
    for (auto& c : broken["cards"]) CHECK(c["nil_kept"] == false);
}

TEST_CASE("solve scores the hand for the side to play", "[cli-solve]") {
    // N bids 13 and takes them all (+130), S's nil is kept (+100); E and W keep their nils
    // (+100 each): EW to play end 200 - 230 = -30 whatever they play.
    auto j = run_json({"solve", "--deal", kSuits, "--leader", "E", "--bids", "13,nil,nil,nil",
                       "--objective", "score"});
    CHECK(j["score"] == -30);
    for (auto& c : j["cards"]) CHECK(c["score"] == -30);
    // In words: behind, not "-30 points ahead"; the card list says what its figures are.
    const std::string text = run_ok({"solve", "--deal", kSuits, "--leader", "E", "--bids",
                                     "13,nil,nil,nil", "--objective", "score"});
    CHECK(contains(text, "EW end 30 points behind the opponents on this hand under best play"));
    CHECK(contains(text, "each card E can play, and the points EW end ahead (-: behind):"));
}

TEST_CASE("solve refuses positions that cannot occur", "[cli-solve]") {
    RunResult r = run({"solve", "--deal", "N:AKQ", "--leader", "E"});
    CHECK(r.status == 1);
    CHECK(contains(r.err, "--deal"));
    r = run({"solve", "--deal", kSuits, "--leader", "E", "--played", "2H 3H"});
    CHECK(r.status == 1);
    CHECK(contains(r.err, "--played, card 2 (3H): S does not hold 3H"));
    // An objective without what it needs is bad usage, as --objective score without --bids.
    r = run({"solve", "--deal", kSuits, "--leader", "E", "--objective", "nil"});
    CHECK(r.status == 2);
    CHECK(contains(r.err, "needs a nil bid"));
    r = run({"solve", "--deal", kSuits, "--leader", "E", "--objective", "best"});
    CHECK(r.status == 2);  // not an objective: bad usage
    CHECK(contains(r.err, "expected tricks, nil or score"));
}
