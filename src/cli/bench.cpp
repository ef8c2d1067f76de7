// kripkesim bench [CASE...]: runs the games' bench cases (src/games/<game>/bench.cpp) and
// prints their timings as a table.
#include "bench/bench.hpp"

#include <fmt/core.h>
#include <sys/resource.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <memory>

#include "arena/request_bench.hpp"
#include "cli/commands.hpp"
#include "cli/validation.hpp"
#include "games/catalog.hpp"
#include "kripke/errors.hpp"
#include "kripke/text_width.hpp"
#include "scenario/bench.hpp"

namespace kripkesim {
namespace {

// Every game's cases, in the order of the catalog, then whole scenarios and the seat
// protocol's own cost.
std::vector<BenchCase> bench_cases() {
  std::vector<BenchCase> cases;
  for (const GameUnit& unit : game_units())
    for (auto& c : unit.bench_cases()) cases.push_back(std::move(c));
  for (auto& c : scenario_bench_cases()) cases.push_back(std::move(c));
  for (auto& c : arena_bench_cases()) cases.push_back(std::move(c));
  cases.push_back(
      {"validate-what-sum",
       "kripkesim validate on What Sum at bound 500 (374,250 worlds of 125 million "
       "assignments): the model alone (its worlds counted by solving the law, not built) and "
       "the scenario (its steps played on the model)",
       5, [](int repeat) {
         kripke::Json plain = what_sum_scenario(500);
         plain.erase("script");
         std::vector<BenchRow> rows;
         for (const auto& [label, document] :
              {std::pair{"the model", plain}, std::pair{"the scenario", what_sum_scenario(500)}}) {
           std::string said;
           const Timings t = time_runs(repeat, [&] { said = validate_document(document); });
           rows.push_back({label, t, said + "; target < 1 s"});
         }
         return rows;
       }});
  return cases;
}

std::string format_seconds(double s) {
  if (s < 1e-3) return fmt::format("{:.1f} us", s * 1e6);
  if (s < 1) return fmt::format("{:.2f} ms", s * 1e3);
  return fmt::format("{:.3f} s", s);
}

double peak_memory_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

struct BenchOptions {
  std::vector<std::string> names;
  int repeat = 0;  // 0: each case's default
  bool list = false;
};

void run_bench(const BenchOptions& opt) {
  const auto cases = bench_cases();
  if (opt.list || opt.names.empty()) {
    for (const auto& c : cases)
      fmt::print("{}\n", kripke::wrap_items(
                             kripke::split_words(c.description, {fmt::format("{:<24}", c.name)}),
                             "", std::string(25, ' ')));
    if (!opt.list) fmt::print("\nname one or more cases (or 'all') to run them\n");
    return;
  }
  std::vector<const BenchCase*> chosen;
  for (const auto& name : opt.names) {
    bool found = false;
    for (const auto& c : cases)
      if (name == "all" || c.name == name) chosen.push_back(&c), found = true;
    if (!found)
      throw kripke::InputError("unknown benchmark case '" + name +
                               "' (see kripkesim bench --list)");
  }
  for (const BenchCase* c : chosen) {
    const int repeat = opt.repeat > 0 ? opt.repeat : c->default_repeat;
    fmt::print("{} — {} ({} runs each)\n", c->name, c->description, repeat);
    // CPU time first: the work done, which the machine's load hardly moves (the wall
    // times of a loaded machine can miss a target the work meets by far).
    fmt::print("  {:<28} {:>11} {:>11} {:>11} {:>11}  {}\n", "", "CPU median", "wall median",
               "wall min", "wall max", "");
    for (const BenchRow& row : c->run(repeat)) {
      const auto& wall = row.times.wall;
      if (wall.empty()) {  // a row that only reports (a difference, or why nothing ran)
        fmt::print("  {:<28} {:>11} {:>11} {:>11} {:>11}  {}\n", row.label, "-", "-", "-", "-",
                   row.note);
        continue;
      }
      const auto [lo, hi] = std::minmax_element(wall.begin(), wall.end());
      // A time measured by another program (Python's own clock) has no CPU time here.
      const std::string cpu =
          row.times.cpu.empty() ? std::string("-") : format_seconds(median(row.times.cpu));
      fmt::print("  {:<28} {:>11} {:>11} {:>11} {:>11}  {}\n", row.label, cpu,
                 format_seconds(median(wall)), format_seconds(*lo), format_seconds(*hi), row.note);
    }
    fmt::print("  peak memory of the process so far: {:.1f} MiB\n", peak_memory_mib());
  }
}

}  // namespace

void add_bench_command(CLI::App& app) {
  auto opt = std::make_shared<BenchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "bench",
      "Run named benchmark cases and print the median CPU time (user + sys, all threads, and "
      "the processes a case starts) first, then the median/min/max wall times, and peak "
      "memory.\n"
      "Build in Release (the default preset) for meaningful numbers; see docs/performance.md.");
  cmd->add_option("cases", opt->names, "Cases to run ('all' for every case); none: list them");
  cmd->add_option("--repeat", opt->repeat, "Runs per measurement (default: per case)")
      ->check(CLI::Range(1, 1000));
  cmd->add_flag("--list", opt->list, "List the cases and exit");
  cmd->callback([opt] { run_bench(*opt); });
}

}  // namespace kripkesim
