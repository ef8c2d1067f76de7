// arena-requests: whole Clue games in this process, with the compiled random agent
// (examples/agents/random_agent.cpp) at every seat and with the built-in random agents, each
// writing its log as `play --log` does. This process's own CPU time counts: the agents' is in
// their processes, so the difference per request is what kripkesim spends on a request
// beyond the agent's own time — the events it is shown, the request written, the reply read,
// parsed and checked. The fixed costs (the model, starting and stopping the programs) are
// taken out with the same games stopped after their first turn.
#include "arena/request_bench.hpp"

#include <fmt/core.h>
#include <time.h>

#include <filesystem>
#include <sstream>

#include "arena/program_game.hpp"
#include "games/catalog.hpp"
#include "kripke/game_loop.hpp"
#include "output/sinks.hpp"

namespace kripkesim {
namespace {

namespace fs = std::filesystem;

double own_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return double(now.tv_sec) + double(now.tv_nsec) * 1e-9;
}

struct Sample {
  Timings times;  // CPU: this process only
  double turns = 0, requests = 0;
  double protocol_cpu = 0;  // inside the protocol (ProgramSeats::cpu_seconds)
};

// `repeat` games (seed k for game k), with the agent at every seat when `agent` (its argv)
// is given.
Sample play_games(const kripke::Game& game, int repeat, const std::vector<std::string>& agent) {
  Sample s;
  for (int k = 1; k <= repeat; ++k) {
    std::ostringstream log;
    JsonlSink sink(log, "the log");
    const double cpu = own_cpu_seconds();
    const auto wall = std::chrono::steady_clock::now();
    if (agent.empty()) {
      s.turns += kripke::run_game(game, std::uint64_t(k), sink).turns;
    } else {
      arena::ProgramGame table(sink, arena::ProgramLimits{}, "");
      kripke::GameRunner runner(game, std::uint64_t(k), table.sink());
      std::vector<SeatProgram> programs;
      for (kripke::Agent seat = 0; seat < 3; ++seat) programs.push_back({seat, agent, "bench"});
      table.play(runner, std::move(programs));
      s.turns += runner.result().turns;
      s.requests += double(table.requests());
      s.protocol_cpu += table.protocol_cpu_seconds();
    }
    s.times.cpu.push_back(own_cpu_seconds() - cpu);
    s.times.wall.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count());
  }
  return s;
}

std::vector<BenchRow> request_rows(int repeat) {
  const fs::path agent =
      fs::read_symlink("/proc/self/exe").parent_path() / "kripkesim_random_agent";
  if (!fs::exists(agent))
    return {{"programs at every seat", {}, "not run: " + agent.string() + " is not built"}};
  const auto clue = [](int max_turns) {
    kripke::GameConfig config;
    config.game = "clue";
    if (max_turns) config.max_turns = max_turns;
    for (int p = 0; p < 3; ++p) config.agents.push_back({{"strategy", "random"}});
    return games().make(config);
  };
  const auto whole = clue(0), first = clue(1);
  const Sample built_in = play_games(*whole, repeat, {}),
               built_in_first = play_games(*first, repeat, {});
  const Sample programs = play_games(*whole, repeat, {agent.string()}),
               programs_first = play_games(*first, repeat, {agent.string()});
  // CPU a turn after the first, and requests a turn after the first.
  const auto per_turn = [](const Sample& all, const Sample& one, double what_all, double what_one) {
    return (what_all - what_one) / (all.turns - one.turns);
  };
  const auto total = [](const std::vector<double>& seconds) {
    double s = 0;
    for (double c : seconds) s += c;
    return s;
  };
  const double built_in_turn = per_turn(built_in, built_in_first, total(built_in.times.cpu),
                                        total(built_in_first.times.cpu));
  const double program_turn = per_turn(programs, programs_first, total(programs.times.cpu),
                                       total(programs_first.times.cpu));
  const double requests_turn =
      per_turn(programs, programs_first, programs.requests, programs_first.requests);
  std::vector<BenchRow> rows = {
      {"built-in random agents", built_in.times,
       fmt::format("{:.1f} turns a game; {:.0f} us of CPU a turn", built_in.turns / repeat,
                   built_in_turn * 1e6)},
      {"a program at every seat", programs.times,
       fmt::format("{:.1f} turns a game; {:.0f} us of kripkesim's CPU a turn, {:.2f} requests",
                   programs.turns / repeat, program_turn * 1e6, requests_turn)},
      {"a request beyond the agent's",
       {},
       fmt::format("{:.0f} us of kripkesim's CPU inside the protocol (target < 100 us); "
                   "{:.0f} us by the turns' difference",
                   programs.protocol_cpu / programs.requests * 1e6,
                   (program_turn - built_in_turn) / requests_turn * 1e6)},
  };
  // A Python agent (examples/agents/random_agent.py in the source tree): the wall time a
  // request takes, its interpreter's work included.
  const fs::path python_agent =
      agent.parent_path().parent_path().parent_path() / "examples" / "agents" / "random_agent.py";
  if (!fs::exists(python_agent)) return rows;
  const Sample python = play_games(*whole, repeat, {"python3", python_agent.string()}),
               python_first = play_games(*first, repeat, {"python3", python_agent.string()});
  const double built_in_wall = per_turn(built_in, built_in_first, total(built_in.times.wall),
                                        total(built_in_first.times.wall));
  const double python_wall =
      per_turn(python, python_first, total(python.times.wall), total(python_first.times.wall));
  const double python_requests =
      per_turn(python, python_first, python.requests, python_first.requests);
  rows.push_back(
      {"a Python agent at every seat", python.times,
       fmt::format(
           "{:.1f} turns a game; a request: {:.0f} us of wall time, the "
           "agent's included; starting three: {:.1f} ms",
           python.turns / repeat, (python_wall - built_in_wall) / python_requests * 1e6,
           (total(python_first.times.wall) - total(built_in_first.times.wall)) / repeat * 1e3)});
  return rows;
}

}  // namespace

std::vector<BenchCase> arena_bench_cases() {
  return {{"arena-requests",
           "Clue: kripkesim's own CPU time per request of the seat protocol, in one process "
           "writing the log, a compiled program at every seat against the built-in agents",
           21, [](int repeat) { return request_rows(repeat); }}};
}

}  // namespace kripkesim
