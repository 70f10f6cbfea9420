// The transposition table on its own (engine/src/solver/tt.h): the compact mask of an entry,
// what is stored is found again, what is dropped is gone while the rest stays, and the table
// keeps to its bound.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include <catch2/catch.hpp>

#include "../../../engine/src/solver/tt.h"
#include "spadework/engine/deal.h"

namespace {

using spadework::SplitMix64;
using spadework::solver::EntryMask;
using spadework::solver::Pattern;
using spadework::solver::TransTable;
using spadework::solver::TTEntry;
using spadework::solver::TTKey;

// A suit's field in a Pattern.
void set_field(Pattern& p, int suit, std::uint64_t bits) {
    p.w[suit >> 1] |= bits << (32 * (suit & 1));
}

// The mask search.h makes: the top k of a suit's n cards in play, two bits each.
std::uint64_t top_cards(int n, int k) {
    return ((std::uint64_t{1} << (2 * n)) - 1) & ~((std::uint64_t{1} << (2 * (n - k))) - 1);
}

// A position's holder pattern: n cards a suit, a random holder each.
Pattern random_pattern(SplitMix64& rng, const int n[4]) {
    Pattern p;
    for (int s = 0; s < 4; ++s)
        set_field(p, s, rng.next() & ((std::uint64_t{1} << (2 * n[s])) - 1));
    return p;
}

bool exact_match(const Pattern& p, const Pattern& stored, const Pattern& mask) {
    return ((p.w[0] & mask.w[0]) == (stored.w[0] & mask.w[0])) &&
           ((p.w[1] & mask.w[1]) == (stored.w[1] & mask.w[1]));
}

// The key of bucket i among positions with `tricks_left` tricks to play.
TTKey key(std::uint64_t i, int tricks_left) {
    return TTKey{i | static_cast<std::uint64_t>(tricks_left) << 48, i * 7};
}

// Reads an entry's bounds, or false when no entry of the key's bucket matches.
bool find(TransTable& tt, const TTKey& k, const Pattern& p, int& lower, int& upper) {
    TransTable::Span span = tt.lookup(k);
    for (TTEntry* e = span.begin; e != span.end; ++e) {
        if (!e->matches(p)) continue;
        lower = e->lower;
        upper = e->upper;
        return true;
    }
    return false;
}

}  // namespace

TEST_CASE("An entry's compact mask matches as the exact mask does") {
    SplitMix64 rng(7);
    for (int round = 0; round < 2000; ++round) {
        int n[4];
        Pattern mask;
        for (int s = 0; s < 4; ++s) {
            n[s] = static_cast<int>(rng.below(14));
            set_field(mask, s, top_cards(n[s], static_cast<int>(rng.below(n[s] + 1))));
        }
        EntryMask compact = EntryMask::of(mask);
        Pattern stored = random_pattern(rng, n);
        TTEntry e{{{stored.w[0] & mask.w[0], stored.w[1] & mask.w[1]}}, 0, 0, compact};
        // The lowest card that mattered in each suit is where the mask starts, as before.
        Pattern expanded = compact;
        for (int s = 0; s < 4; ++s) {
            auto exact = static_cast<std::uint32_t>(mask.w[s >> 1] >> (32 * (s & 1)));
            auto wide = static_cast<std::uint32_t>(expanded.w[s >> 1] >> (32 * (s & 1)));
            CHECK((exact == 0) == (wide == 0));
            if (exact != 0) CHECK(std::countr_zero(exact) == std::countr_zero(wide));
        }
        for (int t = 0; t < 20; ++t) {
            Pattern p = t == 0 ? stored : random_pattern(rng, n);
            CHECK(e.matches(p) == exact_match(p, stored, mask));
        }
    }
}

TEST_CASE("The table finds what it stored, tightens a family's bounds, drops by tricks left") {
    TransTable tt(std::size_t{8} << 20);
    const int n[4] = {13, 13, 13, 13};
    SplitMix64 rng(11);
    Pattern full;
    for (int s = 0; s < 4; ++s) set_field(full, s, top_cards(13, 13));
    // 1. Many buckets of every number of tricks left, some with many entries (their arrays
    //    outgrow one another and go to the free lists).
    struct Stored {
        TTKey key;
        int tricks_left;
        Pattern pattern;
        int value;
    };
    std::vector<Stored> all;
    for (std::uint64_t i = 0; i < 20000; ++i) {
        int tricks_left = 1 + static_cast<int>(i % 13);
        int entries = i % 97 == 0 ? 200 : 1 + static_cast<int>(i % 3);
        for (int j = 0; j < entries; ++j) {
            Stored s{key(i, tricks_left), tricks_left, random_pattern(rng, n),
                     static_cast<int>(rng.below(2000)) - 1000};
            tt.store(s.key, tricks_left, s.pattern, full, s.value, s.value + 1);
            all.push_back(s);
        }
    }
    REQUIRE(tt.entries() == all.size());
    for (const Stored& s : all) {
        int lower = 0, upper = 0;
        REQUIRE(find(tt, s.key, s.pattern, lower, upper));
        CHECK(lower == s.value);
        CHECK(upper == s.value + 1);
    }
    // 2. The same family again: its bounds tighten, no entry is added.
    tt.store(all[0].key, all[0].tricks_left, all[0].pattern, full, all[0].value - 5, all[0].value);
    int lower = 0, upper = 0;
    REQUIRE(find(tt, all[0].key, all[0].pattern, lower, upper));
    CHECK(lower == all[0].value);
    CHECK(upper == all[0].value);
    CHECK(tt.entries() == all.size());
    // 3. Dropping the positions with more than 6 tricks left keeps every other one findable.
    tt.drop_larger_than(6);
    std::size_t kept = 0;
    for (const Stored& s : all) {
        bool found = find(tt, s.key, s.pattern, lower, upper);
        CHECK(found == (s.tricks_left <= 6));
        kept += s.tricks_left <= 6;
    }
    CHECK(tt.entries() == kept);
    CHECK(tt.bytes() <= tt.max_bytes());
    tt.clear();
    CHECK(tt.entries() == 0);
    CHECK_FALSE(find(tt, all[0].key, all[0].pattern, lower, upper));
}

TEST_CASE("The table keeps to its bound, emptying itself when it is reached") {
    TransTable tt(std::size_t{1} << 20);
    const int n[4] = {13, 13, 13, 13};
    SplitMix64 rng(5);
    Pattern full;
    for (int s = 0; s < 4; ++s) set_field(full, s, top_cards(13, 13));
    std::size_t most = 0;
    for (std::uint64_t i = 0; i < 200000; ++i) {
        std::uint64_t k = i % 2000;  // 100 entries a bucket
        int tricks_left = 1 + static_cast<int>(k % 13);
        tt.store(key(k, tricks_left), tricks_left, random_pattern(rng, n), full, 0, 1);
        most = std::max(most, tt.entries());
        REQUIRE(tt.bytes() <= tt.max_bytes());
    }
    CHECK(tt.peak_bytes() <= tt.max_bytes());
    CHECK(most < 200000);  // it was emptied on the way
    CHECK(most > 10000);   // not before it held many entries
}
