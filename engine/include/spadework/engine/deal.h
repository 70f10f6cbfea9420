// A deal: the four hands, in PBN text, and deterministic dealing from a seed.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "spadework/engine/card.h"

namespace spadework {

struct Deal {
    std::array<CardSet, 4> hands;  // indexed by seat

    CardSet& operator[](Seat s) { return hands[index(s)]; }
    const CardSet& operator[](Seat s) const { return hands[index(s)]; }
    CardSet all() const { return hands[0] | hands[1] | hands[2] | hands[3]; }
    bool operator==(const Deal&) const = default;
};

// PBN deal text: "N:AKQ.JT9.8765.432 <E> <S> <W>", the first seat named before the colon and
// the others following clockwise; each hand is spades.hearts.diamonds.clubs, highest first,
// a void written as nothing; a hand's jokers follow its clubs in a fifth group, B (big) and L
// (little): "AK.Q.J.T.BL".
// Parsing accepts what parse_card accepts for ranks ("10", lower
// case) and "-" for a void; it checks the text's form and that no card appears twice, not the
// hands' sizes (see check_deal). Throws ParseError with the column.
Deal parse_pbn(std::string_view text);
// The inverse of parse_pbn for text in canonical form: to_pbn(parse_pbn(t), first) == t.
std::string to_pbn(const Deal& deal, Seat first = Seat::North);
// One hand in PBN form: "AKQ.JT9.8765.432".
std::string hand_to_pbn(CardSet hand);
CardSet parse_pbn_hand(std::string_view text);

// Why a deal cannot be played with a deck of hand_size*4 cards: "deal gives N 12 cards",
// "QS is not in the 48-card deck"; nothing when it can.
std::optional<std::string> check_deal(const Deal& deal, CardSet deck);

// Deals the deck from a 64-bit seed, the same on every platform:
//  1. The deck is listed in a fixed order: the big and the little joker (when the deck has
//     them), then spades, hearts, diamonds, clubs, each from the ace down (the cards of a
//     48-card deck, or of a deck with jokers, keep their places in that order).
//  2. A SplitMix64 generator is seeded with the seed. Fisher-Yates shuffles the list: for i
//     from n-1 down to 1, j is drawn uniformly from 0..i (a 64-bit draw x is rejected while
//     x < 2^64 mod (i+1), then j = x mod (i+1)) and cards i and j are swapped.
//  3. Cards go out one at a time clockwise, the first to the dealer's left.
Deal deal_from_seed(std::uint64_t seed, CardSet deck, Seat dealer);

// SplitMix64 (Steele, Lea and Flood 2014): the engine's only random source, for repeatable
// deals and tests.
class SplitMix64 {
  public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next();
    // Uniform in 0..bound-1 without modulo bias; bound > 0.
    std::uint64_t below(std::uint64_t bound);

  private:
    std::uint64_t state_;
};

}  // namespace spadework
