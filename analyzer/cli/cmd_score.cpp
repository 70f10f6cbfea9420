// `spadework score GAME|FILE --rules a,b,...`: a recorded game re-scored under several rule
// sets side by side.
#include <fmt/core.h>
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "commands.h"
#include "common.h"
#include "spadework/analyzer/comparison.h"
#include "spadework/analyzer/diagram.h"

namespace spadework::cli {
namespace {

using analyzer::RuleSetRun;
using nlohmann::ordered_json;

struct ScoreOptions {
    std::string game;
    std::vector<std::string> rules;
    std::vector<std::string> overrides;  // --rule, applied to every rule set
    std::string db;
    bool json = false;
};

constexpr int kRunWidth = 40;  // two cells of 19 and the space between them

std::string ending(const RuleSetRun& run) {
    const ScoredGame& s = run.scored;
    if (!s.result) {
        if (s.hands.empty()) return "no hand finished";
        const Standings& st = s.hands.back().after;
        return fmt::format("not over after {} (NS {}, EW {})",
                           analyzer::count_of(static_cast<long long>(s.hands.size()), "hand"),
                           st[0].score, st[1].score);
    }
    const GameResult& r = *s.result;
    std::string who =
        r.winner ? fmt::format("{} win {}", team_name(*r.winner),
                               analyzer::score_pair(r.final[index(*r.winner)].score,
                                                    r.final[index(opponent(*r.winner))].score))
                 : "drawn " + analyzer::score_pair(r.final[0].score, r.final[1].score);
    std::string out =
        fmt::format("ends after hand {} ({}): {}", s.hands.size(), end_reason_name(r.reason), who);
    if (r.overtime_sets > 0) {
        out += ", after " + analyzer::count_of(r.overtime_sets, "overtime set");
    }
    if (std::string note = analyzer::end_points_note(s); !note.empty()) out += ", " + note;
    if (s.hands_unscored > 0) {
        out +=
            s.hands_unscored == 1
                ? std::string("; the hand played after that is not scored")
                : fmt::format("; the {} hands played after that are not scored", s.hands_unscored);
    }
    return out;
}

void print_text(const LoadedGame& loaded, const analyzer::Comparison& cmp) {
    fmt::print("{}: {}played under {}, {}\n", loaded.label,
               loaded.game.score_sheet() ? "a score sheet (bids and tricks), " : "",
               spell_rules(loaded.game.rules), analyzer::count_of(cmp.hands_recorded, "hand"));
    for (const auto& run : cmp.runs) {
        for (const auto& note : run.carried_over) {
            fmt::print("  {}: carried over {}\n", run.label, note);
        }
        for (const auto& note : run.scored.not_scored) {
            fmt::print("  {}: from a score sheet, {}\n", run.label, note);
        }
    }
    // One cell per partnership: "NS   +62   312  2b", a "!" after the bags when a bag
    // penalty was paid in that hand.
    std::string head = "hand";
    for (const auto& run : cmp.runs) head += fmt::format(" | {:<{}}", run.label, kRunWidth);
    fmt::print(
        "\n(each side: the hand's points, the score after it, its bags: \"NS +62 312 2b\")\n");
    fmt::print("{}\n", head);
    bool penalty_shown = false;
    for (int h = 0; h < cmp.hands_recorded; ++h) {
        std::string line = fmt::format("{:>4}", h + 1);
        for (const auto& run : cmp.runs) {
            line += " | ";
            if (h >= static_cast<int>(run.scored.hands.size())) {
                line += fmt::format("{:<{}}", run.scored.result ? "(game over)" : "(not scored)",
                                    kRunWidth);
                continue;
            }
            const HandRecord& r = run.scored.hands[static_cast<std::size_t>(h)];
            for (Team t : kAllTeams) {
                const TeamHandScore& ts = r.score[t];
                line += fmt::format("{} {:>5} {:>5} {:>2}b{}", team_name(t),
                                    fmt::format("{:+}", ts.delta), r.after[index(t)].score,
                                    r.after[index(t)].bags, ts.bag_penalties > 0 ? "!" : " ");
                penalty_shown = penalty_shown || ts.bag_penalties > 0;
                if (t == Team::NS) line += "  ";
            }
        }
        for (const auto& run : cmp.runs) {
            const auto& hands = run.scored.hands;
            if (h < static_cast<int>(hands.size()) &&
                hands[static_cast<std::size_t>(h)].tie_to_overtime) {
                line += fmt::format("  ({}: level at the end, an overtime set to {} begins)",
                                    run.label, run.scored.rules.overtime_target);
            }
        }
        fmt::print("{}\n", line);
    }
    fmt::print("\n");
    for (const auto& run : cmp.runs) fmt::print("{}: {}\n", run.label, ending(run));
    // The key only where the table has a mark to explain.
    if (penalty_shown) fmt::print("(! marks a bag penalty in that hand)\n");
}

ordered_json run_json(const RuleSetRun& run) {
    ordered_json j;
    j["rules"] = run.label;
    j["carried_over"] = run.carried_over;
    // What the rule set scores from the cards, which a score sheet does not have.
    j["not_scored"] = run.scored.not_scored;
    j["hands"] = ordered_json::array();
    for (std::size_t h = 0; h < run.scored.hands.size(); ++h) {
        const HandRecord& r = run.scored.hands[h];
        ordered_json hand;
        hand["hand"] = h + 1;
        for (Team t : kAllTeams) {
            const TeamHandScore& ts = r.score[t];
            hand[std::string(team_name(t))] = {{"points", ts.delta},
                                               {"bags_added", ts.bags_added},
                                               {"bag_penalties", ts.bag_penalties},
                                               {"score", r.after[index(t)].score},
                                               {"bags", r.after[index(t)].bags}};
        }
        hand["tie_to_overtime"] = r.tie_to_overtime;
        j["hands"].push_back(std::move(hand));
    }
    if (const auto& res = run.scored.result) {
        j["result"] = {{"ended_after_hand", run.scored.hands.size()},
                       {"reason", std::string(end_reason_name(res->reason))},
                       {"winner", res->winner ? ordered_json(std::string(team_name(*res->winner)))
                                              : ordered_json(nullptr)},
                       {"NS", res->final[0].score},
                       {"EW", res->final[1].score},
                       {"margin", res->margin},
                       {"overtime_sets", res->overtime_sets}};
    } else {
        j["result"] = nullptr;
    }
    j["hands_unscored"] = run.scored.hands_unscored;
    return j;
}

struct RuleColumns {
    std::vector<RuleSet> rule_sets;
    std::vector<std::string> labels;
    void add(RuleSet rules, std::string label, const std::vector<std::string>& overrides) {
        // The label says the overrides, so the columns do not claim the presets as they are.
        if (!overrides.empty()) label += fmt::format(" {}", fmt::join(overrides, " "));
        rule_sets.push_back(std::move(rules));
        labels.push_back(std::move(label));
    }
};

// Without --rules: the rules the game was played under, then classic and Paperless, the two
// a player most often compares, each unless it is the rules as played.
RuleColumns default_columns(const RecordedGame& game, const std::vector<std::string>& overrides) {
    RuleColumns out;
    out.add(with_rule_flags(game.rules, overrides), spell_rules(game.rules), overrides);
    for (const char* name : {"classic", "paperless"}) {
        if (preset(name) == game.rules) continue;
        out.add(load_rules_with(name, overrides), name, overrides);
    }
    return out;
}

void run_score(const ScoreOptions& opts) {
    // A --rule that does not read is bad usage before any game is read, as for every command.
    RuleSet probe = preset("classic");
    apply_rule_flags(probe, opts.overrides);
    RuleColumns asked;
    std::set<std::string> named;
    for (const std::string& name : opts.rules) {
        if (!named.insert(name).second) {
            throw UsageError(fmt::format("--rules: '{}' is named twice", name));
        }
        asked.add(load_rules_with(name, opts.overrides), name, opts.overrides);
    }
    auto games = load_game_arg(opts.game, opts.db);
    ordered_json all = ordered_json::array();
    bool first = true;
    for (const LoadedGame& loaded : games) {
        const RuleColumns columns =
            opts.rules.empty() ? default_columns(loaded.game, opts.overrides) : asked;
        analyzer::Comparison cmp =
            analyzer::compare_scoring(loaded.game, columns.rule_sets, columns.labels);
        if (opts.json) {
            ordered_json j;
            j["game"] = loaded.label;
            j["played_under"] = spell_rules(loaded.game.rules);
            j["score_sheet"] = loaded.game.score_sheet();
            j["hands"] = cmp.hands_recorded;
            j["rule_sets"] = ordered_json::array();
            for (const auto& run : cmp.runs) j["rule_sets"].push_back(run_json(run));
            all.push_back(std::move(j));
            continue;
        }
        if (!first) fmt::print("\n");
        first = false;
        print_text(loaded, cmp);
    }
    if (opts.json) fmt::print("{}\n", (games.size() == 1 ? all[0] : all).dump(2));
}

}  // namespace

void add_score_command(CLI::App& app) {
    auto opts = std::make_shared<ScoreOptions>();
    CLI::App* cmd = app.add_subcommand(
        "score", "Re-score a recorded game under several rule sets, side by side");
    cmd->add_option("game", opts->game, "A library id or a game file (FILE@N for one game)")
        ->required();
    add_list_option(
        cmd, "--rules", opts->rules,
        "Rule sets, comma separated: presets, RuleSet .textproto files or house "
        "rule sets, each with any key=value changes (\"classic target=300,paperless\"); "
        "without it, the rules the game was played under, classic and paperless");
    add_rule_override_option(cmd, opts->overrides);
    cmd->add_flag("--json", opts->json, "Print JSON");
    add_db_option(cmd, opts->db);
    cmd->callback([opts] { run_score(*opts); });
}

}  // namespace spadework::cli
