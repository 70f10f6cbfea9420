// What the reviews share: thresholds and flag classes, the settings file, the standings each
// hand began from, the JSON a review is stored as (everything written comes back), and a
// batch of reviews handed over as its steps end. The reviews of a game and of a batch of games
// on any number of workers are long cases, in test_review_long.cpp.
#include <algorithm>
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "review_helpers.h"
#include "spadework/analyzer/review.h"
#include "spadework/analyzer/simple_bot.h"
#include "spadework/engine/game.h"

using namespace spadework;
using namespace spadework::analyzer;
using namespace spadework::testing;

TEST_CASE("default thresholds follow each rule set's unit of points", "[review]") {
    Thresholds classic = default_thresholds(preset("classic"));
    CHECK(classic == Thresholds{1, 10, 50, 10});
    Thresholds paperless = default_thresholds(preset("paperless"));
    CHECK(paperless == Thresholds{1, 2, 3, 2});
    // Every preset's classes rise.
    for (const PresetInfo& p : presets()) {
        Thresholds t = default_thresholds(preset(p.name));
        CHECK(t.inaccuracy < t.mistake);
        CHECK(t.mistake < t.blunder);
    }
    CHECK(classify(0, classic) == FlagClass::None);
    CHECK(classify(1, classic) == FlagClass::Inaccuracy);
    CHECK(classify(9.5, classic) == FlagClass::Inaccuracy);
    CHECK(classify(10, classic) == FlagClass::Mistake);
    CHECK(classify(110, classic) == FlagClass::Blunder);
    CHECK(classify(2, paperless) == FlagClass::Mistake);
}

