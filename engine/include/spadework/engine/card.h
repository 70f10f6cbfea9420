// Cards, suits, ranks, seats and sets of cards: the small value types every other part uses.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

namespace spadework {

// Suits in PBN order (a hand is written spades.hearts.diamonds.clubs). Spades are always trump.
enum class Suit : std::uint8_t { Spades = 0, Hearts = 1, Diamonds = 2, Clubs = 3 };
inline constexpr int kNumSuits = 4;
inline constexpr Suit kAllSuits[kNumSuits] = {Suit::Spades, Suit::Hearts, Suit::Diamonds,
                                              Suit::Clubs};

// A rank's value is its face value: 2..10, then J=11, Q=12, K=13, A=14.
enum class Rank : std::uint8_t {
    Two = 2,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace
};
inline constexpr int kLowestRank = 2;
inline constexpr int kHighestRank = 14;

// Seats go clockwise; the player on a seat's left is the next seat clockwise, so the
// player left of the dealer is next(dealer). Partners sit opposite: N-S and E-W.
enum class Seat : std::uint8_t { North = 0, East = 1, South = 2, West = 3 };
inline constexpr Seat kAllSeats[4] = {Seat::North, Seat::East, Seat::South, Seat::West};
enum class Team : std::uint8_t { NS = 0, EW = 1 };
inline constexpr Team kAllTeams[2] = {Team::NS, Team::EW};

constexpr int index(Seat s) {
    return static_cast<int>(s);
}
constexpr int index(Team t) {
    return static_cast<int>(t);
}
constexpr int index(Suit s) {
    return static_cast<int>(s);
}
constexpr Seat next(Seat s, int steps = 1) {
    return static_cast<Seat>((static_cast<int>(s) + steps % 4 + 4) % 4);
}
constexpr Seat partner(Seat s) {
    return next(s, 2);
}
constexpr Team team_of(Seat s) {
    return static_cast<Team>(static_cast<int>(s) % 2);
}
constexpr Team opponent(Team t) {
    return t == Team::NS ? Team::EW : Team::NS;
}
// The two seats of a partnership: North then South, or East then West.
constexpr std::array<Seat, 2> members(Team t) {
    return {static_cast<Seat>(index(t)), partner(static_cast<Seat>(index(t)))};
}

// A card is six bits: bits 0-3 the rank (2..14), bits 4-5 the suit. The same number is the
// card's bit in a CardSet, so index() is also a bit position.
class Card {
  public:
    constexpr Card() = default;
    constexpr Card(Rank r, Suit s)
        : id_(static_cast<std::uint8_t>(static_cast<int>(s) * 16 + static_cast<int>(r))) {}
    static constexpr Card from_index(int i) {
        Card c;
        c.id_ = static_cast<std::uint8_t>(i);
        return c;
    }
    constexpr Suit suit() const { return static_cast<Suit>(id_ >> 4); }
    constexpr Rank rank() const { return static_cast<Rank>(id_ & 15); }
    constexpr int index() const { return id_; }
    constexpr auto operator<=>(const Card&) const = default;

  private:
    std::uint8_t id_ = 0;
};

// A set of cards in 64 bits: four 16-bit suit masks, spades in bits 0-15, hearts 16-31,
// diamonds 32-47, clubs 48-63. Inside a suit, bit r stands for rank r (bits 2..14 are used),
// so a suit's mask read as a number orders cards by rank.
class CardSet {
  public:
    constexpr CardSet() = default;
    constexpr explicit CardSet(std::uint64_t bits) : bits_(bits) {}
    constexpr CardSet(std::initializer_list<Card> cards) {
        for (Card c : cards) insert(c);
    }

