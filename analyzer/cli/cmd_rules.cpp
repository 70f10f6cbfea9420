// `spadework rules`: without a name, the presets; with one, every rule of the set as
// key=value lines that can be given back as --rule overrides.
#include <fmt/core.h>
#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "commands.h"
#include "common.h"
#include "rules_arg.h"
#include "spadework/engine/error.h"
#include "spadework/engine/rules.h"

namespace spadework::cli {
namespace {

struct RulesOptions {
    std::string name;
    std::vector<std::string> overrides;
    bool json = false;
};

void list_presets(bool json) {
    if (json) {
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (auto& p : presets()) {
            list.push_back({{"name", p.name}, {"source", p.source}, {"summary", p.summary}});
        }
        fmt::print("{}\n", list.dump(2));
        return;
    }
    std::size_t name_width = 0;
    std::size_t source_width = 0;
    for (auto& p : presets()) {
        name_width = std::max(name_width, p.name.size());
        source_width = std::max(source_width, p.source.size());
    }
    for (auto& p : presets()) {
        fmt::print("{:<{}}  {:<{}}  {}\n", p.name, name_width, p.source, source_width, p.summary);
    }
}

// Where the rule set comes from, for the first line: the preset's rules, or the house file.
std::string source_of(const RuleSet& rules, const RulesArg& arg) {
    std::filesystem::path house = house_rules_file(arg.name);
    // A rule set file named on the command line, as a house rule set is by name.
    if (house.empty() && arg.name != rules.name) house = arg.name;
    for (const PresetInfo& p : presets()) {
        if (p.name != rules.name) continue;
        if (!house.empty()) return fmt::format("{}, house rules in {}", p.source, house.string());
        return std::string(p.source);
    }
    return "house rules in " + (house.empty() ? arg.name : house.string());
}

// The keys whose values differ from classic's, as "key=value (classic: value)".
std::vector<std::string> differences_from_classic(
    const std::vector<std::pair<std::string, std::string>>& values) {
    std::vector<std::string> out;
    auto classic = rule_values(preset("classic"));
    for (std::size_t i = 0; i < values.size() && i < classic.size(); ++i) {
        if (values[i].second == classic[i].second) continue;
        out.push_back(fmt::format("{}={} (classic: {})", values[i].first, values[i].second,
                                  classic[i].second));
    }
    return out;
}

void print_rule_set(const RulesOptions& opts) {
    RuleSet rules = load_rules_with(opts.name, opts.overrides);
    RulesArg arg = split_rules_arg(opts.name);
    std::vector<std::string> changes = arg.overrides;
    changes.insert(changes.end(), opts.overrides.begin(), opts.overrides.end());
    std::string source = source_of(rules, arg);
    auto values = rule_values(rules);

    if (opts.json) {
        nlohmann::ordered_json out;
        out["name"] = rules.name;
        out["source"] = source;
        out["overrides"] = changes;
        out["rules"] = nlohmann::ordered_json::object();
        for (auto& [key, value] : values) out["rules"][key] = value;
        fmt::print("{}\n", out.dump(2));
        return;
    }
    // Comment lines first, so the key=value lines can be fed straight back.
    fmt::print("# {} (from {})\n", rules.name, source);
    if (!changes.empty()) {
        fmt::print("# overrides:");
        for (auto& o : changes) fmt::print(" {}", o);
        fmt::print("\n");
    }
    // What sets the rule set apart, so a preset's choices can be read at a glance.
    std::vector<std::string> differs = differences_from_classic(values);
    if (!differs.empty()) {
        fmt::print("# differs from classic:\n");
        for (auto& d : differs) fmt::print("#   {}\n", d);
    }
    for (auto& [key, value] : values) fmt::print("{}={}\n", key, value);
}

}  // namespace

void add_rules_command(CLI::App& app) {
    auto opts = std::make_shared<RulesOptions>();
    CLI::App* cmd = app.add_subcommand(
        "rules", "List the rule set presets, or print one rule set in full as key=value lines");
    CLI::Option* name = cmd->add_option(
        "name", opts->name,
        "The rule set to print: a preset, a RuleSet .textproto file or a house rule set, then "
        "any key=value changes (\"classic hand_limit=12\")");
    cmd->add_option("--rule", opts->overrides,
                    "Override one rule, as key=value (repeatable); the keys are those printed")
        ->allow_extra_args(false);
    cmd->add_flag("--json", opts->json, "Print JSON");
    cmd->callback([opts, name] {
        // A NAME given blank (a script's empty variable) is not the list: --rules "" is refused
        // so too.
        if (name->count() > 0 && opts->name.empty()) {
            throw UsageError(
                "rules: a rule set with no name: give a preset, a RuleSet .textproto file or a "
                "house rule set, or no NAME for the list of presets");
        }
        // Said here rather than by CLI11's needs(), whose "--rule requires name" does not say
        // what to type.
        if (opts->name.empty() && !opts->overrides.empty()) {
            throw UsageError(fmt::format(
                "--rule changes a rule set: name one first, e.g. spadework rules classic --rule "
                "{}",
                opts->overrides.front()));
        }
        if (opts->name.empty()) {
            list_presets(opts->json);
        } else {
            print_rule_set(*opts);
        }
    });
}

}  // namespace spadework::cli
