// Symbolic engine benchmarks: the muddy children as a knowledge structure (BuDDy), all
// muddy, the father and every round of "nobody knows" until they know: the standard
// benchmark of SMCDEL (van Benthem, van Eijck, Gattinger & Su 2015 report n = 40 in about
// 0.45 s). Each line also gives the BDD node table's peak.
#include <fmt/core.h>

#include <sstream>
#include <vector>

#include "games/catalog.hpp"
#include "games/muddy/bench.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/symbolic/muddy_children.hpp"
#include "output/sinks.hpp"

namespace kripkesim {
namespace {

// Plays n all-muddy children out: the rounds, the nodes in use at the end, and the size
// of BuDDy's node table, which only grows: its peak.
struct SymbolicRun {
  int rounds = 0;
  int nodes = 0;
  int table = 0;
};

SymbolicRun play_symbolic(int n) {
  kripke::symbolic::SymbolicMuddyChildren m(std::vector<bool>(static_cast<std::size_t>(n), true));
  SymbolicRun run;
  run.rounds = m.play();
  run.nodes = kripke::symbolic::BuddySession::nodes_in_use();
  run.table = kripke::symbolic::BuddySession::table_size();
  return run;
}

BenchRow symbolic_row(int n, int repeat, const std::string& target) {
  SymbolicRun run;
  const Timings t = time_runs(repeat, [&] { run = play_symbolic(n); });
  return {fmt::format("n={} symbolic, all rounds", n), t,
          fmt::format("{} rounds, {} nodes in use, node table {} (peak){}{}", run.rounds, run.nodes,
                      run.table, target.empty() ? "" : "; ", target)};
}

// What `kripkesim run` does with n all-muddy children and the default engine ("auto"): the
// whole game with its transcript (or, `jsonl`, its log), written to memory.
BenchRow run_row(int n, bool jsonl, int repeat, const std::string& target) {
  kripke::GameConfig config;
  config.game = "muddy";
  config.rules = {{"children", n}};
  config.deal = {{"muddy", kripke::Json::array()}};
  for (int i = 1; i <= n; ++i) config.deal["muddy"].push_back(i);
  const auto game = games().make(config);
  std::size_t bytes = 0;
  const Timings t = time_runs(repeat, [&] {
    std::ostringstream out;
    if (jsonl) {
      JsonlSink sink(out, "memory");
      kripke::run_game(*game, 1, sink);
    } else {
      TextSink sink(out, "memory");
      kripke::run_game(*game, 1, sink);
    }
    bytes = out.str().size();
  });
  return {fmt::format("n={} run, {}", n, jsonl ? "log (jsonl)" : "transcript"), t,
          fmt::format("{} bytes written; target {}", bytes, target)};
}

// n = 10, 20, ..., 100; the explicit engine beside it where it runs in seconds (n ≤ 20).
std::vector<BenchRow> symbolic_scaling(int repeat) {
  std::vector<BenchRow> rows;
  for (int n = 10; n <= 100; n += 10) {
    rows.push_back(symbolic_row(n, repeat, ""));
    if (n <= 20)
      rows.push_back({fmt::format("n={} explicit, all rounds", n), time_explicit_muddy(n, repeat),
                      fmt::format("{} worlds enumerated", std::size_t{1} << n)});
  }
  return rows;
}

}  // namespace

std::vector<BenchCase> symbolic_muddy_bench_cases() {
  return {
      {"symbolic-muddy-12", "muddy children n=12 on the symbolic engine, all muddy", 21,
       [](int repeat) { return std::vector<BenchRow>{symbolic_row(12, repeat, "target < 5 ms")}; }},
      {"symbolic-muddy-40", "muddy children n=40 (2^40 worlds) on the symbolic engine", 5,
       [](int repeat) {
         return std::vector<BenchRow>{symbolic_row(40, repeat, "target < 0.2 s (SMCDEL: 0.45 s)")};
       }},
      {"symbolic-muddy-100", "muddy children n=100 (2^100 worlds) on the symbolic engine", 3,
       [](int repeat) {
         return std::vector<BenchRow>{symbolic_row(100, repeat, "target < 10 s")};
       }},
      {"run-muddy", "kripkesim run, all muddy, default engine: n = 24 to 100, transcript and log",
       3,
       [](int repeat) {
         std::vector<BenchRow> rows;
         for (const auto& [n, target] :
              {std::pair{24, "< 16 ms"}, std::pair{40, "< 50 ms"}, std::pair{60, "< 250 ms"},
               std::pair{80, "< 600 ms"}, std::pair{100, "< 1.5 s"}})
           for (const bool jsonl : {false, true}) rows.push_back(run_row(n, jsonl, repeat, target));
         return rows;
       }},
      {"symbolic-muddy-scaling",
       "symbolic muddy children, n = 10, 20, ..., 100 (explicit: n <= 20)", 3,
       [](int repeat) { return symbolic_scaling(repeat); }},
  };
}

}  // namespace kripkesim