    constexpr std::uint64_t bits() const { return bits_; }
    constexpr bool empty() const { return bits_ == 0; }
    constexpr int size() const { return std::popcount(bits_); }
    constexpr bool contains(Card c) const { return (bits_ >> c.index()) & 1; }
    constexpr void insert(Card c) { bits_ |= std::uint64_t{1} << c.index(); }
    constexpr void erase(Card c) { bits_ &= ~(std::uint64_t{1} << c.index()); }
    // The 16-bit rank mask of one suit.
    constexpr std::uint16_t suit_mask(Suit s) const {
        return static_cast<std::uint16_t>(bits_ >> (16 * static_cast<int>(s)));
    }
    constexpr CardSet of_suit(Suit s) const {
        return CardSet(bits_ & (std::uint64_t{0xFFFF} << (16 * static_cast<int>(s))));
    }
    constexpr bool has_suit(Suit s) const { return suit_mask(s) != 0; }
    constexpr int count(Suit s) const { return std::popcount(suit_mask(s)); }

    constexpr CardSet operator|(CardSet o) const { return CardSet(bits_ | o.bits_); }
    constexpr CardSet operator&(CardSet o) const { return CardSet(bits_ & o.bits_); }
    constexpr CardSet operator-(CardSet o) const { return CardSet(bits_ & ~o.bits_); }
    constexpr CardSet& operator|=(CardSet o) {
        bits_ |= o.bits_;
        return *this;
    }
    constexpr CardSet& operator&=(CardSet o) {
        bits_ &= o.bits_;
        return *this;
    }
    constexpr CardSet& operator-=(CardSet o) {
        bits_ &= ~o.bits_;
        return *this;
    }
    constexpr bool operator==(const CardSet&) const = default;

    // Iterates from the lowest bit: spades low to high, then hearts, diamonds, clubs.
    class Iterator {
      public:
        constexpr explicit Iterator(std::uint64_t b) : b_(b) {}
        constexpr Card operator*() const { return Card::from_index(std::countr_zero(b_)); }
        constexpr Iterator& operator++() {
            b_ &= b_ - 1;
            return *this;
        }
        constexpr bool operator!=(const Iterator& o) const { return b_ != o.b_; }
        constexpr bool operator==(const Iterator& o) const { return b_ == o.b_; }

      private:
        std::uint64_t b_;
    };
    constexpr Iterator begin() const { return Iterator(bits_); }
    constexpr Iterator end() const { return Iterator(0); }

  private:
    std::uint64_t bits_ = 0;
};

// All 52 cards.
inline constexpr CardSet kFullDeck{0x7FFC'7FFC'7FFC'7FFCull};

// The jokers of a deck with jokers (RuleSet::jokers): cards of their own, in two bits the 52
// cards leave free, the spades' bits 1 and 15. Where they stand in play (the highest trumps)
// is the rule set's PlayOrder, never their bits: a card's suit() and rank() are what is
// printed on it, and a joker's rank() is no Rank.
inline constexpr Card kLittleJoker = Card::from_index(1);
inline constexpr Card kBigJoker = Card::from_index(15);
inline constexpr CardSet kJokers{kLittleJoker, kBigJoker};
constexpr bool is_joker(Card c) {
    return c == kLittleJoker || c == kBigJoker;
}

// Text. A card prints as rank then suit letter: "AS", "TH", "2C", and the jokers as "BJ" (big)
// and "LJ" (little). Parsing also accepts "10" for the ten, lower case, and the suit symbols
// ♠♥♦♣ (and their white forms ♤♡♢♧).
char rank_char(Rank r);
char suit_char(Suit s);
std::string_view suit_symbol(Suit s);  // "♠", "♥", "♦", "♣"
std::string_view suit_name(Suit s);    // "spades", ...
char seat_char(Seat s);                // 'N', 'E', 'S', 'W'
std::string seat_letter(Seat s);       // "N", "E", "S", "W": seat_char as a string
std::string_view seat_name(Seat s);    // "North", ...
std::string_view team_name(Team t);    // "NS", "EW"
std::string to_string(Card c);
std::string to_string(CardSet cards);  // "BJ AS KS 2C": jokers, then highest first in S,H,D,C

// Each parser throws ParseError (see error.h) whose column is 1-based within the text given.
Card parse_card(std::string_view text);
Rank parse_rank(std::string_view text);
Suit parse_suit(std::string_view text);
Seat parse_seat(std::string_view text);  // "N", "north", ...
Team parse_team(std::string_view text);  // "NS", "EW"
// Cards separated by spaces or commas: "AS KS 10h ♦2".
CardSet parse_cards(std::string_view text);

}  // namespace spadework
