// Replaying recorded hands: legal records replay to the same outcome, each kind of fault is
// refused with its message and place, claims, unfinished hands, and scoring a game under a
// rule set other than the one it was played under.
#include <catch2/catch.hpp>

#include "spadework/engine/record.h"
#include "support/test_games.h"

using namespace spadework;

namespace {

using testing::first_cards;
using testing::first_legal_hand;

// The RecordError that replaying `h` raises.
RecordError replay_error(const RuleSet& rules, const RecordedHand& h) {
    try {
        replay_hand(rules, h, 4);
    } catch (const RecordError& e) {
        return e;
    }
    FAIL("the hand replayed without an error");
    throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("A legal record replays to the outcome of the play", "[record]") {
    RuleSet rules = preset("classic");
    RecordedHand h = first_legal_hand(rules, Seat::East, 11);
    HandState st = replay_hand(rules, h);
    REQUIRE(st.phase() == Phase::Done);
    auto outcome = outcome_of(st, std::nullopt);
    REQUIRE(outcome);
    int total = 0;
    for (int t : outcome->tricks) total += t;
    CHECK(total == 13);
    CHECK(st.play_record().size() == 52);
    CHECK(st.play_record()[0].seat == Seat::South);  // left of the East dealer leads
}

TEST_CASE("A card the player does not hold is refused with the trick and the card", "[record]") {
    RuleSet rules = preset("classic");
    RecordedHand h = first_legal_hand(rules, Seat::North, 5);
    HandState st = replay_hand(rules, h);
    // The first card of trick 2, swapped for a card its player never held.
    Seat leader = st.play_record()[4].seat;
    Card foreign = *h.deal[next(leader)].begin();
    h.cards[4] = foreign;
    RecordError e = replay_error(rules, h);
    CHECK(std::string(e.what()) == "trick 2: " + to_string(foreign) + " played by " +
                                       seat_letter(leader) + ", who does not hold it");
    CHECK(e.hand() == 4);
    CHECK(e.place().part == RecordPlace::Part::Card);
    CHECK(e.place().index == 4);
}

TEST_CASE("A card played twice is named as played already", "[record]") {
    RuleSet rules = preset("classic");
    RecordedHand h = first_legal_hand(rules, Seat::North, 5);
    h.cards[4] = h.cards[0];
    CHECK(std::string(replay_error(rules, h).what()) ==
          "trick 2: " + to_string(h.cards[0]) + " was played already");
}

TEST_CASE("A revoke is kept as played and flagged with the suit the player still held",
          "[record]") {
    RuleSet rules = preset("classic");
    RecordedHand h = first_legal_hand(rules, Seat::North, 21);
    HandState st = replay_hand(rules, h);
    // Find a follower who followed suit while holding a card of another suit, and make the
    // record show that other card instead.
    HandState walk(rules, h.dealer, h.deal);
    for (Bid b : h.bids) walk.bid(walk.to_act(), b);
    for (std::size_t i = 0; i < h.cards.size(); ++i) {
        if (!walk.current_trick().empty()) {
            Suit led = *walk.led_suit();
            CardSet other = walk.hand(walk.to_act()) - walk.hand(walk.to_act()).of_suit(led);
            if (h.cards[i].suit() == led && !other.empty()) {
                Seat seat = walk.to_act();
                int trick = walk.tricks_played() + 1;
                // The record stops at the revoke (the card it replaced comes later).
                h.cards[i] = *other.begin();
                h.cards.resize(i + 1);
                std::vector<RecordedIrregularity> flagged;
                HandState kept = replay_hand(rules, h, 3, &flagged);
                REQUIRE(flagged.size() == 1);
                CHECK(flagged[0].what ==
                      "trick " + std::to_string(trick) + ": " + seat_letter(seat) +
                          " did not follow suit with " + std::string(suit_symbol(led)) +
                          " in hand (revoke): played " + to_string(*other.begin()));
                CHECK(flagged[0].card == static_cast<int>(i));
                CHECK(flagged[0].hand == 3);
                CHECK(kept.play_record().back().card == *other.begin());
                CHECK(kept.irregularities().size() == 1);
                // Without asking, it is kept all the same; a card not held is still refused.
                CHECK_NOTHROW(replay_hand(rules, h));
                h.cards[i] = h.deal[next(seat)].contains(h.cards[i - 1])
                                 ? h.cards[i - 1]
                                 : *h.deal[next(seat)].begin();
                CHECK_THROWS_AS(replay_hand(rules, h), RecordError);
                return;
            }
        }
        walk.play(h.cards[i]);
    }
    FAIL("no follower in this deal could have revoked");
}

TEST_CASE("A deal with a short hand is refused at the deal", "[record]") {
    RuleSet rules = preset("classic");
    RecordedHand h = first_legal_hand(rules, Seat::North, 3);
    Card moved = *h.deal[Seat::North].begin();
    h.deal[Seat::North].erase(moved);
    h.deal[Seat::East].insert(moved);
    RecordError e = replay_error(rules, h);
    CHECK(std::string(e.what()) == "deal gives N 12 cards, not 13");
    CHECK(e.place().part == RecordPlace::Part::Deal);
}

TEST_CASE("A bid out of range names the bidder and the range", "[record]") {
    RuleSet rules = preset("classic");
    RecordedHand h = first_legal_hand(rules, Seat::North, 3);
    h.bids[1] = Bid::tricks(14);
    RecordError e = replay_error(rules, h);
    CHECK(std::string(e.what()) == "S bids 14: bid 14 is out of range: bids are nil or 1..13");
    CHECK(e.place().part == RecordPlace::Part::Bid);
    CHECK(e.place().index == 1);
}

TEST_CASE("A pass under rules without one is refused", "[record]") {
    RuleSet rules = preset("classic");
    RecordedHand h = first_legal_hand(rules, Seat::North, 3);
    h.passes[index(Seat::West)] = first_cards(h.deal[Seat::West], 3);
    RecordError e = replay_error(rules, h);
    CHECK(std::string(e.what()).starts_with("these rules have no pass, but W passes "));
    CHECK(e.place().part == RecordPlace::Part::Pass);
    CHECK(e.place().index == index(Seat::West));
}

TEST_CASE("A claim credits the tricks left and must share exactly those", "[record]") {
    RuleSet rules = preset("classic");
    RecordedHand h = first_legal_hand(rules, Seat::North, 8);
    HandState full = replay_hand(rules, h);
    auto played_out = outcome_of(full, std::nullopt);
    h.cards.resize(4 * 9);  // nine tricks played, four left
    HandState cut = replay_hand(rules, h);
    CHECK_FALSE(outcome_of(cut, std::nullopt));  // unfinished without the claim

    h.claim = Claim{Seat::East, {0, 3, 0, 1}};
    HandState claimed = replay_hand(rules, h);
    auto outcome = outcome_of(claimed, h.claim);
    REQUIRE(outcome);
    for (Seat s : kAllSeats) {
        CHECK(outcome->tricks[index(s)] == cut.tricks_taken(s) + h.claim->tricks[index(s)]);
    }
    CHECK(outcome->bids == played_out->bids);

    h.claim = Claim{Seat::East, {0, 3, 0, 0}};
    RecordError e = replay_error(rules, h);
    CHECK(std::string(e.what()) == "the claim shares 3 tricks, but 4 are left to play");
    CHECK(e.place().part == RecordPlace::Part::Claim);

    h.cards.clear();
    for (std::size_t i = 0; i < 4 * 9 + 2; ++i) h.cards.push_back(full.play_record()[i].card);
    h.claim = Claim{Seat::East, {0, 3, 0, 1}};
    CHECK(std::string(replay_error(rules, h).what()) == "a claim in the middle of a trick");
}

TEST_CASE("Honours not yet played go to a side that claims every trick left", "[record]") {
    RuleSet rules = preset("paperless");
    // Find a deal where no heart honour falls in the first trick, cut the play there, and
    // let each side in turn claim the rest.
    for (std::uint64_t seed = 1; seed < 50; ++seed) {
        RecordedHand h = first_legal_hand(rules, Seat::North, seed);
        h.cards.resize(4);
        bool honour_played = false;
        for (Card c : h.cards) honour_played = honour_played || kHonours.contains(c);
        if (honour_played) continue;
        HandState st = replay_hand(rules, h);
        Team first = team_of(st.trick_winners()[0]);
        Seat claimer = members(first)[0];
        Claim claim{claimer, {}};
        claim.tricks[index(claimer)] = rules.hand_size() - 1;
        auto outcome = outcome_of(st, claim);
        REQUIRE(outcome);
        CHECK(outcome->honours == first);
        // The same shares claimed by the other side, which concedes every trick left.
        Claim conceded = claim;
        conceded.by = next(claimer);
        CHECK(outcome_of(st, conceded)->honours == first);
        // A claim that concedes a trick to the other side decides nothing about honours.
        claim.tricks[index(claimer)] -= 1;
        claim.tricks[index(next(claimer))] = 1;
        CHECK_FALSE(outcome_of(st, claim)->honours);
        return;
    }
    FAIL("no seed kept the honours out of the first trick");
}

TEST_CASE("Two Paperless claims differing only in who claims score the same", "[record]") {
    // Issue 20: "claim S: N=0 E=12 S=0 W=0" and "claim E: ..." before the first card. Every
    // bid is 3. EW take all 12 of their 6: over (1), NS set (2 to EW), and the four honours,
    // all still in hand, go with the tricks (2): EW 5, NS 0, whichever side claims.
    RuleSet rules = preset("paperless");
    RecordedGame game;
    game.rules = rules;
    game.hands.push_back(first_legal_hand(rules, Seat::North, 3));
    game.hands[0].cards.clear();
    for (Seat claimer : {Seat::South, Seat::East}) {
        INFO("claim " << seat_char(claimer));
        for (Bid b : game.hands[0].bids) CHECK(b == Bid::tricks(3));
        game.hands[0].claim = Claim{claimer, {0, 12, 0, 0}};
        ScoredGame scored = score_game(game, rules);
        REQUIRE(scored.hands.size() == 1);
        CHECK(scored.outcomes[0].honours == Team::EW);
        CHECK(scored.hands[0].after[index(Team::EW)].score == 5);
        CHECK(scored.hands[0].after[index(Team::NS)].score == 0);
    }
}

TEST_CASE("Only the last hand of a game may be unfinished", "[record]") {
    RuleSet rules = preset("classic");
    RecordedGame game;
    game.rules = rules;
    game.hands.push_back(first_legal_hand(rules, Seat::North, 1));
    game.hands.push_back(first_legal_hand(rules, Seat::East, 2));
    game.hands.back().cards.resize(10);
    CHECK_NOTHROW(check_game(game));
    ScoredGame scored = score_game(game, rules);
    CHECK(scored.hands.size() == 1);
    CHECK(scored.hands_unscored == 1);

    std::swap(game.hands[0], game.hands[1]);
    try {
        check_game(game);
        FAIL("an unfinished first hand was accepted");
    } catch (const RecordError& e) {
        CHECK(std::string(e.what()) == "hand 1 is unfinished, but more hands follow it");
        CHECK(e.hand() == 0);
    }
}

TEST_CASE("A Paperless hand scored by classic rules keeps its 48 cards and its pass", "[record]") {
    RuleSet played = preset("paperless");
    RuleSet classic = preset("classic");
    RuleSet mixed = rescoring_rules(played, classic);
    CHECK(mixed.deck_size == 48);
    CHECK(mixed.pass_cards == 3);
    CHECK(mixed.spades_lead == played.spades_lead);
    CHECK(mixed.bid_trick_points == classic.bid_trick_points);
    CHECK(mixed.bag_limit == classic.bag_limit);
    CHECK(mixed.target == classic.target);
    CHECK_NOTHROW(check_rules(mixed));

    RecordedGame game;
    game.rules = played;
    game.hands.push_back(first_legal_hand(played, Seat::North, 4));
    ScoredGame scored = score_game(game, classic);
    REQUIRE(scored.hands.size() == 1);
    int tricks = 0;
    for (int t : scored.outcomes[0].tricks) tricks += t;
    CHECK(tricks == 12);
    // Every bid was 3 or 1: contracts are scored at classic's 10 a trick bid.
    for (Team t : kAllTeams) {
        const TeamHandScore& team = scored.hands[0].score[t];
        if (team.tricks >= team.bid) {
            CHECK(team.items[0].points == 10 * team.bid);
        } else {
            CHECK(team.delta == -10 * team.bid);
        }
    }
}

TEST_CASE("Scoring stops where the rule set ends the game", "[record]") {
    RuleSet rules = make_rules("classic", {"target=60"});
    RecordedGame game;
    game.rules = rules;
    for (int i = 0; i < 8; ++i) {
        game.hands.push_back(first_legal_hand(rules, next(Seat::North, i), 100 + i));
    }
    // Both sides bid 6; one of them takes 7 tricks or more and reaches 60 in the first hand.
    ScoredGame scored = score_game(game, rules);
    REQUIRE(scored.result);
    CHECK(scored.hands.size() == 1);
    CHECK(scored.hands_unscored == 7);
    CHECK(scored.result->reason == EndReason::Target);
    Team winner = *scored.result->winner;
    CHECK(scored.hands[0].after[index(winner)].score >= 60);
}
