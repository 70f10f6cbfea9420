#include "panel_keeper.h"

#include <fmt/core.h>

#include <algorithm>
#include <cstring>
#include <sstream>

#include "draw.h"
#include "failure.h"
#include "spadework/formats/dates.h"

namespace spadework::viewer {

namespace {

// What the typing box offers for a bid: only the kinds of bid the rules allow ("4, nil, bnil,
// b6 then Enter" where all are).
std::string bid_hint(const RuleSet& rules) {
    std::string hint = "4";
    if (rules.nil_allowed) hint += ", nil";
    if (rules.nil_allowed && rules.blind_nil_allowed) hint += ", bnil";
    if (rules.blind_bid_min) hint += ", b" + std::to_string(*rules.blind_bid_min);
    return hint + " then Enter";
}

// The players of a partnership: "Ann & Carol".
std::string pair_names(const std::array<std::string, 4>& players, int team) {
    return players[static_cast<std::size_t>(team)] + " & " +
           players[static_cast<std::size_t>(team + 2)];
}

std::vector<std::string> split_words(const char* text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

float big_button_height() {
    return ImGui::GetFrameHeight() * 1.6f;
}

// A row of buttons that flows onto the next line at the panel's edge; returns the label
// clicked, or -1.
int button_row(const std::vector<std::string>& labels, const std::vector<bool>& enabled) {
    const float avail = ImGui::GetContentRegionAvail().x;
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    float x = 0;
    int clicked = -1;
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const float w = std::max(em(52), ImGui::CalcTextSize(labels[i].c_str()).x + em(20));
        if (x > 0 && x + w <= avail) {
            ImGui::SameLine();
        } else {
            x = 0;
        }
        if (!enabled[i]) ImGui::BeginDisabled();
        ImGui::PushID(static_cast<int>(i));
        if (ImGui::Button(labels[i].c_str(), ImVec2(w, big_button_height()))) {
            clicked = static_cast<int>(i);
        }
        ImGui::PopID();
        if (!enabled[i]) ImGui::EndDisabled();
        x += w + spacing;
    }
    return clicked;
}

// The rule sets the keeper compares, chosen here or in the Scores tab: one list, kept with the
// viewer's settings.
struct CompareChoice {
    Model& model;
    char* adding;
    std::size_t adding_size;
};

void draw_side_by_side(ScoreKeeper& k, const CompareChoice& choice);

// The height of a table of `rows` rows of one line each, the header among them: no row of
// blank space under the last, and no scroll bar while the rows fit.
float table_height(std::size_t rows) {
    const float row = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y;
    return row * static_cast<float>(rows) + 2;
}

// The running sheet: one row per hand scored under the game's rules (bids, tricks, each
// side's points, score and bags), then the rule sets side by side.
void draw_sheet(ScoreKeeper& k, const CompareChoice& choice) {
    const analyzer::Comparison& cmp = k.sheet();
    const ScoredGame& own = cmp.runs.front().scored;
    const RecordedGame& g = k.game();
    ImGui::TextUnformatted("Score sheet");
    const ImGuiTableFlags tf = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                               ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
    const float rows_h =
        std::min(ImGui::GetContentRegionAvail().y * 0.6f, table_height(own.hands.size() + 1));
    if (ImGui::BeginTable("keeper_sheet", 7, tf, ImVec2(0, std::max(rows_h, em(60))))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        for (const char* h : {"#", "dealer", "bids N E S W", "tricks", "N-S", "E-W", "bags"}) {
            ImGui::TableSetupColumn(h);
        }
        ImGui::TableHeadersRow();
        for (std::size_t i = 0; i < own.hands.size(); ++i) {
            const RecordedHand& h = g.hands[i];
            const HandRecord& r = own.hands[i];
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::Text("%zu", i + 1);
            ImGui::TableSetColumnIndex(1);
            ImGui::Text("%c", seat_char(h.dealer));
            ImGui::TableSetColumnIndex(2);
            ImGui::TextUnformatted(keeper_bids_cell(g, own, i).c_str());
            ImGui::TableSetColumnIndex(3);
            ImGui::Text("%d-%d", r.score[Team::NS].tricks, r.score[Team::EW].tricks);
            for (int t = 0; t < 2; ++t) {
                ImGui::TableSetColumnIndex(4 + t);
                const TeamHandScore& s = r.score.teams[static_cast<std::size_t>(t)];
                ImGui::PushStyleColor(ImGuiCol_Text, colours::team_colour(t));
                ImGui::Text("%+d = %d", s.delta, r.after[static_cast<std::size_t>(t)].score);
                ImGui::PopStyleColor();
                if (ImGui::IsItemHovered()) {
                    std::string lines;
                    for (const ScoreItem& item : s.items) lines += item.text + "\n";
                    ImGui::SetTooltip("%s", lines.c_str());
                }
            }
            ImGui::TableSetColumnIndex(6);
            // Which side paid a bag penalty this hand, by its label.
            std::string penalty;
            for (int t = 0; t < 2; ++t) {
                if (r.score.teams[static_cast<std::size_t>(t)].bag_penalties == 0) continue;
                penalty += (penalty.empty() ? "  " : ", ") + analyzer::partnership_label(t);
            }
            if (!penalty.empty()) penalty += " penalty";
            ImGui::Text("%d / %d%s", r.after[0].bags, r.after[1].bags, penalty.c_str());
        }
        ImGui::SetScrollHereY(1.0f);
        ImGui::EndTable();
    }
    ImGui::Spacing();
    draw_side_by_side(k, choice);
}

// The score after each hand under every rule set side by side, where each ended the game, and
// what a sheet cannot give a rule set.
void draw_side_by_side(ScoreKeeper& k, const CompareChoice& choice) {
    std::vector<std::string> rules = choice.model.compare_rules();
    ImGui::TextUnformatted("Compared with:");
    ImGui::SameLine();
    if (rule_set_chooser(rules, choice.adding, choice.adding_size)) {
        choice.model.set_compare_rules(rules);
        k.set_compare_rules(rules);
    }
    ImGui::Spacing();
    const analyzer::Comparison& cmp = k.sheet();
    const ScoredGame& own = cmp.runs.front().scored;
    const ImGuiTableFlags tf = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                               ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
    ImGui::TextUnformatted("Side by side (N-S : E-W after each hand)");
    const int cols = 1 + static_cast<int>(cmp.runs.size());
    // Room kept under the table for what each rule set cannot score on a sheet.
    std::size_t notes = 0;
    for (const auto& run : cmp.runs) notes += run.scored.not_scored.size();
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const float compare_h =
        std::min(ImGui::GetContentRegionAvail().y - static_cast<float>(notes) * 2.5f * line,
                 table_height(own.hands.size() + 2));
    if (ImGui::BeginTable("keeper_compare", cols, tf, ImVec2(0, std::max(compare_h, em(80))))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("#");
        for (const auto& run : cmp.runs) ImGui::TableSetupColumn(run.label.c_str());
        ImGui::TableHeadersRow();
        for (std::size_t i = 0; i < own.hands.size(); ++i) {
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::Text("%zu", i + 1);
            for (std::size_t r = 0; r < cmp.runs.size(); ++r) {
                ImGui::TableSetColumnIndex(static_cast<int>(r) + 1);
                const ScoredGame& s = cmp.runs[r].scored;
                const std::string cell = keeper_hand_cell(s, i);
                if (i < s.hands.size()) {
                    ImGui::TextUnformatted(cell.c_str());
                } else {
                    ImGui::TextDisabled("%s", cell.c_str());
                }
            }
        }
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextUnformatted("end");
        for (std::size_t r = 0; r < cmp.runs.size(); ++r) {
            ImGui::TableSetColumnIndex(static_cast<int>(r) + 1);
            const ScoredGame& s = cmp.runs[r].scored;
            const std::string cell = keeper_end_cell(s);
            if (s.result) {
                ImGui::TextUnformatted(cell.c_str());
            } else {
                ImGui::TextDisabled("%s", cell.c_str());
            }
        }
        ImGui::EndTable();
    }
    for (const auto& run : cmp.runs) {
        for (const std::string& gap : run.scored.not_scored) text_note(run.label + ": " + gap);
    }
}

}  // namespace

void KeeperPanel::draw(const PanelContext& ctx) {
    if (!ctx.keeper) return;
    ScoreKeeper& k = *ctx.keeper;
    if (!k.active()) {
        form(k, ctx.ui);
        return;
    }
    header(k, ctx.ui);
    if (!k.active()) return;  // left from the header
    const ImGuiTableFlags tf = ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("keeper_layout", 2, tf, ImGui::GetContentRegionAvail())) return;
    ImGui::TableSetupColumn("entry", ImGuiTableColumnFlags_WidthStretch, 0.48f);
    ImGui::TableSetupColumn("sheet", ImGuiTableColumnFlags_WidthStretch, 0.52f);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::BeginChild("keeper_entry");
    entry(k, ctx.ui);
    ImGui::EndChild();
    ImGui::TableSetColumnIndex(1);
    ImGui::BeginChild("keeper_sheet_child");
    draw_sheet(k, CompareChoice{ctx.model, add_rules_, sizeof add_rules_});
    ImGui::EndChild();
    ImGui::EndTable();
}

