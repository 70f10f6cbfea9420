#include "spadework/formats/text_log.h"

#include <algorithm>
#include <array>
#include <functional>
#include <optional>

#include "spadework/formats/dates.h"
#include "spadework/formats/error.h"
#include "text_encoding.h"
#include "text_log_grammar.h"
#include "text_log_marks.h"

namespace spadework::formats {
namespace {

using namespace text_log;
using Target = Annotation::Target;

void add_comment(std::string& to, std::string_view text) {
    if (!to.empty()) to += '\n';
    to += text;
}

std::string_view glyph_owner(const Annotation& a) {
    return a.target == Target::Hand ? "hand" : a.target == Target::Bid ? "bid" : "card";
}

// Reads a text log line by line. A line is the tokens up to a line break (a comment may
// span line breaks). Tags and comments are taken one by one; a line that starts with a word
// is a line of play and is read whole.
class Reader {
  public:
    Reader(std::string_view text, std::string_view file,
           const std::function<void(RecordedGame&&)>& take)
        : lex_(text, file), take_(take) {}
    void read();

  private:
    [[noreturn]] void fail(Position pos, const std::string& message) const {
        throw FormatError(lex_.file(), pos.line, pos.col, message);
    }
    // A fault the engine found in `hand`, at the token it names, with the earlier line that
    // explains it.
    [[noreturn]] void fail_record(const RecordError& e, const RecordedHand& hand,
                                  const HandMarks& marks) const {
        Position at = e.hand() < 0 ? rules_pos() : locate(marks, e.place());
        fail(at, e.what() + earlier_cause(e, game_.rules, hand, marks, game_marks_));
    }
    Position rules_pos() const {
        auto rules = game_marks_.tags.find(std::string(kRulesTag));
        return rules == game_marks_.tags.end() ? game_marks_.event : rules->second;
    }
    std::string hand_name() const { return "hand " + std::to_string(game_.hands.size() + 1); }

    void read_line(const std::vector<Token>& line);
    void read_play_line(const std::vector<Token>& line, std::size_t i);
    std::vector<LineItem> items_of(const std::vector<Token>& line, std::size_t from) const {
        return split_line(line, from, lex_.file());
    }

    void on_tag(const Token& tag);
    void on_game_tag(const Token& tag);
    void on_hand_tag(const Token& tag);
    void on_comment(const Token& comment);

    void start_game(const Token& event);
    void check_game_so_far() const;
    void check_cards_so_far() const;
    void finish_game();
    void start_hand(const Token& tag);
    void finish_hand();
    void require_deal() const;
    void begin_play_line(const Token& first, Stage stage);

    void read_cards_by_seat(const std::vector<Token>& line, std::size_t i, bool exchange);
    void read_bids(const std::vector<Token>& line, std::size_t i);
    void read_trick(const std::vector<Token>& line, std::size_t i, int number);
    void read_claim(const std::vector<Token>& line, std::size_t i);
    void read_sheet_tricks(const std::vector<Token>& line, std::size_t i);
    void read_hand_glyph(const std::vector<Token>& line, std::size_t i);

    Annotation& annotation(Target target, int index);
    void set_glyph(Annotation& a, std::string_view glyph, Position pos) const;
    Card card_at(const LineItem& item) const;
    Seat first_leader(Position pos, const std::string& what) const;
    std::string first_lead_source() const;
    Seat next_leader(Position pos, const std::string& what) const;
    // Where the game was made a score sheet, for messages: "its [Record] tag at line 3".
    std::string sheet_source() const {
        return "the game is a score sheet by its [" + std::string(kRecordTag) + "] tag at " +
               line_of(game_marks_.tags.at(std::string(kRecordTag)));
    }

    Lexer lex_;
    const std::function<void(RecordedGame&&)>& take_;  // each game, as soon as it ends

    bool in_game_ = false;
    RecordedGame game_;
    GameMarks game_marks_;
    bool previous_unfinished_ = false;

