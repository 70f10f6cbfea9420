#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "draw.h"
#include "panel_scores.h"

namespace spadework::viewer {

namespace {

// Colours of the rule sets in the chart: NS in the full colour, EW lighter and dashed.
constexpr ImU32 kRunColours[] = {IM_COL32(90, 200, 120, 255), IM_COL32(90, 160, 240, 255),
                                 IM_COL32(240, 170, 60, 255), IM_COL32(220, 100, 200, 255)};

ImU32 run_colour(std::size_t i) {
    return kRunColours[i % std::size(kRunColours)];
}

// A dashed line for EW: short segments along the path.
void dashed(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 colour, float thickness) {
    float dx = b.x - a.x;
    float dy = b.y - a.y;
    float len = std::sqrt(dx * dx + dy * dy);
    const float dash = 6;
    for (float t = 0; t < len; t += 2 * dash) {
        float t2 = std::min(len, t + dash);
        dl->AddLine(ImVec2(a.x + dx * t / len, a.y + dy * t / len),
                    ImVec2(a.x + dx * t2 / len, a.y + dy * t2 / len), colour, thickness);
    }
}

void chart(const analyzer::Comparison& cmp, const Fonts& fonts) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImVec2 origin = ImGui::GetCursorScreenPos();
    float w = ImGui::GetContentRegionAvail().x;
    float h = std::clamp(ImGui::GetContentRegionAvail().y - 8, 120.0f, 220.0f);
    ImVec2 end(origin.x + w, origin.y + h);
    dl->AddRectFilled(origin, end, IM_COL32(24, 28, 30, 255), 4);
    // Scores as a share of each rule set's target, so that 500-point classic and 6-point
    // Paperless share one chart; each run starts at 0 before hand 1.
    auto share = [](const analyzer::RuleSetRun& run, int score) {
        return static_cast<float>(score) / static_cast<float>(std::max(1, run.scored.rules.target));
    };
    float lo = 0;
    float hi = 1;
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
    const float left = 44;
    const float pad = 10;
    auto at = [&](std::size_t hand, float score) {
        float x = origin.x + left +
                  (w - left - pad) * static_cast<float>(hand) / static_cast<float>(hands);
        float y = end.y - pad - (h - 2 * pad) * (score - lo) / (hi - lo);
        return ImVec2(x, y);
    };
    // The zero line, the target line and the axis labels.
    dl->AddLine(at(0, 0), at(hands, 0), IM_COL32(120, 120, 120, 255), 1);
    dl->AddLine(at(0, 1), at(hands, 1), IM_COL32(200, 180, 90, 160), 1);
    dl->AddText(fonts.small, fonts.small->FontSize, ImVec2(origin.x + 4, at(0, 1).y - 7),
                IM_COL32(220, 200, 120, 255), "target");
    dl->AddText(fonts.small, fonts.small->FontSize, ImVec2(origin.x + 4, at(0, 0).y - 7),
                IM_COL32(200, 200, 200, 255), "0");
    for (std::size_t r = 0; r < cmp.runs.size(); ++r) {
        const auto& hands_r = cmp.runs[r].scored.hands;
        for (int team = 0; team < 2; ++team) {
            ImVec2 prev = at(0, 0);
            for (std::size_t i = 0; i < hands_r.size(); ++i) {
                ImVec2 p = at(i + 1, share(cmp.runs[r], hands_r[i].after[team].score));
                if (team == 0) {
                    dl->AddLine(prev, p, run_colour(r), 2.5f);
                } else {
                    dashed(dl, prev, p, run_colour(r), 2.0f);
                }
                dl->AddCircleFilled(p, 3, run_colour(r));
                prev = hands_r[i].tie_to_overtime ? at(i + 1, 0) : p;
            }
        }
    }
    ImGui::Dummy(ImVec2(w, h));
    for (std::size_t r = 0; r < cmp.runs.size(); ++r) {
        if (r) ImGui::SameLine();
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(run_colour(r)));
        ImGui::Text("%s", cmp.runs[r].label.c_str());
        ImGui::PopStyleColor();
    }
    text_note("NS solid, EW dashed; scores as a share of each target");
}

// A side's running score after a hand under one rule set: "33 (+22) 3b!", the hand's points
// in brackets, the bags, "!" for a bag penalty, "tie" when the hand tied into overtime.
std::string score_cell(const ScoredGame& s, int h, Team t) {
    const HandRecord& hr = s.hands[static_cast<std::size_t>(h)];
    const TeamHandScore& ts = hr.score[t];
    std::string cell = fmt::format("{} ({:+d})", hr.after[index(t)].score, ts.delta);
    if (s.rules.counts_bags()) cell += fmt::format(" {}b", hr.after[index(t)].bags);
    if (ts.bag_penalties) cell += "!";
    if (hr.tie_to_overtime && t == Team::EW) cell += " tie";
    return cell;
}

// The score sheet: a row per hand with NS above EW, a column per rule set. One column per
// rule set (not one per side) keeps the sheet inside the side panel at 1280x720 with two
// rule sets; more scroll sideways.
void draw_sheet(const Model& model, const analyzer::Comparison& cmp) {
    const std::size_t runs = cmp.runs.size();
    ImGuiTableFlags tf = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                         ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX |
                         ImGuiTableFlags_SizingFixedFit;
    float sheet_h = std::max(ImGui::GetTextLineHeight() * 8,
                             ImGui::GetContentRegionAvail().y - ImGui::GetTextLineHeight() * 18);
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
        ImGui::TextDisabled("NS\nEW");
        for (std::size_t r = 0; r < runs; ++r) {
            const ScoredGame& s = cmp.runs[r].scored;
            ImGui::TableSetColumnIndex(static_cast<int>(2 + r));
            if (h >= static_cast<int>(s.hands.size())) {
                ImGui::TextDisabled(s.result ? "over" : "-");
                continue;
            }
            const std::string cells =
                score_cell(s, h, Team::NS) + "\n" + score_cell(s, h, Team::EW);
            ImGui::TextUnformatted(cells.c_str());
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
    // The rule sets compared: remove with a click, add by name or file.
    std::vector<std::string> rules = model.compare_rules();
    for (std::size_t i = 0; i < rules.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        if (i) ImGui::SameLine();
        if (ImGui::SmallButton(fmt::format("{}  x", rules[i]).c_str())) {
            rules.erase(rules.begin() + static_cast<std::ptrdiff_t>(i));
            model.set_compare_rules(rules);
            ImGui::PopID();
            return;
        }
        ImGui::PopID();
    }
    ImGui::SetNextItemWidth(-60);
    bool enter = ImGui::InputTextWithHint("##addrules", "preset or rule set file", add_rules_,
                                          sizeof add_rules_, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if ((ImGui::Button("Add") || enter) && add_rules_[0]) {
        rules.emplace_back(add_rules_);
        add_rules_[0] = 0;
        model.set_compare_rules(rules);
    }

    draw_sheet(model, *cmp);
    text_note("score (hand's points), b: bags, !: bag penalty");
    chart(*cmp, ui.fonts);
}

}  // namespace spadework::viewer
