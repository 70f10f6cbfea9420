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
// and the toggles beside them when there is room, else from a second row on; in a narrow
// window (below 1280x720) each item goes on to the next row where the one before leaves no
// room for it, so nothing is cut. Then where the replay stands and the note, wrapped. The same
// plan sizes the bar (height) and draws it.
ReplayBar::Plan ReplayBar::plan(const PanelContext& ctx, float width) const {
    const ImGuiStyle& style = ImGui::GetStyle();
    const Model& model = ctx.model;
    Plan p;
    auto beside = [&](const char* widest) {
        return style.ItemInnerSpacing.x + ImGui::CalcTextSize(widest).x;
    };
    p.speed_w = ImGui::CalcTextSize(kWidestSpeed).x + style.GrabMinSize;
    // The position slider as wide as its widest value, or narrower when its row is narrower.
    const float text_w = ImGui::CalcTextSize(kWidestPosition).x;
    const float position_text = beside(kWidestPosition);
    const float slider_min =
        std::clamp(width - position_text, style.GrabMinSize * 3, text_w + style.GrabMinSize);
    std::array<float, kItems> w{};
    for (int i = 0; i < 7; ++i) w[i] = button_w(kButtons[i]);
    w[7] = slider_min + position_text;
    w[8] = p.speed_w + beside(kWidestSpeed);
    w[9] = checkbox_w("last trick");
    w[10] = checkbox_w("values");
    const int items = model.in_what_if() ? kItems : kItems - 1;
    if (model.in_what_if()) w[11] = button_w("back to the record");
    float all = 0;
    for (int i = 0; i < items; ++i) all += w[i] + (i > 0 ? style.ItemSpacing.x : 0);
    // The speed starts the second row unless everything fits on one; after that, each item
    // goes where there is room.
    std::array<int, kItems> row{};
    std::array<float, kItems> end{};
    float x = 0;
    for (int i = 0; i < items; ++i) {
        const bool wrap = i > 0 && x + style.ItemSpacing.x + w[i] > width;
        if ((i == 8 && all > width) || wrap) {
            p.new_row[i] = true;
            ++p.rows;
            x = 0;
        }
        row[i] = p.rows - 1;
        x += (x > 0 ? style.ItemSpacing.x : 0) + w[i];
        end[i] = x;
    }
    // The position slider takes what its row leaves over.
    float row_end = 0;
    for (int i = 0; i < items; ++i) {
        if (row[i] == row[7]) row_end = end[i];
    }
    p.slider_w = slider_min + std::max(0.0f, width - row_end);
    p.where = model.game() ? where_text(model) : "No game selected.";
    p.note = model.game() ? note_text(model) : std::string();
    p.height = ImGui::GetFrameHeightWithSpacing() * static_cast<float>(p.rows) +
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
    // Each item beside the one before unless the plan starts a row with it.
    int item = 0;
    auto place = [&] {
        if (item > 0 && !p.new_row[item]) ImGui::SameLine();
        ++item;
    };
    place();
    if (ImGui::Button("|<")) model.to_start();
    place();
    if (ImGui::Button("<<")) model.step_trick(-1);
    place();
    if (ImGui::Button("<")) model.step(-1);
    place();
    if (ImGui::Button(ui.autoplay ? "pause" : "play")) ui.autoplay = !ui.autoplay;
    place();
    if (ImGui::Button(">")) model.step(1);
    place();
    if (ImGui::Button(">>")) model.step_trick(1);
    place();
    if (ImGui::Button(">|")) model.to_end();
    place();
    int pos = model.position();
    if (slider_beside("##position", &pos, 0, model.recorded_cards(), p.slider_w,
                      fmt::format("card {} of {}", pos, model.recorded_cards()))) {
        model.move_to(pos);
    }
    place();
    // In tenths of a second, the steps the speed is shown in.
    int tenths = static_cast<int>(std::lround(ui.autoplay_seconds * 10));
    if (slider_beside("##speed", &tenths, 1, 30, p.speed_w,
                      fmt::format("{:.1f} s/card", tenths / 10.0))) {
        ui.autoplay_seconds = static_cast<float>(tenths) / 10.0f;
    }
    place();
    bool prev = model.show_previous_trick();
    if (ImGui::Checkbox("last trick", &prev)) model.set_show_previous_trick(prev);
    place();
    ImGui::Checkbox("values", &ui.show_values);
    if (model.in_what_if()) {
        place();
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
