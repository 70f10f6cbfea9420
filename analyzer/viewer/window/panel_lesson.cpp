#include "panel_lesson.h"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "draw.h"
#include "failure.h"
#include "spadework/analyzer/review_words.h"

namespace spadework::viewer {

namespace {

const ImVec4 kGood(0.45f, 0.88f, 0.50f, 1.0f);
const ImVec4 kNotGood(1.0f, 0.62f, 0.30f, 1.0f);
const ImVec4 kError(1.0f, 0.40f, 0.35f, 1.0f);
const ImVec4 kNote(0.75f, 0.78f, 0.80f, 1.0f);
constexpr ImU32 kRowLearner = IM_COL32(60, 90, 160, 150);
constexpr ImU32 kRowRecommended = IM_COL32(40, 140, 70, 150);

bool has_tag(const RecordedGame& g, const std::string& key) {
    return std::any_of(g.tags.begin(), g.tags.end(), [&](const auto& t) { return t.first == key; });
}

// A value as the reveal prints it. Passes are valued in points even when the hand has a
// Need (review.h: need_points changes only how bids are valued).
std::string value_text(const analyzer::LessonHand& h, const analyzer::LessonVerdict& v,
                       double value) {
    if (h.ask == analyzer::LessonAsk::Pass) return fmt::format("{:+.1f} points", value);
    return analyzer::format_value(v, value);
}

// Cards as running text with the suit symbols, in the order of the hand: "K♠ Q♥ 5♦".
std::string cards_text(CardSet cards, const PlayOrder& order) {
    std::string out;
    for (Card c : in_hand_order(cards, order)) {
        if (!out.empty()) out += ' ';
        out += card_text(c);
    }
    return out;
}

std::string answer_text(const analyzer::LessonHand& h, const analyzer::LessonAnswer& a) {
    if (h.ask == analyzer::LessonAsk::Pass) return cards_text(a.pass, PlayOrder(h.game.rules));
    return a.bid ? bid_text(*a.bid) : "-";
}

std::string recommended_text(const analyzer::LessonHand& h) {
    if (h.ask == analyzer::LessonAsk::Pass)
        return cards_text(h.answer_pass, PlayOrder(h.game.rules));
    return bid_text(h.answer);
}

// Cards in running text with their suit symbols: "A♠ K♥ 2♣".
void text_card_list(CardSet cards, const PlayOrder& play_order) {
    std::vector<Card> order = in_hand_order(cards, play_order);
    for (std::size_t i = 0; i < order.size(); ++i) {
        if (i) ImGui::SameLine();
        text_card(order[i]);
    }
}

void spinner(float radius, ImU32 colour) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImVec2 p = ImGui::GetCursorScreenPos();
    ImVec2 c(p.x + radius, p.y + radius + 2);
    float t = static_cast<float>(ImGui::GetTime()) * 6.0f;
    dl->PathArcTo(c, radius, t, t + 4.4f, 24);
    dl->PathStroke(colour, 0, 3.0f);
    ImGui::Dummy(ImVec2(radius * 2 + 4, radius * 2 + 4));
}

// The partnership's tricks over the sampled layouts: a bar per count, its share above it
// when large enough to read, the count below.
void tricks_chart(const std::vector<double>& shares, const Fonts& fonts, float width,
                  float height) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImVec2 o = ImGui::GetCursorScreenPos();
    const float label_h = fonts.small->FontSize + 4;
    const float chart_h = height - 2 * label_h;
    const int n = static_cast<int>(shares.size());
    if (n == 0) return;
    double top = *std::max_element(shares.begin(), shares.end());
    if (top <= 0) top = 1;
    const float slot = width / static_cast<float>(n);
    dl->AddRectFilled(o, ImVec2(o.x + width, o.y + height), IM_COL32(0, 0, 0, 60), 4);
    const float base = o.y + label_h + chart_h;
    dl->AddLine(ImVec2(o.x, base), ImVec2(o.x + width, base), IM_COL32(150, 150, 150, 200));
    for (int i = 0; i < n; ++i) {
        float x0 = o.x + slot * static_cast<float>(i) + slot * 0.15f;
        float x1 = o.x + slot * static_cast<float>(i + 1) - slot * 0.15f;
        float h = static_cast<float>(shares[i] / top) * (chart_h - 2);
        if (shares[i] > 0) {
            dl->AddRectFilled(ImVec2(x0, base - std::max(h, 1.0f)), ImVec2(x1, base),
                              IM_COL32(90, 180, 115, 255), 2);
        }
        std::string count = std::to_string(i);
        ImVec2 cs = fonts.small->CalcTextSizeA(fonts.small->FontSize, FLT_MAX, 0, count.c_str());
        dl->AddText(fonts.small, fonts.small->FontSize, ImVec2((x0 + x1 - cs.x) / 2, base + 2),
                    IM_COL32(210, 210, 210, 255), count.c_str());
        if (shares[i] >= 0.04) {
            std::string pct = fmt::format("{:.0f}%", shares[i] * 100);
            ImVec2 ps = fonts.small->CalcTextSizeA(fonts.small->FontSize, FLT_MAX, 0, pct.c_str());
            dl->AddText(fonts.small, fonts.small->FontSize,
                        ImVec2((x0 + x1 - ps.x) / 2, base - h - ps.y - 1),
                        IM_COL32(230, 230, 230, 255), pct.c_str());
        }
    }
    ImGui::Dummy(ImVec2(width, height));
}