void KeeperPanel::form(ScoreKeeper& k, const UiState& ui) {
    ImGui::PushFont(ui.fonts.large);
    ImGui::TextUnformatted("New game: keep score at the table");
    ImGui::PopFont();
    ImGui::SameLine(std::max(ImGui::GetCursorPosX() + em(20), ImGui::GetWindowWidth() - em(90)));
    if (ImGui::Button("Close")) {
        k.close_form();
        return;
    }
    text_note("Partners sit opposite: North with South, East with West.");
    const float label_w = em(130);
    const float field_w = em(340);
    auto row = [&](const char* label) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(label);
        ImGui::SameLine(label_w);
        ImGui::SetNextItemWidth(field_w);
    };
    for (Seat s : kAllSeats) {
        const int i = index(s);
        row(std::string(seat_name(s)).c_str());
        ImGui::PushID(i);
        ImGui::InputTextWithHint("##player", "name", players_[i], sizeof players_[i]);
        ImGui::PopID();
    }
    row("First dealer");
    ImGui::Combo("##dealer", &dealer_, kSeatNames, 4);
    // The rules: a box to type a preset or a file into, and the presets' arrow against it,
    // the two as wide as every other field (the arrow ended past them, out of line).
    row("Rules");
    ImGui::SetNextItemWidth(field_w - ImGui::GetFrameHeight());
    ImGui::InputTextWithHint("##rules", "a preset or a rule set file", rules_, sizeof rules_);
    ImGui::SameLine(0, 0);
    if (ImGui::BeginCombo("##presets", "presets", ImGuiComboFlags_NoPreview)) {
        for (const PresetInfo& p : presets()) {
            if (ImGui::Selectable(std::string(p.name).c_str())) {
                copy_to(rules_, std::string(p.name));
            }
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(p.summary).c_str());
        }
        ImGui::EndCombo();
    }
    row("Changes");
    ImGui::InputTextWithHint("##overrides", "key=value ..., e.g. bag_limit=5 target=300",
                             overrides_, sizeof overrides_);
    row("Event");
    ImGui::InputTextWithHint("##event", "optional", event_, sizeof event_);
    row("Date");
    ImGui::InputTextWithHint("##date", "today", date_, sizeof date_);
    ImGui::Spacing();
    ImGui::SetCursorPosX(label_w);
    if (!k.has_library())
        ImGui::TextColored(colours::kMessageError, "No library: the game is not kept.");
    if (ImGui::Button("Start the game", ImVec2(em(200), big_button_height()))) {
        KeeperSetup s;
        for (int i = 0; i < 4; ++i) s.players[static_cast<std::size_t>(i)] = players_[i];
        s.dealer = static_cast<Seat>(dealer_);
        s.rules = rules_;
        s.overrides = split_words(overrides_);
        s.event = event_;
        s.date = date_;
        try {
            k.start(s);
            form_error_.clear();
            typed_[0] = 0;
            focus_typing_ = true;
        } catch (...) {
            form_error_ = caught_failure();
        }
    }
    if (!form_error_.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, colours::kMessageError);
        text_wrapped(form_error_);
        ImGui::PopStyleColor();
    }
    ImGui::Separator();
    kept_list(k);
}

