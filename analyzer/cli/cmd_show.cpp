// `spadework show` and `spadework convert`: one game or hand as text, and a file in another
// format.
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <array>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "commands.h"
#include "common.h"
#include "spadework/analyzer/diagram.h"
#include "spadework/analyzer/hand_picture.h"
#include "spadework/engine/game.h"
#include "spadework/formats/game_file.h"

namespace spadework::cli {
namespace {

struct ShowOptions {
    std::string game;
    std::string db;
    PlayedUnder played;
    bool json = false;
    // The hand as pictures, one per analyzer::kPictureFormats: the file to write, or empty.
    std::array<std::string, analyzer::kPictureFormats.size()> pictures;
    std::string size;
};

using analyzer::kPictureFormats;

using nlohmann::ordered_json;

std::string seat_key(Seat s) {
    return seat_letter(s);
}

// {"N": ..., "E": ..., "S": ..., "W": ...} of one value per seat.
template <class F>
ordered_json by_seat(F&& value) {
    ordered_json j = ordered_json::object();
    for (Seat s : kAllSeats) j[seat_key(s)] = value(s);
    return j;
}

// One hand's line of the game table: dealer, bids and tricks by seat, each side's points,
// running score and bags (null when the game had ended before it, or it is unfinished).
ordered_json hand_row(const RecordedGame& game, const ScoredGame& scored, int i) {
    const RecordedHand& h = game.hands[static_cast<std::size_t>(i)];
    ordered_json j;
    j["hand"] = i + 1;
    j["dealer"] = seat_key(h.dealer);
    const std::array<std::optional<Bid>, 4> bids = bids_by_seat(h);
    j["bids"] = by_seat([&](Seat s) {
        const std::optional<Bid>& b = bids[index(s)];
        return b ? to_string(*b) : std::string("-");
    });
    const HandState state = replay_hand(game.rules, h, i);
    if (auto outcome = outcome_of(state, h.claim)) {
        j["tricks"] = by_seat([&](Seat s) { return outcome->tricks[index(s)]; });
    } else {
        j["tricks"] = nullptr;
    }
    j["scored"] = static_cast<std::size_t>(i) < scored.hands.size();
    for (Team t : kAllTeams) {
        const std::string side(team_name(t));
        if (!j["scored"].get<bool>()) {
            j[side] = nullptr;
            continue;
        }
        const HandRecord& r = scored.hands[static_cast<std::size_t>(i)];
        const TeamHandScore& team = r.score[t];
        ordered_json items = ordered_json::array();
        for (const ScoreItem& item : team.items) {
            items.push_back({{"kind", kind_name(item.kind)},
                             {"points", item.points},
                             {"bags", item.bags},
                             {"text", item.text}});
        }
        j[side] = {{"points", team.delta},
                   {"score", r.after[index(t)].score},
                   {"bags", r.after[index(t)].bags},
                   {"items", std::move(items)}};
    }
    if (j["scored"].get<bool>() && scored.hands[static_cast<std::size_t>(i)].tie_to_overtime) {
        j["tie_to_overtime"] = true;
    }
    return j;
}

// The hand whole, as `show GAME:HAND` draws it: the cards as play began, passes and
// exchanges, the bids in turn, each trick with its leader and winner, the claim.
void add_hand_play(ordered_json& j, const RecordedGame& game, int i) {
    const RecordedHand& h = game.hands[static_cast<std::size_t>(i)];
    const HandState state = replay_hand(game.rules, h, i);
    j["held_at_play"] = by_seat([&](Seat s) { return to_string(state.held_at_play(s)); });
    j["passes"] = by_seat([&](Seat s) { return to_string(h.passes[index(s)]); });
    j["exchanges"] = by_seat([&](Seat s) { return to_string(h.exchanges[index(s)]); });
    ordered_json bids = ordered_json::array();
    for (std::size_t b = 0; b < h.bids.size(); ++b) {
        bids.push_back({{"seat", seat_key(next(h.dealer, static_cast<int>(b) + 1))},
                        {"bid", to_string(h.bids[b])}});
    }
    j["bidding"] = std::move(bids);
    ordered_json tricks = ordered_json::array();
    const auto& played = state.play_record();
    for (std::size_t t = 0; t * 4 < played.size(); ++t) {
        ordered_json cards = ordered_json::array();
        for (std::size_t k = 4 * t; k < std::min(played.size(), 4 * t + 4); ++k) {
            cards.push_back(to_string(played[k].card));
        }
        ordered_json trick = {{"trick", t + 1},
                              {"leader", seat_key(played[4 * t].seat)},
                              {"cards", std::move(cards)}};
        trick["winner"] = t < state.trick_winners().size()
                              ? ordered_json(seat_key(state.trick_winners()[t]))
                              : ordered_json(nullptr);
        tricks.push_back(std::move(trick));
    }
    j["play"] = std::move(tricks);
    if (h.claim) {
        j["claim"] = {{"by", seat_key(h.claim->by)},
                      {"tricks", by_seat([&](Seat s) { return h.claim->tricks[index(s)]; })}};
    }
}

// `show --json`: the game (or the hand GAME:HAND names) as one JSON object.
ordered_json show_json(const LoadedGame& loaded) {
    const RecordedGame& game = loaded.game;
    const ScoredGame scored = score_game(game, game.rules);
    ordered_json j;
    j["game"] = loaded.label;
    if (loaded.library_id) j["id"] = *loaded.library_id;
    j["event"] = game.event;
    j["date"] = shown_date(game.date);
    j["rules"] = spell_rules(game.rules);
    j["players"] = by_seat([&](Seat s) { return game.players[index(s)]; });
    if (loaded.hand) {
        ordered_json hand = hand_row(game, scored, *loaded.hand);
        add_hand_play(hand, game, *loaded.hand);
        j.update(hand);
        return j;
    }
    ordered_json hands = ordered_json::array();
    for (int i = 0; i < static_cast<int>(game.hands.size()); ++i) {
        hands.push_back(hand_row(game, scored, i));
    }
    j["hands"] = std::move(hands);
    if (scored.result) {
        const GameResult& r = *scored.result;
        j["result"] = {{"after_hand", scored.hands.size()},
                       {"reason", end_reason_name(r.reason)},
                       {"winner", r.winner ? ordered_json(std::string(team_name(*r.winner)))
                                           : ordered_json(nullptr)},
                       {"NS", r.final[0].score},
                       {"EW", r.final[1].score},
                       {"overtime_sets", r.overtime_sets}};
    } else {
        j["result"] = nullptr;
    }
    j["hands_unscored"] = scored.hands_unscored;
    return j;
}

// The picture options, checked before anything is read: a usage error says what is wrong.
std::optional<analyzer::PictureSize> picture_size(const ShowOptions& opts) {
    for (std::size_t i = 0; i < kPictureFormats.size(); ++i) {
        const std::string& file = opts.pictures[i];
        if (file.empty()) continue;
        const std::string option = "--" + std::string(kPictureFormats[i].name);
        check_picture_file(option, file, kPictureFormats[i].format);
        for (std::size_t k = 0; k < i; ++k) {
            if (opts.pictures[k] == file) {
                throw UsageError(fmt::format("{} and --{} both write {}", option,
                                             kPictureFormats[k].name, file));
            }
        }
    }
    const bool any = std::any_of(opts.pictures.begin(), opts.pictures.end(),
                                 [](const std::string& f) { return !f.empty(); });
    bool sized = false;  // a picture with a size: all but the HTML page, which flows
    for (std::size_t i = 0; i < kPictureFormats.size(); ++i) {
        sized = sized || (!opts.pictures[i].empty() &&
                          kPictureFormats[i].format != analyzer::PictureFormat::Html);
    }
    if (!opts.size.empty() && !sized) {
        throw UsageError("--size is the size of the --png or --svg picture: give one of them");
    }
    if (!any) return std::nullopt;
    if (opts.json) {
        throw UsageError("--json prints the hand; --png, --svg and --html write it: not both");
    }
    if (!parse_game_arg(opts.game).hand_number) {
        throw UsageError(fmt::format(
            "a picture is of one hand: name it as GAME:HAND ({}:1 for the first)", opts.game));
    }
    if (opts.size.empty()) return analyzer::PictureSize{};
    auto size = analyzer::parse_picture_size(opts.size);
    if (!size) {
        throw UsageError(
            fmt::format("--size '{}': expected WIDTHxHEIGHT in pixels, each from 1 "
                        "to {} (1200x800)",
                        opts.size, analyzer::kMaxPictureSide));
    }
    return size;
}

// show GAME:HAND --png/--svg/--html: each picture written whole, or not at all.
void write_pictures(const ShowOptions& opts, const std::vector<LoadedGame>& games,
                    analyzer::PictureSize size) {
    if (games.size() != 1) {
        throw UsageError(fmt::format("{} names {} games: a picture is of one hand (FILE@N:HAND)",
                                     opts.game, games.size()));
    }
    const LoadedGame& loaded = games.front();
    require_deal(loaded, "draw", " (`spadework show` without :HAND shows its bids and tricks)");
    try {
        analyzer::check_picture_size(loaded.game, *loaded.hand, size);
    } catch (const Error& e) {
        throw UsageError(std::string("--size ") + e.what());
    }
    for (std::size_t i = 0; i < kPictureFormats.size(); ++i) {
        if (opts.pictures[i].empty()) continue;
        analyzer::write_hand_picture(opts.pictures[i], kPictureFormats[i].format, loaded.game,
                                     *loaded.hand, size);
        fmt::print("{}: hand {} of {} written\n", opts.pictures[i], *loaded.hand + 1, loaded.label);
    }
}

void run_show(const ShowOptions& opts) {
    const auto size = picture_size(opts);
    auto games = load_game_arg(opts.game, opts.db, opts.played);
    if (size) {
        write_pictures(opts, games, *size);
        return;
    }
    if (opts.json) {
        // JSON Lines: one object a line, one line per game (as analyze --json).
        for (const LoadedGame& loaded : games) fmt::print("{}\n", show_json(loaded).dump());
        return;
    }
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
    PlayedUnder played;
};

void run_convert(const ConvertOptions& opts) {
    if (!formats::file_kind(opts.out)) {
        throw UsageError(fmt::format("{}: unknown output kind: expected {}", opts.out,
                                     formats::extension_list()));
    }
    // Any GAME form but :HAND: a file records whole games.
    const GameRef in = parse_game_arg(opts.in);
    if (in.hand_number) {
        throw UsageError(
            fmt::format("convert {}: a game file holds whole games; drop the :HAND", opts.in));
    }
    // Written over its own input, a file would lose the games it is not asked for (FILE@N), or
    // be rewritten for nothing.
    std::error_code ec;
    if (in.kind == GameRef::Kind::File && std::filesystem::equivalent(in.path, opts.out, ec)) {
        throw UsageError(fmt::format(
            "convert {} {}: the output is the file read; write to another file{}", opts.in,
            opts.out, in.game_number ? " (the file's other games would be lost)" : ""));
    }
    std::vector<RecordedGame> games;
    for (LoadedGame& loaded : load_game_arg(opts.in, opts.db, opts.played)) {
        games.push_back(std::move(loaded.game));
    }
    formats::write_game_file(opts.out, games);
    fmt::print("{}: {} written\n", opts.out,
               analyzer::count_of(static_cast<long long>(games.size()), "game"));
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
    cmd->add_flag("--json", show->json,
                  "print each game (or the hand GAME:HAND names) as JSON Lines: one JSON object "
                  "a line, one line per game");
    for (std::size_t i = 0; i < kPictureFormats.size(); ++i) {
        cmd->add_option(
            "--" + std::string(kPictureFormats[i].name), show->pictures[i],
            "Write the hand GAME:HAND names as " + std::string(kPictureFormats[i].what));
    }
    cmd->add_option("--size", show->size,
                    "WIDTHxHEIGHT of the --png or --svg picture in pixels (1200x800); the diagram "
                    "is scaled to fit and centred. Default: the diagram's own size");
    add_played_under_options(cmd, show->played);
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
    add_played_under_options(cmd, convert->played);
    add_db_option(cmd, convert->db);
    cmd->callback([convert] { run_convert(*convert); });
}

}  // namespace spadework::cli
