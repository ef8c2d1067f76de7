#include "batch/batch_runner.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iterator>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include "arena/program_game.hpp"
#include "kripke/game_loop.hpp"
#include "output/file_error.hpp"
#include "output/output_file.hpp"
#include "output/sinks.hpp"

namespace kripkesim {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// This shard's games numbered 0..size()-1, condition after condition, so that the workers
// can share one counter.
class WorkList {
 public:
  struct Item {
    std::size_t condition;
    std::uint64_t game;
  };

  WorkList(const BatchConfig& batch, Shard shard) : shard_(shard) {
    first_.push_back(0);
    for (const auto& c : batch.conditions) {
      counts_.push_back(shard.count_of(c.games));
      first_.push_back(first_.back() + counts_.back());
    }
  }

  std::uint64_t size() const { return first_.back(); }
  const std::vector<std::uint64_t>& counts() const { return counts_; }

  Item at(std::uint64_t i) const {
    // The last condition starting at or before i (conditions without games start where
    // the next one does).
    const auto c =
        std::size_t(std::upper_bound(first_.begin(), first_.end(), i) - first_.begin()) - 1;
    return {c, shard_.k - 1 + shard_.n * (i - first_[c])};
  }

 private:
  Shard shard_;
  std::vector<std::uint64_t> counts_;
  std::vector<std::uint64_t> first_;  // first item of each condition, then size()
};

// Each seat's strategy label; empty when no seat has a strategy.
std::vector<std::string> strategies_of(const kripke::Json& agents) {
  std::vector<std::string> out;
  bool any = false;
  for (const auto& agent : agents) {
    const auto it = agent.find("strategy");
    any = any || it != agent.end();
    if (it == agent.end()) {
      out.emplace_back("(none)");
    } else {
      out.push_back(it->is_string() ? it->get<std::string>() : it->dump());
    }
  }
  return any ? out : std::vector<std::string>{};
}

class StopCheck {
 public:
  StopCheck(const std::atomic<bool>* requested, const std::atomic<bool>& failed)
      : requested_(requested), failed_(failed) {}
  bool operator()() const {
    return failed_.load(std::memory_order_relaxed) ||
           (requested_ && requested_->load(std::memory_order_relaxed));
  }

 private:
  const std::atomic<bool>* requested_;
  const std::atomic<bool>& failed_;
};

// Plays one game to its end; nullopt when asked to stop first (the game is abandoned and
// its log, if any, never appears).
std::optional<GameRecord> play_game(const BatchConfig& batch, WorkList::Item item,
                                    const RunnerOptions& options, const StopCheck& stop) {
  const std::string& log_dir = options.log_dir;
  const BatchCondition& condition = batch.conditions[item.condition];
  GameRecord record;
  record.condition = item.condition;
  record.index = item.game;
  record.seed = batch.seed_of(item.condition, item.game);

  kripke::NullSink no_log;
  std::optional<OutputFile> log_file;
  std::optional<JsonlSink> log;
  if (!log_dir.empty()) {
    const auto file = std::filesystem::path(log_dir) /
                      (condition.name + "-" + std::to_string(item.game) + ".jsonl");
    log_file.emplace(file.string());
    log.emplace(log_file->stream(), log_file->name());
  }
  kripke::EventSink& sink = log ? static_cast<kripke::EventSink&>(*log) : no_log;

  try {
    // Programs see the game through the seat loop of `kripkesim play` (src/arena/).
    std::optional<arena::ProgramGame> table;
    if (!condition.programs.empty())
      table.emplace(sink, options.program_limits,
                    log_file ? log_file->name() + ".program" : std::string());
    kripke::EventSink& events = table ? table->sink() : sink;
    std::optional<kripke::GameRunner> runner;
    if (batch.all_deals) {
      runner.emplace(*condition.game, record.seed, events, condition.deal_order[item.game]);
    } else {
      runner.emplace(*condition.game, record.seed, events);
    }
    if (table) {
      table->play(*runner, condition.programs, options.stop);
      if (stop()) return std::nullopt;
    } else {
      runner->start();
      while (!runner->finished()) {
        if (stop()) return std::nullopt;
        runner->step();
      }
    }
    kripke::GameResult result = runner->result();
    record.deal = result.deal.dump();
    record.turns = result.turns;
    record.rounds = result.rounds;
    for (kripke::Agent a : result.winners) record.winners.push_back(a + 1);
    record.reason = kripke::to_string(result.reason);
    for (kripke::Agent a : result.losers) record.losers.push_back(a + 1);
    record.strategies = strategies_of(runner->play().agents());
    if (!result.outcome.is_null()) record.outcome = result.outcome.dump();
  } catch (const kripke::InputError& e) {
    throw kripke::InputError("condition '" + condition.name + "', game " +
                                 std::to_string(item.game) + " (seed " +
                                 std::to_string(record.seed) + "): " + e.what(),
                             e.path());
  } catch (const std::exception& e) {
    throw std::runtime_error("condition '" + condition.name + "', game " +
                             std::to_string(item.game) + ": " + e.what());
  }
  if (log_file) log_file->commit();
  return record;
}

}  // namespace

