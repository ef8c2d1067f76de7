// kripkesim batch CONFIG.json [--jobs N] [--shard K/N] [--out FILE]... [--log-dir DIR]
//                             [--progress | --no-progress]
// kripkesim merge RESULTS.json... [--out FILE]...
#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

#include "batch/batch_report.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "input/config_file.hpp"
#include "kripke/plural.hpp"
#include "output/file_error.hpp"
#include "output/interrupt.hpp"

namespace kripkesim {
namespace {

struct BatchOptions {
  std::string config;
  unsigned jobs = std::max(1U, std::thread::hardware_concurrency());
  std::string shard = "1/1";
  std::vector<std::string> out;
  std::string log_dir;
  bool progress = false;
  CLI::Option* progress_option = nullptr;  // given: --progress / --no-progress decides
};

// The live progress line on stderr: redrawn in place on a terminal, a line every few
// seconds otherwise (when asked for with --progress).
class ProgressPrinter {
 public:
  explicit ProgressPrinter(std::vector<ConditionInfo> conditions)
      : conditions_(std::move(conditions)), terminal_(isatty(STDERR_FILENO)) {}

  std::chrono::milliseconds interval() const {
    return std::chrono::milliseconds(terminal_ ? 250 : 5000);
  }

  void print(const BatchProgress& progress) {
    std::string line = progress_line(progress, conditions_);
    if (!terminal_) {
      std::fprintf(stderr, "%s\n", line.c_str());
      return;
    }
    winsize size{};
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 1 &&
        line.size() >= size.ws_col)
      line.resize(size.ws_col - 1);  // a wrapped line could not be redrawn in place
    std::fprintf(stderr, "\r%s\033[K", line.c_str());
    drawn_ = true;
  }

  ~ProgressPrinter() {
    if (drawn_) std::fputc('\n', stderr);
  }

 private:
  std::vector<ConditionInfo> conditions_;
  bool terminal_;
  bool drawn_ = false;
};

void run_batch_command(const BatchOptions& options) {
  const Shard shard = parse_shard(options.shard);
  const BatchConfig batch =
      in_file(options.config, [&] { return read_batch_config(read_json_file(options.config)); });
  ResultsOutputs outputs(options.out);  // before the games: a bad path must not cost a run

  const bool show_progress =
      options.progress_option->count() ? options.progress : isatty(STDERR_FILENO) != 0;

  InterruptGuard interrupt;
  RunnerOptions runner;
  runner.jobs = options.jobs;
  runner.shard = shard;
  runner.log_dir = options.log_dir;
  runner.stop = &interrupt.requested();
  std::optional<ProgressPrinter> printer;
  if (show_progress) {
    printer.emplace(condition_infos(batch));
    runner.progress_interval = printer->interval();
    runner.progress = [&](const BatchProgress& p) { printer->print(p); };
  }
  BatchRun run = in_file(options.config, [&] { return run_batch(batch, runner); });
  printer.reset();

  const Results results = results_of_run(batch, shard, std::move(run));
  outputs.write(results);
  std::cout << summary_table(results) << std::flush;
  if (!results.complete)
    throw CommandExit(
        ExitCode(128 + interrupt.signal()),
        fmt::format("interrupted: {} finished{}", kripke::counted(results.records.size(), "game"),
                    options.out.empty() ? "" : R"( (results say "complete": false))"));
}

struct MergeOptions {
  std::vector<std::string> files;
  std::vector<std::string> out;
};

void run_merge_command(const MergeOptions& options) {
  ResultsOutputs outputs(options.out);
  std::vector<Results> parts;
  for (const std::string& file : options.files) parts.push_back(read_results(file));
  const MergedResults merged = merge_results(parts, options.files);
  if (!merged.missing_shards.empty()) {
    std::string missing;
    for (auto k : merged.missing_shards) missing += fmt::format(" {}", k);
    std::cerr << fmt::format(
        "kripkesim merge: warning: shard(s){} of {} missing; the merged "
        "results say \"complete\": false\n",
        missing, parts.front().shard.n);
  }
  outputs.write(merged.results);
  std::cout << summary_table(merged.results) << std::flush;
}

}  // namespace

void add_batch_command(CLI::App& app) {
  auto options = std::make_shared<BatchOptions>();
  CLI::App* cmd =
      app.add_subcommand("batch", "Play many games of a config's batch section, with statistics");
  cmd->add_option("CONFIG", options->config, "a config with a batch section (JSON)")->required();
  cmd->add_option("-j,--jobs", options->jobs, "worker threads (default: all cores)")
      ->check(CLI::Range(1, 1024))
      ->type_name("N");
  cmd->add_option("--shard", options->shard,
                  "play only shard K of N: the games whose index g has g mod N = K-1 (default 1/1)")
      ->type_name("K/N");
  cmd->add_option("--out", options->out,
                  "write the results to FILE.json (config, records, summary) or FILE.csv (one row "
                  "per game); repeatable")
      ->type_name("FILE");
  cmd->add_option("--log-dir", options->log_dir,
                  "write each game's JSON Lines log to DIR/<condition>-<index>.jsonl")
      ->type_name("DIR");
  options->progress_option =
      cmd->add_flag("--progress,!--no-progress", options->progress,
                    "show the progress line on stderr (default: only when stderr is a terminal)");
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
  CLI::App* cmd = app.add_subcommand("merge", "Combine the results files of batch shards");
  cmd->add_option("RESULTS", options->files, "results files (JSON) of shards of one batch")
      ->required();
  cmd->add_option("--out", options->out, "write the merged results to FILE.json or FILE.csv")
      ->type_name("FILE");
  help_footer(
      *cmd,
      "Combine the JSON results of `kripkesim batch --shard K/N` runs of one config into the\n"
      "results of the whole batch: the records of all shards and the summary recomputed from\n"
      "them (the same as one whole run gives). Prints the summary table.",
      "  0  merged (a warning names missing shards)\n  2  a file is not a results file, comes "
      "from another config or shard count, or repeats a shard");
  cmd->callback([options] { run_merge_command(*options); });
}

}  // namespace kripkesim