std::vector<Command> KeeperPanel::commands() const {
    // Asks first, as the button does: the question's own button confirms.
    return {{"finish the kept game now", ImGuiKey_COUNT, "", [](const PanelContext& ctx) {
                 if (ctx.keeper) ctx.keeper->ask_finish();
             }}};
}

void KeeperPanel::kept_list(ScoreKeeper& k) {
    if (!k.has_library()) return;
    ImGui::TextUnformatted("Games kept in this library");
    std::vector<KeptGame> kept;
    try {
        kept = k.kept_games(true);
    } catch (...) {
        ImGui::TextColored(colours::kMessageError, "%s", caught_failure().c_str());
        return;
    }
    if (kept.empty()) {
        ImGui::TextDisabled("none yet");
        return;
    }
    const ImGuiTableFlags tf = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit |
                               ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV;
    if (!ImGui::BeginTable("kept_games", 6, tf, ImGui::GetContentRegionAvail())) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* h : {"", "started", "N-S", "E-W", "hands", "score"}) {
        ImGui::TableSetupColumn(h);
    }
    ImGui::TableHeadersRow();
    for (const KeptGame& g : kept) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::PushID(static_cast<int>(g.id));
        const char* label = g.over ? "Open" : "Resume";
        if (ImGui::SmallButton(label)) {
            try {
                k.resume(g.id);
                form_error_.clear();
                focus_typing_ = true;
            } catch (...) {
                form_error_ = caught_failure();
            }
        }
        ImGui::PopID();
        ImGui::TableSetColumnIndex(1);
        std::string when = g.created.substr(0, 16);  // UTC to the minute
        std::replace(when.begin(), when.end(), 'T', ' ');
        ImGui::TextUnformatted(when.c_str());
        // Each partnership in its colour, as everywhere else: names and score.
        const ImVec4 side[2] = {ImGui::ColorConvertU32ToFloat4(colours::team_colour(0)),
                                ImGui::ColorConvertU32ToFloat4(colours::team_colour(1))};
        for (int t = 0; t < 2; ++t) {
            ImGui::TableSetColumnIndex(2 + t);
            ImGui::TextColored(side[t], "%s", pair_names(g.setup.players, t).c_str());
        }
        ImGui::TableSetColumnIndex(4);
        ImGui::Text("%d%s", g.hands, g.over ? " (over)" : "");
        ImGui::TableSetColumnIndex(5);
        ImGui::TextColored(side[0], "%d", g.score[0]);
        ImGui::SameLine(0, 0);
        ImGui::TextUnformatted(" : ");
        ImGui::SameLine(0, 0);
        ImGui::TextColored(side[1], "%d", g.score[1]);
    }
    ImGui::EndTable();
}