void what_is_known(const analyzer::LessonHand& h);
void why(const analyzer::LessonHand& h, const LessonResult& result, UiState& ui);

}  // namespace

void lessons_menu_items(LessonMode& lessons, std::string& start_error) {
    const auto& entries = lessons.catalogue();
    if (!lessons.catalogue_error().empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, colours::kMessageError);
        ImGui::TextUnformatted(lessons.catalogue_error().c_str());
        ImGui::PopStyleColor();
    } else if (entries.empty()) {
        ImGui::TextDisabled("no lessons in %s", lessons.lessons_dir().string().c_str());
    }
    for (const LessonEntry& e : entries) {
        std::string label = fmt::format("{}  ({} questions)", e.title, e.questions);
        bool current = lessons.active() && lessons.lesson()->name == e.name;
        ImGui::PushID(e.name.c_str());
        if (ImGui::MenuItem(label.c_str(), e.name.c_str(), current)) {
            try {
                lessons.start(e.name);
                start_error.clear();
            } catch (...) {
                start_error = caught_failure();
            }
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", e.point.c_str());
        ImGui::PopID();
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Read the folders again")) lessons.reload();
    if (ImGui::MenuItem("Leave the lesson", nullptr, false, lessons.active())) lessons.leave();
    ImGui::TextDisabled("%s", lessons.lessons_dir().string().c_str());
    if (lessons.my_lessons_dir().empty()) return;
    ImGui::TextDisabled("and yours: %s%s", lessons.my_lessons_dir().string().c_str(),
                        lessons.my_lessons_missing() ? " (no such folder yet)" : "");
}

void LessonPanel::draw(const PanelContext& ctx) {
    mode_ = &ctx.lessons;
    UiState& ui = ctx.ui;
    if (!mode_->active()) return;
    header(ui);
    if (!mode_->active()) return;  // left from the header
    if (mode_->finished()) {
        summary(ui);
        return;
    }
    ImGuiTableFlags tf = ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("lesson_layout", 2, tf, ImGui::GetContentRegionAvail())) return;
    ImGui::TableSetupColumn("question", ImGuiTableColumnFlags_WidthStretch, 0.53f);
    ImGui::TableSetupColumn("reveal", ImGuiTableColumnFlags_WidthStretch, 0.47f);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::BeginChild("lesson_question");
    question(ui);
    ImGui::EndChild();
    ImGui::TableSetColumnIndex(1);
    ImGui::BeginChild("lesson_reveal");
    reveal(ui);
    ImGui::EndChild();
    ImGui::EndTable();
}

