// A rule set as the command line gives it (--rules, `spadework rules NAME`, each of score's
// rule sets): a name, then key=value changes, in the words of a text log's [Rules] tag:
//   classic                      a preset
//   "classic hand_limit=12"      a preset with changes
//   house.textproto              a RuleSet .textproto file
//   myclub                       a house rule set saved as
//                                $XDG_CONFIG_HOME/spadework/rules/myclub.textproto
//                                (~/.config/spadework/rules/ without XDG_CONFIG_HOME)
//   "myclub target=300"          any of these with changes
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace spadework::cli {

struct RulesArg {
    std::string name;                    // a preset, a file or a house rule set's name
    std::vector<std::string> overrides;  // key=value, in order
};

// Splits the words: the first names the rule set, the others are key=value changes. A path
// that exists is a name whole, spaces and all; a first word with '=' in it changes classic,
// as in the [Rules] tag.
RulesArg split_rules_arg(std::string_view text);

// A preset's name as the presets spell it when `name` is one in any case ("CLASSIC" is
// "classic"), unless a file of that name is there; `name` as it is otherwise. Every rule set
// name read from the command line goes through it (split_rules_arg, list --rules).
std::string preset_spelling(std::string_view name);

// The folder of house rule sets saved by name: $XDG_CONFIG_HOME/spadework/rules (an absolute
// XDG_CONFIG_HOME only, as the XDG rules say), else ~/.config/spadework/rules.
std::filesystem::path house_rules_dir();

// The house rule set file a name stands for, when the name is no preset, no file, and a file
// NAME.textproto is in house_rules_dir(); empty otherwise.
std::filesystem::path house_rules_file(std::string_view name);

}  // namespace spadework::cli
