// What several subcommands share: rule sets given by preset name or file, the --db option,
// and GAME arguments that name a library id or a file.
#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spadework/analyzer/hand_picture.h"
#include "spadework/analyzer/text.h"
#include "spadework/engine/record.h"
#include "spadework/engine/scoring.h"
#include "spadework/formats/dates.h"
#include "spadework/formats/library.h"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace spadework::cli {

// Comma-list option readers. Each error names the option, the value and its position.
std::optional<int> to_int(std::string_view text);
[[noreturn]] void bad_value(std::string_view option, std::string_view value, std::size_t i,
                            std::string_view why);
void expect_four(std::string_view option, const std::vector<std::string>& values);
// --bids in seat order N,E,S,W.
std::array<Bid, 4> read_bids(const std::vector<std::string>& values);
// --score NS=208,EW=-40 and --bags NS=8,EW=0: the standings before a hand, each value within
// 1,000,000 either way (a usage error naming it otherwise: the hand's points are added to it).
Standings read_standings(const std::vector<std::string>& score,
                         const std::vector<std::string>& bags, const RuleSet& rules);

// A rule set as --rules gives it (a preset, a RuleSet .textproto file or a house rule set by
// name, then key=value changes: see rules_arg.h), with the --rule overrides applied after,
// checked. A name that is none of these, and a change that does not apply, are usage errors
// (exit 2); a rule set file that does not read is bad input (exit 1).
RuleSet load_rules_with(std::string_view text, const std::vector<std::string>& overrides);

// The one reading of --rule KEY=VALUE, for every command that takes it: each applied to
// `rules` in order, and a key or value that does not apply is a UsageError naming the flag
// ("--rule bag_limit=abc: rule bag_limit: 'abc' is not a whole number").
void apply_rule_flags(RuleSet& rules, const std::vector<std::string>& overrides);
// `rules` with apply_rule_flags, then checked whole: a set the changes make wrong is a
// UsageError naming them too.
RuleSet with_rule_flags(RuleSet rules, const std::vector<std::string>& overrides);

// Refuses (a usage error) a file an option writes as `format` whose extension names another
// picture format: "--png hand.svg: the file's extension says svg, but --png writes png (a .png
// file)". Any other name is taken.
void check_picture_file(std::string_view option, const std::string& file,
                        analyzer::PictureFormat format);

// A seat flag's value (N, E, S or W, either case); a UsageError naming the option otherwise.
Seat seat_option(std::string_view option, std::string_view text);

// A calendar date, as --from/--to take it and as game records write it: the records' own
// (formats/dates.h), so --from, --to and edit's --date take what the records write.
using Date = formats::CalendarDate;
// "2026-11-21" or "2026.11.21", a day the calendar has; nothing otherwise (also for the
// "2026.??.??" of a record whose date is unknown).
inline std::optional<Date> parse_date(std::string_view text) {
    return formats::parse_calendar_date(text);
}
using formats::shown_date;  // "2026-11-21", whichever the record wrote (formats/dates.h)
// --from/--to's value; a UsageError naming the option and the forms it takes otherwise.
Date date_option(std::string_view option, std::string_view text);

