// The bid review's statistics on whole decisions: sequential sampling that stops when a
// decision is settled, and verdicts that do not depend on the sampling seed. Long cases
// (tests/CMakeLists.txt): whole bid reviews at the default number of layouts, some under
// several seeds. The sanitizers check the review's code on the shorter cases of
// test_bid_review.cpp; the normal build runs these.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "spadework/analyzer/review.h"

using namespace spadework;
using namespace spadework::analyzer;

namespace {

// A classic one-hand game dealt by West (North bids first) in which North holds `north`: a
// seeded deal with North's cards swapped in from the other hands.
RecordedGame north_holds(const char* north, Bid bid, std::uint64_t seed = 5) {
    RuleSet rules = preset("classic");
    Deal deal = deal_from_seed(seed, rules.deck(), Seat::West);
    CardSet want = parse_cards(north);
    REQUIRE(want.size() == 13);
    std::vector<Card> spare;
    for (Card c : deal[Seat::North] - want) spare.push_back(c);
    std::size_t k = 0;
    for (Card c : want - deal[Seat::North]) {
        for (Seat s : {Seat::East, Seat::South, Seat::West}) {
            if (!deal[s].contains(c)) continue;
            deal[s] = (deal[s] - CardSet{c}) | CardSet{spare[k]};
            deal[Seat::North] = (deal[Seat::North] - CardSet{spare[k]}) | CardSet{c};
            ++k;
        }
    }
    REQUIRE(deal[Seat::North] == want);
    RecordedGame game;
    game.rules = rules;
    RecordedHand h;
    h.dealer = Seat::West;
    h.deal = deal;
    h.bids = {bid};
    game.hands.push_back(h);
    return game;
}

// North's bid reviewed at the default settings with the given sampling seed.
BidDecision north_review(const RecordedGame& game, std::uint64_t seed) {
    ReviewSettings s;
    s.seed = seed;
    return review_bid_decision(game, 0, 0, {}, s);
}

}  // namespace

TEST_CASE("certain faults are flagged in the same class under every seed", "[bid_review][slow]") {
    // A nil holding three aces: each is sure to take a trick.
    RecordedGame aces = north_holds("AS 3S 2S AH 7H 4H AD 8D 5D 2D 9C 6C 3C", Bid::nil());
    // A bid of 1 holding seven spades to the ace-king: the contract is far above it. Its
    // shortfall is about 36 points (the bags' own points; their share of a future penalty is
    // not counted), a mistake by the classic thresholds (blunder from 50).
    RecordedGame spades = north_holds("AS KS 9S 7S 5S 4S 2S 8H 3H 7D 4D 6C 2C", Bid::tricks(1));
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        INFO("seed " << seed);
        BidDecision nil = north_review(aces, seed);
        CHECK(nil.flag == FlagClass::Blunder);
        CHECK(nil.settled);
        // Settled before the cap even at the stricter looks (40 to 48 layouts under these seeds).
        CHECK(nil.samples < ReviewSettings{}.samples);
        BidDecision low = north_review(spades, seed);
        CHECK(low.flag == FlagClass::Mistake);
        CHECK(low.settled);
        CHECK(low.shortfall() - low.shortfall_error >= 10);
        CHECK(low.best != Bid::tricks(1));
    }
}

TEST_CASE("a clearly right bid is never flagged and settles as soon as settling may",
          "[bid_review][slow]") {
    // Every low card: a nil is kept whatever the layout, far better than any trick bid.
    RecordedGame low = north_holds("3S 2S 4H 3H 2H 5D 4D 3D 2D 5C 4C 3C 2C", Bid::nil());
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        INFO("seed " << seed);
        BidDecision d = north_review(low, seed);
        CHECK(d.flag == FlagClass::None);
        CHECK(d.best == Bid::nil());
        CHECK(d.settled);
        // Clear-cut: settled at the first moment the review may settle, two batches.
        CHECK(d.samples == 2 * ReviewSettings{}.batch);
        CHECK(std::find(d.good.begin(), d.good.end(), Bid::nil()) != d.good.end());
    }
}

