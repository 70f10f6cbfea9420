// Hostile and unusual input files, each with the exact outcome expected (issue 8): the files
// in tests/data/bad/, and inputs made here that are too large or too many to commit (every
// prefix of a file, a 10 MB line, a million games). A reader refuses bad content with a
// FormatError that says where and what, and reads a file that is merely unusual (a BOM, CRLF
// line ends, unknown tags, unknown fields of a newer schema in a .pb). It never crashes and
// never throws anything else.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <set>
#include <sstream>

#include "bad_sheets.h"
#include "spadework/formats/error.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "spadework/formats/proto_io.h"
#include "spadework/formats/text_log.h"
#include "support/workspace.h"

using namespace spadework;
using namespace spadework::formats;
namespace fs = std::filesystem;

namespace {

const fs::path kBad = SPADEWORK_BAD_DATA;
const fs::path kSamples = SPADEWORK_SAMPLES;

// What reading a file of tests/data/bad/ gives: the error's text with the folder left out of
// the file's path, or "" when it reads. Rule set files (rules-*.textproto) are read as rule
// sets.
std::string outcome(const std::string& name) {
    try {
        if (name.rfind("rules-", 0) == 0 && fs::path(name).extension() == ".textproto") {
            load_rules((kBad / name).string());
        } else {
            read_game_file(kBad / name);
        }
        return "";
    } catch (const FormatError& e) {
        std::string what = e.what();
        std::string dir = kBad.string() + "/";
        return what.rfind(dir, 0) == 0 ? what.substr(dir.size()) : what;
    }
}

// The games of every sample, five in all.
std::vector<RecordedGame> sample_games() {
    std::vector<RecordedGame> games;
    for (const char* name : {"classic", "casual", "computer", "leaflet", "paperless"}) {
        for (RecordedGame& g :
             read_game_file(kSamples / "games" / (std::string(name) + ".spades"))) {
            games.push_back(std::move(g));
        }
    }
    return games;
}

// The game every file here is made from: the first hand of the classic sample's game.
RecordedGame base_game() {
    RecordedGame game = read_game_file(kSamples / "games" / "classic.spades").at(0);
    game.hands.resize(1);
    return game;
}

struct Refused {
    const char* file;
    const char* error;  // exactly, with file:line:col
};

// Each message was checked by hand to point at the fault: the line and column of the byte
// or token at fault, or, for a .pb, the game, hand and bid or card (or the byte offset of a
// damaged message). A .spades fault that an earlier line explains names that line as well
// (issue 18): the deal, pass or exchange that put a card elsewhere, the trick that played it
// already, the rule set that forbids a bid, the first of two tags or lines.
const Refused kRefused[] = {
    {"bad-card-word.spades", "bad-card-word.spades:17:15: expected a card, got '3X'"},
    {"bid-14.spades",
     "bid-14.spades:16:8: E bids 14: bid 14 is out of range: bids are nil or 1..13 (under the "
     "rule set given at line 9)"},
    {"bid-huge-number.spades", "bid-huge-number.spades:16:8: expected a bid, got '99999999999'"},
    {"bid-negative.spades", "bid-negative.spades:16:8: expected a bid, got '-1'"},
    {"bid-out-of-turn.spades", "bid-out-of-turn.spades:16:6: S bids out of turn: E is next to bid"},
    {"bid-over-max-computer.spades",
     "bid-over-max-computer.spades:16:8: E bids 11: bid 11 is out of range: bids are nil or 1..10 "
     "(under the rule set given at line 9)"},
    {"bid-word.spades", "bid-word.spades:16:8: expected a bid, got 'four'"},
    // A line cut after a seat ("bids N") must not read as a nil.
    {"bid-seat-letter.spades",
     "bid-seat-letter.spades:16:8: expected a bid, got 'N' (a seat; a nil is written nil, "
     "North's bid N:4)"},
    {"bids-short-then-trick.spades",
     "bids-short-then-trick.spades:17:1: trick 1 before the bidding is complete (the 'bids' line "
     "at line 16 holds 3 of the 4 bids)"},
    {"blind-nil-forbidden.spades",
     "blind-nil-forbidden.spades:16:12: S bids bnil: these rules have no blind nil bid (under the "
     "rule set given at line 9)"},
    // A date written as a day the calendar does not have (2026 is no leap year).
    {"date-not-a-day.spades",
     "date-not-a-day.spades:3:8: the date '2026.02.29' is not a day of the calendar: February "
     "2026 has 28 days"},
    {"date-not-a-day.textproto",
     "date-not-a-day.textproto:6:1: game 1, date: the date '2026.04.31' is not a day of the "
     "calendar: April 2026 has 30 days"},
    // A date that is no date: the commands' date filters could never compare it.
    {"date-not-a-date.spades",
     "date-not-a-date.spades:3:8: the date '2026-11-21x' is not a date: expected YYYY-MM-DD or "
     "YYYY.MM.DD, e.g. 2026-11-21 (?? for a part not known, as in 2026.11.?"
     "?)"},
    {"date-not-a-date.textproto",
     "date-not-a-date.textproto:6:1: game 1, date: the date 'yesterday' is not a date: expected "
     "YYYY-MM-DD or YYYY.MM.DD, e.g. 2026-11-21 (?? for a part not known, as in 2026.11.?"
     "?)"},
    {"card-exchanged-away.spades",
     "card-exchanged-away.spades:18:9: trick 1: 4D played by S, who does not hold it (S gives it "
     "to N in the exchange at line 17)"},
    {"card-not-held.spades",
     "card-not-held.spades:17:15: trick 1: 7D played by N, who does not hold it (the deal at line "
     "15 gives it to E)"},
    {"card-not-in-deck.spades",
     "card-not-in-deck.spades:17:6: trick 1: 2S played by E, who does not hold it (no hand of the "
     "deal at line 15 holds it)"},
    {"card-passed-away.spades",
     "card-passed-away.spades:18:6: trick 1: AD played by E, who does not hold it (E passes it to "
     "W at line 16)"},
    {"card-played-twice.spades",
     "card-played-twice.spades:19:6: trick 3: AD was played already (in trick 1, at line 17)"},
    {"cards-before-bids.spades",
     "cards-before-bids.spades:16:1: trick 1 before the bidding is complete"},
    {"claim-after-last-trick.spades",
     "claim-after-last-trick.spades:30:1: a claim after the last trick (the last trick played, "
     "trick 13, is at line 29)"},
    {"claim-mid-trick.spades",
     "claim-mid-trick.spades:29:1: a claim comes after a complete trick, but trick 12 has 2 cards "
     "(trick 12 is at line 28)"},
    {"claim-too-many.spades",
     "claim-too-many.spades:28:1: the claim shares 4 tricks, but 2 are left to play (the last "
     "trick played, trick 11, is at line 27)"},
    {"cut-utf8.spades",
     "cut-utf8.spades:30:10: byte 0xE2 is not UTF-8 text (Latin-1 or another code page?); save the "
     "file as UTF-8"},
    {"deal-48-in-classic.spades",
     "deal-48-in-classic.spades:15:8: deal gives N 12 cards, not 13 (under the rule set given at "
     "line 9)"},
    {"deal-after-bids.spades",
     "deal-after-bids.spades:17:1: tag [Deal] after the play of hand 1 began (at line 16)"},
    {"deal-bad-card.spades", "deal-bad-card.spades:15:47: 'X' is not a rank"},
    {"deal-three-hands.spades", "deal-three-hands.spades:15:60: a deal has four hands, this one 3"},
    {"dealer-twice.spades",
     "dealer-twice.spades:15:1: [Dealer] given twice in hand 1 (first at line 14)"},
    {"dealer-unknown.spades", "dealer-unknown.spades:14:10: unknown seat 'X' (N, E, S or W)"},
    {"duplicate-card.spades", "duplicate-card.spades:15:47: QS is dealt twice"},
    {"exchange-card-not-held.spades",
     "exchange-card-not-held.spades:17:10: S does not hold 7D (the deal at line 15 gives it to E)"},
    {"exchange-without-blind-nil.spades",
     "exchange-without-blind-nil.spades:17:21: no blind nil exchange in this hand, but N gives KD "
     "QD JD (the bids at line 16 call for none)"},
    {"five-bids.spades", "five-bids.spades:16:24: a fifth bid: each player bids once"},
    {"five-cards.spades", "five-cards.spades:17:18: a fifth card in trick 1"},
    {"fourteen-cards.spades", "fourteen-cards.spades:15:8: deal gives N 14 cards, not 13"},
    {"fourteenth-trick.spades",
     "fourteenth-trick.spades:30:4: a card after the last trick (the last trick played, trick 13, "
     "is at line 29)"},
    {"garbage-word.spades",
     "garbage-word.spades:17:1: expected a tag, a comment or a line of play (pass, bids, exchange, "
     "a trick number or claim), got 'lorem'"},
    {"hand-glyph-twice.spades",
     "hand-glyph-twice.spades:18:1: a second glyph on the same hand (the first is at line 17)"},
    {"hand-number-skipped.spades",
     "hand-number-skipped.spades:31:8: hand numbered 3 after hand 1 (hand 1 starts at line 13)"},
    {"hand-numbered-2.spades", "hand-numbered-2.spades:13:8: the first hand is numbered 1, not 2"},
    // A JSON file's faults are placed as the text format's are (issue 18): those protobuf
    // finds at the value it names, those found after (a card, a seat, a rule) at the value
    // at fault, in the words of the other readers.
    {"json-bid-wrong-seat.json",
     "json-bid-wrong-seat.json:56:14: game 1, hand 1, bid 1: the bid is by S, but it was E's "
     "turn: bids go clockwise from the dealer's left"},
    {"json-camel-case-wrong-type.json",
     "json-camel-case-wrong-type.json:15:16: rules.pass_cards: \"two\" is not a whole number from "
     "-2147483648 to 2147483647"},
    {"json-deal-bad-card.json",
     "json-deal-bad-card.json:53:59: game 1, hand 1, deal: 'X' is not a rank"},
    {"json-dealer-not-a-seat.json",
     "json-dealer-not-a-seat.json:52:14: game 1, hand 1: dealer: 7 is not a seat (0-3)"},
    {"json-duplicate-card.json",
     "json-duplicate-card.json:75:6: game 1, hand 1, card 9: trick 3: AD was played already"},
    {"json-enum-unknown.json",
     "json-enum-unknown.json:52:14: hands[0].dealer: \"NORTHEAST\" is not one of NORTH, EAST, "
     "SOUTH or WEST"},
    {"json-extra-key-in-hand.json",
     "json-extra-key-in-hand.json:53:4: hands[0].shuffled_by: no such field (misspelt, or from a "
     "newer version of Spadework?)"},
    {"json-extra-key.json",
     "json-extra-key.json:6:2: weather: no such field (misspelt, or from a newer version of "
     "Spadework?)"},
    {"json-key-twice.json", "json-key-twice.json:14:15: rules.deck: given twice"},
    {"json-list-second-game.json",
     "json-list-second-game.json:143:16: game 2, hand 1: dealer: 7 is not a seat (0-3)"},
    {"json-nil-with-tricks.json",
     "json-nil-with-tricks.json:61:16: game 1, hand 1, bid 2: a nil bid of 1 tricks: nil is no "
     "tricks"},
    {"json-not-an-object.json",
     "json-not-an-object.json:1:1: a game file holds one JSON object, { ... }"},
    {"json-number-out-of-range.json",
     "json-number-out-of-range.json:57:16: hands[0].bids[0].tricks: 99999999999 is not a whole "
     "number from -2147483648 to 2147483647"},
    {"json-object-for-value.json",
     "json-object-for-value.json:52:14: hands[0].dealer: an object where a single value belongs"},
    {"json-oneof-twice.json",
     "json-oneof-twice.json:38:29: rules.loss_limit_none: only one of loss_limit_value or "
     "loss_limit_none may be given"},
    {"json-rules-deck-50.json",
     "json-rules-deck-50.json:14:11: game 1, rules: rule deck: '50' is not one of 52|48"},
    {"json-trailing-garbage.json",
     "json-trailing-garbage.json:90:1: more text after the game's closing '}'"},
    {"json-trick-bad-card.json",
     "json-trick-bad-card.json:76:13: game 1, hand 1, card 15: 'T' is not a card: no suit after "
     "the rank"},
    {"json-truncated.json", "json-truncated.json:39:19: text with no closing double quote"},
    {"json-unknown-field-in-rules.json",
     "json-unknown-field-in-rules.json:15:3: rules.trumps: no such field (misspelt, or from a "
     "newer version of Spadework?)"},
    {"json-utf16.json",
     "json-utf16.json: the file is UTF-16 text (it starts with a UTF-16 byte order mark); save it "
     "as UTF-8"},
    {"json-wrong-type.json",
     "json-wrong-type.json:5:11: table: a list where a single value belongs"},
    {"latin1-name.spades",
     "latin1-name.spades:8:11: byte 0xE9 is not UTF-8 text (Latin-1 or another code page?); save "
     "the file as UTF-8"},
    {"nil-forbidden.spades",
     "nil-forbidden.spades:16:12: S bids nil: these rules have no nil bid (under the rule set "
     "given at line 9)"},
    {"no-deal.spades",
     "no-deal.spades:13:1: hand 1 has no [Deal] tag "
     "(a game kept without its cards, bids and tricks only, is a score sheet: add "
     "[Record \"score sheet\"] to its tags)"},
    {"no-dealer.spades", "no-dealer.spades:13:1: hand 1 has no [Dealer] tag"},
    {"nul-byte.spades",
     "nul-byte.spades:4:10: a NUL byte: the file is binary or UTF-16, not UTF-8 text"},
    {"overlong-utf8.spades",
     "overlong-utf8.spades:2:13: byte 0xC0 is not UTF-8 text (Latin-1 or another code page?); save "
     "the file as UTF-8"},
    {"pass-card-not-dealt.spades",
     "pass-card-not-dealt.spades:16:6: E was not dealt KD and cannot pass it (the deal at line 15 "
     "gives it to N)"},
    {"pass-without-passes.spades",
     "pass-without-passes.spades:16:6: these rules have no pass, but E passes AS 7H (under the "
     "rule set given at line 9)"},
    {"pb-bad-length.pb",
     "pb-bad-length.pb: game 1 (at byte 0) is damaged: its length does not read"},
    {"pb-bid-out-of-range.pb",
     "pb-bid-out-of-range.pb: game 1, hand 1, bid 1: a bid of -1 tricks: bids are nil or 1..13"},
    {"pb-cut-short.pb",
     "pb-cut-short.pb: game 2 (at byte 539) is cut short: 259 of its 533 bytes are there"},
    {"pb-fourteen-cards.pb",
     "pb-fourteen-cards.pb: game 1, hand 1, deal: deal gives N 14 cards, not 13"},
    {"pb-garbage.pb",
     "pb-garbage.pb: game 1 (at byte 0) is damaged: its 116 bytes are not a Game message"},
    {"pb-huge-length.pb",
     "pb-huge-length.pb: game 1 (at byte 0) is cut short: 10 of its 2147483647 bytes are there"},
    {"pb-illegal-second-game.pb",
     "pb-illegal-second-game.pb: game 2, hand 1, card 9: trick 3: AD was played already"},
    {"pb-text-log.pb",
     "pb-text-log.pb: game 1 (at byte 0) is damaged: its 91 bytes are not a Game message"},
    {"pb-trailing-byte.pb",
     "pb-trailing-byte.pb: game 2 (at byte 539) is cut short: 0 of its 5 bytes are there"},
    {"pb-wrong-type-event.pb",
     "pb-wrong-type-event.pb: game 1 (at byte 0) is damaged: field 1 (event) of Game has the wrong "
     "wire type for a string"},
    {"pb-wrong-type-in-bid.pb",
     "pb-wrong-type-in-bid.pb: game 1 (at byte 0) is damaged: hands[0].bids[0]: field 2 (tricks) "
     "of Bid has the wrong wire type for a int32"},
    {"player-twice.spades",
     "player-twice.spades:9:1: [North] given twice in this game (first at line 5)"},
    {"png-header.spades",
     "png-header.spades:1:1: byte 0x89 is not UTF-8 text (Latin-1 or another code page?); save the "
     "file as UTF-8"},
    {"rules-bad-enum.textproto",
     "rules-bad-enum.textproto:31:9: Unknown enumeration value of \"SUDDEN_DEATH\" for field "
     "\"on_tie\"."},
    {"rules-bad-value.spades",
     "rules-bad-value.spades:9:17: rule bag_limit: 'lots' is not a whole number"},
    {"rules-deck-50.textproto", "rules-deck-50.textproto:5:1: rule deck: '50' is not one of 52|48"},
    {"rules-inconsistent.spades",
     "rules-inconsistent.spades:9:9: rule set: pass_cards=14 must be 0..12"},
    {"rules-loss-above-target.textproto",
     "rules-loss-above-target.textproto:29:1: rule set: loss_limit must be below target"},
    {"rules-out-of-range.spades",
     "rules-out-of-range.spades:9:17: rule bag_limit: '99999999999' is out of range: a rule's "
     "number is from -100000 to 100000"},
    {"rules-pass-too-large.textproto",
     "rules-pass-too-large.textproto:6:1: rule set: pass_cards=14 must be 0..12"},
    {"rules-unknown-field.textproto",
     "rules-unknown-field.textproto:27:1: unknown field 'bag_limt' (misspelt, or from a newer "
     "version of Spadework?)"},
    {"rules-unknown-key.spades",
     "rules-unknown-key.spades:9:17: no rule named 'bag_limt' (rules: deck, pass_cards, max_bid, "
     "nil, both_nil, blind_nil, blind_nil_exchange, spades_lead, spades_break, first_lead, "
     "bid_trick_points, overtrick_points, exact_points, over_points, failed_contract, set_points, "
     "nil_tricks, nil_points, blind_nil_points, nil_failed, honours_points, bag_limit, "
     "bag_penalty, target, loss_limit, hand_limit, on_tie, overtime_target, both_nil_scoring, "
     "mercy, early_bag_limit, early_bag_penalty, bags_after_penalty, big_contract, "
     "big_contract_factor, big_contract_bonus, boston_points, min_team_bid, below_min_team_bid, "
     "bidding, nil_max_spades, blind_behind, blind_bid_min, blind_bid_exchange, "
     "blind_bid_factor, max_team_bid, both_nil_tricks, end_bonus, jokers, jokers_out, "
     "deuces_high)"},
    {"rules-unknown-preset.spades",
     "rules-unknown-preset.spades:9:9: no rule set named 'klassic' (presets: classic, casual, "
     "computer, leaflet, paperless, openspiel)"},
    {"second-bids-line.spades",
     "second-bids-line.spades:17:1: hand 1 has a second 'bids' line (the first is at line 16)"},
    {"short-trick-then-more.spades",
     "short-trick-then-more.spades:18:1: trick 1 has only 3 cards (only the last trick may be "
     "unfinished; trick 1 is at line 17)"},
    {"site-twice.spades",
     "site-twice.spades:3:1: [Site] given twice in this game (first at line 2)"},
    {"surrogate-utf8.spades",
     "surrogate-utf8.spades:11:2: byte 0xED is not UTF-8 text (Latin-1 or another code page?); "
     "save the file as UTF-8"},
    {"tag-outside-game.spades",
     "tag-outside-game.spades:1:1: tag [Site] outside a game (a game starts with its [Event] tag)"},
    {"tag-without-value.spades",
     "tag-without-value.spades:4:7: expected a quoted value after the tag name Table"},
    {"tp-bid-out-of-range.textproto",
     "tp-bid-out-of-range.textproto:45:21: game 1, hand 1, bid 1: a bid of 14 tricks: bids are nil "
     "or 1..13"},
    {"tp-duplicate-card.textproto",
     "tp-duplicate-card.textproto:51:12: game 1, hand 1, card 9: trick 3: AD was played already"},
    {"tp-enum-unknown.textproto",
     "tp-enum-unknown.textproto:43:11: Unknown enumeration value of \"NORTHEAST\" for field "
     "\"dealer\"."},
    {"tp-fourteen-cards.textproto",
     "tp-fourteen-cards.textproto:44:3: game 1, hand 1, deal: deal gives N 14 cards, not 13"},
    {"tp-int-overflow.textproto",
     "tp-int-overflow.textproto:45:29: Integer out of range (99999999999)"},
    {"tp-latin1.textproto",
     "tp-latin1.textproto:8:71: byte 0xE9 is not UTF-8 text (Latin-1 or another code page?); save "
     "the file as UTF-8"},
    {"tp-truncated.textproto",
     "tp-truncated.textproto:47:15: Expected integer or identifier, got: the end of the file"},
    {"tp-unknown-field.textproto",
     "tp-unknown-field.textproto:8:1: unknown field 'weather' (misspelt, or from a newer version "
     "of Spadework?)"},
    {"tp-wrong-type.textproto", "tp-wrong-type.textproto:7:8: Expected string, got: 1"},
    {"trick-after-claim.spades",
     "trick-after-claim.spades:30:1: the trick line out of order: it follows the 'claim' line at "
     "line 29 (a hand goes pass, bids, exchange, tricks, claim)"},
    {"trick-number-skipped.spades",
     "trick-number-skipped.spades:19:1: trick numbered 4 after trick 2 (trick 2 is at line 18)"},
    {"truncated-in-card.spades", "truncated-in-card.spades:22:9: expected a card, got 'K'"},
    {"truncated-in-comment.spades",
     "truncated-in-comment.spades:11:1: unterminated comment: no '}' before the end of the file"},
    {"truncated-in-deal.spades",
     "truncated-in-deal.spades:15:7: unterminated quote: no closing '\"' on this line"},
    {"twelve-cards.spades", "twelve-cards.spades:15:8: deal gives N 12 cards, not 13"},
    {"two-clubs-not-led.spades",
     "two-clubs-not-led.spades:17:6: trick 1: E must lead the 2C to the first trick (under the "
     "rule set given at line 9)"},
    {"two-clubs-wrong-leader.spades",
     "two-clubs-wrong-leader.spades:17:3: leader given as N but E leads the first trick (the "
     "holder of 2C leads under the rule set given at line 9)"},
    {"unknown-escape.spades",
     "unknown-escape.spades:4:10: unknown escape in a quoted value (write \\\", \\\\ or \\n)"},
    {"unknown-tag-in-hand.spades",
     "unknown-tag-in-hand.spades:15:1: tag [Scorer] inside hand 1 (game tags come before the first "
     "[Hand], and hand 1 starts at line 13)"},
    {"unterminated-comment.spades",
     "unterminated-comment.spades:11:1: unterminated comment: no '}' before the end of the file"},
    {"unterminated-quote.spades",
     "unterminated-quote.spades:4:8: unterminated quote: no closing '\"' on this line"},
    {"utf16be-bom.spades",
     "utf16be-bom.spades: the file is UTF-16 text (it starts with a UTF-16 byte order mark); save "
     "it as UTF-8"},
    {"utf16le-bom.spades",
     "utf16le-bom.spades: the file is UTF-16 text (it starts with a UTF-16 byte order mark); save "
     "it as UTF-8"},
    {"utf16le-no-bom.spades",
     "utf16le-no-bom.spades:1:2: a NUL byte: the file is binary or UTF-16, not UTF-8 text"},
    {"wrong-first-leader.spades",
     "wrong-first-leader.spades:17:3: leader given as S but E leads the first trick (the dealer, "
     "N, is given at line 14)"},
    {"wrong-leader.spades",
     "wrong-leader.spades:18:3: leader given as W but E won the previous trick (trick 1 is at line "
     "17)"},
    // The apps' formats (issue 21).
    {"openspiel-dealt-twice.openspiel",
     "openspiel-dealt-twice.openspiel:1:5: 8D (19) is dealt twice (first at column 1)"},
    {"openspiel-not-an-id.openspiel",
     "openspiel-not-an-id.openspiel:1:9: 'x' is not an action id: OpenSpiel's ids are 0..51 "
     "(cards) and 52..65 (nil, bids of 1..13)"},
    {"openspiel-short-deal.openspiel",
     "openspiel-short-deal.openspiel:1:6: the line stops in the deal: 3 of OpenSpiel's 52 deal "
     "actions"},
    {"ptn-bad-bid.ptn",
     "ptn-bad-bid.ptn:10:18: 'lots' is not a bid: a number of tricks, Nil, Blind Nil or Blind N "
     "(B6)"},
    {"ptn-joker-deck.ptn", "ptn-joker-deck.ptn:8:23: 2H is not in the 52-card deck"},
    {"ptn-no-record.ptn", "ptn-no-record.ptn: no PTN record ([Event], [Deal], [Auction], [Play])"},
    {"ptn-played-twice.ptn",
     "ptn-played-twice.ptn:13:1: AD is played twice (first at line 12, column 1)"},
    {"ptn-wrong-leader.ptn", "ptn-wrong-leader.ptn:11:8: the first trick is led by S, not W"},
};

}  // namespace

