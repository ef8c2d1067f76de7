// kripkesim run CONFIG.json [--seed N] [--format text|jsonl] [--log FILE] [--no-hints]
// [--knowledge]
#include <CLI/CLI.hpp>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "input/config_file.hpp"
#include "kripke/game_loop.hpp"
#include "output/file_error.hpp"
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
  const auto game =
      load_game(options.config, [&](kripke::GameConfig& c) { options.engine.apply(c); });
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
  in_file(options.config,
          [&] { kripke::run_game(*game, options.seed.or_config(game->config().seed), sinks); });
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
      "transcript (or, with --format jsonl, the JSON Lines log: docs/log-format.md).",
      "  0  the game was played\n  2  bad usage or a bad config (the message names file, JSON "
      "path, problem)");
  cmd->callback([options] { run(*options); });
}

}  // namespace kripkesim
