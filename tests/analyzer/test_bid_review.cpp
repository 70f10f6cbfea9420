// The bid review: layouts drawn from what a bidder knew, par on deals whose play is forced,
// bids that cannot be right flagged and the sure contract found, the bids a layout completes
// under house bidding rules, and blind bids offered only where the rules allow them. Whole
// reviews of Paperless passes, bids graded by the game and the same review whatever the
// number of threads are long cases, in test_bid_review_long.cpp.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

// The sampling helpers are private to the analyzer library; their guarantees are tested here.
#include "bid_review_helpers.h"
#include "sampling.h"
#include "spadework/analyzer/review.h"
#include "spadework/analyzer/simple_bot.h"

using namespace spadework;
using namespace spadework::analyzer;
using namespace spadework::testing;

namespace {

// The state at the first bid of a seeded deal, passes made by the bots.
HandState at_first_bid(const RuleSet& rules, std::uint64_t seed) {
    HandState st(rules, Seat::North, deal_from_seed(seed, rules.deck(), Seat::North));
    while (st.phase() == Phase::Pass) {
        st.pass(st.to_act(), choose_pass(st.hand(st.to_act()), rules));
    }
    return st;
}

}  // namespace

TEST_CASE("sampled layouts keep every card the bidder holds or received", "[bid_review]") {
    RuleSet rules = preset("paperless");
    HandState st = at_first_bid(rules, 5);
    Seat bidder = st.to_act();
    Seat mate = partner(bidder);
    CardSet own = st.hand(bidder);
    CardSet passed = *st.passed(bidder);
    CardSet received = *st.passed(mate);
    REQUIRE(own.size() == 12);
    REQUIRE((own & received) == received);

    sampling::Knowledge k = sampling::bidder_knowledge(st, bidder, false);
    CHECK(k.known[index(bidder)] == own);
    CHECK(k.known[index(mate)] == passed);
    CHECK(k.pool() == rules.deck() - own - passed);

    SplitMix64 rng(sampling::decision_seed(1, 0, 0));
    std::array<CardSet, 4> seen{};  // every card each seat was dealt at least once
    for (int i = 0; i < 400; ++i) {
        sampling::Hands h = sampling::sample_layout(k, rng);
        CardSet all;
        for (Seat s : kAllSeats) {
            CHECK(h[index(s)].size() == 12);
            CHECK((all & h[index(s)]).empty());
            all |= h[index(s)];
            seen[index(s)] |= h[index(s)];
            if (s != bidder) CHECK((h[index(s)] & own).empty());
        }
        CHECK(all == rules.deck());
        CHECK(h[index(bidder)] == own);
        CHECK((h[index(mate)] & passed) == passed);
    }
    // The received cards never left the bidder; every unknown card went everywhere else.
    for (Seat s : kAllSeats) {
        if (s != bidder) CHECK((seen[index(s)] & received).empty());
        if (s == bidder) continue;
        CHECK(seen[index(s)] == (s == mate ? k.pool() | passed : k.pool()));
    }

    // The same seed draws the same layouts; another decision draws others.
    SplitMix64 a(sampling::decision_seed(1, 3, 2));
    SplitMix64 b(sampling::decision_seed(1, 3, 2));
    SplitMix64 c(sampling::decision_seed(1, 3, 1));
    sampling::Hands first = sampling::sample_layout(k, a);
    CHECK(first == sampling::sample_layout(k, b));
    CHECK(first != sampling::sample_layout(k, c));
}

TEST_CASE("a blind nil bidder's own hand is drawn too", "[bid_review]") {
    RuleSet rules = preset("classic");
    HandState st = at_first_bid(rules, 9);
    Seat bidder = st.to_act();
    sampling::Knowledge k = sampling::bidder_knowledge(st, bidder, true);
    for (CardSet known : k.known) CHECK(known.empty());
    CHECK(k.pool() == rules.deck());
    SplitMix64 rng(sampling::decision_seed(1, 0, 0));
    CardSet ever;
    int same_as_dealt = 0;
    for (int i = 0; i < 200; ++i) {
        sampling::Hands h = sampling::sample_layout(k, rng);
        CHECK(h[index(bidder)].size() == 13);
        ever |= h[index(bidder)];
        same_as_dealt += h[index(bidder)] == st.hand(bidder) ? 1 : 0;
    }
    CHECK(ever == rules.deck());
    CHECK(same_as_dealt == 0);

    // A passer knows the hand it was dealt, nothing of the cards it will receive.
    RuleSet paperless = preset("paperless");
    Deal d = deal_from_seed(4, paperless.deck(), Seat::North);
    sampling::Knowledge p = sampling::passer_knowledge(paperless, Seat::East, d[Seat::East]);
    CHECK(p.known[index(Seat::East)] == d[Seat::East]);
    CHECK(p.pool() == paperless.deck() - d[Seat::East]);
}

