// The seat protocol's cost (docs/agents.md): whole Clue games played by compiled programs
// at every seat (examples/agents/random_agent.cpp, built beside kripkesim) against the same
// command with the built-in random agents, each as the user runs it: a kripkesim process
// writing its log. The difference per turn is what a request costs beyond the agent's own
// time (its process started, every event it is shown, the request, its reply checked).
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/bench.hpp"
#include "kripke/config_reader.hpp"

namespace kripkesim {
namespace {

namespace fs = std::filesystem;

// Turns in the game the log holds (its end record).
int turns_in(const fs::path& log) {
  std::ifstream in(log);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  if (last.empty()) return 0;
  return kripke::Json::parse(last).value("turns", 0);
}

}  // namespace

std::vector<BenchRow> arena_rows(int repeat) {
  const fs::path self = fs::read_symlink("/proc/self/exe");
  const fs::path agent = self.parent_path() / "kripkesim_random_agent";
  if (!fs::exists(agent))
    return {{"programs at every seat", {}, "not run: " + agent.string() + " is not built"}};
  const fs::path dir = fs::temp_directory_path() / fmt::format("kripkesim-arena-{}", ::getpid());
  fs::create_directories(dir);
  // ClueModel's deck, three random players (the fallback of the programs' seats); and the
  // same game stopped after its first turn, which leaves the fixed costs: reading the
  // config, building the model, starting and stopping the programs.
  const auto write_config = [&](const std::string& name, const std::string& more) {
    const fs::path config = dir / name;
    std::ofstream(config) << R"({"game": "clue", )" << more
                          << R"("agents": [{"strategy": "random"}, {"strategy": "random"}, )"
                             R"({"strategy": "random"}]})";
    return config;
  };
  const fs::path whole = write_config("clue.json", ""),
                 first = write_config("first-turn.json", R"("max_turns": 1, )");
  std::string programs;
  for (int seat = 1; seat <= 3; ++seat)
    programs += fmt::format(" --program {}='{}'", seat, agent.string());
  // Game k with seed k; the mean number of turns.
  const auto measure = [&](const std::string& command, const fs::path& config, double& turns) {
    int total = 0, seed = 0;
    const Timings t = time_runs(repeat, [&] {
      const fs::path log = dir / "log.jsonl";
      const std::string line =
          fmt::format("'{}' {} '{}' --seed {} --log '{}' < /dev/null > /dev/null", self.string(),
                      command, config.string(), ++seed, log.string());
      if (std::system(line.c_str()) != 0) throw std::runtime_error("failed: " + line);
      total += turns_in(log);
    });
    turns = double(total) / repeat;
    return t;
  };
  double run_turns = 0, play_turns = 0, one = 0;
  const Timings run = measure("run", whole, run_turns);
  const Timings play = measure("play" + programs, whole, play_turns);
  const Timings run_first = measure("run", first, one);
  const Timings play_first = measure("play" + programs, first, one);
  fs::remove_all(dir);
  // A turn's cost: the whole game's less the first turn's, over the turns after it.
  const auto per_turn = [](const Timings& game, const Timings& first_turn, double turns) {
    return (median(game.wall) - median(first_turn.wall)) / std::max(1.0, turns - 1);
  };
  const double run_turn = per_turn(run, run_first, run_turns),
               play_turn = per_turn(play, play_first, play_turns);
  return {
      {"run, built-in random agents", run,
       fmt::format("{:.1f} turns on average, {:.0f} us a turn", run_turns, run_turn * 1e6)},
      {"play, a program at every seat", play,
       fmt::format("{:.1f} turns on average, {:.0f} us a turn: {:.2f}x run's game; target <= 2x",
                   play_turns, play_turn * 1e6, median(play.wall) / median(run.wall))},
      {"run, the first turn only", run_first, "the fixed costs: config, model"},
      {"play, the first turn only", play_first,
       fmt::format("and three programs started and stopped: {:.2f} ms more",
                   (median(play_first.wall) - median(run_first.wall)) * 1e3)},
      {"a turn's cost beyond run's",
       {},
       fmt::format("{:.0f} us a turn, its request, reply and events (target < 100 us a "
                   "request beyond the agent's own time)",
                   (play_turn - run_turn) * 1e6)},
  };
}

}  // namespace kripkesim
