// The play review on hands built so that the right answer follows from the rules: a nil
// bidder who won a trick it could have ducked, a ruff that gave the tenth bag, a duck that
// set the contract; a hand played by the solver's own choices; a revoke; a claim; the table
// kept across the cards against each position solved cold. Cards graded by the game are a long
// case, in test_play_review_long.cpp.
//
// The hands are built from blocks: each player holds runs of a suit, so the first eleven
// tricks of the record are one suit at a time, everyone following, the top block winning.
// The last two tricks hold the decision, and its cost is worked out by hand in the comment
// above each test.
#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "play_review_helpers.h"
#include "spadework/analyzer/review.h"
#include "spadework/analyzer/simple_bot.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/scoring.h"

using namespace spadework;
using namespace spadework::analyzer;
using namespace spadework::testing;

namespace {

Card C(const char* text) {
    return parse_card(text);
}

std::vector<Card> cards_of(const std::string& text) {
    std::vector<Card> out;
    std::istringstream in(text);
    std::string word;
    while (in >> word) out.push_back(parse_card(word));
    return out;
}

// A game of one hand: the deal (PBN, North first), the bids from the dealer's left, the cards.
RecordedGame one_hand(const RuleSet& rules, Seat dealer, const char* pbn, std::vector<Bid> bids,
                      const std::string& cards) {
    RecordedGame game;
    game.event = "Play review test";
    game.rules = rules;
    RecordedHand h;
    h.dealer = dealer;
    h.deal = parse_pbn(pbn);
    h.bids = std::move(bids);
    h.cards = cards_of(cards);
    game.hands.push_back(h);
    return game;
}

// The rules of these hands: classic scoring. Spades may be led at any time so that the
// blocks can be played out in the order the record chooses (a play rule: the scoring is
// classic's, and so are the thresholds, which go by the rule set's name).
RuleSet classic_anytime() {
    return make_rules("classic", {"spades_lead=anytime"});
}

// The NS minus EW points of a hand's end under the rules, from the tricks each seat took.
int ns_minus_ew(const RuleSet& rules, std::array<Bid, 4> bids, std::array<int, 4> tricks,
                const Standings& before) {
    HandOutcome outcome{bids, tricks, std::nullopt};
    HandScore s = score_hand(rules, outcome, before);
    return s[Team::NS].delta - s[Team::EW].delta;
}

const CardChoice& choice(const CardReview& card, const char* name) {
    auto it = std::find_if(card.choices.begin(), card.choices.end(),
                           [&](const CardChoice& c) { return c.card == C(name); });
    REQUIRE(it != card.choices.end());
    return *it;
}

// Deal 1. North, the nil bidder, holds the lowest cards of every block; East the top
// blocks. East leads hearts twice, then diamonds, clubs and spades three times each, and
// wins all eleven. The last two tricks:
//   N 9H 2H     E AH 3H     S 5H 5D     W 5S 5C
// East leads the 3H, South the 5H, West throws the 5C (the 5S is West's last card and wins
// the last trick whatever happens). North ducks with the 2H (South's 5H wins; North's 9H
// later falls to the AH) or overtakes with the 9H and breaks the nil.
const char* kDeal1 = "N:432.9642.432.432 AKQ.AKQ3.AKQ.AKQ JT9.JT5.JT95.JT9 8765.87.876.8765";
const std::string kFill1 =
    "KH JH 8H 6H  QH TH 7H 4H  AD JD 8D 4D  KD TD 7D 3D  QD 9D 6D 2D "
    "AC JC 8C 4C  KC TC 7C 3C  QC 9C 6C 2C  AS JS 8S 4S  KS TS 7S 3S  QS 9S 6S 2S ";

// Deal 2. East holds the top blocks in hearts, diamonds and spades, South in clubs. East
// leads hearts and diamonds three times and spades twice, then a club: South wins the last
// three tricks of the eleven (EW 8, NS 3). The last two:
//   N 4S 3S     E 2S 2H     S AD 6S     W 5S 2C
// South leads the AD. West ruffs with the 5S (nobody can overruff: North's spades are lower,
// East is West's partner) and South's 6S wins the last trick; or West throws the 2C, North
// ruffs and South's 6S wins the last: NS take both.
const char* kDeal2 = "N:8743.543.432.543 AK2.AKQ2.KQJ.JT9 QJ6.JT9.AT98.AKQ T95.876.765.8762";
const std::string kFill2 =
    "AH JH 8H 5H  KH TH 7H 4H  QH 9H 6H 3H  KD TD 7D 4D  QD 9D 6D 3D  JD 8D 5D 2D "
    "AS QS TS 8S  KS JS 9S 7S  JC AC 8C 5C  KC 7C 4C TC  QC 6C 3C 9C ";

}  // namespace

