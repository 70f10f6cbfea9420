// `spadework delete ID...` and `spadework edit ID --player N=Name --date D --event E --notes T`:
// the library's housekeeping. Each runs in one transaction: an id that is not there, or an
// edit that does not apply, changes nothing.
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "common.h"
#include "spadework/analyzer/library_stores.h"
#include "spadework/engine/error.h"

namespace spadework::cli {
namespace {

struct DeleteOptions {
    std::vector<std::string> ids;
    std::string db;
};

void run_delete(const DeleteOptions& opts) {
    std::vector<formats::GameId> ids;
    for (const std::string& text : opts.ids) {
        const formats::GameId id = parse_library_game_arg("delete", text);
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
    }
    formats::Library library = open_existing_library(opts.db);
    library.delete_games(ids);
    std::string list;
    for (formats::GameId id : ids) list += (list.empty() ? "" : ", ") + std::to_string(id);
    fmt::print("{} deleted ({}), with {} reviews\n",
               analyzer::count_of(static_cast<long long>(ids.size()), "game"), list,
               ids.size() == 1 ? "its" : "their");
}

struct EditOptions {
    std::string id;
    std::vector<std::string> players;
    std::string date;
    std::string event;
    std::string notes;
    bool date_given = false;
    bool event_given = false;
    bool notes_given = false;
    std::string db;
};

formats::GameEdit read_edit(const EditOptions& opts) {
    formats::GameEdit edit;
    for (const std::string& p : opts.players) {
        const auto eq = p.find('=');
        if (eq == std::string::npos) {
            throw UsageError(
                fmt::format("--player '{}': expected SEAT=NAME, SEAT one of N, E, S, W", p));
        }
        const Seat seat = seat_option("--player", p.substr(0, eq));
        auto& slot = edit.players[static_cast<std::size_t>(index(seat))];
        if (slot) {
            throw UsageError(fmt::format("--player: seat {} is given twice", seat_char(seat)));
        }
        slot = p.substr(eq + 1);
    }
    if (opts.date_given) edit.date = opts.date;
    if (opts.event_given) edit.event = opts.event;
    if (opts.notes_given) edit.notes = opts.notes;
    if (edit.empty()) {
        throw UsageError("edit: nothing to change: give --player, --date, --event or --notes");
    }
    // The library refuses the same (bad input); given here, it is the command line's fault.
    if (auto why = edit.problem()) throw UsageError("edit: " + *why);
    return edit;
}

void run_edit(const EditOptions& opts) {
    const formats::GameId id = parse_library_game_arg("edit", opts.id);
    const formats::GameEdit edit = read_edit(opts);
    formats::Library library = open_existing_library(opts.db);
    const RecordedGame before = library.load_game(id);
    analyzer::edit_library_game(library, id, edit);
    const RecordedGame after = library.load_game(id);
    fmt::print("game {} edited\n", id);
    auto changed = [](std::string_view what, const std::string& was, const std::string& now) {
        if (was != now) fmt::print("  {}: '{}' -> '{}'\n", what, was, now);
    };
    for (Seat s : kAllSeats) {
        changed(seat_name(s), before.players[index(s)], after.players[index(s)]);
    }
    changed("date", before.date, after.date);
    changed("event", before.event, after.event);
    changed("notes", before.comment, after.comment);
}

}  // namespace

void add_housekeeping_commands(CLI::App& app) {
    auto del = std::make_shared<DeleteOptions>();
    CLI::App* cmd = app.add_subcommand(
        "delete", "Delete games from the library, with their reviews (all or none)");
    cmd->add_option("id", del->ids, "Library ids, as `spadework list` shows them")->required();
    add_db_option(cmd, del->db);
    cmd->callback([del] { run_delete(*del); });

    auto edit = std::make_shared<EditOptions>();
    cmd = app.add_subcommand("edit",
                             "Change a library game's players, date, event or notes; its deal, "
                             "bids, play and reviews stay as they are");
    cmd->add_option("id", edit->id, "A library id, as `spadework list` shows it")->required();
    cmd->add_option("--player", edit->players,
                    "SEAT=NAME: the player at a seat (N, E, S or W); NAME empty clears it. "
                    "Repeatable: --player N=Ann --player E=Bob");
    cmd->add_option("--date", edit->date, "The date: 2026-11-21 or 2026.11.21");
    cmd->add_option("--event", edit->event, "The event, as list and show name it");
    cmd->add_option("--notes", edit->notes,
                    "The notes about the game as a whole (its comment); \"\" clears them");
    add_db_option(cmd, edit->db);
    cmd->callback([edit, cmd] {
        // An empty value is a change (it clears the field), so "given" is read from CLI11.
        edit->date_given = cmd->count("--date") > 0;
        edit->event_given = cmd->count("--event") > 0;
        edit->notes_given = cmd->count("--notes") > 0;
        run_edit(*edit);
    });
}

}  // namespace spadework::cli
