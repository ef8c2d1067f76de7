// A config's game started (the deal and the updates before the first turn) and played for
// some turns, quietly: the model that `check` asks about and `draw` draws. A scenario file
// is started the same way and its script played up to a step.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "cli/commands.hpp"
#include "kripke/game.hpp"
#include "kripke/game_loop.hpp"
#include "scenario/scenario_runner.hpp"

namespace kripkesim {

// The options every such command has: CONFIG, --step, --turns and --seed.
struct StartOptions {
  std::string config;
  std::optional<std::size_t> step;  // a scenario's steps to play (all when not given)
  int turns = 0;
  SeedOption seed;
  EngineOption engine;

  // Adds them to `command`; `purpose` ends --turns' help ("before drawing").
  void add_to(CLI::App& command, const std::string& purpose);
};

class StartedGame {
 public:
  // Errors in the config or scenario (and while starting and playing) name its file.
  explicit StartedGame(const StartOptions& options);

  const kripke::Play& play() const { return runner_->play(); }
  const kripke::GameRunner& runner() const { return *runner_; }

 private:
  void start_config(const StartOptions& options);
  void start_scenario(const StartOptions& options);

  kripke::NullSink quiet_;
  std::unique_ptr<kripke::Game> game_;         // a config's game
  std::unique_ptr<ScenarioPlay> scenario_;     // or a scenario's
  kripke::GameRunner* runner_ = nullptr;       // the one of the two that plays
  std::unique_ptr<kripke::GameRunner> owned_;  // a config's runner
};

}  // namespace kripkesim
