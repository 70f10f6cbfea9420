#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>

#include "draw.h"
#include "panel_scores.h"

namespace spadework::viewer {

namespace {

// Rule sets are told apart by the line's pattern (the played rules solid, then dashed, then
// dotted); the sides by their colour, the same as everywhere else.
enum class Stroke { Solid, Dashed, Dotted };

Stroke stroke_of(std::size_t run) {
    return run == 0 ? Stroke::Solid : run % 2 == 1 ? Stroke::Dashed : Stroke::Dotted;
}

void stroke_line(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 colour, float thickness, Stroke st) {
    if (st == Stroke::Solid) {
        dl->AddLine(a, b, colour, thickness);
        return;
    }
    float dx = b.x - a.x;
    float dy = b.y - a.y;
    float len = std::sqrt(dx * dx + dy * dy);
    if (len <= 0) return;
    const float dash = st == Stroke::Dashed ? em(6) : em(2);
    const float gap = st == Stroke::Dashed ? em(5) : em(4);
    for (float t = 0; t < len; t += dash + gap) {
        float t2 = std::min(len, t + dash);
        dl->AddLine(ImVec2(a.x + dx * t / len, a.y + dy * t / len),
                    ImVec2(a.x + dx * t2 / len, a.y + dy * t2 / len), colour, thickness);
    }
}

// A round step for an axis from lo to hi with about `ticks` marks: 1, 2 or 5 times a power of
// ten.
double nice_step(double span, int ticks) {
    const double raw = std::max(span, 1e-9) / std::max(1, ticks);
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        if (m * p >= raw) return m * p;
    }
    return 10 * p;
}

// A plot's frame: the area inside the axes, and the hands along x (0 before the first hand,
// n after the n-th), shared by the score chart and the win chance so that they line up.
struct Frame {
    ImVec2 o;  // the plot area's top left
    float w = 0;
    float h = 0;
    std::size_t hands = 1;
    float x(double hand) const {
        return o.x + w * static_cast<float>(hand / static_cast<double>(hands));
    }
    ImVec2 end() const { return ImVec2(o.x + w, o.y + h); }
};

// Draws the background and the hand axis under a plot area of `height`, with `left` reserved
// for the value labels, and returns the frame; the caller draws the value axis.
Frame begin_plot(const Fonts& fonts, float left, float height, std::size_t hands) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImVec2 origin = ImGui::GetCursorScreenPos();
    const float w = ImGui::GetContentRegionAvail().x;
    const float axis_h = fonts.small->FontSize + em(4);
    Frame f;
    f.o = ImVec2(origin.x + left, origin.y + em(6));
    f.w = w - left - em(10);
    f.h = height - axis_h - em(6);
    f.hands = std::max<std::size_t>(1, hands);
    dl->AddRectFilled(origin, ImVec2(origin.x + w, origin.y + height), IM_COL32(24, 28, 30, 255),
                      em(4));
    // The hand axis: a tick and its number at every step of hands.
    const ImU32 axis = IM_COL32(150, 150, 150, 255);
    dl->AddLine(ImVec2(f.o.x, f.end().y), f.end(), axis, 1);
    const int step = static_cast<int>(std::max(1.0, nice_step(static_cast<double>(f.hands), 8)));
    for (std::size_t k = 0; k <= f.hands; k += static_cast<std::size_t>(step)) {
        const float x = f.x(static_cast<double>(k));
        dl->AddLine(ImVec2(x, f.end().y), ImVec2(x, f.end().y + em(3)), axis, 1);
        const std::string t = std::to_string(k);
        const ImVec2 ts = fonts.small->CalcTextSizeA(fonts.small->FontSize, FLT_MAX, 0, t.c_str());
        dl->AddText(fonts.small, fonts.small->FontSize, ImVec2(x - ts.x / 2, f.end().y + em(3)),
                    IM_COL32(200, 200, 200, 255), t.c_str());
    }
    ImGui::Dummy(ImVec2(w, height));
    return f;
}

