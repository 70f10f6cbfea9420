// The play review: each card of a recorded hand against every legal alternative, double
// dummy, under the tricks and the score objectives.
#include <algorithm>
#include <chrono>
#include <optional>
#include <string>

#include "spadework/analyzer/review.h"

namespace spadework::analyzer {

namespace {

using Part = RecordPlace::Part;

// The hand up to its first card: the pass, the bids and the exchange, each checked by
// replay_hand. The cards are left to the caller, which accepts revokes (a record may hold
// one) where replay_hand refuses them.
HandState state_before_play(const RuleSet& rules, const RecordedHand& rec, int hand) {
    RecordedHand head = rec;
    head.cards.clear();
    head.claim.reset();
    head.annotations.clear();  // they may name cards that are no longer there
    return replay_hand(rules, head, hand);
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
                       const ReviewSettings& settings, Solver& solver) {
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
                                  to_string(card.played) + " played by " +
                                  std::string(1, seat_char(card.seat)) + ", who does not hold it",
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
