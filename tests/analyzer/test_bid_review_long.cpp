// The bid review's long cases (tests/CMakeLists.txt): whole bid reviews of Paperless passes,
// of bids and passes graded by the game (from win-chance tables built by value iteration, six
// times slower under the sanitizers) and of a nil past the search's budget, and reviews run
// twice to compare thread counts. They repeat the code of the shorter cases beside them in
// test_bid_review.cpp, which the sanitizers check; the normal build runs these.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "bid_review_helpers.h"
#include "spadework/analyzer/review.h"
#include "spadework/analyzer/simple_bot.h"
#include "spadework/analyzer/winchance.h"

using namespace spadework;
using namespace spadework::analyzer;
using namespace spadework::testing;

namespace {

// A Paperless deal of long runs: passes of equal cards are solved once, so its solves are few.
constexpr const char* kPaperlessRuns =
    "N:AKQJT987654..A. .AKQJT987654.K. ..QJT98765432.A ...KQJT98765432";

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

}  // namespace

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
        // Reviewed part by part, as a batch shares them out (par, each pass, each bid), and
        // merged: the same review.
        s.threads = 1;
        const std::vector<BidPart> parts = bid_parts(game, 0);
        CHECK(parts.size() == 1 + 4 + 4);
        std::vector<BidReview> reviewed;
        for (const BidPart& part : parts) {
            reviewed.push_back(review_bid_part(game, 0, {}, s, part));
        }
        CHECK(same(one, merge_bid_parts(std::move(reviewed))));
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
