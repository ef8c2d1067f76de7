// kripkesim run CONFIG.json [--seed N] [--format text|jsonl] [--log FILE] [--no-hints]
// [--knowledge] [--program SEAT=PROGRAM]... [--allow-programs] [--program-timeout S]
#include <CLI/CLI.hpp>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "arena/program_game.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/program_options.hpp"
#include "input/config_file.hpp"
#include "kripke/game_loop.hpp"
#include "output/file_error.hpp"
#include "output/interrupt.hpp"
#include "output/output_file.hpp"
#include "output/sinks.hpp"

namespace kripkesim {
namespace {

struct RunOptions {
  std::string config;
  SeedOption seed;
  EngineOption engine;
  std::string format = "text";
  std::string log;
  bool no_hints = false;
  bool knowledge = false;
  ProgramOptions programs;
};

// The event kinds the transcript leaves out: knowledge bases unless asked for, hint
// tables when asked to.
std::vector<std::string> hidden_in_text(const RunOptions& options) {
  std::vector<std::string> hidden;
  if (!options.knowledge) hidden.push_back("knowledge");
  if (options.no_hints) hidden.push_back("hints");
  return hidden;
}

void run(const RunOptions& options) {
  GameWithPeople loaded = load_game_with_programs(
      options.config, [&](kripke::GameConfig& c) { options.engine.apply(c); });
  const kripke::Game& game = *loaded.game;
  TextSink text(std::cout, "standard output", hidden_in_text(options));
  JsonlSink jsonl(std::cout, "standard output");
  FanOutSink sinks;
  sinks.add(options.format == "jsonl" ? static_cast<kripke::EventSink&>(jsonl) : text);
  std::optional<OutputFile> log_file;
  std::optional<JsonlSink> log;
  if (!options.log.empty()) {
    log_file.emplace(options.log);
    sinks.add(log.emplace(log_file->stream(), log_file->name()));
  }
  const std::uint64_t seed = options.seed.or_config(game.config().seed);
  if (options.programs.typed().empty() && loaded.programs.empty()) {
    in_file(options.config, [&] { kripke::run_game(game, seed, sinks); });
  } else {
    InterruptGuard interrupt;
    in_file(options.config, [&] {
      arena::ProgramGame table(sinks, options.programs.limits(),
                               options.log.empty() ? "" : options.log + ".program");
      kripke::GameRunner runner(game, seed, table.sink());
      std::vector<SeatProgram> specs =
          arena::seat_programs(options.programs.typed(), loaded.programs,
                               options.programs.allowed(), runner.play(), std::cerr);
      table.play(runner, std::move(specs), &interrupt.requested());
    });
    if (log_file) log_file->commit();
    if (interrupt.signal())
      throw CommandExit(
          ExitCode(128 + interrupt.signal()),
          log_file ? "interrupted: the game so far is in " + options.log : "interrupted");
    return;
  }
  if (log_file) log_file->commit();
}

}  // namespace

void add_run_command(CLI::App& app) {
  auto options = std::make_shared<RunOptions>();
  CLI::App* cmd = app.add_subcommand("run", "Play one game from a config file");
  cmd->add_option("CONFIG", options->config, "the game config (JSON)")
      ->required()
      ->type_name("FILE");
  options->seed.add_to(*cmd);
  options->engine.add_to(*cmd);
  options->programs.add_to(*cmd, /*seat_option=*/true);
  cmd->add_option("--format", options->format,
                  "what to print on stdout: text (the transcript) or jsonl (the log)")
      ->check(CLI::IsMember({"text", "jsonl"}))
      ->type_name("text|jsonl");
  cmd->add_flag("--no-hints", options->no_hints,
                "leave the hint and knowledge tables (hints events) out of the transcript; the "
                "log keeps them (the rule \"hints\": false drops them altogether)");
  cmd->add_flag("--knowledge", options->knowledge,
                "show the knowledge events in the transcript (Sleuth's knowledge bases after "
                "each observation, What's My Number?'s pairs each player may hold); the log "
                "always carries them");
  cmd->add_option("--log", options->log,
                  "also write the JSON Lines log to FILE (only complete logs appear)")
      ->type_name("FILE");
  help_footer(
      *cmd,
      "Play one game from a config file (docs/configs.md): the agents take turns until one\n"
      "reaches its goal, the turn limit is hit, or nothing can change any more. Prints the\n"
      "transcript (or, with --format jsonl, the JSON Lines log: docs/log-format.md).\n"
      "Programs may play seats over the seat protocol (--program, docs/agents.md): their\n"
      "moves are marked \"by\": \"program\" in the log, their standard error goes to\n"
      "LOG.program-seat-N.txt with --log.",
      "  0  the game was played\n  2  bad usage or a bad config (the message names file, JSON "
      "path, problem)",
      "  130  interrupted by Ctrl-C while programs play (143: by SIGTERM)");
  cmd->callback([options] { run(*options); });
}

}  // namespace kripkesim
