#include "bits.h"

namespace SPADEWORK_SOLVER_NAMESPACE {

namespace {

BitTables build_tables() {
    BitTables t{};
    for (unsigned m = 0; m < (1u << 13); ++m)
        t.count[m] = static_cast<std::uint8_t>(std::popcount(m));
    for (unsigned a = 0; a < 128; ++a) {
        for (unsigned x = 0; x < 128; ++x) {
            t.compress_low[a][x] = static_cast<std::uint8_t>(slow_compress(x, a));
            t.spread_low[a][x] = static_cast<std::uint16_t>(spread2(slow_compress(x, a)));
            t.expand_low[a][x] = static_cast<std::uint8_t>(slow_expand(x, a));
        }
    }
    for (unsigned a = 0; a < 64; ++a) {
        for (unsigned x = 0; x < 64; ++x) {
            t.compress_high[a][x] = static_cast<std::uint8_t>(slow_compress(x, a));
            t.spread_high[a][x] = static_cast<std::uint16_t>(spread2(slow_compress(x, a)));
            t.expand_high[a][x] = static_cast<std::uint8_t>(slow_expand(x, a));
        }
    }
    return t;
}

}  // namespace

const BitTables kBits = build_tables();

}  // namespace SPADEWORK_SOLVER_NAMESPACE
