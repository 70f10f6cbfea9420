// The worked examples of the five rule documents in shared/seeds/, each checked against the
// preset built from it: 000 paperless, 001 casual, 002 computer, 003 classic, 004 leaflet.
// Where a document is silent or ambiguous, the test checks the preset's choice (see the
// comments in engine/src/rules.cpp) and says so in its name.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "spadework/engine/card.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/error.h"
#include "spadework/engine/game.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/rules.h"
#include "spadework/engine/scoring.h"

using namespace spadework;

namespace {

constexpr Bid B(int n) {
    return Bid::tricks(n);
}
constexpr Bid kNil = Bid::nil();
constexpr Bid kBlind = Bid::blind_nil();

const Team NS = Team::NS;
const Team EW = Team::EW;

// Bids and tricks in seat order N, E, S, W.
HandOutcome hand(std::array<Bid, 4> bids, std::array<int, 4> tricks,
                 std::optional<Team> honours = std::nullopt) {
    HandOutcome o;
    o.bids = bids;
    o.tricks = tricks;
    o.honours = honours;
    return o;
}

int item_sum(const TeamHandScore& t) {
    int sum = 0;
    for (const auto& item : t.items) sum += item.points;
    return sum;
}

const ScoreItem* find_item(const TeamHandScore& t, ScoreItem::Kind kind) {
    for (const auto& item : t.items) {
        if (item.kind == kind) return &item;
    }
    return nullptr;
}

int item_points(const TeamHandScore& t, ScoreItem::Kind kind) {
    int sum = 0;
    for (const auto& item : t.items) {
        if (item.kind == kind) sum += item.points;
    }
    return sum;
}

bool has_item(const TeamHandScore& t, ScoreItem::Kind kind) {
    return find_item(t, kind);
}

// A team's standing as (score, bags), which Catch can print.
std::pair<int, int> standing(const Game& g, Team t) {
    const TeamStanding& st = g.standings()[index(t)];
    return {st.score, st.bags};
}

// Scores a hand and checks what holds for every hand: the outcome is accepted, each team's
// delta is the sum of its items, and the standing after is the standing before plus delta.
HandScore score(const RuleSet& rules, const HandOutcome& o, Standings before = {}) {
    INFO("rules " << rules.name);
    auto problem = check_outcome(rules, o);
    INFO("check_outcome: " << problem.value_or("ok"));
    REQUIRE_FALSE(problem.has_value());
    HandScore s = score_hand(rules, o, before);
    for (Team t : kAllTeams) {
        INFO("team " << team_name(t));
        CHECK(s[t].delta == item_sum(s[t]));
        CHECK(s[t].after.score == before[index(t)].score + s[t].delta);
    }
    return s;
}

// Adds a hand to a game, checking the same things as score().
const HandRecord& add(Game& game, const HandOutcome& o) {
    Standings before = game.standings();
    const HandRecord& rec = game.add_hand(o);
    for (Team t : kAllTeams) {
        INFO("team " << team_name(t));
        CHECK(rec.score[t].delta == item_sum(rec.score[t]));
        CHECK(rec.after[index(t)].score == before[index(t)].score + rec.score[t].delta);
    }
    return rec;
}

}  // namespace

// =========================================================================================
// 000 Paperless Spades (Hugh Aguilar) -> preset "paperless"
// =========================================================================================

TEST_CASE("000 paperless: total tricks exactly equal to the total bid score 2", "[documents]") {
    RuleSet r = preset("paperless");
    // NS bid 3+2=5 and take 3+2; EW bid 4+3=7 and take 4+3. Twelve tricks in all.
    auto s = score(r, hand({B(3), B(4), B(2), B(3)}, {3, 4, 2, 3}));
    CHECK(s[NS].bid == 5);
    CHECK(s[NS].tricks == 5);
    CHECK(s[NS].delta == 2);
    CHECK(item_points(s[NS], ScoreItem::Kind::Exact) == 2);
    CHECK(s[EW].delta == 2);
}

TEST_CASE("000 paperless: total tricks exceeding the total bid score 1", "[documents]") {
    RuleSet r = preset("paperless");
    // NS bid 5 and take 6 (the size of the excess does not matter); EW bid 6 and take 6.
    auto s = score(r, hand({B(3), B(3), B(2), B(3)}, {4, 3, 2, 3}));
    CHECK(s[NS].delta == 1);
    CHECK(item_points(s[NS], ScoreItem::Kind::Over) == 1);
    CHECK(s[EW].delta == 2);

    // Over by three scores the same 1.
    auto s3 = score(r, hand({B(2), B(3), B(1), B(3)}, {4, 3, 2, 3}));
    CHECK(s3[NS].delta == 1);
}

TEST_CASE("000 paperless: total tricks short of the total bid give 2 to the opposing team",
          "[documents]") {
    RuleSet r = preset("paperless");
    // NS bid 6 and take 5: NS score nothing; EW bid 7, take 7 (2) and get 2 for the set.
    auto s = score(r, hand({B(3), B(4), B(3), B(3)}, {3, 4, 2, 3}));
    CHECK(s[NS].delta == 0);
    CHECK(s[EW].delta == 4);
    CHECK(item_points(s[EW], ScoreItem::Kind::OpponentsSet) == 2);
    CHECK(item_points(s[EW], ScoreItem::Kind::Exact) == 2);
    CHECK(s[NS].after.score == 0);
}

TEST_CASE("000 paperless: a nil bidder taking no tricks scores 2 for the team", "[documents]") {
    RuleSet r = preset("paperless");
    // N nil takes 0; S bids 4 and takes 4 (exact: 2); nil made: 2.
    auto s = score(r, hand({kNil, B(4), B(4), B(4)}, {0, 4, 4, 4}));
    CHECK(s[NS].delta == 4);
    CHECK(item_points(s[NS], ScoreItem::Kind::NilMade) == 2);
    CHECK(s[EW].delta == 2);
}

TEST_CASE("000 paperless: a nil bidder taking tricks gives 2 to the opposing team", "[documents]") {
    RuleSet r = preset("paperless");
    // N nil takes 1; S bids 3 and takes 3: the team took 4 against 3, over (1). EW bid 8 and
    // take 8 (2) and win 2 from the failed nil.
    auto s = score(r, hand({kNil, B(4), B(3), B(4)}, {1, 4, 3, 4}));
    CHECK(s[NS].delta == 1);
    CHECK(s[EW].delta == 4);
    CHECK(item_points(s[EW], ScoreItem::Kind::OpponentNilFailed) == 2);
    for (const auto& item : s[NS].items) CHECK(item.points >= 0);
}

