#include <fmt/core.h>

#include <cstring>

#include "draw.h"
#include "panel_library.h"
#include "spadework/analyzer/text.h"
#include "wording.h"

namespace spadework::viewer {

namespace {

std::optional<std::string> text_of(const char* buffer) {
    return buffer[0] ? std::optional<std::string>(buffer) : std::nullopt;
}

// The flags of a hand's review: cards and bids, the worst class first.
std::string flags_of(const analyzer::HandReview& h) {
    int blunders = 0;
    int mistakes = 0;
    int others = 0;
    auto count = [&](analyzer::FlagClass c) {
        if (c == analyzer::FlagClass::Blunder) ++blunders;
        if (c == analyzer::FlagClass::Mistake) ++mistakes;
        if (c == analyzer::FlagClass::Inaccuracy) ++others;
    };
    if (h.play) {
        for (const auto& c : h.play->cards) count(c.flag);
    }
    for (const auto& b : h.bidding.bids) count(b.flag);
    for (const auto& p : h.bidding.passes) count(p.flag);
    std::string out;
    if (blunders) out += fmt::format("{}?? ", blunders);
    if (mistakes) out += fmt::format("{}? ", mistakes);
    if (others) out += fmt::format("{}?! ", others);
    return out.empty() ? "-" : out;
}

}  // namespace

std::vector<Command> LibraryPanel::commands() const {
    return {
        {"open a file or folder", ImGuiKey_COUNT, "",
         [](const PanelContext& ctx) { ctx.ui.request_focus_table = true; }},
        // Asks first: the window shows a confirmation, which the next two answer.
        {"delete the selected game", ImGuiKey_Delete, "Delete",
         [](const PanelContext& ctx) { ctx.model.ask_delete(); }},
        {"confirm the deletion", ImGuiKey_COUNT, "",
         [](const PanelContext& ctx) { ctx.model.confirm_delete(); }},
        {"cancel the deletion", ImGuiKey_COUNT, "",
         [](const PanelContext& ctx) { ctx.model.cancel_delete(); }},
        {"edit the selected game", ImGuiKey_COUNT, "",
         [](const PanelContext& ctx) { ctx.ui.edit_form_requested = ctx.model.game() != nullptr; }},
        {"export the hand", ImGuiKey_COUNT, "", [](const PanelContext& ctx) {
             ctx.ui.export_form_requested = ctx.model.game() != nullptr;
         }}};
}

void LibraryPanel::draw(const PanelContext& ctx) {
    Model& model = ctx.model;
    UiState& ui = ctx.ui;
    draw_path(model, ui);
    draw_filters(model);
    // The games above, the hands of the selected game below.
    const float hands_h = model.game() ? std::min(ImGui::GetTextLineHeightWithSpacing() * 16,
                                                  ImGui::GetContentRegionAvail().y * 0.45f)
                                       : 0.0f;
    const float actions_h = model.game() ? ImGui::GetFrameHeightWithSpacing() : 0.0f;
    draw_games(model, ctx.keeper, hands_h + actions_h);
    draw_actions(model, ui);
    draw_hands(model);
    draw_delete_confirmation(model);
    draw_edit_form(model, ui);
    draw_export_form(model, ui);
}

// Open or import a path (files can also be dropped on the window).
void LibraryPanel::draw_path(Model& model, UiState& ui) {
    // The box takes what the two buttons leave, measured in the text size drawn now (a width
    // in pixels cut "Import" off as the text grew with the window).
    const ImGuiStyle& style = ImGui::GetStyle();
    const float buttons = ImGui::CalcTextSize("Open").x + ImGui::CalcTextSize("Import").x +
                          4 * style.FramePadding.x + 2 * style.ItemSpacing.x;
    ImGui::SetNextItemWidth(
        std::max(ImGui::GetFontSize() * 4, ImGui::GetContentRegionAvail().x - buttons));
    if (ui.request_focus_table) {
        ImGui::SetKeyboardFocusHere();
        ui.request_focus_table = false;
    }
    bool enter = ImGui::InputTextWithHint("##path", "a game file or folder", path_, sizeof path_,
                                          ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if ((ImGui::Button("Open") || enter) && path_[0]) model.open(path_);
    ImGui::SameLine();
    ImGui::BeginDisabled(model.library_path().empty() || !path_[0]);
    if (ImGui::Button("Import")) model.import(path_);
    ImGui::EndDisabled();
}

// The filters of `spadework list`.
void LibraryPanel::draw_filters(Model& model) {
    if (ImGui::CollapsingHeader("Filters")) {
        bool changed = false;
        ImGui::SetNextItemWidth(-1);
        changed |= ImGui::InputTextWithHint("##player", "player", player_, sizeof player_);
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f - 4);
        changed |=
            ImGui::InputTextWithHint("##from", "from 2026.01.01", date_from_, sizeof date_from_);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(-1);
        changed |= ImGui::InputTextWithHint("##to", "to 2026.12.31", date_to_, sizeof date_to_);
        ImGui::SetNextItemWidth(-1);
        changed |= ImGui::InputTextWithHint("##rules", "rules (classic, paperless...)", rules_,
                                            sizeof rules_);
        changed |= ImGui::Checkbox("nil", &nil_);
        ImGui::SameLine();
        changed |= ImGui::Checkbox("blind nil", &blind_nil_);
        ImGui::SameLine();
        changed |= ImGui::Checkbox("set", &set_);
        ImGui::SameLine();
        changed |= ImGui::Checkbox("bag penalty", &bag_penalty_);
        if (changed) {
            formats::GameFilter f;
            f.player = text_of(player_);
            f.date_from = text_of(date_from_);
            f.date_to = text_of(date_to_);
            f.rules = text_of(rules_);
            f.with_nil = nil_;
            f.with_blind_nil = blind_nil_;
            f.with_set = set_;
            f.with_bag_penalty = bag_penalty_;
            model.set_filter(f);
        }
    }
}

// Columns as wide as their content (never a name or score cut), resizable, the list
// scrolling sideways when the column is narrower than the content.
constexpr ImGuiTableFlags kListFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                       ImGuiTableFlags_ScrollX | ImGuiTableFlags_BordersInnerH |
                                       ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;

// The games, leaving `below` pixels under the list. The short columns first (the id, the tick
// of a game analysed, the score) and the players last: at 1280x720 a column of names ran the
// score off the panel ("-259 / 43"); now only the names can pass the edge, the list scrolls
// sideways to them, and hovering shows them whole.
void LibraryPanel::draw_games(Model& model, ScoreKeeper* keeper, float below) {
    const auto& games = model.games();
    refresh_under_way(keeper);
    std::string count = count_of(static_cast<long>(games.size()), "game");
    if (!under_way_.empty()) count += fmt::format(", {} under way", under_way_.size());
    ImGui::TextUnformatted(count.c_str());
    if (!under_way_error_.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, colours::kWorse);
        ImGui::TextWrapped("%s", under_way_error_.c_str());
        ImGui::PopStyleColor();
    }
    if (ImGui::BeginTable("games", 4, kListFlags,
                          ImVec2(0, ImGui::GetContentRegionAvail().y - below))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("game");
        ImGui::TableSetupColumn("");
        ImGui::TableSetupColumn("score");
        ImGui::TableSetupColumn("players");
        ImGui::TableHeadersRow();
        for (const analyzer::KeptGame& g : under_way_) draw_under_way_row(*keeper, g);
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(games.size()));
        while (clipper.Step()) {
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) draw_game_row(model, i);
        }
        ImGui::EndTable();
    }
}

