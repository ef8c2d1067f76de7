// The Python module's speed (docs/python.md#speed): whether seat 1 knows a formula on Clue's
// 47,040-world model, from Python (kripke.Game.knows: the formula parsed and checked) and in
// C++ in one process (the same parse and check, no Python); and whole Clue games stepped from
// Python with random legal moves against `kripkesim run` with the built-in random agents (a
// process writing its log, as arena-clue measures it).
#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "bench/bench.hpp"
#include "games/catalog.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/game_loop.hpp"

namespace kripkesim {
namespace {

namespace fs = std::filesystem;

constexpr int kChecks = 1000;  // checks a repetition times

// Times, in Python, `repeat` repetitions of kChecks knows() calls and `repeat` whole games;
// prints two lines of seconds: the checks' repetitions, then the games'.
constexpr const char* kPythonScript = R"PY(
import random, sys, time, kripke
repeat = int(sys.argv[1])
g = kripke.load_game(sys.argv[2], seed=3)
checks = []
for _ in range(repeat):
    start = time.perf_counter()
    for _ in range(1000):
        g.knows(1, "has(1,axe)")
    checks.append(time.perf_counter() - start)
games = []
for k in range(1, repeat + 1):
    rng = random.Random(k)
    start = time.perf_counter()
    game = kripke.load_game(sys.argv[2], seed=k)
    while not game.is_over():
        game.apply(rng.choice(game.legal_moves()))
    games.append(time.perf_counter() - start)
print(" ".join(map(str, checks)))
print(" ".join(map(str, games)))
)PY";

// The numbers of a line the script printed.
std::vector<double> seconds_in(const std::string& line) {
  std::vector<double> out;
  std::istringstream in(line);
  for (double s = 0; in >> s;) out.push_back(s);
  return out;
}

}  // namespace

std::vector<BenchRow> arena_rows(int repeat);  // arena_bench.cpp, beside this file

std::vector<BenchRow> python_rows(int repeat) {
  // C++: the check in one process, as Game.knows does it.
  kripke::GameConfig config;
  config.game = "clue";
  for (int p = 0; p < 3; ++p) config.agents.push_back({{"strategy", "random"}});
  const auto game = games().make(config);
  kripke::NullSink sink;
  kripke::GameRunner runner(*game, 3, sink);
  runner.start();
  bool knows = false;
  const Timings cpp = time_runs(repeat, [&] {
    for (int k = 0; k < kChecks; ++k)
      knows = runner.play().holds(*kripke::f::knows(0, kripke::parse_formula("has(1,axe)")));
  });
  std::vector<BenchRow> rows = {
      {"K1 has(1,axe), C++", cpp.per(kChecks), fmt::format("parse and check; {}", knows)}};

  const fs::path self = fs::read_symlink("/proc/self/exe");
  const fs::path module = self.parent_path() / "python";
  if (!fs::exists(module / "kripke"))
    return {rows.front(), {"from Python", {}, "not run: " + module.string() + " has no kripke"}};
  const fs::path dir = fs::temp_directory_path() / fmt::format("kripkesim-python-{}", ::getpid());
  fs::create_directories(dir);
  const fs::path script = dir / "bench.py", clue = dir / "clue.json";
  std::FILE* out = std::fopen(script.c_str(), "w");
  std::fputs(kPythonScript, out);
  std::fclose(out);
  out = std::fopen(clue.c_str(), "w");
  std::fputs(R"({"game": "clue", "agents": [{"strategy": "random"}, {"strategy": "random"},)"
             R"( {"strategy": "random"}]})",
             out);
  std::fclose(out);
  const std::string command = fmt::format("PYTHONPATH='{}' python3 '{}' {} '{}'", module.string(),
                                          script.string(), repeat, clue.string());
  std::FILE* pipe = ::popen(command.c_str(), "r");
  std::string text;
  char buffer[4096];
  while (pipe && std::fgets(buffer, sizeof buffer, pipe)) text += buffer;
  const int status = pipe ? ::pclose(pipe) : -1;
  fs::remove_all(dir);
  const std::size_t newline = text.find('\n');
  if (status != 0 || newline == std::string::npos)
    return {rows.front(), {"from Python", {}, "failed: " + command}};
  Timings checks, whole;
  checks.wall = seconds_in(text.substr(0, newline));
  whole.wall = seconds_in(text.substr(newline + 1));
  if (checks.wall.size() != std::size_t(repeat) || whole.wall.size() != std::size_t(repeat))
    return {rows.front(), {"from Python", {}, "failed: " + command + " printed " + text}};
  checks = checks.per(kChecks);
  rows.push_back({"K1 has(1,axe), Python", checks,
                  fmt::format("Game.knows: {:.2f}x C++; target <= 1.2x",
                              median(checks.wall) / median(cpp.per(kChecks).wall))});
  const std::vector<BenchRow> arena = arena_rows(repeat);
  rows.push_back({"a Clue game from Python", whole,
                  fmt::format("random legal moves, Game.apply: {:.2f}x run's game; target <= 2x",
                              median(whole.wall) / median(arena.front().times.wall))});
  rows.push_back(arena.front());
  return rows;
}

}  // namespace kripkesim
