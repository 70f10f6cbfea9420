#include "spadework/engine/scoring.h"

#include "spadework/engine/error.h"
#include "spadework/engine/hand.h"

namespace spadework {

std::string_view kind_name(ScoreItem::Kind kind) {
    using K = ScoreItem::Kind;
    switch (kind) {
        case K::ContractMade:
            return "contract_made";
        case K::Exact:
            return "exact";
        case K::Over:
            return "over";
        case K::Overtricks:
            return "overtricks";
        case K::ContractSet:
            return "contract_set";
        case K::OpponentsSet:
            return "opponents_set";
        case K::NilMade:
            return "nil_made";
        case K::NilFailed:
            return "nil_failed";
        case K::OpponentNilFailed:
            return "opponent_nil_failed";
        case K::BlindNilMade:
            return "blind_nil_made";
        case K::BlindNilFailed:
            return "blind_nil_failed";
        case K::OpponentBlindNilFailed:
            return "opponent_blind_nil_failed";
        case K::NilTrickBags:
            return "nil_trick_bags";
        case K::Honours:
            return "honours";
        case K::BagPenalty:
            return "bag_penalty";
        case K::BigContract:
            return "big_contract";
        case K::Boston:
            return "boston";
        case K::BlindBid:
            return "blind_bid";
    }
    return "?";
}

std::optional<std::string> check_outcome(const RuleSet& rules, const HandOutcome& outcome) {
    int total = 0;
    for (Seat s : kAllSeats) {
        std::string who(1, seat_char(s));
        // Each bid alone by the engine's one bid check (nothing known around it: no cards, no
        // partner's bid, no scores, so only its range and kind are checked).
        Bid b = outcome.bids[index(s)];
        if (auto bad = check_bid_rules(rules, s, b, BidFacts{})) {
            return who + " bids " + to_string(b) + ": " + bad->message;
        }
        if (b.is_nil() && s < partner(s) && outcome.bids[index(partner(s))].is_nil() &&
            !rules.both_nil_allowed) {
            return "both " + who + " and " + seat_letter(partner(s)) +
                   " bid nil, which these rules do not allow";
        }
        int t = outcome.tricks[index(s)];
        if (t < 0 || t > rules.hand_size()) {
            return who + " takes " + std::to_string(t) + " tricks: a hand has " +
                   std::to_string(rules.hand_size());
        }
        total += t;
    }
    if (total != rules.hand_size()) {
        return "tricks add up to " + std::to_string(total) + ", not " +
               std::to_string(rules.hand_size());
    }
    return std::nullopt;
}

namespace {

using Kind = ScoreItem::Kind;

void add(TeamHandScore& team, Kind kind, int points, std::string text, int bags = 0,
         std::optional<Seat> seat = std::nullopt) {
    team.items.push_back({kind, points, bags, seat, std::move(text)});
    team.delta += points;
    team.bags_added += bags;
}

std::string tricks_text(int n) {
    return std::to_string(n) + (n == 1 ? " trick" : " tricks");
}

// The contract of one partnership: its members' trick bids (own.bid, raised to min_team_bid
// where the rules raise it; `bid` as bid), against the tricks that count. With a blind trick
// bid in it (`blind`), its points, made or set, are multiplied by blind_bid_factor.
void score_contract(const RuleSet& rules, TeamHandScore& own, TeamHandScore& opp, int bid,
                    bool blind) {
    // Both partners bid nil: no contract, or one of 0 whose every trick is over it.
    if (own.bid == 0 && rules.both_nil_tricks == BothNilTricks::NoContract) return;
    std::string contract = "contract " + std::to_string(own.bid);
    if (bid != own.bid) contract += " (bid " + std::to_string(bid) + ", raised)";
    auto blind_factor = [&](int points) {
        if (blind && rules.blind_bid_factor != 1) {
            add(own, Kind::BlindBid, points * (rules.blind_bid_factor - 1),
                "blind bid: the contract's points x" + std::to_string(rules.blind_bid_factor));
        }
        return blind ? points * rules.blind_bid_factor : points;
    };
    if (own.tricks >= own.bid) {
        int over = own.tricks - own.bid;
        int points = rules.bid_trick_points * own.bid;
        add(own, Kind::ContractMade, points, contract + " made with " + tricks_text(own.tricks));
        points = blind_factor(points);
        if (rules.big_contract && own.bid >= *rules.big_contract) {
            add(own, Kind::BigContract,
                points * (rules.big_contract_factor - 1) + rules.big_contract_bonus,
                "a contract of " + std::to_string(*rules.big_contract) + " or more made");
        }
        if (over == 0 && rules.exact_points != 0) {
            add(own, Kind::Exact, rules.exact_points, "contract made exactly");
        }
        if (over > 0 && rules.over_points != 0) {
            add(own, Kind::Over, rules.over_points, "contract made with tricks over");
        }
        int bags = rules.counts_bags() ? over : 0;
        if (over > 0 && (rules.overtrick_points != 0 || bags != 0)) {
            add(own, Kind::Overtricks, over * rules.overtrick_points,
                std::to_string(over) + (over == 1 ? " overtrick" : " overtricks"), bags);
        }
        return;
    }
    int shortfall = own.bid - own.tricks;
    int points = 0;
    switch (rules.failed_contract) {
        case FailedContract::MinusBid:
            points = -rules.bid_trick_points * own.bid;
            break;
        case FailedContract::Zero:
            points = 0;
            break;
        case FailedContract::MinusShortfall:
            points = -rules.bid_trick_points * shortfall;
            break;
    }
    add(own, Kind::ContractSet, points,
        contract + " set with " + tricks_text(own.tricks) + " (" + std::to_string(shortfall) +
            " short)");
    if (points != 0) blind_factor(points);
    if (rules.set_points != 0) {
        add(opp, Kind::OpponentsSet, rules.set_points, "opponents' contract set");
    }
}

// One nil bid. `decisive` is the tricks that decide it: the bidder's own, or with
// both_nil_scoring=together and a partner also bidding nil, the pair's.
void score_nil(const RuleSet& rules, Seat seat, Bid bid, int tricks, int decisive,
               TeamHandScore& own, TeamHandScore& opp) {
    bool blind = bid.kind() == Bid::Kind::BlindNil;
    int value = blind ? rules.blind_nil_points : rules.nil_points;
    std::string name = seat_letter(seat) + (blind ? " blind nil" : " nil");
    std::string failed = name + " failed with " + tricks_text(tricks);
    if (decisive != tricks) {
        failed = name + " failed with " + seat_letter(partner(seat)) + "'s nil: the pair took " +
                 tricks_text(decisive);
    }
    if (decisive == 0) {
        add(own, blind ? Kind::BlindNilMade : Kind::NilMade, value, name + " made", 0, seat);
    } else if (rules.nil_failed == NilFailed::Minus) {
        add(own, blind ? Kind::BlindNilFailed : Kind::NilFailed, -value, failed, 0, seat);
    } else {
        add(own, blind ? Kind::BlindNilFailed : Kind::NilFailed, 0, failed, 0, seat);
        add(opp, blind ? Kind::OpponentBlindNilFailed : Kind::OpponentNilFailed, value,
            "opponent " + name + " failed", 0, seat);
    }
    bool as_bags =
        rules.nil_tricks == NilTricks::BagsOnly || rules.nil_tricks == NilTricks::BagsAndPoints;
    int points = rules.nil_tricks == NilTricks::BagsAndPoints ? tricks * rules.overtrick_points : 0;
    int bags = rules.counts_bags() ? tricks : 0;
    if (as_bags && tricks > 0 && (points != 0 || bags != 0)) {
        add(own, Kind::NilTrickBags, points,
            name + ": " + tricks_text(tricks) +
                (tricks == 1 ? " taken counts as a bag" : " taken count as bags"),
            bags, seat);
    }
}

// Bags are counted one at a time, so that each limit is met where it is reached: the early
// limit once per round of bag_limit, then bag_limit itself, after which the count carries on
// from zero with the bags left over, or (bags_after_penalty=reset) with none. Calls
// on_penalty(points, bags_reached) for each penalty met, in order; returns the bags after.
template <class OnPenalty>
int count_bags(const RuleSet& rules, int bags, int added, OnPenalty on_penalty) {
    if (!rules.counts_bags()) return bags + added;
    for (; added > 0; --added) {
        ++bags;
        if (rules.early_bag_limit && bags == *rules.early_bag_limit) {
            on_penalty(rules.early_bag_penalty, bags);
        }
        if (bags < rules.bag_limit) continue;
        bags = 0;
        on_penalty(rules.bag_penalty, rules.bag_limit);
        if (rules.bags_after_penalty == BagsAfter::Reset) break;
    }
    return bags;
}

void apply_bags(const RuleSet& rules, TeamHandScore& team, const TeamStanding& before) {
    team.after.bags =
        count_bags(rules, before.bags, team.bags_added, [&](int points, int bags_reached) {
            if (bags_reached == rules.bag_limit) ++team.bag_penalties;
            add(team, Kind::BagPenalty, -points, std::to_string(bags_reached) + " bags reached");
        });
    team.after.score = before.score + team.delta;
}

}  // namespace

HandScore score_hand(const RuleSet& rules, const HandOutcome& outcome, const Standings& before) {
    if (auto problem = check_outcome(rules, outcome)) throw Error(*problem);
    HandScore result;
    // Contracts first: what counts toward each partnership's bid.
    for (Team t : kAllTeams) {
        TeamHandScore& team = result[t];
        for (Seat s : members(t)) {
            Bid b = outcome.bids[index(s)];
            int tricks = outcome.tricks[index(s)];
            if (!b.is_nil()) {
                team.bid += b.count();
                team.tricks += tricks;
            } else if (rules.nil_tricks == NilTricks::CountForPartner) {
                team.tricks += tricks;
            }
        }
    }
    for (Team t : kAllTeams) {
        TeamHandScore& team = result[t];
        int bid = team.bid;
        bool blind = false;
        for (Seat s : members(t))
            blind =
                blind || (outcome.bids[index(s)].is_blind() && !outcome.bids[index(s)].is_nil());
        if (bid == 0 && rules.both_nil_tricks == BothNilTricks::Overtricks) {
            team.tricks = 0;
            for (Seat s : members(t)) team.tricks += outcome.tricks[index(s)];
        }
        if (rules.below_min_team_bid == BelowMinimum::Raise && bid > 0 &&
            bid < rules.min_team_bid) {
            team.bid = rules.min_team_bid;
        }
        score_contract(rules, team, result[opponent(t)], bid, blind);
    }
    // Boston: every trick of the hand to one partnership.
    for (Team t : kAllTeams) {
        int taken = 0;
        for (Seat s : members(t)) taken += outcome.tricks[index(s)];
        if (taken == rules.hand_size() && rules.boston_points != 0) {
            add(result[t], Kind::Boston, rules.boston_points, "every trick of the hand (a Boston)");
        }
    }
    // Then nils, seat by seat.
    for (Seat s : kAllSeats) {
        Bid b = outcome.bids[index(s)];
        if (!b.is_nil()) continue;
        int tricks = outcome.tricks[index(s)];
        int decisive = tricks;
        if (rules.both_nil_scoring == BothNil::Together &&
            outcome.bids[index(partner(s))].is_nil()) {
            decisive += outcome.tricks[index(partner(s))];
        }
        score_nil(rules, s, b, tricks, decisive, result[team_of(s)], result[opponent(team_of(s))]);
    }
    if (outcome.honours && rules.honours_points != 0) {
        add(result[*outcome.honours], Kind::Honours, rules.honours_points,
            "all four honours (AH KH QH JH)");
    }
    // Bags last: "points from tricks are dealt with first, then sandbags" (004).
    for (Team t : kAllTeams) apply_bags(rules, result[t], before[index(t)]);
    return result;
}

TeamStanding after_bags(const RuleSet& rules, const TeamStanding& before, int points,
                        int bags_added) {
    TeamStanding after{before.score + points, 0};
    after.bags = count_bags(rules, before.bags, bags_added,
                            [&](int penalty, int) { after.score -= penalty; });
    return after;
}

}  // namespace spadework