void LibraryPanel::refresh_under_way(const ScoreKeeper* keeper) {
    if (!keeper || !keeper->has_library()) {
        under_way_.clear();
        return;
    }
    const bool changed = keeper->revision() != under_way_revision_;
    if (!changed && ImGui::GetTime() - under_way_read_ < 2.0) return;
    under_way_read_ = ImGui::GetTime();
    under_way_revision_ = keeper->revision();
    try {
        under_way_ = keeper->kept_games();
    } catch (const std::exception&) {
        // A library busy or locked for a moment: the list read before stays, and is read
        // again in a few seconds.
    }
}

// A game under way, above the library's: marked so, with its hands so far and the score after
// them; a click takes it up in the score keeper.
void LibraryPanel::draw_under_way_row(ScoreKeeper& keeper, const analyzer::KeptGame& g) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::PushID(static_cast<int>(-g.id));
    ImGui::PushStyleColor(ImGuiCol_Text, colours::kGold);
    const std::string label = fmt::format("under way, {}", count_of(g.hands, "hand"));
    const bool clicked =
        ImGui::Selectable(label.c_str(), false, ImGuiSelectableFlags_SpanAllColumns);
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("kept game #%lld in the score keeper: %s %s, %s rules\n%s",
                          static_cast<long long>(g.id), g.setup.event.c_str(), g.setup.date.c_str(),
                          g.setup.rules.c_str(),
                          g.problem.empty() ? "click to resume it" : g.problem.c_str());
    }
    ImGui::PopID();
    if (clicked) {
        try {
            under_way_error_.clear();
            keeper.resume(g.id);
        } catch (const std::exception& e) {
            // Shown where the list is: the kept game cannot be read, or is gone.
            under_way_read_ = -1e9;
            under_way_error_ = e.what();
        }
    }
    ImGui::TableSetColumnIndex(2);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::kNorthSouth), "%d", g.score[0]);
    ImGui::SameLine(0, 0);
    ImGui::TextUnformatted(" / ");
    ImGui::SameLine(0, 0);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::kEastWest), "%d", g.score[1]);
    ImGui::TableSetColumnIndex(3);
    const auto& p = g.setup.players;
    ImGui::Text("%s-%s v %s-%s", p[0].c_str(), p[2].c_str(), p[1].c_str(), p[3].c_str());
}

