// Clue benchmarks on ClueModel's deck (47,040 worlds): building the model,
// one game with three info-gain players, and many random games on two threads.
#include "bench/bench.hpp"

#include <fmt/core.h>

#include <atomic>
#include <memory>
#include <thread>

#include "games/catalog.hpp"
#include "kripke/game_loop.hpp"

namespace kripkesim {
namespace {

std::unique_ptr<kripke::Game> clue_game(const std::string& strategy, const std::string& semantics) {
  kripke::GameConfig config;
  config.game = "clue";
  config.rules = {{"semantics", semantics}};
  for (int p = 0; p < 3; ++p) config.agents.push_back({{"strategy", strategy}});
  return games().make(config);
}

std::vector<BenchRow> build(int repeat) {
  std::unique_ptr<kripke::Game> game;
  const auto seconds = time_runs(repeat, [&] { game = clue_game("random", "product"); });
  kripke::Rng rng(1);
  std::unique_ptr<kripke::Play> play;
  const auto copies = time_runs(repeat, [&] { play = game->new_play(rng); });
  return {{"build the game (all deals)", seconds, "47040 worlds; target < 2.5 ms"},
          {"start a play (copy the model)", copies, "per game; target < 100 us"}};
}

// Game k is played with seed k + 1; returns its times, and the turns in `turns`.
Timings whole_games(const kripke::Game& game, int repeat, double& mean_turns) {
  kripke::NullSink sink;
  int turns = 0, k = 0;
  const auto seconds =
      time_runs(repeat, [&] { turns += kripke::run_game(game, std::uint64_t(++k), sink).turns; });
  mean_turns = double(turns) / repeat;
  return seconds;
}

std::vector<BenchRow> one_game(const std::string& strategy, int repeat) {
  std::vector<BenchRow> rows;
  for (const std::string semantics : {"product", "shortcut"}) {
    const auto game = clue_game(strategy, semantics);
    double turns = 0;
    const auto seconds = whole_games(*game, repeat, turns);
    rows.push_back(
        {fmt::format("{} game, {}", strategy, semantics), seconds,
         fmt::format(
             "{:.1f} turns on average{}", turns,
             semantics == "product" && strategy == "info-gain" ? "; target < 2.5 ms" : "")});
  }
  return rows;
}

// `games` random games on `jobs` threads sharing one Game, as a batch runs them.
std::vector<BenchRow> many_games(int games, int jobs, int repeat) {
  const auto game = clue_game("random", "product");
  const auto seconds = time_runs(repeat, [&] {
    std::atomic<int> next{0};
    std::vector<std::thread> threads;
    for (int j = 0; j < jobs; ++j)
      threads.emplace_back([&] {
        kripke::NullSink sink;
        for (int k = next++; k < games; k = next++) kripke::run_game(*game, std::uint64_t(k), sink);
      });
    for (auto& t : threads) t.join();
  });
  return {{fmt::format("{} random games, {} jobs", games, jobs), seconds,
           games == 10000 && jobs == 2 ? "target < 60 s" : ""}};
}

}  // namespace

std::vector<BenchRow> arena_rows(int repeat);   // arena_bench.cpp, beside this file
std::vector<BenchRow> python_rows(int repeat);  // python_bench.cpp, beside this file

std::vector<BenchCase> clue_bench_cases() {
  return {
      {"clue-build", "Clue, ClueModel's deck: build the 47,040-world game; start a play", 21,
       [](int repeat) { return build(repeat); }},
      {"clue-info-gain", "Clue: one whole game, three info-gain players (game k: seed k)", 21,
       [](int repeat) { return one_game("info-gain", repeat); }},
      {"clue-random", "Clue: one whole game, three random players (game k: seed k)", 51,
       [](int repeat) { return one_game("random", repeat); }},
      {"clue-10k", "Clue: 10,000 random games on 2 threads (one shared Game)", 1,
       [](int repeat) { return many_games(10000, 2, repeat); }},
      {"arena-clue",
       "Clue: kripkesim play with a compiled program at every seat (the seat protocol) against "
       "kripkesim run with built-in random agents, each a process writing its log (game k: seed k)",
       11, [](int repeat) { return arena_rows(repeat); }},
      {"python-clue",
       "Clue from Python (the module kripke): a formula checked on the 47,040-world model against "
       "the same check in C++, and whole games with random legal moves against kripkesim run",
       11, [](int repeat) { return python_rows(repeat); }},
  };
}

}  // namespace kripkesim
