// The win-chance table as a picture (winchance.h, winchance_image): a heat map with its axes,
// their scores, a title and a legend, drawn with the hand pictures' canvas.
#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "picture_canvas.h"
#include "spadework/analyzer/team_colours.h"
#include "spadework/analyzer/text.h"
#include "spadework/analyzer/winchance.h"

namespace spadework::analyzer {
namespace {

using picture::Canvas;
using picture::Rgb;
using picture::Weight;

// The heat map's side in pixels, at least: small tables (Paperless: 6 x 6) get large cells.
constexpr int kMinMapSide = 480;
constexpr double kFont = 15;       // labels
constexpr double kTitleFont = 17;  // the title
constexpr int kMargin = 16;        // around everything
constexpr int kTick = 5;           // a tick mark's length
constexpr int kBarWidth = 22;      // the legend's colour bar
constexpr Rgb kInk{30, 30, 35};
constexpr Rgb kWhite{255, 255, 255};

// White at even chances, turning to North-South's colour as their chance rises to 1 and to
// East-West's as it falls to 0: the partnerships' colours everywhere (team_colours.h).
Rgb colour(double chance) {
    const double t = std::clamp(std::abs(2 * chance - 1), 0.0, 1.0);
    const TeamRgb& side = kTeamRgb[chance >= 0.5 ? 0 : 1];
    auto mix = [t](std::uint8_t to) {
        return static_cast<std::uint8_t>(std::lround(255 + (to - 255) * t));
    };
    return {mix(side.r), mix(side.g), mix(side.b)};
}

// A round step between labelled scores, so that about six labels fit the span.
int label_step(int span) {
    for (int step : {1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000}) {
        if (span / step <= 7) return step;
    }
    return 2000;
}

// The squares of the map: where bags are the score's last digit, each square is a run of
// `modulus` scores drawn at its score without bags (a multiple of the modulus): drawn score by
// score, the bag digits' saw-tooth hides the picture.
struct MapGrid {
    int first = 0;  // the score of the first square
    int step = 1;   // scores per square
    int n = 0;      // squares per side
    int cell = 1;   // pixels per square
    int side() const { return n * cell; }
    // The pixel offset, from the map's low edge, of a score's square's middle.
    double offset(int score) const {
        return (static_cast<double>(score - first) / step + 0.5) * cell;
    }
};

MapGrid grid_of(const WinChanceTable& table) {
    MapGrid g;
    g.step = table.modulus();
    g.first = (table.low() + (table.low() < 0 ? 0 : g.step - 1)) / g.step * g.step;
    g.n = std::max(1, (table.target() - g.first + g.step - 1) / g.step);
    g.cell = std::max(1, (kMinMapSide + g.n - 1) / g.n);
    return g;
}

// The squares, and a black line where the chance crosses 50%, the map's top-left at (x0, y0).
void draw_map(Canvas& c, const WinChanceTable& table, Seat dealer, const MapGrid& g, int x0,
              int y0) {
    auto at = [&](int i, int j) {
        return table.chance(g.first + g.step * i, g.first + g.step * j, dealer);
    };
    auto above = [&](int i, int j) { return at(i, j) >= 0.5; };
    const int line = std::clamp(g.cell / 6, 1, 3);
    for (int j = 0; j < g.n; ++j) {
        const int y = y0 + (g.n - 1 - j) * g.cell;  // East-West's score, top row highest
        for (int i = 0; i < g.n; ++i) {
            const int x = x0 + i * g.cell;
            c.box(x, y, g.cell, g.cell, colour(at(i, j)), kWhite, 0);
            if (i + 1 < g.n && above(i, j) != above(i + 1, j)) {
                c.box(x + g.cell - line, y, line, g.cell, kInk, kInk, 0);
            }
            if (j + 1 < g.n && above(i, j) != above(i, j + 1)) {
                c.box(x, y, g.cell, line, kInk, kInk, 0);
            }
        }
    }
    c.box(x0 - 1, y0 - 1, g.side() + 2, 1, kInk, kInk, 0);
    c.box(x0 - 1, y0 + g.side(), g.side() + 2, 1, kInk, kInk, 0);
    c.box(x0 - 1, y0 - 1, 1, g.side() + 2, kInk, kInk, 0);
    c.box(x0 + g.side(), y0 - 1, 1, g.side() + 2, kInk, kInk, 0);
}

// The scores along both axes: ticks and labels every label_step, North-South's below the
// map, East-West's to its left.
void draw_axes(Canvas& c, const MapGrid& g, int x0, int y0) {
    const int last = g.first + g.step * (g.n - 1);
    const int step = std::max(g.step, label_step(last - g.first));
    const int from = (g.first + (g.first < 0 ? 0 : step - 1)) / step * step;
    for (int s = from; s <= last; s += step) {
        const std::string label = fmt::format("{}", s);
        const double w = picture::text_width(label, kFont, Weight::Regular);
        const double x = x0 + g.offset(s);
        c.box(x, y0 + g.side(), 1, kTick, kInk, kInk, 0);
        c.text(label, x - w / 2, y0 + g.side() + kTick + kFont + 2, kFont, Weight::Regular, kInk);
        const double y = y0 + g.side() - g.offset(s);
        c.box(x0 - kTick, y, kTick, 1, kInk, kInk, 0);
        c.text(label, x0 - kTick - 4 - w, y + kFont * 0.35, kFont, Weight::Regular, kInk);
    }
}

// The colour bar from 0% (bottom) to 100%, with its labels and the 50% line's meaning.
void draw_legend(Canvas& c, int x0, int y0, int height) {
    for (int py = 0; py < height; ++py) {
        const double chance = 1.0 - static_cast<double>(py) / (height - 1);
        c.box(x0, y0 + py, kBarWidth, 1, colour(chance), kWhite, 0);
    }
    for (int pct = 0; pct <= 100; pct += 25) {
        const double y = y0 + (height - 1) * (1.0 - pct / 100.0);
        c.box(x0 + kBarWidth, y, kTick, 1, kInk, kInk, 0);
        c.text(fmt::format("{}%", pct), x0 + kBarWidth + kTick + 4, y + kFont * 0.35, kFont,
               Weight::Regular, kInk);
    }
    c.box(x0, y0 + height / 2, kBarWidth, 2, kInk, kInk, 0);
}

// The rule set as a reader knows it: the preset's rules by name ("Classic Spades, Joe Andrews'
// rules"), with the changes spelled after it.
std::string rules_title(const RuleSet& rules) {
    // spell_rules: "preset key=value ...", the preset always one (classic for a rule set of
    // another name).
    const std::string spelled = spell_rules(rules);
    const std::size_t space = spelled.find(' ');
    const std::string_view source = preset_info(spelled.substr(0, space)).source;
    if (space == std::string::npos) return std::string(source);
    return fmt::format("{}, with {}", source, spelled.substr(space + 1));
}

}  // namespace

WinChanceImage winchance_image(const WinChanceTable& table, Seat dealer) {
    const MapGrid g = grid_of(table);
    const std::string title =
        fmt::format("North-South's chance to win, {} deals", seat_name(dealer));
    const std::string rules_line = rules_title(table.rules());
    const std::string x_title = "North-South's score";
    const std::string y_title = "East-West's score";
    const std::string line_note =
        g.step > 1 ? fmt::format(
                         "Black line: even chances. A square spans {} points, drawn "
                         "with no bags.",
                         g.step)
                   : std::string("Black line: even chances.");
    const double label_w = picture::text_width(fmt::format("{}", g.first), kFont, Weight::Regular);
    const int left =
        kMargin + static_cast<int>(std::ceil(std::max(
                      label_w + kTick + 4, picture::text_width(y_title, kFont, Weight::Bold) / 2)));
    // Baselines: the title, the rules, the note, East-West's axis title; then the map.
    const double title_y = kMargin + kTitleFont;
    const double rules_y = title_y + kFont * 1.6;
    const double note_y = rules_y + kFont * 1.5;
    const double y_title_y = note_y + kFont * 2;
    const int top = static_cast<int>(y_title_y + kFont);
    const int legend_w =
        kBarWidth + kTick + 4 +
        static_cast<int>(std::ceil(picture::text_width("100%", kFont, Weight::Regular)));
    double text_w = std::max(picture::text_width(title, kTitleFont, Weight::Bold),
                             picture::text_width(rules_line, kFont, Weight::Regular));
    text_w = std::max(text_w, picture::text_width(line_note, kFont, Weight::Regular));
    const int width = std::max(left + g.side() + 3 * kMargin + legend_w,
                               kMargin * 2 + static_cast<int>(std::ceil(text_w)));
    const int height = top + g.side() + static_cast<int>(kFont * 4) + kMargin;
    Canvas c(width, height, kWhite);
    c.text(title, kMargin, title_y, kTitleFont, Weight::Bold, kInk);
    c.text(rules_line, kMargin, rules_y, kFont, Weight::Regular, kInk);
    c.text(line_note, kMargin, note_y, kFont, Weight::Regular, kInk);
    c.text(y_title,
           std::max<double>(kMargin, left - picture::text_width(y_title, kFont, Weight::Bold) / 2),
           y_title_y, kFont, Weight::Bold, kInk);
    draw_map(c, table, dealer, g, left, top);
    draw_axes(c, g, left, top);
    const double x_title_w = picture::text_width(x_title, kFont, Weight::Bold);
    c.text(x_title, left + (g.side() - x_title_w) / 2, top + g.side() + kTick + kFont * 2.8, kFont,
           Weight::Bold, kInk);
    draw_legend(c, left + g.side() + 2 * kMargin, top, g.side());
    return {RgbImage{c.width(), c.height(), c.pixels()}, left, top, g.side()};
}

}  // namespace spadework::analyzer
