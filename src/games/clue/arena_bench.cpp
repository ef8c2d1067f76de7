// The seat protocol's cost (docs/agents.md): whole Clue games played by compiled programs
// at every seat (examples/agents/random_agent.cpp, built beside kripkesim) against the same
// command with the built-in random agents, each as the user runs it: a kripkesim process
// writing its log. The difference per turn is what a request costs beyond the agent's own
// time (its process started, every event it is shown, the request, its reply checked).
#include <fmt/core.h>
#include <unistd.h>

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
  // ClueModel's deck, three random players (the fallback of the programs' seats).
  const fs::path config = dir / "clue.json";
  std::ofstream(config) << R"({"game": "clue", "agents": [{"strategy": "random"}, )"
                           R"({"strategy": "random"}, {"strategy": "random"}]})";
  const auto run = [&](const std::string& args, int& turns, int& games) {
    return time_runs(repeat, [&] {
      const fs::path log = dir / "log.jsonl";
      const std::string command =
          fmt::format("'{}' {} '{}' --seed {} --log '{}' < /dev/null > /dev/null", self.string(),
                      args, config.string(), ++games, log.string());
      if (std::system(command.c_str()) != 0) throw std::runtime_error("failed: " + command);
      turns += turns_in(log);
    });
  };
  int run_turns = 0, run_games = 0, play_turns = 0, play_games = 0;
  const Timings built_in = run("run", run_turns, run_games);
  std::string programs;
  for (int seat = 1; seat <= 3; ++seat)
    programs += fmt::format(" --program {}='{}'", seat, agent.string());
  const Timings with_programs = run("play" + programs, play_turns, play_games);
  fs::remove_all(dir);
  const double run_turn = median(built_in.wall) / (double(run_turns) / repeat);
  const double play_turn = median(with_programs.wall) / (double(play_turns) / repeat);
  return {
      {"run, built-in random agents", built_in,
       fmt::format("{:.1f} turns on average, {:.0f} us a turn", double(run_turns) / repeat,
                   run_turn * 1e6)},
      {"play, a compiled program at every seat", with_programs,
       fmt::format("{:.1f} turns on average, {:.0f} us a turn: {:.2f}x run's game, {:.0f} us a "
                   "turn beyond run's (three programs started and stopped included); targets "
                   "<= 2x, < 100 us a request",
                   double(play_turns) / repeat, play_turn * 1e6,
                   median(with_programs.wall) / median(built_in.wall),
                   (play_turn - run_turn) * 1e6)},
  };
}

}  // namespace kripkesim
