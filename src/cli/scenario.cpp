// kripkesim scenario PATH... [--verbose]
#include "scenario/scenario.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <memory>
#include <vector>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "input/config_file.hpp"
#include "input/config_folders.hpp"
#include "output/file_error.hpp"
#include "output/sinks.hpp"
#include "scenario/scenario_runner.hpp"

namespace kripkesim {
namespace {

struct ScenarioOptions {
  std::vector<std::string> paths;
  bool verbose = false;
  EngineOption engine;
};

struct Tally {
  int passed = 0;
  int failed = 0;
  bool bad_input = false;
  std::vector<std::string> skipped;  // files in a directory that are not scenarios

  void bad(const kripke::InputError& e) {
    std::cout.flush();
    std::cerr << "kripkesim: " << describe(e) << std::endl;
    bad_input = true;
  }
};

// Whether a file found in a directory is a JSON object without a "script": a game config or
// an experiment, skipped. A file that does not parse is not skipped: it may be a scenario
// with a typo, reported when it is run.
bool not_a_scenario(const std::filesystem::path& file) {
  try {
    const kripke::Json document = read_json_file(file.string());
    return document.is_object() && !document.contains("script");
  } catch (const kripke::InputError&) {
    return false;
  }
}

// Files as given; directories replaced by every *.json scenario inside them, recursively,
// sorted (the others are noted in the tally as skipped).
std::vector<std::string> scenario_files(const std::vector<std::string>& paths, Tally& tally) {
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    if (!std::filesystem::is_directory(path)) {
      files.push_back(path);
      continue;
    }
    std::vector<FileError> unreadable;
    const auto found = json_files_under(path, unreadable);
    for (const FileError& e : unreadable) tally.bad(e);
    const std::size_t before = files.size();
    for (const auto& file : found)
      (not_a_scenario(file) ? tally.skipped : files).push_back(file.string());
    if (files.size() == before && unreadable.empty())
      tally.bad(FileError(path, found.empty() ? "the directory holds no *.json files"
                                              : "the directory holds no scenarios (*.json files "
                                                "with a \"script\")"));
  }
  return files;
}

void run_file(const std::string& file, const ScenarioOptions& options, Tally& tally) {
  const bool verbose = options.verbose;
  try {
    Scenario scenario = load_scenario(file);
    options.engine.apply(scenario.config);
    TextSink text(std::cout, "standard output", {"knowledge"});  // as `run` without --knowledge
    kripke::NullSink quiet;
    const ScenarioResult result = in_file(file, [&] {
      return run_scenario(scenario, verbose ? static_cast<kripke::EventSink&>(text) : quiet);
    });
    if (result.passed()) {
      std::cout << "PASS " << result.name << '\n';
      ++tally.passed;
      return;
    }
    std::cout << fmt::format("FAIL {}\n  file: {}\n", result.name, file);
    for (const std::string& failure : result.failures) std::cout << failure;
    ++tally.failed;
  } catch (const kripke::InputError& e) {
    std::cout << fmt::format("FAIL {} (bad input)\n", file);
    ++tally.failed;
    tally.bad(e);
  }
}

void run_scenarios(const ScenarioOptions& options) {
  Tally tally;
  for (const std::string& file : scenario_files(options.paths, tally))
    run_file(file, options, tally);
  if (!tally.skipped.empty()) {
    std::cout << "skipped, not scenarios (no \"script\"):\n";
    for (const std::string& file : tally.skipped) std::cout << "  " << file << '\n';
  }
  std::cout << fmt::format("{} passed, {} failed", tally.passed, tally.failed);
  if (!tally.skipped.empty()) std::cout << fmt::format(", {} skipped", tally.skipped.size());
  std::cout << std::endl;
  if (tally.bad_input) throw CommandExit(kExitBadInput);
  if (tally.failed > 0) throw CommandExit(kExitExpectationFailed);
}

}  // namespace

void add_scenario_command(CLI::App& app) {
  auto options = std::make_shared<ScenarioOptions>();
  CLI::App* cmd =
      app.add_subcommand("scenario", "Play scripted scenarios and check their expectations");
  cmd->add_option("PATH", options->paths, "scenario files or directories")->required();
  cmd->add_flag("-v,--verbose", options->verbose,
                "also print each game's transcript and every step");
  options->engine.add_to(*cmd);
  help_footer(
      *cmd,
      "Play scenario files (docs/scenarios.md): a game config plus a \"script\" of moves,\n"
      "announcements, observations, and expectations about who knows what. Prints PASS or FAIL\n"
      "per file (a failure shows the step, the formula, and each agent's knowledge) and ends\n"
      "with a summary line \"N passed, M failed\". Directories are searched for *.json files,\n"
      "recursively: the game configs and experiments among them (no \"script\") are skipped and\n"
      "listed; a bad file is reported and the others still run.",
      "  0  every scenario passed\n  1  some expectation failed\n"
      "  2  some file had bad input (a bad config, a false announcement, ...)");
  cmd->callback([options] { run_scenarios(*options); });
}

}  // namespace kripkesim