TEST_CASE("000 paperless: a nil bidder's tricks count toward the team's total tricks",
          "[documents]") {
    RuleSet r = preset("paperless");
    // N nil takes 2; S bids 4 and takes 2: the team took 4 = its bid of 4, so it scores the 2
    // for exactness (the nil is a side bet: 2 to the opponents).
    auto s = score(r, hand({kNil, B(4), B(4), B(4)}, {2, 4, 2, 4}));
    CHECK(s[NS].bid == 4);
    CHECK(s[NS].tricks == 4);
    CHECK(s[NS].delta == 2);
    CHECK(item_points(s[NS], ScoreItem::Kind::Exact) == 2);
    CHECK(s[EW].delta == 4);
}

TEST_CASE("000 paperless: collecting all four honour cards scores 2", "[documents]") {
    RuleSet r = preset("paperless");
    auto ns = score(r, hand({B(3), B(4), B(2), B(3)}, {3, 4, 2, 3}, NS));
    CHECK(ns[NS].delta == 4);
    CHECK(item_points(ns[NS], ScoreItem::Kind::Honours) == 2);
    CHECK(ns[EW].delta == 2);
    CHECK_FALSE(has_item(ns[EW], ScoreItem::Kind::Honours));

    // Honours count even for a team that fails its bid.
    auto ew = score(r, hand({B(3), B(4), B(2), B(4)}, {3, 4, 2, 3}, EW));
    CHECK(ew[EW].delta == 2);
    CHECK(ew[NS].delta == 4);  // exact 2 + EW's set 2

    auto none = score(r, hand({B(3), B(4), B(2), B(3)}, {3, 4, 2, 3}));
    CHECK(none[NS].delta == 2);
    CHECK(none[EW].delta == 2);
}

TEST_CASE("000 paperless: it is illegal for both team members to bid nil", "[documents]") {
    RuleSet r = preset("paperless");
    CHECK(check_outcome(r, hand({kNil, B(4), kNil, B(4)}, {0, 6, 0, 6})).has_value());
    CHECK_THROWS_AS(score_hand(r, hand({kNil, B(4), kNil, B(4)}, {0, 6, 0, 6}), {}), Error);
    // "although each team can have a player bidding nil"
    CHECK_FALSE(check_outcome(r, hand({kNil, kNil, B(6), B(6)}, {0, 0, 6, 6})).has_value());

    HandState h(r, Seat::West, deal_from_seed(7, r.deck(), Seat::West));
    for (Seat s : kAllSeats) {
        (void)s;
        Seat who = h.to_act();
        CardSet give;
        for (Card c : h.dealt()[who]) {
            if (give.size() < 3) give.insert(c);
        }
        h.pass(who, give);
    }
    REQUIRE(h.phase() == Phase::Bid);
    h.bid(Seat::North, kNil);
    h.bid(Seat::East, B(3));
    auto why = h.check_bid(Seat::South, kNil);
    REQUIRE(why.has_value());
    CHECK(why->reason == IllegalReason::BothPartnersNil);
}

TEST_CASE("000 paperless: there is no double-nil or blind-nil", "[documents]") {
    RuleSet r = preset("paperless");
    CHECK_FALSE(r.blind_nil_allowed);
    CHECK(check_outcome(r, hand({kBlind, B(4), B(4), B(4)}, {0, 4, 4, 4})).has_value());
    CHECK_THROWS_AS(score_hand(r, hand({kBlind, B(4), B(4), B(4)}, {0, 4, 4, 4}), {}), Error);
}

TEST_CASE("000 paperless: the 2 and 3 of spades and hearts are removed, twelve cards each",
          "[documents]") {
    RuleSet r = preset("paperless");
    CHECK(r.hand_size() == 12);
    CardSet deck = r.deck();
    CHECK(deck.size() == 48);
    for (const char* removed : {"2S", "3S", "2H", "3H"}) {
        INFO(removed);
        CHECK_FALSE(deck.contains(parse_card(removed)));
    }
    CHECK(deck.count(Suit::Spades) == 11);  // "there are only eleven spades available"
    CHECK(deck.count(Suit::Hearts) == 11);  // "only eleven hearts available"
    for (std::uint64_t seed : {1ull, 2ull, 2003ull}) {
        Deal d = deal_from_seed(seed, deck, Seat::North);
        CHECK(d.all() == deck);
        CHECK_FALSE(check_deal(d, deck).has_value());
        for (Seat s : kAllSeats) CHECK(d[s].size() == 12);
    }
    // A hand is twelve tricks.
    CHECK_FALSE(check_outcome(r, hand({B(3), B(3), B(3), B(3)}, {3, 3, 3, 3})).has_value());
    CHECK(check_outcome(r, hand({B(3), B(3), B(3), B(3)}, {4, 3, 3, 3})).has_value());
}

TEST_CASE("000 paperless: each player passes three cards to partner, not those received",
          "[documents]") {
    RuleSet r = preset("paperless");
    CHECK(r.pass_cards == 3);
    Deal d = deal_from_seed(11, r.deck(), Seat::South);
    HandState h(r, Seat::South, d);
    REQUIRE(h.phase() == Phase::Pass);
    CHECK(h.to_act() == Seat::West);  // from the dealer's left
    // W passes first; its partner E then may not pass on a card received from W.
    CardSet w_gives;
    for (Card c : d[Seat::West]) {
        if (w_gives.size() < 3) w_gives.insert(c);
    }
    h.pass(Seat::West, w_gives);
    CHECK(h.to_act() == Seat::North);
    CardSet n_gives;
    for (Card c : d[Seat::North]) {
        if (n_gives.size() < 3) n_gives.insert(c);
    }
    h.pass(Seat::North, n_gives);
    REQUIRE(h.to_act() == Seat::East);
    CardSet e_own;
    for (Card c : d[Seat::East]) {
        if (e_own.size() < 2) e_own.insert(c);
    }
    Card received = *w_gives.begin();
    CardSet bad = e_own;
    bad.insert(received);
    CHECK(h.check_pass(Seat::East, bad).has_value());
    CHECK_THROWS_AS(h.pass(Seat::East, bad), IllegalActionError);
}

