#include "panel_editor.h"

#include <fmt/core.h>

#include <algorithm>
#include <cstring>

#include "draw.h"
#include "table_layout.h"

namespace spadework::viewer {

namespace {

// The seat's short name in its partnership's colour.
void seat_label(Seat s) {
    ImGui::PushStyleColor(ImGuiCol_Text, colours::team_colour(index(team_of(s))));
    ImGui::TextUnformatted(kSeatNames[index(s)]);
    ImGui::PopStyleColor();
}

// The cards each seat gave its partner (the passes, or a blind bid's exchange), in seat order
// from the dealer's left; nothing while none is entered.
void cards_given(const char* label, const std::array<CardSet, 4>& given, Seat dealer,
                 const PlayOrder& order) {
    bool any = false;
    for (int i = 1; i <= 4; ++i) {
        const Seat s = next(dealer, i);
        if (given[index(s)].empty()) continue;
        if (!any) ImGui::TextUnformatted(label);
        any = true;
        ImGui::SameLine(0, em(8));
        seat_label(s);
        for (Card c : in_hand_order(given[index(s)], order)) {
            ImGui::SameLine(0, em(4));
            same_line_or_wrap(card_text_width(c));
            text_card(c);
        }
    }
}

}  // namespace

PickerSize picker_size(float width, float height, float gap, float min_w, int rows) {
    constexpr float kAspect = 1.3f;
    const float by_width = (width - 12 * gap) / 13;
    const float by_height =
        (height - static_cast<float>(rows) * gap) / static_cast<float>(rows) / kAspect;
    PickerSize p;
    p.card_w = std::min(by_width, by_height);
    p.fits = p.card_w >= min_w;
    p.card_w = std::max(p.card_w, min_w);
    p.card_h = p.card_w * kAspect;
    return p;
}

std::vector<Command> EditorPanel::commands() const {
    auto with = [](void (*f)(EditorMode&)) {
        return [f](const PanelContext& ctx) {
            if (ctx.editor && ctx.editor->shown()) f(*ctx.editor);
        };
    };
    return {
        {"new deal", ImGuiKey_COUNT, "",
         [](const PanelContext& ctx) {
             if (ctx.editor && !ctx.lessons.active() && !(ctx.keeper && ctx.keeper->shown())) {
                 ctx.editor->open();
             }
         }},
        {"deal the rest at random", ImGuiKey_COUNT, "", with([](EditorMode& e) { e.deal_rest(); })},
        {"rotate the deal", ImGuiKey_COUNT, "", with([](EditorMode& e) { e.rotate(); })},
        {"clear the deal", ImGuiKey_COUNT, "", with([](EditorMode& e) { e.clear(); })},
        {"take back the last card or bid", ImGuiKey_COUNT, "",
         with([](EditorMode& e) { e.undo(); })},
        {"leave the deal editor", ImGuiKey_COUNT, "", with([](EditorMode& e) { e.leave(); })},
    };
}

void EditorPanel::draw(const PanelContext& ctx) {
    if (!ctx.editor || !ctx.editor->shown()) return;
    EditorMode& e = *ctx.editor;
    e.poll();
    // A question saved into the teacher's folder is offered by the Lessons menu at once.
    if (e.lesson_saves() != lesson_saves_seen_) {
        lesson_saves_seen_ = e.lesson_saves();
        ctx.lessons.reload();
    }
    if (!lesson_fields_) {
        copy_to(folder_, e.lessons_folder.string());
        copy_to(lesson_name_, e.lesson.name);
        copy_to(lesson_title_, e.lesson.title);
        copy_to(point_, e.lesson.point);
        copy_to(question_, e.lesson.question);
        lesson_fields_ = true;
    }
    header(e);
    const ImGuiTableFlags tf = ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("editor_layout", 2, tf, ImGui::GetContentRegionAvail())) return;
    ImGui::TableSetupColumn("cards", ImGuiTableColumnFlags_WidthStretch, 0.52f);
    ImGui::TableSetupColumn("auction", ImGuiTableColumnFlags_WidthStretch, 0.48f);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::BeginChild("editor_cards");
    picker(e, ctx.ui);
    const float below_from = ImGui::GetCursorPosY();
    deal_tools(e);
    constraints(e);
    below_picker_h_ = ImGui::GetCursorPosY() - below_from;
    ImGui::EndChild();
    ImGui::TableSetColumnIndex(1);
    ImGui::BeginChild("editor_auction");
    hands(e);
    auction(e, ctx.ui);
    comment_box(e);
    saving(e);
    ImGui::EndChild();
    ImGui::EndTable();
}

