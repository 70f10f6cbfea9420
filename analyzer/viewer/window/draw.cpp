#include "draw.h"

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>

#include "spadework/analyzer/fonts.h"
#include "spadework/engine/error.h"

namespace spadework::viewer {

Fonts load_fonts(float scale) {
    ImGuiIO& io = ImGui::GetIO();
    const char* const font_file = analyzer::font_path();
    const char* const bold_file = analyzer::bold_font_path();
    for (const char* path : {font_file, bold_file}) {
        if (!std::filesystem::exists(path)) {
            throw Error(fmt::format(
                "{} is missing: install fonts-dejavu-core (the viewer needs its suit symbols)",
                path));
        }
    }
    // The glyphs: Latin, the four suits (both styles), arrows, the minus and middle dot.
    static ImVector<ImWchar> ranges;
    if (ranges.empty()) {
        ImFontGlyphRangesBuilder builder;
        builder.AddRanges(io.Fonts->GetGlyphRangesDefault());
        builder.AddText("♠♥♦♣♤♡♢♧←→↑↓−·…✓✗★");
        builder.BuildRanges(&ranges);
    }
    ImFontConfig config;
    config.OversampleH = 2;
    Fonts fonts;
    fonts.regular = io.Fonts->AddFontFromFileTTF(font_file, 16.0f * scale, &config, ranges.Data);
    fonts.large = io.Fonts->AddFontFromFileTTF(bold_file, 22.0f * scale, &config, ranges.Data);
    fonts.small = io.Fonts->AddFontFromFileTTF(font_file, 13.0f * scale, &config, ranges.Data);
    if (!fonts.regular || !fonts.large || !fonts.small) {
        throw Error(fmt::format("cannot load the font {}", font_file));
    }
    // Every suit symbol must be a real glyph, never the fallback box.
    io.Fonts->Build();
    for (ImWchar cp : {0x2660, 0x2665, 0x2666, 0x2663}) {
        for (ImFont* font : {fonts.regular, fonts.large, fonts.small}) {
            if (!font->FindGlyphNoFallback(cp)) {
                throw Error(fmt::format("{} has no glyph for U+{:04X}", font_file,
                                        static_cast<unsigned>(cp)));
            }
        }
    }
    return fonts;
}

ImU32 suit_colour(Suit s) {
    return s == Suit::Hearts || s == Suit::Diamonds ? colours::kRedSuit : colours::kBlackSuit;
}

void text_card(Card c) {
    if (is_joker(c)) {
        ImGui::PushStyleColor(ImGuiCol_Text, c == kBigJoker ? IM_COL32(255, 90, 90, 255)
                                                            : IM_COL32(225, 225, 230, 255));
        ImGui::TextUnformatted(card_text(c).c_str());
        ImGui::PopStyleColor();
        return;
    }
    ImGui::TextUnformatted(rank_text(c.rank()).c_str());
    ImGui::SameLine(0, 0);
    // On the dark window background the black suits are drawn light grey.
    ImU32 colour = suit_colour(c.suit()) == colours::kRedSuit ? IM_COL32(255, 90, 90, 255)
                                                              : IM_COL32(225, 225, 230, 255);
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::TextUnformatted(std::string(suit_symbol(c.suit())).c_str());
    ImGui::PopStyleColor();
}

float card_text_width(Card c) {
    return ImGui::CalcTextSize(card_text(c).c_str()).x;
}

void same_line_or_wrap(float width, bool indent) {
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < width) {
        ImGui::NewLine();
        if (indent) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + em(24));
    }
}

float button_width(const char* label) {
    return ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
}

void text_cards(CardSet cards, const PlayOrder& order) {
    bool first = true;
    // In the order the table shows a hand in, so a list of cards reads as the table does.
    for (Card c : in_hand_order(cards, order)) {
        if (!first) ImGui::SameLine();
        text_card(c);
        first = false;
    }
    if (first) ImGui::TextDisabled("none");
}