TEST_CASE("Every broken file is refused with its exact error", "[bad]") {
    for (const Refused& r : kRefused) {
        INFO(r.file);
        REQUIRE(fs::exists(kBad / r.file));
        CHECK(outcome(r.file) == r.error);
    }
}

TEST_CASE("Unusual but sound files read as the game they hold", "[bad]") {
    const RecordedGame base = base_game();
    // Line ends, byte order marks and encodings that change nothing of the game.
    for (const char* file :
         {"bom.spades", "crlf.spades", "bom-crlf.spades", "cr-only.spades",
          "mixed-line-ends.spades", "no-final-newline.spades", "tp-bom.textproto",
          "tp-crlf.textproto", "json-bom.json", "pb-bare-game.pb", "pb-unknown-field.pb",
          "pb-unknown-field-in-hand.pb"}) {
        INFO(file);
        std::vector<RecordedGame> games = read_game_file(kBad / file);
        REQUIRE(games.size() == 1);
        CHECK(games[0] == base);
    }
    // Tags the format does not name are kept as metadata, in order, repeats included.
    RecordedGame tagged = base;
    tagged.tags.insert(tagged.tags.end(),
                       {{"Weather", "rain"}, {"Scorer", "Ann"}, {"Scorer", "Bob"}});
    CHECK(read_game_file(kBad / "unknown-tags.spades") == std::vector{tagged});
    RecordedGame named = base;
    named.players[3] = "Zo\xc3\xab \xe2\x99\xa0 \xe6\x9d\x8e";  // "Zoë ♠ 李"
    CHECK(read_game_file(kBad / "utf8-names.spades") == std::vector{named});
    // No games at all.
    for (const char* file : {"empty.spades", "only-notes.spades", "pb-empty.pb"}) {
        INFO(file);
        CHECK(read_game_file(kBad / file).empty());
    }
    // An [Event] with nothing after it is a game with no hands.
    std::vector<RecordedGame> two = read_game_file(kBad / "event-twice-empty-game.spades");
    REQUIRE(two.size() == 2);
    CHECK(two[0].event == "first");
    CHECK(two[0].hands.empty());
    CHECK(two[1] == base);
    // A revoke (South ruffs trick 2 holding clubs) is kept as played, and flagged; the record
    // stops after that trick.
    std::vector<RecordedGame> revoked = read_game_file(kBad / "revoke.spades");
    REQUIRE(revoked.size() == 1);
    REQUIRE(revoked[0].hands.size() == 1);
    CHECK(revoked[0].hands[0].cards.size() == 8);
    CHECK(revoked[0].hands[0].cards[5] == parse_card("2S"));
    std::vector<RecordedIrregularity> flagged = check_game(revoked[0]);
    REQUIRE(flagged.size() == 1);
    CHECK(flagged[0].card == 5);
    CHECK(flagged[0].what == "trick 2: S did not follow suit with ♣ in hand (revoke): played 2S");
    // So is a spade led before spades were broken.
    std::vector<RecordedGame> early = read_game_file(kBad / "spade-led-unbroken.spades");
    REQUIRE(early.size() == 1);
    flagged = check_game(early[0]);
    REQUIRE(flagged.size() == 1);
    CHECK(flagged[0].card == 0);
    CHECK(flagged[0].what == "trick 1: E led 3S before spades were broken");
    // Cut off in the middle of trick 5: an unfinished hand, its first 18 cards.
    std::vector<RecordedGame> cut = read_game_file(kBad / "truncated-in-trick.spades");
    REQUIRE(cut.size() == 1);
    REQUIRE(cut[0].hands.size() == 1);
    CHECK(cut[0].hands[0].cards ==
          std::vector<Card>(base.hands[0].cards.begin(), base.hands[0].cards.begin() + 18));
}