// A value label right-aligned left of the plot area, with its grid line.
void value_tick(const Frame& f, const Fonts& fonts, float y, const std::string& text, ImU32 grid) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddLine(ImVec2(f.o.x, y), ImVec2(f.o.x + f.w, y), grid, 1);
    const ImVec2 ts = fonts.small->CalcTextSizeA(fonts.small->FontSize, FLT_MAX, 0, text.c_str());
    dl->AddText(fonts.small, fonts.small->FontSize, ImVec2(f.o.x - ts.x - em(4), y - ts.y / 2),
                IM_COL32(200, 200, 200, 255), text.c_str());
}

// A legend entry: a short line in the colour and stroke, then the text; on the same line as
// the entry before (`first`: none) when it fits there.
void legend_item(const char* text, ImU32 colour, Stroke st, bool first) {
    const float len = em(26);
    const float w = len + em(4) + ImGui::CalcTextSize(text).x;
    if (!first) {
        ImGui::SameLine(0, em(14));
        if (ImGui::GetContentRegionAvail().x < w) ImGui::NewLine();
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImVec2 p = ImGui::GetCursorScreenPos();
    const float y = p.y + ImGui::GetTextLineHeight() / 2;
    stroke_line(dl, ImVec2(p.x, y), ImVec2(p.x + len, y), colour, em(2.5f), st);
    ImGui::Dummy(ImVec2(len + em(4), ImGui::GetTextLineHeight()));
    ImGui::SameLine(0, 0);
    // Longer than a row (a side's long names): shortened with "…", whole on hover.
    text_fitted(text, ImGui::GetContentRegionAvail().x);
}

}  // namespace

std::vector<TargetSpan> target_spans(const ScoredGame& scored) {
    const std::size_t hands = std::max<std::size_t>(1, scored.hands.size());
    std::vector<TargetSpan> spans{{0, hands, scored.rules.target, false}};
    for (std::size_t i = 0; i + 1 < scored.hands.size(); ++i) {
        if (!scored.hands[i].tie_to_overtime) continue;
        spans.back().to_hand = i + 1;
        spans.push_back({i + 1, hands, scored.rules.overtime_target, true});
    }
    return spans;
}

namespace {

// The played rules' target over each set, at its height in points (`y_of` takes a share of
// the game's target), each labelled above its line (under it at the plot's top): "target 6",
// then "overtime target 3", shortened to what the set's width holds.
void target_lines(const Frame& f, const Fonts& fonts, const ScoredGame& played,
                  const std::function<float(double)>& y_of) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const std::vector<TargetSpan> spans = target_spans(played);
    const double game_target = std::max(1, played.rules.target);
    for (std::size_t k = 0; k < spans.size(); ++k) {
        const TargetSpan& s = spans[k];
        const bool last = k + 1 == spans.size();
        const float x0 = f.x(static_cast<double>(s.from_hand));
        const float x1 = last ? f.o.x + f.w : f.x(static_cast<double>(s.to_hand));
        const float y = y_of(s.target / game_target);
        dl->AddLine(ImVec2(x0, y), ImVec2(x1, y), colours::kGold, 1);
        // Where the target changes, a step between the two sets' lines.
        if (k > 0) {
            const float y_before = y_of(spans[k - 1].target / game_target);
            dl->AddLine(ImVec2(x0, y_before), ImVec2(x0, y), colours::kGold, 1);
        }
        // The label within its set.
        const float room = x1 - x0 - em(6);
        const std::string n = std::to_string(s.target);
        std::string label;
        for (const std::string& text :
             s.overtime ? std::vector<std::string>{"overtime target " + n, "overtime " + n, n}
                        : std::vector<std::string>{"target " + n, n}) {
            const float w =
                fonts.small->CalcTextSizeA(fonts.small->FontSize, FLT_MAX, 0, text.c_str()).x;
            if (w <= room || text == n) {
                label = text;
                break;
            }
        }
        const float label_y = y - fonts.small->FontSize - em(1) < f.o.y
                                  ? y + em(1)
                                  : y - fonts.small->FontSize - em(1);
        dl->AddText(fonts.small, fonts.small->FontSize, ImVec2(x0 + em(4), label_y), colours::kGold,
                    label.c_str());
    }
}