void EditorPanel::header(EditorMode& e) {
    const analyzer::DealEditor& ed = e.editor();
    ImGui::PushFont(nullptr);
    const std::string title =
        ed.from_record()  ? fmt::format("Hand {} of a game", ed.record_hand() + 1)
        : ed.from_sheet() ? fmt::format("Hand {} of a score sheet", ed.sheet_hand() + 1)
                          : std::string("New deal");
    ImGui::TextUnformatted(title.c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em(140));
    if (ImGui::BeginCombo("rules", ed.rules().name.c_str())) {
        for (const PresetInfo& p : presets()) {
            std::string name(p.name);
            if (ImGui::Selectable(name.c_str(), name == ed.rules().name)) e.set_rules(name);
        }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em(90));
    int dealer = index(ed.dealer());
    if (ImGui::Combo("dealer", &dealer, kSeatNames, 4)) e.set_dealer(static_cast<Seat>(dealer));
    ImGui::SameLine();
    if (ImGui::Button("Leave")) e.leave();
    if (ed.from_sheet()) {
        // The title above names the hand already.
        ImGui::TextUnformatted("The sheet's bids:");
        for (std::size_t i = 0; i < ed.sheet_bids().size(); ++i) {
            ImGui::SameLine();
            Seat by = next(ed.dealer(), static_cast<int>(i) + 1);
            ImGui::Text("%c %s", seat_char(by), bid_text(ed.sheet_bids()[i]).c_str());
        }
        if (ed.complete() && ed.bids().size() < ed.sheet_bids().size()) {
            ImGui::SameLine();
            if (ImGui::SmallButton("Enter the sheet's bids")) e.enter_sheet_bids();
        }
    }
    if (!e.message().empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text,
                              e.error() ? colours::kMessageError : colours::kMessageDone);
        text_wrapped(e.message());
        ImGui::PopStyleColor();
    }
    ImGui::Separator();
}