TEST_CASE("The bad input corpus holds at least 60 files and each is in a table", "[bad]") {
    std::set<std::string> listed;
    for (const Refused& r : kRefused) listed.insert(r.file);
    for (const char* file : {"bom.spades",
                             "crlf.spades",
                             "bom-crlf.spades",
                             "cr-only.spades",
                             "mixed-line-ends.spades",
                             "no-final-newline.spades",
                             "tp-bom.textproto",
                             "tp-crlf.textproto",
                             "json-bom.json",
                             "pb-bare-game.pb",
                             "pb-unknown-field.pb",
                             "pb-unknown-field-in-hand.pb",
                             "unknown-tags.spades",
                             "utf8-names.spades",
                             "empty.spades",
                             "only-notes.spades",
                             "pb-empty.pb",
                             "event-twice-empty-game.spades",
                             "truncated-in-trick.spades",
                             "revoke.spades",
                             "spade-led-unbroken.spades"}) {
        listed.insert(file);
    }
    for (const testing::SheetRefused& r : testing::kSheetRefused) listed.insert(r.file);
    for (const char* file : testing::kSheetSound) listed.insert(file);
    int files = 0;
    for (const auto& entry : fs::directory_iterator(kBad)) {
        ++files;
        INFO(entry.path().filename().string());
        CHECK(listed.count(entry.path().filename().string()) == 1);
    }
    CHECK(files >= 60);
}

