// The exit codes of kripkesim, and how a command that has already reported its outcome
// asks main() to end with one of them.
#pragma once

#include <stdexcept>
#include <string>

namespace kripkesim {

enum ExitCode : int {
  kExitOk = 0,
  kExitExpectationFailed = 1,  // a scenario expectation, or `check` found the formula false
  kExitBadInput = 2,           // bad usage, a bad config, a bad formula
  kExitInternalError = 3,      // a bug: anything else that escapes a command
};

// Thrown once a command has printed what it has to say; main() only exits with `code`
// (and prints `what()` when it is not empty).
class CommandExit : public std::runtime_error {
 public:
  explicit CommandExit(ExitCode code, const std::string& message = "")
      : std::runtime_error(message), code_(code) {}
  ExitCode code() const { return code_; }

 private:
  ExitCode code_;
};

}  // namespace kripkesim