// The 52 cards, a row per suit (and the jokers' row), as large as the column holds over the
// tools under them; a placed card carries its seat's letter and colour.
void EditorPanel::picker(EditorMode& e, const UiState& ui) {
    const analyzer::DealEditor& ed = e.editor();
    // Once a pass or a bid is in, the cards stay as they are (a change would drop the auction
    // and the play): said here rather than on a click.
    if (ed.auction_begun()) {
        text_note("The cards are fixed once the bidding has begun: Undo back to it, or Clear.");
    } else {
        ImGui::TextUnformatted("Give cards to:");
        for (Seat s : kAllSeats) {
            ImGui::SameLine();
            std::string label =
                fmt::format("{} ({})##to", kSeatNames[index(s)], ed.deal()[s].size());
            if (ImGui::RadioButton(label.c_str(), e.target() == s)) e.set_target(s);
        }
    }
    CardSet played;
    for (Card c : ed.cards()) played.insert(c);
    const float gap = em(3);
    // Before the first frame has measured the tools and the constraints: their nine rows.
    const float below =
        below_picker_h_ > 0 ? below_picker_h_ : 9 * ImGui::GetFrameHeightWithSpacing();
    // A deck with jokers has a fifth row for them.
    const CardSet deck = ed.rules().deck();
    const int rows = (deck & kJokers).empty() ? 4 : 5;
    // The smallest card whose corner still reads, as on the table.
    const PickerSize p = picker_size(ImGui::GetContentRegionAvail().x,
                                     ImGui::GetContentRegionAvail().y - below - gap, gap,
                                     kMinCardInText * ImGui::GetFontSize(), rows);
    const float w = p.card_w;
    const ImVec2 size(w, p.card_h);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    // Each card's place: its suit's row and its rank's column; the jokers in the fifth row.
    std::vector<std::pair<Card, std::pair<int, int>>> places;
    for (Suit suit : kAllSuits) {
        for (int r = kHighestRank; r >= kLowestRank; --r) {
            places.push_back({Card(static_cast<Rank>(r), suit), {index(suit), kHighestRank - r}});
        }
    }
    if (rows == 5) {
        places.push_back({kBigJoker, {4, 0}});
        places.push_back({kLittleJoker, {4, 1}});
    }
    for (const auto& [c, place] : places) {
        const auto [row, col] = place;
        ImVec2 pos(origin.x + static_cast<float>(col) * (w + gap),
                   origin.y + static_cast<float>(row) * (size.y + gap));
        CardLook look;
        look.index_across = true;
        if (!ed.rules().deck().contains(c)) {
            look.face_up = false;
        } else if (auto at = ed.holder(c)) {
            look.dim = played.contains(c);
            look.outline = colours::team_colour(index(team_of(*at)));
            look.label = seat_letter(*at);
            look.label_colour = colours::team_colour(index(team_of(*at)));
        }
        std::string id = to_string(c);
        if (draw_card(dl, pos, size, c, ui.fonts, look, id.c_str()) &&
            ed.rules().deck().contains(c)) {
            e.click_card(c);
        }
    }
    ImGui::SetCursorScreenPos(origin);
    ImGui::Dummy(ImVec2(13 * (w + gap), static_cast<float>(rows) * (size.y + gap)));
}

void EditorPanel::deal_tools(EditorMode& e) {
    if (ImGui::Button("Deal the rest at random")) e.deal_rest();
    ImGui::SameLine();
    if (ImGui::Button("Rotate")) e.rotate();
    ImGui::SameLine();
    if (ImGui::Button("Clear")) e.clear();
    ImGui::SetNextItemWidth(em(80));
    ImGui::Combo("##swap_a", &swap_a_, kSeatNames, 4);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em(80));
    ImGui::Combo("##swap_b", &swap_b_, kSeatNames, 4);
    ImGui::SameLine();
    if (ImGui::Button("Swap hands")) e.swap(static_cast<Seat>(swap_a_), static_cast<Seat>(swap_b_));
}

// Per seat: high-card points, spades, voids; the random deal draws until every row fits.
void EditorPanel::constraints(EditorMode& e) {
    ImGui::Spacing();
    ImGui::TextUnformatted("Random deal: each hand must have");
    const ImGuiTableFlags tf = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg;
    if (!ImGui::BeginTable("constraints", 4, tf)) return;
    for (const char* h : {"seat", "points (A4 K3 Q2 J1)", "spades", "void in"}) {
        ImGui::TableSetupColumn(h);
    }
    ImGui::TableHeadersRow();
    for (Seat s : kAllSeats) {
        analyzer::SeatConstraint& c = e.editor().constraints[index(s)];
        ImGui::PushID(index(s));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        seat_label(s);
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(em(120));
        ImGui::DragIntRange2("##points", &c.points_min, &c.points_max, 0.2f, 0, 40);
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(em(90));
        ImGui::DragIntRange2("##spades", &c.spades_min, &c.spades_max, 0.1f, 0, 13);
        ImGui::TableNextColumn();
        for (Suit suit : kAllSuits) {
            if (suit != Suit::Spades) ImGui::SameLine();
            std::string label(suit_symbol(suit));
            ImGui::Checkbox(label.c_str(), &c.void_in[index(suit)]);
        }
        ImGui::PopID();
    }
    ImGui::EndTable();
}

