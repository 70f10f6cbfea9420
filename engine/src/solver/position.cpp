#include "position.h"

#include <string>

#include "spadework/engine/error.h"

namespace SPADEWORK_SOLVER_NAMESPACE {

namespace {

[[noreturn]] void impossible(const std::string& why) {
    throw Error("impossible position: " + why);
}

}  // namespace

int tricks_left(const Position& position) {
    Seat leader = position.trick.empty() ? position.to_play : position.trick.front().seat;
    return position.hands[index(leader)].size() + (position.trick.empty() ? 0 : 1);
}

void check_position(const Position& position) {
    // 1. Every card once, and in the deck.
    CardSet deck = position.rules.deck();
    CardSet seen;
    auto add = [&](Card c, const std::string& where) {
        if (!deck.contains(c)) {
            impossible(to_string(c) + " (" + where + ") is not in the " +
                       std::to_string(position.rules.deck_size) + "-card deck");
        }
        if (seen.contains(c)) impossible(to_string(c) + " appears twice");
        seen.insert(c);
    };
    for (Seat s : kAllSeats) {
        for (Card c : position.hands[index(s)]) add(c, "held by " + seat_letter(s));
    }
    for (const PlayedCard& pc : position.trick) add(pc.card, "in the trick");
    for (Team t : kAllTeams) {
        for (Card c : position.won[index(t)]) add(c, "won by " + std::string(team_name(t)));
    }

    // 2. The trick: at most three cards, seats in turn, then the seat to play.
    if (position.trick.size() > 3) {
        impossible("a trick in progress holds at most 3 cards, not " +
                   std::to_string(position.trick.size()));
    }
    for (std::size_t i = 1; i < position.trick.size(); ++i) {
        if (position.trick[i].seat != next(position.trick[i - 1].seat)) {
            impossible(seat_letter(position.trick[i].seat) + " plays to the trick after " +
                       seat_letter(position.trick[i - 1].seat));
        }
    }
    if (!position.trick.empty() && position.to_play != next(position.trick.back().seat)) {
        impossible(seat_letter(position.to_play) + " is not the next seat to play to the trick (" +
                   seat_letter(next(position.trick.back().seat)) + " is)");
    }

    // 3. Hand sizes: one card fewer for each seat that has played to the trick.
    Seat leader = position.trick.empty() ? position.to_play : position.trick.front().seat;
    int m = tricks_left(position);
    for (int i = 0; i < 4; ++i) {
        Seat s = next(leader, i);
        int expected = m - (i < static_cast<int>(position.trick.size()) ? 1 : 0);
        int size = position.hands[index(s)].size();
        if (size != expected) {
            impossible(seat_letter(s) + " holds " + std::to_string(size) + " cards where " +
                       std::to_string(expected) + " fit the trick in progress");
        }
    }

    // 4. Trick counts.
    int hand_size = position.rules.hand_size();
    if (position.tricks_played < 0 || position.tricks_played + m > hand_size) {
        impossible(std::to_string(position.tricks_played) + " tricks played and " +
                   std::to_string(m) + " to play exceed a hand of " + std::to_string(hand_size));
    }
    int sum = 0;
    for (int t : position.tricks_taken) {
        if (t < 0) impossible("a seat has taken a negative number of tricks");
        sum += t;
    }
    if (sum != position.tricks_played) {
        impossible("the tricks taken add up to " + std::to_string(sum) + ", not the " +
                   std::to_string(position.tricks_played) + " tricks played");
    }
}

SearchPosition::SearchPosition(const Position& printed) : printed_(printed), order_(printed.rules) {
    check_position(printed);
    if (order_.standard()) return;
    Position& p = translated_.emplace(printed);
    for (CardSet& hand : p.hands) hand = order_.in_play(hand);
    for (PlayedCard& pc : p.trick) pc.card = order_.in_play(pc.card);
    for (CardSet& won : p.won) won = order_.in_play(won);
}

void SearchPosition::print_cards(SolveResult& result) const {
    for (CardValue& v : result.cards) v.card = order_.printed(v.card);
}

PlayRules play_rules(const RuleSet& rules) {
    PlayRules r;
    r.lead_after_broken = rules.spades_lead == SpadesLead::AfterBroken;
    r.break_any_spade = rules.spades_break == SpadesBreak::AnySpade;
    r.spades_break = rules.spades_break != SpadesBreak::Never;
    return r;
}

State make_state(const Position& position) {
    State st;
    st.rules = play_rules(position.rules);
    for (int s = 0; s < 4; ++s) {
        st.hand[s] = position.hands[s].bits();
        for (int suit = 0; suit < 4; ++suit) st.remaining[suit] |= suit_bits(st.hand[s], suit);
        st.taken[s] = position.tricks_taken[s];
    }
    st.leader = index(position.trick.empty() ? position.to_play : position.trick.front().seat);
    st.count = static_cast<int>(position.trick.size());
    for (int i = 0; i < st.count; ++i) {
        int card = position.trick[i].card.index();
        st.trick[i] = static_cast<std::uint8_t>(card);
        st.in_trick[suit_of(card)] |= static_cast<std::uint16_t>(1u << rank_of(card));
        if (i > 0 && State::beats(card, st.trick[st.win_pos])) st.win_pos = i;
    }
    st.broken = position.spades_broken;
    st.two_clubs_first = position.rules.first_lead == FirstLead::TwoOfClubs &&
                         position.tricks_played == 0 && position.trick.empty();
    st.tricks_left = tricks_left(position);
    for (int seat = 0; seat < 4; ++seat) {
        for (int suit = 0; suit < 3; ++suit) {
            st.lengths |= static_cast<std::uint64_t>(suit_count(suit_bits(st.hand[seat], suit)))
                          << (4 * (3 * seat + suit));
        }
    }
    for (int t = 0; t < 2; ++t) {
        st.honours_won[t] =
            static_cast<std::uint16_t>(suit_bits(position.won[t].bits(), kHearts) & 0x7800);
    }
    return st;
}

}  // namespace SPADEWORK_SOLVER_NAMESPACE
