#include "cli/batch_run.hpp"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "input/config_file.hpp"
#include "kripke/plural.hpp"
#include "output/interrupt.hpp"

namespace kripkesim {
namespace {

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

}  // namespace

void BatchRunOptions::add_to(CLI::App& cmd, const std::string& log_names) {
  cmd.add_option("-j,--jobs", jobs, "worker threads (default: all cores)")
      ->check(CLI::Range(1, 1024))
      ->type_name("N");
  cmd.add_option("--shard", shard,
                 "play only shard K of N: the games whose index g has g mod N = K-1 (default 1/1)")
      ->type_name("K/N");
  cmd.add_option("--out", out,
                 "write the results to FILE.json (config, records, summary) or FILE.csv (one row "
                 "per game); repeatable")
      ->type_name("FILE");
  cmd.add_option("--log-dir", log_dir, "write each game's JSON Lines log to DIR/" + log_names)
      ->type_name("DIR");
  progress_option =
      cmd.add_flag("--progress,!--no-progress", progress,
                   "show the progress line on stderr (default: only when stderr is a terminal)");
  programs.add_to(cmd, /*seat_option=*/false);
}

void StandingsOptions::add_to(CLI::App& cmd, const std::string& whose) {
  cmd.add_option("--standings", files,
                 whose +
                     "write the standings to FILE.json or FILE.csv (a row per entrant); "
                     "repeatable")
      ->type_name("FILE");
  cmd.add_option("--bootstrap", bootstrap,
                 whose +
                     "resamples of the games for the ratings' 95% intervals (default 1000; "
                     "0: none)")
      ->check(CLI::Range(0, 100'000))
      ->type_name("N");
}

void play_batch(const BatchConfig& batch, const BatchRunOptions& options,
                const std::string& config_file,
                const std::function<std::string(Results&)>& finish) {
  const Shard shard = parse_shard(options.shard);
  in_file(config_file,
          [&] { check_programs_allowed(batch, options.programs.allowed(), std::cerr); });
  ResultsOutputs outputs(options.out);  // before the games: a bad path must not cost a run

  const bool show_progress =
      options.progress_option->count() ? options.progress : isatty(STDERR_FILENO) != 0;

  InterruptGuard interrupt;
  RunnerOptions runner;
  runner.jobs = options.jobs;
  runner.shard = shard;
  runner.log_dir = options.log_dir;
  runner.program_limits = options.programs.limits();
  runner.stop = &interrupt.requested();
  std::optional<ProgressPrinter> printer;
  if (show_progress) {
    printer.emplace(condition_infos(batch));
    runner.progress_interval = printer->interval();
    runner.progress = [&](const BatchProgress& p) { printer->print(p); };
  }
  BatchRun run = in_file(config_file, [&] { return run_batch(batch, runner); });
  printer.reset();

  Results results = results_of_run(batch, shard, std::move(run));
  const std::string table = finish(results);
  outputs.write(results);
  std::cout << table << std::flush;
  if (!results.complete)
    throw CommandExit(
        ExitCode(128 + interrupt.signal()),
        fmt::format("interrupted: {} finished{}", kripke::counted(results.records.size(), "game"),
                    options.out.empty() ? "" : R"( (results say "complete": false))"));
}

}  // namespace kripkesim
