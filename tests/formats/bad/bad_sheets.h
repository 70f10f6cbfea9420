// The score-sheet files of tests/data/bad/ (sheet-*): each broken one with its exact error
// (file:line:col and what), and the sound ones. test_bad_sheets.cpp reads them; the corpus test
// of test_bad_inputs.cpp holds every file of the folder to one of its tables.
#pragma once

namespace spadework::testing {

struct SheetRefused {
    const char* file;
    const char* error;
};

// Each message was checked by hand to point at the cell, tag, line or field at fault.
inline constexpr SheetRefused kSheetRefused[] = {
    {"sheet-bad-rules.csv", "sheet-bad-rules.csv:6:7: rule set: target must be positive"},
    {"sheet-bid-out-of-turn.csv",
     "sheet-bid-out-of-turn.csv:7:8: S bids, but E, whose turn comes first, has no bid (the "
     "bidding goes round from the dealer's left)"},
    {"sheet-bid-word.csv",
     "sheet-bid-word.csv:7:5: expected a bid (a number, nil or bnil), got 'four'"},
    {"sheet-blind-nil-forbidden.csv",
     "sheet-blind-nil-forbidden.csv:8:9: S bids bnil: these rules have no blind nil bid (under the "
     "rule set given at line 6)"},
    {"sheet-deal.spades",
     "sheet-deal.spades:6:1: a score sheet has no deal, but hand 1 gives one (the game is a score "
     "sheet by its [Record] tag at line 2)"},
    {"sheet-dealer-unknown.csv", "sheet-dealer-unknown.csv:7:3: unknown seat 'X' (N, E, S or W)"},
    {"sheet-date-not-a-date.csv",
     "sheet-date-not-a-date.csv:2:6: the date '11/21/2026' is not a date: expected YYYY-MM-DD or "
     "YYYY.MM.DD, e.g. 2026-11-21 (?? for a part not known, as in 2026.11.?"
     "?)"},
    {"sheet-date-not-a-day.csv",
     "sheet-date-not-a-day.csv:2:6: the date '2026-02-30' is not a day of the calendar: February "
     "2026 has 28 days"},
    {"sheet-detail-twice.csv", "sheet-detail-twice.csv:6:1: 'north' given twice (first at line 2)"},
    {"sheet-extra-cell.csv",
     "sheet-extra-cell.csv:7:24: a cell beyond the last column of the header (line 6)"},
    {"sheet-hand-skipped.csv",
     "sheet-hand-skipped.csv:8:1: hand numbered 3 after hand 1 (at line 7)"},
    {"sheet-latin1.csv",
     "sheet-latin1.csv:2:10: byte 0xE9 is not UTF-8 text (Latin-1 or another code page?); save the "
     "file as UTF-8"},
    {"sheet-nil-in-total.csv",
     "sheet-nil-in-total.csv:8:19: S bid nil, so S's own tricks are needed beside NS's total (a "
     "nil is made or failed by its bidder alone)"},
    {"sheet-nil-in-total.textproto",
     "sheet-nil-in-total.textproto:8:11: game 1, hand 1, tricks of S: S bid nil, so S's own tricks "
     "are needed beside NS's total (a nil is made or failed by its bidder alone)"},
    {"sheet-no-header.csv",
     "sheet-no-header.csv:6:1: no header row: a score sheet names its columns in a row that starts "
     "with 'hand' (hand,N_bid,E_bid,S_bid,W_bid,N_tricks,E_tricks,S_tricks,W_tricks)"},
    {"sheet-record-unknown.spades",
     "sheet-record-unknown.spades:2:10: [Record] is \"score sheet\" (a game of bids and tricks, no "
     "cards) or \"full\", not 'scores only'"},
    {"sheet-team-disagrees.csv",
     "sheet-team-disagrees.csv:7:19: N and S took 5 tricks between them, but NS's total is 6"},
    {"sheet-trick-line.spades",
     "sheet-trick-line.spades:7:1: the trick line in a score sheet, which has no cards (the game "
     "is a score sheet by its [Record] tag at line 2)"},
    {"sheet-tricks-in-full.spades",
     "sheet-tricks-in-full.spades:7:1: a 'tricks' line belongs to a score sheet (a game tagged "
     "[Record \"score sheet\"]); this game records its cards trick by trick"},
    {"sheet-tricks-short.csv",
     "sheet-tricks-short.csv:8:13: the tricks add up to 12, not 13: a hand of these rules has 13 "
     "(under classic rules, as the sheet has no 'rules' row)"},
    {"sheet-tricks-short.spades",
     "sheet-tricks-short.spades:8:1: the tricks add up to 13, not 12: a hand of these rules has 12 "
     "(under the rule set given at line 2)"},
    {"sheet-tricks-word.csv",
     "sheet-tricks-word.csv:7:19: expected a number of tricks, got 'zero'"},
    {"sheet-unfinished-middle.csv",
     "sheet-unfinished-middle.csv:7:1: hand 1 is unfinished, but more hands follow it"},
    {"sheet-unknown-column.csv",
     "sheet-unknown-column.csv:6:73: unknown column 'points': the columns are hand, dealer, N_bid, "
     "E_bid, S_bid, W_bid, N_tricks, E_tricks, S_tricks, W_tricks, NS_tricks, EW_tricks, note"},
    {"sheet-unterminated-quote.csv",
     "sheet-unterminated-quote.csv:1:7: unterminated quote: no closing '\"' before the end of the "
     "file"},
    {"sheet-utf16.csv",
     "sheet-utf16.csv: the file is UTF-16 text (it starts with a UTF-16 byte order mark); save it "
     "as UTF-8"},
};

// Read as the game they hold: a spreadsheet's CSV (a BOM, semicolons, CRLF, padding), and an
// empty file (no game).
inline constexpr const char* kSheetSound[] = {"sheet-spreadsheet.csv", "sheet-empty.csv"};

}  // namespace spadework::testing