namespace {

// Reads `content` as `kind`; a FormatError is a refusal, anything else fails the test.
std::optional<std::vector<RecordedGame>> read_or_refuse(FileKind kind, const std::string& content) {
    try {
        return parse_games(kind, content, "cut");
    } catch (const FormatError& e) {
        // Every refusal names the file first.
        CHECK(std::string(e.what()).rfind("cut", 0) == 0);
        return std::nullopt;
    }
}

// A read of a prefix is valid when it is a shorter version of the whole: no more games, each
// with no more hands, and each hand's cards a prefix of the whole hand's.
bool shorter_version(const std::vector<RecordedGame>& part,
                     const std::vector<RecordedGame>& whole) {
    if (part.size() > whole.size()) return false;
    for (std::size_t g = 0; g < part.size(); ++g) {
        if (part[g].hands.size() > whole[g].hands.size()) return false;
        for (std::size_t h = 0; h < part[g].hands.size(); ++h) {
            const auto& a = part[g].hands[h].cards;
            const auto& b = whole[g].hands[h].cards;
            if (a.size() > b.size() || !std::equal(a.begin(), a.end(), b.begin())) return false;
            if (part[g].hands[h].deal != whole[g].hands[h].deal) return false;
        }
    }
    return true;
}

}  // namespace