// Deal 1, bids E 10, S 1, W 1, N nil, no bags. With the duck, NS take one trick (South's)
// and EW twelve: NS 100 (nil) + 10 (South's 1) = 110, EW 110 + 1 = 111: NS -1. With the 9H
// North takes the trick: the nil fails (-100) and South is set (-10): NS -110 - 111 = -221.
// The 9H cost North 220 points and no trick (NS take one trick either way).
TEST_CASE("A nil bidder who overtakes instead of ducking is flagged with the nil's cost",
          "[play_review]") {
    RuleSet rules = classic_anytime();
    std::array<Bid, 4> bids{Bid::nil(), Bid::tricks(10), Bid::tricks(1), Bid::tricks(1)};
    RecordedGame game = one_hand(rules, Seat::North, kDeal1,
                                 {Bid::tricks(10), Bid::tricks(1), Bid::tricks(1), Bid::nil()},
                                 kFill1 + "3H 5H 5C 9H  2H AH 5D 5S");
    const int duck = ns_minus_ew(rules, bids, {0, 11, 1, 1}, Standings{});
    const int overtake = ns_minus_ew(rules, bids, {1, 11, 0, 1}, Standings{});
    REQUIRE(duck == -1);
    REQUIRE(overtake == -221);

    Solver solver;
    PlayReview review = review_play(game, 0, Standings{}, ReviewSettings{}, solver);
    REQUIRE(review.cards.size() == 52);
    const CardReview& card = review.cards[47];
    CHECK(card.seat == Seat::North);
    CHECK(card.trick == 11);
    CHECK(card.played == C("9H"));
    CHECK_FALSE(card.irregular);
    REQUIRE(card.choices.size() == 2);
    CHECK(choice(card, "2H").score == duck);
    CHECK(choice(card, "9H").score == overtake);
    CHECK(card.cost_points() == 220);
    CHECK(card.cost_tricks() == 0);
    CHECK(card.flag == FlagClass::Blunder);
    REQUIRE(card.better);
    CHECK(*card.better == C("2H"));
    CHECK(review.seats[index(Seat::North)].blunders >= 1);
    CHECK(review.seats[index(Seat::North)].points_lost >= 220);
}

// Deal 2, bids E 6, S 3, W 2, N 1 (EW 8, made with the eleventh trick; NS 4), EW on 9 bags.
// Throwing the 2C: EW 80 with no overtrick, NS 5 on 4: 41. EW's side: 80 - 41 = 39.
// Ruffing: EW 9 on 8: 81, and the tenth bag costs 100: -19; NS 4 on 4: 40. EW: -59.
// The ruff cost West 98 points, the penalty included, and won a trick.
TEST_CASE("A ruff that gives the tenth bag is flagged with the bag penalty in its cost",
          "[play_review]") {
    RuleSet rules = classic_anytime();
    std::array<Bid, 4> bids{Bid::tricks(1), Bid::tricks(6), Bid::tricks(3), Bid::tricks(2)};
    Standings before{};
    before[index(Team::NS)] = {120, 3};
    before[index(Team::EW)] = {150, 9};
    RecordedGame game = one_hand(rules, Seat::North, kDeal2,
                                 {Bid::tricks(6), Bid::tricks(3), Bid::tricks(2), Bid::tricks(1)},
                                 kFill2 + "AD 5S 4S 2H  2C 3S 2S 6S");
    const int discard = -ns_minus_ew(rules, bids, {1, 8, 4, 0}, before);
    const int ruff = -ns_minus_ew(rules, bids, {0, 8, 4, 1}, before);
    REQUIRE(discard == 39);
    REQUIRE(ruff == -59);

    Solver solver;
    PlayReview review = review_play(game, 0, before, ReviewSettings{}, solver);
    REQUIRE(review.cards.size() == 52);
    const CardReview& card = review.cards[45];
    CHECK(card.seat == Seat::West);
    CHECK(card.played == C("5S"));
    REQUIRE(card.choices.size() == 2);
    CHECK(choice(card, "2C").score == discard);
    CHECK(choice(card, "5S").score == ruff);
    CHECK(card.cost_points() == 98);
    CHECK(card.played_tricks == 9);  // the ruff wins a trick...
    CHECK(card.best_tricks == 9);
    CHECK(choice(card, "2C").tricks == 8);
    CHECK(card.flag == FlagClass::Blunder);  // ...and costs the penalty
    REQUIRE(card.better);
    CHECK(*card.better == C("2C"));

    // Without the bags the same ruff is right: an overtrick is worth a point.
    PlayReview calm = review_play(game, 0, Standings{}, ReviewSettings{}, solver);
    CHECK(calm.cards[45].flag == FlagClass::None);
    CHECK(calm.cards[45].cost_points() == 0);
}