TEST_CASE("000 paperless: a set ends when a score passes five, the higher score winning",
          "[documents]") {
    RuleSet r = preset("paperless");
    CHECK(r.target == 6);  // "more than five points"
    Game g(r);
    CHECK(g.current_target() == 6);
    // NS bid 6 and take 6 (2); EW bid 7 and take 6, set: 2 more to NS.
    add(g, hand({B(3), B(4), B(3), B(3)}, {3, 3, 3, 3}));
    CHECK(g.standings()[0].score == 4);
    CHECK(g.standings()[1].score == 0);
    CHECK_FALSE(g.over());
    // NS in the barn at 4... NS bid 5 take 5 (2) -> 6; EW bid 6 take 7 (1) with honours (2) -> 3.
    add(g, hand({B(3), B(3), B(2), B(3)}, {3, 4, 2, 3}, EW));
    CHECK(g.standings()[0].score == 6);
    CHECK(g.standings()[1].score == 3);
    REQUIRE(g.over());
    const GameResult& res = *g.result();
    REQUIRE(res.winner.has_value());
    CHECK(*res.winner == NS);
    CHECK(res.reason == EndReason::Target);
    CHECK(res.margin == 3);  // "the losing team should pay the winning team the difference"
    CHECK(res.final[0].score == 6);
    CHECK(res.final[1].score == 3);
    CHECK(res.overtime_sets == 0);
    CHECK_THROWS_AS(g.add_hand(hand({B(3), B(3), B(3), B(3)}, {3, 3, 3, 3})), Error);
}

TEST_CASE("000 paperless: both teams past five, the higher score wins by the difference",
          "[documents]") {
    RuleSet r = preset("paperless");
    Game g(r);
    auto both_exact = hand({B(3), B(3), B(3), B(3)}, {3, 3, 3, 3});
    add(g, both_exact);
    add(g, both_exact);
    CHECK(g.standings()[0].score == 4);
    CHECK(g.standings()[1].score == 4);
    CHECK_FALSE(g.over());
    // Both exact again, NS with the honours: 8 to 6.
    add(g, hand({B(3), B(3), B(3), B(3)}, {3, 3, 3, 3}, NS));
    REQUIRE(g.over());
    CHECK(*g.result()->winner == NS);
    CHECK(g.result()->margin == 2);
    CHECK(g.result()->final[0].score == 8);
    CHECK(g.result()->final[1].score == 6);
}

TEST_CASE(
    "000 paperless: a tied set leads to an overtime set to more than two, and a tied "
    "overtime set to another",
    "[documents]") {
    RuleSet r = preset("paperless");
    CHECK(r.on_tie == OnTie::Overtime);
    CHECK(r.overtime_target == 3);
    Game g(r);
    auto both_exact = hand({B(3), B(3), B(3), B(3)}, {3, 3, 3, 3});
    add(g, both_exact);
    add(g, both_exact);
    const HandRecord& tie = add(g, both_exact);  // 6 - 6
    CHECK(tie.after[0].score == 6);
    CHECK(tie.after[1].score == 6);
    CHECK(tie.tie_to_overtime);
    CHECK_FALSE(g.over());
    CHECK(g.overtime_sets() == 1);
    CHECK(g.current_target() == 3);
    CHECK(g.standings()[0].score == 0);  // "the scores are reset to zero"
    CHECK(g.standings()[1].score == 0);

    const HandRecord& ot1 = add(g, both_exact);  // 2 - 2: nobody over two
    CHECK_FALSE(ot1.tie_to_overtime);
    CHECK_FALSE(g.over());
    CHECK(g.standings()[0].score == 2);
    const HandRecord& ot2 = add(g, both_exact);  // 4 - 4: tied overtime set
    CHECK(ot2.after[0].score == 4);
    CHECK(ot2.tie_to_overtime);
    CHECK_FALSE(g.over());
    CHECK(g.overtime_sets() == 2);
    CHECK(g.current_target() == 3);
    CHECK(g.standings()[0].score == 0);
    CHECK(g.standings()[1].score == 0);

    // NS exact (2) and EW set (2 to NS): 4 - 0 ends the second overtime set.
    add(g, hand({B(3), B(4), B(3), B(3)}, {3, 3, 3, 3}));
    REQUIRE(g.over());
    CHECK(*g.result()->winner == NS);
    CHECK(g.result()->margin == 4);
    CHECK(g.result()->overtime_sets == 2);
    CHECK(g.result()->final[0].score == 4);
    CHECK(g.result()->final[1].score == 0);
}

TEST_CASE("000 paperless: an overtime set ends when one team alone scores more than two",
          "[documents]") {
    RuleSet r = preset("paperless");
    Game g(r);
    auto both_exact = hand({B(3), B(3), B(3), B(3)}, {3, 3, 3, 3});
    for (int i = 0; i < 3; ++i) add(g, both_exact);
    REQUIRE(g.overtime_sets() == 1);
    // NS over (1), EW exact (2): 1 - 2, not over.
    add(g, hand({B(3), B(3), B(2), B(3)}, {3, 3, 3, 3}));
    CHECK_FALSE(g.over());
    // NS exact (2), EW exact (2) with honours (2): 3 - 6.
    add(g, hand({B(3), B(3), B(3), B(3)}, {3, 3, 3, 3}, EW));
    REQUIRE(g.over());
    CHECK(*g.result()->winner == EW);
    CHECK(g.result()->margin == 3);
    CHECK(g.result()->overtime_sets == 1);
}

// =========================================================================================
// 001 -> preset "casual"
// =========================================================================================

TEST_CASE("001 casual: A bids 2 and C bids 3, taking 5 tricks together scores 50", "[documents]") {
    RuleSet r = preset("casual");
    // A = North, C = South. A takes 1 and C takes 4: only the team's total counts.
    auto s = score(r, hand({B(2), B(4), B(3), B(4)}, {1, 4, 4, 4}));
    CHECK(s[NS].bid == 5);
    CHECK(s[NS].tricks == 5);
    CHECK(s[NS].delta == 50);
    CHECK(s[NS].bags_added == 0);
}

TEST_CASE("001 casual: bid 5 and take 7 scores 52 (two bags)", "[documents]") {
    RuleSet r = preset("casual");
    auto s = score(r, hand({B(2), B(3), B(3), B(3)}, {3, 3, 4, 3}));
    CHECK(s[NS].delta == 52);
    CHECK(item_points(s[NS], ScoreItem::Kind::ContractMade) == 50);
    CHECK(item_points(s[NS], ScoreItem::Kind::Overtricks) == 2);
    CHECK(s[NS].bags_added == 2);
    CHECK(s[NS].after.bags == 2);
}