    bool in_hand_ = false;
    RecordedHand hand_;
    HandMarks marks_;
    Stage stage_ = Stage::Tags;
    int tricks_ = 0;                 // trick lines read
    std::vector<PlayedCard> trick_;  // the cards of the last trick line
};

void Reader::read() {
    std::vector<Token> line;
    while (true) {
        Token token = lex_.next();
        if (token.kind == TokenKind::LineEnd || token.kind == TokenKind::End) {
            read_line(line);
            line.clear();
            if (token.kind == TokenKind::End) break;
        } else {
            line.push_back(std::move(token));
        }
    }
    if (in_game_) finish_game();
}

void Reader::read_line(const std::vector<Token>& line) {
    for (std::size_t i = 0; i < line.size(); ++i) {
        switch (line[i].kind) {
            case TokenKind::Tag:
                on_tag(line[i]);
                break;
            case TokenKind::Comment:
                on_comment(line[i]);
                break;
            default:
                read_play_line(line, i);
                return;
        }
    }
}

void Reader::read_play_line(const std::vector<Token>& line, std::size_t i) {
    const std::string& word = line[i].text;
    if (is_keyword(word, kPassWord)) return read_cards_by_seat(line, i, false);
    if (is_keyword(word, kBidsWord)) return read_bids(line, i);
    if (is_keyword(word, kExchangeWord)) return read_cards_by_seat(line, i, true);
    if (is_keyword(word, kClaimWord)) return read_claim(line, i);
    if (is_keyword(word, kSheetWord)) return read_sheet_tricks(line, i);
    if (auto number = parse_count(word)) return read_trick(line, i, *number);
    if (word.find_first_not_of("!?") == std::string::npos) return read_hand_glyph(line, i);
    if (in_game_ && game_.score_sheet()) {
        fail(line[i].pos,
             "expected a tag, a comment or a line of a score sheet's hand (bids or tricks), got " +
                 quoted(word));
    }
    fail(line[i].pos,
         "expected a tag, a comment or a line of play (pass, bids, exchange, a "
         "trick number or claim), got " +
             quoted(word));
}

// Tags.

void Reader::on_tag(const Token& tag) {
    const std::string& name = tag.text;
    if (name == kEventTag) {
        if (in_game_) finish_game();
        start_game(tag);
        return;
    }
    if (!in_game_) {
        fail(tag.pos, "tag [" + name + "] outside a game (a game starts with its [Event] tag)");
    }
    if (name == kHandTag) {
        start_hand(tag);
    } else if (name == kDealerTag || name == kDealTag) {
        on_hand_tag(tag);
    } else if (in_hand_) {
        fail(tag.pos, "tag [" + name + "] inside " + hand_name() +
                          " (game tags come before the first [Hand], and " + hand_name() +
                          " starts at " + line_of(marks_.hand) + ")");
    } else {
        on_game_tag(tag);
    }
}

void Reader::on_game_tag(const Token& tag) {
    const std::string& name = tag.text;
    std::string* field = nullptr;
    if (name == kSiteTag) field = &game_.site;
    if (name == kDateTag) field = &game_.date;
    if (name == kTableTag) field = &game_.table;
    for (Seat s : kAllSeats) {
        if (name == player_tag(s)) field = &game_.players[index(s)];
    }
    bool known = field != nullptr || name == kRulesTag || name == kRecordTag;
    if (known) {
        auto [first, added] = game_marks_.tags.emplace(name, tag.pos);
        if (!added) {
            fail(tag.pos, "[" + name + "] given twice in this game (first at " +
                              line_of(first->second) + ")");
        }
    }
    if (name == kDateTag) {
        if (auto wrong = date_problem(tag.value)) fail(tag.value_pos, *wrong);
    }
    if (field) {
        *field = tag.value;
    } else if (name == kRulesTag) {
        game_.rules = read_rules(tag, lex_.file());
    } else if (name == kRecordTag) {
        if (tag.value != kScoreSheetValue && tag.value != kFullValue) {
            fail(tag.value_pos, "[" + name + "] is \"" + std::string(kScoreSheetValue) +
                                    "\" (a game of bids and tricks, no cards) or \"" +
                                    std::string(kFullValue) + "\", not " + quoted(tag.value));
        }
        game_.kind = tag.value == kScoreSheetValue ? RecordKind::ScoreSheet : RecordKind::Full;
    } else {
        game_.tags.emplace_back(name, tag.value);
    }
}

void Reader::on_hand_tag(const Token& tag) {
    const std::string& name = tag.text;
    if (!in_hand_) {
        fail(tag.pos, "tag [" + name + "] before the first [Hand] of the game");
    }
    if (stage_ != Stage::Tags) {
        fail(tag.pos, "tag [" + name + "] after the play of " + hand_name() + " began (at " +
                          line_of(marks_.play_began()) + ")");
    }
    Position& seen = name == kDealerTag ? marks_.dealer : marks_.deal;
    if (seen.line > 0) {
        fail(tag.pos,
             "[" + name + "] given twice in " + hand_name() + " (first at " + line_of(seen) + ")");
    }
    if (name == kDealTag && game_.score_sheet()) {
        fail(tag.pos, "a score sheet has no deal, but " + hand_name() + " gives one (" +
                          sheet_source() + ")");
    }
    if (name == kDealerTag) {
        marks_.dealer = tag.pos;
        try {
            hand_.dealer = parse_seat(tag.value);
        } catch (const ParseError&) {
            fail(tag.value_pos, "unknown seat " + quoted(tag.value) + " (N, E, S or W)");
        }
        return;
    }
    marks_.deal = tag.value_pos;
    try {
        hand_.deal = parse_pbn(tag.value);
    } catch (const ParseError& e) {
        std::size_t offset = e.column() > 0 ? static_cast<std::size_t>(e.column() - 1) : 0;
        fail(value_position(tag, offset), e.what());
    }
}

void Reader::on_comment(const Token& comment) {
    if (!in_game_) {
        fail(comment.pos,
             "a comment outside a game (a game starts with its [Event] tag; ';' starts a note "
             "that is not kept)");
    }
    if (in_hand_) {
        add_comment(annotation(Target::Hand, 0).comment, comment.text);
    } else {
        add_comment(game_.comment, comment.text);
    }
}

// Games and hands.

void Reader::start_game(const Token& event) {
    in_game_ = true;
    game_ = RecordedGame{};
    game_.event = event.value;
    game_.rules = preset(presets().front().name);
    game_marks_ = GameMarks{};
    game_marks_.event = event.pos;
    previous_unfinished_ = false;
}

// The engine's check of the game as read so far; its error points at the hand it names.
void Reader::check_game_so_far() const {
    try {
        check_game(game_);
    } catch (const RecordError& e) {
        std::size_t h = static_cast<std::size_t>(std::max(e.hand(), 0));
        bool read = h < game_.hands.size() && h < game_marks_.hands.size();
        fail_record(e, read ? game_.hands[h] : RecordedHand{},
                    read ? game_marks_.hands[h] : HandMarks{});
    }
}

void Reader::finish_game() {
    if (in_hand_) finish_hand();
    // The Rules tag was checked when read, finish_hand replayed each hand, and an unfinished
    // hand followed by another was caught there. Left: bids that depend on the score before
    // the hand (blind_behind), which only the whole game's replay knows.
    if (game_.rules.blind_behind > 0) check_game_so_far();
    in_game_ = false;
    take_(std::move(game_));
}

void Reader::start_hand(const Token& tag) {
    if (in_hand_) finish_hand();
    int expected = static_cast<int>(game_.hands.size()) + 1;
    std::optional<int> number = parse_count(tag.value);
    if (!number) fail(tag.value_pos, "expected a hand number, got " + quoted(tag.value));
    if (*number != expected) {
        if (expected == 1) fail(tag.value_pos, "the first hand is numbered 1, not " + tag.value);
        fail(tag.value_pos, "hand numbered " + tag.value + " after hand " +
                                std::to_string(expected - 1) + " (hand " +
                                std::to_string(expected - 1) + " starts at " +
                                line_of(game_marks_.hands.back().hand) + ")");
    }
    in_hand_ = true;
    hand_ = RecordedHand{};
    marks_ = HandMarks{};
    marks_.hand = tag.pos;
    stage_ = Stage::Tags;
    tricks_ = 0;
    trick_.clear();
}

void Reader::finish_hand() {
    require_deal();
    std::stable_sort(hand_.annotations.begin(), hand_.annotations.end(),
                     [](const Annotation& a, const Annotation& b) {
                         return std::pair(a.target, a.index) < std::pair(b.target, b.index);
                     });
    int at = static_cast<int>(game_.hands.size());
    bool finished = false;
    try {
        if (game_.score_sheet()) {
            finished = sheet_outcome(game_.rules, hand_, at).has_value();
        } else {
            finished = outcome_of(replay_hand(game_.rules, hand_, at), hand_.claim).has_value();
        }
    } catch (const RecordError& e) {
        fail_record(e, hand_, marks_);
    }
    game_.hands.push_back(std::move(hand_));
    game_marks_.hands.push_back(marks_);
    in_hand_ = false;
    if (previous_unfinished_) check_game_so_far();  // the engine says why, at that hand
    previous_unfinished_ = !finished;
}

void Reader::require_deal() const {
    if (marks_.dealer.line == 0) fail(marks_.hand, hand_name() + " has no [Dealer] tag");
    if (marks_.deal.line == 0 && !game_.score_sheet()) {
        // A game kept on paper is the likely cause: say how such a game is written.
        fail(marks_.hand, hand_name() + " has no [Deal] tag (a game kept without its cards, " +
                              "bids and tricks only, is a score sheet: add [" +
                              std::string(kRecordTag) + " \"" + std::string(kScoreSheetValue) +
                              "\"] to its tags)");
    }
}

// Every line of play: inside a hand that has its dealer and deal, in the order of Stage.
void Reader::begin_play_line(const Token& first, Stage stage) {
    const std::string name = line_name(stage);
    if (!in_game_) {
        fail(first.pos, "the " + name + " outside a game (a game starts with its [Event] tag)");
    }
    if (!in_hand_) fail(first.pos, "the " + name + " before the first [Hand] of the game");
    // A score sheet's hand has bids and its tricks; a full record's has every other line.
    const bool sheet_line = stage == Stage::Bids || stage == Stage::Sheet;
    if (game_.score_sheet() && !sheet_line) {
        fail(first.pos,
             "the " + name + " in a score sheet, which has no cards (" + sheet_source() + ")");
    }
    if (!game_.score_sheet() && stage == Stage::Sheet) {
        fail(first.pos, "a 'tricks' line belongs to a score sheet (a game tagged [" +
                            std::string(kRecordTag) + " \"" + std::string(kScoreSheetValue) +
                            "\"]); this game records its cards trick by trick");
    }
    require_deal();
    if (stage == stage_ && stage != Stage::Tricks) {
        fail(first.pos, hand_name() + " has a second " + name + " (the first is at " +
                            line_of(marks_.line(stage)) + ")");
    }
    if (stage < stage_) {
        fail(first.pos,
             "the " + name + " out of order: it follows the " + line_name(stage_) + " at " +
                 line_of(marks_.line(stage_)) +
                 (game_.score_sheet() ? " (a score sheet's hand goes bids, tricks)"
                                      : " (a hand goes pass, bids, exchange, tricks, claim)"));
    }
    stage_ = stage;
}

Annotation& Reader::annotation(Target target, int index) {
    for (Annotation& a : hand_.annotations) {
        if (a.target == target && a.index == index) return a;
    }
    hand_.annotations.push_back(Annotation{target, index, {}, {}});
    return hand_.annotations.back();
}

void Reader::set_glyph(Annotation& a, std::string_view glyph, Position pos) const {
    if (!a.glyph.empty()) {
        // A bid's or a card's glyph is on its own line; the hand's may be on any earlier one.
        std::string first =
            a.target == Target::Hand ? " (the first is at " + line_of(marks_.glyph) + ")" : "";
        fail(pos, "a second glyph on the same " + std::string(glyph_owner(a)) + first);
    }
    a.glyph = glyph;
}

Card Reader::card_at(const LineItem& item) const {
    try {
        return parse_card(item.text);
    } catch (const ParseError&) {
        fail(item.pos, "expected a card, got " + quoted(item.text));
    }
}

// The seat that leads the first trick, as the engine has it once the pass, the bids and the
// exchange are replayed. A fault in those is reported here, before any card.
Seat Reader::first_leader(Position pos, const std::string& what) const {
    const RecordedHand before = hand_up_to(hand_, 0);
    std::optional<HandState> state;
    try {
        state.emplace(replay_hand(game_.rules, before, static_cast<int>(game_.hands.size())));
    } catch (const RecordError& e) {
        fail_record(e, hand_, marks_);
    }
    switch (state->phase()) {
        case Phase::Pass:
            fail(pos, what + " before the pass is complete");
        case Phase::Bid:
            fail(pos, what + " before the bidding is complete" +
                          (marks_.bids.empty()
                               ? std::string()
                               : " (the 'bids' line at " + line_of(marks_.line(Stage::Bids)) +
                                     " holds " + std::to_string(marks_.bids.size()) +
                                     " of the 4 bids)"));
        case Phase::Exchange:
            fail(pos, what + " before the blind nil exchange is complete");
        default:
            return state->to_act();
    }
}

// What decides who leads the first trick, and where it was written.
std::string Reader::first_lead_source() const {
    if (game_.rules.first_lead == FirstLead::TwoOfClubs) {
        return "the holder of 2C leads under " + rules_source(game_marks_);
    }
    return "the dealer, " + seat_letter(hand_.dealer) + ", is given at " + line_of(marks_.dealer);
}

// Replays the hand as read so far, so that the engine reports a fault in its cards where it
// stands.
void Reader::check_cards_so_far() const {
    const RecordedHand so_far = hand_up_to(hand_, hand_.cards.size());
    try {
        replay_hand(game_.rules, so_far, static_cast<int>(game_.hands.size()));
    } catch (const RecordError& e) {
        fail_record(e, hand_, marks_);
    }
}

// The seat to lead the next trick: the first leader, or the winner of the last trick.
Seat Reader::next_leader(Position pos, const std::string& what) const {
    return tricks_ == 0 ? first_leader(pos, what) : trick_winner(trick_, PlayOrder(game_.rules));
}

// Lines of play.

void Reader::read_cards_by_seat(const std::vector<Token>& line, std::size_t i, bool exchange) {
    Stage stage = exchange ? Stage::Exchange : Stage::Pass;
    begin_play_line(line[i], stage);
    std::string what = "the " + line_name(stage);
    marks_.line(stage) = line[i].pos;
    auto& sets = exchange ? hand_.exchanges : hand_.passes;
    auto& marks = exchange ? marks_.exchange : marks_.pass;
    std::optional<Seat> seat;
    for (const LineItem& item : items_of(line, i + 1)) {
        switch (item.kind) {
            case LineItem::Kind::SeatMark:
                if (marks[index(item.seat)]) {
                    fail(item.pos, seat_letter(item.seat) + " appears twice in " + what);
                }
                seat = item.seat;
                marks[index(item.seat)] = item.pos;
                break;
            case LineItem::Kind::Item: {
                if (!seat) fail(item.pos, "expected a seat before the cards, like N:2S 3S 4H");
                Card card = card_at(item);
                CardSet& set = sets[index(*seat)];
                if (set.contains(card)) {
                    fail(item.pos, to_string(card) + " appears twice for " + seat_letter(*seat));
                }
                set.insert(card);
                break;
            }
            case LineItem::Kind::Glyph:
                fail(item.pos, "a glyph belongs to a bid or a card of play, not to " + what);
            case LineItem::Kind::Comment:
                add_comment(annotation(Target::Hand, 0).comment, item.text);
                break;
        }
    }
}

namespace {

// Whether every bid of a 'bids' line names its seat ("bids W:2 N:4 E:3 S:nil"): such a line
// may give the bids in any order.
bool every_bid_seated(const std::vector<LineItem>& items) {
    bool seated = false;
    bool any = false;
    for (const LineItem& item : items) {
        if (item.kind == LineItem::Kind::Item) {
            if (!seated) return false;
            any = true;
        }
        if (item.kind != LineItem::Kind::Glyph && item.kind != LineItem::Kind::Comment) {
            seated = item.kind == LineItem::Kind::SeatMark;
        }
    }
    return any;
}

}  // namespace

// Bids go to their turns from the dealer's left: in the order written, or, when each names its
// seat, to that seat's turn whatever the order. The turns taken must then be the first ones (a
// hand may stop during the bidding, but no seat bids before the one whose turn it is).
void Reader::read_bids(const std::vector<Token>& line, std::size_t i) {
    begin_play_line(line[i], Stage::Bids);
    marks_.line(Stage::Bids) = line[i].pos;
    const std::vector<LineItem> items = items_of(line, i + 1);
    const bool any_order = every_bid_seated(items);
    std::array<std::optional<Bid>, 4> bids;
    std::array<Position, 4> where{};   // each turn's bid
    std::array<Position, 4> seated{};  // each turn's seat mark
    int count = 0;
    const LineItem* seat_mark = nullptr;  // a seat written before its bid
    std::optional<int> last;
    for (const LineItem& item : items) {
        if (seat_mark && item.kind != LineItem::Kind::Item) {
            fail(item.pos, "expected a bid after " + spell_seat_prefix(seat_mark->seat));
        }
        switch (item.kind) {
            case LineItem::Kind::SeatMark:
                seat_mark = &item;
                break;
            case LineItem::Kind::Item: {
                if (count == 4) fail(item.pos, "a fifth bid: each player bids once");
                int at = count;
                if (any_order) {
                    at = (index(seat_mark->seat) - index(hand_.dealer) + 3) % 4;
                    if (bids[static_cast<std::size_t>(at)]) {
                        fail(seat_mark->pos, "a second bid by " + seat_letter(seat_mark->seat) +
                                                 ": each bids once");
                    }
                } else if (Seat turn = next(hand_.dealer, at + 1);
                           seat_mark && seat_mark->seat != turn) {
                    fail(seat_mark->pos, seat_letter(seat_mark->seat) + " bids out of turn: " +
                                             seat_letter(turn) + " is next to bid");
                }
                const auto slot = static_cast<std::size_t>(at);
                seated[slot] = seat_mark ? seat_mark->pos : item.pos;
                seat_mark = nullptr;
                // "n", nil elsewhere (parse_bid), is North here: a line cut after its seat.
                if (is_keyword(item.text, "n")) {
                    fail(item.pos, "expected a bid, got " + quoted(item.text) +
                                       " (a seat; a nil is written nil, North's bid N:4)");
                }
                try {
                    // parse_bid's number loop overflows on long words; no bid spelling is
                    // longer than 8 characters except "blind_nil".
                    if (item.text.size() > 8 && !is_keyword(item.text, "blind_nil")) {
                        throw ParseError("", 1);
                    }
                    bids[slot] = parse_bid(item.text);
                } catch (const ParseError&) {
                    fail(item.pos, "expected a bid, got " + quoted(item.text));
                }
                where[slot] = item.pos;
                ++count;
                last = at;
                break;
            }
            case LineItem::Kind::Glyph:
                if (!last) fail(item.pos, "a glyph follows the bid it is about");
                set_glyph(annotation(Target::Bid, *last), item.text, item.pos);
                break;
            case LineItem::Kind::Comment:
                add_comment(last ? annotation(Target::Bid, *last).comment
                                 : annotation(Target::Hand, 0).comment,
                            item.text);
                break;
        }
    }
    if (seat_mark) {
        fail(seat_mark->pos, "expected a bid after " + spell_seat_prefix(seat_mark->seat));
    }
    for (int at = 0; at < count; ++at) {
        if (bids[static_cast<std::size_t>(at)]) continue;
        // A later turn was given while this one was not: point at the first such bid.
        for (int later = at + 1; later < 4; ++later) {
            if (bids[static_cast<std::size_t>(later)]) {
                fail(seated[static_cast<std::size_t>(later)],
                     seat_letter(next(hand_.dealer, later + 1)) + " bids out of turn: " +
                         seat_letter(next(hand_.dealer, at + 1)) + " is next to bid");
            }
        }
    }
    for (int at = 0; at < count; ++at) {
        hand_.bids.push_back(*bids[static_cast<std::size_t>(at)]);
        marks_.bids.push_back(where[static_cast<std::size_t>(at)]);
    }
}

void Reader::read_trick(const std::vector<Token>& line, std::size_t i, int number) {
    const Token& first = line[i];
    begin_play_line(first, Stage::Tricks);
    const std::string previous =
        "trick " + std::to_string(tricks_) + " is at " + line_of(marks_.line(Stage::Tricks));
    if (tricks_ > 0 && trick_.size() < 4) {
        fail(first.pos, "trick " + std::to_string(tricks_) + " has only " +
                            std::to_string(trick_.size()) +
                            " cards (only the last trick may be unfinished; " + previous + ")");
    }
    if (number != tricks_ + 1) {
        if (tricks_ == 0) fail(first.pos, "the first trick is numbered 1, not " + first.text);
        fail(first.pos, "trick numbered " + first.text + " after trick " + std::to_string(tricks_) +
                            " (" + previous + ")");
    }
    Seat leader = next_leader(first.pos, "trick 1");
    std::vector<LineItem> items = items_of(line, i + 1);
    std::size_t k = 0;
    if (k < items.size() && items[k].kind == LineItem::Kind::SeatMark) {
        if (items[k].seat != leader) {
            // A wrong card earlier in the hand can make the leader look wrong: the engine
            // names that card first.
            if (tricks_ > 0) check_cards_so_far();
            fail(items[k].pos,
                 "leader given as " + seat_letter(items[k].seat) + " but " + seat_letter(leader) +
                     (tricks_ == 0 ? " leads the first trick (" + first_lead_source() + ")"
                                   : " won the previous trick (" + previous + ")"));
        }
        ++k;
    }
    ++tricks_;
    marks_.tricks.push_back(first.pos);
    marks_.line(Stage::Tricks) = first.pos;
    trick_.clear();
    std::optional<int> last;
    for (; k < items.size(); ++k) {
        const LineItem& item = items[k];
        switch (item.kind) {
            case LineItem::Kind::SeatMark:
                fail(item.pos, "only the leader's seat is written in a trick, before its cards");
            case LineItem::Kind::Item: {
                if (trick_.size() == 4) {
                    fail(item.pos, "a fifth card in trick " + std::to_string(tricks_));
                }
                Card card = card_at(item);
                trick_.push_back({next(leader, static_cast<int>(trick_.size())), card});
                last = static_cast<int>(hand_.cards.size());
                hand_.cards.push_back(card);
                marks_.cards.push_back(item.pos);
                break;
            }
            case LineItem::Kind::Glyph:
                if (!last) fail(item.pos, "a glyph follows the card it is about");
                set_glyph(annotation(Target::Card, *last), item.text, item.pos);
                break;
            case LineItem::Kind::Comment:
                add_comment(last ? annotation(Target::Card, *last).comment
                                 : annotation(Target::Hand, 0).comment,
                            item.text);
                break;
        }
    }
    if (trick_.empty()) fail(first.pos, "trick " + std::to_string(tricks_) + " has no cards");
}

void Reader::read_claim(const std::vector<Token>& line, std::size_t i) {
    const Token& first = line[i];
    begin_play_line(first, Stage::Claim);
    marks_.line(Stage::Claim) = first.pos;
    if (tricks_ > 0 && trick_.size() < 4) {
        fail(first.pos, "a claim comes after a complete trick, but trick " +
                            std::to_string(tricks_) + " has " + std::to_string(trick_.size()) +
                            " cards (trick " + std::to_string(tricks_) + " is at " +
                            line_of(marks_.line(Stage::Tricks)) + ")");
    }
    Claim claim;
    claim.by = next_leader(first.pos, "the claim");
    std::array<bool, 4> credited{};
    bool any = false;
    std::vector<LineItem> items = items_of(line, i + 1);
    for (std::size_t k = 0; k < items.size(); ++k) {
        const LineItem& item = items[k];
        switch (item.kind) {
            case LineItem::Kind::SeatMark:
                if (k > 0) fail(item.pos, "the claimer's seat comes right after 'claim'");
                claim.by = item.seat;
                break;
            case LineItem::Kind::Item: {
                std::optional<std::pair<Seat, int>> share = split_claim_share(item.text);
                if (!share) fail(item.pos, "expected a share like N=3, got " + quoted(item.text));
                auto [seat, count] = *share;
                if (credited[index(seat)]) {
                    fail(item.pos, seat_letter(seat) + " appears twice in the claim");
                }
                credited[index(seat)] = any = true;
                claim.tricks[index(seat)] = count;
                break;
            }
            case LineItem::Kind::Glyph:
                fail(item.pos, "a glyph belongs to a bid or a card of play, not to the claim");
            case LineItem::Kind::Comment:
                add_comment(annotation(Target::Hand, 0).comment, item.text);
                break;
        }
    }
    if (!any) fail(first.pos, "a claim gives each seat its tricks, like claim N: N=3 S=1");
    hand_.claim = claim;
}

// "tricks N=5 E=3 S=0 W=5", or a partnership's total: "tricks W=1 NS=7 EW=6". The engine
// checks that they add up when the hand ends.
void Reader::read_sheet_tricks(const std::vector<Token>& line, std::size_t i) {
    begin_play_line(line[i], Stage::Sheet);
    marks_.line(Stage::Sheet) = line[i].pos;
    bool any = false;
    for (const LineItem& item : items_of(line, i + 1)) {
        switch (item.kind) {
            case LineItem::Kind::SeatMark:
                fail(item.pos, "expected a count like N=5 or NS=8, not a seat and a colon");
            case LineItem::Kind::Item: {
                std::optional<SheetShare> share = split_sheet_share(item.text);
                if (!share) {
                    fail(item.pos, "expected a count like N=5 or NS=8, got " + quoted(item.text));
                }
                std::string who =
                    share->seat ? seat_letter(*share->seat) : std::string(team_name(share->team));
                std::optional<int>& count = share->seat ? hand_.sheet.seats[index(*share->seat)]
                                                        : hand_.sheet.teams[index(share->team)];
                std::optional<Position>& mark = share->seat
                                                    ? marks_.seat_tricks[index(*share->seat)]
                                                    : marks_.team_tricks[index(share->team)];
                if (count) fail(item.pos, who + " appears twice in the 'tricks' line");
                count = share->tricks;
                mark = item.pos;
                any = true;
                break;
            }
            case LineItem::Kind::Glyph:
                fail(item.pos, "a glyph belongs to a bid, not to the 'tricks' line");
            case LineItem::Kind::Comment:
                add_comment(annotation(Target::Hand, 0).comment, item.text);
                break;
        }
    }
    if (!any) {
        fail(line[i].pos,
             "the 'tricks' line gives each seat's tricks, like tricks N=5 E=3 S=0 W=5 (or a "
             "partnership's, NS=8)");
    }
}

void Reader::read_hand_glyph(const std::vector<Token>& line, std::size_t i) {
    const Token& first = line[i];
    if (!in_game_ || !in_hand_) {
        fail(first.pos, "a glyph outside a hand (it belongs to a hand, a bid or a card)");
    }
    std::vector<LineItem> items = items_of(line, i);
    set_glyph(annotation(Target::Hand, 0), items[0].text, items[0].pos);
    marks_.glyph = items[0].pos;
    for (std::size_t k = 1; k < items.size(); ++k) {
        if (items[k].kind != LineItem::Kind::Comment) {
            fail(items[k].pos, "expected a comment after the hand's glyph");
        }
        add_comment(annotation(Target::Hand, 0).comment, items[k].text);
    }
}

}  // namespace

std::vector<RecordedGame> read_text_log(std::string_view text, std::string_view file) {
    std::vector<RecordedGame> games;
    for_each_text_log_game(text, file,
                           [&](RecordedGame&& game) { games.push_back(std::move(game)); });
    return games;
}

void for_each_text_log_game(std::string_view text, std::string_view file,
                            const std::function<void(RecordedGame&&)>& take) {
    text = checked_utf8(text, file);
    // Line ends of old Macs (a lone CR): with no LF anywhere, every CR ends a line.
    if (text.find('\n') == std::string_view::npos && text.find('\r') != std::string_view::npos) {
        std::string lines(text);
        std::replace(lines.begin(), lines.end(), '\r', '\n');
        Reader(lines, file, take).read();
        return;
    }
    Reader(text, file, take).read();
}

std::string write_text_log(const std::vector<RecordedGame>& games) {
    std::string out;
    for (std::size_t g = 0; g < games.size(); ++g) {
        if (g > 0) out += '\n';  // a blank line between games
        out += spell_game(games[g]);
    }
    return out;
}

}  // namespace spadework::formats