void KeeperPanel::header(ScoreKeeper& k, const UiState& ui) {
    const KeeperSetup& s = k.setup();
    ImGui::PushFont(ui.fonts.large);
    ImGui::PushStyleColor(ImGuiCol_Text, colours::kNorthSouth);
    ImGui::TextUnformatted(pair_names(s.players, 0).c_str());
    ImGui::PopStyleColor();
    ImGui::SameLine();
    ImGui::TextUnformatted("vs");
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, colours::kEastWest);
    ImGui::TextUnformatted(pair_names(s.players, 1).c_str());
    ImGui::PopStyleColor();
    ImGui::PopFont();
    ImGui::SameLine(std::max(ImGui::GetCursorPosX() + em(20), ImGui::GetWindowWidth() - em(90)));
    if (ImGui::Button("Leave")) {
        k.leave();
        return;
    }
    std::string where =
        k.has_library() ? fmt::format("each entry is saved to the library (kept game #{})", k.id())
                        : std::string("no library: this game is not kept");
    text_note(fmt::format("{}Rules: {}  ·  {}  ·  {}", s.event.empty() ? "" : s.event + "  ·  ",
                          k.sheet().runs.front().label,
                          s.date.empty() ? "no date" : formats::shown_date(s.date), where));
    ImGui::Separator();
}