Shard parse_shard(const std::string& text, const std::string& option) {
  const std::size_t slash = text.find('/');
  auto number = [&](const std::string& digits) -> std::uint64_t {
    if (digits.empty() || digits.size() > 9 ||
        digits.find_first_not_of("0123456789") != std::string::npos)
      throw kripke::InputError(option + " " + text +
                               ": expected K/N, shard K of N slices (1 <= K <= N), e.g. 2/4");
    return std::stoull(digits);
  };
  Shard s;
  s.k = number(text.substr(0, slash));
  s.n = number(slash == std::string::npos ? "" : text.substr(slash + 1));
  if (s.n < 1 || s.k < 1 || s.k > s.n)
    throw kripke::InputError(option + " " + text + ": K must be between 1 and N (there are " +
                             std::to_string(s.n) + " shards, numbered from 1)");
  return s;
}

BatchRun run_batch(const BatchConfig& batch, const RunnerOptions& options) {
  const auto start = Clock::now();
  const WorkList work(batch, options.shard);
  const std::size_t conditions = batch.conditions.size();
  if (!options.log_dir.empty()) {
    std::error_code error;
    std::filesystem::create_directories(options.log_dir, error);
    if (error)
      throw FileError(options.log_dir, "cannot create the log directory: " + error.message());
    if (::access(options.log_dir.c_str(), W_OK | X_OK) != 0)
      throw FileError(options.log_dir,
                      "cannot write logs here: " + std::string(std::strerror(errno)));
  }

  BatchRun run;
  run.jobs = unsigned(std::clamp<std::uint64_t>(work.size(), 1, std::max(1U, options.jobs)));
  // Each worker keeps its finished games with their places in the work list; sorted by
  // place at the end, they are in the same order whatever the threads did.
  std::vector<std::vector<std::pair<std::uint64_t, GameRecord>>> finished(run.jobs);
  std::vector<std::atomic<std::uint64_t>> done(conditions);
  std::vector<std::vector<double>> seconds(run.jobs, std::vector<double>(conditions, 0.0));
  std::atomic<std::uint64_t> next{0};
  std::atomic<bool> failed{false};
  const StopCheck stop(options.stop, failed);

  std::mutex mutex;
  std::condition_variable workers_changed;
  unsigned workers_running = run.jobs;
  std::exception_ptr error;

  auto worker = [&](unsigned w) {
    try {
      while (!stop()) {
        const std::uint64_t i = next.fetch_add(1);
        if (i >= work.size()) break;
        const WorkList::Item item = work.at(i);
        const auto game_start = Clock::now();
        std::optional<GameRecord> record = play_game(batch, item, options, stop);
        if (!record) break;
        seconds[w][item.condition] += seconds_since(game_start);
        finished[w].emplace_back(i, std::move(*record));
        done[item.condition].fetch_add(1, std::memory_order_relaxed);
      }
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!error) error = std::current_exception();
      failed = true;
    }
    std::lock_guard lock(mutex);
    --workers_running;
    workers_changed.notify_all();
  };

  auto report = [&] {
    if (!options.progress) return;
    BatchProgress p;
    for (std::size_t c = 0; c < conditions; ++c) p.done.push_back(done[c].load());
    p.total = work.counts();
    p.elapsed_seconds = seconds_since(start);
    options.progress(p);
  };

  std::vector<std::thread> threads;
  for (unsigned w = 0; w < run.jobs; ++w) threads.emplace_back(worker, w);
  {
    std::unique_lock lock(mutex);
    auto all_stopped = [&] { return workers_running == 0; };
    while (!workers_changed.wait_for(lock, options.progress_interval, all_stopped)) {
      lock.unlock();
      report();
      lock.lock();
    }
  }
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
  report();

  run.game_seconds.assign(conditions, 0.0);
  for (const auto& per_worker : seconds)
    for (std::size_t c = 0; c < conditions; ++c) run.game_seconds[c] += per_worker[c];
  std::vector<std::pair<std::uint64_t, GameRecord>> all;
  for (auto& games : finished) std::move(games.begin(), games.end(), std::back_inserter(all));
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [place, record] : all) run.records.push_back(std::move(record));
  run.complete = run.records.size() == work.size();
  run.wall_seconds = seconds_since(start);
  return run;
}

}  // namespace kripkesim
