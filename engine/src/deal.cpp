#include "spadework/engine/deal.h"

#include <cctype>
#include <vector>

#include "spadework/engine/error.h"

namespace spadework {

std::uint64_t SplitMix64::next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

std::uint64_t SplitMix64::below(std::uint64_t bound) {
    // Reject the top partial range so that every value is equally likely.
    std::uint64_t limit = -bound % bound;  // 2^64 mod bound
    std::uint64_t x;
    do {
        x = next();
    } while (x < limit);
    return x % bound;
}

std::string hand_to_pbn(CardSet hand) {
    std::string out;
    for (Suit s : kAllSuits) {
        if (s != Suit::Spades) out += '.';
        for (int r = kHighestRank; r >= kLowestRank; --r) {
            if (hand.contains(Card(static_cast<Rank>(r), s)))
                out += rank_char(static_cast<Rank>(r));
        }
    }
    if (!(hand & kJokers).empty()) out += '.';
    for (Card joker : {kBigJoker, kLittleJoker}) {
        if (hand.contains(joker)) out += to_string(joker)[0];
    }
    return out;
}

std::string to_pbn(const Deal& deal, Seat first) {
    std::string out{seat_char(first), ':'};
    for (int i = 0; i < 4; ++i) {
        if (i > 0) out += ' ';
        out += hand_to_pbn(deal[next(first, i)]);
    }
    return out;
}

namespace {

// A joker's letter in a hand's fifth group ("AK.Q.J.T.BL": both jokers).
Card read_joker(char letter, int col) {
    const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
    for (Card joker : {kBigJoker, kLittleJoker}) {
        if (c == to_string(joker)[0]) return joker;
    }
    throw ParseError(std::string("'") + letter + "' is not a joker (B or L, after the clubs)", col);
}

// The rank at the start of rest ("10" or one character); i moves past it.
Rank read_rank(std::string_view rest, int col, std::size_t& i) {
    if (rest.starts_with("10")) {
        ++i;
        return Rank::Ten;
    }
    try {
        return parse_rank(rest.substr(0, 1));
    } catch (const ParseError&) {
        throw ParseError("'" + std::string(1, rest[0]) + "' is not a rank", col);
    }
}

// Parses one hand starting at text offset `base` (for columns); `seen` collects every card
// of the deal so far to catch duplicates.
CardSet parse_hand_at(std::string_view text, int base, CardSet& seen) {
    CardSet hand;
    int suit = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        int col = base + static_cast<int>(i) + 1;
        char c = text[i];
        if (c == '.') {
            if (++suit > kNumSuits) {
                throw ParseError("a hand has four suits and its jokers: too many '.' in '" +
                                     std::string(text) + "'",
                                 col);
            }
            continue;
        }
        if (c == '-') continue;  // an explicit void
        const Card card = suit == kNumSuits
                              ? read_joker(c, col)
                              : Card(read_rank(text.substr(i), col, i), static_cast<Suit>(suit));
        if (seen.contains(card)) throw ParseError(to_string(card) + " is dealt twice", col);
        seen.insert(card);
        hand.insert(card);
    }
    if (suit < kNumSuits - 1) {
        throw ParseError("a hand has four suits separated by '.': '" + std::string(text) + "'",
                         base + 1);
    }
    return hand;
}

}  // namespace

CardSet parse_pbn_hand(std::string_view text) {
    CardSet seen;
    return parse_hand_at(text, 0, seen);
}

Deal parse_pbn(std::string_view text) {
    if (text.size() < 2 || text[1] != ':') {
        throw ParseError("a deal starts with its first seat and a colon, like 'N:'", 1);
    }
    Seat first = parse_seat(text.substr(0, 1));
    Deal deal;
    CardSet seen;
    std::size_t i = 2;
    int hands = 0;
    while (i <= text.size()) {
        std::size_t j = text.find(' ', i);
        if (j == std::string_view::npos) j = text.size();
        if (j == i && j < text.size()) {  // several spaces
            ++i;
            continue;
        }
        if (hands == 4) {
            throw ParseError("a deal has four hands: unexpected text after the fourth",
                             static_cast<int>(i) + 1);
        }
        deal[next(first, hands)] = parse_hand_at(text.substr(i, j - i), static_cast<int>(i), seen);
        ++hands;
        i = j + 1;
    }
    if (hands != 4) {
        throw ParseError("a deal has four hands, this one " + std::to_string(hands),
                         static_cast<int>(text.size()) + 1);
    }
    return deal;
}

std::optional<std::string> check_deal(const Deal& deal, CardSet deck) {
    int hand_size = deck.size() / 4;
    CardSet seen;
    for (Seat s : kAllSeats) {
        CardSet outside = deal[s] - deck;
        if (!outside.empty()) {
            return to_string(*outside.begin()) + " is not in the " + std::to_string(deck.size()) +
                   "-card deck";
        }
        if ((seen & deal[s]) != CardSet{}) {
            return to_string(*(seen & deal[s]).begin()) + " is dealt twice";
        }
        seen |= deal[s];
    }
    for (Seat s : kAllSeats) {
        if (deal[s].size() != hand_size) {
            return "deal gives " + seat_letter(s) + " " + std::to_string(deal[s].size()) +
                   " cards, not " + std::to_string(hand_size);
        }
    }
    return std::nullopt;
}

Deal deal_from_seed(std::uint64_t seed, CardSet deck, Seat dealer) {
    std::vector<Card> cards;
    for (Card joker : {kBigJoker, kLittleJoker}) {
        if (deck.contains(joker)) cards.push_back(joker);
    }
    for (Suit s : kAllSuits) {
        for (int r = kHighestRank; r >= kLowestRank; --r) {
            Card c(static_cast<Rank>(r), s);
            if (deck.contains(c)) cards.push_back(c);
        }
    }
    SplitMix64 rng(seed);
    for (std::size_t i = cards.size() - 1; i > 0; --i) {
        std::size_t j = rng.below(i + 1);
        std::swap(cards[i], cards[j]);
    }
    Deal deal;
    for (std::size_t k = 0; k < cards.size(); ++k) {
        deal[next(dealer, 1 + static_cast<int>(k % 4))].insert(cards[k]);
    }
    return deal;
}

}  // namespace spadework
