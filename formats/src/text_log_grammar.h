// The one grammar of the .spades text log (formats/TEXT_LOG.md): its tokens, tag names, line
// keywords, and how seats, bids, cards, glyphs, quoted values, comments and rule sets are
// spelled. The reader (text_log.cpp) lexes with Lexer and takes lines apart with split_line;
// the writer is spell_game, built from the spell_* functions. Both directions read the same
// constants, so what the writer writes is what the reader expects.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "spadework/engine/card.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/record.h"
#include "spadework/engine/rules.h"

namespace spadework::formats::text_log {

// Characters with a meaning outside words.
inline constexpr char kLineComment = ';';  // to the end of the line, dropped
inline constexpr char kCommentOpen = '{';  // a kept comment, up to the next unescaped '}'
inline constexpr char kCommentClose = '}';
inline constexpr char kTagOpen = '[';
inline constexpr char kTagClose = ']';
inline constexpr char kQuote = '"';
inline constexpr char kEscape = '\\';
inline constexpr char kSeatMark = ':';   // "E:3", "1 E: 4C"
inline constexpr char kClaimMark = '=';  // "N=3"

// Tag names. A game starts at its Event tag, a hand at its Hand tag.
inline constexpr std::string_view kEventTag = "Event";
inline constexpr std::string_view kSiteTag = "Site";
inline constexpr std::string_view kDateTag = "Date";
inline constexpr std::string_view kTableTag = "Table";
inline constexpr std::string_view kRulesTag = "Rules";
inline constexpr std::string_view kHandTag = "Hand";
inline constexpr std::string_view kDealerTag = "Dealer";
inline constexpr std::string_view kDealTag = "Deal";
// [Record "score sheet"]: the game is a score sheet, its hands bids and tricks only. "full",
// the default, is never written.
inline constexpr std::string_view kRecordTag = "Record";
inline constexpr std::string_view kScoreSheetValue = "score sheet";
inline constexpr std::string_view kFullValue = "full";
// The player tags are the seats' names: North, East, South, West.
inline std::string_view player_tag(Seat seat) {
    return seat_name(seat);
}

// The words that start a line of a hand. A trick line starts with its number instead.
inline constexpr std::string_view kPassWord = "pass";
inline constexpr std::string_view kBidsWord = "bids";
inline constexpr std::string_view kExchangeWord = "exchange";
inline constexpr std::string_view kClaimWord = "claim";
// A score sheet's hand: the tricks each seat took ("tricks N=5 E=3 S=0 W=5"), or a
// partnership's ("NS=7").
inline constexpr std::string_view kSheetWord = "tricks";

// The lines of a hand come in this order, each once except the tricks; its tags come first.
// A score sheet's hand has only bids and its tricks (Sheet).
enum class Stage : std::uint8_t { Tags, Pass, Bids, Exchange, Tricks, Claim, Sheet };
inline constexpr std::size_t kStages = 7;
// How messages name each stage's lines.
inline constexpr std::array<std::string_view, kStages> kLineNames = {
    "tags",       "'pass' line",  "'bids' line",  "'exchange' line",
    "trick line", "'claim' line", "'tricks' line"};
inline std::string line_name(Stage stage) {
    return std::string(kLineNames[static_cast<std::size_t>(stage)]);
}

// A place in the text, 1-based. Columns count characters (UTF-8 code points), not bytes, so
// that a line holding a suit symbol still points at the right column in an editor.
struct Position {
    int line = 0;
    int col = 0;
};

enum class TokenKind : std::uint8_t {
    Word,     // a run of characters up to a space, ';', '{' or '['
    Tag,      // [Name "value"]
    Comment,  // {text}
    LineEnd,  // a line break outside a comment
    End,      // the end of the text
};

struct Token {
    TokenKind kind = TokenKind::End;
    Position pos;                // the token's first character
    std::string text;            // Word: as written; Tag: the name; Comment: the text, unescaped
    std::string value;           // Tag: the value, unescaped
    Position value_pos;          // Tag: the value's first character (after the quote)
    bool value_escaped = false;  // Tag: the value held an escape, so its columns shift
};

// Words in messages: 'QX', N.
// A word in quotes for a message; a long one (a 10 MB line of garbage) is cut after 40
// characters, at a character's boundary, and marked with "...".
inline std::string quoted(std::string_view text) {
    constexpr std::size_t kShown = 40;
    std::size_t end = 0;
    for (std::size_t chars = 0; end < text.size() && chars < kShown; ++chars) {
        ++end;
        while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
    }
    if (end == text.size()) return "'" + std::string(text) + "'";
    return "'" + std::string(text.substr(0, end)) + "...' (" + std::to_string(text.size()) +
           " bytes)";
}

// The number of characters (code points) in UTF-8 text.
int char_count(std::string_view text);

// Splits text into tokens. Throws FormatError at the opening quote or brace of a value or
// comment that is not closed, and at a bad escape or a malformed tag.
class Lexer {
  public:
    Lexer(std::string_view text, std::string_view file) : text_(text), file_(file) {}
    Token next();
    const std::string& file() const { return file_; }

