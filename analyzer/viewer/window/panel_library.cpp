#include <fmt/core.h>

#include <cstring>

#include "draw.h"
#include "failure.h"
#include "panel_library.h"
#include "spadework/analyzer/text.h"
#include "spadework/engine/error.h"
#include "spadework/formats/dates.h"
#include "wording.h"

namespace spadework::viewer {

namespace {

std::optional<std::string> text_of(const char* buffer) {
    return buffer[0] ? std::optional<std::string>(buffer) : std::nullopt;
}

// The flags of a hand's review, cards and bids, by class.
struct FlagCount {
    int blunders = 0;
    int mistakes = 0;
    int inaccuracies = 0;
    // The worst class flagged, as the list shows it: "2??"; "-" for none.
    std::string worst() const {
        if (blunders) return fmt::format("{}??", blunders);
        if (mistakes) return fmt::format("{}?", mistakes);
        if (inaccuracies) return fmt::format("{}?!", inaccuracies);
        return "-";
    }
    analyzer::FlagClass worst_class() const {
        return blunders       ? analyzer::FlagClass::Blunder
               : mistakes     ? analyzer::FlagClass::Mistake
               : inaccuracies ? analyzer::FlagClass::Inaccuracy
                              : analyzer::FlagClass::None;
    }
    // Every class, for the tooltip: "2 blunders (??), 1 inaccuracy (?!)".
    std::string all() const {
        std::string out;
        auto add = [&](int n, const char* one, const char* glyph) {
            if (n) out += (out.empty() ? "" : ", ") + count_of(n, one) + " (" + glyph + ")";
        };
        add(blunders, "blunder", "??");
        add(mistakes, "mistake", "?");
        add(inaccuracies, "inaccuracy", "?!");
        return out.empty() ? "no flags" : out;
    }
};

FlagCount flags_of(const analyzer::HandReview& h) {
    FlagCount f;
    auto count = [&](analyzer::FlagClass c) {
        if (c == analyzer::FlagClass::Blunder) ++f.blunders;
        if (c == analyzer::FlagClass::Mistake) ++f.mistakes;
        if (c == analyzer::FlagClass::Inaccuracy) ++f.inaccuracies;
    };
    if (h.play) {
        for (const auto& c : h.play->cards) count(c.flag);
    }
    for (const auto& b : h.bidding.bids) count(b.flag);
    for (const auto& p : h.bidding.passes) count(p.flag);
    return f;
}

// A game as its row in the list shows it.
struct GameLine {
    std::string label;   // "#12", "classic.spades", "under way, 5 hands"
    ImU32 label_colour;  // 0: the text's
    bool reviewed = false;
    std::array<int, 2> score{};
    std::array<std::string, 4> players;  // N E S W; empty: the seat's letter
    std::string player(int seat) const {
        const auto& p = players[static_cast<std::size_t>(seat)];
        return p.empty() ? seat_letter(kAllSeats[seat]) : p;
    }
    std::string side(int team) const { return player(team) + " & " + player(team + 2); }
};

// One row of the game list, two lines high across the whole column: the label, the tick of a
// game analysed and the score (at the right, each side in its colour) on the first; the
// partnerships on the second, each in its colour, ended with "…" only when even the whole
// line is too narrow for them. Whether it was clicked; `hovered`: whether the mouse is on it.
bool game_row(const GameLine& g, bool selected, bool* hovered) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float line = ImGui::GetTextLineHeight() + style.ItemSpacing.y;
    const ImVec2 top = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    const bool clicked = ImGui::Selectable("##row", selected, ImGuiSelectableFlags_SpanAllColumns,
                                           ImVec2(0, line + ImGui::GetTextLineHeight()));
    *hovered = ImGui::IsItemHovered();
    const ImVec2 after = ImGui::GetCursorScreenPos();
    const ImVec4 ns = ImGui::ColorConvertU32ToFloat4(colours::kNorthSouth);
    const ImVec4 ew = ImGui::ColorConvertU32ToFloat4(colours::kEastWest);
    // The score first, at the right; the label in what is left.
    const std::string ns_score = std::to_string(g.score[0]);
    const std::string ew_score = std::to_string(g.score[1]);
    // Kept a little off the row's right edge (and off a scroll bar beside it).
    const float inset = style.FramePadding.x;
    const float score_w = ImGui::CalcTextSize((ns_score + " / " + ew_score).c_str()).x + inset;
    const std::string tick = g.reviewed ? " \u2713" : "";
    ImGui::SetCursorScreenPos(top);
    if (g.label_colour) ImGui::PushStyleColor(ImGuiCol_Text, g.label_colour);
    ImGui::TextUnformatted(fit_text(g.label + tick, width - score_w - style.ItemSpacing.x).c_str());
    if (g.label_colour) ImGui::PopStyleColor();
    ImGui::SetCursorScreenPos(ImVec2(top.x + width - score_w, top.y));
    ImGui::TextColored(ns, "%s", ns_score.c_str());
    ImGui::SameLine(0, 0);
    ImGui::TextUnformatted(" / ");
    ImGui::SameLine(0, 0);
    ImGui::TextColored(ew, "%s", ew_score.c_str());
    // The players: each partnership in its colour. When the line cannot hold both, a side
    // shorter than half keeps its names whole and the other is cut ("…") to what is left, else
    // each is cut to half.
    ImGui::SetCursorScreenPos(ImVec2(top.x, top.y + line));
    const std::array<std::string, 2> sides{g.side(0), g.side(1)};
    const float room = width - ImGui::CalcTextSize(" v ").x;
    std::array<float, 2> widths{};
    for (std::size_t t = 0; t < 2; ++t) widths[t] = ImGui::CalcTextSize(sides[t].c_str()).x;
    if (widths[0] + widths[1] > room) {
        const float half = room / 2;
        widths = widths[0] <= half   ? std::array<float, 2>{widths[0], room - widths[0]}
                 : widths[1] <= half ? std::array<float, 2>{room - widths[1], widths[1]}
                                     : std::array<float, 2>{half, half};
    }
    ImGui::TextColored(ns, "%s", fit_text(sides[0], widths[0]).c_str());
    ImGui::SameLine(0, 0);
    ImGui::TextUnformatted(" v ");
    ImGui::SameLine(0, 0);
    ImGui::TextColored(ew, "%s", fit_text(sides[1], widths[1]).c_str());
    ImGui::SetCursorScreenPos(after);
    return clicked;
}

// What hovering a game row shows: everything, whatever the row had room for.
std::string game_tooltip(const GameLine& g, const std::string& about) {
    return fmt::format("{}\n{}\nN-S {}: {} (North), {} (South)\nE-W {}: {} (East), {} (West)",
                       g.label, about, g.score[0], g.player(0), g.player(2), g.score[1],
                       g.player(1), g.player(3));
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
    const float buttons = button_width("Open") + button_width("Import") + 2 * style.ItemSpacing.x;
    // In a column too narrow for both beside a box of four letters, the buttons take a row.
    const bool beside = ImGui::GetContentRegionAvail().x - buttons >= ImGui::GetFontSize() * 4;
    ImGui::SetNextItemWidth(beside ? ImGui::GetContentRegionAvail().x - buttons : -1);
    if (ui.request_focus_table) {
        ImGui::SetKeyboardFocusHere();
        ui.request_focus_table = false;
    }
    bool enter = ImGui::InputTextWithHint("##path", "a game file or folder", path_, sizeof path_,
                                          ImGuiInputTextFlags_EnterReturnsTrue);
    if (beside) ImGui::SameLine();
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

// The games, leaving `below` pixels under the list: two lines a game across the column (the
// id, the tick and the score, then the players), where four columns on one line cut the names
// off at 1280x720 (294 pixels); hovering a game shows it whole.
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
    const ImGuiTableFlags flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerH;
    if (ImGui::BeginTable("games", 1, flags, ImVec2(0, ImGui::GetContentRegionAvail().y - below))) {
        for (const analyzer::KeptGame& g : under_way_) draw_under_way_row(*keeper, g);
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(games.size()));
        // The game just opened is drawn wherever the list stands, to be scrolled to.
        if (const std::optional<int> sel = model.selected_game(); sel && *sel != scrolled_to_) {
            clipper.ForceDisplayRangeByIndices(*sel, *sel + 1);
        }
        if (!model.selected_game()) scrolled_to_ = -1;
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
    } catch (const Error&) {
        // A library busy or locked for a moment: the list read before stays, and is read
        // again in a few seconds.
    } catch (...) {
        under_way_error_ = caught_failure();  // a bug, not a library busy for a moment
    }
}

