// What's My Number? benchmarks: building a Game (the deal table, partitions and
// truth sets), and whole games of the nine conditions of the original experiment, on one
// thread. The target: the 9 x 7560 games in under 60 s on 2 cores, about 1.5 ms per game
// per core.
#include "bench/bench.hpp"

#include <fmt/core.h>

#include <memory>

#include "games/catalog.hpp"
#include "kripke/game_loop.hpp"

namespace kripkesim {
namespace {

std::unique_ptr<kripke::Game> number_game(const std::string& epistemagic, const std::string& kooi) {
  kripke::GameConfig config;
  config.game = "number";
  config.seed = 2013;
  config.rules = {{"epistemagic", epistemagic}, {"kooi", kooi}};
  return games().make(config);
}

std::vector<BenchRow> build(int repeat) {
  std::unique_ptr<kripke::Game> game;
  const auto seconds = time_runs(repeat, [&] { game = number_game("none", "off"); });
  return {{"build a Game", seconds,
           fmt::format("{} worlds, 3 partitions, 108 answer sets", game->deal_count())}};
}

// Plays every `stride`-th deal of each condition; one row per condition, time per game.
std::vector<BenchRow> conditions(int repeat, std::size_t stride) {
  std::vector<BenchRow> rows;
  for (const char* epistemagic : {"none", "once", "steady"})
    for (const char* kooi : {"off", "possible-worlds", "full-model"}) {
      const auto game = number_game(epistemagic, kooi);
      kripke::NullSink sink;
      std::size_t games = 0, turns = 0;
      const auto seconds = time_runs(repeat, [&] {
        games = turns = 0;
        for (std::size_t k = 0; k < game->deal_count(); k += stride, ++games)
          turns += std::size_t(kripke::GameRunner(*game, k, sink, k).run().turns);
      });
      rows.push_back(
          {fmt::format("{} / {} per game", epistemagic, kooi), seconds.per(double(games)),
           fmt::format("{} games, {:.2f} turns on average", games, double(turns) / double(games))});
    }
  return rows;
}

}  // namespace

std::vector<BenchCase> number_bench_cases() {
  return {
      {"number-build", "What's My Number?: build a Game (7560 deals and their tables)", 11,
       [](int repeat) { return build(repeat); }},
      {"number-conditions", "What's My Number?: time per game, 9 conditions, every 10th deal", 5,
       [](int repeat) { return conditions(repeat, 10); }},
      {"number-all-deals", "What's My Number?: all 7560 deals x 9 conditions on one thread", 1,
       [](int repeat) { return conditions(repeat, 1); }},
  };
}

}  // namespace kripkesim