void LessonPanel::header(UiState& ui) {
    const analyzer::Lesson& lesson = *mode_->lesson();
    ImGui::PushFont(ui.fonts.large);
    ImGui::TextUnformatted(lesson.title.c_str());
    ImGui::PopFont();
    // The learner's name and leaving, on the right of the title: as wide as they are drawn at
    // this text size (a fixed width cut the button off in a large window's larger text).
    const ImGuiStyle& style = ImGui::GetStyle();
    // The box holds its hint whole (a longer hint was cut to "answers are k"); what the name
    // is for is said on hover.
    const char* const hint = "your name";
    const float box_w =
        std::max(em(180), ImGui::CalcTextSize(hint).x + 2 * style.FramePadding.x + em(4));
    const float right_w = ImGui::CalcTextSize("Learner").x + box_w +
                          ImGui::CalcTextSize("Leave the lesson").x + 2 * style.FramePadding.x +
                          2 * style.ItemSpacing.x + style.WindowPadding.x + em(4);
    ImGui::SameLine(std::max(ImGui::GetCursorPosX() + 20, ImGui::GetWindowWidth() - right_w));
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Learner");
    ImGui::SameLine();
    if (!editing_name_) learner_box_ = mode_->learner();
    std::array<char, 64> buf{};
    std::strncpy(buf.data(), learner_box_.c_str(), buf.size() - 1);
    ImGui::SetNextItemWidth(box_w);
    if (ImGui::InputTextWithHint("##learner", hint, buf.data(), buf.size())) {
        learner_box_ = buf.data();
    }
    editing_name_ = ImGui::IsItemActive();
    if (ImGui::IsItemDeactivatedAfterEdit()) mode_->set_learner(learner_box_);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("your name: answers are kept in the library by this name");
    ImGui::SameLine();
    if (ImGui::Button("Leave the lesson")) {
        mode_->leave();
        return;
    }
    ImGui::PushStyleColor(ImGuiCol_Text, kNote);
    ImGui::TextWrapped("%s", lesson.point.c_str());
    ImGui::PopStyleColor();
    ImGui::Separator();
}

void LessonPanel::question(UiState& ui) {
    const analyzer::LessonHand& h = *mode_->hand();
    const analyzer::Lesson& lesson = *mode_->lesson();
    const RecordedHand& rh = h.game.hands.front();
    const LessonResult* result = mode_->result();
    ImGui::Text("Question %d of %zu", h.number, lesson.hands.size());
    ImGui::SameLine();
    ImGui::TextDisabled("%s rules - you are %s, %s", h.game.rules.name.c_str(),
                        std::string(seat_name(h.learner)).c_str(),
                        rh.dealer == h.learner
                            ? "you deal"
                            : (std::string(seat_name(rh.dealer)) + " deals").c_str());

    learner_hand(ui);
    ImGui::PushFont(ui.fonts.large);
    ImGui::TextWrapped("%s", h.question.c_str());
    ImGui::PopFont();
    what_is_known(h);
    ImGui::Spacing();
    answer_entry(ui);
    if (result) why(h, *result, ui);
}

