#include "common.h"

#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <charconv>
#include <filesystem>

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

std::optional<int> to_number(std::string_view text) {
    int n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || n < 0) return {};
    return n;
}

bool is_file(std::string_view text) {
    std::error_code ec;
    return std::filesystem::exists(std::filesystem::path(std::string(text)), ec);
}

// Splits "X:N" into X and N when N is a number and X stands alone (a number or a file).
std::pair<std::string_view, std::optional<int>> split_hand(std::string_view text) {
    auto colon = text.rfind(':');
    if (colon == std::string_view::npos) return {text, std::nullopt};
    auto hand = to_number(text.substr(colon + 1));
    std::string_view head = text.substr(0, colon);
    if (!hand ||
        (!to_number(head) && !is_file(head) && !is_file(head.substr(0, head.rfind('@'))))) {
        return {text, std::nullopt};
    }
    return {head, *hand};
}

std::optional<int> hand_index(std::optional<int> number, const RecordedGame& game,
                              const std::string& label) {
    if (!number) return std::nullopt;
    if (*number < 1 || *number > static_cast<int>(game.hands.size())) {
        throw Error(fmt::format("{} has {} hand{}: there is no hand {}", label, game.hands.size(),
                                game.hands.size() == 1 ? "" : "s", *number));
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
// a comma list is easy to miscount.
[[noreturn]] void bad_value(std::string_view option, std::string_view value, std::size_t i,
                            std::string_view why) {
    throw Error(fmt::format("{}: '{}' ({} value) {}", option, value, ordinal(i + 1), why));
}

void expect_four(std::string_view option, const std::vector<std::string>& values) {
    if (values.size() != 4) {
        throw Error(fmt::format("{}: expected 4 values in seat order N,E,S,W, got {}", option,
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
        auto n = to_int(std::string_view(v).substr(eq + 1));
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

RuleSet load_rules_with(std::string_view name_or_path, const std::vector<std::string>& overrides) {
    RuleSet rules = formats::load_rules(name_or_path);
    for (const std::string& o : overrides) apply_override(rules, o);
    check_rules(rules);
    return rules;
}

void add_db_option(CLI::App* cmd, std::string& db) {
    cmd->add_option("--db", db,
                    "The game library (default: $XDG_DATA_HOME/spadework/library.sqlite)");
}

void add_rules_options(CLI::App* cmd, std::string& rules, std::vector<std::string>& overrides) {
    cmd->add_option("--rules", rules,
                    "A preset (see `spadework rules`) or a RuleSet .textproto file")
        ->capture_default_str()
        ->type_name("NAME|FILE");
    cmd->add_option("--rule", overrides, "Override one rule, as key=value (repeatable)")
        ->allow_extra_args(false)
        ->type_name("KEY=VALUE");
}

formats::Library open_library(const std::string& db) {
    return formats::Library(db.empty() ? formats::default_library_path()
                                       : std::filesystem::path(db));
}

std::vector<LoadedGame> load_game_arg(std::string_view text, const std::string& db) {
    auto [head, hand] = split_hand(text);

    // A library id.
    if (auto id = to_number(head); id && !is_file(head)) {
        formats::Library library = open_library(db);
        if (!library.game_summary(*id)) {
            throw Error(fmt::format("no game {} in the library {}", *id, library.path().string()));
        }
        LoadedGame loaded{fmt::format("library game {}", *id), library.load_game(*id), {}, *id};
        loaded.hand = hand_index(hand, loaded.game, loaded.label);
        return {std::move(loaded)};
    }

    // A file, maybe with @N.
    std::string file(head);
    std::optional<int> game_number;
    if (!is_file(file)) {
        auto at = file.rfind('@');
        if (at != std::string::npos && is_file(file.substr(0, at))) {
            game_number = to_number(std::string_view(file).substr(at + 1));
            if (!game_number) throw Error(fmt::format("'{}': expected FILE@N", file));
            file = file.substr(0, at);
        } else {
            throw Error(fmt::format("'{}' is neither a game id in the library nor a file", text));
        }
    }
    std::vector<RecordedGame> games = formats::read_game_file(file);
    std::vector<LoadedGame> out;
    for (std::size_t i = 0; i < games.size(); ++i) {
        if (game_number && static_cast<int>(i) + 1 != *game_number) continue;
        LoadedGame loaded{games.size() == 1 ? file : fmt::format("{} game {}", file, i + 1),
                          std::move(games[i]),
                          {},
                          {}};
        loaded.hand = hand_index(hand, loaded.game, loaded.label);
        out.push_back(std::move(loaded));
    }
    if (out.empty()) {
        throw Error(game_number ? fmt::format("{} has {} game(s): there is no game {}", file,
                                              games.size(), *game_number)
                                : fmt::format("{} holds no game", file));
    }
    return out;
}

}  // namespace spadework::cli
