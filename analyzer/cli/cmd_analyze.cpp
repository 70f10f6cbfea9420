// `spadework analyze`: the hand review of a game (or of one hand) as a report or JSON, kept
// in the library for library games; `--all` reviews every game of the library not yet
// reviewed under the current settings, on every core, storing each game as it finishes so
// that an interrupted run loses nothing and a rerun finishes the rest. `--all --shard K/N`
// reviews one of N disjoint parts of the library (for batches on many machines), in place
// or, with `--out`, in a library of its own that `spadework merge` gathers afterwards.
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <tuple>
#include <unordered_set>
#include <vector>

#include "commands.h"
#include "common.h"
#include "progress.h"
#include "spadework/analyzer/review.h"
#include "spadework/analyzer/review_choice.h"

namespace spadework::cli {
namespace {

struct AnalyzeOptions {
    std::string game;
    int hand = 0;  // 1-based; 0: every hand
    std::optional<int> samples;
    std::optional<int> batch;
    std::optional<double> confidence;
    std::optional<std::uint64_t> seed;
    std::optional<int> threads;
    std::string settings_file;
    std::string db;
    PlayedUnder played;
    bool json = false;
    bool all = false;
    bool force = false;
    bool no_store = false;
    std::string trend;
    std::string only;   // "bids" or "play"; empty: both
    std::string grade;  // "points" or "game"; empty: the settings file's, else points
    std::string shard;  // "K/N"; empty: the whole library
    std::string out;    // --out: the library the shard's games and reviews go to
};

// --shard K/N: the K-th of N parts, K from 0 (as Slurm's array index and GNU parallel's
// {} count); nothing when the text is not that.
std::optional<formats::LibraryPart> parse_shard(std::string_view text) {
    auto slash = text.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    std::optional<int> k = to_int(text.substr(0, slash));
    std::optional<int> n = to_int(text.substr(slash + 1));
    if (!k || !n || *n < 1 || *k < 0 || *k >= *n) return std::nullopt;
    return formats::LibraryPart{*k, *n};
}

analyzer::ReviewSettings settings_of(const AnalyzeOptions& o) {
    analyzer::ReviewSettings s;
    if (!o.settings_file.empty()) s = analyzer::read_settings(o.settings_file);
    if (o.samples) s.samples = *o.samples;
    if (o.batch) s.batch = *o.batch;
    if (o.confidence) s.confidence = *o.confidence;
    if (o.seed) s.seed = *o.seed;
    if (o.threads) s.threads = *o.threads;
    if (s.threads == 0)
        s.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    if (!o.only.empty()) s.parts = *analyzer::parse_parts(o.only);    // checked by the option
    if (!o.grade.empty()) s.grade = *analyzer::parse_grade(o.grade);  // checked by the option
    return s;
}

void print_review(const analyzer::GameReview& review, const LoadedGame& loaded, bool json) {
    if (json) {
        // JSON Lines: one review a line, so a file of several games reads line by line.
        nlohmann::ordered_json j =
            nlohmann::ordered_json::parse(analyzer::review_to_json(review, loaded.game));
        fmt::print("{}\n", j.dump());
    } else {
        fmt::print("{}:\n{}", loaded.label, analyzer::format_review(review, loaded.game));
    }
}

void analyze_one(const AnalyzeOptions& o) {
    analyzer::ReviewSettings settings = settings_of(o);
    std::vector<LoadedGame> games = load_game_arg(o.game, o.db, o.played);
    if (o.hand > 0 && games.size() > 1) {
        throw Error(
            fmt::format("--hand: {} holds {} games; pick one with FILE@N", o.game, games.size()));
    }
    for (const LoadedGame& loaded : games) require_deal(loaded, "analyse");
    bool first = true;
    for (LoadedGame& loaded : games) {
        std::optional<int> game_hand;  // GAME:HAND, 1-based, checked when the game was loaded
        if (loaded.hand) game_hand = *loaded.hand + 1;
        std::optional<int> hand = chosen_hand(o.game, game_hand, o.hand);
        if (hand && *hand > static_cast<int>(loaded.game.hands.size())) {
            throw Error(fmt::format(
                "--hand {}: {} has {}", o.hand, loaded.label,
                analyzer::count_of(static_cast<long long>(loaded.game.hands.size()), "hand")));
        }
        std::optional<int> only;
        if (hand) only = *hand - 1;
        // A whole library game: reuse the stored review made with the same settings.
        const bool whole_library_game = loaded.library_id && !only;
        if (whole_library_game && !o.force) {
            formats::Library library = open_library(o.db);
            if (auto stored = analyzer::ReviewStore(library).load_review(*loaded.library_id,
                                                                         settings.key())) {
                analyzer::GameReview review = analyzer::review_from_json(stored->json);
                if (!o.json && !first) fmt::print("\n");
                print_review(review, loaded, o.json);
                first = false;
                continue;
            }
        }
        ProgressBar bar("analysing " + loaded.label);
        analyzer::GameReview review = analyzer::review_game(
            loaded.game, settings, only, [&](int done, int total) { bar.update(done, total); });
        bar.finish();
        if (whole_library_game && !o.no_store) {
            formats::Library library = open_library(o.db);
            analyzer::ReviewStore(library).store_review(
                analyzer::to_stored_review(*loaded.library_id, review, loaded.game));
        }
        if (!o.json && !first) fmt::print("\n");
        print_review(review, loaded, o.json);
        // One hand of a library game: said, as the viewer will not show it.
        if (loaded.library_id && only && !o.json) {
            fmt::print(
                "Not stored: the library keeps the reviews of whole games (`spadework analyze "
                "{}` reviews game {} and keeps it for the viewer).\n",
                *loaded.library_id, *loaded.library_id);
        }
        first = false;
    }
}

// What a batch reviews: the games of `library` in `todo`.
struct Batch {
    formats::Library library;  // the games are read from it and their reviews stored in it
    std::vector<formats::GameId> todo;
    std::size_t games = 0;  // the library's games (score sheets not), for the whole library
    std::string scope;      // "shard 1/3 of lib.sqlite", for messages
    int sheets = 0;         // score sheets left out: they have no deal to analyse
};

// Leaves out of `todo` the library's score sheets, which have no deal; returns how many.
int drop_score_sheets(const formats::Library& library, std::vector<formats::GameId>& todo) {
    formats::GameFilter sheets;
    sheets.kind = RecordKind::ScoreSheet;
    std::unordered_set<formats::GameId> ids;
    for (const formats::GameSummary& g : library.list_games(sheets)) ids.insert(g.id);
    return static_cast<int>(
        std::erase_if(todo, [&](formats::GameId id) { return ids.contains(id); }));
}

// --all alone: every game of the library without a review under `key`. With --shard, those
// of the shard (game id modulo N is K). With --out, the shard's games are first copied into
// that library with their reviews (the source is only read), and reviewed there.
Batch select_batch(const AnalyzeOptions& o, const std::string& key) {
    formats::LibraryPart part;
    if (!o.shard.empty()) part = *parse_shard(o.shard);  // checked by the option
    formats::Library source = open_existing_library(o.db);
    std::string scope = part.whole() ? source.path().string()
                                     : fmt::format("shard {}/{} of {}", part.index, part.count,
                                                   source.path().string());
    if (o.out.empty()) {
        std::vector<formats::GameId> todo = analyzer::ReviewStore(source).games_without_review(key);
        std::erase_if(todo, [&](formats::GameId id) { return !part.contains(id); });
        const int sheets = drop_score_sheets(source, todo);
        formats::GameFilter all_sheets;
        all_sheets.kind = RecordKind::ScoreSheet;
        std::size_t games = part.whole() ? static_cast<std::size_t>(source.count_games()) -
                                               source.list_games(all_sheets).size()
                                         : 0;
        return Batch{std::move(source), std::move(todo), games, scope, sheets};
    }
    const std::filesystem::path out = o.out;
    formats::MergeResult copied =
        formats::merge_libraries({source.path()}, out, part, analyzer::library_stores());
    fmt::print("Copied {} of {} into {} ({} there already), with {}.\n",
               analyzer::count_of(copied.games_added, "game"), scope, out.string(),
               copied.games_already_there,
               analyzer::count_of(copied.store("reviews").added, "review"));
    formats::Library library(out);
    std::unordered_set<formats::GameId> ours(copied.ids.begin(), copied.ids.end());
    std::vector<formats::GameId> todo = analyzer::ReviewStore(library).games_without_review(key);
    std::erase_if(todo, [&](formats::GameId id) { return !ours.contains(id); });
    const int sheets = drop_score_sheets(library, todo);
    return Batch{std::move(library), std::move(todo), 0, scope + " in " + out.string(), sheets};
}

struct BatchDone {
    int stored = 0;
    int failed = 0;  // games that could not be analysed (each said on stderr)
};

// Every game of the batch, the steps of all of them (each hand's play, each hand's bids)
// shared among the workers; the main thread loads the games and stores each review as soon as
// the game's steps are done. A game that cannot be loaded or analysed is said and counted, and
// the batch goes on.
BatchDone run_batch(Batch& batch, const analyzer::ReviewSettings& settings) {
    const std::vector<formats::GameId>& todo = batch.todo;
    const int total = static_cast<int>(todo.size());
    BatchDone done;
    ProgressBar bar(fmt::format("analysing {} with {}", analyzer::count_of(total, "game"),
                                analyzer::count_of(settings.threads, "thread")));
    analyzer::review_games(
        total, [&](int i) { return batch.library.load_game(todo[i]); }, settings,
        [&](analyzer::BatchGame& game) {
            const formats::GameId id = todo[game.index];
            try {
                if (game.error) std::rethrow_exception(game.error);
                analyzer::ReviewStore(batch.library)
                    .store_review(analyzer::to_stored_review(id, *game.review, *game.game));
                ++done.stored;
            } catch (const Error& e) {
                bar.finish();
                fmt::print(stderr, "spadework: game {}: {}\n", id, e.what());
                ++done.failed;
            }
            bar.update(done.stored + done.failed, total);
        });
    bar.finish();
    return done;
}

void analyze_all(const AnalyzeOptions& o) {
    analyzer::ReviewSettings settings = settings_of(o);
    const std::string key = settings.key();
    Batch batch = select_batch(o, key);
    const bool whole = o.shard.empty() && o.out.empty();
    if (batch.sheets > 0) {
        fmt::print("{} score sheet{} left out: a score sheet has no deal to analyse.\n",
                   batch.sheets, batch.sheets == 1 ? "" : "s");
    }
    if (batch.todo.empty()) {
        if (whole) {
            fmt::print("{} of {} {} analysed already.\n",
                       batch.games == 1 ? std::string("The one game")
                                        : fmt::format("All {} games", batch.games),
                       batch.scope, batch.games == 1 ? "is" : "are");
        } else {
            fmt::print("All games of {} are analysed already.\n", batch.scope);
        }
        return;
    }
    const int done_before = analyzer::ReviewStore(batch.library).count_reviews(key);
    auto start = std::chrono::steady_clock::now();
    const auto [stored, failed] = run_batch(batch, settings);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::string failures = failed ? fmt::format("; {} could not be analysed", failed) : "";
    const std::string threads = analyzer::count_of(settings.threads, "thread");
    if (whole) {
        fmt::print("Analysed {} in {:.1f} s ({}); {} of {} now analysed{}.\n",
                   analyzer::count_of(stored, "game"), seconds, threads, done_before + stored,
                   analyzer::count_of(static_cast<long long>(batch.games), "game"), failures);
    } else {
        fmt::print("Analysed {} of {} in {:.1f} s ({}){}.\n", analyzer::count_of(stored, "game"),
                   batch.scope, seconds, threads, failures);
    }
    if (failed) {
        throw Error(fmt::format("{} could not be analysed", analyzer::count_of(failed, "game")));
    }
}

// A player's play accuracy and flags game by game, from the stored reviews.
// One game of a player's trend, from the review it was read from.
struct TrendRow {
    analyzer::TrendPoint point;
    analyzer::ReviewSettings settings;  // the review's
};

// The player's games, each from its best stored review graded as asked: the one of the
// settings asked for (--samples, --only, a settings file) when it is stored, else the best
// other (both parts, then the most layouts), so that a game reviewed with `--samples 16` is
// not left out; each row says which settings it was read from.
std::vector<TrendRow> trend_rows(const formats::Library& library, const std::string& player,
                                 const analyzer::ReviewSettings& asked) {
    const analyzer::ReviewStore store(library);
    std::map<formats::GameId, TrendRow> best;
    auto rank = [&](const analyzer::ReviewSettings& s) {
        return std::tuple_cat(std::make_tuple(s.key() == asked.key()),
                              analyzer::review_rank(s, asked));
    };
    for (const analyzer::ReviewSettings& v : analyzer::review_variants(asked)) {
        if (v.grade != asked.grade) continue;  // chance lost and points lost are not alike
        for (analyzer::TrendPoint& p : store.player_trend(player, v.key())) {
            auto at = best.find(p.game);
            if (at == best.end() || rank(v) > rank(at->second.settings)) {
                best[p.game] = TrendRow{std::move(p), v};
            }
        }
    }
    std::vector<TrendRow> rows;
    for (auto& [id, row] : best) rows.push_back(std::move(row));
    // By calendar date, not by text: "2026.11.01" and "2026-11-19" are written differently
    // (and '.' sorts after '-'). A date that is not one goes first, as nothing sorts before.
    std::sort(rows.begin(), rows.end(), [](const TrendRow& a, const TrendRow& b) {
        return std::pair(parse_date(a.point.date), a.point.game) <
               std::pair(parse_date(b.point.date), b.point.game);
    });
    return rows;
}

// A player's trend rows in JSON, each naming the player, onto `out`.
void add_trend_json(nlohmann::ordered_json& out, const std::string& player,
                    const std::vector<TrendRow>& rows) {
    for (const TrendRow& row : rows) {
        const analyzer::TrendPoint& p = row.point;
        const analyzer::ReviewSeat& t = p.tally;
        out.push_back({{"player", player},
                       {"game", p.game},
                       {"date", shown_date(p.date)},
                       {"settings", analyzer::describe_review_settings(row.settings)},
                       {"seat", seat_letter(p.seat)},
                       {"decisions", t.decisions},
                       {"kept_best", t.kept_best},
                       {"accuracy", t.decisions ? 100.0 * t.kept_best / t.decisions : 100.0},
                       {"inaccuracies", t.inaccuracies},
                       {"mistakes", t.mistakes},
                       {"blunders", t.blunders},
                       {"points_lost", t.points_lost},
                       {"bid_flags", t.bid_flags},
                       {"chance_lost", t.chance_lost}});
    }
}

void print_trend_text(const std::string& player, const std::vector<TrendRow>& rows,
                      const analyzer::ReviewSettings& settings, const formats::Library& library) {
    if (rows.empty()) {
        fmt::print("No analysed game of {} in {} (run spadework analyze --all).\n", player,
                   library.path().string());
        return;
    }
    fmt::print("{}: play accuracy by game ({})\n", player,
               analyzer::count_of(static_cast<long long>(rows.size()), "analysed game"));
    // Which settings the rows were read from when not all are the ones asked for.
    bool others = false;
    for (const TrendRow& row : rows) others |= row.settings.key() != settings.key();
    if (others) {
        fmt::print(
            "Games not reviewed with the settings asked for ({}) are read from their best "
            "stored review, named in the last column.\n",
            analyzer::describe_review_settings(settings));
    }
    // Graded by the game, the chance of winning lost (cards, bids and passes) beside the points.
    const bool by_game = settings.grade == analyzer::Grade::Game;
    fmt::print("{:>6}  {:<10}  {:<4} {:>9} {:>9} {:>12} {:>8} {:>8} {:>9} {:>11}{}{}\n", "game",
               "date", "seat", "decisions", "accuracy", "inaccuracies", "mistakes", "blunders",
               "bid flags", "points lost", by_game ? "  chance lost" : "",
               others ? "  review" : "");
    int decisions = 0;
    int kept = 0;
    for (const TrendRow& row : rows) {
        const analyzer::TrendPoint& p = row.point;
        const analyzer::ReviewSeat& t = p.tally;
        decisions += t.decisions;
        kept += t.kept_best;
        fmt::print("{:>6}  {:<10}  {:<4} {:>9} {:>8.1f}% {:>12} {:>8} {:>8} {:>9} {:>11}{}{}\n",
                   p.game, shown_date(p.date), seat_char(p.seat), t.decisions,
                   t.decisions ? 100.0 * t.kept_best / t.decisions : 100.0, t.inaccuracies,
                   t.mistakes, t.blunders, t.bid_flags, t.points_lost,
                   by_game ? fmt::format("  {:>11.1f}", 100 * t.chance_lost) : "",
                   others ? "  " + analyzer::describe_review_settings(row.settings) : "");
    }
    fmt::print("Overall: {:.1f}% of {} decisions kept the best score.\n",
               decisions ? 100.0 * kept / decisions : 100.0, decisions);
}

// The trend of every player --trend matches as --player does (any case, by the start of the
// name, stderr saying which matched; a name no player has is an Error): one table each, or
// one JSON array whose rows name their player.
void print_trend(const AnalyzeOptions& o) {
    analyzer::ReviewSettings settings = settings_of(o);
    formats::Library library = open_existing_library(o.db);
    const std::vector<std::string> players = match_players(library, o.trend, true, "--trend");
    nlohmann::ordered_json j = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < players.size(); ++i) {
        const std::vector<TrendRow> rows = trend_rows(library, players[i], settings);
        if (o.json) {
            add_trend_json(j, players[i], rows);
            continue;
        }
        if (i > 0) fmt::print("\n");
        print_trend_text(players[i], rows, settings, library);
    }
    if (o.json) fmt::print("{}\n", j.dump(2));
}

// One of GAME, --all and --trend, and only the options that one takes: an option another
// mode takes is a usage error rather than ignored.
void check_modes(const AnalyzeOptions& o) {
    std::vector<std::string> modes;
    if (!o.game.empty()) modes.push_back("GAME (" + o.game + ")");
    if (o.all) modes.push_back("--all");
    if (!o.trend.empty()) modes.push_back("--trend");
    if (modes.empty()) throw UsageError("analyze: give one of GAME, --all or --trend PLAYER");
    if (modes.size() > 1) {
        throw UsageError(
            fmt::format("analyze: {} and {} are different reviews: give one of GAME, "
                        "--all or --trend PLAYER",
                        modes[0], modes[1]));
    }
    if (o.game.empty() && o.hand > 0) {
        throw UsageError(
            fmt::format("analyze: --hand picks a hand of GAME; {} has none to pick", modes[0]));
    }
    if (o.game.empty() && o.played.given()) {
        throw UsageError(fmt::format(
            "analyze: --rules and --rule set the rules of a game file's games; {} reviews the "
            "library's games under the rules they were imported under",
            modes[0]));
    }
    if (o.game.empty() && (o.force || o.no_store)) {
        throw UsageError(fmt::format(
            "analyze: {} goes with GAME ({} {})", o.force ? "--force" : "--no-store", modes[0],
            o.all ? "reviews only the games not yet reviewed with these settings, and stores "
                    "each review"
                  : "reads the stored reviews"));
    }
}

}  // namespace

