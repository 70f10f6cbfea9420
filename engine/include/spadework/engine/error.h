// The engine's error types. Each says what went wrong in words a user can act on.
#pragma once

#include <stdexcept>
#include <string>

namespace spadework {

// Base of every error Spadework raises on purpose.
class Error : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A command line that parses but asks for something malformed (a GAME argument that is not
// ID, FILE, FILE@N or X:HAND); the command exits 2, as for CLI11's own usage errors.
class UsageError : public Error {
  public:
    using Error::Error;
};

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
