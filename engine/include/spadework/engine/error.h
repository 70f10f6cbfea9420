// Spadework's error types, one hierarchy for every layer, and the policy they carry out:
//
//   Error (and the kinds below it, FormatError in formats/ among them): the input is wrong:
//     a file, a flag's value, a record. The message says where (file:line:col, the option,
//     the game and hand) and what; a command exits 1.
//   UsageError: the command line parses but asks for something malformed (a GAME argument
//     that is not ID, FILE, FILE@N or X:HAND, flags that contradict each other); exit 2, as
//     CLI11's own usage errors.
//   InternalError: a broken invariant, the program's fault and never the user's. It names
//     the invariant and the source line; a command says "internal error, please report" and
//     exits 3. Raise it with SPADEWORK_INVARIANT. Any other exception is treated as one.
//
// The mapping to exit codes lives in one place, analyzer/cli/main.cpp.
#pragma once

#include <stdexcept>
#include <string>

namespace spadework {

// Base of every error about the user's input.
class Error : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A command line asking for something malformed.
class UsageError : public Error {
  public:
    using Error::Error;
};

// A broken invariant. what() is "file:line: invariant".
class InternalError : public std::logic_error {
  public:
    InternalError(const std::string& invariant, const char* file, int line)
        : std::logic_error(std::string(file) + ":" + std::to_string(line) + ": " + invariant) {}
};

// Throws InternalError naming `invariant` (words saying what should hold) unless `condition`.
#define SPADEWORK_INVARIANT(condition, invariant)                                          \
    do {                                                                                   \
        if (!(condition)) throw ::spadework::InternalError(invariant, __FILE__, __LINE__); \
    } while (false)

// Text that does not parse. column() is 1-based within the text handed to the parser
// (0 when the error is about the whole text); readers of files add the file and line.
class ParseError : public Error {
  public:
    ParseError(const std::string& what, int column) : Error(what), column_(column) {}
    int column() const { return column_; }

  private:
    int column_;
};

// A rule set name, key or value that does not exist or does not fit.
class RuleError : public Error {
  public:
    using Error::Error;
};

}  // namespace spadework
