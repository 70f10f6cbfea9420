// The transposition table: what earlier searches proved about positions at trick starts,
// shared by every position that agrees on what mattered.
//
// A bucket is keyed on everything exact about a position: each seat's suit lengths, the
// leader, the spades-broken state and the objective's own terms (TTKey). Its entries each
// cover a family of positions: for every suit, the holders of the top k cards still in play
// (k per suit, the ranks that mattered to the proof, Ginsberg's partition search and DDS's
// winning ranks) must be those stored; the lower cards only count. An entry holds a lower and
// an upper bound of the objective's value (what the bound means is the objective's affair).
//
// Memory: buckets live in an open-addressing array; each bucket's entries in one array carved
// from chunks of the arena of its number of tricks left, so positions that can no longer
// occur in a card-by-card analysis are freed together. A bucket that outgrows its array moves
// to one twice the size and leaves the old one to its arena's free list of that size, which
// the next bucket to need one takes. Everything counts against the bound; when the bound is
// reached the table is emptied and fills again.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "isa.h"

namespace SPADEWORK_SOLVER_NAMESPACE {

// Word a: bits 0-47 the suit lengths of spades, hearts and diamonds for seats N, E, S, W (4
// bits each, seat-major; clubs follow from the tricks left), 48-51 the tricks left, 52-53 the
// leader, 54 spades broken, 55-56 the objective. Word b: the objective's terms.
struct TTKey {
    std::uint64_t a = 0;
    std::uint64_t b = 0;
    bool operator==(const TTKey&) const = default;
};

// The holder patterns of the four suits (bits.h), spades and hearts in word 0 (bits 0-25 and
// 32-57), diamonds and clubs in word 1.
struct Pattern {
    std::uint64_t w[2] = {};
};

// The ranks that mattered, a suit at a time (index as in Pattern: spades, hearts, diamonds,
// clubs). The cards that matter are always a suit's top ones (search.h, relevant_mask), so the
// mask is every bit of the suit's field from the lowest that counts up, and four bytes say
// where each starts instead of a 16-byte Pattern: shift[s] is that bit's place in the suit's
// 32-bit field (16 cards at most, a deck with jokers and high deuces), 32 when no card of the
// suit mattered. Above a position's cards in play the patterns of its bucket hold nothing, so
// a mask reaching past them to the field's end matches as the exact one would.
struct EntryMask {
    std::uint8_t shift[4] = {32, 32, 32, 32};

    static EntryMask of(const Pattern& mask);
    // The mask as a Pattern: each suit's field from shift[s] up.
    Pattern pattern() const {
        return Pattern{{kLow[shift[0]] | kHigh[shift[1]], kLow[shift[2]] | kHigh[shift[3]]}};
    }
    operator Pattern() const { return pattern(); }
    // One word compared, not four bytes.
    bool operator==(const EntryMask& o) const {
        return std::bit_cast<std::uint32_t>(*this) == std::bit_cast<std::uint32_t>(o);
    }

    // kLow[k]: the bits of the low half of a word (0-31) from k up; kHigh[k] the same of the
    // high half (32-63). (Read from a table, not shifted: a shift by a variable count costs
    // more, and one by 32 is no shift.)
    static constexpr auto kLow = [] {
        std::array<std::uint64_t, 33> m{};
        for (int k = 0; k < 32; ++k) m[k] = (0xFFFFFFFFull << k) & 0xFFFFFFFFull;
        return m;
    }();
    static constexpr auto kHigh = [] {
        std::array<std::uint64_t, 33> m{};
        for (int k = 0; k < 32; ++k) m[k] = (0xFFFFFFFFull << k) << 32;
        return m;
    }();
};

// 24 bytes: the pattern under the mask, the bounds, the mask.
struct TTEntry {
    Pattern pattern;  // masked: only the bits under mask
    std::int16_t lower;
    std::int16_t upper;
    EntryMask mask;
    // Where p differs from the pattern, only the differences under the mask are left.
    // Spades and hearts first: most entries that fail, fail there.
    bool matches(const Pattern& p) const {
        if ((p.w[0] ^ pattern.w[0]) &
            (EntryMask::kLow[mask.shift[0]] | EntryMask::kHigh[mask.shift[1]])) {
            return false;
        }
        return ((p.w[1] ^ pattern.w[1]) &
                (EntryMask::kLow[mask.shift[2]] | EntryMask::kHigh[mask.shift[3]])) == 0;
    }
};
static_assert(sizeof(TTEntry) == 24);

class TransTable {
  public:
    static constexpr std::int16_t kNoLower = -32768;
    static constexpr std::int16_t kNoUpper = 32767;

    explicit TransTable(std::size_t max_bytes);
    TransTable(const TransTable&) = delete;
    TransTable& operator=(const TransTable&) = delete;

    struct Span {
        TTEntry* begin = nullptr;
        TTEntry* end = nullptr;
    };
    // The entries of a key's bucket (empty when there is none), the most general first (those
    // whose mask fixes the fewest cards): a lookup takes the first that answers.
    Span lookup(const TTKey& key);

    // Records bounds for the family (pattern under mask) of the key's positions, tightening
    // an entry of the same family if there is one. tricks_left places it in its arena.
    void store(const TTKey& key, int tricks_left, const Pattern& pattern, const Pattern& mask,
               int lower, int upper);

    // Frees the entries of positions with more than tricks_left tricks to play.
    void drop_larger_than(int tricks_left);
    void clear();

    std::size_t entries() const { return entries_; }
    // The memory held (allocated), the memory in use, and the bound.
    std::size_t bytes() const { return bytes_; }
    std::size_t used_bytes() const {
        return buckets_.size() * sizeof(Bucket) +
               (owned_.size() - free_chunks_.size()) * chunk_bytes_;
    }
    std::size_t max_bytes() const { return max_bytes_; }
    std::size_t peak_bytes() const { return peak_bytes_; }

  private:
    struct Bucket {
        TTKey key;
        TTEntry* entries = nullptr;
        std::uint16_t count = 0;
        std::uint16_t capacity = 0;
        std::uint16_t next = 0;  // the entry to replace when full
        std::uint8_t tricks_left = 0;
        bool used = false;
    };
    // Bucket arrays hold 4 << c entries, c < kSizes.
    static constexpr int kSizes = 7;
    struct Arena {
        std::vector<std::byte*> chunks;
        std::size_t offset = 0;  // into the last chunk
        // Arrays left by buckets that grew, by size: each holds the next in its first bytes.
        std::byte* free[kSizes] = {};
    };

    std::size_t slot_of(const TTKey& key) const;
    void insert_by_generality(Bucket& b, const TTEntry& entry);
    Bucket* find_or_add(const TTKey& key, int tricks_left);
    TTEntry* allocate(int tricks_left, std::size_t count);
    void release(int tricks_left, TTEntry* array, std::size_t count);
    static void empty_arena(Arena& arena, std::vector<std::byte*>& free_chunks);
    bool grow_buckets();
    void rebuild_buckets(std::size_t size);
    void drop_buckets_above(int tricks_left);
    void account();

    std::size_t max_bytes_;
    std::size_t chunk_bytes_;
    std::vector<Bucket> buckets_;
    std::size_t used_buckets_ = 0;
    Arena arenas_[14];
    std::vector<std::unique_ptr<std::byte[]>> owned_;  // every chunk allocated
    std::vector<std::byte*> free_chunks_;
    std::size_t entries_ = 0;
    std::size_t bytes_ = 0;
    std::size_t peak_bytes_ = 0;
};

}  // namespace SPADEWORK_SOLVER_NAMESPACE
