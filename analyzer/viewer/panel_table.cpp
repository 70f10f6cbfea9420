#include "panel_table.h"

#include <fmt/core.h>

#include <algorithm>
#include <map>

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

}  // namespace

void TablePanel::draw(Model& model, UiState& ui) {
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

    const RecordedGame* game = model.game();
    if (!game || !model.recorded_hand()) {
        text_centered(dl, ui.fonts.large, ImVec2((origin.x + end.x) / 2, (origin.y + end.y) / 2),
                      colours::kTextOnFelt, "Pick a game in the library, or open a file");
        ImGui::Dummy(avail);
        return;
    }
    const HandState& st = model.state();
    const RecordedHand& rh = *model.recorded_hand();
    const Fonts& f = ui.fonts;

    // Card size from the space: a hand of 13 fans out over about half the width.
    const float card_w = std::clamp(std::min(avail.x * 0.078f, avail.y * 0.09f), 34.0f, 92.0f);
    const float card_h = card_w * 1.42f;
    const float step = card_w * 0.55f;
    const ImVec2 size(card_w, card_h);
    const ImVec2 centre((origin.x + end.x) / 2, (origin.y + end.y) / 2);

    std::optional<CardValues> values = ui.show_values ? model.values() : std::nullopt;
    const analyzer::CardReview* review = model.card_review();
    std::optional<Card> next_recorded;
    if (!model.in_what_if() && model.position() < model.recorded_cards()) {
        next_recorded = rh.cards[model.position()];
    }
    const bool playing = st.phase() == Phase::Play;
    const CardSet legal = playing ? st.legal_cards() : CardSet{};

    // Where each seat's hand and label go.
    struct Place {
        ImVec2 hand;   // centre of the fan
        ImVec2 label;  // centre of the name plate
    };
    const float margin = 16;
    const float plate_h = 38;
    std::map<Seat, Place> places;
    places[Seat::North] = {ImVec2(centre.x, origin.y + margin + plate_h + 8 + card_h * 0.5f),
                           ImVec2(centre.x, origin.y + margin + 12)};
    places[Seat::South] = {ImVec2(centre.x, end.y - margin - plate_h - 8 - card_h * 0.5f),
                           ImVec2(centre.x, end.y - margin - plate_h + 12)};
    const float side_w = card_w + step * 0.76f * 12;
    places[Seat::West] = {ImVec2(origin.x + margin + side_w / 2, centre.y + plate_h / 2),
                          ImVec2(origin.x + margin + side_w / 2, centre.y - card_h * 0.5f - 14)};
    places[Seat::East] = {ImVec2(end.x - margin - side_w / 2, centre.y + plate_h / 2),
                          ImVec2(end.x - margin - side_w / 2, centre.y - card_h * 0.5f - 14)};

    for (Seat seat : kAllSeats) {
        const Place& p = places[seat];
        // The name plate: seat, name, bid and tricks; gold when it is this seat's turn.
        const std::string& name = game->players[index(seat)];
        std::optional<Bid> bid = st.bid_of(seat);
        std::string plate = fmt::format("{}  {}", seat_name(seat), name.empty() ? "" : name);
        std::string line2 =
            fmt::format("bid {}   took {}", bid ? bid_text(*bid) : "-", st.tricks_taken(seat));
        bool to_play = playing && st.to_act() == seat;
        ImVec2 ts = f.regular->CalcTextSizeA(f.regular->FontSize, FLT_MAX, 0, plate.c_str());
        ImVec2 ts2 = f.small->CalcTextSizeA(f.small->FontSize, FLT_MAX, 0, line2.c_str());
        float w = std::max(ts.x, ts2.x) + 20;
        ImVec2 a(p.label.x - w / 2, p.label.y - 12);
        ImVec2 b(p.label.x + w / 2, p.label.y + 24);
        dl->AddRectFilled(a, b, IM_COL32(0, 0, 0, 110), 6);
        if (to_play) dl->AddRect(a, b, colours::kGold, 6, 0, 2.5f);
        dl->AddText(f.regular, f.regular->FontSize, ImVec2(p.label.x - ts.x / 2, a.y + 1),
                    to_play ? colours::kGold : colours::kTextOnFelt, plate.c_str());
        dl->AddText(f.small, f.small->FontSize, ImVec2(p.label.x - ts2.x / 2, a.y + 19),
                    colours::kTextOnFelt, line2.c_str());
        if (seat == rh.dealer) {
            ImVec2 d(b.x + 14, a.y + 12);
            dl->AddCircleFilled(d, 11, IM_COL32(250, 250, 250, 255));
            dl->AddCircle(d, 11, IM_COL32(40, 40, 40, 255), 0, 1.5f);
            text_centered(dl, f.small, d, IM_COL32(20, 20, 20, 255), "D");
        }

        // The cards: a fan, the player's own order.
        std::vector<Card> cards = in_hand_order(st.hand(seat));
        const bool up = model.face_up(seat);
        const float fan_step = (seat == Seat::East || seat == Seat::West) ? step * 0.76f : step;
        float width = cards.empty() ? 0 : card_w + fan_step * static_cast<float>(cards.size() - 1);
        float x = p.hand.x - width / 2;
        float y = p.hand.y - card_h / 2;
        for (std::size_t i = 0; i < cards.size(); ++i) {
            Card c = cards[i];
            CardLook look;
            look.face_up = up;
            bool mover = playing && st.to_act() == seat;
            look.dim = mover && !legal.contains(c);
            const analyzer::CardChoice* value = nullptr;
            if (up && mover && values) {
                for (const auto& v : values->cards) {
                    if (v.card == c) value = &v;
                }
            }
            if (value) {
                // Points lost against the best card; tricks ("-1 tr") where the score was
                // not valued.
                const bool by_score = values->score_valued;
                const int lost = by_score ? value->score - values->best_score
                                          : value->tricks - values->best_tricks;
                look.label = lost == 0 ? "=" : fmt::format("{:+d}{}", lost, by_score ? "" : " tr");
                look.label_colour = lost == 0 ? colours::kBest : colours::kWorse;
            }
            if (up && next_recorded && *next_recorded == c) {
                look.outline = review && review->flag != analyzer::FlagClass::None
                                   ? colours::kFlag
                                   : IM_COL32(255, 255, 255, 230);
            }
            std::string id = fmt::format("{}{}", seat_char(seat), to_string(c));
            bool last = i + 1 == cards.size();
            float x_i = x + fan_step * static_cast<float>(i);
            // The legal cards of the player to play stand a little out of the hand.
            float y_i = mover && legal.contains(c) ? y - card_h * 0.12f : y;
            if (draw_card(dl, ImVec2(x_i, y_i), size, c, f, look, id.c_str(),
                          last ? 0 : fan_step) &&
                mover && legal.contains(c)) {
                model.play_what_if(c);
            }
            if (value && ImGui::IsItemHovered()) {
                if (values->score_valued) {
                    ImGui::SetTooltip("%s: %d tricks (%s), %+d points (%s)", to_string(c).c_str(),
                                      value->tricks, value_label(*value, *values).c_str(),
                                      value->score,
                                      value->score == values->best_score ? "best" : "worse");
                } else {
                    ImGui::SetTooltip(
                        "%s: %d tricks (%s); points not valued (the score search "
                        "passed its budget)",
                        to_string(c).c_str(), value->tricks, value_label(*value, *values).c_str());
                }
            }
        }
        // Voids revealed, for the seat view: what the player has shown out of.
        if (model.seat_view()) {
            std::array<bool, 4> v = model.voids(seat);
            std::string text;
            for (Suit s : kAllSuits) {
                if (v[index(s)]) text += fmt::format("{}{} ", suit_symbol(s), "✗");
            }
            if (!text.empty()) {
                dl->AddText(f.small, f.small->FontSize, ImVec2(x, y + card_h + 4),
                            colours::kTextOnFelt, ("void " + text).c_str());
            }
        }
    }

    // The trick in progress: each card pushed toward its player.
    const auto& trick = st.current_trick();
    auto trick_pos = [&](Seat s) {
        switch (s) {
            case Seat::North:
                return ImVec2(centre.x - card_w / 2, centre.y - card_h * 0.95f);
            case Seat::South:
                return ImVec2(centre.x - card_w / 2, centre.y + card_h * 0.05f);
            case Seat::West:
                return ImVec2(centre.x - card_w * 1.6f, centre.y - card_h * 0.45f);
            case Seat::East:
                return ImVec2(centre.x + card_w * 0.6f, centre.y - card_h * 0.45f);
        }
        return centre;
    };
    for (std::size_t i = 0; i < trick.size(); ++i) {
        CardLook look;
        std::string id = fmt::format("t{}", i);
        draw_card(dl, trick_pos(trick[i].seat), size, trick[i].card, f, look, id.c_str());
    }
    // The last trick shows on demand, and always once the hand is over.
    if (trick.empty() && (model.show_previous_trick() || st.phase() == Phase::Done)) {
        if (auto prev = model.previous_trick()) {
            for (std::size_t i = 0; i < prev->first.size(); ++i) {
                CardLook look;
                if (prev->first[i].seat == prev->second) look.outline = colours::kGold;
                std::string id = fmt::format("p{}", i);
                draw_card(dl, trick_pos(prev->first[i].seat), size, prev->first[i].card, f, look,
                          id.c_str());
            }
            text_centered(dl, f.small, ImVec2(centre.x, centre.y + card_h * 1.15f),
                          colours::kTextOnFelt,
                          fmt::format("previous trick, won by {}", seat_name(prev->second)));
        }
    }

    // The corners: partnership totals, trick number, spades broken, what-if.
    {
        ImVec2 at(origin.x + 18, origin.y + 14);
        for (Team t : kAllTeams) {
            int bid = 0;
            int took = 0;
            std::string nils;
            for (Seat s : members(t)) {
                took += st.tricks_taken(s);
                if (auto b = st.bid_of(s)) {
                    if (b->is_nil()) {
                        nils += fmt::format(", {} {}", seat_char(s), bid_text(*b));
                    } else {
                        bid += b->count();
                    }
                }
            }
            std::string text = fmt::format("{}: bid {}, took {}{}", team_name(t), bid, took, nils);
            dl->AddText(f.regular, f.regular->FontSize, at, colours::kTextOnFelt, text.c_str());
            at.y += 20;
        }
        std::string trick_text =
            st.phase() == Phase::Done
                ? "hand over"
                : fmt::format("trick {} of {}",
                              std::min(st.tricks_played() + 1, game->rules.hand_size()),
                              game->rules.hand_size());
        dl->AddText(f.regular, f.regular->FontSize, at, colours::kTextOnFelt, trick_text.c_str());
    }
    {
        std::string broken = st.spades_broken() ? "♠ broken" : "♠ not broken";
        ImVec2 ts = f.regular->CalcTextSizeA(f.regular->FontSize, FLT_MAX, 0, broken.c_str());
        ImVec2 at(end.x - ts.x - 18, origin.y + 14);
        dl->AddRectFilled(ImVec2(at.x - 6, at.y - 2), ImVec2(at.x + ts.x + 6, at.y + ts.y + 2),
                          st.spades_broken() ? IM_COL32(20, 20, 20, 200) : IM_COL32(0, 0, 0, 80),
                          4);
        dl->AddText(f.regular, f.regular->FontSize, at, colours::kTextOnFelt, broken.c_str());
        if (model.in_what_if()) {
            std::string w =
                fmt::format("WHAT-IF: {} card{} off the record", model.what_if_cards().size(),
                            model.what_if_cards().size() == 1 ? "" : "s");
            ImVec2 ws = f.regular->CalcTextSizeA(f.regular->FontSize, FLT_MAX, 0, w.c_str());
            ImVec2 wa(end.x - ws.x - 18, origin.y + 40);
            dl->AddRectFilled(ImVec2(wa.x - 6, wa.y - 2), ImVec2(wa.x + ws.x + 6, wa.y + ws.y + 2),
                              IM_COL32(140, 60, 0, 220), 4);
            dl->AddText(f.regular, f.regular->FontSize, wa, colours::kGold, w.c_str());
        } else if (model.values_pending()) {
            dl->AddText(f.small, f.small->FontSize, ImVec2(end.x - 120, origin.y + 40),
                        colours::kTextOnFelt, "solving...");
        }
    }

    // Passed cards and blind nil exchanges, under the name plates of those who gave them.
    {
        std::string lines;
        for (Seat s : kAllSeats) {
            if (!rh.passes[index(s)].empty()) {
                lines +=
                    fmt::format("{} passed {}\n", seat_char(s), to_string(rh.passes[index(s)]));
            }
            if (!rh.exchanges[index(s)].empty()) {
                lines += fmt::format("{} exchanged {}\n", seat_char(s),
                                     to_string(rh.exchanges[index(s)]));
            }
        }
        if (!lines.empty()) {
            // Top left, under the partnership totals, where no hand reaches.
            ImVec2 at(origin.x + 18, origin.y + 14 + 3 * 20 + 8);
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
    }
    ImGui::SetCursorScreenPos(origin);
    ImGui::Dummy(avail);
}

}  // namespace spadework::viewer
