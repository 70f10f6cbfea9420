#include "spadework/engine/rules.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <limits>

#include "spadework/engine/error.h"

namespace spadework {

namespace {

CardSet jokers_leave(JokersOut out) {
    const Card two_clubs(Rank::Two, Suit::Clubs);
    const Card two_diamonds(Rank::Two, Suit::Diamonds);
    const Card two_hearts(Rank::Two, Suit::Hearts);
    switch (out) {
        case JokersOut::TwoClubsTwoDiamonds:
            return {two_clubs, two_diamonds};
        case JokersOut::TwoHeartsTwoClubs:
            return {two_hearts, two_clubs};
        case JokersOut::TwoHeartsTwoDiamonds:
            return {two_hearts, two_diamonds};
    }
    return {};
}

// The deuces above the ace of spades, lowest first.
std::vector<Card> high_deuces(DeucesHigh deuces) {
    const Card two_spades(Rank::Two, Suit::Spades);
    const Card two_diamonds(Rank::Two, Suit::Diamonds);
    switch (deuces) {
        case DeucesHigh::Off:
            return {};
        case DeucesHigh::Spade:
            return {two_spades};
        case DeucesHigh::DiamondOverSpade:
            return {two_spades, two_diamonds};
        case DeucesHigh::SpadeOverDiamond:
            return {two_diamonds, two_spades};
    }
    return {};
}

}  // namespace

CardSet RuleSet::deck() const {
    if (deck_size == 48) {
        return kFullDeck - CardSet{Card(Rank::Two, Suit::Spades), Card(Rank::Three, Suit::Spades),
                                   Card(Rank::Two, Suit::Hearts), Card(Rank::Three, Suit::Hearts)};
    }
    if (jokers) return (kFullDeck | kJokers) - jokers_leave(jokers_out);
    return kFullDeck;
}

PlayOrder::PlayOrder() {
    for (int i = 0; i < 64; ++i) in_play_[i] = printed_[i] = static_cast<std::uint8_t>(i);
    for (int r = kHighestRank; r >= kLowestRank; --r) {
        trumps_[trump_count_++] = Card(static_cast<Rank>(r), Suit::Spades);
    }
}

PlayOrder::PlayOrder(const RuleSet& rules) : PlayOrder() {
    if (!rules.jokers && rules.deuces_high == DeucesHigh::Off) return;
    const CardSet deck = rules.deck();
    const std::vector<Card> deuces = high_deuces(rules.deuces_high);
    std::vector<Card> ladder;  // lowest first
    for (int r = kLowestRank; r <= kHighestRank; ++r) {
        Card c(static_cast<Rank>(r), Suit::Spades);
        if (deck.contains(c) && std::find(deuces.begin(), deuces.end(), c) == deuces.end()) {
            ladder.push_back(c);
        }
    }
    for (Card c : deuces) {
        if (deck.contains(c)) ladder.push_back(c);
    }
    if (rules.jokers) {
        ladder.push_back(kLittleJoker);
        ladder.push_back(kBigJoker);
    }
    const int n = static_cast<int>(ladder.size());
    const int base = n <= 14 ? kLowestRank : 16 - n;
    for (int i = 0; i < n; ++i) {
        const auto place = static_cast<std::uint8_t>(base + i);
        in_play_[ladder[i].index()] = place;
    }
    // A card that left its suit for the trumps (a high 2D) frees its bit; a trump's old bit
    // that no card in play takes now is left to nothing.
    for (int i = 0; i < 64; ++i) printed_[i] = 0xFF;
    for (int i = 0; i < 64; ++i) {
        if (in_play_[i] != 0xFF && deck.contains(Card::from_index(i))) printed_[in_play_[i]] = i;
    }
    for (int i = 0; i < 64; ++i) {
        if (printed_[i] == 0xFF) printed_[i] = static_cast<std::uint8_t>(i);
        if (in_play_[i] == 0xFF) in_play_[i] = static_cast<std::uint8_t>(i);
    }
    trump_count_ = ladder.size();
    std::copy(ladder.rbegin(), ladder.rend(), trumps_.begin());
    standard_ = false;
}

CardSet PlayOrder::in_play(CardSet cards) const {
    if (standard_) return cards;
    CardSet out;
    for (Card c : cards) out.insert(in_play(c));
    return out;
}

CardSet PlayOrder::printed(CardSet cards) const {
    if (standard_) return cards;
    CardSet out;
    for (Card c : cards) out.insert(printed(c));
    return out;
}

bool PlayOrder::beats(Card c, Card best) const {
    const Card a = in_play(c);
    const Card b = in_play(best);
    if (a.suit() == b.suit()) return a.index() > b.index();
    return a.suit() == Suit::Spades;
}

namespace {

// ---------------------------------------------------------------------------------------
// Presets. Each is the default RuleSet (which is classic) with the fields its document
// changes; README explains each choice where the document is silent or ambiguous.

RuleSet classic() {
    // 003: Joe Andrews. Spades broken by any spade; set -10 x bid; nil +-100 with the
    // partner's contract standing alone; blind nil +-200; 10 bags -100; 500 / -250.
    return RuleSet{};
}

RuleSet casual() {
    // 001: no blind nil; spades broken only by a spade played on another suit; a failed
    // contract scores 0; no loss limit.
    RuleSet r;
    r.name = "casual";
    r.blind_nil_allowed = false;
    r.spades_break = SpadesBreak::Trump;
    r.failed_contract = FailedContract::Zero;
    r.loss_limit.reset();
    return r;
}

RuleSet computer() {
    // 002: bids nil..10; both partners may bid nil; "double nil" is a blind nil worth 200
    // with a three-card exchange; a failed contract loses 10 per missing trick; no bag
    // penalty and no lead restriction are written, so none is applied.
    // Both partners nil: "If the player wins a trick he gets a 100 point penalty and if the
    // partnership wins any trick then they get a 200 point penalty." read literally is
    // both_nil_scoring=together; the preset scores each nil on its own, as the document's
    // own example for double nil does: "If one of the player wins a trick and the other
    // doesn't then the penalty and the bonus cancel each other and the partnership gets 0
    // points".
    RuleSet r;
    r.name = "computer";
    r.max_bid = 10;
    r.blind_nil_exchange = 3;
    r.spades_lead = SpadesLead::Anytime;
    r.failed_contract = FailedContract::MinusShortfall;
    r.bag_limit = 0;
    r.loss_limit.reset();
    return r;
}

RuleSet leaflet() {
    // 004: no blind nil; spades broken by trumping; set -10 x bid; no loss limit. A nil
    // bidder's tricks do not help the partner and are bags, with no points: "The pair also
    // gets one bag for every trick that the zero bidder wins" (only the partner's "extra,
    // unbid trick" is given "1 point").
    RuleSet r;
    r.name = "leaflet";
    r.blind_nil_allowed = false;
    r.spades_break = SpadesBreak::Trump;
    r.nil_tricks = NilTricks::BagsOnly;
    r.loss_limit.reset();
    return r;
}

RuleSet paperless() {
    // 000: Hugh Aguilar's Paperless Spades.
    RuleSet r;
    r.name = "paperless";
    r.deck_size = 48;
    r.pass_cards = 3;
    r.max_bid = 12;
    r.both_nil_allowed = false;
    r.blind_nil_allowed = false;
    r.spades_break = SpadesBreak::Trump;
    r.bid_trick_points = 0;
    r.overtrick_points = 0;
    r.exact_points = 2;
    r.over_points = 1;
    r.failed_contract = FailedContract::Zero;
    r.set_points = 2;
    r.nil_tricks = NilTricks::CountForPartner;
    r.nil_points = 2;
    r.blind_nil_points = 0;
    r.nil_failed = NilFailed::Opponents;
    r.honours_points = 2;
    r.bag_limit = 0;
    r.bag_penalty = 0;
    r.target = 6;  // "more than five points"
    r.loss_limit.reset();
    r.on_tie = OnTie::Overtime;
    r.overtime_target = 3;  // "more than two points"
    return r;
}

RuleSet openspiel() {
    // OpenSpiel's "spades" game (open_spiel/games/spades/, its default parameters): classic
    // scoring, but a nil bidder's tricks count toward the partner's contract, two nils leave a
    // contract of 0 whose tricks are overtricks, no blind nil, partners bid 13 tricks at most
    // together, spades are never broken (the leader plays a spade only from a hand of nothing
    // but spades), a side at -350 or below loses (mercy_threshold), 500 wins (win_threshold),
    // and the side that ends the game so wins or loses 200 more (win_or_loss_bonus).
    RuleSet r;
    r.name = "openspiel";
    r.blind_nil_allowed = false;
    r.max_team_bid = 13;
    r.spades_break = SpadesBreak::Never;
    r.nil_tricks = NilTricks::CountForPartner;
    r.both_nil_tricks = BothNilTricks::Overtricks;
    r.loss_limit = -350;
    r.end_bonus = 200;
    return r;
}

struct PresetEntry {
    PresetInfo info;
    RuleSet (*make)();
};

const std::vector<PresetEntry>& preset_table() {
    static const std::vector<PresetEntry> table = {
        {{"classic", "Classic Spades, Joe Andrews' rules",
          "Joe Andrews' classic Spades: nil and blind nil, set -10 x bid, 10 bags -100, 500/-250"},
         classic},
        {{"casual", "Spades, a casual rule book",
          "nil but no blind nil, a set scores 0, spades broken by trumping, to 500"},
         casual},
        {{"computer", "Spades as a computer game plays it",
          "bids nil..10, double nil with a 3-card exchange, -10 per missing trick, no bag penalty"},
         computer},
        {{"leaflet", "Spades, a players' leaflet",
          "players' leaflet: a nil bidder's tricks are bags, set -10 x bid, 10 bags -100"},
         leaflet},
        {{"paperless", "Paperless Spades, Hugh Aguilar's rules",
          "48 cards, 3-card pass, 2/1/2 points, honours, sets to 6 with overtime to 3"},
         paperless},
        {{"openspiel", "OpenSpiel's Spades game (google-deepmind/open_spiel)",
          "OpenSpiel: nil tricks count for partner, no blind nil, spades never broken, -350 "
          "loses, 200 bonus at the end"},
         openspiel},
    };
    return table;
}

// ---------------------------------------------------------------------------------------
// Keys. One table describes every key: its name, the values it takes, how to read it from a
// RuleSet and how to write it. rule_values, apply_override and rule_keys all read the table.

template <typename E>
struct EnumNames {
    std::vector<std::pair<E, std::string_view>> names;
};

struct KeyEntry {
    RuleKeyInfo info;
    std::function<std::string(const RuleSet&)> get;
    std::function<void(RuleSet&, std::string_view)> set;
};

[[noreturn]] void bad_value(std::string_view key, std::string_view value, std::string_view values) {
    throw RuleError("rule " + std::string(key) + ": '" + std::string(value) + "' is not one of " +
                    std::string(values));
}

// The numbers a rule takes, so that a hand's points (a point key x the tricks x both factors)
// and a game's scores stay far inside an int: check_rules refuses any other.
constexpr int kRuleNumberLimit = 100000;
constexpr int kRuleFactorLimit = 10;  // the *_factor keys, which multiply each other

std::string number_range(int limit) {
    return "from " + std::to_string(-limit) + " to " + std::to_string(limit);
}

// A number key's value; `none_allowed` when the key also takes "none" (read by the caller).
int parse_int(std::string_view key, std::string_view value, bool none_allowed) {
    int n = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec == std::errc::result_out_of_range && end == value.data() + value.size()) {
        throw RuleError("rule " + std::string(key) + ": '" + std::string(value) +
                        "' is out of range: a rule's number is " + number_range(kRuleNumberLimit));
    }
    if (value.empty() || ec != std::errc() || end != value.data() + value.size()) {
        throw RuleError("rule " + std::string(key) + ": '" + std::string(value) +
                        "' is not a whole number" + (none_allowed ? " or none" : ""));
    }
    return n;
}

KeyEntry int_key(std::string_view key, std::string_view help, int RuleSet::*field) {
    return {{key, "N", help},
            [field](const RuleSet& r) { return std::to_string(r.*field); },
            [field, key](RuleSet& r, std::string_view v) { r.*field = parse_int(key, v, false); }};
}

KeyEntry optional_int_key(std::string_view key, std::string_view help,
                          std::optional<int> RuleSet::*field) {
    return {{key, "N|none", help},
            [field](const RuleSet& r) {
                return (r.*field) ? std::to_string(*(r.*field)) : std::string("none");
            },
            [field, key](RuleSet& r, std::string_view v) {
                if (v == "none") {
                    (r.*field).reset();
                } else {
                    r.*field = parse_int(key, v, true);
                }
            }};
}

template <typename T>
KeyEntry enum_key(std::string_view key, std::string_view values, std::string_view help,
                  T RuleSet::*field, std::vector<std::pair<T, std::string_view>> names) {
    return {{key, values, help},
            [field, names](const RuleSet& r) {
                for (auto& [value, name] : names) {
                    if (r.*field == value) return std::string(name);
                }
                return std::string("?");
            },
            [field, names, key, values](RuleSet& r, std::string_view v) {
                for (auto& [value, name] : names) {
                    if (v == name) {
                        r.*field = value;
                        return;
                    }
                }
                bad_value(key, v, values);
            }};
}

KeyEntry allowed_key(std::string_view key, std::string_view help, bool RuleSet::*field) {
    return enum_key<bool>(key, "allowed|forbidden", help, field,
                          {{true, "allowed"}, {false, "forbidden"}});
}

// Marks a key as one that shapes play (RuleKeyInfo::shapes_play).
KeyEntry shapes_play(KeyEntry entry) {
    entry.info.shapes_play = true;
    return entry;
}

// Marks a key whose value, when none of `values` ('|'-separated), needs the cards
// (RuleKeyInfo::sheet_lacks).
KeyEntry needs_cards(KeyEntry entry, std::string_view values, std::string_view lacks) {
    entry.info.sheet_values = values;
    entry.info.sheet_lacks = lacks;
    return entry;
}

// The keys of the five rule documents, in the order of their proto fields.
std::vector<KeyEntry> document_keys() {
    return {
        needs_cards(
            shapes_play(enum_key<int>("deck", "52|48", "cards in the deck; 48 removes 2S 3S 2H 3H",
                                      &RuleSet::deck_size, {{52, "52"}, {48, "48"}})),
            "52",
            "each hand is scored from its 12 tricks: the sheet does not show the cards dealt"),
        needs_cards(
            shapes_play(int_key("pass_cards", "cards each player passes to partner before bidding",
                                &RuleSet::pass_cards)),
            "0", "the cards passed are not on a score sheet; they change no score"),
        shapes_play(int_key("max_bid", "the largest trick bid", &RuleSet::max_bid)),
        shapes_play(allowed_key("nil", "may a player bid nil", &RuleSet::nil_allowed)),
        shapes_play(
            allowed_key("both_nil", "may both partners bid nil", &RuleSet::both_nil_allowed)),
        shapes_play(allowed_key("blind_nil", "may a player bid nil before looking",
                                &RuleSet::blind_nil_allowed)),
        needs_cards(
            shapes_play(int_key("blind_nil_exchange",
                                "cards a blind nil bidder and partner exchange after the bidding",
                                &RuleSet::blind_nil_exchange)),
            "0",
            "the cards exchanged after a blind nil are not on a score sheet; they change no "
            "score"),
        shapes_play(enum_key<SpadesLead>(
            "spades_lead", "after_broken|anytime", "when a spade may be led", &RuleSet::spades_lead,
            {{SpadesLead::AfterBroken, "after_broken"}, {SpadesLead::Anytime, "anytime"}})),
        shapes_play(enum_key<SpadesBreak>(
            "spades_break", "any_spade|trump|never",
            "what breaks spades: any spade played, a spade played to a trick led in another "
            "suit, or nothing (a spade is led only from a hand of nothing but spades)",
            &RuleSet::spades_break,
            {{SpadesBreak::AnySpade, "any_spade"},
             {SpadesBreak::Trump, "trump"},
             {SpadesBreak::Never, "never"}})),
        shapes_play(enum_key<FirstLead>("first_lead", "left_of_dealer|two_of_clubs",
                                        "who leads first", &RuleSet::first_lead,
                                        {{FirstLead::LeftOfDealer, "left_of_dealer"},
                                         {FirstLead::TwoOfClubs, "two_of_clubs"}})),
        int_key("bid_trick_points", "points per trick bid when the contract is made",
                &RuleSet::bid_trick_points),
        int_key("overtrick_points", "points per trick over the contract (each a bag)",
                &RuleSet::overtrick_points),
        int_key("exact_points", "points for making the contract exactly", &RuleSet::exact_points),
        int_key("over_points", "points for making the contract with tricks over",
                &RuleSet::over_points),
        enum_key<FailedContract>("failed_contract", "minus_bid|zero|minus_shortfall",
                                 "a failed contract scores -10 x bid, 0, or -10 x missing tricks",
                                 &RuleSet::failed_contract,
                                 {{FailedContract::MinusBid, "minus_bid"},
                                  {FailedContract::Zero, "zero"},
                                  {FailedContract::MinusShortfall, "minus_shortfall"}}),
        int_key("set_points", "points to the opponents of a partnership that fails its contract",
                &RuleSet::set_points),
        enum_key<NilTricks>("nil_tricks", "separate|count_for_partner|bags_only|bags_and_points",
                            "what a nil bidder's tricks count for: nothing, the partner's "
                            "contract, a bag each, or a bag and overtrick_points each",
                            &RuleSet::nil_tricks,
                            {{NilTricks::Separate, "separate"},
                             {NilTricks::CountForPartner, "count_for_partner"},
                             {NilTricks::BagsOnly, "bags_only"},
                             {NilTricks::BagsAndPoints, "bags_and_points"}}),
        int_key("nil_points", "points a nil wins (or costs)", &RuleSet::nil_points),
        int_key("blind_nil_points", "points a blind nil wins (or costs)",
                &RuleSet::blind_nil_points),
        enum_key<NilFailed>("nil_failed", "minus|opponents",
                            "a failed nil costs its side the points, or gives them to the "
                            "opponents",
                            &RuleSet::nil_failed,
                            {{NilFailed::Minus, "minus"}, {NilFailed::Opponents, "opponents"}}),
        needs_cards(int_key("honours_points", "points for winning all of AH KH QH JH",
                            &RuleSet::honours_points),
                    "0",
                    "the honours are not scored: a score sheet does not say who won AH KH QH "
                    "JH, which are won card by card"),
        int_key("bag_limit", "bags that bring a penalty (0: no bags)", &RuleSet::bag_limit),
        int_key("bag_penalty", "points lost each time the bag limit is reached",
                &RuleSet::bag_penalty),
        int_key("target", "score that ends the game", &RuleSet::target),
        optional_int_key("loss_limit", "score at or below which a partnership loses",
                         &RuleSet::loss_limit),
        optional_int_key("hand_limit", "hands after which the game ends", &RuleSet::hand_limit),
        enum_key<OnTie>(
            "on_tie", "play_on|overtime|draw", "what a level score at the end does",
            &RuleSet::on_tie,
            {{OnTie::PlayOn, "play_on"}, {OnTie::Overtime, "overtime"}, {OnTie::Draw, "draw"}}),
        int_key("overtime_target", "score that ends an overtime set", &RuleSet::overtime_target),
        // Last of the documents' keys: it came after the others (field 32).
        enum_key<BothNil>("both_nil_scoring", "each|together",
                          "two nils of one partnership score each on its own, or together: "
                          "both values won if neither takes a trick, both lost if either does",
                          &RuleSet::both_nil_scoring,
                          {{BothNil::Each, "each"}, {BothNil::Together, "together"}}),
    };
}

// Issue 20's house rules, after the others in the order of their proto fields.
std::vector<KeyEntry> house_keys() {
    return {
        optional_int_key("mercy", "a lead of N points or more ends the game", &RuleSet::mercy),
        optional_int_key("early_bag_limit",
                         "bags (below bag_limit) that bring a first penalty on the way, once "
                         "per round of bag_limit",
                         &RuleSet::early_bag_limit),
        int_key("early_bag_penalty", "points lost when the early bag limit is reached",
                &RuleSet::early_bag_penalty),
        enum_key<BagsAfter>("bags_after_penalty", "carry|reset",
                            "after a penalty at bag_limit, the bags over it carry over, or the "
                            "count starts again from zero",
                            &RuleSet::bags_after_penalty,
                            {{BagsAfter::Carry, "carry"}, {BagsAfter::Reset, "reset"}}),
        optional_int_key("big_contract",
                         "a contract of N tricks or more, made, scores big_contract_factor "
                         "times its points and big_contract_bonus (\"10 for 200\")",
                         &RuleSet::big_contract),
        int_key("big_contract_factor", "what a big contract's points are multiplied by",
                &RuleSet::big_contract_factor),
        int_key("big_contract_bonus", "points a big contract made scores besides",
                &RuleSet::big_contract_bonus),
        int_key("boston_points", "points for taking every trick of the hand (a Boston)",
                &RuleSet::boston_points),
        shapes_play(int_key("min_team_bid",
                            "the fewest tricks a partnership's bids may add up to (0: any)",
                            &RuleSet::min_team_bid)),
        shapes_play(enum_key<BelowMinimum>(
            "below_min_team_bid", "rebid|raise",
            "bids under min_team_bid: the second partner must bid again, or the contract is "
            "raised to it",
            &RuleSet::below_min_team_bid,
            {{BelowMinimum::Rebid, "rebid"}, {BelowMinimum::Raise, "raise"}})),
        needs_cards(shapes_play(enum_key<Bidding>(
                        "bidding", "free|whiz|mirrors|suicide",
                        "forced bidding: none; nil or the spades held (Whiz); the spades held "
                        "(Mirrors); one nil per partnership (Suicide)",
                        &RuleSet::bidding,
                        {{Bidding::Free, "free"},
                         {Bidding::Whiz, "whiz"},
                         {Bidding::Mirrors, "mirrors"},
                         {Bidding::Suicide, "suicide"}})),
                    "free|suicide",
                    "the bids are not checked: a score sheet does not show the spades each "
                    "player held, which decide them"),
        needs_cards(shapes_play(optional_int_key("nil_max_spades",
                                                 "nil may be bid only with N spades or fewer",
                                                 &RuleSet::nil_max_spades)),
                    "none",
                    "the nils are not checked: a score sheet does not show the spades a nil "
                    "bidder held"),
        shapes_play(int_key("blind_behind",
                            "a blind bid only by a side behind by N points or more (0: any "
                            "score)",
                            &RuleSet::blind_behind)),
        shapes_play(optional_int_key("blind_bid_min",
                                     "trick bids of N or more may be made blind (none: no "
                                     "blind trick bids)",
                                     &RuleSet::blind_bid_min)),
        needs_cards(
            shapes_play(int_key("blind_bid_exchange",
                                "cards a blind trick bidder and partner exchange after the bidding",
                                &RuleSet::blind_bid_exchange)),
            "0",
            "the cards exchanged after a blind bid are not on a score sheet; they change no "
            "score"),
        int_key("blind_bid_factor",
                "what a contract's points are multiplied by, made or set, when a blind trick "
                "bid is in it",
                &RuleSet::blind_bid_factor),
    };
}

// OpenSpiel's game (issue 21), after the house rules in the order of their proto fields.
std::vector<KeyEntry> openspiel_keys() {
    return {
        shapes_play(optional_int_key("max_team_bid",
                                     "the most tricks a partnership's bids may add up to (none: "
                                     "any)",
                                     &RuleSet::max_team_bid)),
        enum_key<BothNilTricks>("both_nil_tricks", "no_contract|overtricks",
                                "the tricks of a partnership whose two members bid nil: they "
                                "count for nothing, or each is an overtrick over a contract of 0",
                                &RuleSet::both_nil_tricks,
                                {{BothNilTricks::NoContract, "no_contract"},
                                 {BothNilTricks::Overtricks, "overtricks"}}),
        int_key("end_bonus",
                "points won by the side that ends the game at target, and lost by the side "
                "that ends it at loss_limit, in the final score only",
                &RuleSet::end_bonus),
    };
}

// The deck's house rules (issue 20), after OpenSpiel's keys in the order of their proto fields.
// needs_cards: a score sheet says nothing of the cards, so it neither needs nor checks them.
std::vector<KeyEntry> deck_keys() {
    return {
        shapes_play(enum_key<bool>("jokers", "off|on",
                                   "the big and the little joker join the deck as the two "
                                   "highest trumps, and jokers_out leave it",
                                   &RuleSet::jokers, {{false, "off"}, {true, "on"}})),
        shapes_play(enum_key<JokersOut>(
            "jokers_out", "hearts_clubs|clubs_diamonds|hearts_diamonds",
            "the two deuces a deck with jokers leaves out: 2H and 2C, 2C and 2D, or 2H and 2D",
            &RuleSet::jokers_out,
            {{JokersOut::TwoHeartsTwoClubs, "hearts_clubs"},
             {JokersOut::TwoClubsTwoDiamonds, "clubs_diamonds"},
             {JokersOut::TwoHeartsTwoDiamonds, "hearts_diamonds"}})),
        shapes_play(enum_key<DeucesHigh>(
            "deuces_high", "none|spade|diamond_spade|spade_diamond",
            "deuces as trumps above the ace of spades (under any jokers), highest first: the 2S; "
            "the 2D, then the 2S; the 2S, then the 2D",
            &RuleSet::deuces_high,
            {{DeucesHigh::Off, "none"},
             {DeucesHigh::Spade, "spade"},
             {DeucesHigh::DiamondOverSpade, "diamond_spade"},
             {DeucesHigh::SpadeOverDiamond, "spade_diamond"}})),
    };
}

// The one table of keys: the documents' keys, then the house rules'. A rules file is written in
// this order, which is the proto's field-number order.
const std::vector<KeyEntry>& key_table() {
    static const std::vector<KeyEntry> table = [] {
        std::vector<KeyEntry> keys = document_keys();
        for (KeyEntry& k : house_keys()) keys.push_back(std::move(k));
        for (KeyEntry& k : openspiel_keys()) keys.push_back(std::move(k));
        for (KeyEntry& k : deck_keys()) keys.push_back(std::move(k));
        return keys;
    }();
    return table;
}

std::string preset_names() {
    std::string names;
    for (auto& e : preset_table()) {
        if (!names.empty()) names += ", ";
        names += e.info.name;
    }
    return names;
}

}  // namespace

