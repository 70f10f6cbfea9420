// The table's layout without a window: at the panel sizes the window gives at 1280x720,
// 1600x1000 and 2560x1440 (measured: 611x618, 767x898, 1238x1338), with and without values,
// passes, the seat view's voids and long names, no two rectangles of different things
// intersect, every rectangle lies inside the panel, every card lies inside its hand (raised or
// not) and every trick card inside the trick, and a hand of 13 stays readable.
#include <catch2/catch.hpp>

#include "table_layout.h"

using namespace spadework;
using namespace spadework::viewer;

namespace {

struct Size {
    const char* window;
    float w, h;
};
const Size kPanels[] = {{"1280x720", 611, 618}, {"1600x1000", 767, 898}, {"2560x1440", 1238, 1338}};

// What the viewer measures in its fonts (16 px regular, 13 px small), on the wide side.
TableInput input(const Size& size, bool values, bool passes, bool voids, bool long_names) {
    TableInput in;
    in.width = size.w;
    in.height = size.h;
    in.text_h = 16;
    in.small_h = 13;
    in.hand_size = 13;
    in.plate_w.fill(long_names ? 175.0f : 95.0f);  // "South  Cathal O'Brien"
    in.totals_w = 270;                             // "NS: bid 0, took 0, N nil, S blind nil"
    in.status_w = 250;                             // "WHAT-IF: 12 cards off the record"
    if (passes) in.pass_w.fill(150.0f);            // "passed 10♥ 10♦ 10♣"
    in.badge_w = values ? 42.0f : 0.0f;            // "-13 tr"
    in.voids = voids;
    return in;
}

Rect card_at(const TableLayout& t, Vec v) {
    return {v.x, v.y, v.x + t.card_w, v.y + t.card_h};
}

std::string text(const Rect& r) {
    return "(" + std::to_string(r.x0) + "," + std::to_string(r.y0) + ")-(" + std::to_string(r.x1) +
           "," + std::to_string(r.y1) + ")";
}

}  // namespace

TEST_CASE("the table's rectangles never meet and stay inside the panel", "[layout]") {
    for (const Size& size : kPanels) {
        for (int shown = 0; shown < 16; ++shown) {
            const bool values = shown & 1;
            const bool passes = shown & 2;
            const bool voids = shown & 4;
            const bool long_names = shown & 8;
            INFO(size.window << " values " << values << " passes " << passes << " voids " << voids
                             << " long names " << long_names);
            const TableLayout t = lay_out_table(input(size, values, passes, voids, long_names));
            CHECK(t.fits);
            const std::vector<LayoutPart> parts = layout_parts(t, 13);
            // Four hands, four plates, the trick, totals, status; passes and badges when shown.
            CHECK(parts.size() == 11u + (passes ? 4u : 0u) + (values ? 4u * 13u : 0u));
            for (std::size_t i = 0; i < parts.size(); ++i) {
                INFO(parts[i].thing << " " << parts[i].what << " " << text(parts[i].rect));
                CHECK(!parts[i].rect.empty());
                CHECK(parts[i].rect.inside(t.inner));  // clear of the rim, so inside the panel
                for (std::size_t j = i + 1; j < parts.size(); ++j) {
                    const bool hand_and_its_badge =
                        parts[i].thing == parts[j].thing &&
                        (parts[i].what == parts[i].thing || parts[j].what == parts[j].thing);
                    if (hand_and_its_badge) {
                        CHECK(parts[j].rect.inside(parts[i].rect));
                        continue;
                    }
                    INFO("and " << parts[j].thing << " " << parts[j].what << " "
                                << text(parts[j].rect));
                    CHECK_FALSE(parts[i].rect.intersects(parts[j].rect));
                }
            }
            // Each card, raised or not, inside its own hand; the trick's inside the trick.
            for (Seat s : kAllSeats) {
                const Rect& hand = t.hands[index(s)];
                for (int i = 0; i < 13; ++i) {
                    Vec at = t.card_pos(s, i, 13);
                    CHECK(card_at(t, at).inside(hand));
                    at.x += t.raised(s).x;
                    at.y += t.raised(s).y;
                    CHECK(card_at(t, at).inside(hand));
                    if (values) CHECK_FALSE(t.badge(s, i, 13).intersects(card_at(t, at)));
                }
                CHECK(card_at(t, t.trick_card(s)).inside(t.trick));
            }
            CHECK_FALSE(card_at(t, t.trick_card(Seat::West))
                            .intersects(card_at(t, t.trick_card(Seat::East))));
            CHECK(t.trick_caption().inside(t.trick));
        }
    }
}