// The running scores of both sides under every rule set compared. Scores are drawn as a
// share of each rule set's target, so that a 500-point game and a 6-point one share the chart;
// the value axis is labelled in the played rule set's points, and the played rules' target is
// drawn over each set (an overtime set's own, target_lines).
void chart(const analyzer::Comparison& cmp, const RecordedGame& game, const Fonts& fonts,
           float height) {
    auto share = [](const analyzer::RuleSetRun& run, int score) {
        return static_cast<double>(score) / std::max(1, run.scored.rules.target);
    };
    double lo = 0;
    double hi = 1;
    std::size_t hands = 1;
    for (const auto& run : cmp.runs) {
        hands = std::max(hands, run.scored.hands.size());
        for (const auto& hr : run.scored.hands) {
            for (const auto& t : hr.after) {
                lo = std::min(lo, share(run, t.score));
                hi = std::max(hi, share(run, t.score));
            }
        }
    }
    const int target = std::max(1, cmp.runs.front().scored.rules.target);
    // An overtime set's target above the game's (a house rule) stays on the chart.
    for (const TargetSpan& s : target_spans(cmp.runs.front().scored)) {
        hi = std::max(hi, static_cast<double>(s.target) / target);
    }
    const float left =
        fonts.small->CalcTextSizeA(fonts.small->FontSize, FLT_MAX, 0, "-0000").x + em(8);
    Frame f = begin_plot(fonts, left, height, hands);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    auto y_of = [&](double v) {
        return f.o.y + f.h - f.h * static_cast<float>((v - lo) / (hi - lo));
    };
    // The value axis in the played rules' points, the target line marked.
    // As many values as fit two and a half lines apart (two to five).
    const int ticks = std::clamp(static_cast<int>(f.h / (2.5f * fonts.small->FontSize)), 2, 5);
    const double step = nice_step((hi - lo) * target, ticks);
    for (double v = std::ceil(lo * target / step) * step; v <= hi * target + 1e-9; v += step) {
        // Rounded first: a tick at zero computed as -0.0 must not read "-0".
        const long points = std::lround(v);
        value_tick(f, fonts, y_of(v / target), std::to_string(points),
                   points == 0 ? IM_COL32(120, 120, 120, 255) : IM_COL32(60, 64, 68, 255));
    }
    target_lines(f, fonts, cmp.runs.front().scored, y_of);
    for (std::size_t r = 0; r < cmp.runs.size(); ++r) {
        const auto& hands_r = cmp.runs[r].scored.hands;
        for (int team = 0; team < 2; ++team) {
            const ImU32 c = colours::team_colour(team);
            ImVec2 prev(f.x(0), y_of(0));
            for (std::size_t i = 0; i < hands_r.size(); ++i) {
                ImVec2 p(f.x(static_cast<double>(i + 1)),
                         y_of(share(cmp.runs[r], hands_r[i].after[team].score)));
                stroke_line(dl, prev, p, c, r == 0 ? em(2.5f) : em(1.8f), stroke_of(r));
                if (r == 0) dl->AddCircleFilled(p, em(3), c);
                prev = hands_r[i].tie_to_overtime ? ImVec2(p.x, y_of(0)) : p;
            }
        }
    }
    // The legend: the sides by colour (with their players), the rule sets by stroke.
    const std::string ns = fmt::format("N-S ({}, {})", game.players[0], game.players[2]);
    const std::string ew = fmt::format("E-W ({}, {})", game.players[1], game.players[3]);
    legend_item(ns.c_str(), colours::kNorthSouth, Stroke::Solid, true);
    legend_item(ew.c_str(), colours::kEastWest, Stroke::Solid, false);
    for (std::size_t r = 0; r < cmp.runs.size(); ++r) {
        legend_item(cmp.runs[r].label.c_str(), IM_COL32(200, 200, 200, 255), stroke_of(r), r == 0);
    }
    if (cmp.runs.size() > 1) text_note("other rule sets drawn as a share of their own target");
}

