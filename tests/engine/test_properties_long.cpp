// Property tests: seeded random legal hands under every preset, played to the end with every
// invariant checked at every step, then scored and strung into games.
#include <catch2/catch.hpp>

#include <vector>

#include "spadework/engine/game.h"
#include "spadework/engine/hand.h"

using namespace spadework;

namespace {

Card pick(CardSet cards, SplitMix64& rng) {
    int k = static_cast<int>(rng.below(static_cast<std::uint64_t>(cards.size())));
    for (Card c : cards) {
        if (k-- == 0) return c;
    }
    FAIL("empty card set");
    return Card();
}

CardSet pick_n(CardSet cards, int n, SplitMix64& rng) {
    CardSet chosen;
    while (chosen.size() < n) chosen.insert(pick(cards - chosen, rng));
    return chosen;
}

// Checks what must hold in any state of the play.
void check_play_invariants(const HandState& h, const RuleSet& rules) {
    // Every card of the deck is in exactly one hand or played.
    CardSet seen;
    int held = 0;
    for (Seat s : kAllSeats) {
        REQUIRE((seen & h.hand(s)).empty());
        seen |= h.hand(s);
        held += h.hand(s).size();
    }
    std::array<CardSet, 4> at_play;
    for (Seat s : kAllSeats) at_play[index(s)] = h.held_at_play(s);
    CardSet played;
    for (const PlayedCard& p : h.play_record()) {
        REQUIRE_FALSE(played.contains(p.card));
        REQUIRE_FALSE(seen.contains(p.card));
        REQUIRE(at_play[index(p.seat)].contains(p.card));
        played.insert(p.card);
    }
    REQUIRE((seen | played) == rules.deck());
    REQUIRE(held + static_cast<int>(h.play_record().size()) == rules.deck_size);
    // Tricks taken add up to tricks played.
    int taken = 0;
    for (Seat s : kAllSeats) taken += h.tricks_taken(s);
    REQUIRE(taken == h.tricks_played());
    REQUIRE(h.play_record().size() == 4 * h.trick_winners().size() + h.current_trick().size());
    // Spades are broken exactly when the rule set says a played spade broke them.
    bool broken = false;
    for (std::size_t i = 0; i < h.play_record().size(); ++i) {
        const PlayedCard& p = h.play_record()[i];
        Suit led = h.play_record()[i - i % 4].card.suit();
        if (p.card.suit() == Suit::Spades && rules.spades_break != SpadesBreak::Never &&
            (rules.spades_break == SpadesBreak::AnySpade || led != Suit::Spades)) {
            broken = true;
        }
    }
    REQUIRE(h.spades_broken() == broken);
    if (h.phase() == Phase::Play) {
        CardSet legal = h.legal_cards();
        REQUIRE_FALSE(legal.empty());
        REQUIRE((legal - h.hand(h.to_act())).empty());
        for (Card c : h.hand(h.to_act()))
            REQUIRE(h.check_play(c).has_value() == !legal.contains(c));
    }
}

// Plays one random legal hand; returns its outcome. Also walks part of it back with undo and
// forward again, checking that undo restores the state it left.
HandOutcome play_random_hand(const RuleSet& rules, std::uint64_t seed) {
    SplitMix64 rng(seed * 7919 + 13);
    Seat dealer = static_cast<Seat>(seed % 4);
    Deal deal = deal_from_seed(seed, rules.deck(), dealer);
    HandState h(rules, dealer, deal);

    while (h.phase() == Phase::Pass) {
        Seat s = h.to_act();
        h.pass(s, pick_n(h.dealt()[s], rules.pass_cards, rng));
    }
    if (rules.pass_cards > 0) {
        for (Seat s : kAllSeats) {
            CardSet expected = (deal[s] - *h.passed(s)) | *h.passed(partner(s));
            REQUIRE(h.hand(s) == expected);
        }
    }
    while (h.phase() == Phase::Bid) {
        std::vector<Bid> legal = h.legal_bids();
        REQUIRE_FALSE(legal.empty());
        // Nils about one time in six, so that every nil rule is exercised.
        Bid b = legal[rng.below(legal.size())];
        if (b.is_nil() && rng.below(3) != 0) {
            // A small trick bid instead, where the rules allow it (max_team_bid may not).
            Bid small = Bid::tricks(1 + static_cast<int>(rng.below(4)));
            if (!h.check_bid(h.to_act(), small)) b = small;
        }
        REQUIRE_FALSE(h.check_bid(h.to_act(), b));
        h.bid(h.to_act(), b);
    }
    while (h.phase() == Phase::Exchange) {
        Seat s = h.to_act();
        h.exchange(s, pick_n(h.hand(s), rules.blind_nil_exchange, rng));
    }
    REQUIRE(h.phase() == Phase::Play);
    while (h.phase() == Phase::Play) {
        check_play_invariants(h, rules);
        Card c = pick(h.legal_cards(), rng);
        if (rng.below(16) == 0) {
            // Play, undo, and check nothing moved.
            HandState before = h;
            h.play(c);
            h.undo();
            REQUIRE(h.to_act() == before.to_act());
            REQUIRE(h.spades_broken() == before.spades_broken());
            REQUIRE(h.tricks_played() == before.tricks_played());
            REQUIRE(h.current_trick().size() == before.current_trick().size());
            REQUIRE(h.legal_cards() == before.legal_cards());
            for (Seat s : kAllSeats) REQUIRE(h.hand(s) == before.hand(s));
        }
        h.play(c);
    }
    REQUIRE(h.phase() == Phase::Done);
    check_play_invariants(h, rules);
    REQUIRE(h.tricks_played() == rules.hand_size());
    REQUIRE(h.play_record().size() == static_cast<std::size_t>(rules.deck_size));
    for (std::size_t t = 0; t < h.trick_winners().size(); ++t) {
        std::vector<PlayedCard> trick(h.play_record().begin() + 4 * t,
                                      h.play_record().begin() + 4 * t + 4);
        REQUIRE(trick_winner(trick, PlayOrder(h.rules())) == h.trick_winners()[t]);
        // The winner of a trick leads the next.
        if (t + 1 < h.trick_winners().size()) {
            REQUIRE(h.play_record()[4 * (t + 1)].seat == h.trick_winners()[t]);
        }
    }
    REQUIRE(h.irregularities().empty());
    return h.outcome();
}

void check_score(const RuleSet& rules, const HandScore& score, const Standings& before) {
    for (Team t : kAllTeams) {
        const TeamHandScore& team = score[t];
        int points = 0;
        int bags = 0;
        for (const ScoreItem& item : team.items) {
            points += item.points;
            bags += item.bags;
        }
        REQUIRE(points == team.delta);
        REQUIRE(bags == team.bags_added);
        REQUIRE(team.after.score == before[index(t)].score + team.delta);
        if (rules.bag_limit > 0) {
            REQUIRE(team.after.bags >= 0);
            REQUIRE(team.after.bags < rules.bag_limit);
            REQUIRE(team.after.bags ==
                    before[index(t)].bags + team.bags_added - team.bag_penalties * rules.bag_limit);
        } else {
            REQUIRE(team.bag_penalties == 0);
        }
    }
}

}  // namespace