TEST_CASE("Every prefix of a file is refused or reads as a shorter version of it", "[bad]") {
    // The smallest sample, in each kind: every byte boundary of it.
    const std::vector<RecordedGame> whole = read_game_file(kSamples / "games" / "paperless.spades");
    for (FileKind kind : {FileKind::TextLog, FileKind::Pb, FileKind::TextProto, FileKind::Json}) {
        std::string content = format_games(kind, whole);
        INFO(std::string(extension_of(kind)) << " of " << content.size() << " bytes");
        REQUIRE(read_or_refuse(kind, content) == whole);
        int reads = 0;
        for (std::size_t n = 0; n < content.size(); ++n) {
            INFO("the first " << n << " bytes");
            if (auto games = read_or_refuse(kind, content.substr(0, n))) {
                ++reads;
                CHECK(shorter_version(*games, whole));
            }
        }
        // A text log cut after a complete line still reads; the other kinds hardly ever do.
        if (kind == FileKind::TextLog) CHECK(reads > 100);
    }
}

TEST_CASE("A 10 MB line is read or refused without quoting all of it", "[bad]") {
    const std::string base = write_text_log({base_game()});
    const std::string huge(10 << 20, 'x');
    // A comment of 10 MB is a comment.
    std::string commented = base;
    commented.insert(commented.find("[Hand"), "{" + huge + "}\n");
    std::vector<RecordedGame> games = read_text_log(commented, "long.spades");
    REQUIRE(games.size() == 1);
    CHECK(games[0].comment.size() == base_game().comment.size() + 1 + huge.size());
    // A word of 10 MB is not a line of play; the message shows its start and its size.
    std::string worded = base + huge + "\n";
    int line = 1 + static_cast<int>(std::count(base.begin(), base.end(), '\n'));
    CHECK_THROWS_WITH(read_text_log(worded, "long.spades"),
                      "long.spades:" + std::to_string(line) +
                          ":1: expected a tag, a comment or a line of play (pass, bids, "
                          "exchange, a trick number or claim), got '" +
                          std::string(40, 'x') + "...' (10485760 bytes)");
    // The same in a tag's value: an event of 10 MB is read.
    std::string tagged = "[Event \"" + huge + "\"]\n";
    REQUIRE(read_text_log(tagged, "long.spades").at(0).event == huge);
}

