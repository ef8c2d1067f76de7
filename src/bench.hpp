// `kripkesim bench`: named benchmark cases. Each game contributes its cases from its own
// bench_<game>.cpp through a function listed in bench_cases(); timings are medians over
// repeated runs, printed as a table (docs/performance.md says how to reproduce them).
#pragma once

#include <CLI/CLI.hpp>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace kripkesim {

// One measured quantity: wall seconds of each repetition of some work.
struct BenchRow {
  std::string label;
  std::vector<double> seconds;
  std::string note;  // e.g. "19 updates, 52 ns/world/agent"
};

struct BenchCase {
  std::string name;
  std::string description;
  int default_repeat = 5;
  std::function<std::vector<BenchRow>(int repeat)> run;
};

// Runs `work` `repeat` times and returns the wall time of each run.
template <class Work>
std::vector<double> time_runs(int repeat, Work&& work) {
  std::vector<double> out;
  for (int k = 0; k < repeat; ++k) {
    const auto start = std::chrono::steady_clock::now();
    work();
    out.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return out;
}

double median(std::vector<double> values);

// Every game's cases, in the order `kripkesim bench --list` shows them.
std::vector<BenchCase> bench_cases();
std::vector<BenchCase> muddy_bench_cases();
std::vector<BenchCase> number_bench_cases();
std::vector<BenchCase> clue_bench_cases();
std::vector<BenchCase> nine_card_bench_cases();
std::vector<BenchCase> sleuth_bench_cases();

void add_bench_command(CLI::App& app);

}  // namespace kripkesim