TEST_CASE("001 casual: a team that does not win the tricks bid scores 0 for the hand",
          "[documents]") {
    RuleSet r = preset("casual");
    for (int taken = 0; taken <= 4; ++taken) {
        INFO("NS bid 5 and took " << taken);
        auto s = score(r, hand({B(2), B(4), B(3), B(4)}, {taken, 13 - taken - 4, 0, 4}),
                       Standings{TeamStanding{120, 3}, TeamStanding{80, 1}});
        CHECK(s[NS].delta == 0);
        CHECK(s[NS].after.score == 120);
        CHECK(s[NS].after.bags == 3);
    }
}

TEST_CASE("001 casual: for every 10 bags a team collects, 100 points are subtracted",
          "[documents]") {
    RuleSet r = preset("casual");
    // 9 bags before; bid 5 take 6: 51, the tenth bag, -100.
    auto s = score(r, hand({B(2), B(4), B(3), B(3)}, {3, 4, 3, 3}),
                   Standings{TeamStanding{200, 9}, TeamStanding{0, 0}});
    CHECK(s[NS].delta == 51 - 100);
    CHECK(s[NS].bag_penalties == 1);
    CHECK(item_points(s[NS], ScoreItem::Kind::BagPenalty) == -100);
    CHECK(s[NS].after.bags == 0);
    CHECK(s[NS].after.score == 151);
}

TEST_CASE("001 casual: A bids nil and takes 2, C bids 4 and takes 3: the team scores -100",
          "[documents]") {
    RuleSet r = preset("casual");
    // "The team would lose 100 points for the failed Nil bid and would receive 0 points for
    // Player C." C counts only C's own 3 tricks against 4.
    auto s = score(r, hand({kNil, B(4), B(4), B(4)}, {2, 4, 3, 4}));
    CHECK(s[NS].bid == 4);
    CHECK(s[NS].tricks == 3);
    CHECK(s[NS].delta == -100);
    CHECK(item_points(s[NS], ScoreItem::Kind::NilFailed) == -100);
    CHECK(s[EW].delta == 80);
}

TEST_CASE("001 casual: a nil bidder who takes no tricks earns the team 100", "[documents]") {
    RuleSet r = preset("casual");
    auto s = score(r, hand({kNil, B(4), B(4), B(4)}, {0, 4, 5, 4}));
    CHECK(s[NS].delta == 100 + 41);
    CHECK(item_points(s[NS], ScoreItem::Kind::NilMade) == 100);
}

TEST_CASE("001 casual: no blind nil (preset: none written, none allowed)", "[documents]") {
    RuleSet r = preset("casual");
    CHECK(check_outcome(r, hand({kBlind, B(4), B(4), B(4)}, {0, 4, 5, 4})).has_value());
    CHECK_FALSE(check_outcome(r, hand({kNil, B(4), B(4), B(4)}, {0, 4, 5, 4})).has_value());
}

TEST_CASE("001 casual: games are played to 500 points, the highest score winning", "[documents]") {
    RuleSet r = preset("casual");
    CHECK(r.target == 500);
    Game g(r);
    // NS bid 7 take 7 (70), EW bid 6 take 6 (60), seven times: 490 - 420.
    for (int i = 0; i < 7; ++i) add(g, hand({B(4), B(3), B(3), B(3)}, {4, 3, 3, 3}));
    CHECK(g.standings()[0].score == 490);
    CHECK(g.standings()[1].score == 420);
    CHECK_FALSE(g.over());
    add(g, hand({B(4), B(3), B(3), B(3)}, {4, 3, 3, 3}));
    REQUIRE(g.over());
    CHECK(*g.result()->winner == NS);
    CHECK(g.result()->reason == EndReason::Target);
    CHECK(g.result()->margin == 560 - 480);
}

// =========================================================================================
// 002 -> preset "computer"
// =========================================================================================

TEST_CASE("002 computer: bid 3 and win 5 scores 32", "[documents]") {
    RuleSet r = preset("computer");
    // NS bid 2+1 and win 3+2; EW bid 4+4 and win 4+4.
    auto s = score(r, hand({B(2), B(4), B(1), B(4)}, {3, 4, 2, 4}));
    CHECK(s[NS].bid == 3);
    CHECK(s[NS].tricks == 5);
    CHECK(s[NS].delta == 32);
    CHECK(s[EW].delta == 80);
}

TEST_CASE("002 computer: a bid not completed loses 10 for every trick not won", "[documents]") {
    RuleSet r = preset("computer");
    for (int taken = 0; taken <= 4; ++taken) {
        INFO("NS bid 5 and won " << taken);
        auto s = score(r, hand({B(3), B(4), B(2), B(4)}, {taken, 13 - taken - 4, 0, 4}));
        CHECK(s[NS].delta == -10 * (5 - taken));
    }
}

TEST_CASE("002 computer: the bid ranges from nil to 10", "[documents]") {
    RuleSet r = preset("computer");
    CHECK(r.highest_bid() == 10);
    CHECK_FALSE(check_outcome(r, hand({B(10), B(1), B(1), B(1)}, {10, 1, 1, 1})).has_value());
    CHECK(check_outcome(r, hand({B(11), B(1), B(1), B(1)}, {10, 1, 1, 1})).has_value());
    CHECK_THROWS_AS(score_hand(r, hand({B(11), B(1), B(1), B(1)}, {10, 1, 1, 1}), {}), Error);
}

TEST_CASE("002 computer: nil made earns a 100 bonus, nil failed a 100 penalty", "[documents]") {
    RuleSet r = preset("computer");
    auto made = score(r, hand({kNil, B(4), B(4), B(4)}, {0, 4, 4, 5}));
    CHECK(made[NS].delta == 100 + 40);
    auto failed = score(r, hand({kNil, B(4), B(4), B(4)}, {1, 4, 4, 4}));
    CHECK(failed[NS].delta == -100 + 40);
}

TEST_CASE("002 computer: both partners may bid nil: both make +200, both fail -200, one each 0",
          "[documents]") {
    RuleSet r = preset("computer");
    CHECK(r.both_nil_allowed);
    SECTION("the partnership takes no tricks: 200 bonus") {
        auto s = score(r, hand({kNil, B(6), kNil, B(7)}, {0, 6, 0, 7}));
        CHECK(s[NS].delta == 200);
        CHECK(s[EW].delta == 130);
    }
    SECTION("both take tricks: 200 penalty") {
        auto s = score(r, hand({kNil, B(5), kNil, B(5)}, {1, 5, 2, 5}));
        CHECK(s[NS].delta == -200);
        CHECK(s[EW].delta == 100);
    }
    SECTION("one wins a trick and the other does not: 0") {
        auto s = score(r, hand({kNil, B(5), kNil, B(5)}, {0, 5, 3, 5}));
        CHECK(s[NS].delta == 0);
    }
}