// One row of the game list.
void LibraryPanel::draw_game_row(Model& model, int i) {
    const GameRow& g = model.games()[static_cast<std::size_t>(i)];
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::PushID(i);
    if (ImGui::Selectable(g.label.c_str(), model.selected_game() == i,
                          ImGuiSelectableFlags_SpanAllColumns)) {
        model.select_game(i);
    }
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s %s\n%s rules, %s", g.event.c_str(), g.date.c_str(), g.rules.c_str(),
                          count_of(g.hands, "hand").c_str());
    }
    ImGui::PopID();
    ImGui::TableSetColumnIndex(1);
    if (g.reviewed) ImGui::TextUnformatted("✓");
    ImGui::TableSetColumnIndex(2);
    // Each side's score in its colour (the Scores tab's), so the list reads alike.
    ImGui::BeginGroup();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::kNorthSouth), "%d", g.score[0]);
    ImGui::SameLine(0, 0);
    ImGui::TextUnformatted(" / ");
    ImGui::SameLine(0, 0);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::kEastWest), "%d", g.score[1]);
    ImGui::EndGroup();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("NS %d, EW %d", g.score[0], g.score[1]);
    ImGui::TableSetColumnIndex(3);
    auto name = [&](int s) {
        return g.players[s].empty() ? seat_letter(kAllSeats[s]) : g.players[s];
    };
    ImGui::Text("%s-%s v %s-%s", name(0).c_str(), name(2).c_str(), name(1).c_str(),
                name(3).c_str());
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("NS: %s (N), %s (S)\nEW: %s (E), %s (W)", name(0).c_str(),
                          name(2).c_str(), name(1).c_str(), name(3).c_str());
    }
}

// The hands of the selected game. The flags of a review come right after the hand's number:
// last, they were off the 1280x720 column behind the points.
void LibraryPanel::draw_hands(Model& model) {
    const RecordedGame* game = model.game();
    if (!game) return;
    const analyzer::Comparison* cmp = model.comparison();
    const ScoredGame* scored = cmp && !cmp->runs.empty() ? &cmp->runs[0].scored : nullptr;
    const analyzer::GameReview* review = model.review();
    const int flags = review ? 1 : 0;  // the flags column, when there is a review
    ImGui::Separator();
    if (ImGui::BeginTable(review ? "hands reviewed" : "hands", 4 + flags, kListFlags,
                          ImVec2(0, 0))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("hand");
        if (review) ImGui::TableSetupColumn("flags");
        ImGui::TableSetupColumn("bids N E S W");
        ImGui::TableSetupColumn("tricks");
        ImGui::TableSetupColumn("points");
        ImGui::TableHeadersRow();
        for (int h = 0; h < static_cast<int>(game->hands.size()); ++h) {
            const RecordedHand& rh = game->hands[h];
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::PushID(h);
            if (ImGui::Selectable(std::to_string(h + 1).c_str(), model.hand() == h,
                                  ImGuiSelectableFlags_SpanAllColumns)) {
                model.select_hand(h);
            }
            ImGui::PopID();
            if (review) {
                ImGui::TableSetColumnIndex(1);
                // The hand shown in a seat's view: its flags are double dummy, and count the
                // cards still to come; hidden until it is played out, as the Analysis tab's.
                if (h == model.hand() && !model.shows_whole_deal()) {
                    ImGui::TextDisabled("...");
                    if (ImGui::IsItemHovered()) {
                        ImGui::SetTooltip("hidden in %s's view until the hand is played out",
                                          std::string(seat_name(*model.seat_view())).c_str());
                    }
                } else {
                    for (const auto& hr : review->hands) {
                        if (hr.hand == h) ImGui::TextUnformatted(flags_of(hr).c_str());
                    }
                }
            }
            ImGui::TableSetColumnIndex(1 + flags);
            // Bids are recorded from the dealer's left; shown in seat order.
            std::array<std::string, 4> bids{"-", "-", "-", "-"};
            for (std::size_t i = 0; i < rh.bids.size(); ++i) {
                Seat s = next(rh.dealer, static_cast<int>(i) + 1);
                Bid b = rh.bids[i];
                bids[index(s)] = b.kind() == Bid::Kind::Nil        ? "nil"
                                 : b.kind() == Bid::Kind::BlindNil ? "bn"
                                                                   : std::to_string(b.count());
            }
            ImGui::Text("%s %s %s %s", bids[0].c_str(), bids[1].c_str(), bids[2].c_str(),
                        bids[3].c_str());
            ImGui::TableSetColumnIndex(2 + flags);
            if (scored && h < static_cast<int>(scored->outcomes.size())) {
                const auto& t = scored->outcomes[h].tricks;
                ImGui::Text("%d-%d", t[0] + t[2], t[1] + t[3]);
            }
            ImGui::TableSetColumnIndex(3 + flags);
            if (scored && h < static_cast<int>(scored->hands.size())) {
                const HandScore& s = scored->hands[h].score;
                ImGui::Text("%s %s", analyzer::signed_number(s[Team::NS].delta).c_str(),
                            analyzer::signed_number(s[Team::EW].delta).c_str());
            }
        }
        ImGui::EndTable();
    }
}

}  // namespace spadework::viewer
