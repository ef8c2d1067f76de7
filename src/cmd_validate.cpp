// kripkesim validate CONFIG.json...
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <optional>
#include <vector>

#include "batch_config.hpp"
#include "commands.hpp"
#include "config_file.hpp"
#include "exit_codes.hpp"
#include "file_error.hpp"
#include "kripke/games/registry.hpp"
#include "scenario.hpp"

namespace kripkesim {
namespace {

// Reads one file as a config with whichever optional sections it has, builds the game
// (rules, deal, world limit) and checks each section against a play of it. A new kind of
// section adds its reader and its check here.
std::string validate_file(const std::string& file) {
  return in_file(file, [&] {
    const kripke::Json document = read_json_file(file);
    std::optional<Scenario> scenario;
    bool batch = false;
    const kripke::GameConfig config = read_config(document, [&](kripke::ObjectReader& r) {
      if (r.has("script")) read_scenario_keys(r, scenario.emplace());
      batch = r.has("batch");  // read below, with the whole document
    });
    const auto game = kripke::make_game(config);
    kripke::Rng rng(config.seed);
    const auto play = game->new_play(rng);
    std::string kind = config.game;
    if (batch) {
      const BatchConfig b = read_batch_config(document);  // builds every condition's game
      kind += fmt::format(" batch, {} condition{}, {} games", b.conditions.size(),
                          b.conditions.size() == 1 ? "" : "s", b.total_games());
    }
    if (scenario) {
      check_script(*scenario, *play);
      kind += fmt::format(" scenario, {} step{}", scenario->script.size(),
                          scenario->script.size() == 1 ? "" : "s");
    }
    return fmt::format("{}: ok ({}, {} worlds)", file, kind,
                       kripke::to_string(play->world_count()));
  });
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
      "the game's rules and deal, the world count against max_worlds, and for scenarios every\n"
      "step (formulas parsed, atoms and agent numbers checked). Prints \"FILE: ok (...)\" per\n"
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
