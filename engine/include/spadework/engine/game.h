// A game: hands scored one after another, running scores and bags, and the end of the game
// (target, loss limit, mercy, hand limit, ties, Paperless overtime sets).
#pragma once

#include <optional>
#include <vector>

#include "spadework/engine/card.h"
#include "spadework/engine/rules.h"
#include "spadework/engine/scoring.h"

namespace spadework {

enum class EndReason { Target, LossLimit, HandLimit, Mercy };
// "target", "loss_limit", "hand_limit", "mercy"
std::string_view end_reason_name(EndReason r);

struct GameResult {
    std::optional<Team> winner;  // none: a draw (OnTie::Draw)
    EndReason reason;
    Standings final;  // the standings of the deciding set
    int margin = 0;   // winner's score minus loser's: what the loser pays, a point a unit
    int overtime_sets = 0;
};

// What happened after one hand, beside its score.
struct HandRecord {
    HandScore score;
    Standings after;               // standings after the hand, before any overtime reset
    bool tie_to_overtime = false;  // the game was level at its end: an overtime set begins
};

// Whether a set is over at these scores after its hands_in_set-th hand, and why: a score at
// `target` (the game's, or an overtime set's), a score at or under the loss limit, a lead of
// `mercy` points, or the hand limit. Game judges every hand by it, and so does whatever follows a
// game from a score.
std::optional<EndReason> set_ended(const RuleSet& rules, int target, int ns, int ew,
                                   int hands_in_set);

class Game {
  public:
    explicit Game(RuleSet rules);
    // A game taken up at a score (the hands before it not kept): what a rollout from given
    // standings plays on from. The hand limit counts from here.
    Game(RuleSet rules, const Standings& start);

    const RuleSet& rules() const { return rules_; }
    // Scores the next hand; throws Error once the game is over or for a bad outcome.
    const HandRecord& add_hand(const HandOutcome& outcome);

    const std::vector<HandRecord>& hands() const { return hands_; }
    const Standings& standings() const { return standings_; }
    // The score a partnership needs in the current set: target, or overtime_target.
    int current_target() const;
    int overtime_sets() const { return overtime_sets_; }
    bool over() const { return result_.has_value(); }
    const std::optional<GameResult>& result() const { return result_; }
    // The dealer of the next hand: the deal passes to the left each hand.
    Seat next_dealer(Seat first_dealer) const;

  private:
    RuleSet rules_;
    Standings standings_{};
    std::vector<HandRecord> hands_;
    int overtime_sets_ = 0;
    int hands_in_set_ = 0;
    std::optional<GameResult> result_;
};

}  // namespace spadework
