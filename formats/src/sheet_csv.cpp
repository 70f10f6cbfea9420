#include "spadework/formats/sheet_csv.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>

#include "csv_lexer.h"
#include "spadework/formats/dates.h"
#include "spadework/formats/error.h"
#include "text_encoding.h"
#include "text_log_grammar.h"

namespace spadework::formats {
namespace {

using text_log::Position;
using text_log::quoted;
using Part = RecordPlace::Part;
using csv::Cell;
using csv::CsvLexer;
using csv::Row;

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// ---------------------------------------------------------------------------------------
// The names a sheet uses: its detail rows (before the header) and its columns. The reader and
// the writer both read these tables.

enum class Detail {
    Event,
    Site,
    Date,
    Table,
    North,
    East,
    South,
    West,
    Rules,
    Dealer,
    Comment,
    Tag
};
struct DetailName {
    std::string_view name;
    Detail detail;
};
constexpr DetailName kDetails[] = {
    {"event", Detail::Event},   {"site", Detail::Site},       {"date", Detail::Date},
    {"table", Detail::Table},   {"north", Detail::North},     {"east", Detail::East},
    {"south", Detail::South},   {"west", Detail::West},       {"rules", Detail::Rules},
    {"dealer", Detail::Dealer}, {"comment", Detail::Comment}, {"tag", Detail::Tag},
};

enum class ColumnKind { Hand, Dealer, Bid, SeatTricks, TeamTricks, Note };
struct Column {
    std::string_view name;
    ColumnKind kind;
    int which = 0;  // the seat of a bid or tricks column, the team of a team's tricks
};
constexpr Column kColumns[] = {
    {"hand", ColumnKind::Hand},
    {"dealer", ColumnKind::Dealer},
    {"N_bid", ColumnKind::Bid, 0},
    {"E_bid", ColumnKind::Bid, 1},
    {"S_bid", ColumnKind::Bid, 2},
    {"W_bid", ColumnKind::Bid, 3},
    {"N_tricks", ColumnKind::SeatTricks, 0},
    {"E_tricks", ColumnKind::SeatTricks, 1},
    {"S_tricks", ColumnKind::SeatTricks, 2},
    {"W_tricks", ColumnKind::SeatTricks, 3},
    {"NS_tricks", ColumnKind::TeamTricks, 0},
    {"EW_tricks", ColumnKind::TeamTricks, 1},
    {"note", ColumnKind::Note},
};

const Column& column_named(ColumnKind kind, int which = 0) {
    for (const Column& c : kColumns) {
        if (c.kind == kind && c.which == which) return c;
    }
    throw InternalError("every column kind has a name in kColumns", __FILE__, __LINE__);
}

template <typename Table>
std::string name_list(const Table& table) {
    std::string out;
    for (const auto& entry : table) out += (out.empty() ? "" : ", ") + std::string(entry.name);
    return out;
}

// ---------------------------------------------------------------------------------------
// The sheet.

// Where each part of a hand's row is, for the engine's faults.
struct RowMarks {
    Position hand;
    Seat dealer = Seat::North;
    std::array<Position, 4> bids{};
    std::array<std::optional<Position>, 4> seat_tricks;  // empty: no such column
    std::array<std::optional<Position>, 2> team_tricks;
    Position first_tricks;  // the row's first tricks cell
};

class SheetReader {
  public:
    SheetReader(std::string_view text, std::string_view file) : lex_(text, file) {}
    std::vector<RecordedGame> read();

  private:
    [[noreturn]] void fail(Position pos, const std::string& message) const {
        throw FormatError(lex_.file(), pos.line, pos.col, message);
    }
    void read_detail(const Row& row);
    void read_header(const Row& row);
    void read_hand(const Row& row);
    void read_bids(const Row& row, RecordedHand& hand, RowMarks& marks) const;
    void check(const RecordedHand& hand, const RowMarks& marks);
    [[noreturn]] void fail_record(const RecordError& e, const RowMarks& marks) const;
    std::string under_rules() const;
    // The cell of column `kind` in `row`: empty, at the row's end, when the row is short.
    Cell cell_of(const Row& row, ColumnKind kind, int which = 0) const;

