#include <fmt/core.h>

#include <algorithm>

#include "draw.h"
#include "panel_bidding.h"

namespace spadework::viewer {

namespace {

// The partnership's tricks over a bid's sampled layouts, and the nil's fate on them.
void draw_layouts(const analyzer::BidDecision& d) {
    std::vector<float> hist(d.tricks.begin(), d.tricks.end());
    double mean = 0;
    for (std::size_t t = 0; t < d.tricks.size(); ++t) {
        mean += d.tricks[t] * static_cast<double>(t);
    }
    std::string overlay = fmt::format("partnership tricks 0..{}, mean {:.1f}",
                                      hist.empty() ? 0 : hist.size() - 1, mean);
    // The width given outright: a negative width (the rest of the line) collapses to a sliver
    // inside a tree node under ImGui 1.86.
    float width = std::max(120.0f, ImGui::GetContentRegionAvail().x);
    ImGui::PlotHistogram("##tricks", hist.data(), static_cast<int>(hist.size()), 0, overlay.c_str(),
                         0.0f, 1.0f, ImVec2(width, 56));
    if (d.nil_kept) ImGui::Text("a nil kept in %.0f%% of layouts", *d.nil_kept * 100);
    if (d.unsettled_nils > 0) {
        text_note(fmt::format(
            "on {} layout{} a nil was not settled within the search's budget (counted broken)",
            d.unsettled_nils, d.unsettled_nils == 1 ? "" : "s"));
    }
}

// The bid's value and the best's, each with its ±, and how sure the review is.
void draw_verdict(const analyzer::BidDecision& d) {
    const analyzer::BidOption* played = nullptr;
    const analyzer::BidOption* best = nullptr;
    for (const auto& o : d.options) {
        if (o.bid == d.bid) played = &o;
        if (o.bid == d.best) best = &o;
    }
    if (!played || !best) return;
    if (d.bid == d.best) {
        ImGui::TextWrapped("expected %+.1f ± %.1f points: the best bid", played->expected,
                           played->error);
    } else {
        ImGui::TextWrapped("expected %+.1f ± %.1f; best %s %+.1f ± %.1f (%.1f ± %.1f better)",
                           played->expected, played->error, bid_text(d.best).c_str(),
                           best->expected, best->error, d.shortfall(), d.shortfall_error);
    }
    std::string good;
    for (Bid g : d.good) good += (good.empty() ? "" : ", ") + bid_text(g);
    std::string layouts =
        d.effective_samples < d.samples - 0.05
            ? fmt::format("{} layouts ({:.1f} effective)", d.samples, d.effective_samples)
            : fmt::format("{} layouts", d.samples);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s, %s; good bids: %s", layouts.c_str(),
                       d.settled ? "settled" : "not settled at the cap", good.c_str());
    ImGui::PopStyleColor();
}

}  // namespace

