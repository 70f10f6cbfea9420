// `spadework import`, `list` and `stats`: the game library from the command line.
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "commands.h"
#include "common.h"
#include "progress.h"
#include "rules_arg.h"
#include "spadework/analyzer/keeper_store.h"
#include "spadework/analyzer/lesson.h"
#include "spadework/formats/error.h"
#include "spadework/formats/game_file.h"

namespace spadework::cli {
namespace {

using nlohmann::ordered_json;

// ---------------------------------------------------------------------------------------
// import

struct ImportOptions {
    std::vector<std::string> paths;
    std::string db;
    PlayedUnder played;
};

struct ImportCounts {
    int games = 0;  // read from files that imported
    int failed = 0;
};

// Each file is its own transaction: a bad file imports nothing and the others still go in.
// A file's line is printed (and flushed) once its games are committed, so a run that is
// killed has said which files are in.
ImportCounts import_files(formats::Library& library,
                          const std::vector<std::filesystem::path>& files,
                          const PlayedUnder& played) {
    if (!library.migration_backup().empty()) {
        fmt::print("{}: updated to schema version {}; the library as it was is kept in {}\n",
                   library.path().string(), library.schema_version(),
                   library.migration_backup().string());
    }
    ImportCounts counts;
    int added = 0;
    int hands = 0;
    const int total = static_cast<int>(files.size());
    ProgressBar bar("importing " + analyzer::count_of(total, "file"));
    for (int done = 0; done < total; ++done) {
        const std::filesystem::path& file = files[static_cast<std::size_t>(done)];
        if (total > 1) bar.update(done, total);
        try {
            formats::ImportResult r =
                library.import_file(file, [&](RecordedGame& game, std::size_t i) {
                    // Tags and no hand: a record with nothing in it to keep (most likely cut
                    // short, or the wrong file), refused as an empty file is.
                    if (game.hands.empty()) {
                        throw Error(
                            fmt::format("{}: game {} has no hand (only its tags): a game "
                                        "to import needs at least one",
                                        file.string(), i + 1));
                    }
                    played.apply(game, fmt::format("{} game {}", file.string(), i + 1));
                });
            bar.clear();
            if (r.ids.empty()) {
                // An empty file, or one with no game in it, is most likely the wrong file.
                throw Error(fmt::format("{}: holds no game", file.string()));
            }
            fmt::print("{}: {}, {} new, {} already in the library, {} added\n", file.string(),
                       analyzer::count_of(static_cast<long long>(r.ids.size()), "game"),
                       r.games_added, r.games_already_there,
                       analyzer::count_of(r.hands_added, "hand"));
            std::fflush(stdout);
            for (const std::string& card : r.irregular) {
                fmt::print(stderr, "spadework: {}: {} (kept as played)\n", file.string(), card);
            }
            for (const std::string& hand : r.unfinished) {
                fmt::print(stderr,
                           "spadework: {}: {} is not played out (kept unfinished; a file cut "
                           "short reads so too)\n",
                           file.string(), hand);
            }
            counts.games += static_cast<int>(r.ids.size());
            added += r.games_added;
            hands += r.hands_added;
        } catch (const Error& e) {
            bar.clear();
            fmt::print(stderr, "spadework: {}\n", e.what());
            fmt::print(stderr, "spadework: {}: nothing imported\n", file.string());
            ++counts.failed;
        }
    }
    if (total > 1) bar.update(total, total);
    bar.finish();
    if (counts.games > 0) {
        fmt::print("{} read, {} new, {} added to {}\n", analyzer::count_of(counts.games, "game"),
                   added, analyzer::count_of(hands, "hand"), library.path().string());
    }
    return counts;
}

// The database and the files SQLite keeps beside it.
void remove_library_files(const std::filesystem::path& db) {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
        std::error_code ec;
        std::filesystem::remove(db.string() + suffix, ec);
    }
}

// Every file is found first, so that the progress bar knows the total; and when none is
// there to read, no library is made or touched. The exit code is 1 when any file failed.
void run_import(const ImportOptions& opts) {
    opts.played.check();
    int failed = 0;
    std::vector<std::filesystem::path> files;
    for (const std::string& arg : opts.paths) {
        try {
            for (auto& file : analyzer::game_files(arg)) files.push_back(std::move(file));
        } catch (const Error& e) {
            fmt::print(stderr, "spadework: {}\n", e.what());
            ++failed;
        }
    }
    if (files.empty()) {
        throw Error(
            fmt::format("nothing to import: no game file found in the {} given",
                        analyzer::count_of(static_cast<long long>(opts.paths.size()), "path")));
    }
    const std::filesystem::path db_path = library_to_make(opts.db);
    std::error_code ec;
    const bool existed = std::filesystem::exists(db_path, ec);
    ImportCounts counts;
    {
        formats::Library library = open_library(opts.db);
        counts = import_files(library, files, opts.played);
    }
    // A library this run made and put nothing in is not left behind: the user asked for
    // games, not for an empty library at a path they may have mistyped.
    const bool removed = !existed && counts.games == 0;
    if (removed) remove_library_files(db_path);
    if (counts.failed + failed > 0) {
        throw Error(fmt::format("{} not imported{}",
                                analyzer::count_of(counts.failed + failed, "file"),
                                removed ? "; no library made at " + db_path.string() : ""));
    }
}

// ---------------------------------------------------------------------------------------
// list

struct ListOptions {
    formats::GameFilter filter;
    std::string player, from, to, rules, event;
    std::string db;
    bool json = false;
};

std::string winner_text(const formats::GameSummary& g) {
    return g.winner ? std::string(team_name(*g.winner)) : "-";
}

// list --rules NAME that matched nothing: when NAME is no preset either, it was mistyped, and
// "no games match" would hide that.
void check_rules_filter(const std::string& name) {
    std::string names;
    for (const PresetInfo& info : presets()) {
        if (info.name == name) return;
        names += (names.empty() ? "" : ", ") + std::string(info.name);
    }
    throw UsageError(fmt::format(
        "--rules: no game in the library was played under '{}', and it is no preset ({})", name,
        names));
}

// The games list shows. Records write dates as "2026.11.21" or "2026-11-21", which the
// library compares as text ('-' sorts before '.'), so --from/--to are compared here as
// calendar dates, and --limit applied after them; a game whose date is unknown matches no
// date filter.
struct DateRange {
    std::optional<Date> from, to;
};

std::vector<formats::GameSummary> select_games(const formats::Library& library,
                                               const ListOptions& opts, const DateRange& dates) {
    formats::GameFilter filter = opts.filter;
    auto set = [](std::optional<std::string>& field, const std::string& value) {
        if (!value.empty()) field = value;
    };
    set(filter.rules, preset_spelling(opts.rules));
    set(filter.event, opts.event);
    const std::optional<Date>& from = dates.from;
    const std::optional<Date>& to = dates.to;
    // One query per player --player matches (the library matches names exactly).
    std::vector<std::optional<std::string>> players = {std::nullopt};
    if (!opts.player.empty()) {
        players.clear();
        for (std::string& name : match_players(library, opts.player)) players.emplace_back(name);
    }
    if (!from && !to && players.size() == 1) {
        filter.player = players[0];
        return library.list_games(filter);
    }
    filter.limit = 0;
    std::vector<formats::GameSummary> games;
    std::set<formats::GameId> seen;
    for (const auto& player : players) {
        filter.player = player;
        for (auto& g : library.list_games(filter)) {
            if (seen.insert(g.id).second) games.push_back(std::move(g));
        }
    }
    std::erase_if(games, [&](const formats::GameSummary& g) {
        std::optional<Date> date = parse_date(g.date);
        return (from || to) && (!date || (from && *date < *from) || (to && *date > *to));
    });
    std::sort(games.begin(), games.end(), [](const auto& a, const auto& b) {
        return std::pair(parse_date(a.date), a.id) < std::pair(parse_date(b.date), b.id);
    });
    if (opts.filter.limit > 0 && games.size() > static_cast<std::size_t>(opts.filter.limit)) {
        games.resize(static_cast<std::size_t>(opts.filter.limit));
    }
    return games;
}

// "  556 / -14  ": the two scores on either side of a "/" that stays in one column.
template <typename Score>
std::string shown_score(Score ns, Score ew) {
    return fmt::format("{:>5} / {:<5}", ns, ew);
}

// A game's players as `list` shows them, "?" for a seat without a name.
std::string players_text(const std::array<std::string, 4>& p) {
    if (std::all_of(p.begin(), p.end(), [](const std::string& n) { return n.empty(); })) {
        return "(no names)";
    }
    auto name = [](const std::string& n) { return n.empty() ? std::string("?") : n; };
    return fmt::format("{}/{}/{}/{}", name(p[0]), name(p[1]), name(p[2]), name(p[3]));
}

// The columns `list` shows of a library game and of a game under way: up to the scores, then
// the winner or, for a game under way, why its row cannot be read.
TextTable games_table(std::string last) {
    return TextTable({{"id", true},
                      {"date"},
                      {"event"},
                      {"players N/E/S/W"},
                      {"rules"},
                      {"hands", true},
                      {shown_score("NS", "EW")},
                      {std::move(last)}});
}

void print_games(const std::vector<formats::GameSummary>& games) {
    TextTable table = games_table("winner");
    for (const auto& g : games) {
        table.add({std::to_string(g.id), shown_date(g.date), g.event, players_text(g.players),
                   g.rules, std::to_string(g.hands), shown_score(g.score[0], g.score[1]),
                   winner_text(g) + (g.score_sheet ? "  (score sheet)" : "")});
    }
    fmt::print("{}", table.str());
}

// The score keeper's games under way are not games of the library yet (a game goes in when
// it ends), but a user listing the library looks for them too: after the games, in a list of
// their own; a filter, which picks games, leaves them out and says how many there are.
void print_under_way(const formats::Library& library, bool filtered) {
    const std::vector<analyzer::KeptGame> kept = analyzer::KeeperStore(library).kept_games();
    if (kept.empty()) return;
    if (filtered) {
        fmt::print("\n{} in the score keeper (list without filters shows them)\n",
                   analyzer::count_of(static_cast<long long>(kept.size()), "game under way",
                                      "games under way"));
        return;
    }
    fmt::print("\nUnder way in the score keeper (spadework view --keep-score ID resumes one):\n");
    TextTable table = games_table("");
    for (const analyzer::KeptGame& k : kept) {
        table.add({std::to_string(k.id), shown_date(k.setup.date), k.setup.event,
                   players_text(k.setup.players), analyzer::keeper_rules_text(k.setup),
                   std::to_string(k.hands), shown_score(k.score[0], k.score[1]),
                   k.problem.empty() ? "" : "(" + k.problem + ")"});
    }
    fmt::print("{}", table.str());
}

void run_list(const ListOptions& opts) {
    // Read before the library is opened: a malformed date is a usage error whatever it holds.
    DateRange dates;
    if (!opts.from.empty()) dates.from = date_option("--from", opts.from);
    if (!opts.to.empty()) dates.to = date_option("--to", opts.to);
    if (dates.from && dates.to && *dates.to < *dates.from) {
        throw UsageError(fmt::format("--from {} is after --to {}: no date is in that range",
                                     opts.from, opts.to));
    }
    formats::Library library = open_existing_library(opts.db);
    std::vector<formats::GameSummary> games = select_games(library, opts, dates);
    if (games.empty() && !opts.rules.empty()) check_rules_filter(preset_spelling(opts.rules));

    if (opts.json) {
        ordered_json list = ordered_json::array();
        for (const auto& g : games) {
            ordered_json j;
            j["id"] = g.id;
            j["event"] = g.event;
            j["date"] = shown_date(g.date);
            j["table"] = g.table;
            j["players"] = {
                {"N", g.players[0]}, {"E", g.players[1]}, {"S", g.players[2]}, {"W", g.players[3]}};
            j["rules"] = g.rules;
            j["hands"] = g.hands;
            j["score"] = {{"NS", g.score[0]}, {"EW", g.score[1]}};
            j["winner"] = g.winner ? ordered_json(std::string(team_name(*g.winner))) : nullptr;
            j["source"] = g.source;
            j["score_sheet"] = g.score_sheet;
            list.push_back(std::move(j));
        }
        fmt::print("{}\n", list.dump(2));
        return;
    }
    const bool filtered = !opts.player.empty() || !opts.from.empty() || !opts.to.empty() ||
                          !opts.rules.empty() || !opts.event.empty() || opts.filter.with_nil ||
                          opts.filter.with_blind_nil || opts.filter.with_set ||
                          opts.filter.with_bag_penalty;
    if (games.empty()) {
        fmt::print("no games match\n");
        print_under_way(library, filtered);
        return;
    }
    print_games(games);
    print_under_way(library, filtered);
}

// ---------------------------------------------------------------------------------------
// hands

struct HandsOptions {
    formats::HandFilter filter;
    std::string player;
    formats::GameId game = 0;
    std::string db;
    bool json = false;
};

// The hands of every player --player matches, in game and hand order, --limit applied to all.
std::vector<formats::HandSummary> select_hands(const formats::Library& library,
                                               HandsOptions& opts) {
    if (opts.game > 0) opts.filter.game = opts.game;
    if (opts.player.empty()) return library.find_hands(opts.filter);
    std::vector<std::string> names = match_players(library, opts.player);
    formats::HandFilter filter = opts.filter;
    filter.limit = names.size() == 1 ? opts.filter.limit : 0;
    std::vector<formats::HandSummary> hands;
    std::set<std::pair<formats::GameId, int>> seen;
    for (const std::string& name : names) {
        filter.player = name;
        for (auto& h : library.find_hands(filter)) {
            if (seen.insert({h.game, h.hand}).second) hands.push_back(std::move(h));
        }
    }
    std::sort(hands.begin(), hands.end(), [](const auto& a, const auto& b) {
        return std::pair(a.game, a.hand) < std::pair(b.game, b.hand);
    });
    if (opts.filter.limit > 0 && hands.size() > static_cast<std::size_t>(opts.filter.limit)) {
        hands.resize(static_cast<std::size_t>(opts.filter.limit));
    }
    return hands;
}

void run_hands(HandsOptions opts) {
    formats::Library library = open_existing_library(opts.db);
    std::vector<formats::HandSummary> hands = select_hands(library, opts);
    if (opts.json) {
        ordered_json list = ordered_json::array();
        for (const auto& h : hands) {
            ordered_json j;
            j["game"] = h.game;
            j["hand"] = h.hand + 1;
            j["dealer"] = seat_letter(h.dealer);
            for (const char* key : {"players", "bids", "tricks"}) j[key] = ordered_json::object();
            for (Seat s : kAllSeats) {
                std::string seat(1, seat_char(s));
                j["players"][seat] = h.players[index(s)];
                j["bids"][seat] = to_string(h.bids[index(s)]);
                // A score sheet that gave only the partnership's total: unknown.
                j["tricks"][seat] = h.tricks_unknown[index(s)] ? ordered_json(nullptr)
                                                               : ordered_json(h.tricks[index(s)]);
            }
            j["scored"] = h.scored;
            for (Team t : kAllTeams) {
                int tricks = 0;
                for (Seat s : members(t)) tricks += h.tricks[index(s)];
                j[std::string(team_name(t))] = {{"tricks", tricks},
                                                {"points", h.points[index(t)]},
                                                {"score", h.score[index(t)]},
                                                {"set", h.set[index(t)]},
                                                {"bag_penalties", h.bag_penalties[index(t)]}};
            }
            list.push_back(std::move(j));
        }
        fmt::print("{}\n", list.dump(2));
        return;
    }
    if (hands.empty()) {
        fmt::print("no hands match\n");
        return;
    }
    TextTable table({{"game:hand", true},
                     {"dealer"},
                     {"bids (tricks) N E S W"},
                     {"points NS EW"},
                     {shown_score("NS", "EW")},
                     {""}});
    for (const auto& h : hands) {
        std::vector<std::string> bids;
        for (Seat s : kAllSeats) {
            std::string tricks =
                h.tricks_unknown[index(s)] ? "?" : std::to_string(h.tricks[index(s)]);
            bids.push_back(fmt::format("{}({})", to_string(h.bids[index(s)]), tricks));
        }
        // The notes, one phrase each, separated: "NS took 4, NS set".
        std::vector<std::string> said;
        for (Team t : kAllTeams) {
            auto [a, b] = members(t);
            if (h.tricks_unknown[index(a)] || h.tricks_unknown[index(b)]) {
                said.push_back(fmt::format("{} took {}", team_name(t),
                                           h.tricks[index(a)] + h.tricks[index(b)]));
            }
            if (h.set[index(t)]) said.push_back(fmt::format("{} set", team_name(t)));
            if (h.bag_penalties[index(t)]) {
                said.push_back(fmt::format("{} bag penalty", team_name(t)));
            }
        }
        std::string points =
            h.scored ? fmt::format("{:+} {:+}", h.points[0], h.points[1]) : "not scored";
        table.add({fmt::format("{}:{}", h.game, h.hand + 1), std::string(1, seat_char(h.dealer)),
                   fmt::format("{}", fmt::join(bids, " ")), points,
                   shown_score(h.score[0], h.score[1]), fmt::format("{}", fmt::join(said, ", "))});
    }
    fmt::print("{}", table.str());
}

// ---------------------------------------------------------------------------------------
// stats

struct StatsOptions {
    std::string player;
    std::string db;
    bool json = false;
};

double share(int part, int whole) {
    return whole == 0 ? 0.0 : static_cast<double>(part) / whole;
}

std::string percent(int part, int whole) {
    return whole == 0 ? "-" : fmt::format("{:.0f}%", 100.0 * part / whole);
}

void run_stats(const StatsOptions& opts) {
    formats::Library library = open_existing_library(opts.db);
    std::vector<formats::PlayerStats> players;
    std::vector<formats::PartnershipStats> partnerships;
    if (opts.player.empty()) {
        players = library.player_stats();
        partnerships = library.partnership_stats();
    } else {
        // Each player --player matches, and their partnerships, each partnership once.
        std::set<std::array<std::string, 2>> seen;
        for (const std::string& name : match_players(library, opts.player, true)) {
            for (auto& p : library.player_stats(name)) players.push_back(std::move(p));
            for (auto& p : library.partnership_stats(name)) {
                if (seen.insert(p.players).second) partnerships.push_back(std::move(p));
            }
        }
        if (players.empty()) {
            throw Error(
                fmt::format("no games with a player named '{}' or whose name begins "
                            "with it",
                            opts.player));
        }
    }

    if (opts.json) {
        ordered_json out;
        out["players"] = ordered_json::array();
        for (const auto& p : players) {
            out["players"].push_back({{"name", p.name},
                                      {"games", p.games},
                                      {"games_won", p.games_won},
                                      {"hands", p.hands},
                                      {"trick_bids", p.trick_bids},
                                      {"bids_exact", p.bids_exact},
                                      {"bids_made", p.bids_made},
                                      {"bid_accuracy", share(p.bids_exact, p.trick_bids)},
                                      {"mean_bid_error", p.mean_bid_error},
                                      {"nils", p.nils},
                                      {"nils_made", p.nils_made},
                                      {"nil_success", share(p.nils_made, p.nils)},
                                      {"blind_nils", p.blind_nils},
                                      {"blind_nils_made", p.blind_nils_made},
                                      {"sets", p.sets},
                                      {"set_rate", share(p.sets, p.hands)},
                                      {"bags", p.bags},
                                      {"bags_per_hand", p.bags_per_hand}});
        }
        out["partnerships"] = ordered_json::array();
        for (const auto& p : partnerships) {
            out["partnerships"].push_back({{"players", p.players},
                                           {"games", p.games},
                                           {"games_won", p.games_won},
                                           {"hands", p.hands},
                                           {"contracts", p.contracts},
                                           {"contracts_made", p.contracts_made},
                                           {"sets", p.sets},
                                           {"set_rate", share(p.sets, p.contracts)},
                                           {"nils", p.nils},
                                           {"nils_made", p.nils_made},
                                           {"bags", p.bags},
                                           {"bags_per_hand", p.bags_per_hand}});
        }
        fmt::print("{}\n", out.dump(2));
        return;
    }
    if (players.empty()) {
        // Statistics are per player: games without names have none to give.
        const int games = library.count_games();
        fmt::print("{}\n", games == 0
                               ? std::string("No games in the library yet: `spadework import FILE` "
                                             "adds some.")
                               : fmt::format("No player statistics: {} no player names. `spadework "
                                             "edit ID --player N=NAME` names a game's players.",
                                             games == 1 ? std::string("the library's game has")
                                                        : fmt::format("none of the library's {} "
                                                                      "games has",
                                                                      games)));
        return;
    }
    TextTable by_player({{"player"},
                         {"games", true},
                         {"won", true},
                         {"hands", true},
                         {"bid exact", true},
                         {"bid made", true},
                         {"error", true},
                         {"nil made", true},
                         {"set", true},
                         {"bags/hand", true}});
    for (const auto& p : players) {
        by_player.add({p.name, std::to_string(p.games), std::to_string(p.games_won),
                       std::to_string(p.hands), percent(p.bids_exact, p.trick_bids),
                       percent(p.bids_made, p.trick_bids), fmt::format("{:.2f}", p.mean_bid_error),
                       fmt::format("{}/{}", p.nils_made, p.nils), percent(p.sets, p.hands),
                       fmt::format("{:.2f}", p.bags_per_hand)});
    }
    fmt::print("{}", by_player.str());
    TextTable by_partnership({{"partnership"},
                              {"games", true},
                              {"won", true},
                              {"hands", true},
                              {"made", true},
                              {"set", true},
                              {"nil made", true},
                              {"bags/hand", true}});
    for (const auto& p : partnerships) {
        by_partnership.add({p.players[0] + " & " + p.players[1], std::to_string(p.games),
                            std::to_string(p.games_won), std::to_string(p.hands),
                            percent(p.contracts_made, p.contracts), percent(p.sets, p.contracts),
                            fmt::format("{}/{}", p.nils_made, p.nils),
                            fmt::format("{:.2f}", p.bags_per_hand)});
    }
    fmt::print("\n{}", by_partnership.str());
}

}  // namespace