// Deal 2, bids E 7, S 3, W 2, N 1: EW need nine and have eight. Ruffing makes the contract:
// EW 90, NS 4 on 4: 40; EW's side +50. Throwing the 2C sets EW (-90) and gives NS a fifth
// trick (41): -131. The duck cost West 181 points and a trick.
TEST_CASE("A duck that sets the contract is flagged with the set's cost", "[play_review]") {
    RuleSet rules = classic_anytime();
    std::array<Bid, 4> bids{Bid::tricks(1), Bid::tricks(7), Bid::tricks(3), Bid::tricks(2)};
    RecordedGame game = one_hand(rules, Seat::North, kDeal2,
                                 {Bid::tricks(7), Bid::tricks(3), Bid::tricks(2), Bid::tricks(1)},
                                 kFill2 + "AD 2C 4S 2H  3S 2S 6S 5S");
    const int ruff = -ns_minus_ew(rules, bids, {0, 8, 4, 1}, Standings{});
    const int duck = -ns_minus_ew(rules, bids, {1, 8, 4, 0}, Standings{});
    REQUIRE(ruff == 50);
    REQUIRE(duck == -131);

    Solver solver;
    PlayReview review = review_play(game, 0, Standings{}, ReviewSettings{}, solver);
    const CardReview& card = review.cards[45];
    CHECK(card.seat == Seat::West);
    CHECK(card.played == C("2C"));
    CHECK(choice(card, "5S").score == ruff);
    CHECK(choice(card, "2C").score == duck);
    CHECK(card.cost_points() == 181);
    CHECK(card.cost_tricks() == 1);
    CHECK(card.flag == FlagClass::Blunder);
    REQUIRE(card.better);
    CHECK(*card.better == C("5S"));
    // South's AD gave West the choice: the 6S first draws West's last trump and NS take both
    // tricks whatever West does, the same 181 points. The cards after West's were forced or
    // made no difference.
    const CardReview& lead = review.cards[44];
    CHECK(lead.seat == Seat::South);
    CHECK(choice(lead, "AD").score == -ruff);
    CHECK(choice(lead, "6S").score == -duck);
    CHECK(lead.cost_points() == 181);
    REQUIRE(lead.better);
    CHECK(*lead.better == C("6S"));
    for (int i = 46; i < 52; ++i) CHECK(review.cards[i].flag == FlagClass::None);
}

namespace {

void check_no_flags(const RecordedGame& game, const Standings& before) {
    Solver solver;
    PlayReview review = review_play(game, 0, before, ReviewSettings{}, solver);
    REQUIRE(review.cards.size() == game.hands[0].cards.size());
    int decisions = 0;
    for (const CardReview& c : review.cards) {
        INFO("card " << c.index << " " << to_string(c.played));
        CHECK(c.flag == FlagClass::None);
        CHECK(c.cost_points() == 0);
        CHECK_FALSE(c.better);
        decisions += c.decision();
    }
    CHECK(decisions > 0);
    for (const PlayStats& s : review.seats) {
        CHECK(s.cards == 13);
        CHECK(s.kept_best == s.decisions);
        CHECK(s.accuracy() == 1.0);
        CHECK(s.points_lost == 0);
    }
}

}  // namespace

TEST_CASE("A hand played by the solver's own choices has no flags", "[play_review]") {
    RuleSet rules = classic_anytime();
    // Deal 2 with EW on nine bags, where the best play avoids a bag, and deal 1 with the nil.
    Standings bags{};
    bags[index(Team::EW)] = {150, 9};
    check_no_flags(
        solver_played(rules, Seat::North, parse_pbn(kDeal2),
                      {Bid::tricks(6), Bid::tricks(3), Bid::tricks(2), Bid::tricks(1)}, bags),
        bags);
    check_no_flags(
        solver_played(rules, Seat::North, parse_pbn(kDeal1),
                      {Bid::tricks(10), Bid::tricks(1), Bid::tricks(1), Bid::nil()}, Standings{}),
        Standings{});
    // A dealt hand under the plain classic rules, everyone bidding 3.
    RuleSet classic = preset("classic");
    check_no_flags(solver_played(classic, Seat::East, deal_from_seed(7, classic.deck(), Seat::East),
                                 std::vector<Bid>(4, Bid::tricks(3)), Standings{}),
                   Standings{});
}

