// nine-card benchmarks: whole games per strategy, as a batch plays them (no log),
// and the pieces of a game — starting a play (copying the 22,680-world model, announcing
// the open cards, compacting to 630 worlds, three observations) and one hint table.
#include "bench/bench.hpp"

#include <fmt/core.h>

#include <memory>
#include <string>

#include "games/catalog.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/games/nine_card/nine_card.hpp"

namespace kripkesim {
namespace {

std::unique_ptr<kripke::Game> nine_card(const std::string& strategy) {
  kripke::GameConfig config;
  config.game = "nine-card";
  config.agents = kripke::Json::array();
  for (int p = 0; p < 3; ++p) config.agents.push_back({{"strategy", strategy}});
  return games().make(config);
}

constexpr int kGames = 1000;

// kGames games one after another on one thread; the note gives the time per game and turn.
BenchRow games(const std::string& strategy, int repeat) {
  const auto game = nine_card(strategy);
  kripke::NullSink sink;
  long turns = 0;
  const auto seconds = time_runs(repeat, [&] {
    turns = 0;
    for (int g = 0; g < kGames; ++g)
      turns += kripke::run_game(*game, kripke::derive_seed(1, {std::uint64_t(g)}), sink).turns;
  });
  const double per_game = median(seconds.wall) / kGames;
  return {fmt::format("{} games, {} x3", kGames, strategy), seconds,
          fmt::format("{:.0f} us/game, {:.1f} turns/game, {:.1f} us/turn", per_game * 1e6,
                      double(turns) / kGames, median(seconds.wall) / double(turns) * 1e6)};
}

// The parts: kGames starts (new play + setup), and kGames hint tables after the deal.
std::vector<BenchRow> parts(int repeat) {
  const auto game = nine_card("hint");
  kripke::NullSink sink;
  const auto start = time_runs(repeat, [&] {
    for (int g = 0; g < kGames; ++g) kripke::GameRunner(*game, std::uint64_t(g), sink).start();
  });
  std::vector<std::unique_ptr<kripke::GameRunner>> started;
  for (int g = 0; g < kGames; ++g) {
    started.push_back(std::make_unique<kripke::GameRunner>(*game, std::uint64_t(g), sink));
    started.back()->start();
  }
  std::size_t rows = 0;
  const auto hints = time_runs(repeat, [&] {
    rows = 0;
    for (const auto& runner : started)
      rows +=
          dynamic_cast<const kripke::nine_card::NineCardPlay&>(runner->play()).hints().rows.size();
  });
  return {{fmt::format("{} starts", kGames), start,
           fmt::format("{:.0f} us each: 22,680 worlds -> 630, 3 observations",
                       median(start.wall) / kGames * 1e6)},
          {fmt::format("{} hint tables", kGames), hints,
           fmt::format("{:.1f} us each ({} rows over 30 worlds)", median(hints.wall) / kGames * 1e6,
                       rows / kGames)}};
}

}  // namespace

std::vector<BenchCase> nine_card_bench_cases() {
  return {
      {"nine-card-games", "1000 nine-card games per strategy, one thread, no log", 5,
       [](int repeat) {
         std::vector<BenchRow> rows;
         for (const char* s : {"random", "hint", "info-gain"}) rows.push_back(games(s, repeat));
         return rows;
       }},
      {"nine-card-parts", "starting a nine-card play; one hint table", 5,
       [](int repeat) { return parts(repeat); }},
  };
}

}  // namespace kripkesim