// A side's largest fall when it is worth a mark: a point of chance or more (a fall of a tenth
// of a point would read "80% to 80%").
std::optional<std::pair<int, double>> marked_fall(const std::vector<HandChance>& series,
                                                  Team side) {
    auto fall = largest_fall(series, side);
    if (fall && fall->second < 0.01) return std::nullopt;
    return fall;
}

// North-South's chance to win the game over the game, like a chess analysis board's
// evaluation graph: above the middle line North-South are ahead, below East-West. The hands
// where each side's chance fell most are marked; a click on the graph selects that hand.
void chance_graph(Model& model, const WinChanceView& wc, const Fonts& fonts, float height) {
    // Whose chance: North-South's (East-West's is the rest), the line's colour the side ahead.
    ImGui::TextWrapped("North-South's chance to win the game (East-West's is the rest)");
    if (wc.status == WinChanceView::Status::Refused) {
        text_note("No win-chance table for these rules: " + wc.reason);
        return;
    }
    if (wc.status != WinChanceView::Status::Ready) {
        text_note(
            "computing the win-chance table\u2026 (the first time for a rule set: up to "
            "half a minute)");
        return;
    }
    if (wc.hands.empty()) {
        text_note("no hand scored yet");
        return;
    }
    const float left =
        fonts.small->CalcTextSizeA(fonts.small->FontSize, FLT_MAX, 0, "100%").x + em(8);
    Frame f = begin_plot(fonts, left, height, wc.hands.size());
    ImDrawList* dl = ImGui::GetWindowDrawList();
    auto y_of = [&](double p) { return f.o.y + f.h - f.h * static_cast<float>(p); };
    for (double p : {0.0, 0.25, 0.5, 0.75, 1.0}) {
        value_tick(f, fonts, y_of(p), fmt::format("{:.0f}%", p * 100),
                   p == 0.5 ? IM_COL32(130, 130, 130, 255) : IM_COL32(60, 64, 68, 255));
    }
    // The selected hand, shaded.
    const int sel = model.hand();
    if (sel < static_cast<int>(f.hands)) {
        dl->AddRectFilled(ImVec2(f.x(sel), f.o.y), ImVec2(f.x(sel + 1), f.o.y + f.h),
                          IM_COL32(255, 255, 255, 28));
    }
    // Each hand from its start to its end, filled towards the middle in the side ahead's
    // colour (translucent), the line itself on top.
    const float mid = y_of(0.5);
    for (const HandChance& c : wc.hands) {
        const float x0 = f.x(c.hand);
        const float x1 = f.x(c.hand + 1);
        const ImVec2 a(x0, y_of(c.start));
        const ImVec2 b(x1, y_of(c.end));
        for (int team = 0; team < 2; ++team) {
            // Clipped to the side's half: above the middle for N-S, below for E-W.
            const float ya = team == 0 ? std::min(a.y, mid) : std::max(a.y, mid);
            const float yb = team == 0 ? std::min(b.y, mid) : std::max(b.y, mid);
            const ImU32 fill = (colours::team_colour(team) & 0x00FFFFFFu) | (90u << 24);
            dl->AddQuadFilled(ImVec2(x0, mid), ImVec2(x0, ya), ImVec2(x1, yb), ImVec2(x1, mid),
                              fill);
        }
        dl->AddLine(a, b, IM_COL32(235, 235, 235, 255), em(2));
    }
    // The largest fall of each side: a marker at the hand's end in the side's colour.
    for (Team side : {Team::NS, Team::EW}) {
        if (auto fall = marked_fall(wc.hands, side)) {
            const HandChance& c = wc.hands[static_cast<std::size_t>(fall->first)];
            const ImVec2 p(f.x(c.hand + 1), y_of(c.end));
            dl->AddCircleFilled(p, em(5), colours::team_colour(index(side)));
            dl->AddCircle(p, em(5), IM_COL32(20, 20, 20, 255), 0, em(1.5f));
        }
    }
    // Hover: the hand's figures; click: select it.
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    if (ImGui::IsWindowHovered() && mouse.x >= f.o.x && mouse.x < f.o.x + f.w && mouse.y >= f.o.y &&
        mouse.y <= f.o.y + f.h) {
        const int h =
            std::clamp(static_cast<int>((mouse.x - f.o.x) / f.w * static_cast<float>(f.hands)), 0,
                       static_cast<int>(wc.hands.size()) - 1);
        const HandChance& c = wc.hands[static_cast<std::size_t>(h)];
        ImGui::SetTooltip("hand %d: North-South %.0f%% \u2192 %.0f%%\nclick to open the hand",
                          h + 1, c.start * 100, c.end * 100);
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) model.select_hand(h);
    }
    // The same marks as buttons, with what happened.
    for (Team side : {Team::NS, Team::EW}) {
        auto fall = marked_fall(wc.hands, side);
        if (!fall) continue;
        const HandChance& c = wc.hands[static_cast<std::size_t>(fall->first)];
        const double from = side == Team::NS ? c.start : 1 - c.start;
        const double to = side == Team::NS ? c.end : 1 - c.end;
        ImGui::PushID(static_cast<int>(index(side)));
        ImGui::PushStyleColor(ImGuiCol_Text,
                              ImGui::ColorConvertU32ToFloat4(colours::team_colour(index(side))));
        const std::string label = fmt::format("hand {}", c.hand + 1);
        if (ImGui::SmallButton(label.c_str())) model.select_hand(c.hand);
        ImGui::PopStyleColor();
        ImGui::SameLine();
        ImGui::TextWrapped("%s's largest fall: %.0f%% to %.0f%%", side == Team::NS ? "N-S" : "E-W",
                           from * 100, to * 100);
        ImGui::PopID();
    }
}