// Deal 1 with South throwing the JD on East's KH while holding three hearts; the rest of the
// hand is played with the first legal card. The revoke is recorded, not valued.
TEST_CASE("A revoke in the record is marked irregular and not flagged", "[play_review]") {
    RuleSet rules = classic_anytime();
    RecordedGame game =
        one_hand(rules, Seat::North, kDeal1,
                 {Bid::tricks(10), Bid::tricks(1), Bid::tricks(1), Bid::nil()}, "KH JD");
    RecordedHand& h = game.hands[0];
    HandState st(rules, h.dealer, h.deal);
    for (Bid b : h.bids) st.bid(st.to_act(), b);
    st.play(h.cards[0]);
    REQUIRE_FALSE(st.legal_cards().contains(h.cards[1]));
    st.play_recorded(h.cards[1]);
    while (st.phase() == Phase::Play) {
        h.cards.push_back(*st.legal_cards().begin());
        st.play(h.cards.back());
    }
    REQUIRE(check_game(game).size() == 1);  // kept as played, and flagged

    Solver solver;
    PlayReview review = review_play(game, 0, Standings{}, ReviewSettings{}, solver);
    REQUIRE(review.cards.size() == 52);
    const CardReview& revoke = review.cards[1];
    CHECK(revoke.seat == Seat::South);
    CHECK(revoke.played == C("JD"));
    CHECK(revoke.irregular);
    CHECK(revoke.choices.empty());
    CHECK(revoke.flag == FlagClass::None);
    CHECK_FALSE(revoke.better);
    CHECK_FALSE(revoke.decision());
    int irregular = 0;
    for (const CardReview& c : review.cards) {
        irregular += c.irregular;
        if (!c.irregular) CHECK_FALSE(c.choices.empty());
    }
    CHECK(irregular == 1);
    // South's tally counts the card, not as a decision.
    const PlayStats& south = review.seats[index(Seat::South)];
    CHECK(south.cards == 13);
    CHECK(south.decisions <= 12);
}

TEST_CASE("Only the cards played are reviewed: a claim and a hand stopped before play",
          "[play_review]") {
    RuleSet rules = classic_anytime();
    RecordedGame game =
        one_hand(rules, Seat::North, kDeal1,
                 {Bid::tricks(10), Bid::tricks(1), Bid::tricks(1), Bid::nil()}, kFill1);
    game.hands[0].claim = Claim{Seat::East, {0, 1, 0, 1}};
    check_game(game);
    Solver solver;
    PlayReview claimed = review_play(game, 0, Standings{}, ReviewSettings{}, solver);
    CHECK(claimed.cards.size() == 44);
    int cards = 0;
    for (const PlayStats& s : claimed.seats) cards += s.cards;
    CHECK(cards == 44);

    game.hands[0].claim.reset();
    game.hands[0].cards.clear();
    game.hands[0].bids.resize(2);  // the bidding stopped halfway
    PlayReview none = review_play(game, 0, Standings{}, ReviewSettings{}, solver);
    CHECK(none.cards.empty());
    CHECK(none.seats[0].cards == 0);

    CHECK_THROWS_AS(review_play(game, 1, Standings{}, ReviewSettings{}, solver), Error);
}