// A game under way, above the library's: marked so in gold, with its hands so far and the
// score after them; a click takes it up in the score keeper.
void LibraryPanel::draw_under_way_row(ScoreKeeper& keeper, const analyzer::KeptGame& g) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::PushID(static_cast<int>(-g.id));
    const GameLine line{fmt::format("under way, {}", count_of(g.hands, "hand")), colours::kGold,
                        false, g.score, g.setup.players};
    bool hovered = false;
    const bool clicked = game_row(line, false, &hovered);
    if (hovered) {
        const std::string about = fmt::format(
            "kept game #{} in the score keeper: {} {}, {} rules\n{}", g.id, g.setup.event,
            formats::shown_date(g.setup.date), keeper_rules_text(g.setup),
            g.problem.empty() ? "click to resume it" : g.problem);
        ImGui::SetTooltip("%s", game_tooltip(line, about).c_str());
    }
    ImGui::PopID();
    if (clicked) {
        try {
            under_way_error_.clear();
            keeper.resume(g.id);
        } catch (...) {
            // Shown where the list is: the kept game cannot be read, or is gone.
            under_way_read_ = -1e9;
            under_way_error_ = caught_failure();
        }
    }
}

// One game of the list.
void LibraryPanel::draw_game_row(Model& model, int i) {
    const GameRow& g = model.games()[static_cast<std::size_t>(i)];
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::PushID(i);
    const GameLine line{g.list_label(), 0, g.reviewed, g.score, g.players};
    bool hovered = false;
    const bool selected = model.selected_game() == i;
    if (game_row(line, selected, &hovered)) model.select_game(i);
    // The game opened (by the command line, a refresh or a click on a row half out of sight)
    // scrolled into view, once: after that the list scrolls as the user scrolls it.
    if (selected && scrolled_to_ != i) {
        scrolled_to_ = i;
        // The list's own window (the table scrolls in one).
        const float top = ImGui::GetWindowPos().y;
        const float bottom = top + ImGui::GetWindowHeight();
        if (ImGui::GetItemRectMin().y < top || ImGui::GetItemRectMax().y > bottom) {
            ImGui::SetScrollHereY(0.5f);
        }
    }
    if (hovered) {
        const std::string about = fmt::format(
            "{} {}\n{} rules, {}{}{}", g.event, formats::shown_date(g.date), g.rules,
            count_of(g.hands, "hand"), g.reviewed ? ", analysed" : "",
            g.score_sheet ? "\na score sheet: bids and tricks only, no cards to replay" : "");
        ImGui::SetTooltip("%s", game_tooltip(line, about).c_str());
    }
    ImGui::PopID();
}

