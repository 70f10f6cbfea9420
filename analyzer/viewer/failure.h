// How the viewer shows a failure it caught, decided here once for every panel and mode, as
// run() in analyzer/cli/main.cpp decides it for the commands (engine/error.h's policy). An
// Error is about the user's input (a file, a name, a value typed): its own message is shown.
// Anything else (an InternalError, an exception from a library) is a bug in Spadework and
// never the user's fault: it is shown as "internal error, please report: ...", and the first
// one is kept, so that the viewer ends with exit code 3 when its window closes.
// No ImGui here: the model's modes and the tests use it too.
#pragma once

#include <string>

namespace spadework::viewer {

// What to show for the exception being handled. Call it only inside a catch block (it
// rethrows the current exception to tell its kind); a catch site reads
//     } catch (...) {
//         message_ = caught_failure();
//     }
std::string caught_failure();

// Rethrows the first failure caught_failure() took for a bug, if any, and forgets it:
// run_viewer calls it once its window has closed and the settings are kept, so `spadework
// view` says "internal error, please report" and exits 3.
void rethrow_internal_failure();

}  // namespace spadework::viewer
