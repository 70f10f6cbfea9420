#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "draw.h"
#include "panel_bidding.h"
#include "spadework/analyzer/review_words.h"
#include "wording.h"

namespace spadework::viewer {

namespace {

// The tricks a bid of the bidder asks of the partnership, as far as the bidder knew: its own
// count plus the partner's when the partner bid before (a nil adds none). The histogram's
// marks stand at these counts.
int contract_of(const RecordedHand& rh, const analyzer::BidDecision& d, Bid bid) {
    int need = bid.kind() == Bid::Kind::Tricks ? bid.count() : 0;
    for (int i = 0; i < d.index && i < static_cast<int>(rh.bids.size()); ++i) {
        const Seat s = next(rh.dealer, i + 1);
        if (s == partner(d.seat) &&
            rh.bids[static_cast<std::size_t>(i)].kind() == Bid::Kind::Tricks) {
            need += rh.bids[static_cast<std::size_t>(i)].count();
        }
    }
    return need;
}

// A vertical mark at a trick count, with its label above the plot starting at `label_x`.
void mark(ImDrawList* dl, float x, float top, float bottom, ImU32 colour, const std::string& label,
          const Fonts& fonts, ImVec2 label_at) {
    dl->AddLine(ImVec2(x, top), ImVec2(x, bottom), colour, em(2));
    dl->AddText(fonts.small, fonts.small->FontSize, label_at, colour, label.c_str());
}

float label_width(const Fonts& fonts, const std::string& label) {
    return fonts.small->CalcTextSizeA(fonts.small->FontSize, FLT_MAX, 0, label.c_str()).x;
}

// Where a label of width `w` centred on `x` starts, kept between `left` and `right`: a mark
// at 12 or 13 tricks stands at the chart's edge, and its label was cut there.
float centred_within(float x, float w, float left, float right) {
    return std::max(left, std::min(x - w / 2, right - w));
}

// The partnership's double-dummy tricks over the bid's sampled layouts: a bar per count, the
// share on the value axis, the counts along the other; the played bid's and the best bid's
// contracts marked.
void draw_layouts(const RecordedHand& rh, const analyzer::BidDecision& d, const Fonts& fonts) {
    if (d.tricks.empty()) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float w = std::max(em(160), ImGui::GetContentRegionAvail().x);
    const float small = fonts.small->FontSize;
    const float height = em(96) + 3 * small;
    const float left = fonts.small->CalcTextSizeA(small, FLT_MAX, 0, "100%").x + em(8);
    // Plot area: a line of marks' labels above, the counts and the axis title below.
    const ImVec2 o(origin.x + left, origin.y + small + em(4));
    const float pw = w - left - em(8);
    const float ph = height - 3 * small - em(10);
    dl->AddRectFilled(origin, ImVec2(origin.x + w, origin.y + height), IM_COL32(24, 28, 30, 255),
                      em(4));
    const int n = static_cast<int>(d.tricks.size());
    const double top = std::max(0.05, *std::max_element(d.tricks.begin(), d.tricks.end()));
    // The value axis: 0 and the tallest bar's share, rounded up to 10%.
    const double axis_top = std::ceil(top * 10 - 1e-9) / 10;
    const ImU32 grid = IM_COL32(60, 64, 68, 255);
    for (double v : {0.0, axis_top / 2, axis_top}) {
        const float y = o.y + ph - ph * static_cast<float>(v / axis_top);
        dl->AddLine(ImVec2(o.x, y), ImVec2(o.x + pw, y), grid, 1);
        const std::string t = fmt::format("{:.0f}%", v * 100);
        const ImVec2 ts = fonts.small->CalcTextSizeA(small, FLT_MAX, 0, t.c_str());
        dl->AddText(fonts.small, small, ImVec2(o.x - ts.x - em(4), y - ts.y / 2),
                    IM_COL32(200, 200, 200, 255), t.c_str());
    }
    const float slot = pw / static_cast<float>(n);
    const int label_step = slot < small * 1.6f ? 2 : 1;
    for (int t = 0; t < n; ++t) {
        const float x0 = o.x + slot * static_cast<float>(t);
        const float bar = ph * static_cast<float>(d.tricks[static_cast<std::size_t>(t)] / axis_top);
        if (d.tricks[static_cast<std::size_t>(t)] > 0) {
            dl->AddRectFilled(ImVec2(x0 + slot * 0.15f, o.y + ph - std::max(bar, 1.0f)),
                              ImVec2(x0 + slot * 0.85f, o.y + ph), IM_COL32(90, 180, 115, 255),
                              em(2));
        }
        if (t % label_step == 0) {
            const std::string c = std::to_string(t);
            const ImVec2 ts = fonts.small->CalcTextSizeA(small, FLT_MAX, 0, c.c_str());
            dl->AddText(fonts.small, small, ImVec2(x0 + (slot - ts.x) / 2, o.y + ph + em(2)),
                        IM_COL32(200, 200, 200, 255), c.c_str());
        }
    }
    dl->AddLine(ImVec2(o.x, o.y + ph), ImVec2(o.x + pw, o.y + ph), IM_COL32(150, 150, 150, 255), 1);
    // The contracts: the played bid in the flag colour when it is not the best, the best in
    // green; one mark when they ask the same tricks.
    const int played = contract_of(rh, d, d.bid);
    const int best = contract_of(rh, d, d.best);
    // At the middle of the contract's bar: the bars from there rightwards make it.
    auto x_of = [&](int tricks) {
        return o.x + slot * (static_cast<float>(std::clamp(tricks, 0, n - 1)) + 0.5f);
    };
    const float label_y = origin.y + em(2);
    // Not left of the plot: the value axis's labels stand there, "40%" level with the marks'.
    const float left_x = o.x;
    const float right_x = origin.x + w - em(4);
    if (played == best) {
        const std::string label = fmt::format("bid {} (best)", bid_text(d.bid));
        const float lx = centred_within(x_of(best), label_width(fonts, label), left_x, right_x);
        mark(dl, x_of(best), o.y, o.y + ph, colours::kBest, label, fonts, ImVec2(lx, label_y));
    } else {
        const std::string best_label = fmt::format("best {}", bid_text(d.best));
        const std::string bid_label = fmt::format("bid {}", bid_text(d.bid));
        const float best_w = label_width(fonts, best_label);
        const float bid_w = label_width(fonts, bid_label);
        float best_x = centred_within(x_of(best), best_w, left_x, right_x);
        float bid_x = centred_within(x_of(played), bid_w, left_x, right_x);
        // Labels that would meet go side by side, the lower contract's on the left, as a
        // pair centred between the marks and kept within the chart.
        const float gap = em(8);
        const bool best_left = best < played;
        const float left_w = best_left ? best_w : bid_w;
        const float right_start = best_left ? bid_x : best_x;
        const float left_end = (best_left ? best_x : bid_x) + left_w;
        if (left_end + gap > right_start) {
            const float pair = best_w + gap + bid_w;
            const float mid = (x_of(best) + x_of(played)) / 2;
            const float start = centred_within(mid, pair, left_x, right_x);
            (best_left ? best_x : bid_x) = start;
            (best_left ? bid_x : best_x) = start + left_w + gap;
        }
        mark(dl, x_of(best), o.y, o.y + ph, colours::kBest, best_label, fonts,
             ImVec2(best_x, label_y));
        mark(dl, x_of(played), o.y, o.y + ph, colours::kFlag, bid_label, fonts,
             ImVec2(bid_x, label_y));
    }
    double mean = 0;
    for (std::size_t t = 0; t < d.tricks.size(); ++t) mean += d.tricks[t] * static_cast<double>(t);
    const std::string title = fmt::format("partnership's tricks (double dummy), mean {:.1f}", mean);
    dl->AddText(fonts.small, small, ImVec2(o.x, o.y + ph + small + em(4)),
                IM_COL32(170, 170, 170, 255), title.c_str());
    ImGui::Dummy(ImVec2(w, height));
    if (d.unsettled_nils > 0) {
        text_note(
            fmt::format("on {} a nil was not settled within the search's budget (counted broken)",
                        count_of(d.unsettled_nils, "layout")));
    }
}

// Every candidate bid: its expected points with their ±, the share of layouts it makes, and,
// graded by the game, its chance of winning the game with its ±.
void draw_options(const analyzer::BidDecision& d) {
    const bool by_game = d.best_chance.has_value();
    if (!ImGui::BeginTable("options", by_game ? 4 : 3,
                           ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
        return;
    }
    ImGui::TableSetupColumn("bid");
    ImGui::TableSetupColumn("expected");
    ImGui::TableSetupColumn("made");
    if (by_game) ImGui::TableSetupColumn("win chance");
    ImGui::TableHeadersRow();
    std::string cut_note;  // "nil on 16, blind nil on 24"
    for (const auto& o : d.options) {
        ImGui::TableNextRow();
        const bool is_best = o.bid == d.best;
        const bool is_played = o.bid == d.bid;
        if (is_best) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(40, 110, 60, 120));
        ImGui::TableSetColumnIndex(0);
        ImGui::Text("%s%s%s", bid_text(o.bid).c_str(), is_best ? " (best)" : "",
                    is_played ? " (bid)" : "");
        ImGui::TableSetColumnIndex(1);
        // A nil settled out: marked, and said below the table.
        const bool cut = d.settled_out(o);
        if (cut) {
            cut_note +=
                fmt::format("{}{} on {}", cut_note.empty() ? "" : ", ", bid_text(o.bid), o.samples);
        }
        ImGui::Text("%+.1f ± %.1f%s", o.expected, o.error, cut ? " *" : "");
        ImGui::TableSetColumnIndex(2);
        ImGui::Text("%.0f%%", o.made * 100);
        if (by_game) {
            ImGui::TableSetColumnIndex(3);
            if (o.chance) {
                ImGui::Text("%.1f%% ± %.1f", *o.chance * 100, o.chance_error * 100);
            } else {
                ImGui::TextDisabled("-");
            }
        }
    }
    ImGui::EndTable();
    if (!cut_note.empty()) {
        text_note(
            fmt::format("* settled far below the best, then valued no further: {} of the {} "
                        "layouts",
                        cut_note, d.samples));
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
    // How often the bid made (a nil: was kept) over the layouts, in counts a player reads.
    text_wrapped(analyzer::bid_made_text(d));
    if (d.bid == d.best) {
        text_wrapped(fmt::format("expected {:+.1f} ± {:.1f} points: the best bid", played->expected,
                                 played->error));
        if (d.flag == analyzer::FlagClass::CloseCall) {
            text_note(
                "a close call: the layouts cannot tell whether another bid is better by a "
                "class or more");
        }
    } else {
        text_wrapped(
            fmt::format("expected {:+.1f} ± {:.1f}; best {} {:+.1f} ± {:.1f} ({:.1f} ± "
                        "{:.1f} better)",
                        played->expected, played->error, bid_text(d.best), best->expected,
                        best->error, d.shortfall(), d.shortfall_error));
    }
    if (d.best_chance && d.played_chance) {
        if (d.bid == d.best) {
            text_wrapped(fmt::format("chance to win the game {:.0f}%: the best bid by it",
                                     *d.played_chance * 100));
        } else {
            text_wrapped(fmt::format(
                "chance to win the game {:.0f}%; with {} {:.0f}% ({:.1f} ± {:.1f} points of "
                "chance lost)",
                *d.played_chance * 100, bid_text(d.best), *d.best_chance * 100,
                d.cost_chance() * 100, d.chance_error * 100));
        }
    }
    std::string good;
    for (Bid g : d.good) good += (good.empty() ? "" : ", ") + bid_text(g);
    text_note(fmt::format("good bids: {} ({} on {})", good, d.settled ? "settled" : "not settled",
                          count_of(d.samples, "sampled layout")));
}

// The review of a seat's pass, beside it: fine, or the better pass with what it was worth
// (the figures on a line of their own, so that they wrap rather than run off the panel).
void draw_pass_review(const analyzer::HandReview& review, Seat s, const PlayOrder& order) {
    for (const auto& p : review.bidding.passes) {
        if (p.seat != s) continue;
        ImGui::SameLine();
        if (p.flag == analyzer::FlagClass::None) {
            ImGui::TextDisabled("(fine: %+.1f)", p.played_expected);
            continue;
        }
        ImGui::TextColored(ImVec4(1, 0.6f, 0.2f, 1), "%s: better",
                           std::string(analyzer::class_name(p.flag)).c_str());
        ImGui::SameLine();
        text_cards(p.best, order);
        text_note(fmt::format("{:+.1f} against {:+.1f} ({:.1f} ± {:.1f} over {})", p.best_expected,
                              p.played_expected, p.shortfall(), p.shortfall_error,
                              count_of(p.samples, "sampled layout")));
    }
}

// A bid's line, "W Maximilian…: 5": the name shortened to leave the bid on the line, whole on
// hover; a bullet for a bid not reviewed, else a tree node (open by default) in the colour of
// its verdict, the verdict after it ("close call", on the next line when it does not fit).
// Whether the node is open.
bool bid_head(Seat s, const std::string& name, const std::string& bid,
              const analyzer::BidDecision* d) {
    const std::string seat = fmt::format("{} ", seat_char(s));
    const std::string after = ": " + bid;
    const float marker = d ? ImGui::GetTreeNodeToLabelSpacing()
                           : ImGui::GetFontSize() + ImGui::GetStyle().FramePadding.x * 2;
    const std::string shown = fit_text(name, ImGui::GetContentRegionAvail().x - marker -
                                                 ImGui::CalcTextSize((seat + after).c_str()).x);
    const std::string head = seat + shown + after;
    auto whole_name_on_hover = [&] {
        if (shown != name && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", name.c_str());
    };
    if (!d) {
        ImGui::BulletText("%s", head.c_str());
        whole_name_on_hover();
        return false;
    }
    const bool flagged = d->flag != analyzer::FlagClass::None;
    const bool close = d->flag == analyzer::FlagClass::CloseCall;
    const ImVec4 colour = close     ? ImVec4(0.6f, 0.75f, 1, 1)
                          : flagged ? ImVec4(1, 0.6f, 0.25f, 1)
                                    : ImGui::GetStyleColorVec4(ImGuiCol_Text);
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    const bool open = ImGui::TreeNodeEx(head.c_str(), ImGuiTreeNodeFlags_DefaultOpen);
    whole_name_on_hover();
    const std::string verdict =
        close ? "close call"
        : flagged
            ? fmt::format("{}: {} was better", analyzer::class_name(d->flag), bid_text(d->best))
            : std::string();
    if (!verdict.empty()) {
        same_line_or_wrap(ImGui::CalcTextSize(verdict.c_str()).x);
        ImGui::TextUnformatted(verdict.c_str());
    }
    ImGui::PopStyleColor();
    return open;
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
    const PlayOrder order(game.rules);
    const analyzer::HandReview* review = model.hand_review();

    // A seat's view shows nothing the seat could not know: par is worked out from every hand,
    // and a bid or pass is reviewed from its maker's hand, so each shows only face up.
    const std::optional<Seat> view = model.seat_view();
    if (review && model.shows_whole_deal()) {
        const analyzer::Par& par = review->bidding.par;
        ImGui::Text("Par (double dummy): NS %d, EW %d tricks", par.tricks[0], par.tricks[1]);
        for (const auto& n : par.nils) {
            ImGui::Text("  %s's nil %s", std::string(seat_name(n.seat)).c_str(),
                        n.kept ? "could be kept" : "could not be kept");
        }
        ImGui::Separator();
    } else if (review && view) {
        text_note(
            fmt::format("In {}'s view, par and the review of the other seats' bids are "
                        "hidden until the hand is played out: they need hands {} could "
                        "not see.",
                        seat_name(*view), seat_name(*view)));
        ImGui::Separator();
    }

    // Passes (Paperless) and exchanges (blind nil), as played, as far as the view may show
    // them: in a seat's view the opponents' passes are face down.
    for (Seat s : kAllSeats) {
        if (!rh->passes[index(s)].empty()) {
            ImGui::Text("%c passed", seat_char(s));
            ImGui::SameLine();
            if (model.shown_passes(s).empty()) {
                ImGui::TextDisabled("%s, face down in this view",
                                    count_of(rh->passes[index(s)].size(), "card").c_str());
                continue;
            }
            text_cards(rh->passes[index(s)], order);
            if (review && model.face_up(s)) draw_pass_review(*review, s, order);
        }
        if (!model.shown_exchanges(s).empty()) {
            ImGui::Text("%c exchanged", seat_char(s));
            ImGui::SameLine();
            text_cards(rh->exchanges[index(s)], order);
        }
    }

    // The bids in order.
    for (std::size_t i = 0; i < rh->bids.size(); ++i) {
        Seat s = next(rh->dealer, static_cast<int>(i) + 1);
        const std::string& name = game.players[index(s)];
        const analyzer::BidDecision* d = nullptr;
        if (review && model.face_up(s)) {
            for (const auto& b : review->bidding.bids) {
                if (b.index == static_cast<int>(i)) d = &b;
            }
        }
        ImGui::PushID(static_cast<int>(i));
        std::string bid = bid_text(rh->bids[i]);
        if (const Annotation* a = rh->annotation(Annotation::Target::Bid, static_cast<int>(i))) {
            bid += " " + a->glyph;
        }
        const bool open = bid_head(s, name, bid, d);
        if (!d) {
            ImGui::PopID();
            continue;
        }
        if (open) {
            draw_verdict(*d);
            draw_layouts(*rh, *d, ctx.ui.fonts);
            if (ImGui::TreeNode("every bid")) {
                draw_options(*d);
                ImGui::TreePop();
            }
            ImGui::TreePop();
        }
        ImGui::PopID();
    }
    if (!review) {
        ImGui::Separator();
        text_note("Analyse the game to see par and the single-dummy estimates.");
    }
}

}  // namespace spadework::viewer
