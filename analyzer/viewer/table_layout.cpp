#include "table_layout.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

namespace spadework::viewer {

namespace {

// Proportions of a card and of the fans, in card widths (a real card is 63 x 88 mm).
constexpr float kCardAspect = 1.42f;
constexpr float kStepAcross = 0.45f;  // of the width: the rank index and a little more
constexpr float kStepDown = 0.30f;    // of the height: the index across (rank then suit)
constexpr float kRaise = 0.14f;       // of the height
constexpr float kPad = 0.08f;         // of the width
// The trick's four cards: West and East half a card lower than North, South a card lower.
constexpr float kTrickHalfWidth = 1.6f;  // card widths from the centre to the outer edges
constexpr float kTrickHeight = 2.0f;     // card heights

bool is_side(Seat s) {
    return s == Seat::West || s == Seat::East;
}

// A seat's hand, with where its cards start inside it.
struct HandBox {
    Rect rect;
    Vec cards;  // top left of the first card, not raised
};

float fan_length(float card, float step, int n) {
    return card + step * static_cast<float>(n - 1);
}

}  // namespace

Vec TableLayout::card_pos(Seat seat, int i, int n) const {
    const Rect& r = hands[index(seat)];
    const float fi = static_cast<float>(i);
    switch (seat) {
        case Seat::North:
            return {r.centre().x - across_span(n) / 2 + fi * step_across,
                    r.y0 + pad + badge_h * static_cast<float>(badge_rows)};
        case Seat::South:
            return {r.centre().x - across_span(n) / 2 + fi * step_across,
                    r.y0 + pad + voids_h + raise};
        case Seat::West:
            return {r.x0 + pad + badge_w, r.y0 + pad + fi * step_down};
        case Seat::East:
            break;
    }
    return {r.x0 + pad + raise, r.y0 + pad + fi * step_down};
}

float TableLayout::across_span(int n) const {
    // The last badge may be wider than the last card.
    return std::max(fan_length(card_w, step_across, n),
                    step_across * static_cast<float>(n - 1) + badge_w);
}

Vec TableLayout::raised(Seat seat) const {
    switch (seat) {
        case Seat::North:
            return {0, raise};
        case Seat::South:
            return {0, -raise};
        case Seat::West:
            return {raise, 0};
        case Seat::East:
            break;
    }
    return {-raise, 0};
}

Rect TableLayout::badge(Seat seat, int i, int n) const {
    if (badge_h <= 0) return {};
    const Vec c = card_pos(seat, i, n);
    const Rect& r = hands[index(seat)];
    if (is_side(seat)) {
        // Beside the card's strip, on the outer side; the strip is at least a badge high.
        const float x0 = seat == Seat::West ? r.x0 + pad : r.x1 - pad - badge_w;
        return {x0, c.y, x0 + badge_w, c.y + badge_h};
    }
    // Staggered rows on the outer side: cards i and i + rows share a row, rows cards apart.
    const int row = i % badge_rows;
    const float band = badge_h * static_cast<float>(badge_rows);
    float y0 = seat == Seat::North ? c.y - band + badge_h * static_cast<float>(row)
                                   : c.y + card_h + pad + badge_h * static_cast<float>(row);
    return {c.x, y0, c.x + badge_w, y0 + badge_h};
}

Vec TableLayout::voids_pos(Seat seat, int n) const {
    const Rect& r = hands[index(seat)];
    // North and South: level with the first card's left edge, not at the far end of the row.
    const float first_x = n > 0 ? std::max(r.x0 + pad, card_pos(seat, 0, n).x) : r.x0 + pad;
    switch (seat) {
        case Seat::North:
            return {first_x, r.y1 - pad - voids_h};
        case Seat::South:
            return {first_x, r.y0 + pad};
        case Seat::West:
        case Seat::East:
            break;
    }
    const float under = n > 0 ? card_pos(seat, n - 1, n).y + card_h + pad : r.y0 + pad;
    return {r.x0 + pad, std::min(under, r.y1 - pad - voids_h)};
}

Vec TableLayout::trick_card(Seat seat) const {
    const float cx = trick.centre().x;
    const float top = trick.y0 + pad;
    switch (seat) {
        case Seat::North:
            return {cx - card_w / 2, top};
        case Seat::South:
            return {cx - card_w / 2, top + card_h};
        case Seat::West:
            return {cx - card_w * kTrickHalfWidth, top + card_h / 2};
        case Seat::East:
            break;
    }
    return {cx + card_w * (kTrickHalfWidth - 1), top + card_h / 2};
}

Rect TableLayout::trick_caption() const {
    return {trick.x0, trick.y1 - caption_h, trick.x1, trick.y1};
}

float TableLayout::dealer_radius() const {
    return plate_h * 0.3f;
}

Vec TableLayout::dealer_centre(Seat seat) const {
    const Rect& p = plates[index(seat)];
    return {p.x1 - dealer_radius(), p.centre().y};
}

namespace {

// West's or East's column: the plate, the passes, the hand fanned down, against its edge,
// centred on the middle band's centre line or lower when the plate would reach under the
// header or North.
struct SideSpacing {
    float gap;
    float margin;
    float plate_w;
};

void place_side(TableLayout& t, const TableInput& in, Seat s, const SideSpacing& sp,
                float band_mid) {
    const int k = index(s);
    const int N = index(Seat::North);
    const float down_w = t.card_w + t.raise + t.badge_w + 2 * t.pad;
    const float down_h =
        fan_length(t.card_h, t.step_down, std::max(1, in.hand_size)) + t.voids_h + 2 * t.pad;
    const float pw = sp.plate_w;
    const float pass_h = in.pass_w[k] > 0 ? in.text_h : 0;
    const float column_h = t.plate_h + pass_h + sp.gap + down_h;
    const bool west = s == Seat::West;
    const float x0 = west ? sp.margin : in.width - sp.margin - std::max(pw, down_w);
    const float x1 = west ? sp.margin + std::max(pw, down_w) : in.width - sp.margin;
    float y = band_mid - column_h / 2;
    const float plate_x0 = west ? x0 : x1 - std::max(pw, in.pass_w[k]);
    const float plate_x1 = west ? x0 + std::max(pw, in.pass_w[k]) : x1;
    for (const Rect& above : {west ? t.totals : t.status, t.plates[N], t.passes[N], t.hands[N]}) {
        if (!above.empty() && plate_x0 < above.x1 && above.x0 < plate_x1) {
            y = std::max(y, above.y1 + sp.gap);
        }
    }
    t.plates[k] = west ? Rect{x0, y, x0 + pw, y + t.plate_h} : Rect{x1 - pw, y, x1, y + t.plate_h};
    t.passes[k] =
        pass_h > 0 ? (west ? Rect{x0, t.plates[k].y1, x0 + in.pass_w[k], t.plates[k].y1 + pass_h}
                           : Rect{x1 - in.pass_w[k], t.plates[k].y1, x1, t.plates[k].y1 + pass_h})
                   : Rect{};
    const float hy = t.plates[k].y1 + pass_h + sp.gap;
    t.hands[k] =
        west ? Rect{x0, hy, x0 + down_w, hy + down_h} : Rect{x1 - down_w, hy, x1, hy + down_h};
}

// The layout at one card width; lay_out_table keeps the largest that has no problem.
TableLayout at_width(const TableInput& in, float w) {
    TableLayout t;
    const int n = std::max(1, in.hand_size);
    t.panel = {0, 0, in.width, in.height};
    t.card_w = w;
    t.card_h = w * kCardAspect;
    t.step_across = w * kStepAcross;
    t.step_down = t.card_h * kStepDown;
    t.raise = t.card_h * kRaise;
    t.pad = w * kPad;
    const float gap = in.text_h * 0.5f;
    const float margin = in.text_h * 0.75f;  // clear of the felt's rounded edge
    t.inner = {margin, margin, in.width - margin, in.height - margin};
    t.plate_h = in.text_h + in.small_h + in.text_h * 0.5f;
    t.voids_h = in.voids ? in.small_h * 1.2f : 0;
    t.caption_h = in.small_h * 1.4f;
    if (in.badge_w > 0) {
        t.badge_h = in.small_h * 1.25f;
        t.badge_w = in.badge_w + in.small_h * 0.4f;
        // Enough rows that the badges of one row, `rows` cards apart, do not meet.
        t.badge_rows = std::max(1, static_cast<int>(std::ceil(t.badge_w / t.step_across)));
    }
    const float cx = in.width / 2;
    auto plate_width = [&](Seat s) {
        return in.plate_w[index(s)] + in.text_h + 2 * t.dealer_radius() + gap / 2;
    };
    auto centred = [](float x, float y, float width, float height) {
        return Rect{x - width / 2, y, x + width / 2, y + height};
    };

    // The header: totals left, status right, North's plate (and passes) between if they fit.
    const float header_h = 2 * in.text_h;
    t.totals = {margin, margin, margin + in.totals_w, margin + header_h};
    t.status = {in.width - margin - in.status_w, margin, in.width - margin, margin + header_h};
    const int N = index(Seat::North);
    auto north_top = [&](float y) {
        t.plates[N] = centred(cx, y, plate_width(Seat::North), t.plate_h);
        t.passes[N] =
            in.pass_w[N] > 0 ? centred(cx, t.plates[N].y1, in.pass_w[N], in.text_h) : Rect{};
    };
    north_top(margin);
    const float spare_left = t.totals.x1 + gap;
    const float spare_right = t.status.x0 - gap;
    auto clear = [&](const Rect& r) {
        return r.empty() || (r.x0 >= spare_left && r.x1 <= spare_right);
    };
    if (!clear(t.plates[N]) || !clear(t.passes[N])) north_top(margin + header_h + gap);
    float top = std::max({t.totals.y1, t.plates[N].y1, t.passes[N].y1}) + gap;

    // North's and South's hands: badges outside, the raise and the voids line inside.
    const float across_w = t.across_span(n) + 2 * t.pad;
    const float across_h =
        t.card_h + t.raise + t.voids_h + t.badge_h * static_cast<float>(t.badge_rows) + 2 * t.pad;
    t.hands[N] = centred(cx, top, across_w, across_h);

    const int S = index(Seat::South);
    float bottom = in.height - margin;
    if (in.pass_w[S] > 0) {
        t.passes[S] = centred(cx, bottom - in.text_h, in.pass_w[S], in.text_h);
        bottom = t.passes[S].y0;
    }
    t.plates[S] = centred(cx, bottom - t.plate_h, plate_width(Seat::South), t.plate_h);
    t.hands[S] = centred(cx, t.plates[S].y0 - gap - across_h, across_w, across_h);

    // The middle band: West and East standing down the edges, the trick in the centre.
    const float band_top = t.hands[N].y1 + gap;
    const float band_bottom = t.hands[S].y0 - gap;
    const float band_mid = (band_top + band_bottom) / 2;
    for (Seat s : {Seat::West, Seat::East}) {
        place_side(t, in, s, {gap, margin, plate_width(s)}, band_mid);
    }
    const float trick_h = t.card_h * kTrickHeight + 2 * t.pad + t.caption_h;
    const float trick_w = 2 * (w * kTrickHalfWidth + t.pad);
    t.trick = centred(cx, band_mid - trick_h / 2, trick_w, trick_h);
    return t;
}

}  // namespace

std::vector<LayoutPart> layout_parts(const TableLayout& t, int hand_size) {
    std::vector<LayoutPart> parts;
    for (Seat s : kAllSeats) {
        const std::string seat(1, seat_char(s));
        const int k = index(s);
        parts.push_back({seat + " hand", seat + " hand", t.hands[k]});
        for (int i = 0; i < hand_size && t.badge_h > 0; ++i) {
            parts.push_back({seat + " hand", fmt::format("badge {}", i), t.badge(s, i, hand_size)});
        }
        parts.push_back({seat + " plate", seat + " plate", t.plates[k]});
        if (!t.passes[k].empty())
            parts.push_back({seat + " passes", seat + " passes", t.passes[k]});
    }
    parts.push_back({"trick", "trick", t.trick});
    if (!t.totals.empty()) parts.push_back({"totals", "totals", t.totals});
    if (!t.status.empty()) parts.push_back({"status", "status", t.status});
    return parts;
}

std::string layout_problem(const TableLayout& t, int hand_size) {
    const std::vector<LayoutPart> parts = layout_parts(t, hand_size);
    auto text = [](const LayoutPart& p) {
        return fmt::format("{} ({:.0f},{:.0f})-({:.0f},{:.0f})",
                           p.what == p.thing ? p.what : p.thing + " " + p.what, p.rect.x0,
                           p.rect.y0, p.rect.x1, p.rect.y1);
    };
    for (std::size_t i = 0; i < parts.size(); ++i) {
        // A side column pushed down below North's hand could reach the rim (issue 18's
        // trial: West's cards on the felt's edge at 1280x720): it must stay clear of it.
        if (!parts[i].rect.inside(t.inner)) {
            return text(parts[i]) + " is not clear of the table's rim";
        }
        for (std::size_t j = i + 1; j < parts.size(); ++j) {
            // A hand's badges lie inside it; they must not meet each other.
            const bool same = parts[i].thing == parts[j].thing;
            if (same && (parts[i].what == parts[i].thing || parts[j].what == parts[j].thing)) {
                if (!parts[j].rect.inside(parts[i].rect)) {
                    return text(parts[j]) + " is not inside " + text(parts[i]);
                }
                continue;
            }
            if (parts[i].rect.intersects(parts[j].rect)) {
                return text(parts[i]) + " meets " + text(parts[j]);
            }
        }
    }
    return {};
}

TableLayout lay_out_table(const TableInput& in) {
    const float largest = in.text_h * kMaxCardInText;
    const float smallest = in.text_h * kMinCardInText;
    // Whole pixels from the largest card down: at most some sixty tries of a few rectangles.
    // Clear of the rim first; then, rather than a table that scrolls (very long names at the
    // smallest window), up to the panel's edge.
    for (bool rim : {true, false}) {
        for (float w = std::floor(largest); w >= smallest; w -= 1) {
            TableLayout t = at_width(in, w);
            if (!rim) t.inner = t.panel;
            if (layout_problem(t, in.hand_size).empty()) {
                t.fits = true;
                return t;
            }
        }
    }
    return at_width(in, smallest);
}

TableLayout lay_out_scrolled(const TableInput& in) {
    TableLayout t = lay_out_table(in);
    for (int step = 1; !t.fits && step <= 60; ++step) {
        TableInput larger = in;
        const float grow = 1.0f + 0.05f * static_cast<float>(step);
        larger.width = in.width * grow;
        larger.height = in.height * grow;
        TableLayout l = lay_out_table(larger);
        if (l.fits) return l;
    }
    return t;
}

}  // namespace spadework::viewer