// A side's running score after a hand under one rule set: "33 (+22) 3b!", the hand's points
// in brackets, the bags, "!" for a bag penalty, "tie" when the hand tied into overtime.
std::string score_cell(const ScoredGame& s, int h, Team t) {
    const HandRecord& hr = s.hands[static_cast<std::size_t>(h)];
    const TeamHandScore& ts = hr.score[t];
    // The hand's points as every list writes a change: "+5", "-3", "0" (never "+0").
    std::string cell = fmt::format("{} ({})", hr.after[index(t)].score, signed_number(ts.delta));
    if (s.rules.counts_bags()) cell += fmt::format(" {}b", hr.after[index(t)].bags);
    if (ts.bag_penalties) cell += "!";
    if (hr.tie_to_overtime && t == Team::EW) cell += " tie";
    return cell;
}

// The sheet's rows as ImGui lays them out: the header and the end a line each, a hand two.
struct SheetRows {
    float header, hand, end;
    SheetRows() {
        const ImGuiStyle& style = ImGui::GetStyle();
        const float line = ImGui::GetTextLineHeight();
        header = line + 2 * style.CellPadding.y;
        hand = 2 * line + style.ItemSpacing.y + 2 * style.CellPadding.y;
        end = header;
    }
    // All of them, for `hands` hands.
    float all(int hands) const { return header + hand * static_cast<float>(hands) + end + 1; }
    // A height that scrolls: the header and as many whole hands as fit in `h`, so that the last
    // one shown is not cut in half.
    float whole(float h) const {
        return header + hand * std::max(1.0f, std::floor((h - header) / hand)) + 1;
    }
};