void add_library_commands(CLI::App& app) {
    auto imp = std::make_shared<ImportOptions>();
    CLI::App* cmd = app.add_subcommand("import", "Import game files (" + formats::extension_list() +
                                                     ") or folders of them into "
                                                     "the library");
    cmd->add_option("files", imp->paths, "Files or folders")->required();
    add_played_under_options(cmd, imp->played);
    add_db_option(cmd, imp->db);
    cmd->callback([imp] { run_import(*imp); });

    auto list = std::make_shared<ListOptions>();
    cmd = app.add_subcommand("list", "List the games in the library");
    not_blank(cmd->add_option("--player", list->player,
                              "Games with this player at any seat: a name, or the start of names, "
                              "in any case (the names matched are said on stderr)"));
    cmd->add_option("--from", list->from,
                    "Games on or after this date: 2026-11-01 or 2026.11.01 (a game of unknown "
                    "date matches no date filter)")
        ->type_name("DATE");
    cmd->add_option("--to", list->to, "Games on or before this date")->type_name("DATE");
    cmd->add_option("--rules", list->rules, "Games played under this preset");
    not_blank(
        cmd->add_option("--event", list->event, "Games whose event holds this text, in any case"));
    cmd->add_flag("--nil", list->filter.with_nil, "Games with a nil or blind nil bid");
    cmd->add_flag("--blind-nil", list->filter.with_blind_nil, "Games with a blind nil bid");
    cmd->add_flag("--set", list->filter.with_set, "Games where a contract was set");
    cmd->add_flag("--bag-penalty", list->filter.with_bag_penalty, "Games with a bag penalty");
    at_least(cmd->add_option("--limit", list->filter.limit, "At most this many games (0: all)"), 0);
    cmd->add_flag("--json", list->json, "Print JSON");
    add_db_option(cmd, list->db);
    cmd->callback([list] { run_list(*list); });

    auto hands = std::make_shared<HandsOptions>();
    cmd = app.add_subcommand("hands", "List the hands in the library that match filters");
    not_blank(cmd->add_option("--player", hands->player,
                              "Hands this player bid in: a name, or the start of names, in any "
                              "case"));
    at_least(cmd->add_option("--game", hands->game, "Hands of this game (a library id)"), 1);
    cmd->add_flag("--nil", hands->filter.nil, "Hands with a nil or blind nil bid");
    cmd->add_flag("--blind-nil", hands->filter.blind_nil, "Hands with a blind nil bid");
    cmd->add_flag("--set", hands->filter.set, "Hands where a contract was set");
    cmd->add_flag("--bag-penalty", hands->filter.bag_penalty, "Hands with a bag penalty");
    at_least(cmd->add_option("--limit", hands->filter.limit, "At most this many hands (0: all)"),
             0);
    cmd->add_flag("--json", hands->json, "Print JSON");
    add_db_option(cmd, hands->db);
    cmd->callback([hands] { run_hands(*hands); });

    auto stats = std::make_shared<StatsOptions>();
    cmd = app.add_subcommand("stats", "Per-player and per-partnership statistics");
    not_blank(cmd->add_option("--player", stats->player,
                              "Only this player and the partnerships with them: a name, or the "
                              "start of names, in any case"));
    cmd->add_flag("--json", stats->json, "Print JSON");
    add_db_option(cmd, stats->db);
    cmd->callback([stats] { run_stats(*stats); });
}

}  // namespace spadework::cli
