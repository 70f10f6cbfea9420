#include "panel_table.h"

#include <fmt/core.h>

#include <algorithm>

#include "draw.h"

namespace spadework::viewer {

namespace {

// "=" for as many tricks as the best card, "-1" a trick short.
std::string value_label(const analyzer::CardChoice& c, const CardValues& v) {
    return c.tricks == v.best_tricks ? "best" : fmt::format("{:+d}", c.tricks - v.best_tricks);
}

void text_centered(ImDrawList* dl, ImFont* font, ImVec2 centre, ImU32 colour,
                   const std::string& text) {
    ImVec2 ts = font->CalcTextSizeA(font->FontSize, FLT_MAX, 0, text.c_str());
    dl->AddText(font, font->FontSize, ImVec2(centre.x - ts.x * 0.5f, centre.y - ts.y * 0.5f),
                colour, text.c_str());
}

// What every step of drawing the table reads: where it is, how large the cards are, the hand.
struct Table {
    ImDrawList* dl;
    const Fonts& f;
    ImVec2 origin;
    ImVec2 end;
    ImVec2 centre;
    float card_w;
    float card_h;
    float step;  // between the cards of a fan
    ImVec2 size() const { return ImVec2(card_w, card_h); }
    const RecordedGame& game;
    const RecordedHand& rh;
    const HandState& st;
};

// Where each seat's hand and label go.
struct Place {
    ImVec2 hand;   // centre of the fan
    ImVec2 label;  // centre of the name plate
};

Place place_of(const Table& t, Seat seat) {
    const float margin = 16;
    const float plate_h = 38;
    const float side_w = t.card_w + t.step * 0.76f * 12;
    switch (seat) {
        case Seat::North:
            return {ImVec2(t.centre.x, t.origin.y + margin + plate_h + 8 + t.card_h * 0.5f),
                    ImVec2(t.centre.x, t.origin.y + margin + 12)};
        case Seat::South:
            return {ImVec2(t.centre.x, t.end.y - margin - plate_h - 8 - t.card_h * 0.5f),
                    ImVec2(t.centre.x, t.end.y - margin - plate_h + 12)};
        case Seat::West:
            return {ImVec2(t.origin.x + margin + side_w / 2, t.centre.y + plate_h / 2),
                    ImVec2(t.origin.x + margin + side_w / 2, t.centre.y - t.card_h * 0.5f - 14)};
        case Seat::East:
            break;
    }
    return {ImVec2(t.end.x - margin - side_w / 2, t.centre.y + plate_h / 2),
            ImVec2(t.end.x - margin - side_w / 2, t.centre.y - t.card_h * 0.5f - 14)};
}

// The name plate: seat, name, bid and tricks; gold when it is this seat's turn; the dealer
// button beside it.
void draw_plate(const Table& t, Seat seat, const Place& p, bool to_play) {
    const std::string& name = t.game.players[index(seat)];
    std::optional<Bid> bid = t.st.bid_of(seat);
    std::string plate = fmt::format("{}  {}", seat_name(seat), name.empty() ? "" : name);
    std::string line2 =
        fmt::format("bid {}   took {}", bid ? bid_text(*bid) : "-", t.st.tricks_taken(seat));
    ImVec2 ts = t.f.regular->CalcTextSizeA(t.f.regular->FontSize, FLT_MAX, 0, plate.c_str());
    ImVec2 ts2 = t.f.small->CalcTextSizeA(t.f.small->FontSize, FLT_MAX, 0, line2.c_str());
    float w = std::max(ts.x, ts2.x) + 20;
    ImVec2 a(p.label.x - w / 2, p.label.y - 12);
    ImVec2 b(p.label.x + w / 2, p.label.y + 24);
    t.dl->AddRectFilled(a, b, IM_COL32(0, 0, 0, 110), 6);
    if (to_play) t.dl->AddRect(a, b, colours::kGold, 6, 0, 2.5f);
    t.dl->AddText(t.f.regular, t.f.regular->FontSize, ImVec2(p.label.x - ts.x / 2, a.y + 1),
                  to_play ? colours::kGold : colours::kTextOnFelt, plate.c_str());
    t.dl->AddText(t.f.small, t.f.small->FontSize, ImVec2(p.label.x - ts2.x / 2, a.y + 19),
                  colours::kTextOnFelt, line2.c_str());
    if (seat == t.rh.dealer) {
        ImVec2 d(b.x + 14, a.y + 12);
        t.dl->AddCircleFilled(d, 11, IM_COL32(250, 250, 250, 255));
        t.dl->AddCircle(d, 11, IM_COL32(40, 40, 40, 255), 0, 1.5f);
        text_centered(t.dl, t.f.small, d, IM_COL32(20, 20, 20, 255), "D");
    }
}

// A legal card's badge: points lost against the best card; tricks ("-1 tr") where the score
// was not valued.
void value_badge(CardLook& look, const analyzer::CardChoice& value, const CardValues& values) {
    const bool by_score = values.score_valued;
    const int lost = by_score ? value.score - values.best_score : value.tricks - values.best_tricks;
    look.label = lost == 0 ? "=" : fmt::format("{:+d}{}", lost, by_score ? "" : " tr");
    look.label_colour = lost == 0 ? colours::kBest : colours::kWorse;
}

void value_tooltip(Card c, const analyzer::CardChoice& value, const CardValues& values) {
    if (values.score_valued) {
        ImGui::SetTooltip("%s: %d tricks (%s), %+d points (%s)", to_string(c).c_str(), value.tricks,
                          value_label(value, values).c_str(), value.score,
                          value.score == values.best_score ? "best" : "worse");
    } else {
        ImGui::SetTooltip(
            "%s: %d tricks (%s); points not valued (the score search passed its budget)",
            to_string(c).c_str(), value.tricks, value_label(value, values).c_str());
    }
}

// What the hands show of the position: the legal cards and their values, the next recorded
// card and whether the review flagged it.
struct HandMarks {
    bool playing = false;
    CardSet legal;
    std::optional<CardValues> values;
    const analyzer::CardReview* review = nullptr;
    std::optional<Card> next_recorded;
};

// A seat's cards as a fan in the player's own order; a click on a legal card of the player to
// play plays it. Then the voids the seat has shown, in the seat view.
void draw_hand(const Table& t, Model& model, Seat seat, const Place& p, const HandMarks& m) {
    std::vector<Card> cards = in_hand_order(t.st.hand(seat));
    const bool up = model.face_up(seat);
    const bool mover = m.playing && t.st.to_act() == seat;
    const float fan_step = (seat == Seat::East || seat == Seat::West) ? t.step * 0.76f : t.step;
    float width = cards.empty() ? 0 : t.card_w + fan_step * static_cast<float>(cards.size() - 1);
    float x = p.hand.x - width / 2;
    float y = p.hand.y - t.card_h / 2;
    for (std::size_t i = 0; i < cards.size(); ++i) {
        Card c = cards[i];
        CardLook look;
        look.face_up = up;
        look.dim = mover && !m.legal.contains(c);
        const analyzer::CardChoice* value = nullptr;
        if (up && mover && m.values) {
            for (const auto& v : m.values->cards) {
                if (v.card == c) value = &v;
            }
        }
        if (value) value_badge(look, *value, *m.values);
        if (up && m.next_recorded && *m.next_recorded == c) {
            look.outline = m.review && m.review->flag != analyzer::FlagClass::None
                               ? colours::kFlag
                               : IM_COL32(255, 255, 255, 230);
        }
        std::string id = fmt::format("{}{}", seat_char(seat), to_string(c));
        bool last = i + 1 == cards.size();
        float x_i = x + fan_step * static_cast<float>(i);
        // The legal cards of the player to play stand a little out of the hand.
        float y_i = mover && m.legal.contains(c) ? y - t.card_h * 0.12f : y;
        if (draw_card(t.dl, ImVec2(x_i, y_i), t.size(), c, t.f, look, id.c_str(),
                      last ? 0 : fan_step) &&
            mover && m.legal.contains(c)) {
            model.play_what_if(c);
        }
        if (value && ImGui::IsItemHovered()) value_tooltip(c, *value, *m.values);
    }
    if (model.seat_view()) {
        std::array<bool, 4> v = model.voids(seat);
        std::string text;
        for (Suit s : kAllSuits) {
            if (v[index(s)]) text += fmt::format("{}{} ", suit_symbol(s), "✗");
        }
        if (!text.empty()) {
            t.dl->AddText(t.f.small, t.f.small->FontSize, ImVec2(x, y + t.card_h + 4),
                          colours::kTextOnFelt, ("void " + text).c_str());
        }
    }
}

// The trick in progress, each card pushed toward its player; the last trick on demand, and
// always once the hand is over.
void draw_trick(const Table& t, const Model& model) {
    const ImVec2 c = t.centre;
    auto trick_pos = [&](Seat s) {
        switch (s) {
            case Seat::North:
                return ImVec2(c.x - t.card_w / 2, c.y - t.card_h * 0.95f);
            case Seat::South:
                return ImVec2(c.x - t.card_w / 2, c.y + t.card_h * 0.05f);
            case Seat::West:
                return ImVec2(c.x - t.card_w * 1.6f, c.y - t.card_h * 0.45f);
            case Seat::East:
                return ImVec2(c.x + t.card_w * 0.6f, c.y - t.card_h * 0.45f);
        }
        return c;
    };
    const auto& trick = t.st.current_trick();
    for (std::size_t i = 0; i < trick.size(); ++i) {
        CardLook look;
        std::string id = fmt::format("t{}", i);
        draw_card(t.dl, trick_pos(trick[i].seat), t.size(), trick[i].card, t.f, look, id.c_str());
    }
    if (!trick.empty() || !(model.show_previous_trick() || t.st.phase() == Phase::Done)) return;
    auto prev = model.previous_trick();
    if (!prev) return;
    for (std::size_t i = 0; i < prev->first.size(); ++i) {
        CardLook look;
        if (prev->first[i].seat == prev->second) look.outline = colours::kGold;
        std::string id = fmt::format("p{}", i);
        draw_card(t.dl, trick_pos(prev->first[i].seat), t.size(), prev->first[i].card, t.f, look,
                  id.c_str());
    }
    text_centered(t.dl, t.f.small, ImVec2(c.x, c.y + t.card_h * 1.15f), colours::kTextOnFelt,
                  fmt::format("previous trick, won by {}", seat_name(prev->second)));
}

// Top left: the partnerships' bids and tricks, and the trick number.
void draw_totals(const Table& t) {
    ImVec2 at(t.origin.x + 18, t.origin.y + 14);
    for (Team team : kAllTeams) {
        int bid = 0;
        int took = 0;
        std::string nils;
        for (Seat s : members(team)) {
            took += t.st.tricks_taken(s);
            if (auto b = t.st.bid_of(s)) {
                if (b->is_nil()) {
                    nils += fmt::format(", {} {}", seat_char(s), bid_text(*b));
                } else {
                    bid += b->count();
                }
            }
        }
        std::string text = fmt::format("{}: bid {}, took {}{}", team_name(team), bid, took, nils);
        t.dl->AddText(t.f.regular, t.f.regular->FontSize, at, colours::kTextOnFelt, text.c_str());
        at.y += 20;
    }
    const int n = t.game.rules.hand_size();
    std::string trick_text =
        t.st.phase() == Phase::Done
            ? "hand over"
            : fmt::format("trick {} of {}", std::min(t.st.tricks_played() + 1, n), n);
    t.dl->AddText(t.f.regular, t.f.regular->FontSize, at, colours::kTextOnFelt, trick_text.c_str());
}

// Top right: spades broken or not, and the what-if line or a solve under way.
void draw_status(const Table& t, const Model& model) {
    const Fonts& f = t.f;
    std::string broken = t.st.spades_broken() ? "♠ broken" : "♠ not broken";
    ImVec2 ts = f.regular->CalcTextSizeA(f.regular->FontSize, FLT_MAX, 0, broken.c_str());
    ImVec2 at(t.end.x - ts.x - 18, t.origin.y + 14);
    t.dl->AddRectFilled(ImVec2(at.x - 6, at.y - 2), ImVec2(at.x + ts.x + 6, at.y + ts.y + 2),
                        t.st.spades_broken() ? IM_COL32(20, 20, 20, 200) : IM_COL32(0, 0, 0, 80),
                        4);
    t.dl->AddText(f.regular, f.regular->FontSize, at, colours::kTextOnFelt, broken.c_str());
    if (model.in_what_if()) {
        std::string w =
            fmt::format("WHAT-IF: {} card{} off the record", model.what_if_cards().size(),
                        model.what_if_cards().size() == 1 ? "" : "s");
        ImVec2 ws = f.regular->CalcTextSizeA(f.regular->FontSize, FLT_MAX, 0, w.c_str());
        ImVec2 wa(t.end.x - ws.x - 18, t.origin.y + 40);
        t.dl->AddRectFilled(ImVec2(wa.x - 6, wa.y - 2), ImVec2(wa.x + ws.x + 6, wa.y + ws.y + 2),
                            IM_COL32(140, 60, 0, 220), 4);
        t.dl->AddText(f.regular, f.regular->FontSize, wa, colours::kGold, w.c_str());
    } else if (model.values_pending()) {
        t.dl->AddText(f.small, f.small->FontSize, ImVec2(t.end.x - 120, t.origin.y + 40),
                      colours::kTextOnFelt, "solving...");
    }
}

// Passed cards and blind nil exchanges, top left under the partnership totals, where no hand
// reaches.
void draw_passes(const Table& t) {
    const RecordedHand& rh = t.rh;
    bool any = false;
    for (Seat s : kAllSeats)
        any = any || !rh.passes[index(s)].empty() || !rh.exchanges[index(s)].empty();
    if (!any) return;
    ImVec2 at(t.origin.x + 18, t.origin.y + 14 + 3 * 20 + 8);
    ImGui::SetCursorScreenPos(at);
    for (Seat s : kAllSeats) {
        for (int kind = 0; kind < 2; ++kind) {
            CardSet set = kind == 0 ? rh.passes[index(s)] : rh.exchanges[index(s)];
            if (set.empty()) continue;
            ImGui::PushStyleColor(ImGuiCol_Text, colours::kTextOnFelt);
            ImGui::Text("%c %s", seat_char(s), kind == 0 ? "passed" : "exchanged");
            ImGui::PopStyleColor();
            ImGui::SameLine();
            text_cards(set);
            ImGui::SetCursorScreenPos(ImVec2(at.x, ImGui::GetCursorScreenPos().y));
        }
    }
}

}  // namespace

void TablePanel::draw(const PanelContext& ctx) {
    Model& model = ctx.model;
    UiState& ui = ctx.ui;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImVec2 origin = ImGui::GetCursorScreenPos();
    ImVec2 avail = ImGui::GetContentRegionAvail();
    avail.x = std::max(avail.x, 300.0f);
    avail.y = std::max(avail.y, 300.0f);
    ImVec2 end(origin.x + avail.x, origin.y + avail.y);
    dl->AddRectFilled(ImVec2(origin.x + 3, origin.y + 3), ImVec2(end.x - 3, end.y - 3),
                      colours::kFelt, 16);
    dl->AddRect(ImVec2(origin.x + 3, origin.y + 3), ImVec2(end.x - 3, end.y - 3),
                colours::kFeltEdge, 16, 0, 6.0f);
    const ImVec2 centre((origin.x + end.x) / 2, (origin.y + end.y) / 2);

    const RecordedGame* game = model.game();
    if (!game || !model.recorded_hand()) {
        text_centered(dl, ui.fonts.large, centre, colours::kTextOnFelt,
                      "Pick a game in the library, or open a file");
        ImGui::Dummy(avail);
        return;
    }
    const RecordedHand& rh = *model.recorded_hand();
    const HandState& st = model.state();
    // Card size from the space: a hand of 13 fans out over about half the width.
    const float card_w = std::clamp(std::min(avail.x * 0.078f, avail.y * 0.09f), 34.0f, 92.0f);
    const Table t{dl,    ui.fonts, origin, end, centre, card_w, card_w * 1.42f, card_w * 0.55f,
                  *game, rh,       st};

    HandMarks marks;
    marks.playing = st.phase() == Phase::Play;
    marks.legal = marks.playing ? st.legal_cards() : CardSet{};
    marks.values = ui.show_values ? model.values() : std::nullopt;
    marks.review = model.card_review();
    if (!model.in_what_if() && model.position() < model.recorded_cards()) {
        marks.next_recorded = rh.cards[model.position()];
    }
    for (Seat seat : kAllSeats) {
        const Place p = place_of(t, seat);
        draw_plate(t, seat, p, marks.playing && st.to_act() == seat);
        draw_hand(t, model, seat, p, marks);
    }
    draw_trick(t, model);
    draw_totals(t);
    draw_status(t, model);
    draw_passes(t);
    ImGui::SetCursorScreenPos(origin);
    ImGui::Dummy(avail);
}

}  // namespace spadework::viewer
