#include "commands.hpp"

#include <CLI/CLI.hpp>

namespace kripkesim {

void help_footer(CLI::App& command, const std::string& details, const std::string& exit_codes,
                 const std::string& signal_codes) {
  command.footer(details + "\n\nExit codes:\n" + exit_codes +
                 "\n  3  internal error (a bug in kripkesim)" +
                 (signal_codes.empty() ? "" : "\n" + signal_codes));
}

void SeedOption::add_to(CLI::App& command) {
  option_ = command
                .add_option("--seed", value_,
                            "seed for the deal and the agents' choices (default: the config's)")
                ->type_name("N");
}

std::uint64_t SeedOption::or_config(std::uint64_t config_seed) const {
  return option_ && option_->count() > 0 ? value_ : config_seed;
}

}  // namespace kripkesim
