#include "common.h"

#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <charconv>
#include <filesystem>

#include "spadework/formats/error.h"
#include "spadework/formats/game_file.h"

namespace spadework::cli {
namespace {

std::optional<int> to_number(std::string_view text) {
    int n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || n < 0) return {};
    return n;
}

bool is_file(std::string_view text) {
    std::error_code ec;
    return std::filesystem::exists(std::filesystem::path(std::string(text)), ec);
}

// Splits "X:N" into X and N when N is a number and X stands alone (a number or a file).
std::pair<std::string_view, std::optional<int>> split_hand(std::string_view text) {
    auto colon = text.rfind(':');
    if (colon == std::string_view::npos) return {text, std::nullopt};
    auto hand = to_number(text.substr(colon + 1));
    std::string_view head = text.substr(0, colon);
    if (!hand ||
        (!to_number(head) && !is_file(head) && !is_file(head.substr(0, head.rfind('@'))))) {
        return {text, std::nullopt};
    }
    return {head, *hand};
}

std::optional<int> hand_index(std::optional<int> number, const RecordedGame& game,
                              const std::string& label) {
    if (!number) return std::nullopt;
    if (*number < 1 || *number > static_cast<int>(game.hands.size())) {
        throw Error(fmt::format("{} has {} hand{}: there is no hand {}", label, game.hands.size(),
                                game.hands.size() == 1 ? "" : "s", *number));
    }
    return *number - 1;
}

}  // namespace

RuleSet load_rules_with(std::string_view name_or_path, const std::vector<std::string>& overrides) {
    RuleSet rules = formats::load_rules(name_or_path);
    for (const std::string& o : overrides) apply_override(rules, o);
    check_rules(rules);
    return rules;
}

void add_db_option(CLI::App* cmd, std::string& db) {
    cmd->add_option("--db", db,
                    "The game library (default: $XDG_DATA_HOME/spadework/library.sqlite)");
}

formats::Library open_library(const std::string& db) {
    return formats::Library(db.empty() ? formats::default_library_path()
                                       : std::filesystem::path(db));
}

std::vector<LoadedGame> load_game_arg(std::string_view text, const std::string& db) {
    auto [head, hand] = split_hand(text);

    // A library id.
    if (auto id = to_number(head); id && !is_file(head)) {
        formats::Library library = open_library(db);
        if (!library.game_summary(*id)) {
            throw Error(fmt::format("no game {} in the library {}", *id, library.path().string()));
        }
        LoadedGame loaded{fmt::format("library game {}", *id), library.load_game(*id), {}};
        loaded.hand = hand_index(hand, loaded.game, loaded.label);
        return {std::move(loaded)};
    }

    // A file, maybe with @N.
    std::string file(head);
    std::optional<int> game_number;
    if (!is_file(file)) {
        auto at = file.rfind('@');
        if (at != std::string::npos && is_file(file.substr(0, at))) {
            game_number = to_number(std::string_view(file).substr(at + 1));
            if (!game_number) throw Error(fmt::format("'{}': expected FILE@N", file));
            file = file.substr(0, at);
        } else {
            throw Error(fmt::format("'{}' is neither a game id in the library nor a file", text));
        }
    }
    std::vector<RecordedGame> games = formats::read_game_file(file);
    std::vector<LoadedGame> out;
    for (std::size_t i = 0; i < games.size(); ++i) {
        if (game_number && static_cast<int>(i) + 1 != *game_number) continue;
        LoadedGame loaded{games.size() == 1 ? file : fmt::format("{} game {}", file, i + 1),
                          std::move(games[i]),
                          {}};
        loaded.hand = hand_index(hand, loaded.game, loaded.label);
        out.push_back(std::move(loaded));
    }
    if (out.empty()) {
        throw Error(game_number ? fmt::format("{} has {} game(s): there is no game {}", file,
                                              games.size(), *game_number)
                                : fmt::format("{} holds no game", file));
    }
    return out;
}

}  // namespace spadework::cli