TEST_CASE(
    "002 computer: double nil is a blind nil worth 200: both make +400, both fail -400, "
    "one each 0",
    "[documents]") {
    RuleSet r = preset("computer");
    CHECK(r.blind_nil_allowed);
    CHECK(r.blind_nil_points == 200);
    CHECK(r.blind_nil_exchange == 3);
    SECTION("one player's double nil: +200 or -200") {
        auto made = score(r, hand({kBlind, B(5), B(3), B(5)}, {0, 5, 3, 5}));
        CHECK(made[NS].delta == 200 + 30);
        CHECK(item_points(made[NS], ScoreItem::Kind::BlindNilMade) == 200);
        auto failed = score(r, hand({kBlind, B(5), B(3), B(4)}, {1, 5, 3, 4}));
        CHECK(failed[NS].delta == -200 + 30);
        CHECK(item_points(failed[NS], ScoreItem::Kind::BlindNilFailed) == -200);
    }
    SECTION("the partnership's double nil succeeds: 400 bonus") {
        auto s = score(r, hand({kBlind, B(6), kBlind, B(7)}, {0, 6, 0, 7}));
        CHECK(s[NS].delta == 400);
    }
    SECTION("both win tricks: 400 penalty") {
        auto s = score(r, hand({kBlind, B(5), kBlind, B(5)}, {2, 5, 1, 5}));
        CHECK(s[NS].delta == -400);
    }
    SECTION("one wins a trick and the other does not: the bonus and penalty cancel") {
        auto s = score(r, hand({kBlind, B(5), kBlind, B(5)}, {1, 5, 0, 7}));
        CHECK(s[NS].delta == 0);
    }
}

TEST_CASE(
    "002 computer: read literally, the partnership that bid nil and wins any trick gets a 200 "
    "point penalty (both_nil_scoring=together)",
    "[documents]") {
    // "If the partnership bids nil and succeeds in winning NO tricks then they get a 200 point
    // bonus." / "if the partnership wins any trick then they get a 200 point penalty."
    // The preset scores each nil on its own (one made, one failed: 0); the literal reading
    // is a setting.
    CHECK(preset("computer").both_nil_scoring == BothNil::Each);
    RuleSet r = make_rules("computer", {"both_nil_scoring=together"});
    SECTION("N takes none and S takes 3: the partnership won a trick, -200 (each: 0)") {
        auto out = hand({kNil, B(5), kNil, B(5)}, {0, 5, 3, 5});
        auto s = score(r, out);
        CHECK(s[NS].delta == -200);
        CHECK(item_points(s[NS], ScoreItem::Kind::NilFailed) == -200);
        CHECK_FALSE(has_item(s[NS], ScoreItem::Kind::NilMade));
        CHECK(s[EW].delta == 100);
        CHECK(score(preset("computer"), out)[NS].delta == 0);
    }
    SECTION("neither takes a trick: +200, as when each is scored alone") {
        auto s = score(r, hand({kNil, B(6), kNil, B(7)}, {0, 6, 0, 7}));
        CHECK(s[NS].delta == 200);
    }
    SECTION("both take tricks: -200, not -400") {
        auto s = score(r, hand({kNil, B(5), kNil, B(5)}, {1, 5, 2, 5}));
        CHECK(s[NS].delta == -200);
    }
    SECTION("double nil: the partnership wins a trick, -400 (each: the two cancel, 0)") {
        // "the partnership gets a 400 point penalty for winning any trick"
        auto s = score(r, hand({kBlind, B(5), kBlind, B(5)}, {1, 5, 0, 7}));
        CHECK(s[NS].delta == -400);
    }
    SECTION("one nil alone is scored as before") {
        auto s = score(r, hand({kNil, B(4), B(4), B(4)}, {1, 4, 4, 4}));
        CHECK(s[NS].delta == -100 + 40);
    }
}

TEST_CASE("002 computer: no bag penalty (preset: none written, none applied)", "[documents]") {
    RuleSet r = preset("computer");
    Game g(r);
    // NS bid 3 and win 6 (33) four times: twelve overtricks, no penalty.
    for (int i = 0; i < 4; ++i) {
        const HandRecord& rec = add(g, hand({B(2), B(3), B(1), B(4)}, {3, 3, 3, 4}));
        CHECK(rec.score[NS].delta == 33);
        CHECK(rec.score[NS].bag_penalties == 0);
        CHECK_FALSE(has_item(rec.score[NS], ScoreItem::Kind::BagPenalty));
    }
    CHECK(g.standings()[0].score == 132);
}

TEST_CASE("002 computer: the first pair to reach 500 points wins by default", "[documents]") {
    RuleSet r = preset("computer");
    CHECK(r.target == 500);
    Game g(r);
    // NS bid 10 and win 10 (100); EW bid 3 and win 3 (30).
    for (int i = 0; i < 4; ++i) add(g, hand({B(5), B(2), B(5), B(1)}, {5, 2, 5, 1}));
    CHECK(g.standings()[0].score == 400);
    CHECK_FALSE(g.over());
    add(g, hand({B(5), B(2), B(5), B(1)}, {5, 2, 5, 1}));
    REQUIRE(g.over());
    CHECK(*g.result()->winner == NS);
    CHECK(g.result()->margin == 500 - 150);
}

// =========================================================================================
// 003 Joe Andrews -> preset "classic"
// =========================================================================================

TEST_CASE("003 classic: bid 2 and 4, each takes 3: the combined bid of 6 earns 60", "[documents]") {
    RuleSet r = preset("classic");
    auto s = score(r, hand({B(2), B(3), B(4), B(3)}, {3, 3, 3, 4}));
    CHECK(s[NS].bid == 6);
    CHECK(s[NS].tricks == 6);
    CHECK(s[NS].delta == 60);
}

TEST_CASE("003 classic: 10 per trick bid plus one per additional trick", "[documents]") {
    RuleSet r = preset("classic");
    auto s = score(r, hand({B(2), B(3), B(4), B(2)}, {4, 3, 4, 2}));
    CHECK(s[NS].delta == 62);
    CHECK(s[NS].bags_added == 2);
    CHECK(s[NS].after.bags == 2);
}

