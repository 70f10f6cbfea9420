#include "text_log_marks.h"

#include <algorithm>

#include "spadework/engine/deal.h"

namespace spadework::formats::text_log {
namespace {

using Part = RecordPlace::Part;
using Moves = std::array<CardSet, 4>;  // per seat, the cards it gave its partner

std::string note(const std::string& text) {
    return " (" + text + ")";
}

std::string under_rules(const GameMarks& game) {
    return note("under " + rules_source(game));
}

// Which line put `card` where it is before play: the deal that gave it to a seat, or the pass
// or exchange that moved it on. `passes` and `exchanges` are those that happened.
std::string whereabouts(Card card, const Deal& dealt, const Moves& passes, const Moves& exchanges,
                        const HandMarks& marks) {
    std::optional<Seat> holder;
    for (Seat s : kAllSeats) {
        if (dealt[s].contains(card)) holder = s;
    }
    if (!holder) return "no hand of the deal at " + line_of(marks.deal) + " holds it";
    std::string where =
        "the deal at " + line_of(marks.deal) + " gives it to " + seat_letter(*holder);
    if (passes[index(*holder)].contains(card)) {
        Position at = marks.pass[index(*holder)].value_or(marks.line(Stage::Pass));
        where = seat_letter(*holder) + " passes it to " + seat_letter(partner(*holder)) + " at " +
                line_of(at);
        holder = partner(*holder);
    }
    if (exchanges[index(*holder)].contains(card)) {
        Position at = marks.exchange[index(*holder)].value_or(marks.line(Stage::Exchange));
        where = seat_letter(*holder) + " gives it to " + seat_letter(partner(*holder)) +
                " in the exchange at " + line_of(at);
    }
    return where;
}

// The last of the first `played` tricks.
std::string last_trick(const HandMarks& marks, std::size_t played) {
    if (played == 0 || played > marks.tricks.size()) return "";
    return note("the last trick played, trick " + std::to_string(played) + ", is at " +
                line_of(marks.tricks[played - 1]));
}

// A deal of four equal hands is sound in itself: the rule set's deck is what it does not fit
// (a 48-card deal under classic rules). Any other deal is wrong whatever the rules.
std::string deal_cause(const RecordedHand& hand, const GameMarks& game) {
    CardSet dealt;
    for (Seat s : kAllSeats) dealt |= hand.deal[s];
    return check_deal(hand.deal, dealt) ? "" : under_rules(game);
}

// A pass the rules do not allow (none at all, or the wrong number of cards), or a card the
// seat was not dealt.
std::string pass_cause(Seat seat, const RuleSet& rules, const RecordedHand& hand,
                       const HandMarks& marks, const GameMarks& game) {
    CardSet given = hand.passes[index(seat)];
    if (rules.pass_cards == 0 || given.size() != rules.pass_cards) return under_rules(game);
    CardSet missing = given - hand.deal[seat];
    if (missing.empty()) return "";
    return note(whereabouts(*missing.begin(), hand.deal, {}, {}, marks));
}

// An exchange the rules or the bids do not call for, the wrong number of cards, or a card the
// seat does not hold after the pass.
std::string exchange_cause(Seat seat, const RuleSet& rules, const RecordedHand& hand,
                           const HandMarks& marks, const GameMarks& game) {
    if (rules.blind_nil_exchange == 0) return under_rules(game);
    // Without its exchanges the hand replays when the bids called for none, and stops at the
    // first exchange they called for.
    RecordedHand without = hand_up_to(hand, 0);
    without.exchanges = {};
    bool called_for = false;
    try {
        replay_hand(rules, without);
    } catch (const RecordError&) {
        called_for = true;
    }
    if (!called_for) {
        if (marks.line(Stage::Bids).line == 0) return "";
        return note("the bids at " + line_of(marks.line(Stage::Bids)) + " call for none");
    }
    CardSet given = hand.exchanges[index(seat)];
    if (given.size() != rules.blind_nil_exchange) return under_rules(game);
    CardSet held = (hand.deal[seat] - hand.passes[index(seat)]) | hand.passes[index(partner(seat))];
    CardSet missing = given - held;
    if (missing.empty()) return "";
    return note(whereabouts(*missing.begin(), hand.deal, hand.passes, {}, marks));
}

// A card after the last trick, one played already or not held, or a first lead the rules
// forbid.
std::string card_cause(std::size_t at, const RuleSet& rules, const RecordedHand& hand,
                       const HandMarks& marks, const GameMarks& game) {
    if (at >= hand.cards.size()) return "";
    const RecordedHand before = hand_up_to(hand, at);
    std::optional<HandState> state;
    try {
        state.emplace(replay_hand(rules, before));
    } catch (const Error&) {
        return "";
    }
    if (state->phase() == Phase::Done) {
        return last_trick(marks, static_cast<std::size_t>(state->tricks_played()));
    }
    if (state->phase() != Phase::Play) return "";
    Card card = hand.cards[at];
    std::optional<Illegal> bad = state->check_play(card);
    if (!bad) return "";
    if (bad->reason == IllegalReason::MustLeadTwoOfClubs) return under_rules(game);
    if (bad->reason != IllegalReason::CardNotHeld) return "";
    for (std::size_t j = 0; j < at && j < marks.cards.size(); ++j) {
        if (hand.cards[j] == card) {
            return note("in trick " + std::to_string(j / 4 + 1) + ", at " +
                        line_of(marks.cards[j]));
        }
    }
    Moves passes{};
    Moves exchanges{};
    for (Seat s : kAllSeats) {
        passes[index(s)] = state->passed(s).value_or(CardSet{});
        exchanges[index(s)] = state->exchanged(s).value_or(CardSet{});
    }
    return note(whereabouts(card, state->dealt(), passes, exchanges, marks));
}

}  // namespace

Position HandMarks::play_began() const {
    for (Stage stage :
         {Stage::Pass, Stage::Bids, Stage::Exchange, Stage::Tricks, Stage::Claim, Stage::Sheet}) {
        if (stage == Stage::Tricks && !tricks.empty()) return tricks.front();
        if (line(stage).line > 0) return line(stage);
    }
    return {};
}

std::string line_of(Position pos) {
    return "line " + std::to_string(pos.line);
}

std::string rules_source(const GameMarks& game) {
    auto rules = game.tags.find(std::string(kRulesTag));
    if (rules != game.tags.end()) return "the rule set given at " + line_of(rules->second);
    return "classic rules, as the game at " + line_of(game.event) + " has no [" +
           std::string(kRulesTag) + "] tag";
}

Position locate(const HandMarks& m, RecordPlace place) {
    auto item = [&](const std::vector<Position>& list, Position line) {
        if (place.index >= 0 && static_cast<std::size_t>(place.index) < list.size()) {
            return list[place.index];
        }
        return line.line > 0 ? line : m.hand;
    };
    auto by_seat = [&](const std::array<std::optional<Position>, 4>& seats, Position line) {
        if (place.index >= 0 && place.index < 4 && seats[place.index]) return *seats[place.index];
        return line.line > 0 ? line : m.hand;
    };
    switch (place.part) {
        case Part::Hand:
            return m.hand;
        case Part::Deal:
            return m.deal.line > 0 ? m.deal : m.hand;
        case Part::Pass:
            return by_seat(m.pass, m.line(Stage::Pass));
        case Part::Bid:
            return item(m.bids, m.line(Stage::Bids));
        case Part::Exchange:
            return by_seat(m.exchange, m.line(Stage::Exchange));
        case Part::Card:
            return item(m.cards, m.line(Stage::Claim));
        case Part::Claim:
            return m.line(Stage::Claim).line > 0 ? m.line(Stage::Claim) : m.hand;
        case Part::SeatTricks: {
            // A seat the line leaves out: its partnership's total, if given, stands for it.
            bool seat = place.index >= 0 && place.index < 4;
            if (seat && !m.seat_tricks[place.index] && m.team_tricks[place.index % 2]) {
                return *m.team_tricks[place.index % 2];
            }
            return by_seat(m.seat_tricks, m.line(Stage::Sheet));
        }
        case Part::TeamTricks:
            if (place.index >= 0 && place.index < 2 && m.team_tricks[place.index]) {
                return *m.team_tricks[place.index];
            }
            return m.line(Stage::Sheet).line > 0 ? m.line(Stage::Sheet) : m.hand;
    }
    return m.hand;
}

std::string earlier_cause(const RecordError& error, const RuleSet& rules, const RecordedHand& hand,
                          const HandMarks& marks, const GameMarks& game) {
    if (error.hand() < 0) return "";  // the rule set itself
    RecordPlace place = error.place();
    Seat seat = static_cast<Seat>(place.index & 3);
    switch (place.part) {
        case Part::Hand:
            return "";
        case Part::Deal:
            return deal_cause(hand, game);
        case Part::Bid:  // every bid is refused by a rule: the range, nil, blind nil
            return under_rules(game);
        case Part::Pass:
            return pass_cause(seat, rules, hand, marks, game);
        case Part::Exchange:
            return exchange_cause(seat, rules, hand, marks, game);
        case Part::Card:
            return card_cause(static_cast<std::size_t>(std::max(place.index, 0)), rules, hand,
                              marks, game);
        case Part::Claim:  // after the last trick, or not sharing the tricks left
            return marks.tricks.empty() ? under_rules(game)
                                        : last_trick(marks, marks.tricks.size());
        case Part::SeatTricks:  // the whole line: tricks that do not add up to the hand's size
            return place.index < 0 ? under_rules(game) : "";
        case Part::TeamTricks:
            return "";
    }
    return "";
}

}  // namespace spadework::formats::text_log
