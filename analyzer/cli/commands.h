// The subcommands of `spadework`. Each adds itself to the app with a callback that runs it;
// bad input surfaces as spadework::Error, which main turns into exit code 1.
#pragma once

namespace CLI {
class App;
}

namespace spadework::cli {

// `spadework rules [NAME] [--rule k=v]... [--json]`: the presets, or one rule set in full.
void add_rules_command(CLI::App& app);

// `spadework tally --bids ... --tricks ...`: the score of one hand under a rule set.
void add_tally_command(CLI::App& app);

// `spadework import FILE...`, `list [filters] [--json]`, `stats [--player NAME] [--json]`.
void add_library_commands(CLI::App& app);

// `spadework delete ID...` and `spadework edit ID [--player N=NAME]... [--date D] [--event E]
// [--notes T]`: the library's housekeeping.
void add_housekeeping_commands(CLI::App& app);

// `spadework show GAME[:HAND] [--png FILE [--size WxH]] [--svg FILE] [--html FILE]` and
// `spadework convert IN OUT`.
void add_show_commands(CLI::App& app);

// `spadework score GAME|FILE --rules a,b,... [--json]`.
void add_score_command(CLI::App& app);

// `spadework solve --deal ... --leader S [--played ...] [--objective tricks|nil|score]`.
void add_solve_command(CLI::App& app);

// `spadework analyze GAME|FILE [--hand N] [--samples N] [--threads N] [--json]`, `--all`.
void add_analyze_command(CLI::App& app);

// `spadework merge A.sqlite B.sqlite ... --into C.sqlite`: libraries gathered into one.
void add_merge_command(CLI::App& app);

// `spadework simulate --games N --rules NAME [--seed S] -o FILE`.
void add_simulate_command(CLI::App& app);

// `spadework winchance --rules R --at NS,EW --dealer N [--json] [--png FILE]`.
void add_winchance_command(CLI::App& app);

// `spadework lesson [NAME] [--list] [--scores] [--answers ...]`: practise bidding.
void add_lesson_command(CLI::App& app);
// `spadework export-lesson NAME --html out.html [--analysis]`: a lesson for paper.
void add_export_lesson_command(CLI::App& app);

// `spadework view [GAME|FILE|DIR] [--hand H] [--position K] [--screenshot out.png] ...`.
void add_view_command(CLI::App& app);

}  // namespace spadework::cli
