// The options that seat programs (docs/agents.md), shared by run, play, batch and
// tournament: --program SEAT=PROGRAM (run and play), --program-timeout, --allow-programs.
#pragma once

#include <string>
#include <vector>

#include "arena/program_seats.hpp"

namespace CLI {
class App;
}  // namespace CLI

namespace kripkesim {

class ProgramOptions {
 public:
  // `seat_option`: whether the command takes --program (one game's seats); batch and
  // tournament take their programs from the config.
  void add_to(CLI::App& command, bool seat_option);

  const std::vector<std::string>& typed() const { return typed_; }
  bool allowed() const { return allow_; }
  arena::ProgramLimits limits() const;

 private:
  std::vector<std::string> typed_;  // SEAT=PROGRAM, as typed
  double timeout_seconds_ = 10;     // per request
  bool allow_ = false;              // run the programs the config names
};

}  // namespace kripkesim
