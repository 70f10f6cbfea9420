// A hand as a picture, SVG and PNG. The content (hand_content.h) is laid out once as boxes
// and text measured with the font (Scene); SVG writes the scene as it is, PNG draws it with
// the software canvas. HTML lays the same content out with CSS (hand_picture_html.cpp).
#include "spadework/analyzer/hand_picture.h"

#include <fmt/core.h>
#include <stb_image_write.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>

#include "hand_content.h"
#include "picture_canvas.h"
#include "spadework/analyzer/text.h"
#include "spadework/formats/dates.h"

namespace spadework::analyzer {

using picture::Rgb;
using picture::Weight;

namespace {

std::string suit_cards(CardSet hand, Suit suit) {
    std::string out;
    for (int r = kHighestRank; r >= kLowestRank; --r) {
        if (hand.contains(Card(static_cast<Rank>(r), suit))) {
            out += (out.empty() ? "" : " ") + rank_text(static_cast<Rank>(r));
        }
    }
    return out.empty() ? "—" : out;
}

std::string join(const std::vector<std::string>& parts, std::string_view between) {
    std::string out;
    for (const std::string& p : parts) {
        if (!p.empty()) out += (out.empty() ? "" : std::string(between)) + p;
    }
    return out;
}

std::vector<std::string> result_lines(const RecordedGame& game, int hand,
                                      const std::optional<HandOutcome>& outcome,
                                      const HandState& state) {
    const ScoredGame scored = score_game(game, game.rules);
    if (!outcome) {
        return {fmt::format("Unfinished: {} of {} played.",
                            count_of(state.tricks_played(), "trick"), game.rules.hand_size())};
    }
    if (static_cast<std::size_t>(hand) >= scored.hands.size()) {
        return {"Not scored: the game had ended before this hand."};
    }
    const HandRecord& record = scored.hands[static_cast<std::size_t>(hand)];
    std::vector<std::string> lines;
    for (Team t : kAllTeams) {
        const TeamHandScore& team = record.score[t];
        auto [a, b] = members(t);
        auto name = [&](Seat s) {
            const std::string& n = game.players[index(s)];
            return n.empty() ? seat_letter(s) : n;
        };
        lines.push_back(fmt::format("{} ({} & {}): bid {}, took {}: {} → {} ({})", team_name(t),
                                    name(a), name(b), team.bid, team.tricks,
                                    signed_number(team.delta), team.after.score,
                                    count_of(team.after.bags, "bag")));
        std::vector<std::string> items;
        for (const ScoreItem& item : team.items) {
            items.push_back(fmt::format("{} {}", item.text, signed_number(item.points)));
        }
        if (!items.empty()) lines.push_back("    " + join(items, "; "));
    }
    return lines;
}

}  // namespace

HandContent read_hand_content(const RecordedGame& game, int hand) {
    const RecordedHand& h = game.hands.at(static_cast<std::size_t>(hand));
    const HandState state = replay_hand(game.rules, h, hand);
    const std::optional<HandOutcome> outcome = outcome_of(state, h.claim);
    HandContent c;
    c.heading = join(
        {game.event, game.site, formats::shown_date(game.date), "rules " + spell_rules(game.rules)},
        " · ");
    c.subheading =
        fmt::format("Hand {} of {} · dealer {}", hand + 1, game.hands.size(), seat_name(h.dealer));
    for (Seat s : kAllSeats) {
        SeatBlock& block = c.seats[index(s)];
        block.title = join({std::string(seat_name(s)), game.players[index(s)]}, " · ");
        if (s == h.dealer) block.title += " (dealer)";
        for (std::size_t k = 0; k < std::size(kAllSuits); ++k) {
            block.suits[k] = suit_cards(state.held_at_play(s), kAllSuits[k]);
        }
    }
    for (int i = 0; i < 4; ++i) {
        const Seat s = next(h.dealer, i + 1);
        const int tricks = outcome ? outcome->tricks[index(s)] : state.tricks_taken(s);
        c.bids.push_back({seat_letter(s),
                          static_cast<std::size_t>(i) < h.bids.size()
                              ? to_string(h.bids[static_cast<std::size_t>(i)])
                              : std::string("—"),
                          std::to_string(tricks)});
    }
    c.result = result_lines(game, hand, outcome, state);
    bool passed = false;
    for (Seat s : kAllSeats) {
        passed = passed || !h.passes[index(s)].empty() || !h.exchanges[index(s)].empty();
    }
    if (passed) c.note = "The hands as play began, after the cards passed.";
    return c;
}

namespace {

// ---- Step 2. The layout ----

namespace colour {
constexpr Rgb kPage{247, 247, 242};
constexpr Rgb kBox{255, 255, 255};
constexpr Rgb kEdge{150, 150, 140};
constexpr Rgb kTable{214, 233, 218};
constexpr Rgb kText{20, 20, 24};
constexpr Rgb kMuted{90, 90, 96};
constexpr Rgb kRed{200, 16, 32};
}  // namespace colour

struct Box {
    double x, y, w, h;
    Rgb fill;
};

struct Label {
    double x, baseline, size;
    Weight weight;
    Rgb colour;
    std::string text;
};

struct Scene {
    double width = 0;
    double height = 0;
    std::vector<Box> boxes;
    std::vector<Label> labels;
};

constexpr double kFont = 18;  // the text's size in the diagram's own pixels
constexpr double kLine = 1.45 * kFont;
constexpr double kPad = 0.6 * kFont;
constexpr double kGap = 0.9 * kFont;
constexpr double kMargin = 1.1 * kFont;
constexpr double kEdgeWidth = 1;
constexpr double kSmallestText = 7;  // pixels: below it, a picture is refused as unreadable

double width_of(const std::string& text, Weight weight = Weight::Regular, double size = kFont) {
    return picture::text_width(text, size, weight);
}

bool red(Suit s) {
    return s == Suit::Hearts || s == Suit::Diamonds;
}

// A seat's box at (x, y): its title, then a line per suit, the symbol in the suit's colour.
struct SeatBox {
    double w = 0;
    double h = 0;
    explicit SeatBox(const SeatBlock& block) {
        w = width_of(block.title, Weight::Bold);
        for (const std::string& cards : block.suits) {
            w = std::max(w, width_of("♠  ") + width_of(cards));
        }
        w += 2 * kPad;
        h = 2 * kPad + 5 * kLine;
    }
    void place(Scene& scene, const SeatBlock& block, double x, double y) const {
        scene.boxes.push_back({x, y, w, h, colour::kBox});
        double base = y + kPad + kFont;
        scene.labels.push_back({x + kPad, base, kFont, Weight::Bold, colour::kText, block.title});
        for (std::size_t k = 0; k < std::size(kAllSuits); ++k) {
            base += kLine;
            const Suit suit = kAllSuits[k];
            const Rgb ink = red(suit) ? colour::kRed : colour::kText;
            scene.labels.push_back(
                {x + kPad, base, kFont, Weight::Regular, ink, std::string(suit_symbol(suit))});
            scene.labels.push_back({x + kPad + width_of("♠  "), base, kFont, Weight::Regular,
                                    colour::kText, block.suits[k]});
        }
    }
};

// The middle of the table: each seat's bid and tricks, in the order they bid.
struct BidBox {
    std::array<double, 3> col{};
    double w = 0;
    double h = 0;
    explicit BidBox(const std::vector<BidRow>& rows) {
        col = {width_of("W", Weight::Bold), width_of("bid", Weight::Bold),
               width_of("tricks", Weight::Bold)};
        for (const BidRow& r : rows) {
            col[0] = std::max(col[0], width_of(r.seat, Weight::Bold));
            col[1] = std::max(col[1], width_of(r.bid));
            col[2] = std::max(col[2], width_of(r.tricks));
        }
        w = 2 * kPad + col[0] + col[1] + col[2] + 2 * kGap;
        h = 2 * kPad + static_cast<double>(rows.size() + 1) * kLine;
    }
    void place(Scene& scene, const std::vector<BidRow>& rows, double x, double y) const {
        scene.boxes.push_back({x, y, w, h, colour::kTable});
        const double c1 = x + kPad + col[0] + kGap;
        const double c2 = c1 + col[1] + kGap;
        double base = y + kPad + kFont;
        scene.labels.push_back({c1, base, kFont, Weight::Bold, colour::kMuted, "bid"});
        scene.labels.push_back({c2, base, kFont, Weight::Bold, colour::kMuted, "tricks"});
        for (const BidRow& r : rows) {
            base += kLine;
            scene.labels.push_back({x + kPad, base, kFont, Weight::Bold, colour::kText, r.seat});
            scene.labels.push_back({c1, base, kFont, Weight::Regular, colour::kText, r.bid});
            scene.labels.push_back({c2, base, kFont, Weight::Regular, colour::kText, r.tricks});
        }
    }
};

// The heading lines, the table (North above, West and East beside the bids, South below),
// then the result; every width measured, so the scene is as wide as its longest text.
Scene lay_out(const HandContent& c) {
    const SeatBox north(c.seats[index(Seat::North)]);
    const SeatBox east(c.seats[index(Seat::East)]);
    const SeatBox south(c.seats[index(Seat::South)]);
    const SeatBox west(c.seats[index(Seat::West)]);
    const BidBox bids(c.bids);
    const double middle_col = std::max({north.w, south.w, bids.w});
    const double table_w = west.w + kGap + middle_col + kGap + east.w;
    const double middle_row = std::max({west.h, bids.h, east.h});

    std::vector<std::pair<std::string, Weight>> head{{c.heading, Weight::Regular},
                                                     {c.subheading, Weight::Bold}};
    std::vector<std::string> foot = c.result;
    if (!c.note.empty()) foot.insert(foot.begin(), c.note);
    double content_w = table_w;
    for (const auto& [text, weight] : head) content_w = std::max(content_w, width_of(text, weight));
    for (const std::string& line : foot) content_w = std::max(content_w, width_of(line));

    Scene scene;
    scene.width = std::ceil(content_w + 2 * kMargin);
    double base = kMargin + kFont;
    for (const auto& [text, weight] : head) {
        scene.labels.push_back({kMargin, base, kFont, weight,
                                weight == Weight::Bold ? colour::kText : colour::kMuted, text});
        base += kLine;
    }
    const double left = kMargin + (content_w - table_w) / 2;
    const double mid_x = left + west.w + kGap;
    double y = base - kFont + kGap / 2;
    north.place(scene, c.seats[index(Seat::North)], mid_x + (middle_col - north.w) / 2, y);
    y += north.h + kGap;
    west.place(scene, c.seats[index(Seat::West)], left, y + (middle_row - west.h) / 2);
    bids.place(scene, c.bids, mid_x + (middle_col - bids.w) / 2, y + (middle_row - bids.h) / 2);
    east.place(scene, c.seats[index(Seat::East)], mid_x + middle_col + kGap,
               y + (middle_row - east.h) / 2);
    y += middle_row + kGap;
    south.place(scene, c.seats[index(Seat::South)], mid_x + (middle_col - south.w) / 2, y);
    y += south.h + kGap;
    base = y + kFont;
    for (const std::string& line : foot) {
        scene.labels.push_back({kMargin, base, kFont, Weight::Regular, colour::kText, line});
        base += kLine;
    }
    scene.height = std::ceil(base - kLine + kMargin);
    return scene;
}

Scene scene_of(const RecordedGame& game, int hand) {
    return lay_out(read_hand_content(game, hand));
}

// Where the scene goes in a picture of `size`: scaled to fit, centred.
struct Fit {
    int width = 0;
    int height = 0;
    double scale = 1;
    double dx = 0;
    double dy = 0;
};

Fit fit(const Scene& scene, PictureSize size) {
    Fit f;
    if (size.natural()) {
        f.width = static_cast<int>(scene.width);
        f.height = static_cast<int>(scene.height);
        return f;
    }
    f.width = size.width;
    f.height = size.height;
    f.scale = std::min(size.width / scene.width, size.height / scene.height);
    f.dx = (size.width - scene.width * f.scale) / 2;
    f.dy = (size.height - scene.height * f.scale) / 2;
    return f;
}

void check_fit(const Scene& scene, PictureSize size) {
    if (fit(scene, size).scale * kFont >= kSmallestText) return;
    const double least = kSmallestText / kFont;
    throw Error(fmt::format(
        "{}x{} is too small for this hand: its text would be under {} pixels high; give at "
        "least {}x{} (the diagram is {}x{} at its own size, which leaving --size out gives)",
        size.width, size.height, kSmallestText, static_cast<int>(std::ceil(scene.width * least)),
        static_cast<int>(std::ceil(scene.height * least)), static_cast<int>(scene.width),
        static_cast<int>(scene.height)));
}

std::string hex(Rgb c) {
    return fmt::format("#{:02x}{:02x}{:02x}", c.r, c.g, c.b);
}

std::string svg_of(const Scene& scene, PictureSize size) {
    const Fit f = fit(scene, size);
    std::string out = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
        "viewBox=\"0 0 {} {}\" font-family=\"'DejaVu Sans', Verdana, sans-serif\">\n",
        f.width, f.height, scene.width, scene.height);
    out += fmt::format("<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                       scene.width, scene.height, hex(colour::kPage));
    for (const Box& b : scene.boxes) {
        out += fmt::format(
            "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" rx=\"4\" "
            "fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
            b.x, b.y, b.w, b.h, hex(b.fill), hex(colour::kEdge), kEdgeWidth);
    }
    for (const Label& l : scene.labels) {
        out += fmt::format(
            "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"{}\"{} fill=\"{}\" "
            "xml:space=\"preserve\">{}</text>\n",
            l.x, l.baseline, l.size, l.weight == Weight::Bold ? " font-weight=\"bold\"" : "",
            hex(l.colour), escape_markup(l.text));
    }
    out += "</svg>\n";
    return out;
}

RgbImage image_of(const Scene& scene, PictureSize size) {
    const Fit f = fit(scene, size);
    picture::Canvas canvas(f.width, f.height, colour::kPage);
    for (const Box& b : scene.boxes) {
        canvas.box(f.dx + b.x * f.scale, f.dy + b.y * f.scale, b.w * f.scale, b.h * f.scale, b.fill,
                   colour::kEdge, kEdgeWidth * std::max(1.0, f.scale));
    }
    for (const Label& l : scene.labels) {
        canvas.text(l.text, f.dx + l.x * f.scale, f.dy + l.baseline * f.scale, l.size * f.scale,
                    l.weight, l.colour);
    }
    return {canvas.width(), canvas.height(), canvas.pixels()};
}

}  // namespace

PictureSize natural_picture_size(const RecordedGame& game, int hand) {
    const Scene scene = scene_of(game, hand);
    return {static_cast<int>(scene.width), static_cast<int>(scene.height)};
}

void check_picture_size(const RecordedGame& game, int hand, PictureSize size) {
    if (!size.natural()) check_fit(scene_of(game, hand), size);
}

std::string hand_svg(const RecordedGame& game, int hand, PictureSize size) {
    const Scene scene = scene_of(game, hand);
    if (!size.natural()) check_fit(scene, size);
    return svg_of(scene, size);
}

RgbImage hand_image(const RecordedGame& game, int hand, PictureSize size) {
    const Scene scene = scene_of(game, hand);
    if (!size.natural()) check_fit(scene, size);
    return image_of(scene, size);
}

}  // namespace spadework::analyzer
