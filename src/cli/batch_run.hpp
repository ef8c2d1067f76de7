// What `batch` and `tournament` share on the command line: the options that run many games
// (--jobs, --shard, --out, --log-dir, --progress, the programs'), and playing them with a
// progress line and Ctrl-C that keeps the finished games.
#pragma once

#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "batch/batch_results.hpp"
#include "cli/program_options.hpp"
#include "tournament/standings.hpp"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace kripkesim {

struct BatchRunOptions {
  unsigned jobs = std::max(1U, std::thread::hardware_concurrency());
  std::string shard = "1/1";
  std::vector<std::string> out;
  std::string log_dir;
  bool progress = false;
  CLI::Option* progress_option = nullptr;  // given: --progress / --no-progress decides
  ProgramOptions programs;

  // `log_names`: how --log-dir names each game's log, for its help.
  void add_to(CLI::App& command, const std::string& log_names);
};

// A tournament's standings, for `tournament` and for `merge` of its shards: --standings
// FILE (repeatable) and --bootstrap N.
struct StandingsOptions {
  std::vector<std::string> files;
  int bootstrap = kDefaultBootstrap;

  // `whose`: how the help names the standings ("" or "a tournament's: ").
  void add_to(CLI::App& command, const std::string& whose);
};

// Plays `batch` (read from `config_file`) as the options say; `finish` completes the results
// (a tournament adds its standings) and returns the table to print. The --out files are
// opened before the first game and written after `finish`. A CommandExit when interrupted
// (the finished games are written, "complete": false).
void play_batch(const BatchConfig& batch, const BatchRunOptions& options,
                const std::string& config_file, const std::function<std::string(Results&)>& finish);

}  // namespace kripkesim