TEST_CASE("A million games are read one by one and refused whole", "[bad]") {
    testing::Workspace ws("spadework-bad");
    const std::string path = ws.file("million.spades");
    {
        std::ofstream out(path, std::ios::binary);
        for (int g = 0; g < 1000000; ++g) out << "[Event \"" << g << "\"]\n";
    }
    // Game by game (as an import reads it), every one is there, in order.
    int count = 0;
    int out_of_place = 0;
    for_each_game(path, [&](RecordedGame&& game) {
        out_of_place += game.event == std::to_string(count) && game.hands.empty() ? 0 : 1;
        ++count;
    });
    CHECK(count == 1000000);
    CHECK(out_of_place == 0);
    // Whole, the file is refused with the limit rather than held in memory.
    CHECK_THROWS_WITH(read_game_file(path),
                      path +
                          ": more than 100000 games, too many to hold at once (import the "
                          "file: it is read game by game)");
}

TEST_CASE("A .pb stream is read game by game from a stream as it is whole", "[bad]") {
    const std::vector<RecordedGame> whole = sample_games();
    std::string bytes = write_pb(whole);
    std::istringstream in(bytes);
    std::vector<RecordedGame> streamed;
    for_each_pb_game(in, "s.pb", [&](RecordedGame&& g) { streamed.push_back(std::move(g)); });
    CHECK(streamed == whole);
    // A damaged game after good ones: the good ones were handed over, then the error.
    std::string cut = bytes.substr(0, bytes.size() - 1);
    std::istringstream cut_in(cut);
    std::vector<RecordedGame> before;
    CHECK_THROWS_WITH(
        for_each_pb_game(cut_in, "s.pb", [&](RecordedGame&& g) { before.push_back(std::move(g)); }),
        Catch::Matchers::StartsWith("s.pb: game " + std::to_string(whole.size()) + " (at byte "));
    CHECK(before.size() == whole.size() - 1);
    // The same error as reading it whole.
    CHECK_THROWS_WITH(read_pb(cut, "s.pb"),
                      Catch::Matchers::StartsWith("s.pb: game " + std::to_string(whole.size())));
}