  private:
    bool at_end() const { return i_ >= text_.size(); }
    char peek() const { return text_[i_]; }
    void advance();
    void skip_blanks();
    Token read_comment();
    Token read_tag();
    Token read_word();
    std::string read_quoted(Token& tag);

    std::string_view text_;
    std::string file_;
    std::size_t i_ = 0;
    Position pos_{1, 1};
};

// Reading.

// The position of a byte offset inside a word, or inside a tag's value (its start when the
// value held an escape, since columns inside it shift).
Position word_position(const Token& word, std::size_t offset);
Position value_position(const Token& tag, std::size_t offset);

// A line of play after its first word, taken apart: "W:bnil! {brave}" is a seat mark, an
// item, a glyph and a comment. What an item is (a card, a bid, a claim's share) is up to the
// line.
struct LineItem {
    enum class Kind : std::uint8_t { SeatMark, Item, Glyph, Comment };
    Kind kind = Kind::Item;
    std::string_view text;  // Item, Glyph, Comment (a view into the line's tokens)
    Seat seat{};            // SeatMark
    Position pos;
};
// Throws FormatError at a tag inside the line, an unknown seat or a run of '!' and '?' that
// is no glyph.
std::vector<LineItem> split_line(const std::vector<Token>& line, std::size_t from,
                                 const std::string& file);

// "N=3": a seat and the tricks a claim credits it with.
std::optional<std::pair<Seat, int>> split_claim_share(std::string_view text);
// "N=5" or "NS=7" on a score sheet's tricks line: a seat's tricks or a partnership's.
struct SheetShare {
    std::optional<Seat> seat;  // else team
    Team team = Team::NS;
    int tricks = 0;
};
std::optional<SheetShare> split_sheet_share(std::string_view text);

// The Rules tag: "paperless pass_cards=2", a preset then key=value overrides, checked as a
// whole. Without a preset name (an empty value, or one that starts with an override) the
// preset is classic. Throws FormatError at the word at fault.
RuleSet read_rules(const Token& tag, const std::string& file);

// A count written in decimal digits (at most three), or nothing.
std::optional<int> parse_count(std::string_view text);
// Line keywords are read in any case.
bool is_keyword(std::string_view word, std::string_view keyword);

// Writing.

// Escaping: inside a quoted value \" \\ and \n (a line break); inside a comment \} and \\.
std::string spell_quoted(std::string_view value);     // with the quotes
std::string spell_comment(std::string_view comment);  // with the braces

// The writer's spellings.
std::string spell_tag(std::string_view name, std::string_view value);  // [Name "value"]
std::string spell_seat_prefix(Seat seat);                              // "N:"
inline std::string spell_card(Card card) {
    return to_string(card);  // "AS", "TH", "2C"
}
inline std::string spell_cards(CardSet cards) {
    return to_string(cards);  // "AS KS 2C": highest first within spades, hearts, diamonds, clubs
}
inline std::string spell_bid(Bid bid) {
    return to_string(bid);  // "4", "nil", "bnil"
}
// What follows an annotated bid or card (or starts a hand's annotation line): the glyph, then
// the comment in braces after a space. An annotation with neither is "{}", so it survives.
std::string spell_annotation(const Annotation& annotation);
std::string spell_claim_share(Seat seat, int tricks);  // "N=3"
// A score sheet's tricks: each seat given, N E S W, then each partnership given, NS EW:
// "N=5 E=3 S=0 W=5", "W=1 NS=7 EW=6".
std::string spell_sheet_tricks(const SheetTricks& sheet);
// A whole game in canonical form (TEXT_LOG.md, "The canonical form").
std::string spell_game(const RecordedGame& game);

}  // namespace spadework::formats::text_log
