// The one place a bid is checked against the rules: HandState::check_bid and a score sheet's
// bids (sheet_outcome) both come here, each with what it knows around the bid.
#include <algorithm>

#include "spadework/engine/hand.h"

namespace spadework {

namespace {

// The engine's own count words (analyzer's count_of is not below it).
std::string spades_word(int n) {
    return std::to_string(n) + (n == 1 ? " spade" : " spades");
}

// The bid alone: its range, and whether the rules have its kind; nil_max_spades when the cards
// are known.
std::optional<Illegal> kind_fault(const RuleSet& rules, Seat seat, Bid bid, const BidFacts& known) {
    switch (bid.kind()) {
        case Bid::Kind::Tricks:
            if (bid.count() < 1 || bid.count() > rules.highest_bid()) {
                return Illegal{IllegalReason::BidOutOfRange,
                               "bid " + std::to_string(bid.count()) +
                                   " is out of range: bids are nil or 1.." +
                                   std::to_string(rules.highest_bid())};
            }
            if (bid.is_blind() && !rules.blind_bid_min) {
                return Illegal{IllegalReason::BlindBidNotAllowed,
                               "these rules have no blind trick bid"};
            }
            if (bid.is_blind() && bid.count() < *rules.blind_bid_min) {
                return Illegal{IllegalReason::BlindBidNotAllowed,
                               "a blind bid is of " + std::to_string(*rules.blind_bid_min) +
                                   " tricks or more, not " + std::to_string(bid.count())};
            }
            break;
        case Bid::Kind::Nil:
            if (!rules.nil_allowed) {
                return Illegal{IllegalReason::NilNotAllowed, "these rules have no nil bid"};
            }
            if (rules.nil_max_spades && known.held) {
                int spades = PlayOrder(rules).of_suit(*known.held, Suit::Spades).size();
                if (spades > *rules.nil_max_spades) {
                    return Illegal{IllegalReason::NilWithTooManySpades,
                                   seat_letter(seat) + " holds " + spades_word(spades) +
                                       ": nil may be bid with " +
                                       std::to_string(*rules.nil_max_spades) + " or fewer"};
                }
            }
            break;
        case Bid::Kind::BlindNil:
            if (!rules.blind_nil_allowed) {
                return Illegal{IllegalReason::BlindNilNotAllowed,
                               "these rules have no blind nil bid"};
            }
            break;
    }
    return std::nullopt;
}

// blind_behind, when the scores before the hand are known.
std::optional<Illegal> behind_fault(const RuleSet& rules, Seat seat, Bid bid,
                                    const BidFacts& known) {
    if (!bid.is_blind() || rules.blind_behind <= 0 || !known.scores_before) return std::nullopt;
    int own = (*known.scores_before)[index(team_of(seat))];
    int theirs = (*known.scores_before)[index(opponent(team_of(seat)))];
    if (theirs - own >= rules.blind_behind) return std::nullopt;
    return Illegal{IllegalReason::NotBehindEnough,
                   seat_letter(seat) + " cannot bid blind at " + std::to_string(own) + " to " +
                       std::to_string(theirs) + ": a side must be behind by " +
                       std::to_string(rules.blind_behind) + " points or more"};
}

// Whiz and Mirrors, when the cards are known: the spades held decide the bid. A blind bid,
// made before looking, is not bound by them.
std::optional<Illegal> forced_fault(const RuleSet& rules, Seat seat, Bid bid,
                                    const BidFacts& known) {
    if (bid.is_blind() || !known.held) return std::nullopt;
    bool whiz = rules.bidding == Bidding::Whiz;
    if (!whiz && rules.bidding != Bidding::Mirrors) return std::nullopt;
    int spades =
        std::min(PlayOrder(rules).of_suit(*known.held, Suit::Spades).size(), rules.highest_bid());
    Bid forced = spades == 0 ? Bid::nil() : Bid::tricks(spades);
    if (bid == forced || (whiz && bid == Bid::nil())) return std::nullopt;
    std::string who = seat_letter(seat);
    std::string held = spades_word(spades);
    return Illegal{
        IllegalReason::ForcedBid,
        whiz ? who + " holds " + held + ": under Whiz the bid is " + to_string(forced) +
                   (spades == 0 ? "" : " or nil")
             : who + " holds " + held + ": under Mirrors the bid is " + to_string(forced)};
}

// The bid beside the partner's: Suicide, both partners nil, the team's minimum.
std::optional<Illegal> partner_fault(const RuleSet& rules, Seat seat, Bid bid,
                                     const BidFacts& known) {
    if (!known.partner_bid) return std::nullopt;
    const Bid mates = *known.partner_bid;
    std::string who = seat_letter(seat);
    std::string mate = seat_letter(partner(seat));
    if (rules.bidding == Bidding::Suicide && mates.is_nil() == bid.is_nil()) {
        return Illegal{IllegalReason::ForcedBid,
                       bid.is_nil() ? who + " cannot bid nil: partner " + mate +
                                          " did, and only one partner bids nil (Suicide)"
                                    : who + " must bid nil: partner " + mate +
                                          " did not, and one partner bids nil (Suicide)"};
    }
    if (bid.is_nil() && mates.is_nil() && !rules.both_nil_allowed) {
        return Illegal{IllegalReason::BothPartnersNil,
                       who + " cannot bid nil: partner " + mate +
                           " already did, and both partners may not bid nil"};
    }
    if (rules.min_team_bid > 0 && rules.below_min_team_bid == BelowMinimum::Rebid &&
        !(bid.is_nil() && mates.is_nil())) {
        int team = bid.count() + mates.count();
        if (team < rules.min_team_bid) {
            return Illegal{IllegalReason::TeamBidTooLow,
                           who + " bids " + to_string(bid) + " beside " + mate + "'s " +
                               to_string(mates) + ": a partnership bids " +
                               std::to_string(rules.min_team_bid) + " tricks or more"};
        }
    }
    if (rules.max_team_bid && bid.count() + mates.count() > *rules.max_team_bid) {
        return Illegal{IllegalReason::TeamBidTooHigh,
                       who + " bids " + to_string(bid) + " beside " + mate + "'s " +
                           to_string(mates) + ": a partnership bids " +
                           std::to_string(*rules.max_team_bid) + " tricks or fewer"};
    }
    return std::nullopt;
}

}  // namespace

std::optional<Illegal> check_bid_rules(const RuleSet& rules, Seat seat, Bid bid,
                                       const BidFacts& known) {
    if (auto bad = kind_fault(rules, seat, bid, known)) return bad;
    if (auto bad = behind_fault(rules, seat, bid, known)) return bad;
    if (auto bad = forced_fault(rules, seat, bid, known)) return bad;
    return partner_fault(rules, seat, bid, known);
}

std::vector<Bid> allowed_bids(const RuleSet& rules, Seat seat, const BidFacts& known) {
    std::vector<Bid> out;
    std::vector<Bid> all = {Bid::nil(), Bid::blind_nil()};
    for (int n = 1; n <= rules.highest_bid(); ++n) all.push_back(Bid::tricks(n));
    for (Bid b : all) {
        if (!check_bid_rules(rules, seat, b, known)) out.push_back(b);
    }
    return out;
}

}  // namespace spadework