const std::vector<PresetInfo>& presets() {
    static const std::vector<PresetInfo> infos = [] {
        std::vector<PresetInfo> v;
        for (auto& e : preset_table()) v.push_back(e.info);
        return v;
    }();
    return infos;
}

namespace {

const PresetEntry& preset_entry(std::string_view name) {
    for (auto& e : preset_table()) {
        if (e.info.name == name) return e;
    }
    throw RuleError("no rule set named '" + std::string(name) + "' (presets: " + preset_names() +
                    ")");
}

}  // namespace

RuleSet preset(std::string_view name) {
    return preset_entry(name).make();
}

const PresetInfo& preset_info(std::string_view name) {
    return preset_entry(name).info;
}

const std::vector<RuleKeyInfo>& rule_keys() {
    static const std::vector<RuleKeyInfo> infos = [] {
        std::vector<RuleKeyInfo> v;
        for (auto& e : key_table()) v.push_back(e.info);
        return v;
    }();
    return infos;
}

namespace {

// Whether `value` is one of the '|'-separated `values`.
bool one_of(std::string_view value, std::string_view values) {
    while (true) {
        std::size_t bar = values.find('|');
        if (values.substr(0, bar) == value) return true;
        if (bar == std::string_view::npos) return false;
        values.remove_prefix(bar + 1);
    }
}

}  // namespace

