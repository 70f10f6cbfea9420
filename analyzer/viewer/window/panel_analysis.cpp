#include <fmt/core.h>

#include <algorithm>

#include "draw.h"
#include "panel_analysis.h"
#include "spadework/analyzer/review_words.h"
#include "wording.h"

namespace spadework::viewer {

namespace {

// The cards the player to play could choose, valued, the one played marked.
void draw_card_values(Model& model, const CardValues& values) {
    const auto* v = &values;
    ImGuiTableFlags tf =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
    // Graded by the game: each card's chance to win it, a column of its own.
    const bool chances = !v->cards.empty() && v->cards.front().chance.has_value();
    if (ImGui::BeginTable("values", chances ? 5 : 4, tf)) {
        ImGui::TableSetupColumn("card");
        ImGui::TableSetupColumn("tricks");
        ImGui::TableSetupColumn("points");
        if (chances) ImGui::TableSetupColumn("win chance");
        ImGui::TableSetupColumn("");
        ImGui::TableHeadersRow();
        const analyzer::CardReview* review = model.card_review();
        double best_chance = 0;
        for (const auto& c : v->cards) best_chance = std::max(best_chance, c.chance.value_or(0));
        const int last = chances ? 4 : 3;
        for (const auto& c : v->cards) {
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            text_card(c.card);
            ImGui::TableSetColumnIndex(1);
            if (c.tricks == v->best_tricks) {
                ImGui::Text("%d =", c.tricks);
            } else {
                ImGui::Text("%d (%+d)", c.tricks, c.tricks - v->best_tricks);
            }
            ImGui::TableSetColumnIndex(2);
            bool best = c.score == v->best_score;
            if (!v->score_valued) {
                ImGui::TextDisabled("not valued");
                if (ImGui::IsItemHovered())
                    ImGui::SetTooltip("the score search passed its budget of positions");
            } else {
                ImGui::TextColored(best ? ImVec4(0.5f, 0.9f, 0.5f, 1) : ImVec4(1, 0.5f, 0.4f, 1),
                                   best ? "%+d =" : "%+d (%+d)", c.score, c.score - v->best_score);
            }
            if (chances && c.chance) {
                ImGui::TableSetColumnIndex(3);
                bool top = *c.chance == best_chance;
                ImGui::TextColored(top ? ImVec4(0.5f, 0.9f, 0.5f, 1) : ImVec4(1, 0.5f, 0.4f, 1),
                                   top ? "%.0f%% =" : "%.0f%% (%+.0f)", 100 * *c.chance,
                                   100 * (*c.chance - best_chance));
            }
            ImGui::TableSetColumnIndex(last);
            if (review && review->played == c.card) {
                ImGui::TextColored(
                    flag_colour(review->flag), "played%s",
                    review->flag == analyzer::FlagClass::None
                        ? ""
                        : (", " + std::string(analyzer::class_name(review->flag))).c_str());
            }
        }
        ImGui::EndTable();
    }
    text_note(
        "tricks: the side's tricks at the end; points: its score minus the "
        "opponents' for the hand, double dummy");
}

// "play 8♥ or 4♥", "play 8♥, 4♥, K♦ or 5 more" (all of them when hovered), "play 8♥, 4♥, K♦
// or 5♣" (a last card named rather than "or 1 more"), "play any other".
void draw_cards_to_play(const analyzer::CardReview& c, const std::vector<Card>& instead) {
    if (analyzer::any_other_card(c, instead)) {
        same_line_or_wrap(ImGui::CalcTextSize("play any other").x);
        ImGui::TextDisabled("play any other");
        return;
    }
    same_line_or_wrap(ImGui::CalcTextSize("play").x);
    ImGui::TextDisabled("play");
    const std::size_t named = cards_named(instead.size());
    const bool more = instead.size() > named;
    for (std::size_t i = 0; i < named; ++i) {
        const float w = card_text_width(instead[i]);
        const bool last = i + 1 == named;
        if (i > 0 && last && !more) {
            same_line_or_wrap(ImGui::CalcTextSize("or").x + w);
            ImGui::TextDisabled("or");
        }
        same_line_or_wrap(w);
        text_card(instead[i]);
        // A comma after each card but the ones "or" follows, against the card.
        if (!last && !(i + 2 == named && !more)) {
            ImGui::SameLine(0, 0);
            ImGui::TextDisabled(",");
        }
    }
    if (more) {
        const std::string rest = fmt::format("or {} more", instead.size() - named);
        same_line_or_wrap(ImGui::CalcTextSize(rest.c_str()).x);
        ImGui::TextDisabled("%s", rest.c_str());
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("as good: %s", analyzer::cards_or_all(instead).c_str());
        }
    }
}

// The flagged cards of the hand, each a link to its position: with every hand face up only
// (AnalysisPanel::draw), since each flag and the card to play instead are double dummy.
void draw_hand_flags(Model& model, const analyzer::HandReview& hand) {
    ImGui::Text("Flags in hand %d", model.hand() + 1);
    int flags = 0;
    for (const auto& c : hand.play->cards) {
        if (c.flag == analyzer::FlagClass::None) continue;
        ++flags;
        ImGui::PushID(c.index);
        std::string label = fmt::format("trick {:>2}  {}  {} {}", c.trick + 1, seat_char(c.seat),
                                        card_text(c.played), analyzer::class_name(c.flag));
        ImGui::PushStyleColor(ImGuiCol_Text, flag_colour(c.flag));
        if (ImGui::Selectable(label.c_str(), model.position() == c.index && !model.in_what_if())) {
            model.move_to(c.index);
        }
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("jump to this card");
        const std::string loss =
            loss_text(c.cost_points(), c.cost_tricks(),
                      c.best_chance ? std::optional<double>(c.cost_chance()) : std::nullopt);
        same_line_or_wrap(ImGui::CalcTextSize(loss.c_str()).x);
        ImGui::TextDisabled("%s", loss.c_str());
        // The card (or cards, as good) to play instead. Each word and card goes on the next
        // line when the panel's edge comes first.
        if (const std::vector<Card> instead = analyzer::cards_to_play(c); !instead.empty()) {
            draw_cards_to_play(c, instead);
        }
        ImGui::PopID();
    }
    if (flags == 0) ImGui::TextDisabled("No card of this hand cost points.");
}

// Each player's accuracy over the game.
void draw_accuracy(const RecordedGame& game, const analyzer::GameReview& review) {
    ImGui::TextUnformatted("Accuracy over the game");
    if (ImGui::BeginTable("accuracy", 5,
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
        ImGui::TableSetupColumn("player", 0, 2.0f);
        ImGui::TableSetupColumn("accuracy");
        ImGui::TableSetupColumn("?!");
        ImGui::TableSetupColumn("?");
        ImGui::TableSetupColumn("??");
        ImGui::TableHeadersRow();
        for (Seat s : kAllSeats) {
            const analyzer::PlayStats& p = review.seats[index(s)];
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            // A long name shortened to the column ("…"), whole on hover.
            ImGui::Text("%c", seat_char(s));
            ImGui::SameLine();
            text_fitted(game.players[index(s)], ImGui::GetContentRegionAvail().x);
            ImGui::TableSetColumnIndex(1);
            ImGui::Text("%.0f%%", p.accuracy() * 100);
            ImGui::TableSetColumnIndex(2);
            ImGui::Text("%d", p.inaccuracies);
            ImGui::TableSetColumnIndex(3);
            ImGui::Text("%d", p.mistakes);
            ImGui::TableSetColumnIndex(4);
            ImGui::Text("%d", p.blunders);
        }
        ImGui::EndTable();
    }
}

// Which stored review is shown, with the settings it was made with, and the others to pick
// from; a review of settings other than the viewer's offers the viewer's own.
void draw_review_choice(Model& model) {
    const auto& stored = model.stored_reviews();
    if (stored.empty() || !model.review()) return;
    const int shown = model.stored_review_shown();
    const std::string preview =
        shown >= 0 ? stored[static_cast<std::size_t>(shown)].label : "computed now";
    // The settings in words, wrapped (a combo's preview cut them at 1280x720), after the
    // button that lists the other stored reviews to pick from.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Review:");
    if (stored.size() > 1) {
        ImGui::SameLine();
        if (ImGui::BeginCombo("##review", nullptr, ImGuiComboFlags_NoPreview)) {
            for (std::size_t i = 0; i < stored.size(); ++i) {
                const std::string label =
                    stored[i].label + (stored[i].own ? " (the viewer's settings)" : "");
                if (ImGui::Selectable(label.c_str(), static_cast<int>(i) == shown)) {
                    model.show_stored_review(static_cast<int>(i));
                }
            }
            ImGui::EndCombo();
        }
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s",
                              count_of(static_cast<long>(stored.size()), "stored review").c_str());
        }
    }
    ImGui::SameLine();
    ImGui::TextWrapped("%s", preview.c_str());
    if (!model.review_is_own()) {
        text_note(fmt::format("stored with other settings than the viewer's ({})",
                              describe_review_settings(model.settings())));
        if (auto p = model.progress()) {
            float f = p->total ? static_cast<float>(p->done) / static_cast<float>(p->total) : 0;
            ImGui::ProgressBar(f, ImVec2(-1, 0), p->what.c_str());
        } else {
            // The whole label where it fits, else its first word (the whole on hover).
            const char* whole = "Analyse with the viewer's settings";
            const bool fits = button_width(whole) <= ImGui::GetContentRegionAvail().x;
            if (ImGui::SmallButton(fits ? whole : "Analyse again")) model.request_review();
            if (!fits && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", whole);
        }
    }
}

}  // namespace