void KeeperPanel::entry(ScoreKeeper& k, const UiState& ui) {
    ImGui::PushFont(ui.fonts.large);
    if (k.step() == KeeperStep::Over) {
        ImGui::TextColored(colours::kMessageDone, "%s",
                           k.ended_early() ? "Finished early" : "Game over");
        ImGui::PopFont();
        text_wrapped(k.result_text());
        if (k.library_game()) {
            text_note(
                fmt::format("In the library as game #{}: the Scores tab compares it "
                            "under any rules.",
                            *k.library_game()));
        } else if (k.imported()) {
            text_note(
                "It went into the library when it ended, and has been deleted or edited "
                "there since.");
        }
    } else {
        ImGui::Text("Hand %d  ·  %s deals", k.hand() + 1,
                    std::string(seat_name(k.dealer())).c_str());
        ImGui::PopFont();
        this_hand(k);
        ImGui::Spacing();
        if (k.step() == KeeperStep::Bids) {
            bid_buttons(k);
        } else {
            tricks_buttons(k);
        }
        ImGui::Spacing();
        typing_box(k);
    }
    ImGui::Spacing();
    finish_question(k);
    if (k.imported() || k.ended_early()) {
        // The game is in the library: nothing more to enter or take back here.
        if (ImGui::Button("New game", ImVec2(em(200), big_button_height()))) {
            k.leave();
            k.open_form();
        }
        return;
    }
    const bool can_undo = !k.entries().empty();
    if (!can_undo) ImGui::BeginDisabled();
    if (ImGui::Button("Undo the last entry", ImVec2(0, big_button_height())) ||
        (can_undo && typed_[0] == 0 && ImGui::GetIO().KeyCtrl &&
         ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z)))) {
        k.undo();
        focus_typing_ = true;
    }
    if (!can_undo) ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::TextDisabled("Ctrl+Z");
    finish_button(k);
    if (!k.error().empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, colours::kMessageError);
        text_wrapped(k.error());
        ImGui::PopStyleColor();
    }
}

// "Finish now", for players who stop before the target: asked first, as it cannot be undone
// here (the game goes into the library and leaves the games under way).
void KeeperPanel::finish_button(ScoreKeeper& k) {
    ImGui::SameLine(0, em(40));
    const bool any = !k.sheet().runs.front().scored.hands.empty();
    ImGui::BeginDisabled(!any);
    if (ImGui::Button("Finish now", ImVec2(0, big_button_height()))) k.ask_finish();
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        ImGui::SetTooltip(any ? "end the game here and put it in the library"
                              : "no hand is finished yet");
    }
}

