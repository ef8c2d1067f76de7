// Sleuth benchmarks: one full 5-player game with five `exact` agents
// asking with Elderman & Steging's strategy (target: under 100 ms median), the same with `rules`
// agents and with `info-gain`, and one counting-engine pass on its own.
#include "bench/bench.hpp"

#include <fmt/core.h>

#include <memory>
#include <string>

#include "games/catalog.hpp"
#include "kripke/counting.hpp"
#include "kripke/game_loop.hpp"

namespace kripkesim {
namespace {

std::unique_ptr<kripke::Game> sleuth(const std::string& strategy, const std::string& engine) {
  kripke::GameConfig config;
  config.game = "sleuth";
  config.agents = kripke::Json::array();
  for (int p = 0; p < 5; ++p) config.agents.push_back({{"strategy", strategy}, {"engine", engine}});
  return games().make(config);
}

// Whole games, game k played with seed k (k = 1, 2, ...); the note gives the mean turns.
BenchRow games(const std::string& strategy, const std::string& engine, int repeat,
               const std::string& target) {
  const auto game = sleuth(strategy, engine);
  kripke::NullSink sink;
  int turns = 0, k = 0;
  const auto seconds =
      time_runs(repeat, [&] { turns += kripke::run_game(*game, std::uint64_t(++k), sink).turns; });
  const double mean_turns = double(turns) / repeat;
  return {fmt::format("one game, 5 x {} {}", strategy, engine), seconds,
          fmt::format("{:.1f} turns on average, {:.2f} ms/turn{}", mean_turns,
                      median(seconds.wall) / mean_turns * 1e3, target)};
}

// One count of the deals a player considers possible after looking at its hand and one
// answer: the counting engine's forward and backward passes over the 36 cards.
BenchRow one_count(int repeat) {
  kripke::CardPlaces info(36, {7, 7, 7, 7, 7, 1});
  for (int card = 0; card < 36; ++card)  // player 1 holds cards 0..6
    if (card < 7) {
      info.place(card, 0);
    } else {
      info.exclude(card, 0);
    }
  for (int card : {7, 8, 9}) info.place(card, 1);  // player 2 showed three of six
  for (int card : {10, 11, 12}) info.exclude(card, 1);
  kripke::PlacementCounts counts;
  const auto seconds = time_runs(repeat, [&] { counts = kripke::count_placements(info); });
  return {"one count (hand + one answer)", seconds,
          fmt::format("{} deals", kripke::to_string(counts.total))};
}

}  // namespace

std::vector<BenchCase> sleuth_bench_cases() {
  return {
      {"sleuth-game", "Sleuth: one whole game, five exact players, seed strategy (game k: seed k)",
       21,
       [](int repeat) {
         return std::vector<BenchRow>{games("seed", "exact", repeat, "; target < 100 ms"),
                                      games("seed", "rules", repeat, "")};
       }},
      {"sleuth-info-gain", "Sleuth: one whole game, five exact info-gain players (game k: seed k)",
       5,
       [](int repeat) { return std::vector<BenchRow>{games("info-gain", "exact", repeat, "")}; }},
      {"sleuth-count", "Sleuth: one counting-engine pass over the 36 cards", 101,
       [](int repeat) { return std::vector<BenchRow>{one_count(repeat)}; }},
  };
}

}  // namespace kripkesim
