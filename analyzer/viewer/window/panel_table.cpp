#include "panel_table.h"

#include <fmt/core.h>

#include <algorithm>

#include "draw.h"
#include "spadework/analyzer/data_dir.h"
#include "table_layout.h"
#include "wording.h"

namespace spadework::viewer {

namespace {

// "=" for as many tricks as the best card, "-1" a trick short.
std::string value_label(const analyzer::CardChoice& c, const CardValues& v) {
    return c.tricks == v.best_tricks ? "best" : fmt::format("{:+d}", c.tricks - v.best_tricks);
}

ImVec2 text_size(ImFont* font, const std::string& text) {
    return font->CalcTextSizeA(font->FontSize, FLT_MAX, 0, text.c_str());
}

void text_centered(ImDrawList* dl, ImFont* font, ImVec2 centre, ImU32 colour,
                   const std::string& text) {
    ImVec2 ts = text_size(font, text);
    dl->AddText(font, font->FontSize, ImVec2(centre.x - ts.x * 0.5f, centre.y - ts.y * 0.5f),
                colour, text.c_str());
}

// The totals (left of the header): one line per partnership.
std::array<std::string, 2> totals_lines(const HandState& st) {
    std::array<std::string, 2> lines;
    for (Team team : kAllTeams) {
        int bid = 0;
        int took = 0;
        std::string nils;
        for (Seat s : members(team)) {
            took += st.tricks_taken(s);
            if (auto b = st.bid_of(s)) {
                if (b->is_nil()) {
                    // A nil's own tricks said beside it: the result counts them apart (or for
                    // the partner), as the rules say, and the totals then still add up.
                    const int own = st.tricks_taken(s);
                    nils += fmt::format(", {} {}{}", seat_char(s), bid_text(*b),
                                        own > 0 ? fmt::format(" took {}", own) : "");
                } else {
                    bid += b->count();
                }
            }
        }
        lines[index(team)] = fmt::format("{}: bid {}, took {}{}", team_name(team), bid, took, nils);
    }
    return lines;
}

// The status (right of the header): the trick and spades, then what-if or a solve under way.
std::array<std::string, 2> status_lines(const HandState& st, const RecordedGame& game,
                                        const Model& model) {
    const int n = game.rules.hand_size();
    std::string trick = st.phase() == Phase::Done
                            ? "hand over"
                            : fmt::format("trick {} of {}", std::min(st.tricks_played() + 1, n), n);
    std::string second;
    if (model.in_what_if()) {
        second = fmt::format("WHAT-IF: {} off the record",
                             count_of(static_cast<long>(model.what_if_cards().size()), "card"));
    } else if (model.values_pending()) {
        second = "solving...";
    }
    return {trick + (st.spades_broken() ? "   ♠ broken" : "   ♠ not broken"), second};
}

// A seat's passed cards, and the cards it gave in a blind nil exchange, as far as the view
// shows them.
std::string passes_line(const Model& model, Seat s) {
    const PlayOrder order(model.state().rules());
    auto cards = [&](CardSet set) {
        std::string out;
        for (Card c : in_hand_order(set, order)) {
            out += " " + card_text(c);
        }
        return out;
    };
    std::string line;
    if (CardSet p = model.shown_passes(s); !p.empty()) line += "passed" + cards(p);
    if (CardSet e = model.shown_exchanges(s); !e.empty()) {
        line += (line.empty() ? "exchanged" : ", exchanged") + cards(e);
    }
    return line;
}

std::array<std::string, 2> plate_lines(const RecordedGame& game, const HandState& st, Seat seat) {
    const std::string& name = game.players[index(seat)];
    std::optional<Bid> bid = st.bid_of(seat);
    return {fmt::format("{}  {}", seat_name(seat), name),
            fmt::format("bid {}   took {}", bid ? bid_text(*bid) : "-", st.tricks_taken(seat))};
}

// What every step of drawing the table reads: where it is, the layout, the hand.
struct Table {
    ImDrawList* dl;
    const Fonts& f;
    ImVec2 origin;
    const TableLayout& at;
    const RecordedGame& game;
    const RecordedHand& rh;
    const HandState& st;
    ImVec2 p(Vec v) const { return ImVec2(origin.x + v.x, origin.y + v.y); }
    ImVec2 p0(const Rect& r) const { return p({r.x0, r.y0}); }
    ImVec2 p1(const Rect& r) const { return p({r.x1, r.y1}); }
    ImVec2 card() const { return ImVec2(at.card_w, at.card_h); }
};

// The layout's input: the panel's size and the text measured in the fonts that draw it.
TableInput measure(const Table& t, ImVec2 size, const Model& model, bool values) {
    TableInput in;
    in.width = size.x;
    in.height = size.y;
    in.text_h = t.f.regular->FontSize;
    in.small_h = t.f.small->FontSize;
    in.hand_size = t.game.rules.hand_size();
    for (Seat s : kAllSeats) {
        auto lines = plate_lines(t.game, t.st, s);
        in.plate_w[index(s)] =
            std::max(text_size(t.f.regular, lines[0]).x, text_size(t.f.small, lines[1]).x);
        std::string pass = passes_line(model, s);
        in.pass_w[index(s)] = pass.empty() ? 0 : text_size(t.f.regular, pass).x;
    }
    for (const auto& line : totals_lines(t.st)) {
        in.totals_w = std::max(in.totals_w, text_size(t.f.regular, line).x);
    }
    for (const auto& line : status_lines(t.st, t.game, model)) {
        in.status_w = std::max(in.status_w, text_size(t.f.regular, line).x);
    }
    // Room for the widest value a card can show, in points or in tricks.
    if (values) {
        in.badge_w = std::max(text_size(t.f.small, "-888").x, text_size(t.f.small, "-13 tr").x);
    }
    in.voids = model.seat_view().has_value();
    return in;
}

// The name plate: seat, name, bid and tricks; gold when it is this seat's turn; the dealer
// button at its right end.
void draw_plate(const Table& t, Seat seat, bool to_play) {
    const Rect& r = t.at.plates[index(seat)];
    auto lines = plate_lines(t.game, t.st, seat);
    const float button = 2 * t.at.dealer_radius();
    const float text_cx = (r.x0 + r.x1 - button) / 2;
    const ImVec2 a = t.p0(r);
    const ImVec2 b = t.p({r.x1 - button - t.f.regular->FontSize * 0.25f, r.y1});
    const float round = t.f.small->FontSize * 0.45f;
    t.dl->AddRectFilled(a, b, IM_COL32(0, 0, 0, 110), round);
    if (to_play) t.dl->AddRect(a, b, colours::kGold, round, 0, 2.5f);
    const float pad = (r.height() - t.f.regular->FontSize - t.f.small->FontSize) / 2;
    t.dl->AddText(t.f.regular, t.f.regular->FontSize,
                  t.p({text_cx - text_size(t.f.regular, lines[0]).x / 2, r.y0 + pad}),
                  to_play ? colours::kGold : colours::kTextOnFelt, lines[0].c_str());
    t.dl->AddText(
        t.f.small, t.f.small->FontSize,
        t.p({text_cx - text_size(t.f.small, lines[1]).x / 2, r.y0 + pad + t.f.regular->FontSize}),
        colours::kTextOnFelt, lines[1].c_str());
    if (seat == t.rh.dealer) {
        const ImVec2 d = t.p(t.at.dealer_centre(seat));
        const float radius = t.at.dealer_radius() * 0.9f;
        t.dl->AddCircleFilled(d, radius, IM_COL32(250, 250, 250, 255));
        t.dl->AddCircle(d, radius, IM_COL32(40, 40, 40, 255), 0, 1.5f);
        text_centered(t.dl, t.f.small, d, IM_COL32(20, 20, 20, 255), "D");
    }
}

// A legal card's badge: points lost against the best card; tricks ("-1 tr") where the score
// was not valued.
void value_badge(const Table& t, const Rect& r, const analyzer::CardChoice& value,
                 const CardValues& values) {
    const bool by_score = values.score_valued;
    const int lost = by_score ? value.score - values.best_score : value.tricks - values.best_tricks;
    const std::string label = lost == 0 ? "=" : fmt::format("{:+d}{}", lost, by_score ? "" : " tr");
    const ImVec2 ts = text_size(t.f.small, label);
    t.dl->AddRectFilled(t.p0(r),
                        t.p({r.x0 + std::min(r.width(), ts.x + t.f.small->FontSize * 0.4f), r.y1}),
                        IM_COL32(0, 0, 0, 190), t.f.small->FontSize * 0.25f);
    t.dl->AddText(t.f.small, t.f.small->FontSize,
                  t.p({r.x0 + t.f.small->FontSize * 0.2f, r.centre().y - ts.y / 2}),
                  lost == 0 ? colours::kBest : colours::kWorse, label.c_str());
}

void value_tooltip(Card c, const analyzer::CardChoice& value, const CardValues& values) {
    if (values.score_valued) {
        ImGui::SetTooltip("%s: %d tricks (%s), %+d points (%s)", card_text(c).c_str(), value.tricks,
                          value_label(value, values).c_str(), value.score,
                          value.score == values.best_score ? "best" : "worse");
    } else {
        ImGui::SetTooltip(
            "%s: %d tricks (%s); points not valued (the score search passed its budget)",
            card_text(c).c_str(), value.tricks, value_label(value, values).c_str());
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

const analyzer::CardChoice* value_of(const HandMarks& m, Card c) {
    if (!m.values) return nullptr;
    for (const auto& v : m.values->cards) {
        if (v.card == c) return &v;
    }
    return nullptr;
}

// A seat's cards as a fan in the player's own order; a click on a legal card of the player to
// play plays it. Then the voids the seat has shown, in the seat view.
void draw_hand(const Table& t, Model& model, Seat seat, const HandMarks& m) {
    std::vector<Card> cards = in_hand_order(t.st.hand(seat), PlayOrder(t.st.rules()));
    const bool up = model.face_up(seat);
    const bool mover = m.playing && t.st.to_act() == seat;
    const bool down = seat == Seat::West || seat == Seat::East;
    const int n = static_cast<int>(cards.size());
    for (int i = 0; i < n; ++i) {
        const Card c = cards[static_cast<std::size_t>(i)];
        // Face down, a card shows nothing, not even whether it could be played (the model
        // shows no legal cards for a hand face down).
        const bool legal = mover && m.legal.contains(c);
        CardLook look;
        look.face_up = up;
        look.index_across = down;
        look.dim = up && mover && !legal;
        const analyzer::CardChoice* value = up && mover ? value_of(m, c) : nullptr;
        // The recorded next card outlined; in orange when the review flagged it, which only
        // open hands show (the flag is double dummy: TablePanel::draw).
        if (up && m.next_recorded && *m.next_recorded == c) {
            look.outline = m.review && m.review->flag != analyzer::FlagClass::None
                               ? colours::kFlag
                               : IM_COL32(255, 255, 255, 230);
        }
        std::string id = fmt::format("{}{}", seat_char(seat), to_string(c));
        Vec at = t.at.card_pos(seat, i, n);
        // The legal cards of the player to play stand out of the hand, toward the centre.
        if (legal) {
            at.x += t.at.raised(seat).x;
            at.y += t.at.raised(seat).y;
        }
        // Only the part of a card that shows takes clicks: ImGui gives a click to the first
        // item under the mouse.
        const bool last = i + 1 == n;
        const float shows = last ? 0 : down ? t.at.step_down : t.at.step_across;
        if (draw_card(t.dl, t.p(at), t.card(), c, t.f, look, id.c_str(), shows, down) && legal) {
            model.play_what_if(c);
        }
        if (value && ImGui::IsItemHovered()) value_tooltip(c, *value, *m.values);
        if (value) value_badge(t, t.at.badge(seat, i, n), *value, *m.values);
    }
    if (model.seat_view()) {
        std::array<bool, 4> v = model.voids(seat);
        std::string text;
        for (Suit s : kAllSuits) {
            if (v[index(s)]) text += fmt::format("{}{} ", suit_symbol(s), "✗");
        }
        if (!text.empty()) {
            t.dl->AddText(t.f.small, t.f.small->FontSize, t.p(t.at.voids_pos(seat, n)),
                          colours::kTextOnFelt, ("void " + text).c_str());
        }
    }
}

// The trick in progress, each card toward its player; the last trick on demand, and always
// once the hand is over.
void draw_trick(const Table& t, const Model& model) {
    const auto& trick = t.st.current_trick();
    for (std::size_t i = 0; i < trick.size(); ++i) {
        CardLook look;
        std::string id = fmt::format("t{}", i);
        draw_card(t.dl, t.p(t.at.trick_card(trick[i].seat)), t.card(), trick[i].card, t.f, look,
                  id.c_str());
    }
    if (!trick.empty() || !(model.show_previous_trick() || t.st.phase() == Phase::Done)) return;
    auto prev = model.previous_trick();
    if (!prev) return;
    for (std::size_t i = 0; i < prev->first.size(); ++i) {
        CardLook look;
        if (prev->first[i].seat == prev->second) look.outline = colours::kGold;
        std::string id = fmt::format("p{}", i);
        draw_card(t.dl, t.p(t.at.trick_card(prev->first[i].seat)), t.card(), prev->first[i].card,
                  t.f, look, id.c_str());
    }
    text_centered(t.dl, t.f.small, t.p(t.at.trick_caption().centre()), colours::kTextOnFelt,
                  fmt::format("previous trick, won by {}", seat_name(prev->second)));
}

// The header: totals at the left, the trick, spades and what-if at the right.
void draw_header(const Table& t, const Model& model) {
    const float line = t.f.regular->FontSize;
    auto totals = totals_lines(t.st);
    for (std::size_t i = 0; i < totals.size(); ++i) {
        t.dl->AddText(t.f.regular, line,
                      t.p({t.at.totals.x0, t.at.totals.y0 + line * static_cast<float>(i)}),
                      colours::kTextOnFelt, totals[i].c_str());
    }
    auto status = status_lines(t.st, t.game, model);
    for (std::size_t i = 0; i < status.size(); ++i) {
        if (status[i].empty()) continue;
        const float x = t.at.status.x1 - text_size(t.f.regular, status[i]).x;
        const bool what_if = i == 1 && model.in_what_if();
        t.dl->AddText(t.f.regular, line, t.p({x, t.at.status.y0 + line * static_cast<float>(i)}),
                      what_if ? colours::kGold : colours::kTextOnFelt, status[i].c_str());
    }
}

// Each seat's passed cards under its plate, the suits in their colours.
void draw_passes(const Table& t, const Model& model) {
    for (Seat s : kAllSeats) {
        const Rect& r = t.at.passes[index(s)];
        std::string line = passes_line(model, s);
        if (r.empty() || line.empty()) continue;
        float x = r.x0;
        // The words in the felt's text colour, each suit symbol in a colour that reads on felt.
        std::size_t start = 0;
        while (start < line.size()) {
            std::size_t suit_at = std::string::npos;
            Suit suit = Suit::Spades;
            for (Suit su : kAllSuits) {
                std::size_t k = line.find(suit_symbol(su), start);
                if (k < suit_at) {
                    suit_at = k;
                    suit = su;
                }
            }
            std::string plain = line.substr(start, suit_at - start);
            t.dl->AddText(t.f.regular, t.f.regular->FontSize, t.p({x, r.y0}), colours::kTextOnFelt,
                          plain.c_str());
            x += text_size(t.f.regular, plain).x;
            if (suit_at == std::string::npos) break;
            std::string sym(suit_symbol(suit));
            ImU32 colour = suit_colour(suit) == colours::kRedSuit ? IM_COL32(255, 120, 120, 255)
                                                                  : IM_COL32(225, 225, 230, 255);
            t.dl->AddText(t.f.regular, t.f.regular->FontSize, t.p({x, r.y0}), colour, sym.c_str());
            x += text_size(t.f.regular, sym).x;
            start = suit_at + sym.size();
        }
    }
}

// The felt, its edge inside the panel (half the edge's line width in from the border).
void draw_felt(ImDrawList* dl, ImVec2 origin, ImVec2 size, const Fonts& fonts) {
    const float edge = fonts.regular->FontSize * 0.375f;
    const float inset = edge / 2;
    const ImVec2 a(origin.x + inset, origin.y + inset);
    const ImVec2 b(origin.x + size.x - inset, origin.y + size.y - inset);
    dl->AddRectFilled(a, b, colours::kFelt, edge * 2.5f);
    dl->AddRect(a, b, colours::kFeltEdge, edge * 2.5f, 0, edge);
}

}  // namespace

// Lines of text in a dark box centred in `r`, each in its colour: in the regular font when
// they fit, else the small one; clipped to `r` whatever happens (it is the layout's).
void result_box(const Table& t, const Rect& r,
                const std::vector<std::pair<std::string, ImU32>>& lines) {
    if (lines.empty() || r.empty()) return;
    auto size_in = [&](ImFont* font) {
        float w = 0;
        for (const auto& [text, colour] : lines) w = std::max(w, text_size(font, text).x);
        return ImVec2(w, font->FontSize * static_cast<float>(lines.size()));
    };
    const float pad = t.f.small->FontSize * 0.5f;
    ImFont* font = t.f.regular;
    ImVec2 size = size_in(font);
    if (size.x + 2 * pad > r.width() || size.y + 2 * pad > r.height()) {
        font = t.f.small;
        size = size_in(font);
    }
    const ImVec2 box(std::min(size.x + 2 * pad, r.width()), std::min(size.y + 2 * pad, r.height()));
    const ImVec2 c = t.p(r.centre());
    const ImVec2 a(c.x - box.x / 2, c.y - box.y / 2);
    const ImVec2 b(c.x + box.x / 2, c.y + box.y / 2);
    t.dl->PushClipRect(t.p0(r), t.p1(r), true);
    t.dl->AddRectFilled(a, b, IM_COL32(12, 40, 24, 230), pad);
    t.dl->AddRect(a, b, colours::kFeltEdge, pad, 0, 1.5f);
    float y = a.y + pad;
    for (const auto& [text, colour] : lines) {
        const float w = text_size(font, text).x;
        t.dl->AddText(font, font->FontSize, ImVec2(c.x - w / 2, y), colour, text.c_str());
        y += font->FontSize;
    }
    t.dl->PopClipRect();
}

// At the hand's last card, how it ended: the contracts made or set, bags and nils where North's
// hand was, the points under every rule set compared where South's was (both hands are empty).
void draw_result(const Table& t, const Model& model) {
    const std::optional<HandResult> r = model.hand_result();
    if (!r) return;
    std::vector<std::pair<std::string, ImU32>> contracts;
    for (int team = 0; team < 2; ++team) {
        const HandResult::Side& s = r->sides[static_cast<std::size_t>(team)];
        std::string line =
            fmt::format("{}: bid {}, took {}", team == 0 ? "NS" : "EW", s.bid, s.tricks);
        if (s.bid > 0)
            line += s.tricks >= s.bid ? ": made" : fmt::format(": set by {}", s.bid - s.tricks);
        if (s.bags > 0) line += ", " + count_of(s.bags, "bag");
        if (s.bag_penalties > 0) line += ", bag penalty";
        contracts.emplace_back(line, colours::team_colour(team));
        for (const std::string& nil : s.nils)
            contracts.emplace_back(nil, colours::team_colour(team));
    }
    std::vector<std::pair<std::string, ImU32>> points;
    for (const HandResult::Run& run : r->runs) {
        points.emplace_back(
            // As the Scores tab writes it: the score, then the hand's points in brackets.
            run.scored ? fmt::format("{}: NS {} ({}), EW {} ({})", run.label, run.after[0],
                                     signed_number(run.delta[0]), run.after[1],
                                     signed_number(run.delta[1]))
                       : fmt::format("{}: game already over", run.label),
            colours::kTextOnFelt);
    }
    result_box(t, t.at.hands[index(Seat::North)], contracts);
    result_box(t, t.at.hands[index(Seat::South)], points);
}

namespace {

// The sample games shipped with Spadework (the installed share/spadework/games, or the
// source tree's samples/games beside the build), as `scripts/run` opens them.
std::filesystem::path sample_games() {
    return analyzer::data_dir() / "games";
}

// Opens the sample games and shows the first; false when they are not there.
bool open_sample_games(Model& model) {
    const std::filesystem::path dir = sample_games();
    if (!std::filesystem::is_directory(dir) || !model.open(dir)) return false;
    if (!model.game() && !model.games().empty()) model.select_game(0);
    return true;
}

// No game shown: pick one; with an empty list (a first run, no library yet), a button that
// opens the sample games.
void draw_empty_table(Model& model, const UiState& ui, ImVec2 origin, ImVec2 avail) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 centre(origin.x + avail.x / 2, origin.y + avail.y / 2);
    const bool offer = model.games().empty() && std::filesystem::is_directory(sample_games());
    const char* const say = offer ? "No games yet: open a file, or try the samples"
                                  : "Pick a game in the library, or open a file";
    const float line = ui.fonts.large->FontSize;
    ImGui::PushFont(ui.fonts.large);
    const std::string shown = fit_text(say, avail.x);  // measured in the font it is drawn in
    ImGui::PopFont();
    text_centered(dl, ui.fonts.large, ImVec2(centre.x, centre.y - (offer ? line : 0)),
                  colours::kTextOnFelt, shown);
    if (offer) {
        const char* const label = "Open the sample games";
        const float w = ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
        ImGui::SetCursorScreenPos(ImVec2(centre.x - w / 2, centre.y + line * 0.5f));
        if (ImGui::Button(label)) open_sample_games(model);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", sample_games().string().c_str());
        ImGui::SetCursorScreenPos(origin);
    }
    ImGui::Dummy(avail);
}

}  // namespace

std::vector<Command> TablePanel::commands() const {
    return {{"open the sample games", ImGuiKey_COUNT, "",
             [](const PanelContext& ctx) { open_sample_games(ctx.model); }}};
}

void TablePanel::draw(const PanelContext& ctx) {
    Model& model = ctx.model;
    UiState& ui = ctx.ui;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    draw_felt(dl, origin, avail, ui.fonts);

    const RecordedGame* game = model.game();
    if (!game || !model.recorded_hand()) {
        draw_empty_table(model, ui, origin, avail);
        return;
    }
    const RecordedHand& rh = *model.recorded_hand();
    const HandState& st = model.state();
    TableLayout layout;
    const Table t{dl, ui.fonts, origin, layout, *game, rh, st};
    const TableInput in = measure(t, avail, model, ui.show_values);
    layout = lay_out_table(in);
    ui.table_problem.clear();
    if (!layout.fits) {
        // Too small: said for the screenshot checks, and drawn larger in a panel that scrolls.
        ui.table_problem = fmt::format("{:.0f}x{:.0f}: {}", avail.x, avail.y,
                                       layout_problem(layout, in.hand_size));
        layout = lay_out_scrolled(in);
        draw_felt(dl, origin, ImVec2(layout.panel.width(), layout.panel.height()), ui.fonts);
    }

    HandMarks marks;
    marks.playing = st.phase() == Phase::Play;
    marks.legal = model.shown_legal_cards();
    marks.values = ui.show_values ? model.shown_values() : std::nullopt;
    marks.review = model.shows_whole_deal() ? model.card_review() : nullptr;
    if (!model.in_what_if() && model.position() < model.recorded_cards()) {
        marks.next_recorded = rh.cards[model.position()];
    }
    draw_header(t, model);
    for (Seat seat : kAllSeats) {
        draw_plate(t, seat, marks.playing && st.to_act() == seat);
        draw_hand(t, model, seat, marks);
    }
    draw_trick(t, model);
    draw_passes(t, model);
    draw_result(t, model);
    ImGui::SetCursorScreenPos(origin);
    // Exactly the table's size, the cursor left where it started: no scrollbar unless the
    // table was laid out larger than the panel.
    const ImVec2 size(std::max(avail.x, layout.panel.width()),
                      std::max(avail.y, layout.panel.height()));
    ImGui::Dummy(size);
    ImGui::SetCursorScreenPos(origin);
}

}  // namespace spadework::viewer
