#include "spadework/engine/hand.h"

#include <algorithm>
#include <cctype>

namespace spadework {

std::string to_string(Bid bid) {
    switch (bid.kind()) {
        case Bid::Kind::Nil:
            return "nil";
        case Bid::Kind::BlindNil:
            return "bnil";
        case Bid::Kind::Tricks:
            break;
    }
    return (bid.is_blind() ? "b" : "") + std::to_string(bid.count());
}

namespace {

// A count of tricks: one or two digits, checked before any arithmetic, so no word can
// overflow it.
std::optional<int> bid_count(std::string_view digits) {
    bool ok =
        !digits.empty() && digits.size() <= 2 &&
        std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!ok) return std::nullopt;
    int n = 0;
    for (char c : digits) n = n * 10 + (c - '0');
    return n;
}

}  // namespace

Bid parse_bid(std::string_view text) {
    std::string low;
    for (char c : text) low += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (low == "nil" || low == "0" || low == "n") return Bid::nil();
    if (low == "bnil" || low == "blind nil" || low == "blind" || low == "bn" ||
        low == "blind_nil" || low == "dnil" || low == "double nil") {
        return Bid::blind_nil();
    }
    if (auto n = bid_count(low)) return Bid::tricks(*n);
    // A blind trick bid: "b6", "blind6", "blind 6".
    for (std::string_view prefix : {"blind ", "blind", "b"}) {
        if (std::string_view(low).substr(0, prefix.size()) != prefix) continue;
        auto n = bid_count(std::string_view(low).substr(prefix.size()));
        if (n && *n > 0) return Bid::blind_tricks(*n);
    }
    throw ParseError("'" + std::string(text) + "' is not a bid (a number, nil, bnil or b6)", 1);
}

std::string_view phase_name(Phase p) {
    switch (p) {
        case Phase::Pass:
            return "pass";
        case Phase::Bid:
            return "bidding";
        case Phase::Exchange:
            return "blind nil exchange";
        case Phase::Play:
            return "play";
        case Phase::Done:
            return "end of the hand";
    }
    return "?";
}

Seat trick_winner(const std::vector<PlayedCard>& trick, const PlayOrder& order) {
    PlayedCard best = trick.front();
    for (const PlayedCard& p : trick) {
        if (order.beats(p.card, best.card)) best = p;
    }
    return best.seat;
}

namespace {

Illegal illegal(IllegalReason reason, std::string message) {
    return {reason, std::move(message)};
}

}  // namespace

HandState::HandState(RuleSet rules, Seat dealer, Deal deal, std::array<int, 2> scores_before)
    : HandState(std::move(rules), dealer, std::move(deal)) {
    scores_before_ = scores_before;
}

HandState::HandState(RuleSet rules, Seat dealer, Deal deal)
    : rules_(std::move(rules)),
      order_(rules_),
      dealer_(dealer),
      dealt_(deal),
      hands_(deal.hands),
      to_act_(next(dealer)),
      leader_(next(dealer)) {
    if (auto problem = check_deal(dealt_, rules_.deck())) throw Error(*problem);
    if (rules_.pass_cards > 0) {
        phase_ = Phase::Pass;
    } else {
        begin_bidding();
    }
}

void HandState::begin_bidding() {
    phase_ = Phase::Bid;
    to_act_ = next(dealer_);
}

std::optional<Illegal> HandState::check_turn(Phase phase, Seat seat) const {
    if (phase_ != phase) {
        return illegal(IllegalReason::WrongPhase, "cannot " + std::string(phase_name(phase)) +
                                                      " now: the hand is at the " +
                                                      std::string(phase_name(phase_)));
    }
    if (seat != to_act_) {
        return illegal(IllegalReason::NotYourTurn, "it is " + seat_letter(to_act_) +
                                                       "'s turn, not " + seat_letter(seat) + "'s");
    }
    return std::nullopt;
}

// --- Pass ------------------------------------------------------------------------------

std::optional<Illegal> HandState::check_pass(Seat seat, CardSet cards) const {
    if (auto bad = check_turn(Phase::Pass, seat)) return bad;
    if (cards.size() != rules_.pass_cards) {
        return illegal(IllegalReason::WrongPassSize,
                       seat_letter(seat) + " passes " + std::to_string(cards.size()) +
                           " cards; the rules pass " + std::to_string(rules_.pass_cards));
    }
    // Only cards dealt: a player passes before looking at what the partner passes.
    if (CardSet missing = cards - dealt_[seat]; !missing.empty()) {
        return illegal(IllegalReason::CardNotHeld, seat_letter(seat) + " was not dealt " +
                                                       to_string(*missing.begin()) +
                                                       " and cannot pass it");
    }
    return std::nullopt;
}