// The four hands as they fill, each card clickable to comment on it: as dealt, and once the
// deal is whole as held after the passes and the exchange; in the play, the cards played
// dimmed (they are commented on from the tricks).
void EditorPanel::hands(EditorMode& e) {
    const analyzer::DealEditor& ed = e.editor();
    CardSet played;
    for (Card c : ed.cards()) played.insert(c);
    std::optional<HandState> now;
    if (ed.complete()) now = ed.state();
    for (Seat s : kAllSeats) {
        const CardSet held = now ? now->held_at_play(s) : ed.deal()[s];
        seat_label(s);
        ImGui::SameLine();
        ImGui::Text("%d/%d", held.size(), ed.rules().hand_size());
        // In the card grid's order and the diagram's, ♠♥♦♣: the deal being built reads the
        // same in the list, the grid and `spadework show`.
        for (Card c : in_hand_order(held, PlayOrder(ed.rules()), kDiagramSuits)) {
            ImGui::SameLine(0, em(4));
            same_line_or_wrap(card_text_width(c));
            ImGui::BeginDisabled(played.contains(c));
            text_card(c);
            ImGui::EndDisabled();
            if (ImGui::IsItemClicked()) {
                e.set_comment_target({CommentTarget::Kind::Card, 0, c});
            }
        }
    }
    ImGui::Separator();
}

void EditorPanel::auction(EditorMode& e, const UiState&) {
    const analyzer::DealEditor& ed = e.editor();
    const std::vector<Bid>& bids = ed.bids();
    cards_given("Passes:", ed.passes(), ed.dealer(), PlayOrder(ed.rules()));
    cards_given("Exchange:", ed.exchanges(), ed.dealer(), PlayOrder(ed.rules()));
    ImGui::TextUnformatted("Bids:");
    for (std::size_t i = 0; i < bids.size(); ++i) {
        ImGui::SameLine();
        Seat by = next(ed.dealer(), static_cast<int>(i) + 1);
        std::string label = fmt::format("{} {}{}##bid{}", seat_char(by), bid_text(bids[i]),
                                        ed.bid_comment(static_cast<int>(i)).empty() ? "" : " *", i);
        const bool on = e.comment_target().kind == CommentTarget::Kind::Bid &&
                        e.comment_target().bid == static_cast<int>(i);
        if (ImGui::Selectable(label.c_str(), on, 0,
                              ImGui::CalcTextSize(label.c_str(), nullptr, true))) {
            e.set_comment_target({CommentTarget::Kind::Bid, static_cast<int>(i), {}});
        }
    }
    if (!ed.complete()) {
        text_note("Place every card to enter the bids.");
        return;
    }
    std::optional<Seat> who = ed.to_act();
    if (ed.phase() == Phase::Pass && who) {
        ImGui::Text("%s passes %d cards to partner: click them, then Pass.",
                    kSeatNames[index(*who)], ed.rules().pass_cards);
        pick_cards(e, ed.deal()[*who], ed.rules().pass_cards, "Pass");
    } else if (who) {
        ImGui::Text("%s to bid:", kSeatNames[index(*who)]);
        for (Bid b : ed.legal_bids()) {
            ImGui::SameLine();
            same_line_or_wrap(ImGui::CalcTextSize(bid_text(b).c_str()).x + em(12));
            if (ImGui::SmallButton(bid_text(b).c_str())) e.bid(b);
        }
        ImGui::SetNextItemWidth(em(70));
        if (ImGui::InputText("bid##typed", bid_box_, sizeof bid_box_,
                             ImGuiInputTextFlags_EnterReturnsTrue)) {
            if (e.bid_text(bid_box_)) bid_box_[0] = 0;
        }
        ImGui::SameLine();
    } else if (ed.phase() == Phase::Exchange) {
        const Seat giver = *ed.to_play();
        const int size = ed.state().exchange_size(giver);
        ImGui::Text("%s gives %d cards to partner for the blind bid: click them, then Give.",
                    kSeatNames[index(giver)], size);
        pick_cards(e, ed.state().hand(giver), size, "Give");
    } else {
        ImGui::TextUnformatted("The bidding is over.");
        ImGui::SameLine();
    }
    // In the play, Undo takes back a card: it goes under the tricks.
    if (ed.phase() == Phase::Play || ed.phase() == Phase::Done) {
        ImGui::NewLine();
        play(e);
    }
    if (ImGui::Button("Undo")) e.undo();
}

