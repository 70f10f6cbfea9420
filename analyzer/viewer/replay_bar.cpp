#include "replay_bar.h"

#include <fmt/core.h>

#include <algorithm>

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

void ReplayBar::draw(const PanelContext& ctx) {
    Model& model = ctx.model;
    UiState& ui = ctx.ui;
    const RecordedGame* game = model.game();
    if (!game) {
        ImGui::TextDisabled("No game selected.");
        return;
    }
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
    ImGui::SetNextItemWidth(std::max(120.0f, ImGui::GetContentRegionAvail().x - 430));
    std::string fmt_text = fmt::format("card {} of {}", pos, model.recorded_cards());
    if (ImGui::SliderInt("##position", &pos, 0, model.recorded_cards(), fmt_text.c_str())) {
        model.move_to(pos);
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(90);
    ImGui::SliderFloat("##speed", &ui.autoplay_seconds, 0.1f, 3.0f, "%.1f s/card");
    ImGui::SameLine();
    bool prev = model.show_previous_trick();
    if (ImGui::Checkbox("last trick", &prev)) model.set_show_previous_trick(prev);
    ImGui::SameLine();
    ImGui::Checkbox("values", &ui.show_values);
    if (model.in_what_if()) {
        ImGui::SameLine();
        if (ImGui::Button("back to the record")) model.leave_what_if();
    }
    ImGui::PopID();
}

}  // namespace spadework::viewer