TEST_CASE("a settings file sets samples seed and thresholds and names its faults", "[review]") {
    ReviewSettings s = parse_settings(R"({"samples": 64, "seed": 9, "weight_by_bids": false,
        "thresholds": {"paperless": {"mistake": 3, "blunder": 5}, "house": {"bid": 4.5}}})",
                                      "s.json");
    CHECK(s.samples == 64);
    CHECK(s.seed == 9);
    CHECK_FALSE(s.weight_by_bids);
    // Keys not given keep the rule set's defaults.
    CHECK(s.thresholds_for(preset("paperless")) == Thresholds{1, 3, 5, 2});
    RuleSet house = preset("classic");
    house.name = "house";
    CHECK(s.thresholds_for(house) == Thresholds{1, 10, 50, 4.5});
    CHECK(s.thresholds_for(preset("classic")) == default_thresholds(preset("classic")));
    // The key changes with every setting that changes results, and not with threads.
    ReviewSettings a;
    ReviewSettings b = a;
    b.threads = 2;
    CHECK(a.key() == b.key());
    b.samples = 33;
    CHECK(a.key() != b.key());
    CHECK(s.key() != a.key());

    auto error_of = [](const std::string& text) {
        try {
            parse_settings(text, "bad.json");
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(error_of("{\n \"samples\": 0}") ==
          "bad.json:2:2: \"samples\" must be a whole number from 1 to 100000");
    CHECK(error_of("{\"samples\": 4,\n \"colour\": 1}") ==
          "bad.json:2:2: unknown setting \"colour\" (samples, batch, confidence, seed, "
          "weight_by_bids, grade, threads, "
          "table_megabytes, nil_node_budget, score_node_budget, thresholds, chance_thresholds)");
    CHECK(error_of("{\"grade\": \"tricks\"}") ==
          "bad.json:1:2: \"grade\" must be \"points\" or \"game\"");
    const ReviewSettings game = parse_settings("{\"grade\": \"game\"}", "s.json");
    CHECK(game.grade == Grade::Game);
    CHECK(game.key() != ReviewSettings{}.key());
    CHECK(error_of("{\"nil_node_budget\": 5}") ==
          "bad.json:1:2: \"nil_node_budget\" must be a whole number from 1000 to 100000000000");
    CHECK(error_of("{\"score_node_budget\": 5}") ==
          "bad.json:1:2: \"score_node_budget\" must be a whole number from 1000 to 100000000000");
    CHECK(parse_settings("{\"nil_node_budget\": 123456}", "s.json").nil_node_budget == 123456);
    const ReviewSettings score = parse_settings("{\"score_node_budget\": 654321}", "s.json");
    CHECK(score.score_node_budget == 654321);
    CHECK(score.nil_node_budget == ReviewSettings{}.nil_node_budget);
    CHECK(score.key() != ReviewSettings{}.key());
    CHECK(error_of("{\"thresholds\": {\"classic\": {\"mistake\": 100}}}") ==
          "bad.json:1:17: thresholds for \"classic\" must rise: inaccuracy <= mistake <= blunder");
    // The drops in the chance of winning that grade by the game: set, checked, in the key.
    const ReviewSettings strict = parse_settings(
        R"({"grade": "game", "chance_thresholds": {"inaccuracy": 0.02, "mistake": 0.08}})",
        "s.json");
    CHECK(strict.chance_thresholds.inaccuracy == 0.02);
    CHECK(strict.chance_thresholds.mistake == 0.08);
    CHECK(strict.chance_thresholds.blunder == ChanceThresholds{}.blunder);
    CHECK(classify_chance(0.03, strict.chance_thresholds) == FlagClass::Inaccuracy);
    CHECK(classify_chance(0.03, ChanceThresholds{}) == FlagClass::None);
    CHECK(strict.key() != game.key());
    CHECK(error_of("{\"chance_thresholds\": {\"mistake\": 5}}") ==
          "bad.json:1:24: \"mistake\" must be a drop in the chance of winning, above 0 and at "
          "most 1 (0.05 is 5 points of chance)");
    CHECK(error_of("{\"chance_thresholds\": {\"blunder\": 0.07}}") ==
          "bad.json:1:2: chance thresholds must rise: inaccuracy <= mistake <= blunder");
    CHECK(error_of("{\"chance_thresholds\": {\"bid\": 0.07}}") ==
          "bad.json:1:24: unknown chance threshold \"bid\" (inaccuracy, mistake, blunder)");
    CHECK(error_of("[1, 2]") == "bad.json:1:1: settings must be a JSON object");
    CHECK(error_of("{\"samples\": 4,,}").rfind("bad.json:1:15: not valid JSON", 0) == 0);
}

TEST_CASE("standings before each hand follow the game's own scoring", "[review]") {
    for (const char* name : {"classic", "paperless"}) {
        SplitMix64 rng(31);
        RecordedGame game = play_game(preset(name), rng);
        std::vector<Standings> before = standings_before_hands(game);
        REQUIRE(before.size() == game.hands.size());
        CHECK(before[0] == Standings{});
        Game tally(game.rules);
        for (std::size_t h = 0; h + 1 < game.hands.size(); ++h) {
            const HandRecord& r = tally.add_hand(replay_hand(game.rules, game.hands[h]).outcome());
            CHECK(before[h + 1] == (r.tie_to_overtime ? Standings{} : r.after));
        }
    }
}

namespace {

// The decisions of the review the JSON test writes and reads back, every field set.
BidDecision nil_decision() {
    BidDecision b;
    b.index = 2;
    b.seat = Seat::West;
    b.bid = Bid::nil();
    b.known = parse_cards("AS 2C 3D");
    b.samples = 8;
    b.tricks = std::vector<double>(14, 0.0);
    b.tricks[5] = 0.25;
    b.tricks[6] = 0.75;
    b.nil_kept = 0.5;
    b.effective_samples = 6.5;
    // The nil settled out after 4 of the 8 layouts.
    b.options = {{Bid::nil(), -12.5, 6.25, 0.5, 0.25, 0.03125, 4},
                 {Bid::tricks(1), 10.25, 2.5, 1, 0.375, 0.0625, 8}};
    b.best_chance = 0.375;
    b.played_chance = 0.25;
    b.chance_error = 0.046875;
    b.shortfall_error = 4.5;
    b.settled = true;
    b.good = {Bid::tricks(1), Bid::tricks(2)};
    b.best = Bid::tricks(1);
    b.best_expected = 10.25;
    b.played_expected = -12.5;
    b.flag = FlagClass::Mistake;
    return b;
}

PassDecision pass_decision() {
    PassDecision p;
    p.seat = Seat::North;
    p.passed = parse_cards("AS KS QS");
    p.candidates = 220;
    p.options = {{parse_cards("AH KH QH"), 3.5, 0.75, 32, 0.625, 0.0625},
                 {p.passed, 2.25, 1.5, 32, 0.5, 0.125}};
    p.best_chance = 0.625;
    p.played_chance = 0.5;
    p.chance_error = 0.09375;
    p.best = parse_cards("AH KH QH");
    p.best_expected = 3.5;
    p.played_expected = 2.25;
    p.samples = 32;
    p.shortfall_error = 1.25;
    p.flag = FlagClass::CloseCall;
    return p;
}

PlayReview play_with_a_blunder() {
    PlayReview play;
    CardReview c;
    c.index = 4;
    c.trick = 1;
    c.seat = Seat::East;
    c.played = parse_card("KH");
    // Graded by the game: each choice's chance to win it, the best's and the played card's.
    c.choices = {{parse_card("KH"), 5, -30, 0.4375}, {parse_card("2H"), 6, 70, 0.625}};
    c.best_chance = 0.625;
    c.played_chance = 0.4375;
    c.best_tricks = 6;
    c.best_score = 70;
    c.played_tricks = 5;
    c.played_score = -30;
    c.better = parse_card("2H");
    c.flag = FlagClass::Blunder;
    play.cards.push_back(c);
    CardReview irregular;
    irregular.index = 5;
    irregular.seat = Seat::South;
    irregular.played = parse_card("3C");
    irregular.irregular = true;
    play.cards.push_back(irregular);
    play.seats[1].add(c);
    play.seats[2].add(irregular);
    return play;
}

}  // namespace

TEST_CASE("a review survives its JSON", "[review]") {
    RecordedGame game;
    game.rules = preset("classic");
    game.players = {"Ann", "Ben", "", "Dan"};
    game.hands.resize(2);
    GameReview r;
    r.settings_key = ReviewSettings{}.key();
    r.grade = Grade::Game;
    r.grade_note = "a note";
    r.seconds = 1.25;
    HandReview h;
    h.hand = 1;
    h.before = {TeamStanding{120, 7}, TeamStanding{-40, 2}};
    h.bidding.par.tricks = {8, 5};
    h.bidding.par.nils = {{Seat::West, true}};
    const BidDecision b = nil_decision();
    h.bidding.bids.push_back(b);
    const PassDecision p = pass_decision();
    h.bidding.passes.push_back(p);
    const PlayReview play = play_with_a_blunder();
    h.play = play;
    r.hands.push_back(h);
    r.seats = play.seats;
    r.bid_flags = {0, 0, 0, 1};

    GameReview back = review_from_json(review_to_json(r, game));
    CHECK(back.version == r.version);
    CHECK(back.settings_key == r.settings_key);
    CHECK(back.grade == Grade::Game);
    CHECK(back.grade_note == "a note");
    CHECK(back.seconds == 1.25);
    CHECK(back.seats == r.seats);
    CHECK(back.bid_flags == r.bid_flags);
    REQUIRE(back.hands.size() == 1);
    const HandReview& bh = back.hands[0];
    CHECK(bh.hand == 1);
    CHECK(bh.before == h.before);
    CHECK(bh.bidding.par.tricks == h.bidding.par.tricks);
    REQUIRE(bh.bidding.par.nils.size() == 1);
    CHECK(bh.bidding.par.nils[0].seat == Seat::West);
    REQUIRE(bh.bidding.bids.size() == 1);
    const BidDecision& bb = bh.bidding.bids[0];
    CHECK(bb.bid == b.bid);
    CHECK(bb.known == b.known);
    CHECK(bb.tricks == b.tricks);
    CHECK(bb.nil_kept == b.nil_kept);
    CHECK(bb.options == b.options);
    CHECK(bb.flag == FlagClass::Mistake);
    CHECK(bb.shortfall() == Approx(22.75));
    CHECK(bb.effective_samples == 6.5);
    CHECK(bb.shortfall_error == 4.5);
    CHECK(bb.settled);
    CHECK(bb.good == b.good);
    CHECK(bb.best_chance == b.best_chance);
    CHECK(bb.played_chance == b.played_chance);
    CHECK(bb.chance_error == b.chance_error);
    REQUIRE(bh.bidding.passes.size() == 1);
    CHECK(bh.bidding.passes[0].options.size() == 2);
    CHECK(bh.bidding.passes[0].options[1].error == 1.5);
    CHECK(bh.bidding.passes[0].samples == 32);
    CHECK(bh.bidding.passes[0].shortfall_error == 1.25);
    CHECK_FALSE(bh.bidding.passes[0].settled);
    CHECK(bh.bidding.passes[0].flag == FlagClass::CloseCall);
    CHECK(bh.bidding.passes[0].best == p.best);
    CHECK(bh.bidding.passes[0].options[0].chance == p.options[0].chance);
    CHECK(bh.bidding.passes[0].options[1].chance_error == p.options[1].chance_error);
    CHECK(bh.bidding.passes[0].best_chance == p.best_chance);
    CHECK(bh.bidding.passes[0].played_chance == p.played_chance);
    CHECK(bh.bidding.passes[0].chance_error == p.chance_error);
    REQUIRE(bh.play);
    CHECK(bh.play->cards == play.cards);
    CHECK(bh.play->seats == play.seats);

    // The report names the flagged card, the card to play and the cost.
    std::string text = format_review(r, game);
    CHECK(text.find("Trick 2: E (Ben) played KH, a blunder: the card to play was 2H; KH cost 100 "
                    "points and 1 trick") != std::string::npos);
    CHECK(text.find("W (Dan) bid nil") != std::string::npos);
    CHECK(text.find("mistake: nil instead of 1: your chance to win the game went from 38% to 25% "
                    "(-12 ± 5 points of chance)") != std::string::npos);
    // A close call says in plain words what the layouts could not tell.
    r.hands[0].bidding.bids[0].flag = FlagClass::CloseCall;
    text = format_review(r, game);
    CHECK(text.find("close call: nil instead of 1: the chance to win the game went from 38% to 25% "
                    "(-12 ± 5 points of chance), and the layouts cannot tell whether that costs a "
                    "little or a lot; ") != std::string::npos);

    CHECK_THROWS_AS(review_from_json("{\"spadework_review\": 2}"), Error);
    CHECK_THROWS_AS(review_from_json("not json"), Error);
}

TEST_CASE(
    "a bid or pass graded by points names each estimate, and a close call on the best says why",
    "[review]") {
    RecordedGame game;
    game.rules = preset("classic");
    game.players = {"Ann", "Ben", "Cy", "Dan"};
    game.hands.resize(1);
    GameReview r;
    HandReview h;
    h.hand = 0;  // the game's first hand (0-based)
    BidDecision b = nil_decision();
    b.best_chance.reset();
    b.played_chance.reset();
    h.bidding.bids.push_back(b);
    r.hands.push_back(h);
    std::string text = format_review(r, game);
    INFO(text);
    CHECK(text.find("each bid's expected points over 8 sampled layouts, with its ±:") !=
          std::string::npos);
    CHECK(text.find("mistake: nil instead of 1: nil expected -12.5, 1 expected +10.3 (22.8 ± 4.5 "
                    "points better)") != std::string::npos);

    // A close call names what did not fit one class: the loss against the best or another bid
    // near it (the interval runs over them all), not only the best's ± shown.
    r.hands[0].bidding.bids[0].flag = FlagClass::CloseCall;
    text = format_review(r, game);
    CHECK(text.find("close call: nil instead of 1: nil expected -12.5, 1 expected +10.3 (22.8 ± "
                    "4.5 points better); against 1 or another bid near it, the layouts cannot "
                    "tell whether nil costs a little or a lot; good bids: 1, 2") !=
          std::string::npos);

    // The bid made is the best estimate, yet another may be better by a class: not "0.0 ± 0.0
    // points between them".
    BidDecision& c = r.hands[0].bidding.bids[0];
    c.bid = Bid::tricks(1);
    c.played_expected = c.best_expected;
    c.flag = FlagClass::CloseCall;
    text = format_review(r, game);
    CHECK(text.find("close call: 1 expected +10.3, the best estimate, but the layouts cannot tell "
                    "whether another bid is better by a class or more; good bids: 1, 2") !=
          std::string::npos);
    CHECK(text.find("0.0 ± 0.0") == std::string::npos);

    // A pass alike: a close call names the better pass, or says why the best one is a close call.
    PassDecision p = pass_decision();
    p.best_chance.reset();
    p.played_chance.reset();
    r.hands[0].bidding.passes.push_back(p);
    text = format_review(r, game);
    INFO(text);
    CHECK(text.find("close call: AH KH QH expected +3.5 (") != std::string::npos);
    CHECK(text.find(" points better; the layouts cannot tell whether that costs a little or a "
                    "lot)") != std::string::npos);
    PassDecision& q = r.hands[0].bidding.passes[0];
    q.passed = q.best;
    q.played_expected = q.best_expected;
    text = format_review(r, game);
    CHECK(text.find("close call: the best estimate, but the layouts cannot tell whether another "
                    "pass is better by a class or more") != std::string::npos);
    CHECK(text.find("0.0 ± 0.0") == std::string::npos);
}

TEST_CASE("a player's bid flags count the faults of its bids and passes, not the close calls",
          "[review]") {
    std::vector<RecordedGame> games = games_of_hands(2, 1, 5);
    ReviewSettings s;
    s.samples = 2;  // too few layouts to place most decisions in one class: close calls
    s.batch = 2;
    s.threads = 1;
    s.parts = ReviewParts::Bids;
    int close_calls = 0;
    review_games(
        2, [&](int i) { return games[i]; }, s,
        [&](BatchGame& g) {
            REQUIRE(g.review);
            std::array<int, 4> faults{};
            for (const HandReview& h : g.review->hands) {
                for (const auto& b : h.bidding.bids) {
                    close_calls += b.flag == FlagClass::CloseCall;
                    faults[index(b.seat)] +=
                        b.flag != FlagClass::None && b.flag != FlagClass::CloseCall;
                }
                for (const auto& p : h.bidding.passes) {
                    faults[index(p.seat)] +=
                        p.flag != FlagClass::None && p.flag != FlagClass::CloseCall;
                }
            }
            CHECK(g.review->bid_flags == faults);
        });
    REQUIRE(close_calls > 0);
}

TEST_CASE("a batch hands each game over as its steps end, a few games ahead of the loads",
          "[review]") {
    std::vector<RecordedGame> games = games_of_hands(8, 1, 5);
    ReviewSettings s;
    s.samples = 1;
    s.threads = 1;
    // On the calling thread, in order: "load N" and "done N".
    std::vector<std::string> events;
    review_games(
        8,
        [&](int i) {
            events.push_back("load " + std::to_string(i));
            return games[i];
        },
        s, [&](BatchGame& g) { events.push_back("done " + std::to_string(g.index)); });
    REQUIRE(events.size() == 16);
    auto at = [&](const std::string& e) {
        return std::find(events.begin(), events.end(), e) - events.begin();
    };
    // Only a few games are open at a time (the worker's queue is kept short), so the first is
    // stored long before the last is loaded, whatever the steps' times: a killed batch keeps it.
    CHECK(at("done 0") < at("load 7"));
    for (int i = 0; i < 8; ++i)
        CHECK(at("load " + std::to_string(i)) < at("done " + std::to_string(i)));

    // What the callback throws stops the batch and comes out, once the steps under way end.
    int handed = 0;
    s.threads = 2;
    s.parts = ReviewParts::Play;
    CHECK_THROWS_AS(review_games(
                        3, [&](int i) { return games[i]; }, s,
                        [&](BatchGame&) {
                            ++handed;
                            throw std::runtime_error("stop");
                        }),
                    std::runtime_error);
    CHECK(handed == 1);
}