// The learner's hand on a strip of felt. A blind question shows the backs until the answer
// is in; a pass question lifts the cards picked.
void LessonPanel::learner_hand(UiState& ui) {
    const analyzer::LessonHand& h = *mode_->hand();
    const RecordedHand& rh = h.game.hands.front();
    const LessonResult* result = mode_->result();
    const bool blind = h.blind() && !result;
    CardSet cards = h.blind() ? rh.deal[h.learner] : h.shown_hand();
    std::vector<Card> order = in_hand_order(cards, PlayOrder(h.game.rules));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float avail = ImGui::GetContentRegionAvail().x;
    const float n = static_cast<float>(std::max<std::size_t>(order.size(), 1));
    const float card_w = std::clamp((avail - em(40)) / (1 + (n - 1) * 0.6f), em(36), em(78));
    const float card_h = card_w * 1.42f;
    const float lift = h.ask == analyzer::LessonAsk::Pass ? em(16) : 0.0f;
    const float felt_h = card_h + lift + em(28);
    ImVec2 o = ImGui::GetCursorScreenPos();
    dl->AddRectFilled(o, ImVec2(o.x + avail, o.y + felt_h), colours::kFelt, 10);
    dl->AddRect(o, ImVec2(o.x + avail, o.y + felt_h), colours::kFeltEdge, 10, 0, 3.0f);
    const float step = card_w * 0.6f;
    const float fan_w = card_w + step * (n - 1);
    float x = o.x + (avail - fan_w) / 2;
    const CardSet picked = result ? result->parsed.pass : mode_->pass_pick();
    for (std::size_t i = 0; i < order.size(); ++i) {
        Card c = order[i];
        CardLook look;
        look.face_up = !blind;
        bool up = picked.contains(c);
        if (up) look.outline = colours::kGold;
        if (result && h.ask == analyzer::LessonAsk::Pass && h.answer_pass.contains(c)) {
            look.outline = colours::kBest;  // the recommended pass, once revealed
        }
        ImVec2 at(x + step * static_cast<float>(i), o.y + 14 + lift - (up ? lift : 0));
        std::string id = "lc" + std::to_string(i);
        bool clicked = draw_card(dl, at, ImVec2(card_w, card_h), c, ui.fonts, look, id.c_str(),
                                 i + 1 < order.size() ? step : 0);
        if (clicked) mode_->toggle_pass_card(c);
    }
    if (blind) {
        const char* note = "You have not looked at your cards.";
        ImVec2 ts = ImGui::CalcTextSize(note);
        dl->AddRectFilled(ImVec2(o.x + (avail - ts.x) / 2 - 8, o.y + felt_h / 2 - ts.y / 2 - 4),
                          ImVec2(o.x + (avail + ts.x) / 2 + 8, o.y + felt_h / 2 + ts.y / 2 + 4),
                          IM_COL32(0, 0, 0, 180), 6);
        dl->AddText(ImVec2(o.x + (avail - ts.x) / 2, o.y + felt_h / 2 - ts.y / 2),
                    colours::kTextOnFelt, note);
    }
    ImGui::SetCursorScreenPos(ImVec2(o.x, o.y + felt_h + 6));
    if (result && h.ask == analyzer::LessonAsk::Pass) {
        ImGui::TextDisabled("raised, gold: your pass - green: the recommended pass");
    }
}

namespace {

// What the learner knows: the bids so far and the score situation.
void what_is_known(const analyzer::LessonHand& h) {
    if (h.ask == analyzer::LessonAsk::Bid) {
        auto bids = h.bids_before();
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted("Bids so far:");
        if (bids.empty()) {
            ImGui::SameLine();
            ImGui::TextDisabled("none - you bid first");
        }
        for (const auto& [seat, bid] : bids) {
            ImGui::SameLine(0, 14);
            std::string who = std::string(seat_name(seat));
            if (seat == partner(h.learner)) who += " (partner)";
            ImGui::Text("%s:", who.c_str());
            ImGui::SameLine(0, 4);
            ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.4f, 1.0f), "%s", bid_text(bid).c_str());
        }
    }
    const RuleSet& rules = h.game.rules;
    if (has_tag(h.game, "Score")) {
        Team us = team_of(h.learner);
        auto side = [&](Team t) {
            const TeamStanding& s = h.before[index(t)];
            std::string who =
                t == us ? fmt::format("your side ({})", team_name(t)) : std::string(team_name(t));
            return rules.counts_bags() ? fmt::format("{} {}, {} bags", who, s.score, s.bags)
                                       : fmt::format("{} {}", who, s.score);
        };
        std::string line =
            fmt::format("Score: {} - {}   (game to {}", side(us), side(opponent(us)), rules.target);
        if (rules.counts_bags())
            line += fmt::format(", {} bags cost {}", rules.bag_limit, rules.bag_penalty);
        ImGui::TextUnformatted((line + ")").c_str());
    }
    if (h.need) {
        ImGui::TextColored(kNotGood,
                           "Your side needs %d points this hand: a bid is worth its chance of "
                           "making them.",
                           *h.need);
    }
}