std::vector<std::string> score_sheet_gaps(const RuleSet& rules) {
    std::vector<std::string> out;
    for (auto& e : key_table()) {
        if (e.info.sheet_lacks.empty()) continue;
        std::string value = e.get(rules);
        if (one_of(value, e.info.sheet_values)) continue;
        // What a player reads first, the rule key after it for those who set keys.
        out.push_back(std::string(e.info.sheet_lacks) + " (" + std::string(e.info.key) + "=" +
                      value + ")");
    }
    return out;
}

void take_play_keys(RuleSet& rules, const RuleSet& played) {
    for (auto& e : key_table()) {
        if (e.info.shapes_play) e.set(rules, e.get(played));
    }
}

std::vector<std::pair<std::string, std::string>> rule_values(const RuleSet& rules) {
    std::vector<std::pair<std::string, std::string>> values;
    for (auto& e : key_table()) values.emplace_back(std::string(e.info.key), e.get(rules));
    return values;
}

std::string spell_rules(const RuleSet& rules) {
    std::string name = rules.name;
    RuleSet base;
    try {
        base = preset(name);
    } catch (const RuleError&) {
        name = presets().front().name;
        base = preset(name);
    }
    std::string out = name;
    for (auto& e : key_table()) {
        std::string mine = e.get(rules);
        if (mine != e.get(base)) out += ' ' + std::string(e.info.key) + '=' + mine;
    }
    return out;
}