// A pass or an exchange: the seat's hand, the cards picked apart from it, and the button.
void EditorPanel::pick_cards(EditorMode& e, CardSet hand, int size, const char* button) {
    bool first = true;
    const PlayOrder order(e.editor().rules());
    for (Card c : in_hand_order(hand - e.pass_pick(), order)) {
        // The hand starts on a line of its own, under the instruction.
        if (!first) {
            ImGui::SameLine(0, em(6));
            same_line_or_wrap(card_text_width(c));
        }
        first = false;
        text_card(c);
        if (ImGui::IsItemClicked()) e.toggle_pass_card(c);
    }
    // The cards picked stand apart from the hand, so the pass reads at a glance.
    ImGui::Text("Picked (%d of %d):", e.pass_pick().size(), size);
    for (Card c : in_hand_order(e.pass_pick(), order)) {
        ImGui::SameLine(0, em(6));
        text_card(c);
        if (ImGui::IsItemClicked()) e.toggle_pass_card(c);
    }
    ImGui::SameLine();
    if (ImGui::Button(button)) e.pass();
    ImGui::SameLine();
}

// The play: the tricks so far, a line each with its winner (a card clicked takes the
// comment), and the legal cards of the seat to play, clicked to play them.
void EditorPanel::play(EditorMode& e) {
    const HandState now = e.editor().state();
    ImGui::Separator();
    const std::vector<PlayedCard>& played = now.play_record();
    for (std::size_t at = 0; at < played.size(); at += 4) {
        const std::size_t trick = at / 4;
        ImGui::Text("%2d.", static_cast<int>(trick) + 1);
        for (std::size_t i = at; i < std::min(at + 4, played.size()); ++i) {
            ImGui::SameLine(0, em(8));
            seat_label(played[i].seat);
            ImGui::SameLine(0, em(3));
            text_card(played[i].card);
            if (ImGui::IsItemClicked()) {
                e.set_comment_target({CommentTarget::Kind::Card, 0, played[i].card});
            }
            if (!e.editor().card_comment(played[i].card).empty()) {
                ImGui::SameLine(0, 0);
                ImGui::TextUnformatted("*");
            }
        }
        if (trick < now.trick_winners().size()) {
            ImGui::SameLine(0, em(8));
            ImGui::TextDisabled("won by %s", kSeatNames[index(now.trick_winners()[trick])]);
        }
    }
    if (now.phase() == Phase::Done) {
        const int ns = now.tricks_taken(Seat::North) + now.tricks_taken(Seat::South);
        const int ew = now.tricks_taken(Seat::East) + now.tricks_taken(Seat::West);
        ImGui::Text("The play is over: North-South %d tricks, East-West %d.", ns, ew);
        return;
    }
    ImGui::Text("%s to play:", kSeatNames[index(now.to_act())]);
    for (Card c : in_hand_order(now.legal_cards(), PlayOrder(now.rules()))) {
        ImGui::SameLine(0, em(6));
        same_line_or_wrap(card_text_width(c));
        text_card(c);
        if (ImGui::IsItemClicked()) e.play(c);
    }
    ImGui::SetNextItemWidth(em(70));
    if (ImGui::InputText("card##typed", card_box_, sizeof card_box_,
                         ImGuiInputTextFlags_EnterReturnsTrue)) {
        if (e.play_text(card_box_)) card_box_[0] = 0;
    }
    text_note(
        "Click one of these cards, or type it (QC) and press Enter, to play it; click a card "
        "in a trick to comment on it.");
}