// After the reveal, why: the lesson's explanation and the tricks the samples gave.
void why(const analyzer::LessonHand& h, const LessonResult& result, UiState& ui) {
    ImGui::Separator();
    ImGui::TextColored(kGood, "Why");
    ImGui::TextWrapped("%s", h.explanation.c_str());
    if (const auto& d = result.verdict.bid) {
        ImGui::Spacing();
        ImGui::Text("Your side's tricks, double dummy, over %d sampled layouts", d->samples);
        if (auto note = analyzer::weighted_layouts_note(*d)) text_note(*note);
        float w = ImGui::GetContentRegionAvail().x;
        tricks_chart(d->tricks, ui.fonts, w,
                     std::clamp(ImGui::GetContentRegionAvail().y - 4, em(90), em(150)));
        if (d->nil_kept) {
            ImGui::TextDisabled("A nil by you would be kept in %.0f%% of them.",
                                *d->nil_kept * 100);
        }
        if (d->unsettled_nils > 0) {
            ImGui::TextDisabled(
                "On %d of them a nil was not settled within the search's "
                "budget and counts as broken.",
                d->unsettled_nils);
        }
    }
}

}  // namespace

void LessonPanel::answer_entry(UiState&) {
    const analyzer::LessonHand& h = *mode_->hand();
    const LessonResult* result = mode_->result();
    if (result) {
        ImGui::Text("You answered: %s", answer_text(h, result->parsed).c_str());
        return;
    }
    const bool busy = mode_->thinking();
    if (busy) ImGui::BeginDisabled();
    if (h.ask == analyzer::LessonAsk::Bid) {
        ImGui::TextUnformatted(h.blind() ? "Your bid (before you look):" : "Your bid:");
        float avail = ImGui::GetContentRegionAvail().x;
        float x = 0;
        const float bw = 46;
        for (Bid b : mode_->legal_bids()) {
            std::string label = bid_text(b);
            float w = std::max(bw, ImGui::CalcTextSize(label.c_str()).x + 16);
            if (x > 0 && x + w <= avail) {
                ImGui::SameLine();
            } else if (x > 0) {
                x = 0;
            }
            if (ImGui::Button(label.c_str(), ImVec2(w, ImGui::GetFrameHeight() * 1.4f)))
                mode_->answer(to_string(b));
            x += w + ImGui::GetStyle().ItemSpacing.x;
        }
    } else {
        ImGui::Text("Click %d cards to pass to your partner, then Pass. Picked:",
                    mode_->pass_needed());
        ImGui::SameLine();
        if (mode_->pass_pick().empty()) {
            ImGui::TextDisabled("none");
        } else {
            text_card_list(mode_->pass_pick(), PlayOrder(mode_->hand()->game.rules));
        }
        bool ready = mode_->pass_pick().size() == mode_->pass_needed();
        if (!ready) ImGui::BeginDisabled();
        if (ImGui::Button("Pass", ImVec2(em(90), ImGui::GetFrameHeight() * 1.4f)))
            mode_->answer_pass();
        if (!ready) ImGui::EndDisabled();
    }
    if (busy) ImGui::EndDisabled();
    if (!mode_->error().empty()) ImGui::TextColored(kError, "%s", mode_->error().c_str());
}

