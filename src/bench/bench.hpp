// `kripkesim bench`'s cases and their timing. Each game contributes its cases from its unit
// (src/games/<game>/bench.cpp); the command (src/cli/bench.cpp) runs them and prints
// medians over repeated runs as a table (docs/performance.md says how to reproduce them).
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace kripkesim {

// Seconds taken by each repetition of some work: wall-clock time, and the CPU time
// (user + sys, all threads) of the process and of the processes it waited for, which a
// shared machine's load hardly moves.
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

}  // namespace kripkesim
