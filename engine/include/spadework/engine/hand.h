// A hand's life: deal -> pass (when the rule set has one) -> bids in turn from the dealer's
// left -> blind nil exchange (when the rule set has one) -> the tricks -> done.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spadework/engine/card.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/error.h"
#include "spadework/engine/rules.h"

namespace spadework {

// A bid: a number of tricks (1..13), nil, or blind nil (nil declared before looking). A trick
// bid may also be blind (RuleSet::blind_bid_min): of kind Tricks, and is_blind().
class Bid {
  public:
    enum class Kind : std::uint8_t { Tricks, Nil, BlindNil };

    constexpr Bid() = default;
    static constexpr Bid tricks(int n) { return Bid(Kind::Tricks, n, false); }
    static constexpr Bid blind_tricks(int n) { return Bid(Kind::Tricks, n, true); }
    static constexpr Bid nil() { return Bid(Kind::Nil, 0, false); }
    static constexpr Bid blind_nil() { return Bid(Kind::BlindNil, 0, true); }

    constexpr Kind kind() const { return kind_; }
    constexpr bool is_nil() const { return kind_ != Kind::Tricks; }  // nil or blind nil
    constexpr bool is_blind() const { return blind_; }               // blind nil or blind tricks
    constexpr int count() const { return count_; }                   // tricks bid; 0 for nil
    constexpr bool operator==(const Bid&) const = default;

  private:
    constexpr Bid(Kind k, int n, bool blind)
        : kind_(k), count_(static_cast<std::uint8_t>(n)), blind_(blind) {}
    Kind kind_ = Kind::Tricks;
    std::uint8_t count_ = 0;
    bool blind_ = false;
};

// "4", "nil", "bnil", "b6" (six tricks, bid blind). Parsing also takes "0" for nil, "blind
// nil", "blind", "bn", "blind 6", "blind6" and any case.
std::string to_string(Bid bid);
Bid parse_bid(std::string_view text);

enum class Phase { Pass, Bid, Exchange, Play, Done };
std::string_view phase_name(Phase p);

// Why an action is refused.
enum class IllegalReason {
    WrongPhase,  // e.g. a card played during the bidding
    NotYourTurn,
    CardNotHeld,
    MustFollowSuit,   // a revoke
    SpadesNotBroken,  // a spade led before spades are broken
    MustLeadTwoOfClubs,
    WrongPassSize,
    BidOutOfRange,
    NilNotAllowed,
    BlindNilNotAllowed,
    BothPartnersNil,
    BlindBidNotAllowed,    // a blind trick bid the rules do not have, or below blind_bid_min
    NilWithTooManySpades,  // nil_max_spades
    NotBehindEnough,       // a blind bid by a side not behind by blind_behind points
    TeamBidTooLow,         // min_team_bid with below_min_team_bid=rebid
    TeamBidTooHigh,        // max_team_bid
    ForcedBid,             // bidding=whiz|mirrors|suicide: another bid is required
};

struct Illegal {
    IllegalReason reason;
    std::string message;  // "W does not hold QS", "E must follow suit with hearts"
};

// What is known around a bid: the partner's bid (none: not yet made), the cards the bidder
// holds and the partnerships' scores before the hand (by team), each when known. A score sheet
// knows the partner's bid and the scores, never the cards.
struct BidFacts {
    std::optional<Bid> partner_bid;
    std::optional<CardSet> held;
    std::optional<std::array<int, 2>> scores_before;
};

// Whether the rules allow `bid` by `seat`: the range, nil, blind nil, blind trick bids, both
// partners nil, min_team_bid and Suicide always; nil_max_spades and Whiz and Mirrors when the
// cards held are known; blind_behind when the scores are. A rule whose inputs are missing is
// not checked (a score sheet names those: score_sheet_gaps). HandState::check_bid adds the
// turn; a score sheet's bids, which have no hand around them, are checked by this alone.
std::optional<Illegal> check_bid_rules(const RuleSet& rules, Seat seat, Bid bid,
                                       const BidFacts& known);
// The bids check_bid_rules allows `seat` with what is known: nil, blind nil and each trick bid
// (bid in sight), in that order.
std::vector<Bid> allowed_bids(const RuleSet& rules, Seat seat, const BidFacts& known);

// Thrown by the HandState actions that do not return a check.
class IllegalActionError : public Error {
  public:
    explicit IllegalActionError(Illegal illegal)
        : Error(illegal.message), illegal_(std::move(illegal)) {}
    const Illegal& illegal() const { return illegal_; }

  private:
    Illegal illegal_;
};

// A card of a recorded hand that broke a rule of play but was played all the same.
struct Irregularity {
    int trick;  // 0-based
    Seat seat;
    Card card;
    IllegalReason reason;  // MustFollowSuit (a revoke) or SpadesNotBroken
    std::string message;
};

struct PlayedCard {
    Seat seat;
    Card card;
};

// What scoring needs of a finished hand.
struct HandOutcome {
    std::array<Bid, 4> bids;
    std::array<int, 4> tricks{};  // per seat
    std::optional<Team> honours;  // the partnership that won all four honours, if one did
};

// The state of one hand. Every action is checked; check_* says why one is illegal without
// changing anything, the action itself throws IllegalActionError. undo() takes back the last
// action of any kind, so a state can walk a record back and forth.
class HandState {
  public:
    HandState(RuleSet rules, Seat dealer, Deal deal);
    // The same, knowing the partnerships' scores before the hand (indexed by team), which a
    // blind bid under blind_behind needs. Without them, that rule is not checked.
    HandState(RuleSet rules, Seat dealer, Deal deal, std::array<int, 2> scores_before);

