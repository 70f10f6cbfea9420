// Bit layouts and small bit tricks shared by the solver's parts.
//
// A set of cards is a uint64_t in CardSet's layout: four 16-bit suit masks, spades in bits
// 0-15, hearts 16-31, diamonds 32-47, clubs 48-63; inside a suit, bit r is rank r (2..14).
// A card is its bit index, suit * 16 + rank (the same number as Card::index()). Under an order
// other than the standard one (jokers, high deuces; PlayOrder) the trumps may take bits 0, 1
// and 15 as well: a suit holds up to 16 cards.
//
// A suit's holder pattern keys the transposition table: the cards of the suit still held,
// numbered from the lowest (relative rank 0) up; relative rank i takes bits 2i..2i+1 and
// holds the seat that has the card (0..3). Sixteen cards need 32 bits.
#pragma once

#include <bit>
#include <cstdint>

#include "isa.h"
#ifdef __BMI2__
#include <immintrin.h>
#endif

namespace SPADEWORK_SOLVER_NAMESPACE {

inline constexpr int kSpades = 0;  // always trump
inline constexpr int kHearts = 1;
inline constexpr int kMaxCards = 52;

constexpr int suit_of(int card) {
    return card >> 4;
}
constexpr int rank_of(int card) {
    return card & 15;
}
constexpr int make_card(int suit, int rank) {
    return suit * 16 + rank;
}
constexpr std::uint64_t card_bit(int card) {
    return std::uint64_t{1} << card;
}
constexpr std::uint16_t suit_bits(std::uint64_t set, int suit) {
    return static_cast<std::uint16_t>(set >> (16 * suit));
}
constexpr std::uint64_t suit_set(std::uint16_t mask, int suit) {
    return std::uint64_t{mask} << (16 * suit);
}
constexpr std::uint64_t kSuitMask = 0xFFFF;

// The lowest and highest rank of a non-empty suit mask. (The extra bit tells the compiler the
// argument is never zero, which saves a branch.)
constexpr int lowest_rank(std::uint16_t m) {
    return std::countr_zero(static_cast<std::uint32_t>(m) | 0x10000u);
}
constexpr int highest_rank(std::uint16_t m) {
    return 31 - std::countl_zero(static_cast<std::uint32_t>(m) | 1u);
}
// Ranks strictly below r, and r and above.
constexpr std::uint16_t below(int r) {
    return static_cast<std::uint16_t>((1u << r) - 1);
}
constexpr std::uint16_t at_or_above(int r) {
    return static_cast<std::uint16_t>(~((1u << r) - 1));
}

// Tables for the hot paths, built once (tables.cpp): the number of cards in a suit mask, and
// compress (the bits of x that lie under mask a, packed to the low end, as BMI2's pext),
// split in a 7-bit and a 6-bit half of the 13 rank bits.
struct BitTables {
    std::uint8_t count[1 << 13];
    std::uint8_t compress_low[128][128];
    std::uint8_t compress_high[64][64];
    // compress then spread2, for the holder patterns.
    std::uint16_t spread_low[128][128];
    std::uint16_t spread_high[64][64];
    // expand, the inverse of compress (as BMI2's pdep).
    std::uint8_t expand_low[128][128];
    std::uint8_t expand_high[64][64];
};
extern const BitTables kBits;

// Spreads 16 bits to the even bits of 32: bit i moves to bit 2i.
constexpr std::uint32_t spread2(std::uint32_t x) {
    x = (x | (x << 8)) & 0x00FF00FFu;
    x = (x | (x << 4)) & 0x0F0F0F0Fu;
    x = (x | (x << 2)) & 0x33333333u;
    x = (x | (x << 1)) & 0x55555555u;
    return x;
}

// The bits of a suit mask that the tables below do not cover: only the trumps of a deck with
// jokers or high deuces take them, so the portable build's paths for them are the slow ones.
inline constexpr std::uint16_t kBeyondTables = 0x8003;

constexpr unsigned slow_expand(unsigned x, unsigned a) {
    unsigned out = 0;
    int k = 0;
    for (int i = 0; i < 16; ++i) {
        if ((a >> i) & 1) {
            if ((x >> k) & 1) out |= 1u << i;
            ++k;
        }
    }
    return out;
}

constexpr unsigned slow_compress(unsigned x, unsigned a) {
    unsigned out = 0;
    int k = 0;
    for (int i = 0; i < 16; ++i) {
        if ((a >> i) & 1) {
            if ((x >> i) & 1) out |= 1u << k;
            ++k;
        }
    }
    return out;
}

// The slow paths out of line, so that the hot ones stay small.
[[gnu::cold, gnu::noinline]] inline unsigned cold_compress(unsigned x, unsigned a) {
    return slow_compress(x, a);
}
[[gnu::cold, gnu::noinline]] inline unsigned cold_expand(unsigned x, unsigned a) {
    return slow_expand(x, a);
}
[[gnu::cold, gnu::noinline]] inline int cold_count(unsigned m) {
    return std::popcount(m);
}

// Cards in a suit mask.
inline int suit_count(std::uint16_t m) {
#ifdef __POPCNT__
    return std::popcount(m);
#else
    if (m & kBeyondTables) [[unlikely]]
        return cold_count(m);
    return kBits.count[m >> 2];
#endif
}

// The ranks of x (a subset of a) renumbered among a's ranks: bit i set when x holds a's
// i-th lowest card.
inline std::uint32_t compress(std::uint16_t x, std::uint16_t a) {
#ifdef __BMI2__
    return _pext_u32(x, a);
#else
    if (a & kBeyondTables) [[unlikely]]
        return cold_compress(x, a);
    unsigned xs = x >> 2;
    unsigned as = a >> 2;
    unsigned low = kBits.compress_low[as & 127][xs & 127];
    unsigned high = kBits.compress_high[as >> 7][xs >> 7];
    return low | (high << kBits.count[as & 127]);
#endif
}

// The inverse of compress: bit i of x goes to a's i-th lowest card.
inline std::uint16_t expand(std::uint32_t x, std::uint16_t a) {
#ifdef __BMI2__
    return static_cast<std::uint16_t>(_pdep_u32(x, a));
#else
    if (a & kBeyondTables) [[unlikely]]
        return static_cast<std::uint16_t>(cold_expand(x, a));
    unsigned as = a >> 2;
    unsigned n_low = kBits.count[as & 127];
    unsigned low = kBits.expand_low[as & 127][x & ((1u << n_low) - 1)];
    unsigned high = kBits.expand_high[as >> 7][(x >> n_low) & 63];
    return static_cast<std::uint16_t>((low | (high << 7)) << 2);
#endif
}

// spread2(compress(x, a)).
inline std::uint32_t compress_spread(std::uint16_t x, std::uint16_t a) {
#ifdef __BMI2__
    return _pdep_u32(_pext_u32(x, a), 0x55555555u);
#else
    if (a & kBeyondTables) [[unlikely]]
        return spread2(cold_compress(x, a));
    unsigned xs = x >> 2;
    unsigned as = a >> 2;
    std::uint32_t low = kBits.spread_low[as & 127][xs & 127];
    std::uint32_t high = kBits.spread_high[as >> 7][xs >> 7];
    return low | (high << (2 * kBits.count[as & 127]));
#endif
}

}  // namespace SPADEWORK_SOLVER_NAMESPACE
