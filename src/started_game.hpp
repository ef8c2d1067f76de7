// A config's game started (the deal and the updates before the first turn) and played for
// some turns, quietly: the model that `check` asks about and `draw` draws.
#pragma once

#include <memory>
#include <string>

#include "commands.hpp"
#include "kripke/game.hpp"
#include "kripke/game_loop.hpp"

namespace kripkesim {

// The options every such command has: CONFIG, --turns and --seed.
struct StartOptions {
  std::string config;
  int turns = 0;
  SeedOption seed;

  // Adds them to `command`; `purpose` ends --turns' help ("before drawing").
  void add_to(CLI::App& command, const std::string& purpose);
};

class StartedGame {
 public:
  // Errors in the config (and while starting and playing) name the config's file.
  explicit StartedGame(const StartOptions& options);

  const kripke::Play& play() const { return runner_->play(); }
  const kripke::GameRunner& runner() const { return *runner_; }

 private:
  std::unique_ptr<kripke::Game> game_;
  kripke::NullSink quiet_;
  std::unique_ptr<kripke::GameRunner> runner_;
};

}  // namespace kripkesim
