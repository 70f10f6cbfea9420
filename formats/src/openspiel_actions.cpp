#include "openspiel_actions.h"

#include <cctype>

#include "spadework/formats/error.h"

namespace spadework::formats::openspiel {
namespace {

// OpenSpiel's suit order, by id / 13.
constexpr Suit kSuits[4] = {Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades};

[[noreturn]] void fail_at(std::string_view file, const Action& a, const std::string& what) {
    throw FormatError(std::string(file), a.line, a.col, what);
}

std::string action_text(int id) {
    if (id < kCards) return std::to_string(id) + " (" + to_string(card_of(id)) + ")";
    return std::to_string(id);
}

}  // namespace

Card card_of(int id) {
    return Card(static_cast<Rank>(kLowestRank + id % 13), kSuits[id / 13]);
}

int id_of(Card card) {
    int suit = 0;
    while (kSuits[suit] != card.suit()) ++suit;
    return suit * 13 + (static_cast<int>(card.rank()) - kLowestRank);
}

std::vector<Action> scan_actions(std::string_view text, int line, int col_base,
                                 std::string_view file) {
    std::vector<Action> out;
    std::size_t i = 0;
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == ','; };
    while (i < text.size()) {
        char c = text[i];
        if (blank(c) || c == '[' || c == ']') {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < text.size() && !blank(text[j]) && text[j] != '[' && text[j] != ']') ++j;
        std::string_view word = text.substr(i, j - i);
        int col = col_base + static_cast<int>(i);
        bool digits = word.size() <= 3;
        for (char d : word) digits = digits && std::isdigit(static_cast<unsigned char>(d)) != 0;
        if (!digits) {
            throw FormatError(std::string(file), line, col,
                              "'" + std::string(word) +
                                  "' is not an action id: OpenSpiel's ids are 0..51 (cards) "
                                  "and 52..65 (nil, bids of 1..13)");
        }
        out.push_back({std::stoi(std::string(word)), line, col});
        i = j;
    }
    return out;
}

namespace {

// The deal: 52 distinct cards, the i-th to player i mod 4.
Deal deal_of(const std::vector<Action>& actions, Seat dealer, std::string_view file,
             const Action& end) {
    Deal deal;
    std::vector<int> first(kCards, -1);
    for (int i = 0; i < kCards && i < static_cast<int>(actions.size()); ++i) {
        const Action& a = actions[static_cast<std::size_t>(i)];
        if (a.id < 0 || a.id >= kCards) {
            fail_at(file, a,
                    "deal action " + std::to_string(i + 1) + " is " + action_text(a.id) +
                        ": the deal's ids are cards, 0..51");
        }
        if (first[static_cast<std::size_t>(a.id)] >= 0) {
            const Action& was =
                actions[static_cast<std::size_t>(first[static_cast<std::size_t>(a.id)])];
            fail_at(file, a,
                    to_string(card_of(a.id)) + " (" + std::to_string(a.id) +
                        ") is dealt twice (first at column " + std::to_string(was.col) + ")");
        }
        first[static_cast<std::size_t>(a.id)] = i;
        deal[seat_of_player(dealer, i % 4)].insert(card_of(a.id));
    }
    if (actions.size() < static_cast<std::size_t>(kCards)) {
        fail_at(file, end,
                "the line stops in the deal: " + std::to_string(actions.size()) +
                    " of OpenSpiel's 52 deal actions");
    }
    return deal;
}

// Where in the actions a fault of the replay lies.
const Action& action_at(const std::vector<Action>& actions, const RecordError& e,
                        const Action& end) {
    std::size_t i = actions.size();
    if (e.place().part == RecordPlace::Part::Bid)
        i = kCards + static_cast<std::size_t>(e.place().index);
    if (e.place().part == RecordPlace::Part::Card) {
        i = kCards + kBids + static_cast<std::size_t>(e.place().index);
    }
    return i < actions.size() ? actions[i] : end;
}

}  // namespace

RecordedHand hand_of(const std::vector<Action>& actions, Seat dealer, const RuleSet& rules,
                     std::string_view file, const Action& end) {
    RecordedHand hand;
    hand.dealer = dealer;
    hand.deal = deal_of(actions, dealer, file, end);
    if (actions.size() < static_cast<std::size_t>(kCards + kBids)) {
        fail_at(file, end,
                "the line stops in the bidding: " + std::to_string(actions.size() - kCards) +
                    " of the 4 bids");
    }
    for (std::size_t i = kCards; i < actions.size(); ++i) {
        const Action& a = actions[i];
        bool bidding = i < static_cast<std::size_t>(kCards + kBids);
        if (bidding && (a.id < kNilAction || a.id > kLastAction)) {
            fail_at(file, a,
                    "bid " + std::to_string(i - kCards + 1) + " is " + action_text(a.id) +
                        ": bids are 52 (nil) and 53..65 (1..13 tricks)");
        }
        if (!bidding && (a.id < 0 || a.id >= kCards)) {
            fail_at(file, a,
                    "play " + std::to_string(i - kCards - kBids + 1) + " is " + action_text(a.id) +
                        ": the plays are cards, 0..51");
        }
        if (bidding) {
            hand.bids.push_back(a.id == kNilAction ? Bid::nil() : Bid::tricks(a.id - kNilAction));
        } else {
            hand.cards.push_back(card_of(a.id));
        }
    }
    if (hand.cards.size() > static_cast<std::size_t>(kCards)) {
        fail_at(file, actions[kCards + kBids + kCards], "more than 52 plays: the hand is over");
    }
    try {
        replay_hand(rules, hand);
    } catch (const RecordError& e) {
        fail_at(file, action_at(actions, e, end), e.what());
    }
    return hand;
}

}  // namespace spadework::formats::openspiel