// A table for the terminal: each column as wide as its widest cell, the header's included
// (counted in characters, not bytes: names may have accents), two spaces between columns, the
// last column not padded.
struct TextColumn {
    std::string header;
    bool right = false;  // right-aligned (numbers)
};
class TextTable {
  public:
    explicit TextTable(std::vector<TextColumn> columns) : columns_(std::move(columns)) {}
    void add(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
    bool empty() const { return rows_.empty(); }
    // The header line, then a line per row, each ending in a newline.
    std::string str() const;

  private:
    std::vector<TextColumn> columns_;
    std::vector<std::vector<std::string>> rows_;
};

// Refuses (a usage error) an option's whole number below `least`, in words: CLI11's own
// NonNegativeNumber names the range up to the largest double.
CLI::Option* at_least(CLI::Option* option, int least);
// The option's value must lie from `least` to `most`, both included, a whole number or any
// number by the bounds' type; the refusal names the option and the range, not the parser's
// "Value 0 not in range".
CLI::Option* within(CLI::Option* option, int least, int most);
CLI::Option* within(CLI::Option* option, double least, double most);
// A name to match (a player's, an event's): a blank one would match everything, so it is bad
// usage, as any wrong value is.
CLI::Option* not_blank(CLI::Option* option);

// The entries of an option's comma-separated value ("3,nil,4,3"): an empty entry (",,", a
// comma at either end) is bad usage, naming the option. A value without a comma is one entry,
// blank or not, for the option to judge in its own words.
std::vector<std::string> comma_entries(std::string_view option, const std::string& text);
// A comma-separated list option (--bids 3,nil,4,3), in one argument or several, split by
// comma_entries: CLI11's own delimiter drops an empty entry ("3,,4,3" read as three bids).
CLI::Option* add_list_option(CLI::App* cmd, const std::string& name,
                             std::vector<std::string>& values, const std::string& help);

// --db PATH, defaulting to the library in $XDG_DATA_HOME.
void add_db_option(CLI::App* cmd, std::string& db);
// --rules NAME|FILE (its default shown) and --rule KEY=VALUE (repeatable), as load_rules_with
// reads them.
void add_rules_options(CLI::App* cmd, std::string& rules, std::vector<std::string>& overrides);
// --rule KEY=VALUE alone (repeatable), for commands whose --rules takes several rule sets.
void add_rule_override_option(CLI::App* cmd, std::vector<std::string>& overrides);
// The library --db names, or the default one when it is empty.
std::filesystem::path library_path(const std::string& db);
// The same, when a library is there; an Error naming the path and how to make one otherwise.
std::filesystem::path existing_library_path(const std::string& db);
// The library --db names, for a command that makes it when missing: an Error when --db names
// a folder that is not there (a mistyped path; the default library's folder is made).
std::filesystem::path library_to_make(const std::string& db, std::string_view option = "--db");
// Opens the library, creating it when missing (library_to_make): for commands that add to it
// (import).
formats::Library open_library(const std::string& db);
// Opens a library that exists; an Error naming the path when there is none, so a mistyped
// --db is said rather than answered from a new empty library (which it would leave behind).
formats::Library open_existing_library(const std::string& db);

// --player TEXT: the library's player names equal to TEXT ignoring case, or when none is,
// every name that begins with it ignoring case ("ann" finds Ann and Annika, "Ann" alone when
// there is an Ann). When the names are not just TEXT, says on stderr which matched, or that
// none did (then the list is empty; with `none_is_error`, an Error saying so instead, for a
// command that has nothing to show without a player).
// `option` is the flag named in what is said (--player, or analyze's --trend).
std::vector<std::string> match_players(const formats::Library& library, std::string_view text,
                                       bool none_is_error = false,
                                       std::string_view option = "--player");

// A GAME argument as written, before anything is read:
//   ID          a library game          ("12")
//   FILE        every game of a file    ("f.spades")
//   FILE@N      the Nth game of a file  ("f.spades@2")
//   X:HAND      any of these, one hand  ("12:3", "f.spades@2:3")
//   FOLDER      every game file under it (only where a command takes folders: view)
// An existing file whose name looks like another form ("12", "a:3") is that file.
struct GameRef {
    enum class Kind { LibraryId, File, Folder };
    std::string text;  // as given, for messages
    Kind kind = Kind::File;
    formats::GameId id = 0;          // LibraryId
    std::filesystem::path path;      // File, Folder
    std::optional<int> game_number;  // FILE@N, 1-based
    std::optional<int> hand_number;  // :HAND, 1-based
};

// Parses a GAME argument. Throws UsageError saying what is malformed (an N or HAND that is not
// a number from 1, @N on a library id or a folder, :HAND on a folder, a folder where
// `folders` is false), and Error when it names no file and is no library id.
GameRef parse_game_arg(std::string_view text, bool folders = false);

// A GAME argument where a command takes a whole library game only (delete, edit): read by
// parse_game_arg, so an argument means what it means to `show` and is refused the same way
// (an id the library lacks is said when the library is read, exit 1); a file, FILE@N or :HAND
// is a UsageError naming `command`.
formats::GameId parse_library_game_arg(std::string_view command, std::string_view text);

// The hand a command is to show, 1-based: GAME's :HAND or --hand N (0 when not given), not
// both (a UsageError naming them).
std::optional<int> chosen_hand(std::string_view game, std::optional<int> game_hand, int flag);

// --rules and --rule where a command reads games from a file (import, show, convert, analyze):
// the rules the games were played under, in place of those the file gives or its reader
// worked out (a PTN record's options, say). --rules replaces them; each --rule changes one key
// of what --rules, or else the file, gives.
struct PlayedUnder {
    std::string rules;
    std::vector<std::string> overrides;
    bool given() const { return !rules.empty() || !overrides.empty(); }
    // A UsageError for a --rules or --rule that no game could take (a key or value not known),
    // before any game is read.
    void check() const;
    // Sets the game's rules and checks it replays under them: an Error naming `label` and what
    // does not fit.
    void apply(RecordedGame& game, std::string_view label) const;
};
void add_played_under_options(CLI::App* cmd, PlayedUnder& played);

// A game named on the command line.
struct LoadedGame {
    std::string label;  // "library game 12", "games.spades game 2"
    RecordedGame game;
    std::optional<int> hand;                    // 0-based, when the argument named one
    std::optional<formats::GameId> library_id;  // when the argument named a library game
};

// The games a GAME argument names (parse_game_arg, no folders): one library game, or a file's
// games (all of them, or game N). Throws UsageError as parse_game_arg does, and Error saying
// what was not found (no such game or hand).
// With `played` given, a file's games take those rules (PlayedUnder::apply); a library game
// keeps the rules it was imported under (a UsageError says so).
std::vector<LoadedGame> load_game_arg(std::string_view text, const std::string& db,
                                      const PlayedUnder& played = {});

// Refuses a score sheet (bids and tricks, no cards) where a command needs the deal: an Error
// "LABEL is a score sheet (bids and tricks only): it has no deal to VERB", then `hint`.
void require_deal(const LoadedGame& loaded, std::string_view verb, std::string_view hint = "");

}  // namespace spadework::cli