namespace {

// A header with what it means when hovered: the list's headers are short, to leave the
// columns room at 1280x720.
void header_row(const std::vector<std::pair<const char*, const char*>>& heads) {
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (std::size_t c = 0; c < heads.size(); ++c) {
        ImGui::TableSetColumnIndex(static_cast<int>(c));
        ImGui::TableHeader(heads[c].first);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", heads[c].second);
    }
}

}  // namespace

// Columns as wide as their content and resizable; the list scrolls sideways only when a
// column is made wider than the panel.
constexpr ImGuiTableFlags kListFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                       ImGuiTableFlags_ScrollX | ImGuiTableFlags_BordersInnerH |
                                       ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;

// The hands of the selected game, each column as wide as its content: the hand's number, the
// flags of the review (once there is one) right after it, the bids, the tricks and each side's
// points in its colour. Short headers, explained when hovered, and only the worst class of
// flags (every class when hovered) keep them inside the 1280x720 column, where the points were
// cut off.
void LibraryPanel::draw_hands(Model& model) {
    const RecordedGame* game = model.game();
    if (!game) return;
    const analyzer::Comparison* cmp = model.comparison();
    const ScoredGame* scored = cmp && !cmp->runs.empty() ? &cmp->runs[0].scored : nullptr;
    const analyzer::GameReview* review = model.review();
    const int flags = review ? 1 : 0;  // the flags column, when there is a review
    ImGui::Separator();
    if (!ImGui::BeginTable(review ? "hands reviewed" : "hands", 4 + flags, kListFlags,
                           ImVec2(0, 0))) {
        return;
    }
    ImGui::TableSetupScrollFreeze(0, 1);
    std::vector<std::pair<const char*, const char*>> heads = {
        {"#", "the hand: click to open it"},
        {"bids", "the bids in seat order: North, East, South, West (bn: blind nil)"},
        {"tricks", "the tricks taken: North-South - East-West"},
        {"points", "the hand's points: North-South, East-West"}};
    if (review) {
        heads.insert(heads.begin() + 1,
                     {"flags",
                      "the review's flags, bids and cards: ?? blunders, ? mistakes, "
                      "?! inaccuracies; the worst class shown, every class when a "
                      "hand's is hovered"});
    }
    for (const auto& h : heads) ImGui::TableSetupColumn(h.first);
    header_row(heads);
    for (int h = 0; h < static_cast<int>(game->hands.size()); ++h) {
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
            draw_hand_flags(model, *review, h);
        }
        ImGui::TableSetColumnIndex(1 + flags);
        ImGui::TextUnformatted(
            analyzer::bids_line(game->hands[static_cast<std::size_t>(h)]).c_str());
        ImGui::TableSetColumnIndex(2 + flags);
        if (scored && h < static_cast<int>(scored->outcomes.size())) {
            const auto& t = scored->outcomes[static_cast<std::size_t>(h)].tricks;
            ImGui::Text("%d-%d", t[0] + t[2], t[1] + t[3]);
        }
        ImGui::TableSetColumnIndex(3 + flags);
        if (scored && h < static_cast<int>(scored->hands.size())) {
            const HandScore& s = scored->hands[static_cast<std::size_t>(h)].score;
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::kNorthSouth), "%s",
                               analyzer::signed_number(s[Team::NS].delta).c_str());
            ImGui::SameLine();
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::kEastWest), "%s",
                               analyzer::signed_number(s[Team::EW].delta).c_str());
        }
    }
    ImGui::EndTable();
}

// A hand's flags cell: the worst class, in its colour; every class when hovered. The hand
// shown in a seat's view: hidden, as the Analysis tab's are, until it is played out (the flags
// are double dummy, and count the cards still to come).
void LibraryPanel::draw_hand_flags(const Model& model, const analyzer::GameReview& review,
                                   int hand) {
    if (hand == model.hand() && !model.shows_whole_deal()) {
        ImGui::TextDisabled("...");
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("hidden in %s's view until the hand is played out",
                              std::string(seat_name(*model.seat_view())).c_str());
        }
        return;
    }
    for (const auto& hr : review.hands) {
        if (hr.hand != hand) continue;
        const FlagCount f = flags_of(hr);
        if (f.worst_class() == analyzer::FlagClass::None) {
            ImGui::TextUnformatted(f.worst().c_str());
        } else {
            ImGui::TextColored(flag_colour(f.worst_class()), "%s", f.worst().c_str());
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("hand %d: %s", hand + 1, f.all().c_str());
    }
}

}  // namespace spadework::viewer
