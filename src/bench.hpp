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

// Seconds taken by each repetition of some work: wall-clock time, and the CPU time
// (user + sys, all threads) of the process, which a shared machine's load hardly moves.
struct Timings {
  std::vector<double> wall, cpu;

  void add(const Timings& one) {
    wall.insert(wall.end(), one.wall.begin(), one.wall.end());
    cpu.insert(cpu.end(), one.cpu.begin(), one.cpu.end());
  }
  // Every repetition divided by `n` (time per game when a repetition plays n games).
  Timings per(double n) const {
    Timings out = *this;
    for (double& s : out.wall) s /= n;
    for (double& s : out.cpu) s /= n;
    return out;
  }
};

// One measured quantity.
struct BenchRow {
  std::string label;
  Timings times;
  std::string note;  // e.g. "19 updates, 52 ns/world/agent"
};

struct BenchCase {
  std::string name;
  std::string description;
  int default_repeat = 5;
  std::function<std::vector<BenchRow>(int repeat)> run;
};

double process_cpu_seconds();

// Runs `work` `repeat` times and returns the wall and CPU time of each run.
template <class Work>
Timings time_runs(int repeat, Work&& work) {
  Timings out;
  for (int k = 0; k < repeat; ++k) {
    const double cpu_start = process_cpu_seconds();
    const auto start = std::chrono::steady_clock::now();
    work();
    out.wall.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    out.cpu.push_back(process_cpu_seconds() - cpu_start);
  }
  return out;
}

double median(std::vector<double> values);

// The explicit muddy children, n children all muddy, played out `repeat` times (what the
// symbolic cases compare with).
Timings time_explicit_muddy(int n, int repeat);
// Sum and Product up to `bound` (x + y <= bound) on the given engine: the model built, the
// three statements announced, the answer checked (src/bench_models.cpp).
BenchRow sum_and_product(int bound, int repeat, const std::string& engine);

// Every game's cases, in the order `kripkesim bench --list` shows them.
std::vector<BenchCase> bench_cases();
std::vector<BenchCase> muddy_bench_cases();
std::vector<BenchCase> number_bench_cases();
std::vector<BenchCase> clue_bench_cases();
std::vector<BenchCase> cluedo_bench_cases();
std::vector<BenchCase> nine_card_bench_cases();
std::vector<BenchCase> sleuth_bench_cases();
std::vector<BenchCase> model_bench_cases();
std::vector<BenchCase> symbolic_bench_cases();  // src/bench_symbolic.cpp

void add_bench_command(CLI::App& app);

}  // namespace kripkesim
