// Placeholder: `spadework analyze` (issue 5) is written next.
#include <CLI/CLI.hpp>

#include "commands.h"

namespace spadework::cli {

void add_analyze_command(CLI::App&) {}

}  // namespace spadework::cli
