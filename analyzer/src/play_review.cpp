// The play review: each card of a recorded hand against every legal alternative, double
// dummy, under the tricks and the score objectives.
#include <algorithm>
#include <chrono>
#include <cmath>

#include <fmt/core.h>
#include <optional>
#include <string>

#include "spadework/analyzer/review.h"
#include "spadework/analyzer/winchance.h"

namespace spadework::analyzer {

namespace {

using Part = RecordPlace::Part;

// A chance as the score objective's whole-number value: ten-thousandths.
constexpr double kChanceUnits = 10000;

// The hand up to its first card: the pass, the bids and the exchange, each checked by
// replay_hand. The cards are left to the caller, which accepts revokes (a record may hold
// one) where replay_hand refuses them.
HandState state_before_play(const RuleSet& rules, const RecordedHand& rec, int hand) {
    return replay_hand(rules, hand_up_to(rec, 0), hand);
}

// The values of every legal card, merged from the two answers (both list the cards in the
// same order; the merge goes by card all the same).
std::vector<CardChoice> merge_choices(const SolveResult& tricks, const SolveResult& score) {
    std::vector<CardChoice> out;
    out.reserve(tricks.cards.size());
    for (const CardValue& t : tricks.cards) {
        CardChoice c;
        c.card = t.card;
        c.tricks = t.total_tricks;
        bool found = false;
        for (const CardValue& s : score.cards) {
            if (s.card == t.card) {
                c.score = s.score;
                found = true;
                break;
            }
        }
        if (!found) throw Error("review_play: the solver's answers list different cards");
        out.push_back(c);
    }
    return out;
}

// Fills the values, the best alternative and the flag of a card from its choices.
void judge(CardReview& card, const Thresholds& thresholds) {
    const CardChoice* best = nullptr;
    const CardChoice* played = nullptr;
    for (const CardChoice& c : card.choices) {
        if (c.card == card.played) played = &c;
        // By score, then tricks: between alternatives that score alike, the one that keeps
        // more tricks is the one to show.
        if (!best || c.score > best->score || (c.score == best->score && c.tricks > best->tricks)) {
            best = &c;
        }
    }
    if (!played) throw Error("review_play: the card played is not among the legal cards");
    card.best_score = best->score;
    card.best_tricks = 0;
    for (const CardChoice& c : card.choices)
        card.best_tricks = std::max(card.best_tricks, c.tricks);
    card.played_score = played->score;
    card.played_tricks = played->tricks;
    if (card.cost_points() >= 1) card.flag = classify(card.cost_points(), thresholds);
    if (card.flag != FlagClass::None) card.better = best->card;
}

// The chance of winning the game as the score objective's value of a hand's end: North-South's
// chance at the scores the hand ends with, the next dealer to deal, in ten-thousandths.
// In an overtime set (a tie sent the game to one before this hand) the set's own table.
EndValue chance_value(const WinChanceTable& table, Seat next_dealer, bool overtime) {
    return EndValue{fmt::format("win chance {} {} {} {} {}", table.rules().name, table.hands(),
                                table.outcomes(), seat_char(next_dealer), overtime),
                    [&table, next_dealer, overtime](const HandScore& hs) {
                        return static_cast<int>(std::lround(
                            kChanceUnits * table.chance_after(hs[Team::NS].after.score,
                                                              hs[Team::EW].after.score, Team::NS,
                                                              next_dealer, overtime)));
                    }};
}

// Each card's chance from the chance objective's answer (NS's chance, or its negation for the
// opponents: their chance is one minus NS's), the best and the played card's, and the flag by
// the chance lost. Points stay beside it.
void grade_by_chance(CardReview& card, const SolveResult& chance, const ChanceThresholds& t) {
    const bool ns = chance.side == Team::NS;
    auto of = [&](int v) { return ns ? v / kChanceUnits : 1 + v / kChanceUnits; };
    const CardChoice* best = nullptr;
    for (CardChoice& c : card.choices) {
        for (const CardValue& v : chance.cards) {
            if (v.card == c.card) c.chance = of(v.score);
        }
        if (!c.chance) throw Error("review_play: the solver's answers list different cards");
        if (!best || *c.chance > *best->chance) best = &c;
        if (c.card == card.played) card.played_chance = c.chance;
    }
    card.best_chance = best->chance;
    card.points_flag = card.flag;
    card.points_better = card.better;
    card.flag = card.cost_chance() > 0 ? classify_chance(card.cost_chance(), t) : FlagClass::None;
    card.better.reset();
    if (card.flag != FlagClass::None) card.better = best->card;
}

// The answer of a score search that was given up: every card, no score.
SolveResult tricks_only(const SolveResult& tricks) {
    SolveResult none = tricks;
    for (CardValue& v : none.cards) v.score = 0;
    return none;
}

// The tricks of a card whose score was not valued; no flag.
void judge_tricks(CardReview& card) {
    for (const CardChoice& c : card.choices) {
        card.best_tricks = std::max(card.best_tricks, c.tricks);
        if (c.card == card.played) card.played_tricks = c.tricks;
    }
}

}  // namespace

PlayReview review_play(const RecordedGame& game, int hand, const Standings& before,
                       const ReviewSettings& settings, Solver& solver,
                       const WinChanceTable* chances) {
    auto start = std::chrono::steady_clock::now();
    if (hand < 0 || hand >= static_cast<int>(game.hands.size())) {
        throw Error("review_play: the game has " + std::to_string(game.hands.size()) +
                    " hands, there is no hand " + std::to_string(hand + 1));
    }
    const RecordedHand& rec = game.hands[hand];
    HandState state = state_before_play(game.rules, rec, hand);
    PlayReview review;
    if (!rec.cards.empty() && state.phase() != Phase::Play) {
        throw RecordError("a card played before the bidding ended", hand, {Part::Card, 0});
    }
    const Thresholds thresholds = settings.thresholds_for(game.rules);
    std::optional<EndValue> by_game;
    if (chances && settings.grade == Grade::Game) {
        by_game = chance_value(*chances, next(rec.dealer), in_overtime(game, hand));
    }

    for (std::size_t i = 0; i < rec.cards.size(); ++i) {
        const int at = static_cast<int>(i);
        if (state.phase() == Phase::Done) {
            throw RecordError("a card after the last trick", hand, {Part::Card, at});
        }
        CardReview card;
        card.index = at;
        card.trick = state.tricks_played();
        card.seat = state.to_act();
        card.played = rec.cards[i];
        if (!state.hand(card.seat).contains(card.played)) {
            throw RecordError("trick " + std::to_string(card.trick + 1) + ": " +
                                  to_string(card.played) + " played by " + seat_letter(card.seat) +
                                  ", who does not hold it",
                              hand, {Part::Card, at});
        }
        // A card that broke a rule of play is not compared with the legal ones: the
        // solver's alternatives all obey the rule the player broke.
        card.irregular = !state.legal_cards().contains(card.played);
        if (!card.irregular) {
            // One solver for the whole hand: the tricks answer of one card tells the next
            // position's total, and the table holds what the searches of earlier cards
            // proved (the same answers as cold, which the tests check).
            Position position = position_of(state);
            SolveResult tricks = solver.solve_tricks(position);
            const std::uint64_t nodes_before = solver.stats().nodes;
            std::optional<SolveResult> score =
                solver.solve_score(position, before, settings.score_node_budget);
            review.nodes += tricks.nodes + (solver.stats().nodes - nodes_before);
            if (score) {
                card.choices = merge_choices(tricks, *score);
                judge(card, thresholds);
            } else {
                card.score_valued = false;
                card.choices = merge_choices(tricks, tricks_only(tricks));
                judge_tricks(card);
            }
            if (by_game) {
                const std::uint64_t at = solver.stats().nodes;
                std::optional<SolveResult> chance =
                    solver.solve_score(position, before, settings.score_node_budget, &*by_game);
                review.nodes += solver.stats().nodes - at;
                card.flag = FlagClass::None;  // graded by the game, or not at all
                card.better.reset();
                if (chance) grade_by_chance(card, *chance, settings.chance_thresholds);
            }
        }
        review.seats[index(card.seat)].add(card);
        review.cards.push_back(std::move(card));
        state.play_recorded(rec.cards[i]);
    }
    review.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return review;
}

}  // namespace spadework::analyzer
