// kripkesim validate CONFIG.json...
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <vector>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/validation.hpp"
#include "input/config_file.hpp"
#include "output/file_error.hpp"

namespace kripkesim {
namespace {

std::string validate_file(const std::string& file) {
  return in_file(file,
                 [&] { return file + ": ok (" + validate_document(read_json_file(file)) + ")"; });
}

}  // namespace

void add_validate_command(CLI::App& app) {
  auto files = std::make_shared<std::vector<std::string>>();
  CLI::App* cmd =
      app.add_subcommand("validate", "Check config and scenario files without playing them");
  cmd->add_option("CONFIG", *files, "config or scenario files (JSON)")->required();
  help_footer(
      *cmd,
      "Check config and scenario files without playing them: the JSON, every key and type,\n"
      "the game's rules and deal, the world count against max_worlds and max_memory, and for\n"
      "scenarios every step (formulas parsed, atoms and agent numbers checked, and the moves\n"
      "and updates replayed, without judging the expectations, so that an illegal move or a\n"
      "false announcement is found). Prints \"FILE: ok (...)\" per\n"
      "good file and one error message per bad one, and checks every file even after an error.",
      "  0  every file is good\n  2  some file is bad (each bad file gets one message)");
  cmd->callback([files] {
    bool bad = false;
    for (const std::string& file : *files) {
      try {
        std::cout << validate_file(file) << std::endl;
      } catch (const kripke::InputError& e) {
        std::cerr << "kripkesim: " << describe(e) << std::endl;
        bad = true;
      }
    }
    if (bad) throw CommandExit(kExitBadInput);
  });
}

}  // namespace kripkesim