void apply_override(RuleSet& rules, std::string_view key, std::string_view value) {
    for (auto& e : key_table()) {
        if (e.info.key == key) {
            e.set(rules, value);
            return;
        }
    }
    std::string keys;
    for (auto& e : key_table()) {
        if (!keys.empty()) keys += ", ";
        keys += e.info.key;
    }
    throw RuleError("no rule named '" + std::string(key) + "' (rules: " + keys + ")");
}

void apply_override(RuleSet& rules, std::string_view key_equals_value) {
    auto eq = key_equals_value.find('=');
    if (eq == std::string_view::npos) {
        throw RuleError("rule override '" + std::string(key_equals_value) +
                        "' is not of the form key=value");
    }
    apply_override(rules, key_equals_value.substr(0, eq), key_equals_value.substr(eq + 1));
}

namespace {

// The house bidding keys, alone and together: every combination allowed leaves each player a
// bid to make.
void check_bidding_rules(const RuleSet& r) {
    auto fail = [](const std::string& what) { throw RuleError("rule set: " + what); };
    if (r.min_team_bid < 0 || r.min_team_bid > r.highest_bid()) {
        fail("min_team_bid=" + std::to_string(r.min_team_bid) + " must be 0.." +
             std::to_string(r.highest_bid()) + " (the highest bid)");
    }
    if (r.blind_bid_exchange < 0 || r.blind_bid_exchange >= r.hand_size()) {
        fail("blind_bid_exchange=" + std::to_string(r.blind_bid_exchange) + " must be 0.." +
             std::to_string(r.hand_size() - 1));
    }
    if (r.nil_max_spades && *r.nil_max_spades < 0) fail("nil_max_spades must not be negative");
    if (r.blind_behind < 0) fail("blind_behind must not be negative (0: at any score)");
    if (r.blind_bid_min && (*r.blind_bid_min < 1 || *r.blind_bid_min > r.highest_bid())) {
        fail("blind_bid_min=" + std::to_string(*r.blind_bid_min) + " must be 1.." +
             std::to_string(r.highest_bid()) + " (or none)");
    }
    if (r.bidding == Bidding::Free) return;
    std::string style = r.bidding == Bidding::Whiz      ? "whiz"
                        : r.bidding == Bidding::Mirrors ? "mirrors"
                                                        : "suicide";
    if (r.min_team_bid > 0 && r.below_min_team_bid == BelowMinimum::Rebid) {
        fail("bidding=" + style +
             " forces bids that may leave a partnership under min_team_bid with no bid to make "
             "instead: give below_min_team_bid=raise");
    }
    if (!r.nil_allowed) fail("bidding=" + style + " needs nil=allowed");
    if (r.bidding != Bidding::Suicide && !r.both_nil_allowed) {
        fail("bidding=" + style +
             " forces nil on a hand without spades: it needs both_nil=allowed");
    }
    if (r.bidding == Bidding::Suicide && r.nil_max_spades) {
        fail(
            "bidding=suicide forces one nil per partnership, whatever the spades: give "
            "nil_max_spades=none");
    }
}

// The deck keys together: every card they name is in the deck.
void check_deck_rules(const RuleSet& r) {
    auto fail = [](const std::string& what) { throw RuleError("rule set: " + what); };
    if (r.jokers && r.deck_size != 52) {
        fail("jokers=on needs deck=52: the jokers take the place of jokers_out in a 52-card deck");
    }
    const CardSet deck = r.deck();
    for (Card c : high_deuces(r.deuces_high)) {
        if (!deck.contains(c)) {
            fail("deuces_high ranks the " + to_string(c) + " above the ace, but it is not in the " +
                 "deck (deck=48, or jokers_out leaves it out)");
        }
    }
    if (r.first_lead == FirstLead::TwoOfClubs && !deck.contains(Card(Rank::Two, Suit::Clubs))) {
        fail("first_lead=two_of_clubs needs the 2C in the deck (jokers_out leaves it out)");
    }
}

// Every number key within kRuleNumberLimit (a factor within kRuleFactorLimit).
void check_rule_numbers(const RuleSet& r) {
    for (const KeyEntry& k : key_table()) {
        if (k.info.values != "N" && k.info.values != "N|none") continue;
        const std::string value = k.get(r);
        if (value == "none") continue;
        const long long n = std::stoll(value);
        const int limit = k.info.key.ends_with("_factor") ? kRuleFactorLimit : kRuleNumberLimit;
        if (n < -limit || n > limit) {
            throw RuleError("rule set: " + std::string(k.info.key) + "=" + value +
                            " is out of range: " +
                            (limit == kRuleFactorLimit ? "a factor" : "a rule's number") + " is " +
                            number_range(limit));
        }
    }
}

}  // namespace