    const RuleSet& rules() const { return rules_; }
    Seat dealer() const { return dealer_; }
    Phase phase() const { return phase_; }
    // The seat to act: to pass, bid, exchange or play. Meaningless once the hand is done.
    Seat to_act() const { return to_act_; }

    // The deal as dealt, before any pass.
    const Deal& dealt() const { return dealt_; }
    // The cards a seat holds now.
    CardSet hand(Seat s) const { return hands_[index(s)]; }
    // The cards a seat held when play began (after passes and exchanges); before play, the
    // cards it holds now.
    CardSet held_at_play(Seat s) const;

    // The pass, simultaneous in principle, is recorded in seat order from the dealer's left:
    // each player gives pass_cards cards of the hand dealt to the partner.
    std::optional<Illegal> check_pass(Seat seat, CardSet cards) const;
    void pass(Seat seat, CardSet cards);
    std::optional<CardSet> passed(Seat s) const { return passed_[index(s)]; }

    // The turn, then check_bid_rules with every bidding key: the seat's cards as held now
    // (after any pass) and the scores before the hand when the state was given them.
    std::optional<Illegal> check_bid(Seat seat, Bid bid) const;
    void bid(Seat seat, Bid bid);
    // The bids check_bid allows the seat to act, but blind trick bids: the reviews and lessons
    // weigh every bid but blind nil as made by a player who has looked at the hand.
    std::vector<Bid> legal_bids() const;
    std::optional<Bid> bid_of(Seat s) const { return bids_[index(s)]; }

    // After the bidding, each blind bidder whose partner did not also bid blind gives
    // blind_nil_exchange cards (a blind nil) or blind_bid_exchange cards (a blind trick bid)
    // to the partner, who gives as many back; bidder first, then partner, pairs in seat order
    // from the dealer's left. Cards received in the same exchange cannot be given back.
    std::optional<Illegal> check_exchange(Seat seat, CardSet cards) const;
    void exchange(Seat seat, CardSet cards);
    std::optional<CardSet> exchanged(Seat s) const { return exchanged_[index(s)]; }
    // The cards a seat gives in its pair's exchange, once the bids are made: by the blind bid
    // of the seat or its partner, 0 when neither bid blind.
    int exchange_size(Seat seat) const;

    // Play. The player to act is to_act().
    std::optional<Illegal> check_play(Card card) const;
    void play(Card card);
    // As play, but a card that breaks a rule of play (a revoke, an early spade lead) is
    // accepted and recorded as an irregularity, as a recorded game may hold one. A card the
    // player does not hold, or a card out of turn, is still refused.
    void play_recorded(Card card);
    CardSet legal_cards() const;

    void undo();
    bool can_undo() const { return !history_.empty(); }

    // Play state.
    bool spades_broken() const { return spades_broken_; }
    int tricks_played() const { return static_cast<int>(trick_winners_.size()); }
    // The cards of the trick in progress, in play order (empty between tricks).
    const std::vector<PlayedCard>& current_trick() const { return trick_; }
    std::optional<Suit> led_suit() const;
    // The seat winning the trick in progress so far.
    std::optional<Seat> current_winner() const;
    Seat leader() const { return leader_; }
    // Every card played so far, in order.
    const std::vector<PlayedCard>& play_record() const { return played_; }
    const std::vector<Seat>& trick_winners() const { return trick_winners_; }
    int tricks_taken(Seat s) const { return tricks_[index(s)]; }
    const std::vector<Irregularity>& irregularities() const { return irregularities_; }

    // Valid once phase() is Done.
    HandOutcome outcome() const;

  private:
    enum class Action : std::uint8_t { Pass, Bid, Exchange, Play };
    struct Undo {
        Action action;
        Seat seat;
        Phase phase_before;
        Seat to_act_before;
        bool spades_broken_before;
        Seat leader_before;
        std::size_t irregularities_before;
    };

    std::optional<Illegal> check_turn(Phase phase, Seat seat) const;
    std::optional<IllegalReason> card_rule_broken(Card card) const;
    std::optional<Illegal> check_card_rules(Card card) const;
    void do_play(Card card, std::optional<Illegal> broken_rule);
    void begin_bidding();
    void after_bidding();
    void begin_play();
    std::optional<Seat> next_exchange_seat(std::optional<Seat> after) const;
    void apply_card_swaps(const std::array<std::optional<CardSet>, 4>& given);
    void unapply_card_swaps(const std::array<std::optional<CardSet>, 4>& given);

    RuleSet rules_;
    PlayOrder order_;
    std::optional<std::array<int, 2>> scores_before_;
    Seat dealer_;
    Deal dealt_;
    std::array<CardSet, 4> hands_;
    Phase phase_ = Phase::Pass;
    Seat to_act_;
    std::array<std::optional<CardSet>, 4> passed_;
    std::array<std::optional<Bid>, 4> bids_;
    std::array<std::optional<CardSet>, 4> exchanged_;
    std::vector<PlayedCard> played_;
    std::vector<PlayedCard> trick_;
    std::vector<Seat> trick_winners_;
    std::array<int, 4> tricks_{};
    bool spades_broken_ = false;
    Seat leader_;
    std::vector<Irregularity> irregularities_;
    std::vector<Undo> history_;
};

// The winner of a complete or partial trick: the highest trump, else the highest card of the
// suit led, in the rule set's order.
Seat trick_winner(const std::vector<PlayedCard>& trick, const PlayOrder& order);

}  // namespace spadework
