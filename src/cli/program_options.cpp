#include "cli/program_options.hpp"

#include <CLI/CLI.hpp>
#include <cstdint>

namespace kripkesim {

void ProgramOptions::add_to(CLI::App& command, bool seat_option) {
  if (seat_option)
    command
        .add_option("--program", typed_,
                    "a seat a program plays over the seat protocol (docs/agents.md): "
                    "SEAT=\"python3 agent.py\" (words split at spaces, no shell) or "
                    "SEAT='[\"python3\", \"agent.py\"]' (a JSON list); repeat it for several")
        ->type_name("SEAT=PROGRAM")
        // One value each time, so that CONFIG may follow it.
        ->allow_extra_args(false);
  command
      .add_option("--program-timeout", timeout_seconds_,
                  "seconds a program has for each request, its queries included (default 10); "
                  "past it the program is stopped and the seat's built-in strategy plays on")
      ->type_name("SECONDS")
      ->check(CLI::Range(0.001, 86400.0));
  command.add_flag("--allow-programs", allow_,
                   "start the programs the config names for its seats (\"strategy\": {\"program\": "
                   "[...]}); without it such a config is refused, so that a shared config never "
                   "runs a program unasked");
}

arena::ProgramLimits ProgramOptions::limits() const {
  arena::ProgramLimits limits;
  limits.timeout = std::chrono::milliseconds(std::int64_t(timeout_seconds_ * 1000));
  return limits;
}

}  // namespace kripkesim