TEST_CASE("par takes the tricks and nils of deals whose play is forced", "[bid_review]") {
    RuleSet rules = preset("classic");
    SECTION("one hand holds every spade and leads so it takes all 13 and every nil is kept") {
        // W deals, so N leads: it can only lead spades, and nobody else can follow.
        RecordedGame game =
            one_hand(rules, Seat::West,
                     "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
                     {Bid::tricks(7), Bid::nil(), Bid::nil(), Bid::nil()});
        BidReview r = review_bids(game, 0, {}, quick(1));
        CHECK(r.par.tricks == std::array<int, 2>{13, 0});
        REQUIRE(r.par.nils.size() == 3);
        for (std::size_t i = 0; i < 3; ++i) {
            CHECK(r.par.nils[i].seat == next(Seat::East, static_cast<int>(i)));
            CHECK(r.par.nils[i].kept);
        }
    }
    SECTION("a nil with twelve spades is broken and one that can never win a trick is kept") {
        // W's spades win every trick they fall on but the one N's ace of spades takes; E holds
        // the only clubs, so clubs are never led and E never wins (it never leads).
        RecordedGame game = one_hand(rules, Seat::West,
                                     "N:A.AKQJT98.AKQJT. ...AKQJT98765432 .76543.98765432. "
                                     "KQJT98765432.2..",
                                     {Bid::tricks(3), Bid::nil(), Bid::tricks(1), Bid::nil()});
        BidReview r = review_bids(game, 0, {}, quick(1));
        CHECK(r.par.tricks[0] + r.par.tricks[1] == 13);
        CHECK(r.par.tricks[index(Team::EW)] >= 11);
        CHECK(r.par.tricks[index(Team::EW)] <= 12);
        REQUIRE(r.par.nils.size() == 2);
        CHECK(r.par.nils[0].seat == Seat::East);
        CHECK(r.par.nils[0].kept);
        CHECK(r.par.nils[1].seat == Seat::West);
        CHECK_FALSE(r.par.nils[1].kept);
    }
}

TEST_CASE("with every spade a low bid or a nil is flagged and the sure contract is best",
          "[bid_review]") {
    // E deals: S bids 1, W 3, then N, who holds all thirteen spades and takes every trick on
    // any layout. With S's 1, a bid of 12 makes the contract of 13 exactly: 130, the most any
    // bid can score. A bid of 1 scores 20 and 11 overtricks, whose bags cost 100: -69.
    RuleSet rules = preset("classic");
    const char* deal = "N:AKQJT98765432... .AKQJ.AKQ.AKQJT9 .T9876.JT987.876 .5432.65432.5432";
    auto review_north = [&](Bid bid) {
        RecordedGame game =
            one_hand(rules, Seat::East, deal, {Bid::tricks(1), Bid::tricks(3), bid});
        BidReview r = review_bids(game, 0, {}, quick());
        REQUIRE(r.bids.size() == 3);
        BidDecision d = r.bids[2];
        CHECK(d.seat == Seat::North);
        CHECK(d.known == game.hands[0].deal[Seat::North]);
        REQUIRE(d.tricks.size() == 14);
        CHECK(d.tricks[13] == Approx(1.0));
        CHECK(d.best == Bid::tricks(12));
        CHECK(d.best_expected == Approx(130));
        CHECK(option(d, Bid::tricks(1)).expected == Approx(-69));
        CHECK(option(d, Bid::tricks(13)).made == Approx(0.0));  // 14 bid, 13 tricks
        REQUIRE(d.nil_kept);
        CHECK(*d.nil_kept == Approx(0.0));  // the ace of spades wins a trick
        // Blind nil is shown, but a bidder who looked could no longer bid it.
        CHECK(option(d, Bid::blind_nil()).bid == Bid::blind_nil());
        CHECK(d.best != Bid::blind_nil());
        return d;
    };
    BidDecision low = review_north(Bid::tricks(1));
    CHECK(low.played_expected == Approx(-69));
    CHECK(low.flag == FlagClass::Blunder);

    BidDecision nil = review_north(Bid::nil());
    CHECK(nil.flag == FlagClass::Blunder);

    BidDecision right = review_north(Bid::tricks(12));
    CHECK(right.played_expected == Approx(130));
    CHECK(right.shortfall() == Approx(0));
    CHECK(right.flag == FlagClass::None);
}