void add_analyze_command(CLI::App& app) {
    auto opts = std::make_shared<AnalyzeOptions>();
    CLI::App* cmd = app.add_subcommand(
        "analyze",
        "Review a game: the double-dummy value of every card played and of its alternatives, "
        "each bid against par and a single-dummy estimate, flagged mistakes");
    cmd->add_option("game", opts->game,
                    "GAME[:HAND]: a library id, or a file (FILE@N for one game of several)");
    at_least(cmd->add_option("--hand", opts->hand, "review only this hand (1-based)"), 1);
    within(cmd->add_option(
               "--samples", opts->samples,
               "the most single-dummy layouts per bid or pass (default 64): sampling stops "
               "earlier once the decision is settled"),
           1, 100000);
    within(cmd->add_option("--batch", opts->batch, "layouts drawn at a time (default 8)"), 1,
           100000);
    within(cmd->add_option("--confidence", opts->confidence,
                           "confidence of the ± and of a settled verdict (default 0.95)"),
           0.5, 0.999);
    cmd->add_option("--seed", opts->seed, "seed of the sampled layouts (default 1)");
    within(cmd->add_option("--threads", opts->threads, "worker threads; 0: every core (default 1)"),
           0, 256);
    cmd->add_option(
        "--settings", opts->settings_file,
        "a JSON settings file (samples, batch, confidence, seed, thresholds per rule set; "
        "see README)");
    cmd->add_flag("--json", opts->json,
                  "print each game's review as JSON Lines: one JSON object a line, one line per "
                  "game (with --trend: one JSON array)");
    CLI::Option* all = cmd->add_flag(
        "--all", opts->all,
        "review every library game not yet reviewed with these settings, on every core unless "
        "--threads says otherwise; resumable");
    cmd->add_option("--only", opts->only,
                    "review only the bids (and passes) or only the play of each hand; "
                    "stored under settings of its own")
        ->check(CLI::Validator(
            [](std::string& v) -> std::string {
                auto parts = analyzer::parse_parts(v);
                if (parts && *parts != analyzer::ReviewParts::Both) return {};
                return "'" + v + "' is neither bids nor play";
            },
            "bids|play"));
    cmd->add_option("--grade", opts->grade,
                    "grade the cards by the points they lose in the hand (points, the default) "
                    "or by the chance of winning the game they lose (game: the rule set's "
                    "win-chance table, built once and cached; see winchance)")
        ->check(CLI::Validator(
            [](std::string& v) -> std::string {
                return analyzer::parse_grade(v) ? "" : "'" + v + "' is neither points nor game";
            },
            "points|game"));
    cmd->add_option("--shard", opts->shard,
                    "with --all: review only the K-th of N disjoint parts of the "
                    "library (games whose id modulo N is K); K counts from 0, so 0/100 to "
                    "99/100 (Slurm's --array=0-99, GNU parallel's {})")
        ->check(CLI::Validator(
            [](std::string& v) -> std::string {
                if (parse_shard(v)) return {};
                return "'" + v + "' is not K/N with 0 <= K < N (K counts from 0)";
            },
            "K/N"))
        ->needs(all);
    cmd->add_option("--out", opts->out,
                    "with --all: copy the games (of the shard) and their reviews into this "
                    "library, new or not, and store the reviews there; --db is only read")
        ->needs(all);
    cmd->add_flag("--force", opts->force, "recompute even when a stored review matches");
    cmd->add_flag("--no-store", opts->no_store, "do not keep the review in the library");
    add_played_under_options(cmd, opts->played);
    cmd->add_option("--trend", opts->trend,
                    "a player's accuracy and flags game by game, from the stored reviews");
    add_db_option(cmd, opts->db);
    cmd->callback([opts] {
        check_modes(*opts);
        if (opts->all) {
            AnalyzeOptions o = *opts;
            if (!o.threads) o.threads = 0;  // every core
            analyze_all(o);
        } else if (!opts->trend.empty()) {
            print_trend(*opts);
        } else {
            analyze_one(*opts);
        }
    });
}

}  // namespace spadework::cli