// Before the verdict: thinking, or what the verdict will say. False once there is one.
bool LessonPanel::waiting_for_answer() {
    const analyzer::LessonHand& h = *mode_->hand();
    if (mode_->thinking()) {
        spinner(11, colours::kGold);
        ImGui::SameLine();
        ImGui::AlignTextToFramePadding();
        ImGui::Text("Thinking... judging %s over %d sampled layouts",
                    mode_->thinking_answer().c_str(), mode_->lesson()->samples);
        return true;
    }
    if (!mode_->result()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled(
            "Answer on the left. The verdict comes here: the recommended %s and why, "
            "what yours would have scored on average over %d layouts of the unseen cards, "
            "and every other %s's worth.",
            h.ask == analyzer::LessonAsk::Bid ? "bid" : "pass", mode_->lesson()->samples,
            h.ask == analyzer::LessonAsk::Bid ? "bid" : "pass");
        ImGui::PopTextWrapPos();
        LessonTally t = mode_->tally();
        if (t.answered > 0) {
            ImGui::Text("So far: %d of %d answers good", t.good, t.answered);
        }
        if (!mode_->error().empty() && h.ask == analyzer::LessonAsk::Bid) {
            ImGui::TextColored(kError, "%s", mode_->error().c_str());
        }
        return true;
    }
    return false;
}

namespace {

constexpr ImGuiTableFlags kValueTable = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                                        ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_ScrollY;

// The height of a table of values: as tall as its rows, or the space left above the Next
// button (then it scrolls).
float table_height(std::size_t rows) {
    const float room = ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() * 3;
    const float row_h = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2 + 1;
    return std::max(std::min(room, row_h * static_cast<float>(rows + 1) + 4), em(120));
}

// The marks of a row: the learner's, the recommended, the best.
std::string row_marks(bool mine, bool recommended, bool best) {
    std::string marks;
    auto add = [&](const char* m) { marks += (marks.empty() ? "" : ", ") + std::string(m); };
    if (mine) add("yours");
    if (recommended) add("recommended");
    if (best) add("best");
    return marks;
}

void row_colour(bool mine, bool recommended) {
    if (recommended) {
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, kRowRecommended);
    } else if (mine) {
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, kRowLearner);
    }
}

// Every bid's value, the learner's and the recommended rows marked. Blind nil is open only
// before the cards are seen: not a row for a seen hand.
void bid_values(const analyzer::LessonHand& h, const analyzer::LessonVerdict& v,
                const LessonResult& result) {
    std::vector<analyzer::BidOption> rows;
    for (const analyzer::BidOption& opt : v.bid->options) {
        if (opt.bid.kind() != Bid::Kind::BlindNil || h.blind()) rows.push_back(opt);
    }
    if (!ImGui::BeginTable("bid_values", 4, kValueTable, ImVec2(0, table_height(rows.size())))) {
        return;
    }
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("bid", 0, 0.8f);
    ImGui::TableSetupColumn(v.chance ? "chance of the need (95%)" : "expected (95%)", 0, 1.6f);
    ImGui::TableSetupColumn("made", 0, 0.8f);
    ImGui::TableSetupColumn("", 0, 1.6f);
    ImGui::TableHeadersRow();
    for (const analyzer::BidOption& opt : rows) {
        ImGui::TableNextRow();
        bool mine = result.parsed.bid && *result.parsed.bid == opt.bid;
        bool rec = opt.bid == h.answer;
        row_colour(mine, rec);
        ImGui::TableSetColumnIndex(0);
        ImGui::TextUnformatted(bid_text(opt.bid).c_str());
        ImGui::TableSetColumnIndex(1);
        ImGui::TextUnformatted(analyzer::format_value(v, opt.expected, opt.error).c_str());
        ImGui::TableSetColumnIndex(2);
        ImGui::Text("%.0f%%", opt.made * 100);
        ImGui::TableSetColumnIndex(3);
        ImGui::TextUnformatted(row_marks(mine, rec, opt.bid == v.bid->best).c_str());
    }
    ImGui::EndTable();
    text_note(std::string(analyzer::kMadeColumnNote));
}

