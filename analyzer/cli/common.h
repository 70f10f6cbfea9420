// What several subcommands share: rule sets given by preset name or file, the --db option,
// and GAME arguments that name a library id or a file.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spadework/engine/record.h"
#include "spadework/engine/scoring.h"
#include "spadework/formats/library.h"

namespace CLI {
class App;
}

namespace spadework::cli {

// Comma-list option readers. Each error names the option, the value and its position.
std::optional<int> to_int(std::string_view text);
[[noreturn]] void bad_value(std::string_view option, std::string_view value, std::size_t i,
                            std::string_view why);
void expect_four(std::string_view option, const std::vector<std::string>& values);
// --bids in seat order N,E,S,W.
std::array<Bid, 4> read_bids(const std::vector<std::string>& values);
// --score NS=208,EW=-40 and --bags NS=8,EW=0: the standings before a hand.
Standings read_standings(const std::vector<std::string>& score,
                         const std::vector<std::string>& bags, const RuleSet& rules);

// A preset name or a RuleSet .textproto file, with key=value overrides applied, checked.
RuleSet load_rules_with(std::string_view name_or_path, const std::vector<std::string>& overrides);

// --db PATH, defaulting to the library in $XDG_DATA_HOME.
void add_db_option(CLI::App* cmd, std::string& db);
// --rules NAME|FILE (its default shown) and --rule KEY=VALUE (repeatable), as load_rules_with
// reads them.
void add_rules_options(CLI::App* cmd, std::string& rules, std::vector<std::string>& overrides);
formats::Library open_library(const std::string& db);

// A game named on the command line.
struct LoadedGame {
    std::string label;  // "library game 12", "games.spades game 2"
    RecordedGame game;
    std::optional<int> hand;                    // 0-based, when the argument named one
    std::optional<formats::GameId> library_id;  // when the argument named a library game
};

// GAME[:HAND]: a library id ("12", "12:3"), or a file ("f.spades", "f.spades:3"), where a
// file of several games takes @N to pick one ("f.spades@2:3"); without @N every game of the
// file is returned. Throws Error saying what was not found.
std::vector<LoadedGame> load_game_arg(std::string_view text, const std::string& db);

}  // namespace spadework::cli