std::vector<Command> AnalysisPanel::commands() const {
    return {{"analyse this game", ImGuiKey_COUNT, "", [](const PanelContext& ctx) {
                 if (ctx.model.game() && !ctx.model.review_is_own()) ctx.model.request_review();
             }}};
}

void AnalysisPanel::draw(const PanelContext& ctx) {
    Model& model = ctx.model;
    const RecordedGame* game = model.game();
    if (!game) {
        ImGui::TextDisabled("No game selected.");
        return;
    }
    const HandState& st = model.state();

    // Step 1. The cards the player to play could choose, valued.
    if (st.phase() == Phase::Play) {
        ImGui::Text("%s to play", std::string(seat_name(st.to_act())).c_str());
        if (auto v = model.shown_values()) {
            draw_card_values(model, *v);
        } else if (!model.face_up(st.to_act())) {
            // A seat's view: a hand face down is not listed, nor how many cards it could play.
            text_note(fmt::format("{}'s cards are face down in {}'s view.", seat_name(st.to_act()),
                                  seat_name(*model.seat_view())));
        } else if (!model.shows_whole_deal()) {
            // The seat's own cards: their values would tell where the others' cards lie.
            text_note(
                fmt::format("Card values are hidden in {0}'s view: they are double dummy, "
                            "worked out from all four hands, which {0} cannot see.",
                            seat_name(*model.seat_view())));
        } else if (model.values_pending()) {
            ImGui::TextDisabled("solving...");
        } else if (!model.review()) {
            text_note("Card values appear once the game is analysed.");
        }
    } else if (st.phase() == Phase::Done) {
        ImGui::TextUnformatted("The hand is over.");
    }
    if (model.in_what_if()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.75f, 0.3f, 1));
        ImGui::TextWrapped("What-if: values from the solver; the record is unchanged.");
        ImGui::PopStyleColor();
        if (ImGui::Button("Back to the record")) model.leave_what_if();
    }
    ImGui::Separator();

    // Step 2. The review, or a way to get one.
    draw_review_choice(model);
    const analyzer::GameReview* review = model.review();
    if (!review) {
        if (auto p = model.progress()) {
            float f = p->total ? static_cast<float>(p->done) / static_cast<float>(p->total) : 0;
            ImGui::ProgressBar(f, ImVec2(-1, 0), p->what.c_str());
        } else if (ImGui::Button("Analyse this game")) {
            model.request_review();
        }
        return;
    }
    // In a seat's view of a hand in play, nothing of the play review: its flags, their costs
    // and the accuracy they add up to are double dummy, worked out from every hand.
    if (!model.shows_whole_deal()) {
        text_note(
            fmt::format("The flags and the accuracy are hidden in {0}'s view until the hand "
                        "is played out: they are double dummy, worked out from hands {0} "
                        "cannot see.",
                        seat_name(*model.seat_view())));
        return;
    }
    const analyzer::HandReview* hand = model.hand_review();
    if (hand && hand->play) draw_hand_flags(model, *hand);
    ImGui::Separator();
    draw_accuracy(*game, *review);
}

}  // namespace spadework::viewer
