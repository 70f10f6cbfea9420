#include "spadework/engine/game.h"

#include "spadework/engine/error.h"

namespace spadework {

std::string_view end_reason_name(EndReason r) {
    switch (r) {
        case EndReason::Target:
            return "target";
        case EndReason::LossLimit:
            return "loss_limit";
        case EndReason::HandLimit:
            return "hand_limit";
        case EndReason::Mercy:
            return "mercy";
    }
    return "?";
}

Game::Game(RuleSet rules) : rules_(std::move(rules)) {
    check_rules(rules_);
}

Game::Game(RuleSet rules, const Standings& start) : Game(std::move(rules)) {
    standings_ = start;
}

std::optional<EndReason> set_ended(const RuleSet& rules, int target, int ns, int ew,
                                   int hands_in_set) {
    if (ns >= target || ew >= target) return EndReason::Target;
    if (rules.loss_limit && (ns <= *rules.loss_limit || ew <= *rules.loss_limit)) {
        return EndReason::LossLimit;
    }
    if (rules.mercy && (ns - ew >= *rules.mercy || ew - ns >= *rules.mercy)) {
        return EndReason::Mercy;
    }
    if (rules.hand_limit && hands_in_set >= *rules.hand_limit) return EndReason::HandLimit;
    return std::nullopt;
}

int Game::current_target() const {
    return overtime_sets_ > 0 ? rules_.overtime_target : rules_.target;
}

Seat Game::next_dealer(Seat first_dealer) const {
    return next(first_dealer, static_cast<int>(hands_.size() % 4));
}

const HandRecord& Game::add_hand(const HandOutcome& outcome) {
    if (result_) throw Error("the game is over: no more hands can be scored");
    HandRecord record{score_hand(rules_, outcome, standings_), {}, false};
    for (Team t : kAllTeams) standings_[index(t)] = record.score[t].after;
    record.after = standings_;
    ++hands_in_set_;

    // Step 1. Has the set ended? A score at the target, a score at or under the loss limit, a
    // lead of mercy points, or the hand limit (counted within the set) ends it.
    int ns = standings_[index(Team::NS)].score;
    int ew = standings_[index(Team::EW)].score;
    std::optional<EndReason> reason = set_ended(rules_, current_target(), ns, ew, hands_in_set_);

    // Step 2. The higher score wins; a tie plays on, goes to overtime or is a draw.
    if (reason) {
        if (ns != ew) {
            Team winner = ns > ew ? Team::NS : Team::EW;
            Standings final = standings_;
            // end_bonus, side by side as OpenSpiel gives it: to a side at or over the target
            // and ahead, from a side at or under the loss limit and behind (both in one hand
            // when one side goes up past the target as the other falls past the limit).
            for (Team t : kAllTeams) {
                const int mine = standings_[index(t)].score;
                const int theirs = standings_[index(opponent(t))].score;
                if (mine >= current_target() && mine > theirs) {
                    final[index(t)].score += rules_.end_bonus;
                } else if (rules_.loss_limit && mine <= *rules_.loss_limit && mine < theirs) {
                    final[index(t)].score -= rules_.end_bonus;
                }
            }
            int margin = final[index(winner)].score - final[index(opponent(winner))].score;
            result_ = GameResult{winner, *reason, final, margin, overtime_sets_};
        } else {
            switch (rules_.on_tie) {
                case OnTie::PlayOn:
                    break;
                case OnTie::Draw:
                    result_ = GameResult{std::nullopt, *reason, standings_, 0, overtime_sets_};
                    break;
                case OnTie::Overtime:
                    record.tie_to_overtime = true;
                    standings_ = {};
                    ++overtime_sets_;
                    hands_in_set_ = 0;
                    break;
            }
        }
    }
    hands_.push_back(std::move(record));
    return hands_.back();
}

}  // namespace spadework
