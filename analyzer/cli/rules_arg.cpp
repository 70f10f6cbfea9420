#include "rules_arg.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "common.h"
#include "spadework/analyzer/text.h"
#include "spadework/engine/error.h"
#include "spadework/engine/rules.h"
#include "spadework/formats/game_file.h"

namespace spadework::cli {

namespace fs = std::filesystem;

namespace {

bool path_exists(std::string_view text) {
    std::error_code ec;
    return !text.empty() && fs::exists(fs::path(std::string(text)), ec);
}

bool is_preset(std::string_view name) {
    for (const PresetInfo& info : presets()) {
        if (info.name == name) return true;
    }
    return false;
}

bool same_folded(std::string_view a, std::string_view b) {
    auto fold = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                              [&](char x, char y) { return fold(x) == fold(y); });
}

// A name a house rule set can be saved under: a file name with no folder and no extension.
bool plain_name(std::string_view name) {
    return !name.empty() && name.find_first_of("/\\.") == std::string_view::npos;
}

std::string preset_list() {
    std::vector<std::string_view> names;
    for (const PresetInfo& info : presets()) names.push_back(info.name);
    return fmt::format("{}", fmt::join(names, ", "));
}

// The rule set a mistyped name was most likely meant to be, among the presets and the house
// rule sets saved (house_rules_dir): "did you mean 'classic'?", or nothing.
std::string did_you_mean(const std::string& name) {
    std::vector<std::string> names;
    for (const PresetInfo& info : presets()) names.emplace_back(info.name);
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(house_rules_dir(), ec)) {
        if (entry.path().extension() == ".textproto") names.push_back(entry.path().stem());
    }
    const std::optional<std::string> near = analyzer::nearest_word(name, names);
    return near ? fmt::format(" (did you mean '{}'?)", *near) : std::string();
}

}  // namespace

std::string preset_spelling(std::string_view name) {
    if (!path_exists(name)) {
        for (const PresetInfo& info : presets()) {
            if (same_folded(info.name, name)) return std::string(info.name);
        }
    }
    return std::string(name);
}

void apply_rule_flags(RuleSet& rules, const std::vector<std::string>& overrides) {
    for (const std::string& o : overrides) {
        try {
            apply_override(rules, o);
        } catch (const Error& e) {
            throw UsageError(fmt::format("--rule {}: {}", o, e.what()));
        }
    }
}

RuleSet with_rule_flags(RuleSet rules, const std::vector<std::string>& overrides) {
    apply_rule_flags(rules, overrides);
    try {
        check_rules(rules);
    } catch (const RuleError& e) {
        if (overrides.empty()) throw;
        throw UsageError(fmt::format("--rule {}: {}", fmt::join(overrides, " "), e.what()));
    }
    return rules;
}

RulesArg split_rules_arg(std::string_view text) {
    RulesArg arg;
    if (path_exists(text)) {
        arg.name = std::string(text);
        return arg;
    }
    std::vector<std::string> words;
    for (std::size_t i = text.find_first_not_of(" \t"); i != std::string_view::npos;) {
        std::size_t j = std::min(text.find_first_of(" \t", i), text.size());
        words.emplace_back(text.substr(i, j - i));
        i = text.find_first_not_of(" \t", j);
    }
    std::size_t first = 0;
    if (words.empty() || words[0].find('=') != std::string::npos) {
        arg.name = std::string(presets().front().name);
    } else {
        arg.name = preset_spelling(words[0]);
        first = 1;
    }
    arg.overrides.assign(words.begin() + static_cast<std::ptrdiff_t>(first), words.end());
    return arg;
}

fs::path house_rules_dir() {
    fs::path base;
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    if (xdg && *xdg && fs::path(xdg).is_absolute()) {
        base = xdg;
    } else if (const char* home = std::getenv("HOME"); home && *home) {
        base = fs::path(home) / ".config";
    } else {
        base = fs::current_path();
    }
    return base / "spadework" / "rules";
}

fs::path house_rules_file(std::string_view name) {
    if (!plain_name(name) || is_preset(name) || path_exists(name)) return {};
    fs::path file = house_rules_dir() / (std::string(name) + ".textproto");
    std::error_code ec;
    return fs::exists(file, ec) ? file : fs::path();
}

RuleSet load_rules_with(std::string_view text, const std::vector<std::string>& overrides) {
    // A blank name is a slip (`--rules ""`, "classic,,paperless"), not a wish for classic: it
    // would be scored and shown under no name at all.
    if (text.find_first_not_of(" \t") == std::string_view::npos) {
        throw UsageError(fmt::format(
            "--rules: a rule set with no name: give a preset ({}), a RuleSet .textproto file or "
            "a house rule set",
            preset_list()));
    }
    RulesArg arg = split_rules_arg(text);
    fs::path house = house_rules_file(arg.name);
    RuleSet rules;
    try {
        rules = formats::load_rules(house.empty() ? arg.name : house.string());
    } catch (const RuleError& e) {
        // A file that exists and does not read is bad input; a name that is no preset, no
        // file and no house rule set is a malformed command line.
        if (!house.empty() || path_exists(arg.name)) throw;
        if (!plain_name(arg.name)) throw UsageError(e.what());
        throw UsageError(fmt::format(
            "no rule set '{}'{}: give a preset ({}), a RuleSet .textproto file, or save one as {}",
            arg.name, did_you_mean(arg.name), preset_list(),
            (house_rules_dir() / (arg.name + ".textproto")).string()));
    }
    for (const std::string& o : arg.overrides) {
        try {
            apply_override(rules, o);
        } catch (const Error& e) {
            throw UsageError(fmt::format("--rules '{}': {}", text, e.what()));
        }
    }
    apply_rule_flags(rules, overrides);
    try {
        check_rules(rules);
    } catch (const RuleError& e) {
        if (overrides.empty() && arg.overrides.empty()) throw;
        // The file or preset checked alone, so a change made it wrong.
        std::vector<std::string> all = arg.overrides;
        all.insert(all.end(), overrides.begin(), overrides.end());
        throw UsageError(fmt::format("rules {} {}: {}", arg.name, fmt::join(all, " "), e.what()));
    }
    return rules;
}

}  // namespace spadework::cli