    CsvLexer lex_;
    RecordedGame game_;
    std::map<Detail, Position> details_;  // each detail row given, where
    Seat first_dealer_ = Seat::North;
    std::vector<std::optional<Column>> columns_;  // by cell of the header; none: trailing
    int header_line_ = 0;
    std::vector<RowMarks> marks_;  // per hand read
    bool previous_unfinished_ = false;
};

std::vector<RecordedGame> SheetReader::read() {
    game_.kind = RecordKind::ScoreSheet;
    game_.rules = preset(presets().front().name);
    bool any = false;
    while (std::optional<Row> row = lex_.next()) {
        if (row->blank()) continue;
        any = true;
        if (header_line_ > 0) {
            read_hand(*row);
        } else if (lower(row->cells[0].text) == column_named(ColumnKind::Hand).name) {
            read_header(*row);
        } else {
            read_detail(*row);
        }
    }
    if (!any) return {};
    if (header_line_ == 0) {
        fail({lex_.position().line + (lex_.position().col > 1 ? 1 : 0), 1},
             "no header row: a score sheet names its columns in a row that starts with 'hand' "
             "(hand,N_bid,E_bid,S_bid,W_bid,N_tricks,E_tricks,S_tricks,W_tricks)");
    }
    return {std::move(game_)};
}

void SheetReader::read_detail(const Row& row) {
    const Cell& key = row.cells[0];
    const DetailName* found = nullptr;
    for (const DetailName& d : kDetails) {
        if (lower(key.text) == d.name) found = &d;
    }
    if (!found) {
        fail(key.pos, "expected a detail row (" + name_list(kDetails) +
                          ") or the header row, which starts with 'hand'; got " + quoted(key.text));
    }
    const std::size_t cells = found->detail == Detail::Tag ? 3 : 2;
    for (std::size_t k = cells; k < row.cells.size(); ++k) {
        if (!row.cells[k].text.empty()) {
            fail(row.cells[k].pos, found->detail == Detail::Tag
                                       ? "a tag row is tag,NAME,VALUE: this cell is one too many"
                                       : "a detail row is " + std::string(found->name) +
                                             ",VALUE: this cell is one too many");
        }
    }
    Cell value = row.cells.size() > 1 ? row.cells[1] : Cell{"", row.end};
    if (found->detail == Detail::Tag) {
        if (value.text.empty()) fail(value.pos, "a tag row is tag,NAME,VALUE: the name is missing");
        game_.tags.emplace_back(value.text, row.cells.size() > 2 ? row.cells[2].text : "");
        return;
    }
    auto [first, added] = details_.emplace(found->detail, key.pos);
    if (!added) {
        fail(key.pos, "'" + std::string(found->name) + "' given twice (first at line " +
                          std::to_string(first->second.line) + ")");
    }
    switch (found->detail) {
        case Detail::Event:
            game_.event = value.text;
            break;
        case Detail::Site:
            game_.site = value.text;
            break;
        case Detail::Date:
            if (auto wrong = date_problem(value.text)) fail(value.pos, *wrong);
            game_.date = value.text;
            break;
        case Detail::Table:
            game_.table = value.text;
            break;
        case Detail::North:
        case Detail::East:
        case Detail::South:
        case Detail::West:
            game_.players[static_cast<int>(found->detail) - static_cast<int>(Detail::North)] =
                value.text;
            break;
        case Detail::Rules: {
            // As the text log's [Rules] tag: a preset, then key=value overrides.
            text_log::Token token;
            token.value = value.text;
            token.value_pos =
                value.quoted ? Position{value.pos.line, value.pos.col + 1} : value.pos;
            token.value_escaped = value.escaped;
            game_.rules = text_log::read_rules(token, lex_.file());
            break;
        }
        case Detail::Dealer:
            try {
                first_dealer_ = parse_seat(value.text);
            } catch (const ParseError&) {
                fail(value.pos, "unknown seat " + quoted(value.text) + " (N, E, S or W)");
            }
            break;
        case Detail::Comment:
            game_.comment = value.text;
            break;
        case Detail::Tag:
            break;
    }
}

void SheetReader::read_header(const Row& row) {
    header_line_ = row.cells[0].pos.line;
    std::map<std::string, std::size_t> seen;
    for (std::size_t k = 0; k < row.cells.size(); ++k) {
        const Cell& cell = row.cells[k];
        if (cell.text.empty()) {
            bool trailing =
                std::all_of(row.cells.begin() + static_cast<std::ptrdiff_t>(k), row.cells.end(),
                            [](const Cell& c) { return c.text.empty(); });
            if (!trailing) fail(cell.pos, "a column with no name in the header");
            columns_.emplace_back();
            continue;
        }
        const Column* found = nullptr;
        for (const Column& c : kColumns) {
            if (lower(cell.text) == lower(c.name)) found = &c;
        }
        if (!found) {
            fail(cell.pos, "unknown column " + quoted(cell.text) + ": the columns are " +
                               name_list(kColumns));
        }
        auto [first, added] = seen.emplace(std::string(found->name), k);
        if (!added) {
            fail(cell.pos, "column " + std::string(found->name) + " given twice (first in cell " +
                               std::to_string(first->second + 1) + ")");
        }
        columns_.push_back(*found);
    }
    auto has = [&](ColumnKind kind, int which) {
        return seen.count(std::string(column_named(kind, which).name)) > 0;
    };
    const Position at = row.cells[0].pos;
    for (Seat s : kAllSeats) {
        if (!has(ColumnKind::Bid, index(s))) {
            fail(at, "the header has no " +
                         std::string(column_named(ColumnKind::Bid, index(s)).name) +
                         " column: a score sheet gives each seat's bid");
        }
    }
    for (Seat s : kAllSeats) {
        if (has(ColumnKind::SeatTricks, index(s)) ||
            has(ColumnKind::TeamTricks, index(team_of(s)))) {
            continue;
        }
        fail(at, "the header gives no tricks for " + seat_letter(s) + ": add " +
                     std::string(column_named(ColumnKind::SeatTricks, index(s)).name) +
                     " (the seat's) or " +
                     std::string(column_named(ColumnKind::TeamTricks, index(team_of(s))).name) +
                     " (the partnership's)");
    }
}

Cell SheetReader::cell_of(const Row& row, ColumnKind kind, int which) const {
    for (std::size_t k = 0; k < columns_.size(); ++k) {
        if (!columns_[k] || columns_[k]->kind != kind || columns_[k]->which != which) continue;
        if (k < row.cells.size()) return row.cells[k];
        return Cell{"", row.end};
    }
    return Cell{"", row.end};
}

void SheetReader::read_bids(const Row& row, RecordedHand& hand, RowMarks& marks) const {
    std::optional<Seat> missing;
    for (int k = 1; k <= 4; ++k) {
        Seat seat = next(hand.dealer, k);
        Cell cell = cell_of(row, ColumnKind::Bid, index(seat));
        marks.bids[index(seat)] = cell.pos;
        if (cell.text.empty()) {
            if (!missing) missing = seat;
            continue;
        }
        if (missing) {
            fail(cell.pos, seat_letter(seat) + " bids, but " + seat_letter(*missing) +
                               ", whose turn comes first, has no bid (the bidding goes round "
                               "from the dealer's left)");
        }
        try {
            // No bid spelling is longer than 10 characters ("double nil").
            if (cell.text.size() > 10) throw ParseError("", 1);
            hand.bids.push_back(parse_bid(cell.text));
        } catch (const ParseError&) {
            fail(cell.pos, "expected a bid (a number, nil or bnil), got " + quoted(cell.text));
        }
    }
}

void SheetReader::read_hand(const Row& row) {
    const int number = static_cast<int>(game_.hands.size()) + 1;
    for (std::size_t k = columns_.size(); k < row.cells.size(); ++k) {
        if (!row.cells[k].text.empty()) {
            fail(row.cells[k].pos, "a cell beyond the last column of the header (line " +
                                       std::to_string(header_line_) + ")");
        }
    }
    RecordedHand hand;
    RowMarks marks;
    const Cell hand_cell = cell_of(row, ColumnKind::Hand);
    marks.hand = hand_cell.pos;
    std::optional<int> n = text_log::parse_count(hand_cell.text);
    if (!n) fail(hand_cell.pos, "expected the hand's number, got " + quoted(hand_cell.text));
    if (*n != number) {
        if (number == 1) fail(hand_cell.pos, "the first hand is numbered 1, not " + hand_cell.text);
        fail(hand_cell.pos, "hand numbered " + hand_cell.text + " after hand " +
                                std::to_string(number - 1) + " (at line " +
                                std::to_string(marks_.back().hand.line) + ")");
    }
    // The dealer as written, or the deal passing to the left.
    hand.dealer = number == 1 ? first_dealer_ : next(game_.hands.back().dealer);
    const Cell dealer = cell_of(row, ColumnKind::Dealer);
    if (!dealer.text.empty()) {
        try {
            hand.dealer = parse_seat(dealer.text);
        } catch (const ParseError&) {
            fail(dealer.pos, "unknown seat " + quoted(dealer.text) + " (N, E, S or W)");
        }
    }
    marks.dealer = hand.dealer;
    read_bids(row, hand, marks);
    bool first = true;
    auto count = [&](ColumnKind kind, int which, std::optional<Position>& mark) {
        bool column = std::any_of(columns_.begin(), columns_.end(), [&](const auto& c) {
            return c && c->kind == kind && c->which == which;
        });
        if (!column) return std::optional<int>();
        Cell cell = cell_of(row, kind, which);
        mark = cell.pos;
        if (first) marks.first_tricks = cell.pos;
        first = false;
        if (cell.text.empty()) return std::optional<int>();
        std::optional<int> tricks = text_log::parse_count(cell.text);
        if (!tricks) fail(cell.pos, "expected a number of tricks, got " + quoted(cell.text));
        return tricks;
    };
    for (Seat s : kAllSeats) {
        hand.sheet.seats[index(s)] =
            count(ColumnKind::SeatTricks, index(s), marks.seat_tricks[index(s)]);
    }
    for (Team t : kAllTeams) {
        hand.sheet.teams[index(t)] =
            count(ColumnKind::TeamTricks, index(t), marks.team_tricks[index(t)]);
    }
    if (const Cell note = cell_of(row, ColumnKind::Note); !note.text.empty()) {
        hand.annotations.push_back({Annotation::Target::Hand, 0, "", note.text});
    }
    check(hand, marks);
}

void SheetReader::check(const RecordedHand& hand, const RowMarks& marks) {
    const int at = static_cast<int>(game_.hands.size());
    bool finished = false;
    try {
        finished = sheet_outcome(game_.rules, hand, at).has_value();
    } catch (const RecordError& e) {
        fail_record(e, marks);
    }
    game_.hands.push_back(hand);
    marks_.push_back(marks);
    if (previous_unfinished_) {
        try {
            check_game(game_);
        } catch (const RecordError& e) {
            fail_record(e, marks_.at(static_cast<std::size_t>(std::max(e.hand(), 0))));
        }
    }
    previous_unfinished_ = !finished;
}

std::string SheetReader::under_rules() const {
    auto rules = details_.find(Detail::Rules);
    if (rules != details_.end()) {
        return " (under the rule set given at line " + std::to_string(rules->second.line) + ")";
    }
    return " (under classic rules, as the sheet has no 'rules' row)";
}

// The cell a fault of the engine names, with the rule set when the fault is the rules'.
void SheetReader::fail_record(const RecordError& e, const RowMarks& m) const {
    const RecordPlace place = e.place();
    const bool seat = place.index >= 0 && place.index < 4;
    switch (place.part) {
        case Part::Bid:
            fail(m.bids[index(next(m.dealer, (place.index & 3) + 1))], e.what() + under_rules());
        case Part::SeatTricks:
            if (!seat) fail(m.first_tricks, e.what() + under_rules());
            if (m.seat_tricks[place.index]) fail(*m.seat_tricks[place.index], e.what());
            fail(m.team_tricks[place.index % 2].value_or(m.first_tricks), e.what());
        case Part::TeamTricks:
            fail(m.team_tricks[place.index & 1].value_or(m.first_tricks), e.what());
        default:
            fail(m.hand, e.what());
    }
}

// ---------------------------------------------------------------------------------------
// Writing.

// A cell as written: in quotes when it holds what would end it or be trimmed off.
std::string spell_cell(std::string_view text) {
    bool plain = text.find_first_of(",;\"\n\r") == std::string_view::npos &&
                 (text.empty() || (text.front() != ' ' && text.front() != '\t' &&
                                   text.back() != ' ' && text.back() != '\t'));
    if (plain) return std::string(text);
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + '"';
}

std::string spell_row(const std::vector<std::string>& cells) {
    std::string out;
    for (std::size_t k = 0; k < cells.size(); ++k) out += (k ? "," : "") + spell_cell(cells[k]);
    return out + '\n';
}

std::string detail_name(Detail detail) {
    for (const DetailName& d : kDetails) {
        if (d.detail == detail) return std::string(d.name);
    }
    throw InternalError("every detail has a name in kDetails", __FILE__, __LINE__);
}

// What a CSV sheet cannot hold, refused before anything is written.
void check_writable(const std::vector<RecordedGame>& games) {
    if (games.size() > 1) {
        throw Error("a .csv score sheet holds one game, and there are " +
                    std::to_string(games.size()) +
                    ": write each to a file of its own (spadework convert FILE@N out.csv)");
    }
    const RecordedGame& game = games.front();
    if (!game.score_sheet()) {
        throw CannotHold(
            "a .csv file holds a score sheet (bids and tricks only), but this game is recorded "
            "card by card");
    }
    for (std::size_t h = 0; h < game.hands.size(); ++h) {
        for (const Annotation& a : game.hands[h].annotations) {
            std::string where = "hand " + std::to_string(h + 1);
            if (a.target != Annotation::Target::Hand) {
                throw CannotHold("a .csv score sheet has no place for the note on " + where +
                                 "'s bid " + std::to_string(a.index + 1));
            }
            if (!a.glyph.empty() || a.comment.empty()) {
                throw CannotHold("a .csv score sheet has no place for " +
                                 std::string(a.glyph.empty() ? "the empty note" : "the glyph") +
                                 " on " + where);
            }
        }
    }
}

std::string write_details(const RecordedGame& game) {
    std::string out;
    auto detail = [&](Detail d, const std::string& value) {
        if (!value.empty()) out += spell_row({detail_name(d), value});
    };
    detail(Detail::Event, game.event);
    detail(Detail::Site, game.site);
    detail(Detail::Date, game.date);
    detail(Detail::Table, game.table);
    for (Seat s : kAllSeats) {
        detail(static_cast<Detail>(static_cast<int>(Detail::North) + index(s)),
               game.players[index(s)]);
    }
    detail(Detail::Rules, spell_rules(game.rules));
    for (const auto& [name, value] : game.tags)
        out += spell_row({detail_name(Detail::Tag), name, value});
    detail(Detail::Comment, game.comment);
    return out;
}

std::string count_cell(const std::optional<int>& n) {
    return n ? std::to_string(*n) : "";
}

}  // namespace

std::vector<RecordedGame> read_sheet_csv(std::string_view text, std::string_view file) {
    text = checked_utf8(text, file);
    // Line ends of old Macs (a lone CR): with no LF anywhere, every CR ends a line.
    if (text.find('\n') == std::string_view::npos && text.find('\r') != std::string_view::npos) {
        std::string lines(text);
        std::replace(lines.begin(), lines.end(), '\r', '\n');
        return SheetReader(lines, file).read();
    }
    return SheetReader(text, file).read();
}

std::string write_sheet_csv(const std::vector<RecordedGame>& games) {
    if (games.empty()) return "";
    check_writable(games);
    const RecordedGame& game = games.front();
    bool teams = false;
    bool notes = false;
    for (const RecordedHand& h : game.hands) {
        teams = teams || h.sheet.teams[0] || h.sheet.teams[1];
        notes = notes || !h.annotations.empty();
    }
    std::vector<ColumnKind> wanted = {ColumnKind::Hand, ColumnKind::Dealer, ColumnKind::Bid,
                                      ColumnKind::SeatTricks};
    if (teams) wanted.push_back(ColumnKind::TeamTricks);
    if (notes) wanted.push_back(ColumnKind::Note);
    std::vector<std::string> header;
    for (const Column& c : kColumns) {
        if (std::find(wanted.begin(), wanted.end(), c.kind) != wanted.end()) {
            header.emplace_back(c.name);
        }
    }
    std::string out = write_details(game) + spell_row(header);
    for (std::size_t h = 0; h < game.hands.size(); ++h) {
        const RecordedHand& hand = game.hands[h];
        std::array<std::string, 4> bids;
        for (std::size_t b = 0; b < hand.bids.size() && b < 4; ++b) {
            bids[index(next(hand.dealer, static_cast<int>(b) + 1))] = to_string(hand.bids[b]);
        }
        std::vector<std::string> cells = {std::to_string(h + 1), seat_letter(hand.dealer)};
        cells.insert(cells.end(), bids.begin(), bids.end());
        for (Seat s : kAllSeats) cells.push_back(count_cell(hand.sheet.seats[index(s)]));
        if (teams) {
            for (Team t : kAllTeams) cells.push_back(count_cell(hand.sheet.teams[index(t)]));
        }
        if (notes) cells.push_back(hand.annotations.empty() ? "" : hand.annotations[0].comment);
        out += spell_row(cells);
    }
    return out;
}

}  // namespace spadework::formats
