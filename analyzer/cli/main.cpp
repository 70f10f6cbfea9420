// `spadework`: a thin shell over the libraries. Exit codes: 0 success, 1 bad input (the
// message names what and where), 2 usage (the command line itself does not parse), 3 a bug.
#include <fmt/core.h>
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>

#include "commands.h"
#include "spadework/engine/error.h"

namespace {

constexpr int kExitBadInput = 1;
constexpr int kExitUsage = 2;
constexpr int kExitInternal = 3;

}  // namespace

int main(int argc, char** argv) {
    CLI::App app("Spadework: review Spades games.", "spadework");
    app.require_subcommand(0, 1);
    spadework::cli::add_rules_command(app);
    spadework::cli::add_tally_command(app);
    spadework::cli::add_library_commands(app);
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

    // Subcommand callbacks run inside parse(), so input errors surface here too.
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version are ParseErrors with exit code 0.
        return app.exit(e) == 0 ? 0 : kExitUsage;
    } catch (const spadework::UsageError& e) {
        fmt::print(stderr, "spadework: {}\nRun with --help for more information.\n", e.what());
        return kExitUsage;
    } catch (const spadework::Error& e) {
        fmt::print(stderr, "spadework: {}\n", e.what());
        return kExitBadInput;
    } catch (const std::exception& e) {
        fmt::print(stderr, "spadework: internal error: {}\n", e.what());
        return kExitInternal;
    }

    if (app.get_subcommands().empty()) {
        std::cerr << app.help();
        return kExitUsage;
    }
    return 0;
}
