// kripkesim tournament CONFIG.json [--rounds N] [--jobs N] [--shard K/N] [--out FILE]...
//                                  [--standings FILE]... [--bootstrap N] [--log-dir DIR]
//                                  [--allow-programs] [--program-timeout S] [--progress]
#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <optional>

#include "cli/batch_run.hpp"
#include "cli/commands.hpp"
#include "input/config_file.hpp"
#include "tournament/standings_outputs.hpp"

namespace kripkesim {
namespace {

struct TournamentOptions {
  std::string config;
  std::optional<std::uint64_t> rounds;  // none: the config's
  StandingsOptions standings;
  BatchRunOptions run;
};

void run_tournament(const TournamentOptions& options) {
  if (options.rounds == 0u)
    throw kripke::InputError("--rounds 0: a tournament plays each seating at least once");
  const TournamentConfig tournament = in_file(options.config, [&] {
    return read_tournament_config(read_json_file(options.config), options.rounds.value_or(0));
  });
  StandingsOutputs standings(options.standings.files);
  play_batch(tournament.batch, options.run, options.config, [&](Results& results) {
    results.config = tournament.resolved();
    return report_standings(tournament, results, options.standings.bootstrap, standings);
  });
}

}  // namespace

void add_tournament_command(CLI::App& app) {
  auto options = std::make_shared<TournamentOptions>();
  CLI::App* cmd = app.add_subcommand(
      "tournament", "Play entrants (built-in agents, programs) against each other, with ratings");
  cmd->add_option("CONFIG", options->config, "a config with a tournament section (JSON)")
      ->required()
      ->type_name("FILE");
  add_count_option(
      *cmd, "--rounds", kMaxBatchGames, [options](std::uint64_t n) { options->rounds = n; },
      "games each seating plays (default: the config's \"rounds\")");
  options->standings.add_to(*cmd, "");
  options->run.add_to(*cmd, "seating-<k>-<round>.jsonl");
  help_footer(
      *cmd,
      "Play a tournament (docs/tournaments.md): the config's entrants (built-in strategies or\n"
      "programs over the seat protocol) at every seating, so that every entrant plays every\n"
      "seat equally often; round r of every seating plays the same deal. Prints the\n"
      "standings: each entrant's wins per game with 95% Wilson intervals, overall and per\n"
      "seat, and a Bradley-Terry rating on the Elo scale with a bootstrap interval. --out\n"
      "writes the games (JSON with the standings, or CSV); --shard and `kripkesim merge` split\n"
      "it over machines as batches are. Programs run only with --allow-programs.",
      "  0  every game was played\n  2  bad usage or a bad config (the message names file, JSON "
      "path, problem)",
      "  130  interrupted by Ctrl-C (SIGINT); 143 by SIGTERM");
  cmd->callback([options] { run_tournament(*options); });
}

}  // namespace kripkesim
