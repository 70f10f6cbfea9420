#include "common.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>

#include "spadework/engine/error.h"
#include "spadework/formats/dates.h"
#include "spadework/formats/error.h"
#include "spadework/formats/game_file.h"

namespace spadework::cli {

std::optional<int> to_int(std::string_view text) {
    int n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return {};
    return n;
}

namespace {

// A whole number from 1, as @N and :HAND take.
std::optional<int> to_count(std::string_view text) {
    auto n = to_int(text);
    if (!n || *n < 1) return {};
    return n;
}

bool all_digits(std::string_view text) {
    return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

bool exists(std::string_view text) {
    std::error_code ec;
    return !text.empty() && std::filesystem::exists(std::filesystem::path(std::string(text)), ec);
}

// Whether `head` (a GAME argument without :HAND) could stand alone: a library id, a path, or
// a path with @N. A colon after anything else is part of a name.
bool stands_alone(std::string_view head) {
    auto at = head.rfind('@');
    return all_digits(head) || exists(head) ||
           (at != std::string_view::npos &&
            (exists(head.substr(0, at)) || all_digits(head.substr(0, at))));
}

// ID, FILE, FOLDER or FILE@N, without :HAND.
GameRef parse_game_head(std::string_view text, std::string_view head) {
    GameRef ref;
    ref.text = std::string(text);
    auto at = head.rfind('@');
    std::string_view name = head;
    if (!exists(head) && at != std::string_view::npos) {
        name = head.substr(0, at);
        std::string_view n = head.substr(at + 1);
        if (all_digits(name) && !exists(name)) {
            throw UsageError(fmt::format(
                "GAME '{}': @N picks a game of a file; a library id names one game already", text));
        }
        if (!exists(name)) {
            throw Error(fmt::format("'{}' is neither a game id in the library nor a file", text));
        }
        ref.game_number = to_count(n);
        if (!ref.game_number) {
            throw UsageError(fmt::format(
                "GAME '{}': expected FILE@N, N a game number from 1, not '{}'", text, n));
        }
    }
    if (exists(name)) {
        ref.path = std::string(name);
        std::error_code ec;
        if (std::filesystem::is_directory(ref.path, ec)) ref.kind = GameRef::Kind::Folder;
        return ref;
    }
    if (all_digits(name)) {
        auto id = to_int(name);
        if (!id) throw UsageError(fmt::format("GAME '{}': the game id is too large", text));
        ref.kind = GameRef::Kind::LibraryId;
        ref.id = *id;
        return ref;
    }
    throw Error(fmt::format("'{}' is neither a game id in the library nor a file", text));
}

}  // namespace

GameRef parse_game_arg(std::string_view text, bool folders) {
    if (text.empty()) throw UsageError("GAME is empty: give a library id, a file or FILE@N");
    std::string_view head = text;
    std::optional<std::string_view> hand;
    auto colon = text.rfind(':');
    if (!exists(text) && colon != std::string_view::npos && stands_alone(text.substr(0, colon))) {
        head = text.substr(0, colon);
        hand = text.substr(colon + 1);
    }
    GameRef ref = parse_game_head(text, head);
    if (hand) {
        ref.hand_number = to_count(*hand);
        if (!ref.hand_number) {
            throw UsageError(fmt::format(
                "GAME '{}': expected GAME:HAND, HAND a hand number from 1, not '{}'", text, *hand));
        }
    }
    if (ref.kind == GameRef::Kind::Folder) {
        if (!folders) {
            throw UsageError(fmt::format(
                "GAME '{}' is a folder: give a library id, a game file or FILE@N", text));
        }
        if (ref.game_number || ref.hand_number) {
            throw UsageError(fmt::format("GAME '{}': a folder takes neither @N nor :HAND", text));
        }
    }
    return ref;
}

formats::GameId parse_library_game_arg(std::string_view command, std::string_view text) {
    const GameRef ref = parse_game_arg(text);
    if (ref.kind != GameRef::Kind::LibraryId) {
        throw UsageError(fmt::format(
            "{}: '{}' is a file; {} takes the id of a library game, as `spadework list` "
            "shows it",
            command, text, command));
    }
    if (ref.hand_number) {
        throw UsageError(fmt::format("{}: '{}' names a hand; {} takes a whole game's id", command,
                                     text, command));
    }
    return ref.id;
}

std::optional<int> chosen_hand(std::string_view game, std::optional<int> game_hand, int flag) {
    if (game_hand && flag > 0) {
        throw UsageError(fmt::format("GAME '{}' names hand {} and --hand {} another: give one",
                                     game, *game_hand, flag));
    }
    if (flag > 0) return flag;
    return game_hand;
}

namespace {

std::optional<int> hand_index(std::optional<int> number, const RecordedGame& game,
                              const std::string& label) {
    if (!number) return std::nullopt;
    if (*number < 1 || *number > static_cast<int>(game.hands.size())) {
        throw Error(fmt::format(
            "{} has {}: there is no hand {}", label,
            analyzer::count_of(static_cast<long long>(game.hands.size()), "hand"), *number));
    }
    return *number - 1;
}

std::string ordinal(std::size_t n) {
    static const char* const kSuffix[] = {"th", "st", "nd", "rd"};
    std::size_t last = n % 10;
    bool teen = n % 100 >= 11 && n % 100 <= 13;
    return std::to_string(n) + (teen || last > 3 ? "th" : kSuffix[last]);
}

}  // namespace

// Each error of the comma-list readers names the option, the value and its position, since
// a comma list is easy to miscount. A value that does not read as what its option takes is bad
// usage (exit 2), as any malformed option value is.
[[noreturn]] void bad_value(std::string_view option, std::string_view value, std::size_t i,
                            std::string_view why) {
    throw UsageError(fmt::format("{}: '{}' ({} value) {}", option, value, ordinal(i + 1), why));
}

void expect_four(std::string_view option, const std::vector<std::string>& values) {
    if (values.size() != 4) {
        throw UsageError(fmt::format("{}: expected 4 values in seat order N,E,S,W, got {}", option,
                                     values.size()));
    }
}

std::array<Bid, 4> read_bids(const std::vector<std::string>& values) {
    expect_four("--bids", values);
    std::array<Bid, 4> bids;
    for (std::size_t i = 0; i < 4; ++i) {
        try {
            bids[i] = parse_bid(values[i]);
        } catch (const ParseError&) {
            // The engine's message repeats the value, which this one already quotes.
            bad_value("--bids", values[i], i, "is not a bid: expected a number, nil or bnil");
        }
    }
    return bids;
}

namespace {

// The most a --score or --bags value may be, either way.
constexpr int kStandingLimit = 1000000;

// "NS=208,EW=-40" into one field of the standings; a team left out keeps its 0.
void read_team_values(std::string_view option, const std::vector<std::string>& values,
                      Standings& standings, int TeamStanding::*field, bool allow_negative) {
    std::array<bool, 2> seen{};
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::string& v = values[i];
        auto eq = v.find('=');
        if (eq == std::string::npos) bad_value(option, v, i, "is not of the form NS=N or EW=N");
        Team team;
        try {
            team = parse_team(std::string_view(v).substr(0, eq));
        } catch (const ParseError&) {
            bad_value(option, v, i, "does not start with NS= or EW=");
        }
        if (seen[index(team)]) bad_value(option, v, i, "gives a partnership a second time");
        seen[index(team)] = true;
        const std::string_view number = std::string_view(v).substr(eq + 1);
        auto n = to_int(number);
        const bool digits =
            !number.empty() &&
            number.find_first_not_of("0123456789", number[0] == '-') == std::string_view::npos &&
            number != "-";
        // A hand's points are added to these: a value past any game's is refused, not
        // overflowed.
        if ((n && (*n > kStandingLimit || *n < -kStandingLimit)) || (!n && digits)) {
            bad_value(option, v, i,
                      fmt::format("is out of range: from {} to {}",
                                  allow_negative ? -kStandingLimit : 0, kStandingLimit));
        }
        if (!n || (!allow_negative && *n < 0)) {
            bad_value(option, v, i,
                      allow_negative ? "does not end in a number" : "does not end in a count");
        }
        standings[index(team)].*field = *n;
    }
}

}  // namespace

Standings read_standings(const std::vector<std::string>& score,
                         const std::vector<std::string>& bags, const RuleSet& rules) {
    Standings before{};
    read_team_values("--score", score, before, &TeamStanding::score, true);
    read_team_values("--bags", bags, before, &TeamStanding::bags, false);
    // A count at or over the limit would already have been paid for, so no game holds one.
    for (Team t : kAllTeams) {
        int bags = before[index(t)].bags;
        if (rules.bag_limit > 0 && bags >= rules.bag_limit) {
            throw Error(fmt::format("--bags: {}={} is not below bag_limit={}", team_name(t), bags,
                                    rules.bag_limit));
        }
    }
    return before;
}

void check_picture_file(std::string_view option, const std::string& file,
                        analyzer::PictureFormat format) {
    auto named = analyzer::picture_format_of(file);
    if (named && *named != format) {
        const std::string_view wanted = analyzer::picture_format_name(format);
        throw UsageError(fmt::format(
            "{} {}: the file's extension says {}, but {} writes {} (a "
            ".{} file)",
            option, file, analyzer::picture_format_name(*named), option, wanted, wanted));
    }
}

Seat seat_option(std::string_view option, std::string_view text) {
    try {
        return parse_seat(text);
    } catch (const ParseError&) {
        throw UsageError(
            fmt::format("{}: '{}' is not a seat: expected N, E, S or W", option, text));
    }
}

namespace {

std::size_t text_width(std::string_view text) {
    // UTF-8: every byte but a continuation byte (10xxxxxx) begins a character.
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

}  // namespace

std::string TextTable::str() const {
    std::vector<std::size_t> widths;
    for (const TextColumn& c : columns_) widths.push_back(text_width(c.header));
    for (const auto& row : rows_) {
        for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i) {
            widths[i] = std::max(widths[i], text_width(row[i]));
        }
    }
    auto line = [&](auto cell) {
        std::string out;
        for (std::size_t i = 0; i < columns_.size(); ++i) {
            const std::string& text = cell(i);
            const std::string pad(widths[i] - text_width(text), ' ');
            const bool last = i + 1 == columns_.size();
            if (i > 0) out += "  ";
            out += columns_[i].right ? pad + text : last ? text : text + pad;
        }
        out.erase(out.find_last_not_of(' ') + 1);
        return out + "\n";
    };
    static const std::string none;
    std::string out = line([&](std::size_t i) -> const std::string& { return columns_[i].header; });
    for (const auto& row : rows_) {
        out += line(
            [&](std::size_t i) -> const std::string& { return i < row.size() ? row[i] : none; });
    }
    return out;
}

Date date_option(std::string_view option, std::string_view text) {
    auto date = parse_date(text);
    // Shaped as a date, a day the calendar does not have: say why ("February 2026 has 28 days").
    if (!date && formats::written_as_day(text)) {
        throw UsageError(fmt::format("{}: {}", option, formats::not_a_day(text)));
    }
    if (!date) {
        throw UsageError(fmt::format(
            "{}: '{}' is not a date: expected YYYY-MM-DD or YYYY.MM.DD, e.g. 2026-11-21", option,
            text));
    }
    return *date;
}

CLI::Option* at_least(CLI::Option* option, int least) {
    return option->check(CLI::Validator(
        [least](std::string& text) -> std::string {
            auto n = to_int(text);
            if (n && *n >= least) return {};
            return fmt::format("'{}' is not a whole number from {}", text, least);
        },
        fmt::format("INT>={}", least)));
}

CLI::Option* within(CLI::Option* option, int least, int most) {
    return option->check(CLI::Validator(
        [least, most](std::string& text) -> std::string {
            auto n = to_int(text);
            if (n && *n >= least && *n <= most) return {};
            return fmt::format("'{}' is not a whole number from {} to {}", text, least, most);
        },
        fmt::format("{}..{}", least, most)));
}

CLI::Option* within(CLI::Option* option, double least, double most) {
    return option->check(CLI::Validator(
        [least, most](std::string& text) -> std::string {
            std::size_t used = 0;
            double x = 0;
            try {
                x = std::stod(text, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used == text.size() && used > 0 && x >= least && x <= most) return {};
            return fmt::format("'{}' is not a number from {} to {}", text, least, most);
        },
        fmt::format("{}..{}", least, most)));
}

CLI::Option* not_blank(CLI::Option* option) {
    return option->check(CLI::Validator(
        [](std::string& text) -> std::string {
            if (text.find_first_not_of(" \t") != std::string::npos) return {};
            return "a name is needed, not an empty one (leave the option out to match every one)";
        },
        "TEXT"));
}

std::vector<std::string> comma_entries(std::string_view option, const std::string& text) {
    if (text.find(',') == std::string::npos) return {text};
    std::vector<std::string> entries;
    for (std::size_t start = 0;;) {
        const std::size_t comma = text.find(',', start);
        std::string entry = text.substr(start, comma - start);
        if (entry.find_first_not_of(" \t") == std::string::npos) {
            throw UsageError(
                fmt::format("{}: an empty entry in '{}' (write the entries between single commas)",
                            option, text));
        }
        entries.push_back(std::move(entry));
        if (comma == std::string::npos) return entries;
        start = comma + 1;
    }
}

CLI::Option* add_list_option(CLI::App* cmd, const std::string& name,
                             std::vector<std::string>& values, const std::string& help) {
    auto split = [&values, name](const std::vector<std::string>& raw) {
        values.clear();
        for (const std::string& text : raw) {
            for (std::string& entry : comma_entries(name, text)) values.push_back(std::move(entry));
        }
    };
    return cmd->add_option_function<std::vector<std::string>>(name, split, help);
}

void add_db_option(CLI::App* cmd, std::string& db) {
    cmd->add_option("--db", db,
                    "The game library (default: $XDG_DATA_HOME/spadework/library.sqlite)");
}

void add_rules_options(CLI::App* cmd, std::string& rules, std::vector<std::string>& overrides) {
    cmd->add_option("--rules", rules,
                    "A preset (see `spadework rules`), a RuleSet .textproto file or a house rule "
                    "set saved in ~/.config/spadework/rules, then any key=value changes: "
                    "\"classic hand_limit=12\"")
        ->capture_default_str()
        ->type_name("NAME|FILE");
    add_rule_override_option(cmd, overrides);
}

void add_rule_override_option(CLI::App* cmd, std::vector<std::string>& overrides) {
    cmd->add_option("--rule", overrides, "Override one rule, as key=value (repeatable)")
        ->allow_extra_args(false)
        ->type_name("KEY=VALUE");
}

namespace {

// The folder a library named with --db would be in, when it is not there. A library named
// with --db is made when it is not there, but not its folder: a folder that is not there is a
// mistyped path, not one to make. The default library's folder is made.
std::optional<std::filesystem::path> missing_folder(const std::string& db,
                                                    const std::filesystem::path& path) {
    std::error_code ec;
    const std::filesystem::path folder = path.parent_path();
    if (db.empty() || folder.empty() || std::filesystem::is_directory(folder, ec)) {
        return std::nullopt;
    }
    return folder;
}

}  // namespace

std::filesystem::path library_to_make(const std::string& db, std::string_view option) {
    std::filesystem::path path = library_path(db);
    if (auto folder = missing_folder(db, path)) {
        throw Error(fmt::format("{} {}: there is no folder {} to keep the library in", option, db,
                                folder->string()));
    }
    return path;
}

formats::Library open_library(const std::string& db) {
    return formats::Library(library_to_make(db));
}

namespace {

char fold(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// Whether `name` begins with `prefix`, ignoring the case of ASCII letters.
bool starts_with_folded(std::string_view name, std::string_view prefix) {
    if (prefix.size() > name.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (fold(name[i]) != fold(prefix[i])) return false;
    }
    return true;
}

}  // namespace

std::filesystem::path library_path(const std::string& db) {
    return db.empty() ? formats::default_library_path() : std::filesystem::path(db);
}

std::filesystem::path existing_library_path(const std::string& db) {
    std::filesystem::path path = library_path(db);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        // The way to make one, which for a --db in a folder that is not there starts with the
        // folder (import makes the library, not the folder: library_to_make).
        if (auto folder = missing_folder(db, path)) {
            throw Error(
                fmt::format("there is no library at {}, nor its folder {}: make the "
                            "folder, then `spadework import FILE --db {}` makes the "
                            "library (or check the path)",
                            path.string(), folder->string(), db));
        }
        throw Error(fmt::format("there is no library at {}: `spadework import FILE{}` makes one",
                                path.string(), db.empty() ? "" : " --db " + db));
    }
    return path;
}

formats::Library open_existing_library(const std::string& db) {
    return formats::Library(existing_library_path(db));
}

std::vector<std::string> match_players(const formats::Library& library, std::string_view text,
                                       bool none_is_error, std::string_view option) {
    std::vector<std::string> equal;
    std::vector<std::string> begin;
    for (const formats::PlayerStats& p : library.player_stats()) {
        if (!starts_with_folded(p.name, text)) continue;
        (p.name.size() == text.size() ? equal : begin).push_back(p.name);
    }
    std::vector<std::string> names = equal.empty() ? begin : equal;
    if (names.empty()) {
        std::string none =
            fmt::format("{} '{}': no player's name is or begins with it", option, text);
        if (none_is_error) throw Error(none);
        fmt::print(stderr, "spadework: {}\n", none);
    } else if (names.size() > 1 || names[0] != text) {
        fmt::print(stderr, "spadework: {} '{}' matches {}\n", option, text, fmt::join(names, ", "));
    }
    return names;
}

void require_deal(const LoadedGame& loaded, std::string_view verb, std::string_view hint) {
    if (!loaded.game.score_sheet()) return;
    throw Error(fmt::format("{} is a score sheet (bids and tricks only): it has no deal to {}{}",
                            loaded.label, verb, hint));
}

void add_played_under_options(CLI::App* cmd, PlayedUnder& played) {
    cmd->add_option("--rules", played.rules,
                    "The rules the games were played under, in place of those the file gives: "
                    "a preset, a RuleSet .textproto file or a house rule set, then any key=value "
                    "changes")
        ->type_name("NAME|FILE");
    cmd->add_option("--rule", played.overrides,
                    "Change one rule of the games read, as key=value (repeatable)")
        ->allow_extra_args(false)
        ->type_name("KEY=VALUE");
}

namespace {

// The rules given applied to `read` (the file's): --rules in its place, then each --rule.
RuleSet played_rules(const PlayedUnder& played, const RuleSet& read) {
    RuleSet base = played.rules.empty() ? read : load_rules_with(played.rules, {});
    return with_rule_flags(std::move(base), played.overrides);
}

}  // namespace

void PlayedUnder::check() const {
    if (given()) played_rules(*this, preset("classic"));
}

void PlayedUnder::apply(RecordedGame& game, std::string_view label) const {
    if (!given()) return;
    const RuleSet base = played_rules(*this, game.rules);
    game.rules = base;
    try {
        check_game(game);
    } catch (const RecordError& e) {
        const std::string hand = e.hand() < 0 ? "" : fmt::format(", hand {}", e.hand() + 1);
        throw Error(fmt::format("{}{}: under the rules given ({}): {}", label, hand,
                                spell_rules(base), e.what()));
    }
}

std::vector<LoadedGame> load_game_arg(std::string_view text, const std::string& db,
                                      const PlayedUnder& played) {
    GameRef ref = parse_game_arg(text);
    played.check();
    if (played.given() && ref.kind == GameRef::Kind::LibraryId) {
        throw UsageError(fmt::format(
            "--rules and --rule set the rules of a game file's games; library game {} keeps the "
            "rules it was imported under (import its file again with --rules)",
            ref.id));
    }
    if (ref.kind == GameRef::Kind::LibraryId) {
        formats::Library library = open_existing_library(db);
        if (!library.game_summary(ref.id)) {
            throw Error(
                fmt::format("no game {} in the library {}", ref.id, library.path().string()));
        }
        LoadedGame loaded{
            fmt::format("library game {}", ref.id), library.load_game(ref.id), {}, ref.id};
        loaded.hand = hand_index(ref.hand_number, loaded.game, loaded.label);
        return {std::move(loaded)};
    }
    std::string file = ref.path.string();
    std::vector<RecordedGame> games = formats::read_game_file(ref.path);
    std::vector<LoadedGame> out;
    for (std::size_t i = 0; i < games.size(); ++i) {
        if (ref.game_number && static_cast<int>(i) + 1 != *ref.game_number) continue;
        LoadedGame loaded{games.size() == 1 ? file : fmt::format("{} game {}", file, i + 1),
                          std::move(games[i]),
                          {},
                          {}};
        played.apply(loaded.game, loaded.label);
        loaded.hand = hand_index(ref.hand_number, loaded.game, loaded.label);
        out.push_back(std::move(loaded));
    }
    if (out.empty()) {
        throw Error(ref.game_number ? fmt::format("{} has {}: there is no game {}", file,
                                                  analyzer::count_of(
                                                      static_cast<long long>(games.size()), "game"),
                                                  *ref.game_number)
                                    : fmt::format("{} holds no game", file));
    }
    return out;
}

}  // namespace spadework::cli
