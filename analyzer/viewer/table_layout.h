// Where everything on the table goes, as a pure function of the panel's size and of what is
// shown: four hands, the trick, the name plates with the dealer button, each seat's passed
// cards, the partnerships' totals, the status, and the value badges of the cards. No ImGui:
// the painter (panel_table.cpp) measures the text, asks for the layout and draws into its
// rectangles; the tests check the rectangles without a window.
//
// The arrangement, from the top: a header (totals left, status right, North's plate between
// them when it fits), North's hand, a middle band (West's hand standing down the left edge,
// the trick in the centre, East's down the right edge), South's hand, South's plate. North
// and South fan across, West and East fan down, so a hand of 13 takes its width from the
// panel's height as well as its width. Legal cards stand out toward the centre; value badges
// sit on the outer side of a hand, each in its own place. Sizes are multiples of the card
// width and of the measured text height; the card width is the largest that lets nothing
// touch anything else.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "spadework/engine/card.h"

namespace spadework::viewer {

struct Vec {
    float x = 0;
    float y = 0;
};

struct Rect {
    float x0 = 0;
    float y0 = 0;
    float x1 = 0;
    float y1 = 0;
    float width() const { return x1 - x0; }
    float height() const { return y1 - y0; }
    Vec centre() const { return {(x0 + x1) / 2, (y0 + y1) / 2}; }
    bool empty() const { return x1 <= x0 || y1 <= y0; }
    // Rectangles that share only an edge do not intersect. Both tests allow a hundredth of a
    // pixel, so that sums taken in another order (float rounding) do not count.
    static constexpr float kSlack = 0.01f;
    bool intersects(const Rect& o) const {
        return !empty() && !o.empty() && x0 + kSlack < o.x1 && o.x0 + kSlack < x1 &&
               y0 + kSlack < o.y1 && o.y0 + kSlack < y1;
    }
    bool inside(const Rect& o) const {
        return x0 + kSlack >= o.x0 && y0 + kSlack >= o.y0 && x1 <= o.x1 + kSlack &&
               y1 <= o.y1 + kSlack;
    }
};

// What the layout depends on besides the size: measured text and what is shown.
struct TableInput {
    float width = 0;  // the panel
    float height = 0;
    float text_h = 16;   // a line of the regular font
    float small_h = 13;  // a line of the small font (plates' second line, badges, captions)
    int hand_size = 13;  // the most cards a hand holds
    std::array<float, 4> plate_w{};  // each seat's plate text (the wider of its two lines)
    float totals_w = 0;              // the widest line of the totals (two lines)
    float status_w = 0;              // the widest status line (two lines)
    std::array<float, 4> pass_w{};   // each seat's passed-cards line; 0: none
    float badge_w = 0;               // the widest value badge; 0: values not shown
    bool voids = false;              // the seat view: a line of known voids under each hand
};

struct TableLayout {
    Rect panel;
    // Where every part lies: the panel less a margin all round, clear of the felt's rounded
    // rim; the whole panel only where nothing would fit otherwise (lay_out_table).
    Rect inner;
    float card_w = 0;
    float card_h = 0;
    float step_across = 0;       // North and South: from one card's left edge to the next
    float step_down = 0;         // West and East: from one card's top edge to the next
    float raise = 0;             // how far a legal card of the player to play stands out
    bool fits = false;           // false: the panel is below the smallest table; drawn anyway
    std::array<Rect, 4> hands;   // the whole fan of 13, raised cards, badges, voids line
    std::array<Rect, 4> plates;  // name plate and the dealer button's place
    std::array<Rect, 4> passes;  // the passed-cards line; empty when none
    Rect trick;                  // the four cards of a trick and the caption under them
    Rect totals;
    Rect status;

    // The top left of card i of a hand of n, not raised; and the offset that raises it.
    Vec card_pos(Seat seat, int i, int n) const;
    Vec raised(Seat seat) const;
    // The width a fan of n cards across takes, its badges included.
    float across_span(int n) const;
    // Card i's value badge (of n), inside the hand's rectangle, apart from every other.
    Rect badge(Seat seat, int i, int n) const;
    // Where the voids line starts (seat view), by a hand of n cards, so that it stays by the
    // hand as the hand shortens: at the side seats just under its last card, at North and
    // South level with its first card.
    Vec voids_pos(Seat seat, int n) const;
    // The top left of a seat's card in the trick.
    Vec trick_card(Seat seat) const;
    // The caption under the trick ("previous trick, won by ...").
    Rect trick_caption() const;
    // The dealer button's centre and radius, inside the plate.
    Vec dealer_centre(Seat seat) const;
    float dealer_radius() const;

    float pad = 0;  // around a card: its shadow, the outline of a flagged card
    float plate_h = 0;
    float badge_h = 0;  // 0: no badges
    float badge_w = 0;
    int badge_rows = 0;   // North and South: badges staggered over this many rows
    float voids_h = 0;    // 0: no voids line
    float caption_h = 0;  // the trick's caption
};

// The card width tried runs from this many text heights down to kMinCardInText: 2.5 lines
// of 16 px text make a 40 px card whose corner index (0.34 of the width) is 13.6 px, the size
// of the small font, so a hand of 13 stays readable.
inline constexpr float kMaxCardInText = 6.0f;
inline constexpr float kMinCardInText = 2.5f;

TableLayout lay_out_table(const TableInput& in);
// For a panel below the smallest table: the layout of the smallest larger panel (the same
// shape, 5% steps, up to four times) that fits, for a panel that scrolls; the panel's own
// layout when it fits or nothing up to four times does.
TableLayout lay_out_scrolled(const TableInput& in);

// Every rectangle of the layout with the thing it belongs to ("N hand", "trick", ...): no two
// of different things may intersect, and every one lies inside the panel. A hand's badges
// belong to the hand (they lie inside its rectangle) and must not intersect each other.
struct LayoutPart {
    std::string thing;  // "N hand", "N plate", "N passes", "trick", "totals", "status"
    std::string what;   // the thing itself, or "badge 3" for one of its badges
    Rect rect;
};
std::vector<LayoutPart> layout_parts(const TableLayout& t, int hand_size);
// The first two parts of different things that intersect, or one outside the panel, as text
// for a message; empty when there is none.
std::string layout_problem(const TableLayout& t, int hand_size);

}  // namespace spadework::viewer