TEST_CASE("random legal hands under every preset keep every invariant", "[properties]") {
    for (const PresetInfo& p : presets()) {
        RuleSet rules = preset(p.name);
        DYNAMIC_SECTION(p.name) {
            Game game(rules);
            Standings running{};
            int games = 0;
            for (std::uint64_t seed = 1; seed <= 2000; ++seed) {
                HandOutcome out = play_random_hand(rules, seed);
                REQUIRE_FALSE(check_outcome(rules, out));
                Standings before = game.standings();
                const HandRecord& rec = game.add_hand(out);
                check_score(rules, rec.score, before);
                for (Team t : kAllTeams) {
                    running[index(t)].score += rec.score[t].delta;
                    REQUIRE(running[index(t)].score == rec.after[index(t)].score);
                }
                if (rec.tie_to_overtime) {
                    REQUIRE(rec.after[0].score == rec.after[1].score);
                    REQUIRE(game.standings() == Standings{});
                    running = {};
                }
                if (game.over()) {
                    const GameResult& result = *game.result();
                    int ns = result.final[0].score;
                    int ew = result.final[1].score;
                    if (result.winner) {
                        REQUIRE(ns != ew);
                        REQUIRE((*result.winner == Team::NS) == (ns > ew));
                        REQUIRE(result.margin == (ns > ew ? ns - ew : ew - ns));
                    }
                    bool ended =
                        ns >= game.current_target() || ew >= game.current_target() ||
                        (rules.loss_limit && (ns <= *rules.loss_limit || ew <= *rules.loss_limit));
                    REQUIRE(ended);
                    ++games;
                    game = Game(rules);
                    running = {};
                }
            }
            // Random bidding mostly fails its contracts; games end for certain only where a
            // loss limit stops the slide or failure costs nothing.
            if (rules.loss_limit || rules.failed_contract == FailedContract::Zero) {
                CHECK(games > 0);
            }
        }
    }
}