TEST_CASE("003 classic: bid 7 and take 0-6 tricks scores -70", "[documents]") {
    RuleSet r = preset("classic");
    for (int taken = 0; taken <= 6; ++taken) {
        INFO("NS bid 7 and took " << taken);
        auto s = score(r, hand({B(4), B(3), B(3), B(3)}, {taken, 13 - taken, 0, 0}));
        CHECK(s[NS].delta == -70);
        CHECK(item_points(s[NS], ScoreItem::Kind::ContractSet) == -70);
    }
}

TEST_CASE("003 classic: nil scores +100 or -100, the partner scoring separately on own tricks",
          "[documents]") {
    RuleSet r = preset("classic");
    SECTION("nil made, partner makes 4 with an overtrick") {
        auto s = score(r, hand({kNil, B(4), B(4), B(4)}, {0, 4, 5, 4}));
        CHECK(s[NS].delta == 100 + 41);
        CHECK(item_points(s[NS], ScoreItem::Kind::NilMade) == 100);
    }
    SECTION("nil failed with one trick or with four: -100 regardless") {
        for (int nil_tricks : {1, 4}) {
            INFO("nil took " << nil_tricks);
            auto s = score(r, hand({kNil, B(4), B(4), B(3)}, {nil_tricks, 9 - nil_tricks, 4, 0}));
            CHECK(item_points(s[NS], ScoreItem::Kind::NilFailed) == -100);
            CHECK(item_points(s[NS], ScoreItem::Kind::ContractMade) == 40);
            CHECK(s[NS].tricks == 4);
        }
    }
    SECTION("tricks taken by a nil bidder do not count toward the partner's total") {
        // N nil takes 2, S bids 4 and takes 3: 5 between them, but S is set on 3 of 4.
        auto s = score(r, hand({kNil, B(4), B(4), B(4)}, {2, 4, 3, 4}));
        CHECK(s[NS].tricks == 3);
        CHECK(s[NS].delta == -100 - 40);
        CHECK(item_points(s[NS], ScoreItem::Kind::ContractSet) == -40);
    }
}

TEST_CASE("003 classic: blind nil scores +200 or -200", "[documents]") {
    RuleSet r = preset("classic");
    auto made = score(r, hand({kBlind, B(4), B(5), B(4)}, {0, 4, 5, 4}));
    CHECK(made[NS].delta == 200 + 50);
    CHECK(item_points(made[NS], ScoreItem::Kind::BlindNilMade) == 200);
    auto failed = score(r, hand({kBlind, B(4), B(5), B(4)}, {2, 4, 5, 2}));
    CHECK(failed[NS].delta == -200 + 50);
    CHECK(item_points(failed[NS], ScoreItem::Kind::BlindNilFailed) == -200);
}

TEST_CASE("003 classic: an accumulation of 10 bags costs 100", "[documents]") {
    RuleSet r = preset("classic");
    auto s = score(r, hand({B(2), B(4), B(3), B(3)}, {3, 4, 3, 3}),
                   Standings{TeamStanding{300, 9}, TeamStanding{0, 0}});
    CHECK(s[NS].delta == 51 - 100);
    CHECK(s[NS].bag_penalties == 1);
    CHECK(s[NS].after.bags == 0);
    CHECK(s[NS].after.score == 251);

    auto under = score(r, hand({B(2), B(4), B(3), B(3)}, {3, 4, 3, 3}),
                       Standings{TeamStanding{300, 8}, TeamStanding{0, 0}});
    CHECK(under[NS].delta == 51);
    CHECK(under[NS].bag_penalties == 0);
    CHECK(under[NS].after.bags == 9);
}

TEST_CASE("003 classic: a team whose score falls to -250 or below loses", "[documents]") {
    RuleSet r = preset("classic");
    REQUIRE(r.loss_limit.has_value());
    CHECK(*r.loss_limit == -250);
    SECTION("exactly -250") {
        Game g(r);
        // NS bid 13 and take none: -130; EW bid 13 and take all: 130.
        add(g, hand({B(7), B(6), B(6), B(7)}, {0, 6, 0, 7}));
        CHECK_FALSE(g.over());
        // NS bid 12 and take none: -250.
        add(g, hand({B(6), B(6), B(6), B(7)}, {0, 6, 0, 7}));
        CHECK(g.standings()[0].score == -250);
        REQUIRE(g.over());
        CHECK(*g.result()->winner == EW);
        CHECK(g.result()->reason == EndReason::LossLimit);
        CHECK(g.result()->margin == 260 - -250);
    }
    SECTION("-240 plays on") {
        Game g(r);
        add(g, hand({B(6), B(6), B(6), B(7)}, {0, 6, 0, 7}));
        add(g, hand({B(6), B(6), B(6), B(7)}, {0, 6, 0, 7}));
        CHECK(g.standings()[0].score == -240);
        CHECK_FALSE(g.over());
    }
}

namespace {
// NS bid 6 take 6 (60), EW bid 7 take 7 (70) / the other way round.
HandOutcome ns60_ew70() {
    return hand({B(3), B(4), B(3), B(3)}, {3, 4, 3, 3});
}
HandOutcome ns70_ew60() {
    return hand({B(4), B(3), B(3), B(3)}, {4, 3, 3, 3});
}
// NS bid 6 take 7 (61), EW bid 6 take 6 (60) / the other way round.
HandOutcome ns61_ew60() {
    return hand({B(3), B(3), B(3), B(3)}, {4, 3, 3, 3});
}
HandOutcome ns60_ew61() {
    return hand({B(3), B(3), B(3), B(3)}, {3, 4, 3, 3});
}
}  // namespace

TEST_CASE("003 classic: the first team to reach 500 wins", "[documents]") {
    RuleSet r = preset("classic");
    CHECK(r.target == 500);
    Game g(r);
    for (int i = 0; i < 3; ++i) {
        add(g, ns60_ew70());
        add(g, ns70_ew60());
    }
    add(g, ns60_ew70());  // 450 - 460
    CHECK(g.standings()[0].score == 450);
    CHECK(g.standings()[1].score == 460);
    CHECK_FALSE(g.over());
    // NS bid 5 take 5: exactly 500. EW bid 9 take 8: -90.
    add(g, hand({B(3), B(5), B(2), B(4)}, {3, 4, 2, 4}));
    REQUIRE(g.over());
    CHECK(*g.result()->winner == NS);
    CHECK(g.result()->reason == EndReason::Target);
    CHECK(g.result()->final[0].score == 500);
    CHECK(g.result()->final[1].score == 370);
    CHECK(g.result()->margin == 130);
}

