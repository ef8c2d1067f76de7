// kripkesim sequences CONFIG.json [--seed N] [--format text|json]
#include "games/model/sequences.hpp"

#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "input/config_file.hpp"
#include "kripke/game.hpp"
#include "output/file_error.hpp"

namespace kripkesim {
namespace {

struct SequencesOptions {
  std::string config;
  SeedOption seed;
  std::string format = "text";
};

void count(const SequencesOptions& options) {
  const std::unique_ptr<kripke::Game> game = load_game(options.config);
  const std::uint64_t seed = options.seed.or_config(game->config().seed);
  const MoveSequences c =
      in_file(options.config, [&] { return count_move_sequences(*game, seed); });
  if (options.format == "json") {
    const kripke::Json out = {{"successful", c.successful},
                              {"unsuccessful", c.unsuccessful},
                              {"positions", c.states},
                              {"longest", c.longest}};
    std::cout << out.dump() << std::endl;
  } else {
    std::cout << fmt::format(
                     "{} successful and {} unsuccessful sequences (longest {} moves; {} "
                     "positions visited)",
                     c.successful, c.unsuccessful, c.longest, c.states)
              << std::endl;
  }
  check_stdout_written();
}

}  // namespace

void add_sequences_command(CLI::App& app) {
  auto options = std::make_shared<SequencesOptions>();
  CLI::App* cmd = app.add_subcommand(
      "sequences", "Count a game's maximal move sequences, successful and not (game language)");
  cmd->add_option("CONFIG", options->config, "a game written in the game language (JSON)")
      ->required()
      ->type_name("FILE");
  options->seed.add_to(*cmd);
  cmd->add_option("--format", options->format, "text (a sentence) or json (one object)")
      ->check(CLI::IsMember({"text", "json"}))
      ->type_name("text|json");
  help_footer(
      *cmd,
      "Count every maximal sequence of moves the players' strategies allow in a game written\n"
      "in the game language (docs/game-language.md), as GoMoChe's `statistics` counts a\n"
      "gossip protocol's call sequences: from the start (the rules' actual world, or one drawn\n"
      "with the seed), any player may make any move its strategy allows; a sequence ends when\n"
      "nobody may move, and is successful when every player's \"win\" holds at its end. The\n"
      "empty sequence is not counted. A sequence longer than max_turns stops the count.",
      "  0  counted\n  2  bad usage, a bad config, a game not in the game language, or a "
      "sequence past max_turns");
  cmd->callback([options] { count(*options); });
}

}  // namespace kripkesim
