// `spadework show` and `spadework convert`: one game or hand as text, and a file in another
// format.
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "commands.h"
#include "common.h"
#include "spadework/analyzer/diagram.h"
#include "spadework/formats/game_file.h"

namespace spadework::cli {
namespace {

struct ShowOptions {
    std::string game;
    std::string db;
};

void run_show(const ShowOptions& opts) {
    auto games = load_game_arg(opts.game, opts.db);
    bool first = true;
    for (const LoadedGame& loaded : games) {
        if (!first) fmt::print("\n");
        first = false;
        if (games.size() > 1) fmt::print("== {}\n", loaded.label);
        if (loaded.hand) {
            require_deal(loaded, "show",
                         " (`spadework show` without :HAND shows its bids and tricks)");
            fmt::print("{}", analyzer::hand_diagram(loaded.game, *loaded.hand));
        } else {
            fmt::print("{}", analyzer::game_table(loaded.game));
        }
    }
}

struct ConvertOptions {
    std::string in;
    std::string out;
    std::string db;
};

void run_convert(const ConvertOptions& opts) {
    if (!formats::file_kind(opts.out)) {
        throw Error(fmt::format("{}: unknown output kind: expected {}", opts.out,
                                formats::extension_list()));
    }
    // Any GAME form but :HAND: a file records whole games.
    if (parse_game_arg(opts.in).hand_number) {
        throw UsageError(
            fmt::format("convert {}: a game file holds whole games; drop the :HAND", opts.in));
    }
    std::vector<RecordedGame> games;
    for (LoadedGame& loaded : load_game_arg(opts.in, opts.db)) {
        games.push_back(std::move(loaded.game));
    }
    formats::write_game_file(opts.out, games);
    fmt::print("{}: {} game{} written\n", opts.out, games.size(), games.size() == 1 ? "" : "s");
}

}  // namespace

void add_show_commands(CLI::App& app) {
    auto show = std::make_shared<ShowOptions>();
    CLI::App* cmd = app.add_subcommand(
        "show", "Show a game as a table of hands, or one hand as a diagram (GAME:HAND)");
    cmd->add_option("game", show->game,
                    "A library id or a file, with :HAND for one hand and FILE@N for game N of "
                    "a file (12, 12:3, games.spades@2:3)")
        ->required();
    add_db_option(cmd, show->db);
    cmd->callback([show] { run_show(*show); });

    auto convert = std::make_shared<ConvertOptions>();
    cmd =
        app.add_subcommand("convert",
                           "Write games to a file of the format its extension names: a game file's "
                           "games, one of them (FILE@N) or a library game (ID)");
    cmd->add_option("in", convert->in, "A game file, FILE@N for its Nth game, or a library id")
        ->required();
    cmd->add_option("out", convert->out,
                    "The file to write, by extension: " + formats::format_list())
        ->required();
    add_db_option(cmd, convert->db);
    cmd->callback([convert] { run_convert(*convert); });
}

}  // namespace spadework::cli