TEST_CASE("a hand of 13 stays readable at 1280x720 and grows with the window", "[layout]") {
    float previous = 0;
    for (const Size& size : kPanels) {
        INFO(size.window);
        const TableLayout t = lay_out_table(input(size, true, true, true, true));
        REQUIRE(t.fits);
        // The smallest card is 40 px wide (2.5 lines of 16 px text): its corner index is
        // 13.6 px high, and each card of a fan shows its whole index: across, the rank's
        // width ("10" at 0.29 of the card is 0.36 of it); down, the index's height (0.34 of
        // the width below 0.03 of the height).
        CHECK(t.card_w >= 40);
        CHECK(t.step_across >= 0.4f * t.card_w);
        CHECK(t.step_down >= 0.34f * t.card_w + 0.03f * t.card_h);
        CHECK(t.card_w >= previous);
        previous = t.card_w;
    }
    // On the common 1280x720 panel without the extras, the cards are well above the minimum.
    CHECK(lay_out_table(input(kPanels[0], false, false, false, false)).card_w >= 48);
}

TEST_CASE("a panel too small for the smallest table says so and still lays out", "[layout]") {
    const TableLayout t = lay_out_table(input({"tiny", 300, 300}, true, true, true, true));
    CHECK_FALSE(t.fits);
    CHECK(t.card_w == Approx(40));
    CHECK_FALSE(layout_problem(t, 13).empty());
}

TEST_CASE("a panel below the smallest table gets a larger table that scrolls", "[layout]") {
    // The table's panel in an 800x600 window.
    const TableInput in = input({"800x600", 361, 466}, true, true, true, false);
    REQUIRE_FALSE(lay_out_table(in).fits);
    const TableLayout t = lay_out_scrolled(in);
    CHECK(t.fits);
    CHECK(layout_problem(t, 13).empty());
    CHECK(t.panel.width() >= in.width);
    CHECK(t.panel.height() >= in.height);
    CHECK(t.panel.width() / t.panel.height() == Approx(in.width / in.height));
    // A panel that fits keeps its own size.
    const TableInput fits = input(kPanels[0], true, true, true, false);
    CHECK(lay_out_scrolled(fits).panel.width() == Approx(kPanels[0].w));
    CHECK(lay_out_scrolled(fits).card_w == lay_out_table(fits).card_w);
}

TEST_CASE("the seat view's voids line stays by its hand as the hand shortens", "[layout]") {
    for (const Size& size : kPanels) {
        INFO(size.window);
        const TableLayout t = lay_out_table(input(size, true, true, true, false));
        REQUIRE(t.fits);
        for (Seat s : kAllSeats) {
            const Rect& hand = t.hands[index(s)];
            for (int n = 0; n <= 13; ++n) {
                INFO(seat_char(s) << " with " << n << " cards");
                const Vec v = t.voids_pos(s, n);
                const Rect line{hand.x0, v.y, hand.x1, v.y + t.voids_h};  // across the hand
                CHECK(line.inside(hand));
                if (n == 0) continue;
                // Never on a card; at the side seats, within a line of the last card's foot
                // (it stood at the column's foot, empty felt away, once cards were played).
                for (int i = 0; i < n; ++i) {
                    Vec at = t.card_pos(s, i, n);
                    CHECK_FALSE(line.intersects(card_at(t, at)));
                }
                if (s == Seat::West || s == Seat::East) {
                    const float foot = t.card_pos(s, n - 1, n).y + t.card_h;
                    CHECK(v.y - foot <= t.pad + 0.5f);
                } else {
                    // Across, it starts where the cards do (it stood at the hand's far left).
                    const float first = t.card_pos(s, 0, n).x;
                    CHECK(v.x >= first - t.pad - 0.5f);
                    CHECK(v.x <= first + t.card_w);
                }
            }
        }
    }
}

TEST_CASE("a side column stays clear of the table's rim whatever the width of its plate",
          "[layout]") {
    // At 1280x720 a West plate a few pixels wider than the room beside North's hand pushed
    // West's column below it, its last card on the felt's rim (casual.spades, "West  Hana").
    for (const Size& size : kPanels) {
        // Up to the long names above (175 px); wider plates at 1280x720 get a table that
        // scrolls, as they always did.
        for (float plate = 60; plate <= 175; plate += 5) {
            INFO(size.window << " plates " << plate << " px");
            TableInput in = input(size, true, false, false, false);
            in.plate_w[index(Seat::West)] = plate;
            in.plate_w[index(Seat::East)] = plate;
            const TableLayout t = lay_out_table(in);
            CHECK(t.fits);
            for (Seat s : {Seat::West, Seat::East}) {
                CHECK(t.hands[index(s)].y1 <= t.panel.y1 - 0.75f * in.text_h + 0.5f);
            }
        }
    }
}