// The score sheet: a row per hand with NS above EW, a column per rule set. One column per
// rule set (not one per side) keeps the sheet inside the side panel at 1280x720 with two
// rule sets; more scroll sideways.
void draw_sheet(const Model& model, const analyzer::Comparison& cmp, float sheet_h) {
    const std::size_t runs = cmp.runs.size();
    ImGuiTableFlags tf = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                         ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX |
                         ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("sheet", static_cast<int>(2 + runs), tf, ImVec2(0, sheet_h))) return;
    ImGui::TableSetupScrollFreeze(2, 1);
    ImGui::TableSetupColumn("hand");
    ImGui::TableSetupColumn("side");
    for (const auto& run : cmp.runs) ImGui::TableSetupColumn(run.label.c_str());
    ImGui::TableHeadersRow();
    for (int h = 0; h < cmp.hands_recorded; ++h) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::Text("%d", h + 1);
        if (h == model.hand()) {
            ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(40, 90, 60, 160));
        }
        ImGui::TableSetColumnIndex(1);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::kNorthSouth), "NS");
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::kEastWest), "EW");
        for (std::size_t r = 0; r < runs; ++r) {
            const ScoredGame& s = cmp.runs[r].scored;
            ImGui::TableSetColumnIndex(static_cast<int>(2 + r));
            if (h >= static_cast<int>(s.hands.size())) {
                ImGui::TextDisabled(s.result ? "over" : "-");
                continue;
            }
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::kNorthSouth), "%s",
                               score_cell(s, h, Team::NS).c_str());
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::kEastWest), "%s",
                               score_cell(s, h, Team::EW).c_str());
        }
    }
    // Where each rule set ended the game.
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted("end");
    for (std::size_t r = 0; r < runs; ++r) {
        ImGui::TableSetColumnIndex(static_cast<int>(2 + r));
        const ScoredGame& s = cmp.runs[r].scored;
        if (s.result) {
            const GameResult& g = *s.result;
            ImGui::Text("%s, hand %zu",
                        g.winner ? (std::string(team_name(*g.winner)) + " win").c_str() : "drawn",
                        s.hands.size());
        } else {
            ImGui::TextDisabled("not over");
        }
    }
    ImGui::EndTable();
}

}  // namespace

void ScoresPanel::draw(const PanelContext& ctx) {
    Model& model = ctx.model;
    UiState& ui = ctx.ui;
    const analyzer::Comparison* cmp = model.comparison();
    if (!model.game() || !cmp) {
        ImGui::TextDisabled("No game selected.");
        return;
    }
    // The rule sets compared: remove with a click, add by name or file. The score keeper
    // compares the same ones.
    std::vector<std::string> rules = model.compare_rules();
    if (rule_set_chooser(rules, add_rules_, sizeof add_rules_)) {
        model.set_compare_rules(rules);
        if (ctx.keeper) ctx.keeper->set_compare_rules(rules);
        return;
    }

    model.request_win_chance();
    // The sheet as tall as its rows, leaving the charts their smallest; what is left is shared
    // by the charts. Below the smallest sizes the tab scrolls.
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const SheetRows rows;
    const float rows_h = rows.all(cmp->hands_recorded);
    const float text_lines = 8 * line;  // the notes, the legend, the graph's title and marks
    const float min_charts = em(110) + em(90);
    const float avail = ImGui::GetContentRegionAvail().y;
    float sheet_h = std::clamp(avail - text_lines - min_charts, std::min(rows_h, 6 * line), rows_h);
    if (sheet_h < rows_h) sheet_h = rows.whole(sheet_h);
    draw_sheet(model, *cmp, sheet_h);
    text_note("score (hand's points), b: bags, !: bag penalty");
    // A score sheet: what a rule set scores from the cards, which the sheet does not have.
    for (const analyzer::RuleSetRun& run : cmp->runs) {
        for (const std::string& gap : run.scored.not_scored) text_note(run.label + ": " + gap);
    }
    const float left = std::max(0.0f, ImGui::GetContentRegionAvail().y - text_lines + line);
    chart(*cmp, *model.game(), ui.fonts, std::clamp(left * 0.55f, em(110), em(220)));
    ImGui::Separator();
    chance_graph(model, model.win_chance(), ui.fonts, std::clamp(left * 0.45f, em(90), em(180)));
}

}  // namespace spadework::viewer
