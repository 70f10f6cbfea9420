#include "tt.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>

namespace SPADEWORK_SOLVER_NAMESPACE {

namespace {

constexpr std::size_t kInitialBuckets = 1024;
constexpr std::uint16_t kMaxEntriesPerBucket = 256;
constexpr std::size_t kMinBytes = std::size_t{1} << 20;

// The size class of a bucket array of `count` entries (4 << c).
int size_class(std::size_t count) {
    return std::countr_zero(count) - 2;
}

// The number of card places an entry's mask fixes.
int specificity(const EntryMask& m) {
    return (32 - m.shift[0]) + (32 - m.shift[1]) + (32 - m.shift[2]) + (32 - m.shift[3]);
}

}  // namespace

EntryMask EntryMask::of(const Pattern& mask) {
    EntryMask m;
    for (int s = 0; s < 4; ++s) {
        auto bits = static_cast<std::uint32_t>(mask.w[s >> 1] >> (32 * (s & 1)));
        int from = std::countr_zero(bits);  // 32 (the field's end) when none
        m.shift[s] = static_cast<std::uint8_t>(from);
        // The top cards of the suit: one run of bits, up to the suit's cards in play.
        assert(from == 32 || (((bits >> from) & ((bits >> from) + 1)) == 0));
    }
    return m;
}

TransTable::TransTable(std::size_t max_bytes)
    : max_bytes_(std::max(max_bytes, kMinBytes)),
      // Small enough that the 14 arenas' part-filled last chunks waste little, large enough
      // for the largest bucket array.
      chunk_bytes_(std::clamp<std::size_t>(max_bytes_ / 1024, 16 * 1024, 64 * 1024)) {
    static_assert(sizeof(TTEntry) * kMaxEntriesPerBucket <= 16 * 1024);
    buckets_.assign(kInitialBuckets, Bucket{});
    account();
}

void TransTable::account() {
    bytes_ = buckets_.size() * sizeof(Bucket) + owned_.size() * chunk_bytes_;
    peak_bytes_ = std::max(peak_bytes_, bytes_);
}

std::size_t TransTable::slot_of(const TTKey& key) const {
    std::uint64_t h =
        key.a * 0x9E3779B97F4A7C15ull ^ (key.b + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return static_cast<std::size_t>(h) & (buckets_.size() - 1);
}

TransTable::Span TransTable::lookup(const TTKey& key) {
    std::size_t mask = buckets_.size() - 1;
    for (std::size_t i = slot_of(key);; i = (i + 1) & mask) {
        Bucket& b = buckets_[i];
        if (!b.used) return {};
        if (b.key == key) return {b.entries, b.entries + b.count};
    }
}

TransTable::Bucket* TransTable::find_or_add(const TTKey& key, int tricks_left) {
    std::size_t mask = buckets_.size() - 1;
    for (std::size_t i = slot_of(key);; i = (i + 1) & mask) {
        Bucket& b = buckets_[i];
        if (b.used && b.key == key) return &b;
        if (!b.used) break;
    }
    // A new bucket: keep the array at most half full, growing it within the bound.
    if (2 * (used_buckets_ + 1) > buckets_.size() && !grow_buckets()) {
        if (4 * (used_buckets_ + 1) > 3 * buckets_.size()) clear();
    }
    mask = buckets_.size() - 1;
    for (std::size_t i = slot_of(key);; i = (i + 1) & mask) {
        Bucket& b = buckets_[i];
        if (!b.used) {
            b = Bucket{};
            b.key = key;
            b.used = true;
            b.tricks_left = static_cast<std::uint8_t>(tricks_left);
            ++used_buckets_;
            return &b;
        }
    }
}

bool TransTable::grow_buckets() {
    std::size_t size = buckets_.size() * 2;
    std::size_t extra = (size - buckets_.size()) * sizeof(Bucket);
    if (size * sizeof(Bucket) > max_bytes_ / 4 || bytes_ + extra > max_bytes_) return false;
    rebuild_buckets(size);
    return true;
}

void TransTable::rebuild_buckets(std::size_t size) {
    std::vector<Bucket> old(size);
    old.swap(buckets_);
    std::size_t mask = size - 1;
    for (const Bucket& b : old) {
        if (!b.used) continue;
        std::size_t i = slot_of(b.key);
        while (buckets_[i].used) i = (i + 1) & mask;
        buckets_[i] = b;
    }
    account();
}

// Empties the buckets of positions with more than tricks_left tricks to play without a second
// array: each bucket kept is taken out and put back at the first free slot from its home,
// walking the array once from a slot that was free before, which no probe sequence crosses.
// A bucket's new slot is then at or before its old one on that walk, and the slots between
// its home and it are all walked already, so they stay filled.
void TransTable::drop_buckets_above(int tricks_left) {
    std::size_t size = buckets_.size();
    std::size_t mask = size - 1;
    std::size_t start = 0;
    while (buckets_[start].used) ++start;  // the array is never full
    for (Bucket& b : buckets_) {
        if (!b.used || b.tricks_left <= tricks_left) continue;
        entries_ -= b.count;
        --used_buckets_;
        b = Bucket{};
    }
    for (std::size_t n = 1; n < size; ++n) {
        std::size_t i = (start + n) & mask;
        if (!buckets_[i].used) continue;
        Bucket b = buckets_[i];
        buckets_[i] = Bucket{};
        std::size_t j = slot_of(b.key);
        while (buckets_[j].used) j = (j + 1) & mask;
        buckets_[j] = b;
    }
}

TTEntry* TransTable::allocate(int tricks_left, std::size_t count) {
    Arena& arena = arenas_[tricks_left];
    std::byte*& reuse = arena.free[size_class(count)];
    if (reuse != nullptr) {
        std::byte* out = reuse;
        std::memcpy(&reuse, out, sizeof reuse);
        return reinterpret_cast<TTEntry*>(out);
    }
    std::size_t need = count * sizeof(TTEntry);
    if (arena.chunks.empty() || arena.offset + need > chunk_bytes_) {
        std::byte* chunk = nullptr;
        if (!free_chunks_.empty()) {
            chunk = free_chunks_.back();
            free_chunks_.pop_back();
        } else if (bytes_ + chunk_bytes_ <= max_bytes_) {
            // Not zeroed: entries are written before they are read.
            owned_.push_back(std::unique_ptr<std::byte[]>(new std::byte[chunk_bytes_]));
            chunk = owned_.back().get();
            account();
        } else {
            return nullptr;
        }
        arena.chunks.push_back(chunk);
        arena.offset = 0;
    }
    auto* out = reinterpret_cast<TTEntry*>(arena.chunks.back() + arena.offset);
    arena.offset += need;
    return out;
}

void TransTable::release(int tricks_left, TTEntry* array, std::size_t count) {
    std::byte*& head = arenas_[tricks_left].free[size_class(count)];
    auto* bytes = reinterpret_cast<std::byte*>(array);
    std::memcpy(bytes, &head, sizeof head);
    head = bytes;
}

void TransTable::store(const TTKey& key, int tricks_left, const Pattern& pattern,
                       const Pattern& mask, int lower, int upper) {
    EntryMask top = EntryMask::of(mask);
    Pattern masked;
    masked.w[0] = pattern.w[0] & mask.w[0];
    masked.w[1] = pattern.w[1] & mask.w[1];
    Bucket* b = find_or_add(key, tricks_left);
    // 1. The same family already stored: tighten its bounds.
    for (TTEntry* e = b->entries; e != b->entries + b->count; ++e) {
        if (((e->pattern.w[0] ^ masked.w[0]) | (e->pattern.w[1] ^ masked.w[1])) == 0 &&
            e->mask == top) {
            e->lower = static_cast<std::int16_t>(std::max<int>(e->lower, lower));
            e->upper = static_cast<std::int16_t>(std::min<int>(e->upper, upper));
            return;
        }
    }
    TTEntry entry{masked, static_cast<std::int16_t>(lower), static_cast<std::int16_t>(upper), top};
    // 2. A full bucket replaces its entries in turn.
    if (b->count == kMaxEntriesPerBucket) {
        b->entries[b->next] = entry;
        b->next = static_cast<std::uint16_t>((b->next + 1) % kMaxEntriesPerBucket);
        return;
    }
    // 3. Room to grow: a new array twice the size, the old one to the free list.
    if (b->count == b->capacity) {
        std::uint16_t capacity = b->capacity ? static_cast<std::uint16_t>(b->capacity * 2) : 4;
        TTEntry* fresh = allocate(tricks_left, capacity);
        if (fresh == nullptr) {
            // The bound is reached: start again with an empty table.
            clear();
            b = find_or_add(key, tricks_left);
            capacity = 4;
            fresh = allocate(tricks_left, capacity);
        }
        if (b->count) {
            std::memcpy(static_cast<void*>(fresh), b->entries, b->count * sizeof(TTEntry));
            release(tricks_left, b->entries, b->capacity);
        }
        b->entries = fresh;
        b->capacity = capacity;
    }
    insert_by_generality(*b, entry);
}

// A bucket's entries are kept in order of generality: an entry that fixes fewer cards matches
// more positions, so a lookup meets it first (and among alike ones, the newest first).
void TransTable::insert_by_generality(Bucket& b, const TTEntry& entry) {
    const int spec = specificity(entry.mask);
    std::uint16_t place = b.count;
    while (place > 0 && specificity(b.entries[place - 1].mask) >= spec) --place;
    std::memmove(static_cast<void*>(b.entries + place + 1), b.entries + place,
                 (b.count - place) * sizeof(TTEntry));
    b.entries[place] = entry;
    ++b.count;
    ++entries_;
}

void TransTable::empty_arena(Arena& arena, std::vector<std::byte*>& free_chunks) {
    free_chunks.insert(free_chunks.end(), arena.chunks.begin(), arena.chunks.end());
    arena = Arena{};
}

void TransTable::drop_larger_than(int tricks_left) {
    bool any = false;
    for (int r = tricks_left + 1; r < 14; ++r) {
        if (arenas_[r].chunks.empty()) continue;
        any = true;
        empty_arena(arenas_[r], free_chunks_);
    }
    if (any) drop_buckets_above(tricks_left);
}

void TransTable::clear() {
    for (Arena& arena : arenas_) empty_arena(arena, free_chunks_);
    std::fill(buckets_.begin(), buckets_.end(), Bucket{});
    used_buckets_ = 0;
    entries_ = 0;
    account();
}

}  // namespace SPADEWORK_SOLVER_NAMESPACE