void EditorPanel::comment_box(EditorMode& e) {
    const CommentTarget& t = e.comment_target();
    std::string on = "the hand";
    if (t.kind == CommentTarget::Kind::Bid) on = fmt::format("bid {}", t.bid + 1);
    if (t.kind == CommentTarget::Kind::Card) on = to_string(t.card);
    const bool changed = t.kind != shown_target_.kind || t.bid != shown_target_.bid ||
                         !(t.card == shown_target_.card);
    if (changed || !comment_fresh_) {
        copy_to(comment_, e.comment());
        shown_target_ = t;
        comment_fresh_ = true;
    }
    ImGui::Text("Comment on %s", on.c_str());
    if (t.kind != CommentTarget::Kind::Hand) {
        ImGui::SameLine();
        if (ImGui::SmallButton("on the hand instead")) e.set_comment_target({});
    } else {
        ImGui::SameLine();
        ImGui::TextDisabled("(click a bid or a card to comment on it)");
    }
    if (ImGui::InputTextMultiline("##comment", comment_, sizeof comment_,
                                  ImVec2(-1, ImGui::GetTextLineHeight() * 3.2f))) {
        e.set_comment(comment_);
    }
    // The box does not wrap its lines: a comment wider than it is shown again, wrapped.
    if (ImGui::CalcTextSize(comment_).x > ImGui::GetContentRegionAvail().x - em(16)) {
        text_note(comment_);
    }
    ImGui::Separator();
}

void EditorPanel::saving(EditorMode& e) {
    // The box follows the mode's event when it changes there (a sheet's hand clears it).
    if (e.event != event_seen_) {
        copy_to(event_, e.event);
        event_seen_ = e.event;
    }
    ImGui::SetNextItemWidth(em(200));
    if (ImGui::InputTextWithHint("event", "as recorded", event_, sizeof event_)) {
        e.event = event_;
        event_seen_ = e.event;
    }
    ImGui::SameLine();
    if (ImGui::Button("Save as game")) e.save_game();
    ImGui::Spacing();
    ImGui::TextUnformatted("Lesson question");
    // The boxes hold the lesson's own words, saved with it: said, so that a starting value is not
    // taken for a hint.
    text_note(
        "Saved with the question: the lesson's file name, title and point, the question's "
        "words, the seat asked and what it is asked for.");
    analyzer::LessonQuestionInfo& l = e.lesson;
    const float field = std::max(em(120), ImGui::GetContentRegionAvail().x - em(90));
    auto line = [&](const char* label, char* box, std::size_t size, std::string& into) {
        ImGui::SetNextItemWidth(field);
        if (ImGui::InputText(label, box, size)) into = box;
    };
    ImGui::SetNextItemWidth(field);
    if (ImGui::InputText("folder", folder_, sizeof folder_)) e.lessons_folder = folder_;
    line("lesson", lesson_name_, sizeof lesson_name_, l.name);
    line("title", lesson_title_, sizeof lesson_title_, l.title);
    line("point", point_, sizeof point_, l.point);
    line("question", question_, sizeof question_, l.question);
    int learner = index(l.learner);
    ImGui::SetNextItemWidth(em(90));
    if (ImGui::Combo("is asked", &learner, kSeatNames, 4)) l.learner = static_cast<Seat>(learner);
    ImGui::SameLine();
    int ask = l.ask == analyzer::LessonAsk::Pass ? 1 : 0;
    const char* asks[] = {"a bid", "a pass"};
    ImGui::SetNextItemWidth(em(70));
    if (ImGui::Combo("##asks", &ask, asks, 2)) {
        l.ask = ask == 1 ? analyzer::LessonAsk::Pass : analyzer::LessonAsk::Bid;
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em(60));
    ImGui::InputDouble("points of tolerance", &l.tolerance, 0, 0, "%.1f");
    ImGui::BeginDisabled(e.checking());
    if (ImGui::Button(e.checking() ? "Checking..." : "Save as lesson question")) e.save_lesson();
    ImGui::EndDisabled();
    if (const auto& c = e.last_check()) {
        ImGui::PushStyleColor(ImGuiCol_Text,
                              c->agrees ? colours::kMessageDone : colours::kMessageError);
        text_wrapped(c->message);
        ImGui::PopStyleColor();
    }
}

}  // namespace spadework::viewer