void check_rules(const RuleSet& r) {
    auto fail = [](const std::string& what) { throw RuleError("rule set: " + what); };
    check_rule_numbers(r);
    if (r.pass_cards < 0 || r.pass_cards >= r.hand_size()) {
        fail("pass_cards=" + std::to_string(r.pass_cards) + " must be 0.." +
             std::to_string(r.hand_size() - 1));
    }
    if (r.blind_nil_exchange < 0 || r.blind_nil_exchange >= r.hand_size()) {
        fail("blind_nil_exchange=" + std::to_string(r.blind_nil_exchange) + " must be 0.." +
             std::to_string(r.hand_size() - 1));
    }
    if (r.max_bid < 1) fail("max_bid must be at least 1");
    check_bidding_rules(r);
    check_deck_rules(r);
    if (r.bag_limit < 0) fail("bag_limit must not be negative (0 turns bags off)");
    if (r.early_bag_limit && (*r.early_bag_limit < 1 || *r.early_bag_limit >= r.bag_limit)) {
        fail("early_bag_limit=" + std::to_string(*r.early_bag_limit) + " must be 1.." +
             std::to_string(r.bag_limit - 1) + " (below bag_limit), or none");
    }
    if (r.target <= 0) fail("target must be positive");
    if (r.overtime_target <= 0) fail("overtime_target must be positive");
    if (r.loss_limit && *r.loss_limit >= r.target) fail("loss_limit must be below target");
    if (r.hand_limit && *r.hand_limit < 1) fail("hand_limit must be at least 1 (or none)");
    if (r.mercy && *r.mercy < 1) fail("mercy must be at least 1 (or none)");
    if (r.max_team_bid && (*r.max_team_bid < r.min_team_bid || *r.max_team_bid < 1)) {
        fail("max_team_bid=" + std::to_string(*r.max_team_bid) +
             " must be at least 1 and at least min_team_bid (or none)");
    }
    if (r.both_nil_tricks == BothNilTricks::Overtricks &&
        (r.nil_tricks == NilTricks::BagsOnly || r.nil_tricks == NilTricks::BagsAndPoints)) {
        fail(
            "both_nil_tricks=overtricks counts a nil bidder's tricks as overtricks: it needs "
            "nil_tricks=separate or count_for_partner, which do not make them bags already");
    }
    if (r.max_team_bid && !r.nil_allowed && *r.max_team_bid <= r.highest_bid()) {
        fail("max_team_bid=" + std::to_string(*r.max_team_bid) +
             " with nil=forbidden leaves the partner of a " + std::to_string(r.highest_bid()) +
             " bid nothing to bid: it must be over " + std::to_string(r.highest_bid()));
    }
    if (r.big_contract && (*r.big_contract < 1 || *r.big_contract > r.hand_size())) {
        fail("big_contract=" + std::to_string(*r.big_contract) + " must be 1.." +
             std::to_string(r.hand_size()) + " (or none)");
    }
}

RuleSet make_rules(std::string_view preset_name, const std::vector<std::string>& overrides) {
    RuleSet r = preset(preset_name);
    for (auto& o : overrides) apply_override(r, o);
    check_rules(r);
    return r;
}

}  // namespace spadework