TEST_CASE("003 classic: both teams past 500 in the same hand: the higher score wins",
          "[documents]") {
    RuleSet r = preset("classic");
    Game g(r);
    for (int i = 0; i < 3; ++i) {
        add(g, ns60_ew70());
        add(g, ns70_ew60());
    }
    add(g, ns60_ew70());  // 450 - 460
    CHECK_FALSE(g.over());
    add(g, ns60_ew70());  // 510 - 530
    REQUIRE(g.over());
    CHECK(*g.result()->winner == EW);
    CHECK(g.result()->margin == 20);
}

TEST_CASE("003 classic: level past 500, play on until the tie is broken (preset: on_tie=play_on)",
          "[documents]") {
    RuleSet r = preset("classic");
    CHECK(r.on_tie == OnTie::PlayOn);
    Game g(r);
    for (int i = 0; i < 3; ++i) {
        add(g, ns60_ew70());
        add(g, ns70_ew60());
    }
    add(g, ns61_ew60());  // 451 - 450
    CHECK_FALSE(g.over());
    const HandRecord& level = add(g, ns60_ew61());  // 511 - 511
    CHECK(g.standings()[0].score == 511);
    CHECK(g.standings()[1].score == 511);
    CHECK_FALSE(level.tie_to_overtime);
    CHECK_FALSE(g.over());
    add(g, ns60_ew70());  // 571 - 581
    REQUIRE(g.over());
    CHECK(*g.result()->winner == EW);
    CHECK(g.result()->margin == 10);
}

TEST_CASE("003 classic: a tournament game limit of 12 hands (hand_limit=12)", "[documents]") {
    RuleSet r = make_rules("classic", {"hand_limit=12"});
    Game g(r);
    // NS bid 7 take 7 / EW bid 7 take 6, then the other way round: the scores swing 70/-70.
    auto ns_made = hand({B(4), B(4), B(3), B(3)}, {4, 3, 3, 3});
    auto ew_made = hand({B(4), B(4), B(3), B(3)}, {3, 4, 3, 3});
    for (int i = 0; i < 11; ++i) add(g, i % 2 == 0 ? ns_made : ew_made);
    CHECK(g.standings()[0].score == 70);
    CHECK(g.standings()[1].score == -70);
    CHECK_FALSE(g.over());
    // NS bid 3 take 3 (30), EW bid 10 take 10 (100): 100 - 30 after twelve hands.
    add(g, hand({B(2), B(5), B(1), B(5)}, {2, 5, 1, 5}));
    REQUIRE(g.over());
    CHECK(g.result()->reason == EndReason::HandLimit);
    CHECK(*g.result()->winner == NS);
    CHECK(g.result()->margin == 70);
}

// =========================================================================================
// 004 Players' leaflet -> preset "leaflet"
// =========================================================================================

TEST_CASE("004 leaflet: bid 3 and 2, win 5: 50", "[documents]") {
    RuleSet r = preset("leaflet");
    auto s = score(r, hand({B(3), B(4), B(2), B(4)}, {2, 4, 3, 4}));
    CHECK(s[NS].delta == 50);
}

TEST_CASE("004 leaflet: bid five and win seven: 50+2 points and 2 sandbags", "[documents]") {
    RuleSet r = preset("leaflet");
    auto s = score(r, hand({B(3), B(3), B(2), B(3)}, {4, 3, 3, 3}));
    CHECK(s[NS].delta == 52);
    CHECK(s[NS].bags_added == 2);
    CHECK(s[NS].after.bags == 2);
}

TEST_CASE("004 leaflet: bid 3 and 2 (5) and get only 4: lose 50", "[documents]") {
    RuleSet r = preset("leaflet");
    for (int taken = 0; taken <= 4; ++taken) {
        INFO("NS bid 5 and took " << taken);
        auto s = score(r, hand({B(3), B(4), B(2), B(4)}, {taken, 13 - taken - 4, 0, 4}));
        CHECK(s[NS].delta == -50);  // "It doesn't matter by how many tricks an underbid fails."
    }
}

TEST_CASE("004 leaflet: bids may range up to 13", "[documents]") {
    RuleSet r = preset("leaflet");
    CHECK(r.highest_bid() == 13);
    auto s = score(r, hand({B(13), B(1), kNil, B(1)}, {13, 0, 0, 0}));
    CHECK(item_points(s[NS], ScoreItem::Kind::ContractMade) == 130);
}

TEST_CASE("004 leaflet: getting a zero gains 100, a zero-bidder winning a trick loses 100",
          "[documents]") {
    RuleSet r = preset("leaflet");
    auto made = score(r, hand({kNil, B(4), B(4), B(4)}, {0, 4, 4, 5}));
    CHECK(made[NS].delta == 140);
    CHECK(item_points(made[NS], ScoreItem::Kind::NilMade) == 100);
    auto failed = score(r, hand({kNil, B(4), B(4), B(4)}, {1, 4, 4, 4}));
    CHECK(item_points(failed[NS], ScoreItem::Kind::NilFailed) == -100);
}

TEST_CASE(
    "004 leaflet: one bag for every trick that the zero bidder wins, and no points, the "
    "tricks not counting for the partner",
    "[documents]") {
    RuleSet r = preset("leaflet");
    CHECK(r.nil_tricks == NilTricks::BagsOnly);
    // N zero takes 2; S bids 4 and takes 4: -100 + 40, and 2 bags. "The pair also gets one
    // bag for every trick that the zero bidder wins": bags, not points (only the partner's
    // "extra, unbid trick" is worth "1 point").
    auto s = score(r, hand({kNil, B(4), B(4), B(3)}, {2, 4, 4, 3}));
    CHECK(s[NS].tricks == 4);
    CHECK(s[NS].bags_added == 2);
    CHECK(s[NS].after.bags == 2);
    CHECK(item_points(s[NS], ScoreItem::Kind::NilFailed) == -100);
    CHECK(item_points(s[NS], ScoreItem::Kind::ContractMade) == 40);
    const ScoreItem* bags = find_item(s[NS], ScoreItem::Kind::NilTrickBags);
    REQUIRE(bags != nullptr);
    CHECK(bags->bags == 2);
    CHECK(bags->points == 0);
    CHECK(s[NS].delta == -100 + 40);

    // The zero's 2 tricks do not help the partner: S bids 4 and takes 3, set.
    auto set = score(r, hand({kNil, B(4), B(4), B(4)}, {2, 4, 3, 4}));
    CHECK(set[NS].tricks == 3);
    CHECK(item_points(set[NS], ScoreItem::Kind::ContractSet) == -40);
    CHECK(set[NS].bags_added == 2);
}

