// Where the files Spadework ships are (the lessons, the sample games, the rule sets): found
// from the program's own location, never from a path of the machine it was built on.
#pragma once

#include <filesystem>

namespace spadework::analyzer {

// The folder of the shipped data ("lessons/", "games/", "rules/"): $SPADEWORK_DATA when set;
// else "share/spadework" beside the running program or up to three folders above it, which
// finds PREFIX/share/spadework for an installed PREFIX/bin/spadework and the build tree's
// share/spadework (a link to samples/) for the build's programs and tests. When none is
// there: where an installed program would look, so that a message names it.
std::filesystem::path data_dir();

}  // namespace spadework::analyzer
