// The win-chance table: symmetry, monotonic in a side's own score, the end conditions,
// convergence, rules it refuses, and the cache. Small tables (a 200 target, a few thousand bot
// hands) keep each test to seconds.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "spadework/analyzer/winchance.h"
#include "spadework/engine/error.h"

using namespace spadework;
using namespace spadework::analyzer;

namespace {

RuleSet small_rules(std::vector<std::string> more = {}) {
    more.push_back("target=200");
    return make_rules("classic", more);
}

const WinChanceTable& small_table() {
    static const WinChanceTable table =
        WinChanceTable::build(small_rules(), measure_hands(small_rules(), 3000, 7));
    return table;
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

TEST_CASE("one side's chance plus the other's at the mirrored scores is 1", "[winchance]") {
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

TEST_CASE("the chance does not fall as a side's own score rises", "[winchance]") {
    const WinChanceTable& t = small_table();
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

TEST_CASE("the chance is 1 and 0 where the game has ended", "[winchance]") {
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
}

TEST_CASE("value iteration converges to a largest change under 1e-9", "[winchance]") {
    const WinChanceTable& t = small_table();
    CHECK(t.iterations() > 1);
    CHECK(t.last_change() < 1e-9);
    CHECK(t.low() == -249);
    CHECK(t.target() == 200);
    CHECK(t.modulus() == 10);
    CHECK(t.hands() == 3000);
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

TEST_CASE("Paperless, without bags, and a drawn tie are tables too", "[winchance]") {
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

TEST_CASE("rules whose state is not two scores and a dealer are refused", "[winchance]") {
    CHECK_THROWS_AS(check_winchance_rules(small_rules({"hand_limit=10"})), Error);
    CHECK_THROWS_WITH(check_winchance_rules(small_rules({"nil_points=105"})),
                      Catch::Contains("nil_points=105"));
    CHECK_THROWS_WITH(check_winchance_rules(small_rules({"overtrick_points=0"})),
                      Catch::Contains("bags apart from the score"));
    CHECK_NOTHROW(check_winchance_rules(preset("computer")));  // no bags at all
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

    // No temporary file is left behind.
    for (const auto& e : std::filesystem::directory_iterator(dir.path)) {
        CHECK(e.path().extension() == ".bin");
    }
}

TEST_CASE("a table's bytes are refused under another key", "[winchance]") {
    const WinChanceTable& t = small_table();
    std::string bytes = t.to_bytes("key one");
    WinChanceTable back;
    CHECK_FALSE(back.from_bytes(bytes, small_rules(), "key two"));
    CHECK_FALSE(back.from_bytes(bytes, make_rules("classic", {"target=210"}), "key one"));
    REQUIRE(back.from_bytes(bytes, small_rules(), "key one"));
    CHECK(back.chance(33, 57, Seat::East) == t.chance(33, 57, Seat::East));
}