namespace {

// The review of one card from a fresh Solver: the position solved cold, judged as the
// review says (best by score, then tricks; flagged from one point of cost).
CardReview cold_card(const HandState& st, const CardReview& reviewed, const Standings& before,
                     const Thresholds& thresholds) {
    CardReview c;
    c.index = reviewed.index;
    c.trick = st.tricks_played();
    c.seat = st.to_act();
    c.played = reviewed.played;
    Position p = position_of(st);
    SolveResult tricks = Solver().solve_tricks(p);
    SolveResult score = Solver().solve_score(p, before);
    REQUIRE(tricks.cards.size() == score.cards.size());
    const CardChoice* best = nullptr;
    for (std::size_t i = 0; i < tricks.cards.size(); ++i) {
        REQUIRE(tricks.cards[i].card == score.cards[i].card);
        c.choices.push_back({tricks.cards[i].card, tricks.cards[i].total_tricks,
                             score.cards[i].score, std::nullopt});
    }
    for (const CardChoice& x : c.choices) {
        if (!best || x.score > best->score || (x.score == best->score && x.tricks > best->tricks))
            best = &x;
        c.best_tricks = std::max(c.best_tricks, x.tricks);
        if (x.card == c.played) {
            c.played_tricks = x.tricks;
            c.played_score = x.score;
        }
    }
    c.best_score = best->score;
    if (c.cost_points() >= 1) c.flag = classify(c.cost_points(), thresholds);
    if (c.flag != FlagClass::None) c.better = best->card;
    return c;
}

// Every card of the first hands of bot games, reviewed with one Solver kept across the cards
// and the hands, against the same cards solved cold.
void compare_warm_and_cold(const RuleSet& rules, std::uint64_t seed, int games) {
    SplitMix64 rng(seed);
    Solver warm;
    ReviewSettings settings;
    int compared = 0;
    for (int g = 0; g < games; ++g) {
        RecordedGame game = play_game(rules, rng, Seat::North, 1);
        REQUIRE_FALSE(game.hands.empty());
        const RecordedHand& h = game.hands[0];
        PlayReview review = review_play(game, 0, Standings{}, settings, warm);
        REQUIRE(review.cards.size() == h.cards.size());
        RecordedHand head = h;
        head.cards.clear();
        head.claim.reset();
        HandState st = replay_hand(rules, head);
        for (std::size_t i = 0; i < h.cards.size(); ++i) {
            INFO("game " << g << " card " << i);
            CHECK(review.cards[i] ==
                  cold_card(st, review.cards[i], Standings{}, settings.thresholds_for(rules)));
            ++compared;
            st.play_recorded(h.cards[i]);
        }
    }
    CHECK(compared >= games * 40);
}

}  // namespace

// DDS issues #156/#157: a table kept across successive positions gave answers a cold solve
// did not. The review keeps the Solver's table (and its memo of the last answers) across the
// cards and the hands; every card must come out as a fresh Solver gives it.
TEST_CASE("The solver kept across the cards gives the review of each position solved cold",
          "[play_review]") {
    // Seeds whose hands take well under a second each: a hand of the score objective's worst
    // kind can take many.
    compare_warm_and_cold(preset("classic"), 12, 2);
    compare_warm_and_cold(preset("classic"), 5, 2);
    compare_warm_and_cold(preset("paperless"), 3, 2);
    compare_warm_and_cold(preset("paperless"), 11, 1);
}

// A score search past its budget leaves the card's score "not valued": the tricks are the
// unbounded review's, no flag is given, and the accuracy figures leave the card out; every
// card whose score was valued is the unbounded review's. The stored form keeps the mark.
TEST_CASE("A card whose score search passes its budget is shown not valued, never flagged",
          "[play_review]") {
    RuleSet classic = preset("classic");
    Standings before{};
    before[index(Team::NS)] = {210, 8};
    RecordedGame game =
        solver_played(classic, Seat::East, deal_from_seed(7, classic.deck(), Seat::East),
                      {Bid::tricks(3), Bid::tricks(4), Bid::tricks(2), Bid::tricks(3)}, before);
    Solver full_solver;
    PlayReview full = review_play(game, 0, before, ReviewSettings{}, full_solver);
    CHECK(full.unvalued() == 0);
    ReviewSettings tight;
    tight.score_node_budget = 100;  // a few hundred positions value the opening
    Solver solver;
    PlayReview review = review_play(game, 0, before, tight, solver);
    REQUIRE(review.cards.size() == full.cards.size());
    CHECK(review.unvalued() > 0);
    CHECK(review.unvalued() < static_cast<int>(review.cards.size()));  // the last tricks are cheap
    int judged = 0;
    for (std::size_t i = 0; i < review.cards.size(); ++i) {
        const CardReview& c = review.cards[i];
        const CardReview& f = full.cards[i];
        if (c.score_valued) {
            CHECK(c == f);
        } else {
            CHECK(c.flag == FlagClass::None);
            CHECK(c.cost_points() == 0);
            CHECK(c.best_tricks == f.best_tricks);
            CHECK(c.played_tricks == f.played_tricks);
            REQUIRE(c.choices.size() == f.choices.size());
            for (std::size_t k = 0; k < c.choices.size(); ++k)
                CHECK(c.choices[k].tricks == f.choices[k].tricks);
        }
        judged += c.judged();
    }
    int decisions = 0;
    for (const PlayStats& s : review.seats) decisions += s.decisions;
    CHECK(decisions == judged);

    GameReview r;
    r.hands.push_back(HandReview{});
    r.hands[0].play = review;
    GameReview back = review_from_json(review_to_json(r, game));
    REQUIRE(back.hands.size() == 1);
    REQUIRE(back.hands[0].play);
    CHECK(back.hands[0].play->cards == review.cards);
    CHECK_THAT(format_review(r, game), Catch::Contains("not valued"));
}