TEST_CASE("the bids a layout completes keep the house bidding rules", "[bid-review]") {
    const std::vector<std::string> houses = {"bidding=suicide", "bidding=mirrors", "bidding=whiz",
                                             "min_team_bid=4"};
    for (const std::string& house : houses) {
        RuleSet rules = make_rules("classic", {house});
        int checked = 0;
        for (std::uint64_t seed = 1; seed <= 60; ++seed) {
            Deal deal = deal_from_seed(seed, rules.deck(), Seat::North);
            sampling::Hands hands;
            for (Seat s : kAllSeats) hands[index(s)] = deal[s];
            // West deals, North bids first: its bid is the candidate reviewed, a legal one.
            sampling::MadeBids made;
            BidFacts own{std::nullopt, hands[index(Seat::North)], std::nullopt};
            Bid candidate = nearest_bid(suggest_bid(hands[index(Seat::North)], rules),
                                        allowed_bids(rules, Seat::North, own));
            sampling::Bids bids =
                sampling::complete_bids(rules, Seat::West, hands, made, Seat::North, candidate);
            // Replayed in bidding order from the dealer's left, every bid is legal.
            HandState st(rules, Seat::West, deal);
            for (int i = 1; i <= 4; ++i) {
                Seat s = next(Seat::West, i);
                INFO(house << ", deal " << seed << ", " << seat_char(s) << " bids "
                           << to_string(bids[index(s)]));
                REQUIRE_FALSE(st.check_bid(s, bids[index(s)]));
                st.bid(s, bids[index(s)]);
            }
            ++checked;
        }
        CHECK(checked == 60);
    }
}

// blind_behind: a blind bid only for a side behind by that many points before the hand. The
// review offers blind nil (and, with blind_bid_min, would offer a blind trick bid) only where
// the rules allow it at the scores before the hand, so that it never recommends a bid the
// rules forbid.
TEST_CASE("under blind_behind the review offers blind bids only to a side behind enough",
          "[bid_review]") {
    RuleSet rules = make_rules("classic", {"blind_behind=100", "blind_bid_min=6"});
    const char* deal = "N:AKQJT98765432... .AKQJ.AKQ.AKQJT9 .T9876.JT987.876 .5432.65432.5432";
    RecordedGame game =
        one_hand(rules, Seat::East, deal, {Bid::tricks(1), Bid::tricks(3), Bid::tricks(12)});
    auto north = [&](int ns, int ew) {
        Standings before{};
        before[index(Team::NS)].score = ns;
        before[index(Team::EW)].score = ew;
        BidReview r = review_bids(game, 0, before, quick());
        REQUIRE(r.bids.size() == 3);
        CHECK(r.bids[2].seat == Seat::North);
        return r.bids[2];
    };
    auto any_blind = [](const BidDecision& d) {
        for (const BidOption& o : d.options) {
            if (o.bid.is_blind()) return true;
        }
        for (Bid b : d.good) {
            if (b.is_blind()) return true;
        }
        return d.best.is_blind();
    };
    // Level, ahead, and behind by 99: no blind bid is a candidate.
    for (auto [ns, ew] : {std::pair{0, 0}, std::pair{150, 0}, std::pair{100, 199}}) {
        INFO("N-S " << ns << ", E-W " << ew);
        BidDecision d = north(ns, ew);
        CHECK_FALSE(any_blind(d));
        CHECK(d.best == Bid::tricks(12));
    }
    // Behind by 100 or more: blind nil is one, shown but not chosen by a bidder who looked.
    for (auto [ns, ew] : {std::pair{0, 100}, std::pair{-50, 120}}) {
        INFO("N-S " << ns << ", E-W " << ew);
        BidDecision d = north(ns, ew);
        CHECK(option(d, Bid::blind_nil()).bid == Bid::blind_nil());
        CHECK(d.best != Bid::blind_nil());
    }
    // At 0 to 100, South (N-S) may bid blind and West (E-W), ahead, may not.
    BidReview r =
        review_bids(game, 0, Standings{TeamStanding{0, 0}, TeamStanding{100, 0}}, quick());
    REQUIRE(r.bids.size() == 3);
    CHECK(r.bids[0].seat == Seat::South);
    CHECK(option(r.bids[0], Bid::blind_nil()).bid == Bid::blind_nil());
    CHECK(r.bids[1].seat == Seat::West);
    CHECK_FALSE(any_blind(r.bids[1]));
}
