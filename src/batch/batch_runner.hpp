// Runs the games of a batch (or of one shard of it) on worker threads. Each game's seed
// comes from (batch seed, condition, game index) and each record is stored at its game's
// place, so the records are the same for any number of threads and any shard split.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "arena/program_seats.hpp"
#include "batch/batch_config.hpp"
#include "batch/batch_stats.hpp"

namespace kripkesim {

// Shard k of n (1 ≤ k ≤ n) holds, in every condition, the games whose index g has
// g mod n = k − 1. Shard 1/1 is the whole batch.
struct Shard {
  std::uint64_t k = 1;
  std::uint64_t n = 1;
  bool holds(std::uint64_t game) const { return game % n == k - 1; }
  // How many of a condition's games 0..games-1 this shard holds.
  std::uint64_t count_of(std::uint64_t games) const { return games >= k ? (games - k) / n + 1 : 0; }
};

// "K/N"; an InputError naming `option` otherwise.
Shard parse_shard(const std::string& text, const std::string& option = "--shard");

struct BatchProgress {
  std::vector<std::uint64_t> done;   // per condition
  std::vector<std::uint64_t> total;  // per condition, in this shard
  double elapsed_seconds = 0;
};

struct RunnerOptions {
  unsigned jobs = 1;
  Shard shard;
  std::string log_dir;                      // empty: no per-game logs
  arena::ProgramLimits program_limits;      // for the conditions' programs
  const std::atomic<bool>* stop = nullptr;  // when it turns true, the run ends early
  // Called on the calling thread every `progress_interval` while the games run, and once
  // at the end.
  std::function<void(const BatchProgress&)> progress;
  std::chrono::milliseconds progress_interval{250};
};

struct BatchRun {
  std::vector<GameRecord> records;  // the finished games, by condition, then game index
  bool complete = false;            // false when stopped early
  unsigned jobs = 1;
  double wall_seconds = 0;
  std::vector<double> game_seconds;  // per condition: wall time of its games, summed
};

// Errors inside a game stop the run and are rethrown (InputErrors name the condition and game).
BatchRun run_batch(const BatchConfig& batch, const RunnerOptions& options);

}  // namespace kripkesim
