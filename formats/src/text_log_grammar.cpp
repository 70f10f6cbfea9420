#include "text_log_grammar.h"

#include <algorithm>
#include <cctype>

#include "spadework/engine/error.h"
#include "spadework/formats/error.h"

namespace spadework::formats::text_log {
namespace {

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

bool is_tag_name_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

bool ends_word(char c) {
    return is_blank(c) || c == '\n' || c == kLineComment || c == kCommentOpen || c == kTagOpen;
}

bool is_continuation_byte(char c) {
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// "E:3" -> E and "3"; "E:" -> E and ""; "3" -> no seat.
struct SeatPrefix {
    std::optional<Seat> seat;
    std::string_view rest;
    std::size_t rest_offset = 0;
};

using Target = Annotation::Target;

}  // namespace

// Lexing.

int char_count(std::string_view text) {
    int n = 0;
    for (char c : text) n += is_continuation_byte(c) ? 0 : 1;
    return n;
}

// Moves one byte on. The column counts a multi-byte character once, when its last byte is
// passed.
void Lexer::advance() {
    char c = text_[i_++];
    if (c == '\n') {
        ++pos_.line;
        pos_.col = 1;
    } else if (at_end() || !is_continuation_byte(text_[i_])) {
        ++pos_.col;
    }
}

void Lexer::skip_blanks() {
    while (!at_end()) {
        if (is_blank(peek())) {
            advance();
        } else if (peek() == kLineComment) {
            while (!at_end() && peek() != '\n') advance();
        } else {
            break;
        }
    }
}

Token Lexer::next() {
    skip_blanks();
    Token token;
    token.pos = pos_;
    if (at_end()) return token;
    switch (peek()) {
        case '\n':
            advance();
            token.kind = TokenKind::LineEnd;
            return token;
        case kCommentOpen:
            return read_comment();
        case kTagOpen:
            return read_tag();
        default:
            return read_word();
    }
}

Token Lexer::read_comment() {
    Token token{TokenKind::Comment, pos_, {}, {}, {}, false};
    advance();  // the brace
    while (true) {
        if (at_end()) {
            throw FormatError(file_, token.pos.line, token.pos.col,
                              "unterminated comment: no '}' before the end of the file");
        }
        char c = peek();
        if (c == kCommentClose) {
            advance();
            return token;
        }
        if (c == kEscape) {
            Position at = pos_;
            advance();
            if (at_end() || (peek() != kCommentClose && peek() != kEscape)) {
                throw FormatError(file_, at.line, at.col,
                                  "unknown escape in a comment (write \\} or \\\\)");
            }
            c = peek();
        }
        token.text += c;
        advance();
    }
}

std::string Lexer::read_quoted(Token& tag) {
    Position quote = pos_;
    advance();  // the quote
    tag.value_pos = pos_;
    std::string value;
    while (true) {
        if (at_end() || peek() == '\n') {
            throw FormatError(file_, quote.line, quote.col,
                              "unterminated quote: no closing '\"' on this line");
        }
        char c = peek();
        if (c == kQuote) {
            advance();
            return value;
        }
        if (c == kEscape) {
            Position at = pos_;
            advance();
            char e = at_end() ? '\0' : peek();
            if (e == kQuote || e == kEscape) {
                c = e;
            } else if (e == 'n') {
                c = '\n';
            } else {
                throw FormatError(file_, at.line, at.col,
                                  "unknown escape in a quoted value (write \\\", \\\\ or \\n)");
            }
            tag.value_escaped = true;
        }
        value += c;
        advance();
    }
}

Token Lexer::read_tag() {
    Token token{TokenKind::Tag, pos_, {}, {}, {}, false};
    advance();  // the bracket
    while (!at_end() && is_blank(peek())) advance();
    while (!at_end() && is_tag_name_char(peek())) {
        token.text += peek();
        advance();
    }
    if (token.text.empty()) {
        throw FormatError(file_, pos_.line, pos_.col, "expected a tag name after '['");
    }
    while (!at_end() && is_blank(peek())) advance();
    if (at_end() || peek() != kQuote) {
        throw FormatError(file_, pos_.line, pos_.col,
                          "expected a quoted value after the tag name " + token.text);
    }
    token.value = read_quoted(token);
    while (!at_end() && is_blank(peek())) advance();
    if (at_end() || peek() != kTagClose) {
        throw FormatError(file_, pos_.line, pos_.col,
                          "expected ']' to close the [" + token.text + "] tag");
    }
    advance();
    return token;
}

Token Lexer::read_word() {
    Token token{TokenKind::Word, pos_, {}, {}, {}, false};
    while (!at_end() && !ends_word(peek())) {
        token.text += peek();
        advance();
    }
    return token;
}

// Reading lines.

std::optional<int> parse_count(std::string_view text) {
    if (text.empty() || text.size() > 3) return std::nullopt;
    int n = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

bool is_keyword(std::string_view word, std::string_view keyword) {
    if (word.size() != keyword.size()) return false;
    for (std::size_t i = 0; i < word.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(word[i])) != keyword[i]) return false;
    }
    return true;
}

Position word_position(const Token& word, std::size_t offset) {
    return {word.pos.line,
            word.pos.col + char_count(std::string_view(word.text).substr(0, offset))};
}

Position value_position(const Token& tag, std::size_t offset) {
    if (tag.value_escaped) return tag.value_pos;
    return {tag.value_pos.line,
            tag.value_pos.col + char_count(std::string_view(tag.value).substr(0, offset))};
}

std::vector<LineItem> split_line(const std::vector<Token>& line, std::size_t from,
                                 const std::string& file) {
    using Kind = LineItem::Kind;
    auto fail = [&](Position pos, const std::string& message) {
        throw FormatError(file, pos.line, pos.col, message);
    };
    std::vector<LineItem> items;
    for (std::size_t i = from; i < line.size(); ++i) {
        const Token& t = line[i];
        if (t.kind == TokenKind::Comment) {
            items.push_back({Kind::Comment, t.text, {}, t.pos});
            continue;
        }
        if (t.kind == TokenKind::Tag) {
            fail(t.pos, "a tag cannot stand in a line of play (tags go on lines of their own)");
        }
        // A seat mark: "E:" before the colon.
        SeatPrefix prefix{std::nullopt, t.text, 0};
        if (auto colon = t.text.find(kSeatMark); colon != std::string::npos) {
            std::string_view name = std::string_view(t.text).substr(0, colon);
            try {
                prefix = {parse_seat(name), std::string_view(t.text).substr(colon + 1), colon + 1};
            } catch (const ParseError&) {
                fail(t.pos, "unknown seat " + quoted(name) + " (N, E, S or W)");
            }
            items.push_back({Kind::SeatMark, {}, *prefix.seat, t.pos});
        }
        // A glyph: the trailing run of '!' and '?'.
        std::string_view rest = prefix.rest;
        std::size_t end = rest.size();
        while (end > 0 && (rest[end - 1] == '!' || rest[end - 1] == '?')) --end;
        std::string_view item = rest.substr(0, end), glyph = rest.substr(end);
        Position glyph_pos = word_position(t, prefix.rest_offset + end);
        if (!glyph.empty() && !is_glyph(glyph)) {
            fail(glyph_pos, quoted(glyph) + " is not a glyph (! ? !! ?? !? ?!)");
        }
        if (!item.empty()) {
            items.push_back({Kind::Item, item, {}, word_position(t, prefix.rest_offset)});
        }
        if (!glyph.empty()) items.push_back({Kind::Glyph, glyph, {}, glyph_pos});
    }
    return items;
}

std::optional<std::pair<Seat, int>> split_claim_share(std::string_view text) {
    auto mark = text.find(kClaimMark);
    if (mark == std::string_view::npos) return std::nullopt;
    std::optional<int> count = parse_count(text.substr(mark + 1));
    if (!count) return std::nullopt;
    try {
        return std::pair{parse_seat(text.substr(0, mark)), *count};
    } catch (const ParseError&) {
        return std::nullopt;
    }
}

std::optional<SheetShare> split_sheet_share(std::string_view text) {
    auto mark = text.find(kClaimMark);
    if (mark == std::string_view::npos) return std::nullopt;
    std::optional<int> count = parse_count(text.substr(mark + 1));
    if (!count) return std::nullopt;
    std::string_view who = text.substr(0, mark);
    try {
        return SheetShare{parse_seat(who), Team::NS, *count};
    } catch (const ParseError&) {
    }
    try {
        return SheetShare{std::nullopt, parse_team(who), *count};
    } catch (const ParseError&) {
        return std::nullopt;
    }
}

RuleSet read_rules(const Token& tag, const std::string& file) {
    auto fail = [&](Position pos, const std::string& message) {
        throw FormatError(file, pos.line, pos.col, message);
    };
    std::vector<std::pair<std::string_view, std::size_t>> words;  // and their offsets
    std::string_view value = tag.value;
    for (std::size_t i = value.find_first_not_of(" \t"); i != std::string_view::npos;) {
        std::size_t j = std::min(value.find_first_of(" \t", i), value.size());
        words.emplace_back(value.substr(i, j - i), i);
        i = value.find_first_not_of(" \t", j);
    }
    std::string_view name = presets().front().name;
    std::size_t first = 0;
    if (!words.empty() && words[0].first.find('=') == std::string_view::npos) {
        name = words[0].first;
        first = 1;
    }
    RuleSet rules;
    try {
        rules = preset(name);
    } catch (const RuleError& e) {
        fail(value_position(tag, first == 1 ? words[0].second : 0), e.what());
    }
    for (std::size_t k = first; k < words.size(); ++k) {
        try {
            apply_override(rules, words[k].first);
        } catch (const RuleError& e) {
            fail(value_position(tag, words[k].second), e.what());
        }
    }
    try {
        check_rules(rules);
    } catch (const RuleError& e) {
        fail(tag.value_pos, e.what());
    }
    return rules;
}

// Writing.

std::string spell_quoted(std::string_view value) {
    std::string out(1, kQuote);
    for (char c : value) {
        if (c == kQuote || c == kEscape) {
            out += kEscape;
            out += c;
        } else if (c == '\n') {
            out += kEscape;
            out += 'n';
        } else {
            out += c;
        }
    }
    return out + kQuote;
}

std::string spell_comment(std::string_view comment) {
    std::string out(1, kCommentOpen);
    for (char c : comment) {
        if (c == kCommentClose || c == kEscape) out += kEscape;
        out += c;
    }
    return out + kCommentClose;
}

std::string spell_tag(std::string_view name, std::string_view value) {
    return std::string(1, kTagOpen) + std::string(name) + ' ' + spell_quoted(value) + kTagClose;
}

std::string spell_seat_prefix(Seat seat) {
    return {seat_char(seat), kSeatMark};
}

std::string spell_annotation(const Annotation& annotation) {
    std::string out = annotation.glyph;
    if (!annotation.comment.empty() || annotation.glyph.empty()) {
        if (!out.empty()) out += ' ';
        out += spell_comment(annotation.comment);
    }
    return out;
}

std::string spell_claim_share(Seat seat, int tricks) {
    return seat_letter(seat) + kClaimMark + std::to_string(tricks);
}

std::string spell_sheet_tricks(const SheetTricks& sheet) {
    std::string out;
    auto add = [&](std::string_view who, const std::optional<int>& n) {
        if (!n) return;
        if (!out.empty()) out += ' ';
        out += std::string(who) + kClaimMark + std::to_string(*n);
    };
    for (Seat s : kAllSeats) add(seat_letter(s), sheet.seats[index(s)]);
    for (Team t : kAllTeams) add(team_name(t), sheet.teams[index(t)]);
    return out;
}

namespace {

// The leader of each trick of a hand: from the engine's replay, or for a record the engine
// refuses, from the dealer's left and each trick's winner, so that the writer never fails.
std::vector<Seat> trick_leaders(const RuleSet& rules, const RecordedHand& hand) {
    std::vector<Seat> leaders;
    try {
        HandState state = replay_hand(rules, hand);
        const std::vector<PlayedCard>& played = state.play_record();
        for (std::size_t k = 0; k < played.size(); k += 4) leaders.push_back(played[k].seat);
        return leaders;
    } catch (const Error&) {
        leaders.clear();
    }
    Seat leader = next(hand.dealer);
    for (std::size_t k = 0; k < hand.cards.size(); k += 4) {
        leaders.push_back(leader);
        std::vector<PlayedCard> trick;
        for (std::size_t j = k; j < std::min(k + 4, hand.cards.size()); ++j) {
            trick.push_back({next(leader, static_cast<int>(j - k)), hand.cards[j]});
        }
        leader = trick_winner(trick, PlayOrder(rules));
    }
    return leaders;
}

std::string annotation_suffix(const RecordedHand& hand, Target target, int at) {
    const Annotation* a = hand.annotation(target, at);
    if (!a) return "";
    return (a->glyph.empty() ? " " : "") + spell_annotation(*a);
}

void write_cards_by_seat(std::string& out, std::string_view word,
                         const std::array<CardSet, 4>& sets, Seat dealer) {
    std::string line(word);
    for (int k = 1; k <= 4; ++k) {
        Seat seat = next(dealer, k);
        if (!sets[index(seat)].empty()) {
            line += ' ' + spell_seat_prefix(seat) + spell_cards(sets[index(seat)]);
        }
    }
    if (line.size() > word.size()) out += line + '\n';
}

void write_hand(std::string& out, const RecordedGame& game, const RecordedHand& hand, int number) {
    const RuleSet& rules = game.rules;
    out += spell_tag(kHandTag, std::to_string(number)) + '\n';
    out += spell_tag(kDealerTag, seat_letter(hand.dealer)) + '\n';
    if (!game.score_sheet()) out += spell_tag(kDealTag, to_pbn(hand.deal, hand.dealer)) + '\n';
    if (const Annotation* a = hand.annotation(Target::Hand, 0)) {
        out += spell_annotation(*a) + '\n';
    }
    write_cards_by_seat(out, kPassWord, hand.passes, hand.dealer);
    if (!hand.bids.empty()) {
        out += kBidsWord;
        for (std::size_t i = 0; i < hand.bids.size(); ++i) {
            int at = static_cast<int>(i);
            out += ' ' + spell_seat_prefix(next(hand.dealer, at + 1)) + spell_bid(hand.bids[i]) +
                   annotation_suffix(hand, Target::Bid, at);
        }
        out += '\n';
    }
    if (!hand.sheet.empty()) {
        out += std::string(kSheetWord) + ' ' + spell_sheet_tricks(hand.sheet) + '\n';
    }
    if (game.score_sheet()) return;
    write_cards_by_seat(out, kExchangeWord, hand.exchanges, hand.dealer);
    std::vector<Seat> leaders = trick_leaders(rules, hand);
    for (std::size_t t = 0; t < leaders.size(); ++t) {
        out += std::to_string(t + 1) + ' ' + spell_seat_prefix(leaders[t]);
        for (std::size_t j = 4 * t; j < std::min(4 * t + 4, hand.cards.size()); ++j) {
            out += ' ' + spell_card(hand.cards[j]) +
                   annotation_suffix(hand, Target::Card, static_cast<int>(j));
        }
        out += '\n';
    }
    if (hand.claim) {
        out += std::string(kClaimWord) + ' ' + spell_seat_prefix(hand.claim->by);
        for (Seat s : kAllSeats) out += ' ' + spell_claim_share(s, hand.claim->tricks[index(s)]);
        out += '\n';
    }
}

}  // namespace

std::string spell_game(const RecordedGame& game) {
    std::string out;
    out += spell_tag(kEventTag, game.event) + '\n';
    for (auto [name, value] : {std::pair{kSiteTag, &game.site}, std::pair{kDateTag, &game.date},
                               std::pair{kTableTag, &game.table}}) {
        if (!value->empty()) out += spell_tag(name, *value) + '\n';
    }
    for (Seat s : kAllSeats) {
        const std::string& player = game.players[index(s)];
        if (!player.empty()) out += spell_tag(player_tag(s), player) + '\n';
    }
    out += spell_tag(kRulesTag, spell_rules(game.rules)) + '\n';
    if (game.score_sheet()) out += spell_tag(kRecordTag, kScoreSheetValue) + '\n';
    for (const auto& [name, value] : game.tags) out += spell_tag(name, value) + '\n';
    if (!game.comment.empty()) out += spell_comment(game.comment) + '\n';
    for (std::size_t h = 0; h < game.hands.size(); ++h) {
        out += '\n';
        write_hand(out, game, game.hands[h], static_cast<int>(h) + 1);
    }
    return out;
}

}  // namespace spadework::formats::text_log
