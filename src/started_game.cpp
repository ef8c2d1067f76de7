#include "started_game.hpp"

#include <CLI/CLI.hpp>

#include "config_file.hpp"
#include "file_error.hpp"

namespace kripkesim {

void StartOptions::add_to(CLI::App& command, const std::string& purpose) {
  command.add_option("CONFIG", config, "the game config (JSON)")->required()->type_name("FILE");
  command.add_option("--turns", turns, "turns to play " + purpose + " (default 0)")
      ->check(CLI::Range(0, 1'000'000))
      ->type_name("N");
  seed.add_to(command);
}

StartedGame::StartedGame(const StartOptions& options) : game_(load_game(options.config)) {
  runner_ = std::make_unique<kripke::GameRunner>(
      *game_, options.seed.or_config(game_->config().seed), quiet_);
  in_file(options.config, [&] {
    runner_->start();
    for (int k = 0; k < options.turns && !runner_->finished(); ++k) runner_->step();
  });
}

}  // namespace kripkesim
