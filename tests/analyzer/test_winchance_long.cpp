// The win-chance table: symmetry, monotonic in a side's own score (one distribution of hands),
// the end conditions, convergence, the hands measured per score situation, the same hands and
// the same table on any number of threads, blind trick bids measured as blind, and the cache. Small
// tables (a 200 target, a few thousand bot hands) keep each test to seconds. The cases tagged
// [one-table] read the one table below (and its hands), which takes most of their time to build:
// CTest runs them in one process (tests/analyzer/CMakeLists.txt), so the table is built once
// instead of once per case.
//
// Long cases (tests/CMakeLists.txt): tables built by value iteration, six times slower under
// the sanitizers, and hands measured by the thousand. The normal build runs them; the
// sanitizers check the rules refused on the cases of test_winchance.cpp, and the measuring of
// hands through the bots' and the review's own cases.
#include <unistd.h>

#include <array>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "spadework/analyzer/simple_bot.h"
#include "spadework/analyzer/team_colours.h"
#include "spadework/analyzer/winchance.h"
#include "spadework/engine/error.h"
#include "winchance_helpers.h"

using namespace spadework;
using namespace spadework::analyzer;
using namespace spadework::testing;

namespace {

const HandDistribution& small_hands() {
    static const HandDistribution hands = measure_hands(small_rules(), 3000, 7);
    return hands;
}

const WinChanceTable& small_table() {
    static const WinChanceTable table = WinChanceTable::build(small_rules(), small_hands());
    return table;
}

// The hands of every situation, pooled, as the hands of one: the others, without hands of
// their own, step by all of them pooled too.
HandDistribution one_for_all(const HandDistribution& d) {
    SituationHands all;
    for (const SituationHands& s : d.situations) {
        all.outcomes.insert(all.outcomes.end(), s.outcomes.begin(), s.outcomes.end());
        all.hands += s.hands;
    }
    HandDistribution out;
    out.situations.resize(d.situations.size());
    out.situations[static_cast<std::size_t>(score_situation(small_rules(), 0, 0))] = all;
    out.hands = all.hands;
    return out;
}

bool has_blind_nil(const HandOutcome& o) {
    for (Bid b : o.bids) {
        if (b == Bid::blind_nil()) return true;
    }
    return false;
}

struct TempDir {
    std::filesystem::path path;
    TempDir() {
        static int counter = 0;
        path =
            std::filesystem::temp_directory_path() /
            ("spadework-winchance-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::remove_all(path);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

}  // namespace

TEST_CASE("one side's chance plus the other's at the mirrored scores is 1",
          "[winchance][one-table]") {
    const WinChanceTable& t = small_table();
    for (int a = -240; a < 200; a += 37) {
        for (int b = -245; b < 200; b += 41) {
            for (Seat d : kAllSeats) {
                INFO(a << " to " << b << ", " << seat_char(d) << " deals");
                CHECK(t.chance(a, b, d) + t.chance(b, a, next(d)) == Approx(1).margin(1e-12));
            }
        }
    }
}

TEST_CASE("the chance does not fall as a side's own score rises", "[winchance][one-table]") {
    // With the same hands in every situation, value iteration keeps the order exactly. (With
    // each situation's own hands, a higher score can be worth less where the bots answer it
    // differently, as the opponents fighting a set they would let go, and by sampling; the
    // benchmark checks that table against the bots' own games.)
    static const WinChanceTable t =
        WinChanceTable::build(small_rules(), one_for_all(small_hands()));
    // Scores with the same last digit: the same bags, so only the score differs.
    for (Seat d : kAllSeats) {
        for (int b = -240; b < 200; b += 13) {
            for (int a = -249; a + 10 < 200; ++a) {
                INFO(a << " and " << a + 10 << " to " << b << ", " << seat_char(d) << " deals");
                CHECK(t.chance(a + 10, b, d) >= t.chance(a, b, d) - 1e-9);
            }
        }
    }
}

TEST_CASE("the chance is 1 and 0 where the game has ended", "[winchance][one-table]") {
    const WinChanceTable& t = small_table();
    for (Seat d : kAllSeats) {
        CHECK(t.chance(200, 150, d) == 1);
        CHECK(t.chance(150, 230, d) == 0);
        CHECK(t.chance(0, -250, d) == 1);
        CHECK(t.chance(-260, 10, d) == 0);
        CHECK(t.chance(-260, -300, d) == 1);  // both past the loss limit: the higher wins
        double tie = t.chance(210, 210, d);   // level past the target: another hand
        CHECK(tie > 0);
        CHECK(tie < 1);
    }
    // In play, strictly between.
    CHECK(t.chance(0, 0, Seat::North) > 0.3);
    CHECK(t.chance(0, 0, Seat::North) < 0.7);

    // The mercy rule ends the game too, inside the table as well as at the scores asked about:
    // a lead of 100 wins it; from a lead of 90, on the same hands, the chance is higher than
    // without the rule (a gain of 10 wins outright). Until the table held it, the two were
    // equal there.
    const WinChanceTable mercy = WinChanceTable::build(small_rules({"mercy=100"}), small_hands());
    for (Seat d : kAllSeats) {
        CHECK(mercy.chance(150, 50, d) == 1);
        CHECK(mercy.chance(-40, 60, d) == 0);
        CHECK(mercy.chance(140, 50, d) < 1);
        CHECK(mercy.chance(140, 50, d) > t.chance(140, 50, d));  // a hand from winning outright
    }
}

TEST_CASE("value iteration converges to a largest change under 1e-9", "[winchance][one-table]") {
    const WinChanceTable& t = small_table();
    CHECK(t.iterations() > 1);
    CHECK(t.last_change() < 1e-9);
    CHECK(t.low() == -249);
    CHECK(t.target() == 200);
    CHECK(t.modulus() == 10);
    CHECK(t.hands() == small_hands().hands);
    CHECK(t.outcomes() == small_hands().distinct());
}

TEST_CASE("hands are measured per score situation, every situation of the table enough",
          "[winchance][one-table]") {
    const RuleSet rules = small_rules();
    const HandDistribution& d = small_hands();
    REQUIRE(d.situations.size() == static_cast<std::size_t>(kScoreSituations));
    CHECK(d.game_hands == 3000);
    std::int64_t sum = 0;
    for (const SituationHands& s : d.situations) {
        std::int64_t n = 0;
        for (const OutcomeCount& oc : s.outcomes) n += oc.count;
        CHECK(n == s.hands);
        sum += n;
    }
    CHECK(sum == d.hands);
    CHECK(d.hands > d.game_hands);  // the games alone reach the end too rarely
    // Every cell's situation has its quota of hands.
    for (int x = -249; x < 200; x += 3) {
        for (int y = -249; y < 200; y += 7) {
            INFO(x << " to " << y);
            auto s = static_cast<std::size_t>(score_situation(rules, x, y));
            CHECK(d.situations[s].hands >= situation_quota(3000));
        }
    }
    // The situations: far from the end alike, near the end and in a blind nil spot apart.
    CHECK(score_situation(rules, 0, 0) == score_situation(rules, 10, -50));
    CHECK(score_situation(rules, 150, 0) != score_situation(rules, 0, 0));
    CHECK(score_situation(rules, 150, 0) != score_situation(rules, 0, 150));
    CHECK(score_situation(rules, 185, 0) != score_situation(rules, 150, 0));
    CHECK(score_situation(rules, 185, 0) != score_situation(rules, 175, 0));
    CHECK(score_situation(rules, 195, 0) != score_situation(rules, 185, 0));  // 9 bags
    CHECK(score_situation(rules, 150, -60) != score_situation(rules, 150, 0));
    CHECK(score_situation(rules, -60, 150) != score_situation(rules, 0, 150));
}

TEST_CASE("blind nils are measured only where the bots bid them", "[winchance][one-table]") {
    const RuleSet rules = small_rules();
    const HandDistribution& d = small_hands();
    // The situations of each kind, read off the cells.
    std::vector<int> kind(kScoreSituations, -1);  // 0: no spot, 1: the dealing side's, 2: other
    for (int x = -249; x < 200; ++x) {
        for (int y = -249; y < 200; ++y) {
            int spot = blind_nil_spot(rules, x, y) ? 1 : blind_nil_spot(rules, y, x) ? 2 : 0;
            kind[static_cast<std::size_t>(score_situation(rules, x, y))] = spot;
        }
    }
    std::array<std::int64_t, 3> blind_hands{}, dealing_side{}, hands{};
    for (int s = 0; s < kScoreSituations; ++s) {
        if (kind[static_cast<std::size_t>(s)] < 0) continue;
        const SituationHands& sh = d.situations[static_cast<std::size_t>(s)];
        auto k = static_cast<std::size_t>(kind[static_cast<std::size_t>(s)]);
        hands[k] += sh.hands;
        for (const OutcomeCount& oc : sh.outcomes) {
            if (!has_blind_nil(oc.outcome)) continue;
            blind_hands[k] += oc.count;
            // Turned so the dealer sits North: North-South are the dealing side.
            if (oc.outcome.bids[0] == Bid::blind_nil() || oc.outcome.bids[2] == Bid::blind_nil()) {
                dealing_side[k] += oc.count;
            }
        }
    }
    CHECK(blind_hands[0] == 0);
    REQUIRE(hands[1] > 0);
    REQUIRE(hands[2] > 0);
    // In a spot, about a quarter of the hands (the first bidder's chance), by the side in it.
    CHECK(blind_hands[1] > hands[1] / 10);
    CHECK(dealing_side[1] == blind_hands[1]);
    CHECK(blind_hands[2] > hands[2] / 10);
    CHECK(dealing_side[2] == 0);
}

TEST_CASE("the hands are the same whatever the number of measuring threads", "[winchance]") {
    RuleSet rules = small_rules();
    HandDistribution one = measure_hands(rules, 1000, 13, 1);
    HandDistribution two = measure_hands(rules, 1000, 13, 2);
    CHECK(two.hands == one.hands);
    CHECK(two.game_hands == one.game_hands);
    REQUIRE(two.situations.size() == one.situations.size());
    for (std::size_t s = 0; s < one.situations.size(); ++s) {
        const auto& a = one.situations[s].outcomes;
        const auto& b = two.situations[s].outcomes;
        REQUIRE(a.size() == b.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            CHECK(a[i].count == b[i].count);
            CHECK(a[i].outcome.bids == b[i].outcome.bids);
            CHECK(a[i].outcome.tricks == b[i].outcome.tricks);
        }
    }
}

TEST_CASE("the table is the same whatever the number of threads", "[winchance]") {
    // Without bags every row is one run of 449 cells, enough to be shared by three threads.
    RuleSet rules = small_rules({"bag_limit=0"});
    HandDistribution hands = measure_hands(rules, 2000, 11);
    WinChanceTable one = WinChanceTable::build(rules, hands, 1);
    for (int threads : {2, 3}) {
        INFO(threads << " threads");
        WinChanceTable many = WinChanceTable::build(rules, hands, threads);
        CHECK(many.iterations() == one.iterations());
        CHECK(many.last_change() == one.last_change());
        CHECK(many.main_set().cells == one.main_set().cells);
        CHECK(many.main_set().ties == one.main_set().ties);
    }
}

TEST_CASE("Paperless, without bags, and a drawn tie are tables too", "[winchance][one-table]") {
    RuleSet paperless = preset("paperless");
    WinChanceTable p = WinChanceTable::build(paperless, measure_hands(paperless, 2000, 3));
    CHECK(p.modulus() == 1);
    CHECK(p.low() == 0);
    CHECK(p.last_change() < 1e-9);
    CHECK(p.chance(6, 2, Seat::East) == 1);
    // A tie at the target goes to an overtime set: neither won nor lost.
    CHECK(p.chance(6, 6, Seat::North) > 0);
    CHECK(p.chance(6, 6, Seat::North) < 1);
    CHECK(p.chance(3, 1, Seat::North) + p.chance(1, 3, Seat::East) == Approx(1).margin(1e-12));
    // Within an overtime set: its own target (3), and a tie at the game's end is its 0 to 0.
    CHECK(p.overtime_chance(3, 1, Seat::West) == 1);
    CHECK(p.overtime_chance(0, 0, Seat::East) == p.chance(6, 6, Seat::East));
    CHECK(p.overtime_chance(2, 1, Seat::North) > p.overtime_chance(1, 2, Seat::North));
    CHECK_THROWS_AS(small_table().overtime_chance(0, 0, Seat::North), Error);

    // Its bytes (no ties played on: empty parts) read back to the same table.
    std::string bytes = p.to_bytes("paperless");
    WinChanceTable back;
    REQUIRE(back.from_bytes(bytes, paperless, "paperless"));
    CHECK(back.chance(3, 1, Seat::North) == p.chance(3, 1, Seat::North));
    CHECK(back.overtime_chance(2, 1, Seat::North) == p.overtime_chance(2, 1, Seat::North));

    RuleSet draw = small_rules({"on_tie=draw"});
    WinChanceTable d = WinChanceTable::build(draw, measure_hands(draw, 2000, 3));
    CHECK(d.chance(220, 220, Seat::South) == 0.5);
}

TEST_CASE("the table is cached, reused and rebuilt when the rules change", "[winchance]") {
    TempDir dir;
    WinChanceOptions options;
    options.hands = 1500;
    options.seed = 5;
    options.cache_dir = dir.path;
    RuleSet rules = small_rules();

    LoadedWinChance first = load_winchance(rules, options);
    CHECK_FALSE(first.from_cache);
    REQUIRE(std::filesystem::exists(first.file));
    LoadedWinChance second = load_winchance(rules, options);
    CHECK(second.from_cache);
    CHECK(second.file == first.file);
    CHECK(second.table.chance(120, 90, Seat::West) == first.table.chance(120, 90, Seat::West));

    // Other rules, or other hands, are another table in another file.
    LoadedWinChance other =
        load_winchance(small_rules({"set_points=0", "bag_penalty=50"}), options);
    CHECK_FALSE(other.from_cache);
    CHECK(other.file != first.file);
    options.seed = 6;
    CHECK_FALSE(load_winchance(rules, options).from_cache);
    options.seed = 5;

    // A corrupt file (one byte changed, or cut short) is rebuilt, never trusted.
    {
        std::fstream f(first.file, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(200);
        f.put('\x7f');
    }
    LoadedWinChance repaired = load_winchance(rules, options);
    CHECK_FALSE(repaired.from_cache);
    CHECK(repaired.table.chance(120, 90, Seat::West) == first.table.chance(120, 90, Seat::West));
    std::filesystem::resize_file(first.file, std::filesystem::file_size(first.file) / 2);
    CHECK_FALSE(load_winchance(rules, options).from_cache);
    CHECK(load_winchance(rules, options).from_cache);

    // A file holding a table of older bots (their version in its key) is rebuilt too.
    {
        const std::string key = winchance_key(rules, options);
        const std::string now = "\nbots=" + std::to_string(kBotsVersion) + "\n";
        std::string old_key = key;
        old_key.replace(key.find(now), now.size(),
                        "\nbots=" + std::to_string(kBotsVersion - 1) + "\n");
        std::ofstream out(first.file, std::ios::binary | std::ios::trunc);
        const std::string bytes = first.table.to_bytes(old_key);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    CHECK_FALSE(load_winchance(rules, options).from_cache);
    CHECK(load_winchance(rules, options).from_cache);

    // No temporary file is left behind.
    for (const auto& e : std::filesystem::directory_iterator(dir.path)) {
        CHECK(e.path().extension() == ".bin");
    }
}

TEST_CASE("a table's bytes are refused under another key", "[winchance][one-table]") {
    const WinChanceTable& t = small_table();
    std::string bytes = t.to_bytes("key one");
    WinChanceTable back;
    CHECK_FALSE(back.from_bytes(bytes, small_rules(), "key two"));
    // Tables measured from older bots: the bots' version is part of the key.
    WinChanceOptions options;
    const std::string key = winchance_key(small_rules(), options);
    const std::string now = "\nbots=" + std::to_string(kBotsVersion) + "\n";
    REQUIRE(key.find(now) != std::string::npos);
    std::string old_key = key;
    old_key.replace(key.find(now), now.size(), "\nbots=" + std::to_string(kBotsVersion - 1) + "\n");
    CHECK_FALSE(back.from_bytes(t.to_bytes(old_key), small_rules(), key));
    CHECK_FALSE(back.from_bytes(bytes, make_rules("classic", {"target=210"}), "key one"));
    REQUIRE(back.from_bytes(bytes, small_rules(), "key one"));
    CHECK(back.chance(33, 57, Seat::East) == t.chance(33, 57, Seat::East));
}

TEST_CASE("a blind trick bid is measured as blind, not as the same number bid in sight",
          "[winchance]") {
    // Blind 6 and up when behind by 100: the bots bid them in the situations behind.
    RuleSet rules = small_rules({"blind_bid_min=6", "blind_behind=100"});
    HandDistribution hands = measure_hands(rules, 3000, 5);
    std::int64_t blind = 0;
    for (const SituationHands& s : hands.situations) {
        for (const OutcomeCount& o : s.outcomes) {
            for (Bid b : o.outcome.bids) {
                if (b.is_blind() && !b.is_nil()) blind += o.count;
            }
        }
    }
    CHECK(blind > 0);
}

TEST_CASE("the heat map shows each side's lead in its colour, with axes and a legend",
          "[winchance][one-table]") {
    const WinChanceTable& table = small_table();
    const WinChanceImage out = winchance_image(table, Seat::North);
    const RgbImage& im = out.image;
    REQUIRE(out.map_side >= 480);
    REQUIRE(out.map_x > 0);
    REQUIRE(out.map_y > 0);
    REQUIRE(out.map_x + out.map_side < im.width);
    REQUIRE(out.map_y + out.map_side < im.height);
    auto pixel = [&](int x, int y) {
        const std::size_t at = (static_cast<std::size_t>(y) * im.width + x) * 3;
        return std::array<int, 3>{im.pixels[at], im.pixels[at + 1], im.pixels[at + 2]};
    };
    auto dark = [&](int x, int y) {
        auto p = pixel(x, y);
        return p[0] + p[1] + p[2] < 200;
    };
    // North-South far ahead (bottom right): their colour, blue, as the table says; far behind:
    // East-West's, orange.
    const int inset = 3;
    auto ns_ahead = pixel(out.map_x + out.map_side - inset, out.map_y + out.map_side - inset);
    auto ew_ahead = pixel(out.map_x + inset, out.map_y + inset);
    REQUIRE(table.chance(table.target() - 10, table.low(), Seat::North) > 0.9);
    auto near = [](std::array<int, 3> p, TeamRgb c) {
        return std::abs(p[0] - c.r) + std::abs(p[1] - c.g) + std::abs(p[2] - c.b) < 40;
    };
    CHECK(near(ns_ahead, kTeamRgb[0]));
    CHECK(near(ew_ahead, kTeamRgb[1]));
    // Labels under the map and left of it (the axes' scores), and the legend right of it: its
    // colour bar from North-South's colour at the top to East-West's at the bottom.
    auto ink_in = [&](int x0, int y0, int x1, int y1) {
        for (int y = y0; y < y1; ++y) {
            for (int x = x0; x < x1; ++x) {
                if (dark(x, y)) return true;
            }
        }
        return false;
    };
    CHECK(ink_in(out.map_x, out.map_y + out.map_side + 8, out.map_x + out.map_side, im.height));
    CHECK(ink_in(0, out.map_y, out.map_x - 8, out.map_y + out.map_side));
    bool ns_top = false;
    bool ew_bottom = false;
    for (int x = out.map_x + out.map_side + 2; x < im.width; ++x) {
        ns_top = ns_top || near(pixel(x, out.map_y + 1), kTeamRgb[0]);
        ew_bottom = ew_bottom || near(pixel(x, out.map_y + out.map_side - 2), kTeamRgb[1]);
    }
    CHECK(ns_top);
    CHECK(ew_bottom);
}