// The best passes and the learner's, marked the same way.
void pass_values(const analyzer::LessonHand& h, const analyzer::LessonVerdict& v,
                 const LessonResult& result) {
    ImGui::TextDisabled("The best passes of %d, and yours:", v.pass->candidates);
    if (!ImGui::BeginTable("pass_values", 3, kValueTable,
                           ImVec2(0, table_height(v.pass->options.size())))) {
        return;
    }
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("pass", 0, 1.6f);
    ImGui::TableSetupColumn("expected (95%)", 0, 1.2f);
    ImGui::TableSetupColumn("", 0, 1.4f);
    ImGui::TableHeadersRow();
    for (const analyzer::PassOption& opt : v.pass->options) {
        ImGui::TableNextRow();
        bool mine = opt.cards == result.parsed.pass;
        bool rec = opt.cards == h.answer_pass;
        row_colour(mine, rec);
        ImGui::TableSetColumnIndex(0);
        text_card_list(opt.cards, PlayOrder(h.game.rules));
        ImGui::TableSetColumnIndex(1);
        ImGui::TextUnformatted(analyzer::format_value(v, opt.expected, opt.error).c_str());
        ImGui::TableSetColumnIndex(2);
        ImGui::TextUnformatted(row_marks(mine, rec, opt.cards == v.pass->best).c_str());
    }
    ImGui::EndTable();
}

}  // namespace

void LessonPanel::reveal(UiState& ui) {
    if (waiting_for_answer()) return;
    const analyzer::LessonHand& h = *mode_->hand();
    const LessonResult* result = mode_->result();
    const analyzer::LessonVerdict& v = result->verdict;
    const bool is_bid = h.ask == analyzer::LessonAsk::Bid;
    ImGui::PushFont(ui.fonts.large);
    if (v.learner_ok) {
        ImGui::TextColored(kGood, "✓ Good %s", is_bid ? "bid" : "pass");
    } else {
        ImGui::TextColored(kNotGood, "✗ Not a good %s", is_bid ? "bid" : "pass");
    }
    ImGui::PopFont();
    if (is_bid) {
        ImGui::Text("Recommended: %s", recommended_text(h).c_str());
    } else {
        ImGui::TextUnformatted("Recommended:");
        ImGui::SameLine();
        text_card_list(h.answer_pass, PlayOrder(h.game.rules));
    }
    const std::string yours = answer_text(h, result->parsed);
    if (v.chance && is_bid) {
        ImGui::TextWrapped(
            "Your bid (%s) makes the %d points needed in %s of the layouts; the recommended "
            "in %s, the best in %s.",
            yours.c_str(), h.need.value_or(0), value_text(h, v, result->value).c_str(),
            value_text(h, v, v.recommended).c_str(), value_text(h, v, v.best).c_str());
    } else {
        ImGui::TextWrapped(
            "Your %s (%s) would have scored %s on average; the recommended %s, the best %s.",
            is_bid ? "bid" : "pass", yours.c_str(), value_text(h, v, result->value).c_str(),
            value_text(h, v, v.recommended).c_str(), value_text(h, v, v.best).c_str());
    }
    ImGui::Spacing();

    if (is_bid && v.bid) {
        bid_values(h, v, *result);
    } else if (v.pass) {
        pass_values(h, v, *result);
    }
    if (result->stored) {
        ImGui::TextDisabled("Kept in the library for %s.", mode_->learner().c_str());
    } else if (!mode_->has_library()) {
        ImGui::TextDisabled("No library: this answer is not kept.");
    }
    if (!mode_->error().empty()) ImGui::TextColored(kError, "%s", mode_->error().c_str());
    const bool last = h.number == static_cast<int>(mode_->lesson()->hands.size());
    if (ImGui::Button(last ? "See your score" : "Next question",
                      ImVec2(em(160), ImGui::GetFrameHeight() * 1.4f)))
        mode_->next();
}