void HandState::pass(Seat seat, CardSet cards) {
    if (auto bad = check_pass(seat, cards)) throw IllegalActionError(*bad);
    history_.push_back(
        {Action::Pass, seat, phase_, to_act_, spades_broken_, leader_, irregularities_.size()});
    passed_[index(seat)] = cards;
    to_act_ = next(seat);
    if (std::all_of(passed_.begin(), passed_.end(), [](auto& p) { return p.has_value(); })) {
        apply_card_swaps(passed_);
        begin_bidding();
    }
}

void HandState::apply_card_swaps(const std::array<std::optional<CardSet>, 4>& given) {
    for (Seat s : kAllSeats) {
        if (given[index(s)]) hands_[index(s)] -= *given[index(s)];
    }
    for (Seat s : kAllSeats) {
        if (given[index(s)]) hands_[index(partner(s))] |= *given[index(s)];
    }
}

void HandState::unapply_card_swaps(const std::array<std::optional<CardSet>, 4>& given) {
    for (Seat s : kAllSeats) {
        if (given[index(s)]) hands_[index(partner(s))] -= *given[index(s)];
    }
    for (Seat s : kAllSeats) {
        if (given[index(s)]) hands_[index(s)] |= *given[index(s)];
    }
}

// --- Bidding ---------------------------------------------------------------------------

std::optional<Illegal> HandState::check_bid(Seat seat, Bid bid) const {
    if (auto bad = check_turn(Phase::Bid, seat)) return bad;
    return check_bid_rules(rules_, seat, bid,
                           {bids_[index(partner(seat))], hands_[index(seat)], scores_before_});
}

std::vector<Bid> HandState::legal_bids() const {
    if (phase_ != Phase::Bid) return {};
    return allowed_bids(rules_, to_act_,
                        {bids_[index(partner(to_act_))], hands_[index(to_act_)], scores_before_});
}

void HandState::bid(Seat seat, Bid bid) {
    if (auto bad = check_bid(seat, bid)) throw IllegalActionError(*bad);
    history_.push_back(
        {Action::Bid, seat, phase_, to_act_, spades_broken_, leader_, irregularities_.size()});
    bids_[index(seat)] = bid;
    to_act_ = next(seat);
    if (std::all_of(bids_.begin(), bids_.end(), [](auto& b) { return b.has_value(); })) {
        after_bidding();
    }
}

void HandState::after_bidding() {
    if (auto first = next_exchange_seat(std::nullopt)) {
        phase_ = Phase::Exchange;
        to_act_ = *first;
    } else {
        begin_play();
    }
}

// --- Blind nil exchange ----------------------------------------------------------------

// The cards a seat gives in its pair's exchange: the blind bid's (its own or its partner's),
// 0 when neither bid blind.
int HandState::exchange_size(Seat seat) const {
    for (Seat s : {seat, partner(seat)}) {
        const auto& b = bids_[index(s)];
        if (b && b->is_blind()) {
            return b->is_nil() ? rules_.blind_nil_exchange : rules_.blind_bid_exchange;
        }
    }
    return 0;
}

std::optional<Seat> HandState::next_exchange_seat(std::optional<Seat> after) const {
    if (rules_.blind_nil_exchange == 0 && rules_.blind_bid_exchange == 0) return std::nullopt;
    // The exchange order: for each blind bidder from the dealer's left whose partner did not
    // also bid blind, the bidder then the partner.
    std::vector<Seat> order;
    for (int i = 1; i <= 4; ++i) {
        Seat s = next(dealer_, i);
        auto is_blind = [&](Seat x) { return bids_[index(x)] && bids_[index(x)]->is_blind(); };
        if (is_blind(s) && !is_blind(partner(s)) && exchange_size(s) > 0) {
            order.push_back(s);
            order.push_back(partner(s));
        }
    }
    auto it = order.begin();
    if (after) {
        it = std::find(order.begin(), order.end(), *after);
        if (it != order.end()) ++it;
    }
    if (it == order.end()) return std::nullopt;
    return *it;
}

