// Rule sets. Every choice on which the rule documents differ is a field of RuleSet; play and
// scoring read these fields and never ask which preset they run under.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "spadework/engine/card.h"

namespace spadework {

// The two cards a deck with jokers leaves out, so that 52 are dealt.
enum class JokersOut {
    TwoClubsTwoDiamonds,   // 2C and 2D
    TwoHeartsTwoClubs,     // 2H and 2C
    TwoHeartsTwoDiamonds,  // 2H and 2D
};
// Which deuces rank as trumps above the ace of spades ("deuces high"), and in what order.
enum class DeucesHigh {
    Off,               // none: the 2S is the lowest spade, the 2D a diamond
    Spade,             // the 2S, just above the ace
    DiamondOverSpade,  // the 2S above the ace and the 2D (a trump, no longer a diamond) above it
    SpadeOverDiamond,  // the 2D above the ace (a trump), and the 2S above it
};
// Who may lead a spade.
enum class SpadesLead {
    AfterBroken,  // only once spades are broken, or from a hand holding nothing but spades
    Anytime,      // any time, the first trick included
};
// What breaks spades.
enum class SpadesBreak {
    AnySpade,  // any spade played, a forced lead from an all-spade hand included
    Trump,     // a spade played to a trick led in another suit
    Never,     // nothing: a spade is led only from a hand of nothing but spades (OpenSpiel)
};
enum class FirstLead {
    LeftOfDealer,  // the player left of the dealer leads any legal card
    TwoOfClubs,    // the holder of the 2 of clubs leads it
};
// What a partnership that falls short of its contract scores.
enum class FailedContract {
    MinusBid,        // -bid_trick_points x bid
    Zero,            // nothing
    MinusShortfall,  // -bid_trick_points x missing tricks
};
// What becomes of the tricks a nil bidder takes.
enum class NilTricks {
    Separate,         // they count for nobody; the partner's contract stands alone
    CountForPartner,  // they count toward the partnership's tricks
    BagsOnly,         // they do not help the partner; each is a bag, and scores nothing
    BagsAndPoints,    // as BagsOnly, and each also scores overtrick_points, as an overtrick
};
// Who a failed nil costs.
enum class NilFailed {
    Minus,      // the nil bidder's side loses the nil's points
    Opponents,  // the opponents gain the nil's points
};
// How a partnership whose two members both bid nil (or blind nil) is scored.
enum class BothNil {
    Each,      // each nil on its own: one made and one failed cancel out
    Together,  // one contract: made if neither takes a trick, failed (both values) if either does
};
// What happens when a partnership's trick bids add up to less than min_team_bid.
enum class BelowMinimum {
    Rebid,  // the second partner to bid may not leave it short: that bid is refused
    Raise,  // the bids stand, and the contract is raised to min_team_bid
};
// Bidding a number that the hand decides (house games of forced bidding).
enum class Bidding {
    Free,     // any bid the other keys allow
    Whiz,     // nil, or exactly the spades held
    Mirrors,  // exactly the spades held (nil with none)
    Suicide,  // in each partnership one partner bids nil and the other does not
};
// What the tricks of a partnership whose two members both bid nil count for, beside the nils.
enum class BothNilTricks {
    NoContract,  // nothing: the pair has no contract
    Overtricks,  // each is an overtrick (and a bag) over a contract of 0, as OpenSpiel scores it
};
// What is left of a partnership's bags once a penalty is paid at bag_limit.
enum class BagsAfter {
    Carry,  // the bags above the limit carry over
    Reset,  // the count starts again from zero
};
// What happens when the game ends with the scores level.
enum class OnTie {
    PlayOn,    // play another hand, and another, until the tie is broken
    Overtime,  // scores and bags go back to zero and an overtime set to overtime_target begins
    Draw,      // the game is drawn
};

struct RuleSet {
    std::string name = "classic";  // the preset it started from; overrides do not rename it

    // The deck. 48 removes the 2 and 3 of spades and of hearts (Paperless Spades).
    int deck_size = 52;  // deck=52|48
    // Jokers: the big and the little joker join the deck as the two highest trumps (big over
    // little, both over any high deuce), and jokers_out leave it; deuces_high makes the 2S, or
    // the 2S and the 2D, trumps above the ace. Every trump counts as a spade: for following,
    // leading, breaking spades and counting a hand's spades.
    bool jokers = false;
    JokersOut jokers_out = JokersOut::TwoHeartsTwoClubs;
    DeucesHigh deuces_high = DeucesHigh::Off;
    int pass_cards = 0;  // cards each player passes to partner after the deal, before bidding