void LessonPanel::summary(UiState& ui) {
    const analyzer::Lesson& lesson = *mode_->lesson();
    LessonTally t = mode_->tally();
    ImGui::PushFont(ui.fonts.large);
    ImGui::Text("Lesson done: %d of %d answers good", t.good, t.questions);
    ImGui::PopFont();
    std::string lost = fmt::format("Points lost against the best answers: {:.1f}", t.points_lost);
    if (t.chance_lost > 0) {
        lost += fmt::format("; chance lost where a need counted: {:.0f}%", t.chance_lost * 100);
    }
    ImGui::TextUnformatted(lost.c_str());
    ImGui::Spacing();
    ImGuiTableFlags tf =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("lesson_answers", 6, tf)) {
        ImGui::TableSetupColumn("question", 0, 0.7f);
        ImGui::TableSetupColumn("your answer", 0, 1.2f);
        ImGui::TableSetupColumn("recommended", 0, 1.2f);
        ImGui::TableSetupColumn("yours was worth", 0, 1.2f);
        ImGui::TableSetupColumn("the best", 0, 1.2f);
        ImGui::TableSetupColumn("", 0, 0.8f);
        ImGui::TableHeadersRow();
        for (std::size_t i = 0; i < lesson.hands.size(); ++i) {
            const analyzer::LessonHand& h = lesson.hands[i];
            const auto& r = mode_->results()[i];
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::Text("%d", h.number);
            ImGui::TableSetColumnIndex(1);
            ImGui::TextUnformatted(r ? answer_text(h, r->parsed).c_str() : "-");
            ImGui::TableSetColumnIndex(2);
            ImGui::TextUnformatted(recommended_text(h).c_str());
            if (!r) continue;
            ImGui::TableSetColumnIndex(3);
            ImGui::TextUnformatted(value_text(h, r->verdict, r->value).c_str());
            ImGui::TableSetColumnIndex(4);
            ImGui::TextUnformatted(value_text(h, r->verdict, r->verdict.best).c_str());
            ImGui::TableSetColumnIndex(5);
            if (r->verdict.learner_ok) {
                ImGui::TextColored(kGood, "✓ good");
            } else {
                ImGui::TextColored(kNotGood, "✗ not good");
            }
        }
        ImGui::EndTable();
    }
    ImGui::Spacing();
    if (ImGui::Button("Start again", ImVec2(140, 30))) mode_->restart();
    ImGui::SameLine();
    if (ImGui::Button("Back to the table", ImVec2(em(160), ImGui::GetFrameHeight() * 1.4f))) {
        mode_->leave();
        return;
    }
    ImGui::Separator();
    if (!mode_->has_library()) {
        ImGui::TextDisabled("No library: scores are not kept.");
        return;
    }
    ImGui::Text("Scores kept for %s, from the latest answer to each question",
                mode_->learner().empty() ? "(no name)" : mode_->learner().c_str());
    if (mode_->stored_scores().empty()) {
        ImGui::TextDisabled("none yet");
        return;
    }
    if (ImGui::BeginTable("kept_scores", 5, tf)) {
        ImGui::TableSetupColumn("lesson", 0, 1.6f);
        ImGui::TableSetupColumn("answered", 0, 0.8f);
        ImGui::TableSetupColumn("good", 0, 0.8f);
        ImGui::TableSetupColumn("lost", 0, 0.8f);
        ImGui::TableSetupColumn("last", 0, 1.4f);
        ImGui::TableHeadersRow();
        for (const analyzer::LessonScore& s : mode_->stored_scores()) {
            ImGui::TableNextRow();
            if (s.lesson == lesson.name) {
                ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, kRowLearner);
            }
            ImGui::TableSetColumnIndex(0);
            ImGui::TextUnformatted(s.lesson.c_str());
            for (const LessonEntry& e : mode_->catalogue()) {
                if (e.name != s.lesson) continue;
                ImGui::SameLine();
                ImGui::TextDisabled("%s", e.title.c_str());
            }
            ImGui::TableSetColumnIndex(1);
            ImGui::Text("%d", s.answered);
            ImGui::TableSetColumnIndex(2);
            ImGui::Text("%d", s.good);
            ImGui::TableSetColumnIndex(3);
            ImGui::Text("%.1f", s.lost);
            ImGui::TableSetColumnIndex(4);
            ImGui::TextUnformatted(s.last.c_str());
        }
        ImGui::EndTable();
    }
}

}  // namespace spadework::viewer