std::optional<Illegal> HandState::check_exchange(Seat seat, CardSet cards) const {
    if (auto bad = check_turn(Phase::Exchange, seat)) return bad;
    int size = exchange_size(seat);
    if (cards.size() != size) {
        // In the exchange phase the seat to act is of a pair with one blind bid.
        Bid own = *bids_[index(seat)];
        bool nil = (own.is_blind() ? own : *bids_[index(partner(seat))]).is_nil();
        return illegal(IllegalReason::WrongPassSize,
                       seat_letter(seat) + " gives " + std::to_string(cards.size()) +
                           " cards; the " + (nil ? "blind nil" : "blind bid") + " exchange is " +
                           std::to_string(size));
    }
    // Cards move only when the whole exchange is done, so hands_ holds no received card yet.
    if (CardSet missing = cards - hands_[index(seat)]; !missing.empty()) {
        return illegal(IllegalReason::CardNotHeld,
                       seat_letter(seat) + " does not hold " + to_string(*missing.begin()));
    }
    return std::nullopt;
}

void HandState::exchange(Seat seat, CardSet cards) {
    if (auto bad = check_exchange(seat, cards)) throw IllegalActionError(*bad);
    history_.push_back(
        {Action::Exchange, seat, phase_, to_act_, spades_broken_, leader_, irregularities_.size()});
    exchanged_[index(seat)] = cards;
    if (auto following = next_exchange_seat(seat)) {
        to_act_ = *following;
    } else {
        apply_card_swaps(exchanged_);
        begin_play();
    }
}

// --- Play ------------------------------------------------------------------------------

void HandState::begin_play() {
    phase_ = Phase::Play;
    leader_ = next(dealer_);
    if (rules_.first_lead == FirstLead::TwoOfClubs) {
        Card two_clubs(Rank::Two, Suit::Clubs);
        for (Seat s : kAllSeats) {
            if (hands_[index(s)].contains(two_clubs)) leader_ = s;
        }
    }
    to_act_ = leader_;
}

std::optional<Suit> HandState::led_suit() const {
    if (trick_.empty()) return std::nullopt;
    return order_.suit(trick_.front().card);
}

std::optional<Seat> HandState::current_winner() const {
    if (trick_.empty()) return std::nullopt;
    return trick_winner(trick_, order_);
}

// The card rules' one statement, as a reason only: legal_cards asks it of every card held, and
// a message is built only for a card that is played (check_card_rules).
std::optional<IllegalReason> HandState::card_rule_broken(Card card) const {
    CardSet hand = hands_[index(to_act_)];
    if (trick_.empty()) {
        Card two_clubs(Rank::Two, Suit::Clubs);
        if (rules_.first_lead == FirstLead::TwoOfClubs && played_.empty() && card != two_clubs &&
            hand.contains(two_clubs)) {
            return IllegalReason::MustLeadTwoOfClubs;
        }
        bool only_spades = order_.of_suit(hand, Suit::Spades) == hand;
        if (order_.suit(card) == Suit::Spades && rules_.spades_lead == SpadesLead::AfterBroken &&
            !spades_broken_ && !only_spades) {
            return IllegalReason::SpadesNotBroken;
        }
        return std::nullopt;
    }
    Suit led = order_.suit(trick_.front().card);
    if (order_.suit(card) != led && !order_.of_suit(hand, led).empty()) {
        return IllegalReason::MustFollowSuit;
    }
    return std::nullopt;
}

std::optional<Illegal> HandState::check_card_rules(Card card) const {
    std::optional<IllegalReason> reason = card_rule_broken(card);
    if (!reason) return std::nullopt;
    const std::string seat = seat_letter(to_act_);
    switch (*reason) {
        case IllegalReason::MustLeadTwoOfClubs:
            return illegal(*reason, seat + " must lead the 2C to the first trick");
        case IllegalReason::SpadesNotBroken:
            return illegal(*reason,
                           seat + " cannot lead " + to_string(card) + ": spades are not broken");
        default:
            return illegal(*reason, seat + " must follow suit with " +
                                        std::string(suit_name(order_.suit(trick_.front().card))) +
                                        " in hand, not play " + to_string(card));
    }
}

std::optional<Illegal> HandState::check_play(Card card) const {
    if (auto bad = check_turn(Phase::Play, to_act_)) return bad;
    if (!hands_[index(to_act_)].contains(card)) {
        return illegal(IllegalReason::CardNotHeld,
                       seat_letter(to_act_) + " does not hold " + to_string(card));
    }
    return check_card_rules(card);
}

