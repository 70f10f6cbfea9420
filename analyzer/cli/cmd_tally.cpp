// `spadework tally`: the score calculator for one hand. It reads bids and tricks in seat
// order N,E,S,W, scores them under a rule set from the standings before the hand, and prints
// each partnership's breakdown.
#include <fmt/core.h>
#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <charconv>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "common.h"
#include "spadework/engine/error.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/scoring.h"

namespace spadework::cli {
namespace {

struct TallyOptions {
    std::string rules_name = "classic";
    std::vector<std::string> overrides;
    std::vector<std::string> bids;
    std::vector<std::string> tricks;
    std::vector<std::string> score;
    std::vector<std::string> bags;
    std::string honours;
    bool json = false;
};

// ---------------------------------------------------------------------------------------
// Reading the options (the shared readers are in common.h).

std::array<int, 4> read_tricks(const std::vector<std::string>& values) {
    expect_four("--tricks", values);
    std::array<int, 4> tricks{};
    for (std::size_t i = 0; i < 4; ++i) {
        auto n = to_int(values[i]);
        if (!n || *n < 0) bad_value("--tricks", values[i], i, "is not a number of tricks");
        tricks[i] = *n;
    }
    return tricks;
}

HandOutcome read_outcome(const TallyOptions& opts, const RuleSet& rules) {
    HandOutcome outcome;
    outcome.bids = read_bids(opts.bids);
    outcome.tricks = read_tricks(opts.tricks);
    if (!opts.honours.empty()) {
        try {
            outcome.honours = parse_team(opts.honours);
        } catch (const ParseError& e) {
            throw UsageError(fmt::format("--honours: {}", e.what()));
        }
    }
    // The engine's words name seats, not flags: say which values they are about.
    if (auto problem = check_outcome(rules, outcome)) {
        throw Error(fmt::format("--bids {} --tricks {} (seat order N,E,S,W) under {}: {}",
                                fmt::join(opts.bids, ","), fmt::join(opts.tricks, ","), rules.name,
                                *problem));
    }
    return outcome;
}

// The bidding rules the bids can break without the cards, checked as a score sheet's are
// (check_bid_rules): each bid beside its partner's, which is what the rules on a pair ask
// (Suicide, both partners nil, a minimum team bid), and blind_behind when --score gives the
// scores. The rules that need the cards (Whiz, Mirrors, nil_max_spades) are not checked.
void check_bids(const TallyOptions& opts, const RuleSet& rules, const HandOutcome& outcome,
                const Standings& before) {
    std::optional<std::array<int, 2>> scores;
    if (!opts.score.empty()) scores = std::array<int, 2>{before[0].score, before[1].score};
    for (Seat s : kAllSeats) {
        const Bid bid = outcome.bids[index(s)];
        BidFacts known{outcome.bids[index(partner(s))], std::nullopt, scores};
        if (auto bad = check_bid_rules(rules, s, bid, known)) {
            throw Error(fmt::format("{} bids {}: {}", seat_char(s), to_string(bid), bad->message));
        }
    }
}

// ---------------------------------------------------------------------------------------
// Printing.

nlohmann::ordered_json team_json(const TeamHandScore& team) {
    nlohmann::ordered_json items = nlohmann::ordered_json::array();
    for (auto& item : team.items) {
        nlohmann::ordered_json j;
        j["kind"] = std::string(kind_name(item.kind));
        j["points"] = item.points;
        j["bags"] = item.bags;
        if (item.seat) j["seat"] = seat_letter(*item.seat);
        j["text"] = item.text;
        items.push_back(std::move(j));
    }
    nlohmann::ordered_json j;
    j["delta"] = team.delta;
    j["score"] = team.after.score;
    j["bags"] = team.after.bags;
    j["breakdown"] = std::move(items);
    j["bid"] = team.bid;
    j["tricks"] = team.tricks;
    j["bags_added"] = team.bags_added;
    j["bag_penalties"] = team.bag_penalties;
    return j;
}

// The rule set as given, with its changes: what the text's first line says.
std::string rules_given(const TallyOptions& opts) {
    std::string out = opts.rules_name;
    for (const std::string& o : opts.overrides) out += " " + o;
    return out;
}

void print_json(const TallyOptions& opts, const HandScore& score) {
    nlohmann::ordered_json out;
    out["rules"] = rules_given(opts);
    out["teams"] = nlohmann::ordered_json::object();
    for (Team t : kAllTeams) out["teams"][std::string(team_name(t))] = team_json(score[t]);
    fmt::print("{}\n", out.dump(2));
}

void print_text(const TallyOptions& opts, const HandOutcome& outcome, const Standings& before,
                const HandScore& score) {
    fmt::print("rules: {}\n", rules_given(opts));

    // One width for both tables, so their point columns line up.
    std::size_t width = 12;
    for (auto& team : score.teams) {
        for (auto& item : team.items) width = std::max(width, item.text.size());
    }
    for (Team t : kAllTeams) {
        const TeamHandScore& team = score[t];
        const TeamStanding& was = before[index(t)];
        fmt::print("\n{}", team_name(t));
        for (Seat s : members(t)) {
            fmt::print("  {} bid {} took {}", seat_char(s), to_string(outcome.bids[index(s)]),
                       outcome.tricks[index(s)]);
        }
        fmt::print("\n  contract {}, tricks counted {}\n", team.bid, team.tricks);
        for (auto& item : team.items) {
            fmt::print("  {:<{}}  {:>+5}", item.text, width, item.points);
            if (item.bags != 0) {
                fmt::print("  {:+} {}", item.bags, analyzer::plural(std::abs(item.bags), "bag"));
            }
            fmt::print("\n");
        }
        fmt::print("  {:<{}}  {:>+5}\n", "this hand", width, team.delta);
        fmt::print("  {:<{}}  {:>5}  (was {})\n", "score", width, team.after.score, was.score);
        fmt::print("  {:<{}}  {:>5}  (was {})\n", "bags", width, team.after.bags, was.bags);
    }
}

void run_tally(const TallyOptions& opts) {
    RuleSet rules = load_rules_with(opts.rules_name, opts.overrides);
    HandOutcome outcome = read_outcome(opts, rules);
    Standings before = read_standings(opts.score, opts.bags, rules);
    check_bids(opts, rules, outcome, before);
    HandScore score = score_hand(rules, outcome, before);
    if (opts.json) {
        print_json(opts, score);
    } else {
        print_text(opts, outcome, before, score);
    }
}

}  // namespace

void add_tally_command(CLI::App& app) {
    auto opts = std::make_shared<TallyOptions>();
    CLI::App* cmd = app.add_subcommand("tally", "Score one hand under a rule set");
    add_rules_options(cmd, opts->rules_name, opts->overrides);
    add_list_option(cmd, "--bids", opts->bids, "Bids in seat order N,E,S,W: a number, nil or bnil")
        ->required();
    add_list_option(cmd, "--tricks", opts->tricks, "Tricks taken in seat order N,E,S,W")
        ->required();
    add_list_option(cmd, "--score", opts->score, "Scores before the hand, e.g. NS=208,EW=-40");
    add_list_option(cmd, "--bags", opts->bags, "Bags before the hand, e.g. NS=8,EW=0");
    cmd->add_option("--honours", opts->honours,
                    "The partnership that won all of AH KH QH JH (NS or EW)");
    cmd->add_flag("--json", opts->json, "Print JSON");
    cmd->callback([opts] { run_tally(*opts); });
}

}  // namespace spadework::cli