void text_wrapped(const std::string& text) {
    const float width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 4);
    std::string line;
    std::size_t from = 0;
    while (from <= text.size()) {
        std::size_t end = text.find(' ', from);
        if (end == std::string::npos) end = text.size();
        const std::string word = text.substr(from, end - from);
        std::string longer = line.empty() ? word : line + " " + word;
        if (!line.empty() && ImGui::CalcTextSize(longer.c_str()).x > width) {
            ImGui::TextUnformatted(line.c_str());
            longer = word;
        }
        line = std::move(longer);
        from = end + 1;
    }
    if (!line.empty()) ImGui::TextUnformatted(line.c_str());
}

void text_note(const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    text_wrapped(text);
    ImGui::PopStyleColor();
}

bool rule_set_chooser(std::vector<std::string>& rules, char* adding, std::size_t adding_size) {
    for (std::size_t i = 0; i < rules.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        if (i) ImGui::SameLine();
        const bool removed = ImGui::SmallButton(fmt::format("{}  x", rules[i]).c_str());
        ImGui::PopID();
        if (removed) {
            rules.erase(rules.begin() + static_cast<std::ptrdiff_t>(i));
            return true;
        }
    }
    ImGui::SetNextItemWidth(-60);
    const bool enter = ImGui::InputTextWithHint("##addrules", "preset or rule set file", adding,
                                                adding_size, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if ((ImGui::Button("Add") || enter) && adding[0]) {
        rules.emplace_back(adding);
        adding[0] = 0;
        return true;
    }
    return false;
}

ImVec4 flag_colour(analyzer::FlagClass c) {
    switch (c) {
        case analyzer::FlagClass::Blunder:
            return ImVec4(1.0f, 0.35f, 0.3f, 1.0f);
        case analyzer::FlagClass::Mistake:
            return ImVec4(1.0f, 0.6f, 0.2f, 1.0f);
        case analyzer::FlagClass::Inaccuracy:
            return ImVec4(0.95f, 0.85f, 0.35f, 1.0f);
        case analyzer::FlagClass::CloseCall:
            return ImVec4(0.6f, 0.75f, 1.0f, 1.0f);
        case analyzer::FlagClass::None:
            break;
    }
    return ImVec4(0.6f, 0.85f, 0.6f, 1.0f);
}

std::string fit_text(const std::string& text, float width) {
    if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
    const std::string ellipsis = "\u2026";
    std::string cut = text;
    while (!cut.empty()) {
        // Back one whole character: its UTF-8 continuation bytes (10xxxxxx), then its lead.
        while (!cut.empty()) {
            const auto byte = static_cast<unsigned char>(cut.back());
            cut.pop_back();
            if ((byte & 0xC0) != 0x80) break;
        }
        if (ImGui::CalcTextSize((cut + ellipsis).c_str()).x <= width) break;
    }
    return cut + ellipsis;
}

bool text_fitted(const std::string& text, float width) {
    const std::string shown = fit_text(text, width);
    ImGui::TextUnformatted(shown.c_str());
    const bool cut = shown != text;
    if (cut && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
    return cut;
}

bool draw_card(ImDrawList* dl, ImVec2 pos, ImVec2 size, Card card, const Fonts& fonts,
               const CardLook& look, const char* id, float visible, bool visible_down) {
    const float r = size.x * 0.09f;
    ImVec2 end(pos.x + size.x, pos.y + size.y);
    // A drop shadow lifts the card off the felt.
    dl->AddRectFilled(ImVec2(pos.x + 2, pos.y + 2), ImVec2(end.x + 2, end.y + 2),
                      IM_COL32(0, 0, 0, 70), r);
    if (!look.face_up) {
        dl->AddRectFilled(pos, end, colours::kCardBack, r);
        dl->AddRect(ImVec2(pos.x + 4, pos.y + 4), ImVec2(end.x - 4, end.y - 4),
                    IM_COL32(200, 210, 240, 160), r * 0.6f, 0, 1.5f);
        dl->AddRect(pos, end, colours::kCardEdge, r);
        ImGui::SetCursorScreenPos(pos);
        ImGui::Dummy(ImVec2(1, 1));
        return false;
    }
    dl->AddRectFilled(pos, end, colours::kCardFace, r);
    dl->AddRect(pos, end, colours::kCardEdge, r);
    // A joker: its letters over a star, red for the big one.
    const bool joker = is_joker(card);
    const ImU32 ink = joker ? (card == kBigJoker ? colours::kRedSuit : colours::kBlackSuit)
                            : suit_colour(card.suit());
    const std::string rank = joker ? to_string(card) : rank_text(card.rank());
    const std::string suit = joker ? "★" : std::string(suit_symbol(card.suit()));
    // The corner: rank over suit, as on a real card.
    ImFont* corner = fonts.large;
    float fs = size.x * (rank.size() > 1 ? 0.29f : 0.34f);
    dl->AddText(corner, fs, ImVec2(pos.x + size.x * 0.08f, pos.y + size.y * 0.03f), ink,
                rank.c_str());
    if (look.index_across) {
        float rank_w = corner->CalcTextSizeA(fs, FLT_MAX, 0, rank.c_str()).x;
        dl->AddText(corner, fs, ImVec2(pos.x + size.x * 0.1f + rank_w, pos.y + size.y * 0.03f), ink,
                    suit.c_str());
    } else {
        dl->AddText(corner, fs, ImVec2(pos.x + size.x * 0.09f, pos.y + size.y * 0.03f + fs * 0.95f),
                    ink, suit.c_str());
    }
    // A large suit in the middle of what shows when cards overlap little.
    float big = size.x * 0.62f;
    ImVec2 ts = corner->CalcTextSizeA(big, FLT_MAX, 0, suit.c_str());
    dl->AddText(corner, big,
                ImVec2(pos.x + size.x * 0.55f - ts.x * 0.5f, pos.y + size.y * 0.62f - ts.y * 0.5f),
                ink, suit.c_str());
    if (look.dim) dl->AddRectFilled(pos, end, IM_COL32(0, 0, 0, 90), r);
    if (look.outline) {
        dl->AddRect(ImVec2(pos.x - 2, pos.y - 2), ImVec2(end.x + 2, end.y + 2), look.outline, r + 2,
                    0, 3.0f);
    }
    if (!look.label.empty()) {
        // A badge low in the part of the card that shows in a fan.
        ImFont* f = fonts.small;
        ImVec2 ls = f->CalcTextSizeA(f->FontSize, FLT_MAX, 0, look.label.c_str());
        ImVec2 at(pos.x + 3, end.y - ls.y - 4);
        dl->AddRectFilled(ImVec2(at.x - 2, at.y - 1), ImVec2(at.x + ls.x + 2, at.y + ls.y + 1),
                          IM_COL32(0, 0, 0, 190), 3);
        dl->AddText(f, f->FontSize, at,
                    look.label_colour ? look.label_colour : colours::kTextOnFelt,
                    look.label.c_str());
    }
    ImGui::SetCursorScreenPos(pos);
    ImGui::PushID(id);
    ImVec2 hit = size;
    if (visible > 0) (visible_down ? hit.y : hit.x) = visible;
    bool clicked = ImGui::InvisibleButton("card", hit);
    bool hovered = ImGui::IsItemHovered();
    ImGui::PopID();
    if (hovered && !look.dim) {
        dl->AddRect(ImVec2(pos.x - 1, pos.y - 1), ImVec2(end.x + 1, end.y + 1),
                    IM_COL32(255, 255, 255, 200), r + 1, 0, 2.0f);
    }
    return clicked;
}

// A hand in `suits`' order, high to low within a suit, in the rule set's order (the jokers
// and any high deuces lead the spades).
std::vector<Card> in_hand_order(CardSet hand, const PlayOrder& order,
                                const std::array<Suit, 4>& suits) {
    std::vector<Card> cards;
    for (Suit s : suits) {
        std::vector<Card> suit;
        for (Card c : order.of_suit(hand, s)) suit.push_back(c);
        std::sort(suit.begin(), suit.end(), [&](Card a, Card b) {
            return order.in_play(a).index() > order.in_play(b).index();
        });
        cards.insert(cards.end(), suit.begin(), suit.end());
    }
    return cards;
}

}  // namespace spadework::viewer
