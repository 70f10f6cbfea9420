#include "replay_bar.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "wording.h"

namespace spadework::viewer {

std::vector<Command> ReplayBar::commands() const {
    auto on_model = [](void (*f)(Model&)) {
        return [f](const PanelContext& ctx) { f(ctx.model); };
    };
    return {
        {"card back", ImGuiKey_LeftArrow, "←", on_model([](Model& m) { m.step(-1); })},
        {"card forward", ImGuiKey_RightArrow, "→", on_model([](Model& m) { m.step(1); })},
        {"trick back", ImGuiKey_UpArrow, "↑", on_model([](Model& m) { m.step_trick(-1); })},
        {"trick forward", ImGuiKey_DownArrow, "↓", on_model([](Model& m) { m.step_trick(1); })},
        {"start of the hand", ImGuiKey_Home, "Home", on_model([](Model& m) { m.to_start(); })},
        {"end of the hand", ImGuiKey_End, "End", on_model([](Model& m) { m.to_end(); })},
        {"previous hand", ImGuiKey_PageUp, "Page Up",
         on_model([](Model& m) { m.select_hand(m.hand() - 1); })},
        {"next hand", ImGuiKey_PageDown, "Page Down",
         on_model([](Model& m) { m.select_hand(m.hand() + 1); })},
        {"autoplay", ImGuiKey_Space, "Space",
         [](const PanelContext& ctx) { ctx.ui.autoplay = !ctx.ui.autoplay; }},
        {"back to the record", ImGuiKey_COUNT, "", on_model([](Model& m) { m.leave_what_if(); })},
    };
}

namespace {

const char* const kButtons[] = {"|<", "<<", "<", "pause", ">", ">>", ">|"};

float button_w(const char* label) {
    return ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
}

float checkbox_w(const char* label) {
    return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
           ImGui::CalcTextSize(label).x;
}

// Where the replay stands: the hand, who plays, a flag on the next card.
std::string where_text(const Model& model) {
    const HandState& st = model.state();
    std::string where = fmt::format("Hand {} of {}", model.hand() + 1, model.game()->hands.size());
    if (st.phase() == Phase::Play) {
        where += fmt::format(" - {} to play", seat_name(st.to_act()));
    } else if (st.phase() == Phase::Done) {
        where += " - played out";
    }
    // The note names the next card and judges it double dummy: not in a seat's view, which
    // has hands face down.
    if (const auto* c = model.card_review();
        c && c->flag != analyzer::FlagClass::None && model.shows_whole_deal()) {
        where += " - " + next_card_note(*c);
    }
    return where;
}

// The note on the card just played, shown where it was played; empty for none.
std::string note_text(const Model& model) {
    const RecordedHand* rh = model.recorded_hand();
    const int last = model.position() - 1;
    if (!rh || model.in_what_if() || last < 0) return {};
    const Annotation* a = rh->annotation(Annotation::Target::Card, last);
    if (!a) return {};
    return fmt::format("{} {}: {}", to_string(rh->cards[last]), a->glyph, a->comment);
}

// The widest value each slider shows beside it.
constexpr const char* kWidestPosition = "card 52 of 52";
constexpr const char* kWidestSpeed = "3.0 s/card";

// A slider with its value beside it rather than on it, where the grab would cover the text
// as it passes: the slider itself shows nothing.
bool slider_beside(const char* id, int* value, int least, int most, float width,
                   const std::string& shown) {
    ImGui::SetNextItemWidth(width);
    bool changed = ImGui::SliderInt(id, value, least, most, "");
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::TextUnformatted(shown.c_str());
    return changed;
}

}  // namespace

// How the bar fits a width: the buttons and the position slider on the first row, the speed
// and the toggles beside them when there is room, else on a second row; then where the
// replay stands and the note, wrapped. The same plan sizes the bar (height) and draws it, so
// nothing is cut.
ReplayBar::Plan ReplayBar::plan(const PanelContext& ctx, float width) const {
    const ImGuiStyle& style = ImGui::GetStyle();
    const Model& model = ctx.model;
    Plan p;
    float buttons = 0;
    for (const char* b : kButtons) buttons += button_w(b) + style.ItemSpacing.x;
    auto beside = [&](const char* widest) {
        return style.ItemInnerSpacing.x + ImGui::CalcTextSize(widest).x;
    };
    p.speed_w = ImGui::CalcTextSize(kWidestSpeed).x + style.GrabMinSize;
    float toggles = p.speed_w + beside(kWidestSpeed) + checkbox_w("last trick") +
                    checkbox_w("values") + style.ItemSpacing.x * 3;
    if (model.in_what_if()) toggles += button_w("back to the record") + style.ItemSpacing.x;
    const float slider_min = ImGui::CalcTextSize(kWidestPosition).x + style.GrabMinSize;
    const float position = beside(kWidestPosition) + style.ItemSpacing.x;
    p.second_row = buttons + slider_min + position + toggles > width;
    p.slider_w = std::max(slider_min, width - buttons - position - (p.second_row ? 0 : toggles));
    p.where = model.game() ? where_text(model) : "No game selected.";
    p.note = model.game() ? note_text(model) : std::string();
    p.height = ImGui::GetFrameHeightWithSpacing() * (p.second_row ? 2.0f : 1.0f) +
               ImGui::CalcTextSize(p.where.c_str(), nullptr, false, width).y + style.ItemSpacing.y;
    if (!p.note.empty()) {
        p.height +=
            ImGui::CalcTextSize(p.note.c_str(), nullptr, false, width).y + style.ItemSpacing.y;
    }
    return p;
}

float ReplayBar::height(const PanelContext& ctx, float width) const {
    return ctx.model.game() ? plan(ctx, width).height : ImGui::GetFrameHeightWithSpacing();
}

void ReplayBar::draw(const PanelContext& ctx) {
    Model& model = ctx.model;
    UiState& ui = ctx.ui;
    const RecordedGame* game = model.game();
    if (!game) {
        ImGui::TextDisabled("No game selected.");
        return;
    }
    const Plan p = plan(ctx, ImGui::GetContentRegionAvail().x);
    ImGui::PushID("replay");
    if (ImGui::Button("|<")) model.to_start();
    ImGui::SameLine();
    if (ImGui::Button("<<")) model.step_trick(-1);
    ImGui::SameLine();
    if (ImGui::Button("<")) model.step(-1);
    ImGui::SameLine();
    if (ImGui::Button(ui.autoplay ? "pause" : "play")) ui.autoplay = !ui.autoplay;
    ImGui::SameLine();
    if (ImGui::Button(">")) model.step(1);
    ImGui::SameLine();
    if (ImGui::Button(">>")) model.step_trick(1);
    ImGui::SameLine();
    if (ImGui::Button(">|")) model.to_end();
    ImGui::SameLine();
    int pos = model.position();
    if (slider_beside("##position", &pos, 0, model.recorded_cards(), p.slider_w,
                      fmt::format("card {} of {}", pos, model.recorded_cards()))) {
        model.move_to(pos);
    }
    if (!p.second_row) ImGui::SameLine();
    // In tenths of a second, the steps the speed is shown in.
    int tenths = static_cast<int>(std::lround(ui.autoplay_seconds * 10));
    if (slider_beside("##speed", &tenths, 1, 30, p.speed_w,
                      fmt::format("{:.1f} s/card", tenths / 10.0))) {
        ui.autoplay_seconds = static_cast<float>(tenths) / 10.0f;
    }
    ImGui::SameLine();
    bool prev = model.show_previous_trick();
    if (ImGui::Checkbox("last trick", &prev)) model.set_show_previous_trick(prev);
    ImGui::SameLine();
    ImGui::Checkbox("values", &ui.show_values);
    if (model.in_what_if()) {
        ImGui::SameLine();
        if (ImGui::Button("back to the record")) model.leave_what_if();
    }
    ImGui::TextWrapped("%s", p.where.c_str());
    if (!p.note.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.85f, 0.4f, 1.0f));
        ImGui::TextWrapped("%s", p.note.c_str());
        ImGui::PopStyleColor();
    }
    ImGui::PopID();
}

}  // namespace spadework::viewer