TEST_CASE("A .pb import reads game by game and stores nothing of a damaged file", "[bad]") {
    testing::Workspace ws("spadework-bad");
    const std::vector<RecordedGame> games = sample_games();
    REQUIRE(games.size() >= 2);
    std::string bytes = write_pb(games);
    const std::string cut = ws.file("cut.pb");
    const std::string whole = ws.file("whole.pb");
    std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() - 10);
    std::ofstream(whole, std::ios::binary) << bytes;

    Library library(ws.db);
    // The games before the damage were read and stored in the transaction, then rolled back.
    CHECK_THROWS_WITH(library.import_file(cut),
                      Catch::Matchers::StartsWith(cut + ": game " + std::to_string(games.size()) +
                                                  " (at byte ") &&
                          Catch::Matchers::Contains("is cut short"));
    CHECK(library.count_games() == 0);
    ImportResult first = library.import_file(whole);
    CHECK(first.games_added == static_cast<int>(games.size()));
    int hands = 0;
    for (const RecordedGame& g : games) hands += static_cast<int>(g.hands.size());
    CHECK(first.hands_added == hands);
    CHECK(library.count_hands() == hands);
    for (std::size_t g = 0; g < games.size(); ++g)
        CHECK(library.load_game(first.ids[g]) == games[g]);
    // Again: every game is already there.
    ImportResult again = library.import_file(whole);
    CHECK(again.games_added == 0);
    CHECK(again.games_already_there == static_cast<int>(games.size()));
}
