// Drawing helpers every panel uses: cards as cards, suit symbols in their colours, cards in
// running text, the fonts with the suit glyphs.
#pragma once

#include <imgui.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "spadework/analyzer/review.h"
#include "spadework/engine/card.h"
#include "spadework/engine/hand.h"
#include "ui.h"
#include "wording.h"  // rank_text, card_text, bid_text

namespace spadework::viewer {

// A length given at the 16 px text the panels were designed with, in the text size drawn now
// (View > Text size, text_scale.h): literal sizes grow with the fonts.
inline float em(float px) {
    return px * ImGui::GetFontSize() / 16.0f;
}

// Loads DejaVu Sans (fonts-dejavu-core) at three sizes with the suit symbols, arrows and the
// minus sign. Throws Error when the font file is missing: suits must never show as boxes.
Fonts load_fonts(float scale = 1.0f);

ImU32 suit_colour(Suit s);
// "A♠" in running text: the rank in the text colour, the suit in its colour.
void text_card(Card c);
// Several cards in running text, separated by spaces.
void text_cards(CardSet cards, const PlayOrder& order);
// The width text_card draws.
float card_text_width(Card c);
// Goes on with the line when `width` more fits before the panel's edge, else starts the next
// line, indented (or not: a row of buttons): a row of words, cards or buttons flows on rather
// than running off the panel.
void same_line_or_wrap(float width, bool indent = true);
// The width ImGui::Button(label) takes.
float button_width(const char* label);
// Text wrapped at the panel's edge, between words only: ImGui's own wrapping also breaks
// after a full stop, which split "1.7 ± 0.6" into "1." and "7 ± 0.6".
void text_wrapped(const std::string& text);
// A note in the disabled colour, wrapped as text_wrapped rather than cut.
void text_note(const std::string& text);
// The rule sets compared, as the Scores tab and the score keeper choose them: each a button
// that removes it, and a field to add a preset or a rule set file by name (`adding` holds what
// is typed). True when `rules` changed.
bool rule_set_chooser(std::vector<std::string>& rules, char* adding, std::size_t adding_size);
// `text` as it fits `width` in the font drawn now: whole when it fits, else cut between
// characters and ended with "…" (for a line that cannot wrap; the full text goes in a tooltip).
std::string fit_text(const std::string& text, float width);
// `text` drawn as fit_text shortens it to `width` (in the current text colour), and when it
// was shortened the whole of it on hover: a player's name in a column, a header or a legend.
// Returns whether it was shortened.
bool text_fitted(const std::string& text, float width);
// The colour of a flag's class wherever it is named: blunders red, mistakes orange,
// inaccuracies yellow, close calls blue.
ImVec4 flag_colour(analyzer::FlagClass c);
// The suits as a player holds them at the table (the colours alternate), and as a diagram
// lists them (`spadework show`, the deal editor's card grid): spades, hearts, diamonds, clubs.
inline constexpr std::array<Suit, 4> kHeldSuits = {Suit::Spades, Suit::Hearts, Suit::Clubs,
                                                   Suit::Diamonds};
inline constexpr std::array<Suit, 4> kDiagramSuits = {Suit::Spades, Suit::Hearts, Suit::Diamonds,
                                                      Suit::Clubs};
// A hand in `suits`' order (as a player holds it unless told), high to low within a suit.
std::vector<Card> in_hand_order(CardSet hand, const PlayOrder& order,
                                const std::array<Suit, 4>& suits = kHeldSuits);

struct CardLook {
    bool face_up = true;
    bool dim = false;           // not a legal card of the player to play
    ImU32 outline = 0;          // a highlight around the card; 0 for none
    bool index_across = false;  // the corner index on one line (a fan down shows only a strip)
    std::string label;          // a line under the card (its value), may be empty
    ImU32 label_colour = 0;
};

// A card of `size` at `pos` (top left). Returns true when it was clicked. `visible`: how much
// of the card shows from its left edge (from its top edge when `visible_down`) when the next
// card overlaps it (0: all); only that part takes clicks, since ImGui gives a click to the
// first item under the mouse.
bool draw_card(ImDrawList* dl, ImVec2 pos, ImVec2 size, Card card, const Fonts& fonts,
               const CardLook& look, const char* id, float visible = 0, bool visible_down = false);

}  // namespace spadework::viewer