CardSet HandState::legal_cards() const {
    CardSet legal;
    if (phase_ != Phase::Play) return legal;
    for (Card c : hands_[index(to_act_)]) {
        if (!card_rule_broken(c)) legal.insert(c);
    }
    return legal;
}

void HandState::play(Card card) {
    if (auto bad = check_play(card)) throw IllegalActionError(*bad);
    do_play(card, std::nullopt);
}

void HandState::play_recorded(Card card) {
    if (auto bad = check_turn(Phase::Play, to_act_)) throw IllegalActionError(*bad);
    if (!hands_[index(to_act_)].contains(card)) {
        throw IllegalActionError(
            illegal(IllegalReason::CardNotHeld,
                    seat_letter(to_act_) + " does not hold " + to_string(card)));
    }
    do_play(card, check_card_rules(card));
}

void HandState::do_play(Card card, std::optional<Illegal> broken_rule) {
    Seat seat = to_act_;
    history_.push_back(
        {Action::Play, seat, phase_, to_act_, spades_broken_, leader_, irregularities_.size()});
    if (broken_rule) {
        irregularities_.push_back(
            {tricks_played(), seat, card, broken_rule->reason, broken_rule->message});
    }
    hands_[index(seat)].erase(card);
    trick_.push_back({seat, card});
    played_.push_back({seat, card});
    if (order_.suit(card) == Suit::Spades && !spades_broken_) {
        bool on_other_suit = order_.suit(trick_.front().card) != Suit::Spades;
        spades_broken_ = rules_.spades_break == SpadesBreak::AnySpade ||
                         (rules_.spades_break == SpadesBreak::Trump && on_other_suit);
    }
    to_act_ = next(seat);
    if (trick_.size() == 4) {
        Seat winner = trick_winner(trick_, order_);
        ++tricks_[index(winner)];
        trick_winners_.push_back(winner);
        trick_.clear();
        leader_ = winner;
        to_act_ = winner;
        if (tricks_played() == rules_.hand_size()) phase_ = Phase::Done;
    }
}

// --- Undo ------------------------------------------------------------------------------

void HandState::undo() {
    SPADEWORK_INVARIANT(!history_.empty(), "undo only what can_undo() says is there");
    Undo u = history_.back();
    history_.pop_back();
    switch (u.action) {
        case Action::Pass:
            if (phase_ != Phase::Pass) unapply_card_swaps(passed_);
            passed_[index(u.seat)].reset();
            break;
        case Action::Bid:
            bids_[index(u.seat)].reset();
            break;
        case Action::Exchange:
            if (phase_ != Phase::Exchange) unapply_card_swaps(exchanged_);
            exchanged_[index(u.seat)].reset();
            break;
        case Action::Play: {
            PlayedCard last = played_.back();
            if (trick_.empty()) {
                // The card closed a trick: reopen it.
                Seat winner = trick_winners_.back();
                trick_winners_.pop_back();
                --tricks_[index(winner)];
                trick_.assign(played_.end() - 4, played_.end());
            }
            trick_.pop_back();
            played_.pop_back();
            hands_[index(last.seat)].insert(last.card);
            break;
        }
    }
    phase_ = u.phase_before;
    to_act_ = u.to_act_before;
    spades_broken_ = u.spades_broken_before;
    leader_ = u.leader_before;
    irregularities_.resize(u.irregularities_before);
}

CardSet HandState::held_at_play(Seat s) const {
    CardSet held = hands_[index(s)];
    for (const PlayedCard& p : played_) {
        if (p.seat == s) held.insert(p.card);
    }
    return held;
}

HandOutcome HandState::outcome() const {
    HandOutcome out;
    for (Seat s : kAllSeats) {
        out.bids[index(s)] = bids_[index(s)].value_or(Bid::nil());
        out.tricks[index(s)] = tricks_[index(s)];
    }
    std::array<CardSet, 2> won;
    for (std::size_t t = 0; t < trick_winners_.size(); ++t) {
        for (std::size_t k = 0; k < 4; ++k) {
            won[index(team_of(trick_winners_[t]))].insert(played_[4 * t + k].card);
        }
    }
    for (Team t : kAllTeams) {
        if ((won[index(t)] & kHonours) == kHonours) out.honours = t;
    }
    return out;
}

}  // namespace spadework
