// The bid review: layouts drawn from what a bidder knew, par on deals whose play is forced,
// bids that cannot be right flagged and the sure contract found, Paperless passes, and the
// same review whatever the number of threads.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

// The sampling helpers are private to the analyzer library; their guarantees are tested here.
#include "sampling.h"
#include "spadework/analyzer/review.h"
#include "spadework/analyzer/simple_bot.h"
#include "spadework/analyzer/winchance.h"

using namespace spadework;
using namespace spadework::analyzer;

namespace {

// A one-hand game: the deal, the passes the bots would make (rules with a pass), some bids.
RecordedGame one_hand(const RuleSet& rules, Seat dealer, std::string_view pbn,
                      const std::vector<Bid>& bids) {
    RecordedGame game;
    game.rules = rules;
    RecordedHand h;
    h.dealer = dealer;
    h.deal = parse_pbn(pbn);
    if (rules.pass_cards > 0) {
        for (Seat s : kAllSeats) h.passes[index(s)] = choose_pass(h.deal[s], rules);
    }
    h.bids = bids;
    game.hands.push_back(h);
    return game;
}

// A Paperless deal of long runs: passes of equal cards are solved once, so its solves are few.
constexpr const char* kPaperlessRuns =
    "N:AKQJT987654..A. .AKQJT987654.K. ..QJT98765432.A ...KQJT98765432";

ReviewSettings quick(int samples = 2) {
    ReviewSettings s;
    s.samples = samples;
    return s;
}

// The state at the first bid of a seeded deal, passes made by the bots.
HandState at_first_bid(const RuleSet& rules, std::uint64_t seed) {
    HandState st(rules, Seat::North, deal_from_seed(seed, rules.deck(), Seat::North));
    while (st.phase() == Phase::Pass) {
        st.pass(st.to_act(), choose_pass(st.hand(st.to_act()), rules));
    }
    return st;
}

bool same(const BidReview& a, const BidReview& b) {
    if (a.par.tricks != b.par.tricks || a.par.nils.size() != b.par.nils.size()) return false;
    for (std::size_t i = 0; i < a.par.nils.size(); ++i) {
        if (a.par.nils[i].seat != b.par.nils[i].seat || a.par.nils[i].kept != b.par.nils[i].kept) {
            return false;
        }
    }
    if (a.bids.size() != b.bids.size() || a.passes.size() != b.passes.size()) return false;
    for (std::size_t i = 0; i < a.bids.size(); ++i) {
        const BidDecision& x = a.bids[i];
        const BidDecision& y = b.bids[i];
        if (x.index != y.index || x.seat != y.seat || !(x.bid == y.bid) || x.known != y.known ||
            x.samples != y.samples || x.tricks != y.tricks || x.nil_kept != y.nil_kept ||
            x.options != y.options || !(x.best == y.best) || x.best_expected != y.best_expected ||
            x.played_expected != y.played_expected || x.flag != y.flag) {
            return false;
        }
    }
    for (std::size_t i = 0; i < a.passes.size(); ++i) {
        const PassDecision& x = a.passes[i];
        const PassDecision& y = b.passes[i];
        if (x.seat != y.seat || x.passed != y.passed || x.candidates != y.candidates ||
            x.options.size() != y.options.size() || x.best != y.best ||
            x.best_expected != y.best_expected || x.played_expected != y.played_expected ||
            x.flag != y.flag) {
            return false;
        }
        for (std::size_t k = 0; k < x.options.size(); ++k) {
            if (x.options[k].cards != y.options[k].cards ||
                x.options[k].expected != y.options[k].expected ||
                x.options[k].samples != y.options[k].samples) {
                return false;
            }
        }
    }
    return true;
}

const BidOption& option(const BidDecision& d, Bid bid) {
    for (const BidOption& o : d.options) {
        if (o.bid == bid) return o;
    }
    FAIL("no option " << to_string(bid));
    return d.options.front();
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

// Graded by the game: at 190 to 0 with a target of 200, North (all thirteen spades, every
// trick on any layout) wins the game with any contract it makes, so an underbid costs points
// (a blunder by points) but no chance of winning, while an overbid, set, costs both. Each
// option's chance is the table's at the scores it ends the hand with.
TEST_CASE("bids graded by the game: an underbid that still wins the game is no mistake",
          "[bid_review]") {
    RuleSet rules = make_rules("classic", {"target=200"});
    WinChanceTable table = WinChanceTable::build(rules, measure_hands(rules, 3000, 7));
    const char* deal = "N:AKQJT98765432... .AKQJ.AKQ.AKQJT9 .T9876.JT987.876 .5432.65432.5432";
    Standings before{};
    before[index(Team::NS)] = {190, 0};
    // Enough layouts for the ± of the chances (East, who bids last, bids as the bots would on
    // each layout: East-West's score after the hand varies) to place every option.
    ReviewSettings by_game = quick(16);
    by_game.grade = Grade::Game;
    auto review_north = [&](Bid bid, const ReviewSettings& s, const WinChanceTable* t) {
        // North's bid alone, as review_bids values it.
        RecordedGame game =
            one_hand(rules, Seat::East, deal, {Bid::tricks(1), Bid::tricks(3), bid});
        return review_bid_decision(game, 0, 2, before, s, t);
    };
    // 1 + 3 made with 9 overtricks: 49 points, 239 to -30 (West's 3 set): the game is won.
    BidDecision under = review_north(Bid::tricks(3), by_game, &table);
    REQUIRE(under.best_chance);
    REQUIRE(under.played_chance);
    CHECK(*under.played_chance == Approx(1.0));
    CHECK(*under.best_chance == Approx(1.0));
    CHECK(under.flag == FlagClass::None);
    CHECK(under.played_expected == Approx(49));
    CHECK(option(under, Bid::tricks(12)).expected == Approx(130));
    for (const BidOption& o : under.options) {
        REQUIRE(o.chance);
        CHECK(*o.chance >= 0);
        CHECK(*o.chance <= 1);
    }
    // Set by one: 190 - 140 = 50 (East-West's score depends on East's bid, the bots' on each
    // layout: a nil kept, or a contract set).
    const double set = *option(under, Bid::tricks(13)).chance;
    CHECK(set < 0.9);

    BidDecision by_points = review_north(Bid::tricks(3), quick(16), nullptr);
    CHECK_FALSE(by_points.best_chance);
    CHECK_FALSE(by_points.options.front().chance);
    CHECK(by_points.flag == FlagClass::Blunder);  // 81 points short of the 12
    CHECK(by_points.played_expected == under.played_expected);

    BidDecision over = review_north(Bid::tricks(13), by_game, &table);
    CHECK(*over.played_chance == set);
    CHECK(over.flag == classify_chance(over.cost_chance(), by_game.chance_thresholds));
    CHECK(over.flag != FlagClass::None);
    // The report says it in chances, the points beside.
    RecordedGame game =
        one_hand(rules, Seat::East, deal, {Bid::tricks(1), Bid::tricks(3), Bid::tricks(13)});
    GameReview review;
    review.grade = Grade::Game;
    HandReview hr;
    hr.before = before;
    hr.bidding.bids.push_back(over);
    review.hands.push_back(hr);
    const std::string text = format_review(review, game);
    CHECK_THAT(text, Catch::Contains("13 instead of"));
    CHECK_THAT(text, Catch::Contains("your chance to win the game went from 100% to"));
    CHECK_THAT(text, Catch::Contains("points of chance"));
}

TEST_CASE("a review is the same for the same settings on one thread or two", "[bid_review]") {
    SECTION("a classic hand played by the bots") {
        // Without nil the solves are all trick solves, whose time is steady.
        SplitMix64 rng(11);
        RuleSet rules = make_rules("classic", {"nil=forbidden", "blind_nil=forbidden"});
        RecordedGame game = play_game(rules, rng, Seat::North, 1);
        ReviewSettings s = quick(3);
        BidReview one = review_bids(game, 0, {}, s);
        CHECK(one.bids.size() == 4);
        CHECK(same(one, review_bids(game, 0, {}, s)));
        s.threads = 2;
        CHECK(same(one, review_bids(game, 0, {}, s)));
        s.seed = 2;
        CHECK_FALSE(same(one, review_bids(game, 0, {}, s)));
    }
    SECTION("a Paperless hand with passes and a nil") {
        RecordedGame game = one_hand(preset("paperless"), Seat::West, kPaperlessRuns,
                                     {Bid::tricks(5), Bid::nil(), Bid::tricks(3), Bid::tricks(1)});
        ReviewSettings s = quick(4);
        BidReview one = review_bids(game, 0, {}, s);
        CHECK(one.passes.size() == 4);
        s.threads = 2;
        CHECK(same(one, review_bids(game, 0, {}, s)));
    }
}

TEST_CASE("Paperless passes are valued over every choice of three cards", "[bid_review]") {
    RuleSet rules = preset("paperless");
    RecordedGame game = one_hand(rules, Seat::West, kPaperlessRuns,
                                 {Bid::tricks(5), Bid::tricks(4), Bid::tricks(3), Bid::tricks(1)});
    BidReview r = review_bids(game, 0, {}, quick(4));
    REQUIRE(r.passes.size() == 4);
    for (const PassDecision& p : r.passes) {
        CardSet dealt = game.hands[0].deal[p.seat];
        CHECK(p.passed == game.hands[0].passes[index(p.seat)]);
        CHECK(p.candidates == 220);
        REQUIRE(!p.options.empty());
        CHECK(p.options.size() <= 6);
        CHECK(p.best == p.options.front().cards);
        CHECK(p.best_expected >= p.played_expected);
        bool passed_shown = false;
        for (const PassOption& o : p.options) {
            CHECK(o.cards.size() == 3);
            CHECK((o.cards & dealt) == o.cards);
            CHECK(o.samples >= 1);
            CHECK(o.samples <= 4);
            passed_shown = passed_shown || o.cards == p.passed;
        }
        CHECK(passed_shown);
        CHECK(p.options.front().samples == 4);
        CHECK((p.flag == FlagClass::None) == (p.shortfall() <= default_thresholds(rules).bid));
    }
    // Each bidder knew its hand after the pass and the three cards it gave.
    HandState st = replay_hand(rules, game.hands[0]);
    for (const BidDecision& d : r.bids) {
        CHECK(d.known == (st.hand(d.seat) | *st.passed(d.seat)));
        CHECK(d.known.size() == 15);
    }
}

// Graded by the game, a pass is valued by the chance of winning with its best contract (by
// that chance); the points stay beside it, as the review by points gives them.
TEST_CASE("Paperless passes graded by the game carry their chance", "[bid_review]") {
    RuleSet rules = preset("paperless");
    WinChanceTable table = WinChanceTable::build(rules, measure_hands(rules, 2000, 3));
    RecordedGame game = one_hand(rules, Seat::West, kPaperlessRuns,
                                 {Bid::tricks(5), Bid::tricks(4), Bid::tricks(3), Bid::tricks(1)});
    ReviewSettings by_game = quick(4);
    by_game.grade = Grade::Game;
    BidReview r = review_bids(game, 0, {}, by_game, &table);
    BidReview points = review_bids(game, 0, {}, quick(4));
    REQUIRE(r.passes.size() == 4);
    for (const PassDecision& p : r.passes) {
        REQUIRE(p.best_chance);
        REQUIRE(p.played_chance);
        CHECK(p.cost_chance() >= 0);
        double best = 0;
        for (const PassOption& o : p.options) {
            REQUIRE(o.chance);
            CHECK(*o.chance >= 0);
            CHECK(*o.chance <= 1);
            if (o.samples == p.options.front().samples) best = std::max(best, *o.chance);
            if (o.cards == p.passed) CHECK(*o.chance == *p.played_chance);
        }
        CHECK(*p.best_chance == best);
        if (p.flag != FlagClass::CloseCall) {
            CHECK(p.flag == classify_chance(p.cost_chance(), by_game.chance_thresholds));
        }
    }
    for (const PassDecision& p : points.passes) CHECK_FALSE(p.best_chance);
}

TEST_CASE("passes of cards no other card separates are worth the same", "[bid_review]") {
    // Why one pass of each class is solved: giving the 9 or the 8 of a suit held with both,
    // nothing between them in the deck, gives layouts that differ only by naming the two
    // cards, and double dummy cannot tell them apart.
    RuleSet rules = preset("paperless");
    Solver solver;
    int compared = 0;
    for (std::uint64_t seed = 1; compared < 6 && seed < 100; ++seed) {
        Deal d = deal_from_seed(seed, rules.deck(), Seat::West);
        CardSet north = d[Seat::North];
        // Two touching cards of North's, either passed with the same two others.
        std::optional<Card> high;
        std::optional<Card> low;
        for (Card c : north) {
            Card above(static_cast<Rank>(static_cast<int>(c.rank()) + 1), c.suit());
            if (c.rank() != Rank::Ace && north.contains(above)) {
                high = above;
                low = c;
                break;
            }
        }
        if (!high) continue;
        // North passes one of the two and two other cards; South passes its three lowest.
        CardSet others;
        for (Card c : north - CardSet{*high, *low}) {
            if (others.size() < 2) others.insert(c);
        }
        CardSet back;
        for (Card c : d[Seat::South]) {
            if (back.size() < 3) back.insert(c);
        }
        int tricks[2];
        for (int k = 0; k < 2; ++k) {
            CardSet pass = others;
            pass.insert(k == 0 ? *high : *low);
            Position p;
            p.rules = rules;
            p.hands = d.hands;
            p.hands[index(Seat::North)] = (north - pass) | back;
            p.hands[index(Seat::South)] = (d[Seat::South] - back) | pass;
            p.to_play = Seat::North;
            tricks[k] = solver.total_tricks(p);
        }
        CHECK(tricks[0] == tricks[1]);
        ++compared;
    }
    CHECK(compared == 6);

    // And the review values two such passes alike.
    RecordedGame a = one_hand(rules, Seat::West, kPaperlessRuns, {});
    RecordedGame b = a;
    a.hands[0].passes[index(Seat::North)] = parse_cards("AS KS QS");
    b.hands[0].passes[index(Seat::North)] = parse_cards("6S 5S 4S");
    BidReview ra = review_bids(a, 0, {}, quick(4));
    BidReview rb = review_bids(b, 0, {}, quick(4));
    CHECK(ra.passes[0].seat == Seat::North);
    CHECK(ra.passes[0].played_expected == rb.passes[0].played_expected);
    CHECK(ra.passes[0].best_expected == rb.passes[0].best_expected);
}

TEST_CASE("a nil not settled within the search's budget is counted and said, par stays exact",
          "[bid_review]") {
    // W deals and N, with no spade and nothing above a six, bids nil and leads.
    RecordedGame game =
        one_hand(preset("classic"), Seat::West,
                 "N:.5432.65432.5432 AKQJT98765432... .AKQJ.AKQ.AKQJT9 .T9876.JT987.876",
                 {Bid::nil(), Bid::tricks(4), Bid::tricks(6), Bid::tricks(1)});
    ReviewSettings s = quick(3);
    BidReview settled = review_bids(game, 0, {}, s);
    REQUIRE(settled.bids.size() == 4);
    CHECK(settled.bids[0].unsettled_nils == 0);
    REQUIRE(settled.bids[0].nil_kept);
    REQUIRE(settled.par.nils.size() == 1);

    // A budget of one position settles no nil of a sampled layout: each is counted (as
    // broken) and reported; par, solved on the deal itself, keeps its exact answer.
    s.nil_node_budget = 1;
    BidReview capped = review_bids(game, 0, {}, s);
    CHECK(capped.bids[0].unsettled_nils == 3);
    CHECK(*capped.bids[0].nil_kept == Approx(0.0));
    CHECK(capped.par.nils[0].kept == settled.par.nils[0].kept);
    CHECK(s.key() != quick(3).key());
    GameReview whole;
    HandReview h;
    h.bidding = capped;
    whole.hands.push_back(h);
    CHECK(format_review(whole, game).find("not settled within the search's budget on 3 layouts") !=
          std::string::npos);
    CHECK(review_from_json(review_to_json(whole, game)).hands[0].bidding.bids[0].unsettled_nils ==
          3);
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
