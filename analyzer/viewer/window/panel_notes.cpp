#include <fmt/core.h>

#include "draw.h"
#include "panel_notes.h"
#include "wording.h"

namespace spadework::viewer {

void NotesPanel::draw(const PanelContext& ctx) {
    Model& model = ctx.model;
    const RecordedHand* rh = model.recorded_hand();
    if (!rh) {
        ImGui::TextDisabled("No game selected.");
        return;
    }
    const RecordedGame& game = *model.game();
    if (!game.comment.empty()) {
        ImGui::TextWrapped("Game: %s", game.comment.c_str());
        ImGui::Separator();
    }
    if (rh->annotations.empty()) {
        ImGui::TextDisabled("No notes on this hand.");
        return;
    }
    for (std::size_t i = 0; i < rh->annotations.size(); ++i) {
        const Annotation& a = rh->annotations[i];
        ImGui::PushID(static_cast<int>(i));
        std::string where;
        switch (a.target) {
            case Annotation::Target::Hand:
                where = "the hand";
                break;
            case Annotation::Target::Bid: {
                Seat s = next(rh->dealer, a.index + 1);
                where = a.index < static_cast<int>(rh->bids.size())
                            ? fmt::format("{}'s bid {}", seat_char(s), bid_text(rh->bids[a.index]))
                            : "a bid";
                break;
            }
            case Annotation::Target::Card:
                where = a.index < static_cast<int>(rh->cards.size())
                            ? fmt::format("trick {}: {}", a.index / 4 + 1,
                                          card_text(rh->cards[a.index]))
                            : "a card";
                break;
        }
        bool here = a.target == Annotation::Target::Card && model.position() == a.index &&
                    !model.in_what_if();
        std::string label = fmt::format("{} {}", where, a.glyph);
        if (ImGui::Selectable(label.c_str(), here) && a.target == Annotation::Target::Card) {
            model.move_to(a.index);
        }
        if (!a.comment.empty()) {
            ImGui::Indent();
            ImGui::TextWrapped("%s", a.comment.c_str());
            ImGui::Unindent();
        }
        ImGui::PopID();
    }
}

}  // namespace spadework::viewer
