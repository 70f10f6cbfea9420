// `spadework`: a thin shell over the libraries. Exit codes, as engine/error.h's policy says:
// 0 success, 1 bad input (the message names what and where), 2 usage (the command line does
// not parse, or asks for something malformed), 3 a broken invariant (a bug, never the user's).
// run() below is the one place exceptions become exit codes.
#include <fmt/core.h>
#include <CLI/CLI.hpp>
#include <algorithm>
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "spadework/analyzer/text.h"
#include "spadework/engine/error.h"

namespace {

constexpr int kExitBadInput = 1;
constexpr int kExitUsage = 2;
constexpr int kExitInternal = 3;

int internal_error(const char* what) {
    fmt::print(stderr, "spadework: internal error, please report: {}\n", what);
    return kExitInternal;
}

// The name meant by a word the parser did not take: one of the command's options (or the
// program's) for an option, a command's name for a word before any command.
std::optional<std::string> nearest_name(const CLI::App& app, const std::string& word) {
    std::vector<CLI::App*> chosen = app.get_subcommands();
    std::vector<std::string> names;
    if (word.rfind("-", 0) == 0) {
        for (const CLI::App* at : {chosen.empty() ? &app : chosen.front(), &app}) {
            for (const CLI::Option* opt : at->get_options()) {
                for (const std::string& n : opt->get_lnames()) names.push_back("--" + n);
            }
        }
        return spadework::analyzer::nearest_word(word.substr(0, word.find('=')), names);
    }
    if (!chosen.empty()) return std::nullopt;
    for (const CLI::App* cmd : app.get_subcommands({})) {
        if (!cmd->get_group().empty()) names.push_back(cmd->get_name());  // not the hidden
    }
    return spadework::analyzer::nearest_word(word, names);
}

// The parser's refusal ("argument was not expected", "--games is required") as every other
// message reads, with the name meant when an argument it did not take is near one.
int refused(const CLI::App& app, const CLI::ParseError& e) {
    std::string hint;
    std::vector<CLI::App*> chosen = app.get_subcommands();
    std::vector<std::string> extras =
        chosen.empty() ? app.remaining() : chosen.front()->remaining();
    for (const std::string& word : extras) {
        if (std::optional<std::string> near = nearest_name(app, word)) {
            hint = extras.size() == 1 ? fmt::format(". Did you mean '{}'?", *near)
                                      : fmt::format(". Did you mean '{}' for '{}'?", *near, word);
            break;
        }
    }
    // CLI11 names the words it did not take last first ("Ann --playr" for --playr Ann): in the
    // order they were typed.
    std::string what = e.what();
    if (dynamic_cast<const CLI::ExtrasError*>(&e) && !extras.empty()) {
        what = extras.size() == 1 ? "The following argument was not expected:"
                                  : "The following arguments were not expected:";
        for (const std::string& word : extras) what += " " + word;
    }
    fmt::print(stderr, "spadework: {}{}\nRun with --help for more information.\n", what, hint);
    return kExitUsage;
}

// Parses the command line, which runs the subcommand's callback, and maps what it throws to
// an exit code.
int run(CLI::App& app, int argc, char** argv) {
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version are ParseErrors with exit code 0.
        if (e.get_exit_code() == 0) return app.exit(e);
        return refused(app, e);
    } catch (const spadework::UsageError& e) {
        fmt::print(stderr, "spadework: {}\nRun with --help for more information.\n", e.what());
        return kExitUsage;
    } catch (const spadework::Error& e) {
        fmt::print(stderr, "spadework: {}\n", e.what());
        return kExitBadInput;
    } catch (const std::exception& e) {
        // InternalError, and whatever else escaped: the program's fault.
        return internal_error(e.what());
    } catch (...) {
        return internal_error("an exception that is not a std::exception");
    }
    if (app.get_subcommands().empty()) {
        std::cerr << app.help();
        return kExitUsage;
    }
    return 0;
}

// A hidden command that breaks an invariant on purpose, so the tests can see exit code 3
// and its message through the real command.
void add_broken_invariant_command(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand("internal-error-test", "");
    cmd->group("");
    cmd->callback([] { SPADEWORK_INVARIANT(1 + 1 == 3, "the test's invariant holds"); });
}

}  // namespace

int main(int argc, char** argv) {
    // SPADEWORK_VERSION is CMake's project version, so the number is written in one place.
    CLI::App app(fmt::format("Spadework {}: review Spades games.", SPADEWORK_VERSION), "spadework");
    app.set_version_flag("--version", fmt::format("spadework {}", SPADEWORK_VERSION),
                         "Print the version and exit");
    app.require_subcommand(0, 1);
    const std::string exit_codes =
        "Exit codes: 0 success, 1 bad input, 2 bad usage, 3 an internal error.";
    app.footer(exit_codes +
               "\n--json prints one JSON document, except show and analyze GAME, which print "
               "JSON Lines: one object a line, one line per game.");
    spadework::cli::add_rules_command(app);
    spadework::cli::add_tally_command(app);
    spadework::cli::add_library_commands(app);
    spadework::cli::add_housekeeping_commands(app);
    spadework::cli::add_show_commands(app);
    spadework::cli::add_score_command(app);
    spadework::cli::add_solve_command(app);
    spadework::cli::add_analyze_command(app);
    spadework::cli::add_merge_command(app);
    spadework::cli::add_simulate_command(app);
    spadework::cli::add_winchance_command(app);
    spadework::cli::add_lesson_command(app);
    spadework::cli::add_export_lesson_command(app);
    spadework::cli::add_view_command(app);
    add_broken_invariant_command(app);
    // A command's help speaks of --json only when the command has it.
    for (CLI::App* cmd : app.get_subcommands({})) {
        if (cmd->get_option_no_throw("--json") == nullptr) cmd->footer(exit_codes);
    }
    return run(app, argc, argv);
}