TEST_CASE("004 leaflet: the zero-bidder's partner bids 7 and gets 6: -70 whatever the zero does",
          "[documents]") {
    RuleSet r = preset("leaflet");
    SECTION("the zero is made") {
        auto s = score(r, hand({kNil, B(4), B(7), B(3)}, {0, 4, 6, 3}));
        CHECK(item_points(s[NS], ScoreItem::Kind::ContractSet) == -70);
        CHECK(s[NS].delta == 100 - 70);
    }
    SECTION("the zero fails with one trick: 7 tricks between them, still -70") {
        auto s = score(r, hand({kNil, B(3), B(7), B(3)}, {1, 3, 6, 3}));
        CHECK(s[NS].tricks == 6);
        CHECK(item_points(s[NS], ScoreItem::Kind::ContractSet) == -70);
        CHECK(item_points(s[NS], ScoreItem::Kind::NilFailed) == -100);
        CHECK(s[NS].bags_added == 1);
    }
}

TEST_CASE(
    "004 leaflet: the zero bidder wins 1 and the partner bids 7 and gets 6: -170 and 1 bag "
    "(issue 20's tally)",
    "[documents]") {
    // `tally --rules leaflet --bids nil,3,7,3 --tricks 1,3,6,3`: the zero failed (-100), the
    // partner short of 7 (-70), and "one bag for every trick that the zero bidder wins".
    auto out = hand({kNil, B(3), B(7), B(3)}, {1, 3, 6, 3});
    auto s = score(preset("leaflet"), out);
    CHECK(s[NS].delta == -170);
    CHECK(s[NS].after.bags == 1);
    // The other reading, settable: each of those bags also scores a point.
    auto pointed = score(make_rules("leaflet", {"nil_tricks=bags_and_points"}), out);
    CHECK(pointed[NS].delta == -169);
    CHECK(pointed[NS].after.bags == 1);
}

TEST_CASE("004 leaflet: ten sandbags are knocked off with 100 points, any above ten carry",
          "[documents]") {
    RuleSet r = preset("leaflet");
    SECTION("8 bags and 3 more: 1 bag left, -100") {
        // NS bid 5 take 8: 53, then the bags: -100.
        auto s = score(r, hand({B(3), B(1), B(2), B(2)}, {5, 2, 3, 3}),
                       Standings{TeamStanding{250, 8}, TeamStanding{100, 0}});
        CHECK(s[NS].bags_added == 3);
        CHECK(s[NS].bag_penalties == 1);
        CHECK(s[NS].after.bags == 1);
        CHECK(s[NS].delta == 53 - 100);
        CHECK(s[NS].after.score == 203);
        // "Partnership's points from tricks they've taken are dealt with first - then
        // sandbags."
        REQUIRE_FALSE(s[NS].items.empty());
        CHECK(s[NS].items.back().kind == ScoreItem::Kind::BagPenalty);
        CHECK(s[NS].items.back().points == -100);
    }
    SECTION("9 bags and 1 more: none left") {
        auto s = score(r, hand({B(3), B(4), B(2), B(3)}, {3, 4, 3, 3}),
                       Standings{TeamStanding{250, 9}, TeamStanding{100, 0}});
        CHECK(s[NS].after.bags == 0);
        CHECK(s[NS].delta == 51 - 100);
    }
    SECTION("9 bags and 2 zero tricks as bags: 1 left") {
        auto s = score(r, hand({kNil, B(4), B(4), B(3)}, {2, 4, 4, 3}),
                       Standings{TeamStanding{250, 9}, TeamStanding{100, 0}});
        CHECK(s[NS].after.bags == 1);
        CHECK(s[NS].bag_penalties == 1);
        CHECK(s[NS].delta == -100 + 40 - 100);
    }
}

TEST_CASE("004 leaflet: the score sheet (John & Jennie v Bill & Ben)", "[documents]") {
    RuleSet r = preset("leaflet");
    Game g(r);
    // John (N) and Jennie (S) v Bill (E) and Ben (W).
    //  1. J&J "Bid 6, and got 6" 60;  B&B "Bid 8 and got 7" -80.
    const HandRecord& h1 = add(g, hand({B(3), B(4), B(3), B(4)}, {3, 4, 3, 3}));
    CHECK(h1.score[NS].delta == 60);
    CHECK(h1.score[EW].delta == -80);
    CHECK(standing(g, NS) == std::pair{60, 0});
    CHECK(standing(g, EW) == std::pair{-80, 0});
    //  2. "John got his zero, Jennie bid 5[0] and got 7" 150 + 2;  B&B "Bid 6 and got 6" 60.
    const HandRecord& h2 = add(g, hand({kNil, B(3), B(5), B(3)}, {0, 3, 7, 3}));
    CHECK(h2.score[NS].delta == 152);
    CHECK(item_points(h2.score[NS], ScoreItem::Kind::NilMade) == 100);
    CHECK(h2.score[NS].bags_added == 2);
    CHECK(h2.score[EW].delta == 60);
    CHECK(standing(g, NS) == std::pair{212, 2});  // "210 + 2"
    CHECK(standing(g, EW) == std::pair{-20, 0});
    //  3. J&J "Bid 5, and got 3" -50;  B&B "Bid 8 and got 10" 80 + 2.
    const HandRecord& h3 = add(g, hand({B(3), B(4), B(2), B(4)}, {2, 5, 1, 5}));
    CHECK(h3.score[NS].delta == -50);
    CHECK(h3.score[EW].delta == 82);
    CHECK(standing(g, NS) == std::pair{162, 2});  // "160 + 2"
    CHECK(standing(g, EW) == std::pair{62, 2});   // "60 + 2"
    CHECK_FALSE(g.over());
    CHECK(g.hands().size() == 3);
}

TEST_CASE("004 leaflet: dealing passes leftwards for the next hand", "[documents]") {
    RuleSet r = preset("leaflet");
    Game g(r);
    CHECK(g.next_dealer(Seat::North) == Seat::North);
    add(g, hand({B(3), B(4), B(3), B(4)}, {3, 4, 3, 3}));
    CHECK(g.next_dealer(Seat::North) == Seat::East);
    add(g, hand({B(3), B(4), B(3), B(4)}, {3, 4, 3, 3}));
    CHECK(g.next_dealer(Seat::North) == Seat::South);
    CHECK(g.next_dealer(Seat::West) == Seat::East);
}
