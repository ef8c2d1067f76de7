// kripkesim batch CONFIG.json [--jobs N] [--shard K/N] [--out FILE]... [--log-dir DIR]
//                             [--progress | --no-progress] [--allow-programs]
// kripkesim merge RESULTS.json... [--out FILE]... [--standings FILE]...
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "batch/batch_report.hpp"
#include "cli/batch_run.hpp"
#include "cli/commands.hpp"
#include "input/config_file.hpp"
#include "tournament/standings_outputs.hpp"

namespace kripkesim {
namespace {

struct BatchOptions {
  std::string config;
  BatchRunOptions run;
};

void run_batch_command(const BatchOptions& options) {
  const BatchConfig batch =
      in_file(options.config, [&] { return read_batch_config(read_json_file(options.config)); });
  play_batch(batch, options.run, options.config,
             [](const Results& results) { return summary_table(results); });
}

struct MergeOptions {
  std::vector<std::string> files;
  std::vector<std::string> out;
  StandingsOptions standings;  // a tournament's
};

// The batch or tournament config a results file carries.
BatchConfig config_of_results(const kripke::Json& config) {
  return is_tournament(config) ? read_tournament_config(config).batch : read_batch_config(config);
}

void run_merge_command(const MergeOptions& options) {
  ResultsOutputs outputs(options.out);
  StandingsOutputs standings(options.standings.files);
  std::vector<Results> parts;
  for (const std::string& file : options.files)
    parts.push_back(read_results(file, config_of_results));
  MergedResults merged = merge_results(parts, options.files);
  const bool tournament = is_tournament(merged.results.config);
  if (!tournament && !options.standings.files.empty())
    throw kripke::InputError("--standings: " + options.files.front() +
                             " holds a batch's games, not a tournament's");
  if (!merged.missing_shards.empty()) {
    std::string missing;
    for (auto k : merged.missing_shards) missing += fmt::format(" {}", k);
    std::cerr << fmt::format(
        "kripkesim merge: warning: shard(s){} of {} missing; the merged "
        "results say \"complete\": false\n",
        missing, parts.front().shard.n);
  }
  const std::string table =
      tournament ? report_standings(read_tournament_config(merged.results.config), merged.results,
                                    options.standings.bootstrap, standings)
                 : summary_table(merged.results);
  outputs.write(merged.results);
  std::cout << table << std::flush;
}

}  // namespace

void add_batch_command(CLI::App& app) {
  auto options = std::make_shared<BatchOptions>();
  CLI::App* cmd =
      app.add_subcommand("batch", "Play many games of a config's batch section, with statistics");
  cmd->add_option("CONFIG", options->config, "a config with a batch section (JSON)")->required();
  options->run.add_to(*cmd, "<condition>-<index>.jsonl");
  help_footer(
      *cmd,
      "Play the games of a config's batch section (docs/batch.md): N random deals or every\n"
      "deal, for each condition, on worker threads. Prints a summary table per condition;\n"
      "--out writes the per-game records and the summary. The results are the same for any\n"
      "--jobs and any --shard split. Ctrl-C (or SIGTERM) stops early: the finished games are\n"
      "kept, and the results files say \"complete\": false.",
      "  0  every game was played\n  2  bad usage or a bad config (the message names file, JSON "
      "path, problem)",
      "  130  interrupted by Ctrl-C (SIGINT); 143 by SIGTERM");
  cmd->callback([options] { run_batch_command(*options); });
}

void add_merge_command(CLI::App& app) {
  auto options = std::make_shared<MergeOptions>();
  CLI::App* cmd =
      app.add_subcommand("merge", "Combine the results files of batch or tournament shards");
  cmd->add_option("RESULTS", options->files, "results files (JSON) of shards of one batch")
      ->required();
  cmd->add_option("--out", options->out, "write the merged results to FILE.json or FILE.csv")
      ->type_name("FILE");
  options->standings.add_to(*cmd, "a tournament's: ");
  help_footer(
      *cmd,
      "Combine the JSON results of `kripkesim batch --shard K/N` (or `tournament --shard K/N`)\n"
      "runs of one config into the results of the whole batch: the records of all shards and\n"
      "the summary (a tournament's standings) recomputed from them, the same as one whole run\n"
      "gives. Prints the summary table (the standings).",
      "  0  merged (a warning names missing shards)\n  2  a file is not a results file, comes "
      "from another config or shard count, or repeats a shard");
  cmd->callback([options] { run_merge_command(*options); });
}

}  // namespace kripkesim
