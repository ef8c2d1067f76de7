#include "cli/started_game.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>

#include "input/config_file.hpp"
#include "kripke/plural.hpp"
#include "output/file_error.hpp"
#include "scenario/scenario.hpp"

namespace kripkesim {

void StartOptions::add_to(CLI::App& command, const std::string& purpose) {
  command.add_option("CONFIG", config, "the game config or scenario (JSON)")
      ->required()
      ->type_name("FILE");
  add_count_option(
      command, "--step", kMaxCountOption, [this](std::uint64_t k) { step = std::size_t(k); },
      "for a scenario: play its first K steps (default: all of them), then the turns");
  command.add_option("--turns", turns, "turns to play " + purpose + " (default 0)")
      ->check(CLI::Range(0, 1'000'000))
      ->type_name("N");
  seed.add_to(command);
  engine.add_to(command);
}

StartedGame::StartedGame(const StartOptions& options) {
  const kripke::Json document = read_json_file(options.config);
  if (document.is_object() && document.contains("script"))
    start_scenario(options);
  else
    start_config(options);
  in_file(options.config, [&] {
    for (int k = 0; k < options.turns && !runner_->finished(); ++k) runner_->step();
  });
}

void StartedGame::start_config(const StartOptions& options) {
  if (options.step)
    throw FileError(options.config, "--step is for scenario files, and this one has no \"script\"");
  game_ = load_game(options.config, [&](kripke::GameConfig& c) { options.engine.apply(c); });
  in_file(options.config, [&] {
    // The runner makes the play, which may find what the game could not check alone (a
    // symbolic model's observed term with too many values).
    owned_ = std::make_unique<kripke::GameRunner>(
        *game_, options.seed.or_config(game_->config().seed), quiet_);
    runner_ = owned_.get();
    runner_->start();
  });
}

void StartedGame::start_scenario(const StartOptions& options) {
  Scenario scenario = load_scenario(options.config);
  const std::size_t steps = options.step.value_or(scenario.script.size());
  if (steps > scenario.script.size())
    throw FileError(options.config, fmt::format("--step {}: the script has only {}", steps,
                                                kripke::counted(scenario.script.size(), "step")));
  scenario.config.seed = options.seed.or_config(scenario.config.seed);
  options.engine.apply(scenario.config);
  in_file(options.config, [&] {
    scenario_ = std::make_unique<ScenarioPlay>(scenario, quiet_);
    runner_ = &scenario_->runner();
    // Expectations that fail do not stop the drawing or the question: the model is what
    // the steps made it.
    for (std::size_t k = 0; k < steps; ++k) scenario_->play_step(scenario.script[k]);
  });
}

}  // namespace kripkesim