// The question, submitted every frame while a game is kept, so that it closes as soon as it
// is no longer asked (answered here or by a command).
void KeeperPanel::finish_question(ScoreKeeper& k) {
    constexpr const char* kAsk = "Finish the game now?";
    if (k.finish_asked() && !ImGui::IsPopupOpen(kAsk)) ImGui::OpenPopup(kAsk);
    if (!ImGui::BeginPopupModal(kAsk, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    if (!k.finish_asked()) {
        ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
        return;
    }
    const int hands = static_cast<int>(k.sheet().runs.front().scored.hands.size());
    ImGui::Text(
        "The %d finished hand%s go%s into the library as a score sheet, noted as "
        "ended early.",
        hands, hands == 1 ? "" : "s", hands == 1 ? "es" : "");
    if (!k.game().hands.back().bids.empty()) {
        ImGui::TextUnformatted("What is entered of the hand under way is dropped.");
    }
    if (ImGui::Button("Finish now")) k.confirm_finish();
    ImGui::SameLine();
    if (ImGui::Button("Keep playing") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
        k.cancel_finish();
    }
    ImGui::EndPopup();
}

// The four seats of the hand under way, in bidding order: each bid made, and the tricks
// entered once play is over; the seat asked next marked.
void KeeperPanel::this_hand(const ScoreKeeper& k) {
    const RecordedHand& h = k.game().hands.back();
    const SheetTricks& t = k.pending_tricks();
    const ImGuiTableFlags tf = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH;
    if (!ImGui::BeginTable("keeper_hand", 3, tf)) return;
    ImGui::TableSetupColumn("seat", ImGuiTableColumnFlags_WidthFixed, em(200));
    ImGui::TableSetupColumn("bid", ImGuiTableColumnFlags_WidthFixed, em(90));
    ImGui::TableSetupColumn("took", ImGuiTableColumnFlags_WidthFixed, em(90));
    ImGui::TableHeadersRow();
    auto slot = k.tricks_slot();
    for (int i = 1; i <= 4; ++i) {
        const Seat s = next(h.dealer, i);
        const auto si = static_cast<std::size_t>(index(s));
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        const bool asked = k.to_bid() == s || (slot && !slot->team && slot->who == index(s));
        ImGui::PushStyleColor(ImGuiCol_Text, colours::team_colour(index(team_of(s))));
        // A long name is cut to the column with "…", and shown whole on hover.
        const std::string seat = fmt::format("{} {}  ", asked ? "→" : " ", seat_char(s));
        const std::string& name = k.setup().players[si];
        ImGui::TextUnformatted(seat.c_str());
        ImGui::SameLine(0, 0);
        text_fitted(name, ImGui::GetContentRegionAvail().x);
        ImGui::PopStyleColor();
        ImGui::TableSetColumnIndex(1);
        if (static_cast<std::size_t>(i) <= h.bids.size()) {
            ImGui::TextUnformatted(bid_text(h.bids[static_cast<std::size_t>(i - 1)]).c_str());
        } else {
            ImGui::TextDisabled("-");
        }
        ImGui::TableSetColumnIndex(2);
        if (t.seats[si]) {
            ImGui::Text("%d", *t.seats[si]);
        } else if (t.teams[static_cast<std::size_t>(index(team_of(s)))] &&
                   s == members(team_of(s))[0]) {
            ImGui::Text("%d together", *t.teams[static_cast<std::size_t>(index(team_of(s)))]);
        }
    }
    ImGui::EndTable();
}

void KeeperPanel::bid_buttons(ScoreKeeper& k) {
    const Seat s = *k.to_bid();
    ImGui::Text("%s (%c) bids:", k.setup().players[static_cast<std::size_t>(index(s))].c_str(),
                seat_char(s));
    std::vector<Bid> open = k.open_bids();
    std::vector<Bid> seen, blind;
    for (Bid b : open) (b.is_blind() && b.kind() == Bid::Kind::Tricks ? blind : seen).push_back(b);
    std::vector<std::string> labels;
    for (Bid b : seen) labels.push_back(bid_text(b));
    int c = button_row(labels, std::vector<bool>(labels.size(), true));
    if (c >= 0) {
        k.enter_bid(seen[static_cast<std::size_t>(c)]);
        focus_typing_ = true;
    }
    if (!blind.empty()) {
        ImGui::TextDisabled("blind:");
        labels.clear();
        for (Bid b : blind) labels.push_back(to_string(b));
        c = button_row(labels, std::vector<bool>(labels.size(), true));
        if (c >= 0) {
            k.enter_bid(blind[static_cast<std::size_t>(c)]);
            focus_typing_ = true;
        }
    }
}

void KeeperPanel::tricks_buttons(ScoreKeeper& k) {
    bool per_team = k.team_tricks();
    const bool locked = !k.pending_tricks().empty();
    if (locked) ImGui::BeginDisabled();
    if (ImGui::RadioButton("per seat", !per_team)) k.set_team_tricks(false);
    ImGui::SameLine();
    if (ImGui::RadioButton("per partnership (nil bidders on their own)", per_team)) {
        k.set_team_tricks(true);
    }
    if (locked) ImGui::EndDisabled();
    auto slot = k.tricks_slot();
    if (!slot) return;
    std::string who = slot->team ? pair_names(k.setup().players, slot->who)
                                 : k.setup().players[static_cast<std::size_t>(slot->who)];
    ImGui::Text("Tricks taken by %s (%s):", who.c_str(), k.slot_name(*slot).c_str());
    std::vector<std::string> labels;
    std::vector<bool> enabled;
    for (int n = 0; n <= k.rules().hand_size(); ++n) {
        labels.push_back(std::to_string(n));
        enabled.push_back(k.check_text(labels.back()).empty());
    }
    const int c = button_row(labels, enabled);
    if (c >= 0) {
        k.enter_tricks(c);
        focus_typing_ = true;
    }
}

void KeeperPanel::typing_box(ScoreKeeper& k) {
    const bool bids = k.step() == KeeperStep::Bids;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("or type:");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em(200));
    if (focus_typing_) {
        ImGui::SetKeyboardFocusHere();
        focus_typing_ = false;
    }
    const std::string hint = bids ? bid_hint(k.rules()) : "tricks then Enter";
    const bool enter = ImGui::InputTextWithHint("##typed", hint.c_str(), typed_, sizeof typed_,
                                                ImGuiInputTextFlags_EnterReturnsTrue);
    if (enter) {
        if (k.enter_text(typed_)) typed_[0] = 0;
        focus_typing_ = true;
    }
    const std::string problem = k.check_text(typed_);
    if (!problem.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, colours::kMessageError);
        text_wrapped(problem);
        ImGui::PopStyleColor();
    }
}

}  // namespace spadework::viewer