TEST_CASE("sampling goes on while a decision is close and stops at the cap as a close call",
          "[bid_review][slow]") {
    // An ordinary hand bid one under the bots' count: the neighbouring bids are within a few
    // points of each other, more than one batch is needed to tell them apart.
    RecordedGame game = north_holds("AS 9S 5S KH QH 6H 3H JD 8D 4D AC 7C 2C", Bid::tricks(2));
    ReviewSettings s;
    BidDecision d = review_bid_decision(game, 0, 0, {}, s);
    CHECK(d.samples > 2 * s.batch);  // past the two batches a clear decision needs
    CHECK(d.samples <= s.samples);
    CHECK(d.samples % s.batch == 0);
    // The same decision capped at one batch: unsettled there, so never worse than a close
    // call, and every option within the margin of the best is named good.
    s.samples = s.batch;
    BidDecision capped = review_bid_decision(game, 0, 0, {}, s);
    CHECK(capped.samples == s.batch);
    CHECK_FALSE(capped.settled);
    CHECK(capped.flag != FlagClass::Mistake);
    CHECK(capped.flag != FlagClass::Blunder);
    for (const BidOption& o : capped.options) {
        bool good = std::find(capped.good.begin(), capped.good.end(), o.bid) != capped.good.end();
        bool open = o.bid != Bid::blind_nil();
        CHECK(good ==
              (open && capped.best_expected - o.expected <= s.thresholds_for(game.rules).bid));
    }
    // Every option carries its ±, and the shortfall its own.
    for (const BidOption& o : d.options) CHECK(o.error >= 0);
    CHECK(d.effective_samples > 0);
    CHECK(d.effective_samples <= d.samples + 1e-9);
}

TEST_CASE("a decision that more layouts could not settle closes at half the cap",
          "[bid_review][slow]") {
    // The close decision above, asked to name the best bid to within no points at all: no
    // number of layouts can show that no other bid is better by more than 0, so from half the
    // cap on the review stops as a close call instead of drawing to the cap.
    RecordedGame game = north_holds("AS 9S 5S KH QH 6H 3H JD 8D 4D AC 7C 2C", Bid::tricks(2));
    ReviewSettings s;
    Thresholds exact = s.thresholds_for(game.rules);
    exact.bid = 0;
    s.thresholds[game.rules.name] = exact;
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        INFO("seed " << seed);
        s.seed = seed;
        BidDecision d = review_bid_decision(game, 0, 0, {}, s);
        CHECK_FALSE(d.settled);
        CHECK(d.flag == FlagClass::CloseCall);
        CHECK(d.samples == s.samples / 2);
    }
}

TEST_CASE("layouts that fit the earlier bids are drawn by rejection and count fully",
          "[bid_review][slow]") {
    // South bids third, after North's 3 and East's 4: drawn by rejection, every layout fits
    // and counts fully; kept with their weights instead, they are worth fewer.
    RecordedGame game = north_holds("AS 9S 5S KH QH 6H 3H JD 8D 4D AC 7C 2C", Bid::tricks(3));
    game.hands[0].bids = {Bid::tricks(3), Bid::tricks(4), Bid::tricks(2)};
    ReviewSettings s;
    s.samples = s.batch = 16;
    BidDecision drawn = review_bid_decision(game, 0, 2, {}, s);
    CHECK(drawn.samples == 16);
    CHECK(drawn.effective_samples == Approx(16));
    s.fit_by_rejection = false;
    BidDecision weighted = review_bid_decision(game, 0, 2, {}, s);
    CHECK(weighted.samples == 16);
    CHECK(weighted.effective_samples < 15);
    CHECK(s.key() != ReviewSettings{}.key());  // a review of the other draw is stored apart
}

TEST_CASE("a nil settled far below the best is valued no further, the bid made always is",
          "[bid_review][slow]") {
    // The close decision above: sampled past the two batches settling needs. Its nil (the ace
    // of spades is sure to win a trick) and its blind nil lie far below the best from the start.
    RecordedGame game = north_holds("AS 9S 5S KH QH 6H 3H JD 8D 4D AC 7C 2C", Bid::tricks(2));
    ReviewSettings s;
    BidDecision d = review_bid_decision(game, 0, 0, {}, s);
    const int settling = 2 * s.batch;
    REQUIRE(d.samples > settling);
    int cut = 0;
    for (const BidOption& o : d.options) {
        INFO(to_string(o.bid) << ": " << o.expected << " on " << o.samples << " layouts");
        if (o.bid.is_nil()) {
            // Settled out when settling first may: valued on the first two batches only.
            CHECK(o.samples == settling);
            CHECK(d.best_expected - o.expected > 2 * s.thresholds_for(game.rules).bid);
            CHECK(std::find(d.good.begin(), d.good.end(), o.bid) == d.good.end());
            ++cut;
        } else {
            CHECK(o.samples == d.samples);
        }
    }
    CHECK(cut == 2);  // nil and blind nil
    // The bid made is never settled out, even a nil far below the best (a sure blunder, kept
    // sampling past settling by batches of one layout at a confidence two layouts cannot meet).
    RecordedGame aces = north_holds("AS 3S 2S AH 7H 4H AD 8D 5D 2D 9C 6C 3C", Bid::nil());
    ReviewSettings wide;
    wide.confidence = 0.9999;
    wide.batch = 1;
    wide.samples = 8;
    BidDecision nil = review_bid_decision(aces, 0, 0, {}, wide);
    REQUIRE(nil.samples > 2 * wide.batch);
    for (const BidOption& o : nil.options) {
        if (o.bid == Bid::nil()) CHECK(o.samples == nil.samples);
    }
}
