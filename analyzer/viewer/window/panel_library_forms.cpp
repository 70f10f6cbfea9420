// The library panel's housekeeping: Edit, Delete and Export under the game list, the delete
// confirmation and the two forms. Each button runs the command of the same name (the Help
// menu and the tests run them too); the forms only gather what the model's commands take.
#include <fmt/core.h>

#include <cstdio>

#include "draw.h"
#include "panel_library.h"
#include "spadework/engine/error.h"

namespace spadework::viewer {
namespace {

constexpr const char* kDeletePopup = "Delete this game?";
constexpr const char* kEditPopup = "Edit the game";
constexpr const char* kExportPopup = "Export the hand";

bool is_library_game(const Model& model) {
    return model.selected_game() && model.games()[*model.selected_game()].library_id;
}

void show_form_error(const std::string& why) {
    if (why.empty()) return;
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", why.c_str());
    ImGui::PopTextWrapPos();
}

}  // namespace

void LibraryPanel::draw_actions(Model& model, UiState& ui) {
    if (!model.game()) return;
    const bool library = is_library_game(model);
    ImGui::BeginDisabled(!library);
    if (ImGui::Button("Edit…")) ui.edit_form_requested = true;
    same_line_or_wrap(button_width("Delete…"), false);  // a narrow column: the next row
    if (ImGui::Button("Delete…")) model.ask_delete();
    ImGui::EndDisabled();
    if (!library && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        ImGui::SetTooltip("A file opened: import it to edit or delete it in the library");
    }
    same_line_or_wrap(button_width("Export hand…"), false);
    ImGui::BeginDisabled(model.game()->score_sheet());
    if (ImGui::Button("Export hand…")) ui.export_form_requested = true;
    ImGui::EndDisabled();
}

// Nothing is deleted until the user says so here.
void LibraryPanel::draw_delete_confirmation(Model& model) {
    if (model.delete_asked() && !ImGui::IsPopupOpen(kDeletePopup)) ImGui::OpenPopup(kDeletePopup);
    if (!ImGui::BeginPopupModal(kDeletePopup, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    if (!model.delete_asked()) {
        ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
        return;
    }
    ImGui::Text("Delete game #%lld from the library, with its reviews?",
                static_cast<long long>(*model.delete_asked()));
    ImGui::TextUnformatted("This cannot be undone.");
    if (ImGui::Button("Delete")) {
        model.confirm_delete();
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
        model.cancel_delete();
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

void LibraryPanel::fill_edit_form(const RecordedGame& game) {
    for (Seat s : kAllSeats) copy_to(edit_players_[index(s)], game.players[index(s)]);
    copy_to(edit_date_, game.date);
    copy_to(edit_event_, game.event);
    copy_to(edit_notes_, game.comment);
    form_error_.clear();
}

void LibraryPanel::draw_edit_form(Model& model, UiState& ui) {
    if (ui.edit_form_requested) {
        ui.edit_form_requested = false;
        if (model.game() && is_library_game(model)) {
            fill_edit_form(*model.game());
            ImGui::OpenPopup(kEditPopup);
        }
    }
    if (!ImGui::BeginPopupModal(kEditPopup, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    const float field = ImGui::GetFontSize() * 22;
    for (Seat s : kAllSeats) {
        ImGui::SetNextItemWidth(field);
        ImGui::InputText(std::string(seat_name(s)).c_str(), edit_players_[index(s)].data(),
                         edit_players_[index(s)].size());
    }
    ImGui::SetNextItemWidth(field);
    // Labels capitalised as the seats' beside them. The notes do not wrap as they are typed
    // (ImGui 1.86): hovering the box shows them whole, wrapped to its width.
    ImGui::InputTextWithHint("Date", "2026-11-21", edit_date_, sizeof edit_date_);
    ImGui::SetNextItemWidth(field);
    ImGui::InputText("Event", edit_event_, sizeof edit_event_);
    ImGui::InputTextMultiline("Notes", edit_notes_, sizeof edit_notes_,
                              ImVec2(field, ImGui::GetTextLineHeight() * 5));
    if (ImGui::IsItemHovered() && edit_notes_[0] != 0) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(field);
        ImGui::TextUnformatted(edit_notes_);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
    show_form_error(form_error_);
    if (ImGui::Button("Save") && model.game()) {
        // Only what changed: an edit of the players alone leaves the date as it was written.
        const RecordedGame& game = *model.game();
        formats::GameEdit edit;
        for (Seat s : kAllSeats) {
            const std::string name = edit_players_[index(s)].data();
            if (name != game.players[index(s)]) edit.players[index(s)] = name;
        }
        if (edit_date_ != game.date) edit.date = edit_date_;
        if (edit_event_ != game.event) edit.event = edit_event_;
        if (edit_notes_ != game.comment) edit.notes = edit_notes_;
        if (edit.empty() || model.edit_game(edit)) {
            ImGui::CloseCurrentPopup();
        } else {
            form_error_ = model.errors().empty() ? "" : model.errors().back();
        }
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

void LibraryPanel::draw_export_form(Model& model, UiState& ui) {
    if (ui.export_form_requested) {
        ui.export_form_requested = false;
        if (!model.game()) return;
        if (!export_path_[0]) {
            const GameRow& row = model.games()[*model.selected_game()];
            copy_to(export_path_, fmt::format("hand-{}-{}.png",
                                              row.library_id ? std::to_string(*row.library_id)
                                                             : row.file.stem().string(),
                                              model.hand() + 1));
        }
        form_error_.clear();
        ImGui::OpenPopup(kExportPopup);
    }
    if (!ImGui::BeginPopupModal(kExportPopup, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::Text("Hand %d: a picture (.png or .svg) or a web page (.html)", model.hand() + 1);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 26);
    ImGui::InputText("file", export_path_, sizeof export_path_);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    ImGui::InputTextWithHint("size", "1200x800", export_size_, sizeof export_size_);
    ImGui::SameLine();
    ImGui::TextDisabled("(empty: the diagram's own size)");
    show_form_error(form_error_);
    if (ImGui::Button("Write")) {
        std::optional<analyzer::PictureSize> size = analyzer::PictureSize{};
        if (export_size_[0]) size = analyzer::parse_picture_size(export_size_);
        if (!size) {
            form_error_ = fmt::format("'{}' is not a size: WIDTHxHEIGHT in pixels, like 1200x800",
                                      export_size_);
        } else if (model.export_hand(export_path_, *size)) {
            ImGui::CloseCurrentPopup();
        } else {
            form_error_ = model.errors().empty() ? "" : model.errors().back();
        }
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

}  // namespace spadework::viewer