void BiddingPanel::draw(const PanelContext& ctx) {
    Model& model = ctx.model;
    const RecordedHand* rh = model.recorded_hand();
    if (!rh) {
        ImGui::TextDisabled("No game selected.");
        return;
    }
    const RecordedGame& game = *model.game();
    const analyzer::HandReview* review = model.hand_review();

    if (review) {
        const analyzer::Par& par = review->bidding.par;
        ImGui::Text("Par (double dummy): NS %d, EW %d tricks", par.tricks[0], par.tricks[1]);
        for (const auto& n : par.nils) {
            ImGui::Text("  %s's nil %s", std::string(seat_name(n.seat)).c_str(),
                        n.kept ? "could be kept" : "could not be kept");
        }
        ImGui::Separator();
    }

    // Passes (Paperless) and exchanges (blind nil), as played.
    for (Seat s : kAllSeats) {
        if (!rh->passes[index(s)].empty()) {
            ImGui::Text("%c passed", seat_char(s));
            ImGui::SameLine();
            text_cards(rh->passes[index(s)]);
            if (review) {
                for (const auto& p : review->bidding.passes) {
                    if (p.seat != s) continue;
                    ImGui::SameLine();
                    if (p.flag == analyzer::FlagClass::None) {
                        ImGui::TextDisabled("(fine: %+.1f)", p.played_expected);
                    } else {
                        ImGui::TextColored(ImVec4(1, 0.6f, 0.2f, 1), "%s: better",
                                           std::string(analyzer::class_name(p.flag)).c_str());
                        ImGui::SameLine();
                        text_cards(p.best);
                        ImGui::SameLine();
                        ImGui::TextDisabled("%+.1f vs %+.1f (%.1f ± %.1f over %d layouts)",
                                            p.best_expected, p.played_expected, p.shortfall(),
                                            p.shortfall_error, p.samples);
                    }
                }
            }
        }
        if (!rh->exchanges[index(s)].empty()) {
            ImGui::Text("%c exchanged", seat_char(s));
            ImGui::SameLine();
            text_cards(rh->exchanges[index(s)]);
        }
    }

    // The bids in order.
    for (std::size_t i = 0; i < rh->bids.size(); ++i) {
        Seat s = next(rh->dealer, static_cast<int>(i) + 1);
        const std::string& name = game.players[index(s)];
        const analyzer::BidDecision* d = nullptr;
        if (review) {
            for (const auto& b : review->bidding.bids) {
                if (b.index == static_cast<int>(i)) d = &b;
            }
        }
        ImGui::PushID(static_cast<int>(i));
        std::string head = fmt::format("{} {}: {}", seat_char(s), name, bid_text(rh->bids[i]));
        if (const Annotation* a = rh->annotation(Annotation::Target::Bid, static_cast<int>(i))) {
            head += " " + a->glyph;
        }
        if (!d) {
            ImGui::BulletText("%s", head.c_str());
            ImGui::PopID();
            continue;
        }
        bool flagged = d->flag != analyzer::FlagClass::None;
        bool close = d->flag == analyzer::FlagClass::CloseCall;
        if (close) {
            head += "   close call";
        } else if (flagged) {
            head += fmt::format("   {}: {} was better", analyzer::class_name(d->flag),
                                bid_text(d->best));
        }
        ImGui::PushStyleColor(ImGuiCol_Text, close     ? ImVec4(0.6f, 0.75f, 1, 1)
                                             : flagged ? ImVec4(1, 0.6f, 0.25f, 1)
                                                       : ImGui::GetStyleColorVec4(ImGuiCol_Text));
        bool open = ImGui::TreeNodeEx(head.c_str(), ImGuiTreeNodeFlags_DefaultOpen);
        ImGui::PopStyleColor();
        if (open) {
            draw_verdict(*d);
            draw_layouts(*d);
            if (ImGui::TreeNode("every bid")) {
                if (ImGui::BeginTable("options", 3,
                                      ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
                    ImGui::TableSetupColumn("bid");
                    ImGui::TableSetupColumn("expected");
                    ImGui::TableSetupColumn("made");
                    ImGui::TableHeadersRow();
                    for (const auto& o : d->options) {
                        ImGui::TableNextRow();
                        ImGui::TableSetColumnIndex(0);
                        bool is_best = o.bid == d->best;
                        bool is_played = o.bid == d->bid;
                        ImGui::Text("%s%s%s", bid_text(o.bid).c_str(), is_best ? " (best)" : "",
                                    is_played ? " (bid)" : "");
                        ImGui::TableSetColumnIndex(1);
                        ImGui::Text("%+.1f ± %.1f", o.expected, o.error);
                        ImGui::TableSetColumnIndex(2);
                        ImGui::Text("%.0f%%", o.made * 100);
                    }
                    ImGui::EndTable();
                }
                ImGui::TreePop();
            }
            ImGui::TreePop();
        }
        ImGui::PopID();
    }
    if (!review) {
        ImGui::Separator();
        ImGui::TextDisabled("Analyse the game to see par and the single-dummy estimates.");
    }
}

}  // namespace spadework::viewer