    // Bidding. A bid is nil (no tricks), blind nil (nil declared before looking at the
    // hand), or 1..max_bid tricks.
    int max_bid = 13;
    bool nil_allowed = true;
    bool both_nil_allowed = true;  // may both partners bid nil (or blind nil)?
    bool blind_nil_allowed = true;
    int blind_nil_exchange = 0;  // cards a blind nil bidder and partner exchange after bidding
    // House bidding rules. A partnership's trick bids must add up to min_team_bid (0: no
    // minimum), or they are raised to it; a nil may be bid only with nil_max_spades spades or
    // fewer; a blind bid (nil or tricks) only by a side behind by blind_behind points or more
    // (0: at any score); trick bids of blind_bid_min or more may be made blind, and then the
    // bidder and partner exchange blind_bid_exchange cards.
    int min_team_bid = 0;
    BelowMinimum below_min_team_bid = BelowMinimum::Rebid;
    Bidding bidding = Bidding::Free;
    std::optional<int> nil_max_spades;
    int blind_behind = 0;
    std::optional<int> blind_bid_min;
    int blind_bid_exchange = 0;
    // The most tricks a partnership's bids may add up to (none: any); a bid that would take the
    // pair past it is refused.
    std::optional<int> max_team_bid;

    // Play.
    SpadesLead spades_lead = SpadesLead::AfterBroken;
    SpadesBreak spades_break = SpadesBreak::AnySpade;
    FirstLead first_lead = FirstLead::LeftOfDealer;

    // Scoring of a partnership's contract (the sum of its members' bids other than nil).
    int bid_trick_points = 10;  // per trick bid, when the contract is made
    int overtrick_points = 1;   // per trick over the contract (each is also a bag)
    int exact_points = 0;       // flat, when the contract is made exactly
    int over_points = 0;        // flat, when the contract is made with tricks over
    FailedContract failed_contract = FailedContract::MinusBid;
    int set_points = 0;  // flat, to the opponents of a partnership that fails its contract
    // A contract with a blind trick bid in it: its points, made or set, times blind_bid_factor.
    int blind_bid_factor = 2;
    // "10 for 200": a contract of big_contract tricks or more, made, scores its points times
    // big_contract_factor, and big_contract_bonus more. A partnership that takes every trick
    // of the hand ("Boston") scores boston_points more.
    std::optional<int> big_contract;
    int big_contract_factor = 2;
    int big_contract_bonus = 0;
    int boston_points = 0;

    // Nil.
    NilTricks nil_tricks = NilTricks::Separate;
    int nil_points = 100;
    int blind_nil_points = 200;
    NilFailed nil_failed = NilFailed::Minus;
    BothNil both_nil_scoring = BothNil::Each;
    BothNilTricks both_nil_tricks = BothNilTricks::NoContract;

    // Honours: the jack, queen, king and ace of hearts, all four won by one partnership.
    int honours_points = 0;

    // Bags: each time a partnership's bags reach bag_limit, it loses bag_penalty and the
    // count drops by bag_limit (bags above the limit carry over), or with
    // bags_after_penalty=reset starts again from zero. 0 turns bags off: none are counted,
    // though overtricks still score overtrick_points ("bag back": overtrick_points=-1).
    int bag_limit = 10;
    int bag_penalty = 100;
    // A first penalty on the way: reaching early_bag_limit bags (below bag_limit) costs
    // early_bag_penalty, once per round of bag_limit.
    std::optional<int> early_bag_limit;
    int early_bag_penalty = 50;
    BagsAfter bags_after_penalty = BagsAfter::Carry;

    // The end of a game: a partnership reaching target, falling to loss_limit or below, leading
    // by mercy points or more, or hand_limit hands played ends it, and the higher score wins.
    int target = 500;
    std::optional<int> loss_limit = -250;
    std::optional<int> hand_limit;
    std::optional<int> mercy;
    OnTie on_tie = OnTie::PlayOn;
    int overtime_target = 3;
    // Points a partnership at or over target and ahead wins besides when the game ends, and one
    // at or under loss_limit and behind loses (both in one hand, side by side: OpenSpiel's
    // win_or_loss_bonus): they count in the final score and the margin, not in any hand's.
    int end_bonus = 0;

    int hand_size() const { return deck_size / 4; }
    // Whether bags are counted at all (bag_limit=0 turns them off).
    bool counts_bags() const { return bag_limit > 0; }
    // The cards in play: all 52, or 48 without 2S 3S 2H 3H, or with the jokers for the
    // jokers_out.
    CardSet deck() const;
    // The largest trick bid: max_bid, but never more than a hand holds.
    int highest_bid() const { return max_bid < hand_size() ? max_bid : hand_size(); }

