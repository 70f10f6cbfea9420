// `spadework solve`: the double-dummy answer for a position given on the command line — the
// deal as play began, who leads, the cards played so far — under the tricks, nil or score
// objective, with the value of every legal card.
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "commands.h"
#include "common.h"
#include "spadework/engine/solver.h"

namespace spadework::cli {
namespace {

using nlohmann::ordered_json;

struct SolveOptions {
    std::string deal;
    std::string leader;
    std::string rules_name = "classic";
    std::vector<std::string> overrides;
    std::string played;
    std::vector<std::string> bids;
    std::string objective = "tricks";
    std::string nil_seat;
    std::vector<std::string> score;
    std::vector<std::string> bags;
    long long table_mb = 64;
    bool json = false;
};

// --table-mb's range, as a review's table_megabytes.
constexpr long long kMinTableMb = 1;
constexpr long long kMaxTableMb = 4096;

// The hand as it stands after the cards played: a HandState with the bids made and the cards
// of --played played in order, each checked. The deal is the cards at the start of play, so
// any pass or blind nil exchange has happened already and is not replayed.
HandState build_state(const SolveOptions& opts, const RuleSet& rules) {
    Seat leader = seat_option("--leader", opts.leader);
    Deal deal;
    try {
        deal = parse_pbn(opts.deal);
    } catch (const ParseError& e) {
        throw Error(fmt::format("--deal, column {}: {}", e.column(), e.what()));
    }
    if (auto problem = check_deal(deal, rules.deck())) throw Error("--deal: " + *problem);

    RuleSet at_play = rules;
    at_play.pass_cards = 0;
    at_play.blind_nil_exchange = 0;
    // The player left of the dealer leads, unless the 2C decides.
    HandState state(at_play, next(leader, 3), deal);
    std::array<Bid, 4> bids{Bid::tricks(1), Bid::tricks(1), Bid::tricks(1), Bid::tricks(1)};
    if (!opts.bids.empty()) bids = read_bids(opts.bids);
    for (int k = 0; k < 4; ++k) {
        Seat s = next(leader, k);
        if (auto bad = state.check_bid(s, bids[index(s)])) throw Error("--bids: " + bad->message);
        state.bid(s, bids[index(s)]);
    }
    if (state.to_act() != leader) {
        throw Error(
            fmt::format("--leader {}: under first_lead=two_of_clubs {} holds the 2C and leads",
                        opts.leader, seat_letter(state.to_act())));
    }
    std::istringstream words(opts.played);
    int n = 0;
    for (std::string word; words >> word;) {
        ++n;
        Card card;
        try {
            card = parse_card(word);
        } catch (const ParseError& e) {
            throw Error(fmt::format("--played, card {}: {}", n, e.what()));
        }
        if (state.phase() != Phase::Play)
            throw Error(fmt::format("--played, card {}: the hand is over", n));
        if (auto bad = state.check_play(card)) {
            throw Error(fmt::format("--played, card {} ({}): {}", n, word, bad->message));
        }
        state.play(card);
    }
    if (state.phase() != Phase::Play) throw Error("--played: every card has been played");
    return state;
}

Objective parse_objective(const std::string& text) {
    if (text == "tricks") return Objective::Tricks;
    if (text == "nil") return Objective::Nil;
    if (text == "score") return Objective::Score;
    throw UsageError(fmt::format("--objective: '{}': expected tricks, nil or score", text));
}

// The nil bidder the nil objective is about: --nil-seat, or the only nil bidder.
Seat nil_seat_of(const SolveOptions& opts, const HandState& state) {
    std::vector<Seat> nils;
    for (Seat s : kAllSeats) {
        if (state.bid_of(s) && state.bid_of(s)->is_nil()) nils.push_back(s);
    }
    if (!opts.nil_seat.empty()) {
        Seat seat = seat_option("--nil-seat", opts.nil_seat);
        if (std::find(nils.begin(), nils.end(), seat) == nils.end()) {
            throw UsageError(fmt::format("--nil-seat {}: {} did not bid nil or blind nil in --bids",
                                         opts.nil_seat, seat_letter(seat)));
        }
        return seat;
    }
    if (nils.size() != 1) {
        throw UsageError(nils.empty() ? "--objective nil needs a nil bid in --bids"
                                      : "two players bid nil: say which with --nil-seat");
    }
    return nils[0];
}

// The options that count only for some objectives, and --table-mb's range, checked before the
// position is built.
void check_options(const SolveOptions& opts, Objective objective) {
    if (objective == Objective::Score && opts.bids.empty()) {
        throw UsageError("--objective score needs --bids");
    }
    if (objective != Objective::Nil && !opts.nil_seat.empty()) {
        throw UsageError("--nil-seat names the nil of --objective nil: give that objective");
    }
    if (objective != Objective::Score && (!opts.score.empty() || !opts.bags.empty())) {
        throw UsageError(
            "--score and --bags are the standings --objective score counts: give that "
            "objective");
    }
    if (opts.table_mb < kMinTableMb || opts.table_mb > kMaxTableMb) {
        throw UsageError(fmt::format("--table-mb {}: the table's size is from {} to {} MB",
                                     opts.table_mb, kMinTableMb, kMaxTableMb));
    }
}

void print_json(const SolveResult& r, double ms) {
    ordered_json j;
    j["objective"] = r.objective == Objective::Tricks ? "tricks"
                     : r.objective == Objective::Nil  ? "nil"
                                                      : "score";
    j["to_play"] = seat_letter(r.to_play);
    j["side"] = std::string(team_name(r.side));
    switch (r.objective) {
        case Objective::Tricks:
            j["total_tricks"] = r.total_tricks;
            break;
        case Objective::Nil:
            j["nil_seat"] = seat_letter(*r.nil_seat);
            j["nil_kept"] = r.nil_kept;
            break;
        case Objective::Score:
            j["score"] = r.score;
            break;
    }
    j["cards"] = ordered_json::array();
    for (const CardValue& c : r.cards) {
        ordered_json card;
        card["card"] = to_string(c.card);
        if (r.objective == Objective::Tricks) card["total_tricks"] = c.total_tricks;
        if (r.objective == Objective::Nil) card["nil_kept"] = c.nil_kept;
        if (r.objective == Objective::Score) card["score"] = c.score;
        j["cards"].push_back(std::move(card));
    }
    j["nodes"] = r.nodes;
    j["ms"] = ms;
    fmt::print("{}\n", j.dump(2));
}

void print_text(const SolveResult& r, const Position& p, double ms) {
    fmt::print("{} to play ({}); spades {}broken; {} played\n", seat_letter(r.to_play),
               team_name(r.side), p.spades_broken ? "" : "not ",
               analyzer::count_of(p.tricks_played, "trick"));
    switch (r.objective) {
        case Objective::Tricks:
            fmt::print("{} end with {} under best play\n", team_name(r.side),
                       analyzer::count_of(r.total_tricks, "trick"));
            break;
        case Objective::Nil:
            fmt::print("{}'s nil is {} under best play\n", seat_letter(*r.nil_seat),
                       r.nil_kept ? "kept" : "broken");
            break;
        case Objective::Score:
            if (r.score == 0) {
                fmt::print("{} end level with the opponents on this hand under best play\n",
                           team_name(r.side));
            } else {
                fmt::print("{} end {} {} the opponents on this hand under best play\n",
                           team_name(r.side), analyzer::count_of(std::abs(r.score), "point"),
                           r.score > 0 ? "ahead of" : "behind");
            }
            break;
    }
    if (!r.cards.empty()) {
        fmt::print("each card {} can play, and {}:\n", seat_letter(r.to_play),
                   r.objective == Objective::Tricks
                       ? fmt::format("the tricks {} end with", team_name(r.side))
                   : r.objective == Objective::Nil
                       ? std::string("the nil after it")
                       : fmt::format("the points {} end ahead (-: behind)", team_name(r.side)));
    }
    for (const CardValue& c : r.cards) {
        std::string value = r.objective == Objective::Tricks ? std::to_string(c.total_tricks)
                            : r.objective == Objective::Nil  ? (c.nil_kept ? "kept" : "broken")
                                                             : fmt::format("{:+}", c.score);
        fmt::print("  {:<3} {}\n", to_string(c.card), value);
    }
    fmt::print("({} positions, {:.1f} ms)\n", r.nodes, ms);
}

void run_solve(const SolveOptions& opts) {
    RuleSet rules = load_rules_with(opts.rules_name, opts.overrides);
    Objective objective = parse_objective(opts.objective);
    check_options(opts, objective);
    HandState state = build_state(opts, rules);
    Position position = position_of(state);
    position.rules = rules;  // the scoring keys of the rule set asked for, pass and all
    Standings before = read_standings(opts.score, opts.bags, rules);
    std::optional<Seat> nil_seat;
    if (objective == Objective::Nil) nil_seat = nil_seat_of(opts, state);

    Solver solver(SolverOptions{static_cast<std::size_t>(opts.table_mb)});
    auto start = std::chrono::steady_clock::now();
    SolveResult result = solver.solve(position, objective, nil_seat, before);
    double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (opts.json) {
        print_json(result, ms);
    } else {
        print_text(result, position, ms);
    }
}

}  // namespace

void add_solve_command(CLI::App& app) {
    auto opts = std::make_shared<SolveOptions>();
    CLI::App* cmd = app.add_subcommand(
        "solve", "Solve a position double dummy: tricks, a nil, or the score, card by card");
    cmd->add_option("--deal", opts->deal,
                    "The hands as play began (after any pass), PBN: \"N:AKQ.JT9.8765.432 ...\"")
        ->required();
    cmd->add_option("--leader", opts->leader, "The seat that leads the first trick")->required();
    add_rules_options(cmd, opts->rules_name, opts->overrides);
    cmd->add_option("--played", opts->played, "The cards played so far, in order: \"2C AC ...\"");
    add_list_option(cmd, "--bids", opts->bids, "Bids in seat order N,E,S,W (for nil and score)");
    cmd->add_option("--objective", opts->objective, "tricks, nil or score")->capture_default_str();
    cmd->add_option("--nil-seat", opts->nil_seat, "The nil bidder, when two bid nil");
    add_list_option(cmd, "--score", opts->score, "Scores before the hand, e.g. NS=208,EW=-40");
    add_list_option(cmd, "--bags", opts->bags, "Bags before the hand, e.g. NS=8,EW=0");
    cmd->add_option("--table-mb", opts->table_mb, "The solver's table size in MB")
        ->capture_default_str();
    cmd->add_flag("--json", opts->json, "Print JSON");
    cmd->callback([opts] { run_solve(*opts); });
}

}  // namespace spadework::cli