    bool operator==(const RuleSet&) const = default;
};

// Where each card stands in play under a rule set: the suit it follows and trumps as, and its
// place in that suit. A card "in play" is a Card whose suit() is that suit and whose bit
// orders it among the suit's cards, so comparing two cards in play of one suit is comparing
// their indexes. Under the standard order (no jokers, no high deuces) a card in play is the
// card itself. Otherwise the trumps, from the lowest, take the spade bits from 2 up, or from
// 16 - n up when there are n > 14 of them; the other suits keep their bits.
class PlayOrder {
  public:
    PlayOrder();  // the standard order
    explicit PlayOrder(const RuleSet& rules);

    bool standard() const { return standard_; }
    Card in_play(Card c) const { return Card::from_index(in_play_[c.index()]); }
    Card printed(Card c) const { return Card::from_index(printed_[c.index()]); }
    CardSet in_play(CardSet cards) const;
    CardSet printed(CardSet cards) const;
    // The suit a card follows as (every trump is a spade), and a hand's cards of it.
    Suit suit(Card c) const { return in_play(c).suit(); }
    CardSet of_suit(CardSet cards, Suit s) const { return printed(in_play(cards).of_suit(s)); }
    bool beats(Card c, Card best) const;  // c wins over the trick's best card so far
    Card top_trump() const { return trumps_[0]; }
    // The trumps from the highest down, as printed. (Held in place, not on the heap: a
    // PlayOrder is made for every hand played and every decision a bot takes.)
    std::span<const Card> trumps() const { return {trumps_.data(), trump_count_}; }

  private:
    std::array<std::uint8_t, 64> in_play_{};
    std::array<std::uint8_t, 64> printed_{};
    std::array<Card, 16> trumps_{};
    std::size_t trump_count_ = 0;
    bool standard_ = true;
};

// The honour cards of the honours rule.
inline constexpr CardSet kHonours{Card(Rank::Jack, Suit::Hearts), Card(Rank::Queen, Suit::Hearts),
                                  Card(Rank::King, Suit::Hearts), Card(Rank::Ace, Suit::Hearts)};

struct PresetInfo {
    std::string_view name;
    std::string_view source;   // the rules it follows, named for a reader (not a file name)
    std::string_view summary;  // one line
};

// The presets, classic first (the default).
const std::vector<PresetInfo>& presets();
// A preset by name, and what is known of it; both throw RuleError naming the presets when
// there is none.
RuleSet preset(std::string_view name);
const PresetInfo& preset_info(std::string_view name);

// The rule set as key=value pairs, in a fixed order; every key can be given back to
// apply_override, and applying them all to any preset gives this rule set back.
std::vector<std::pair<std::string, std::string>> rule_values(const RuleSet& rules);

// A rule set as "preset key=value ...", as a [Rules] tag and --rules take it: the keys whose
// values differ from its preset's, in rule_values order ("classic bag_limit=5"). A rule set
// whose name is no preset is spelled against classic.
std::string spell_rules(const RuleSet& rules);

// One key=value override ("bag_limit=5", "spades_lead=anytime"). Throws RuleError that names
// the key and the values it takes. The result is checked as a whole by check_rules.
void apply_override(RuleSet& rules, std::string_view key_equals_value);
void apply_override(RuleSet& rules, std::string_view key, std::string_view value);

struct RuleKeyInfo {
    std::string_view key;
    std::string_view values;  // "52|48", "N", "N|none", ...
    std::string_view help;
    // The key shapes the cards and bids as they happen (the deck, the pass, what may be bid,
    // how the play goes), not how they are scored: a game recorded under one value cannot be
    // replayed under another, so re-scoring keeps the value it was played under.
    bool shapes_play = false;
    // What a score sheet (bids and tricks, no cards) cannot give this key, when its value is
    // none of `sheet_values` ('|'-separated: "free|suicide"); empty: a sheet gives all the key
    // needs.
    std::string_view sheet_lacks{};
    std::string_view sheet_values{};
};
// Every key, in the order rule_values prints them.
const std::vector<RuleKeyInfo>& rule_keys();

// What these rules score or shape from the cards, which a score sheet does not have: one line
// per such key, in words and then the key ("the honours are not scored: ... (honours_points=2)").
// Empty when a sheet gives all they need.
std::vector<std::string> score_sheet_gaps(const RuleSet& rules);

// Sets on `rules` every key marked shapes_play to its value in `played`.
void take_play_keys(RuleSet& rules, const RuleSet& played);

// Throws RuleError when the fields do not fit together (a pass larger than a hand, ...).
void check_rules(const RuleSet& rules);

// A preset with overrides applied, then checked.
RuleSet make_rules(std::string_view preset_name, const std::vector<std::string>& overrides);

}  // namespace spadework
