// Cluedo benchmarks: the exact probability grid of one player at the end of a 40-suggestion
// game, whole games of careful and of info-gain players, and the info-gain choice.
#include "bench/bench.hpp"

#include <fmt/core.h>

#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include "games/catalog.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/games/cluedo/envelope_odds.hpp"
#include "kripke/games/cluedo/play.hpp"
#include "output/sinks.hpp"

namespace kripkesim {
namespace {

namespace cl = kripke::cluedo;

// 40 random suggestions by players 2..n on a random deal (the real deck, `players`
// players), answered clockwise with a random card shown, as player 1 notes them: it sees
// every answer but no card (it never asks), the hardest notebook to count. After each
// suggestion `after_event` gets the notebook; the number of "shown to someone else"
// disjunctions goes to `disjunctions`.
template <class AfterEvent>
void watch_40(int players, std::uint64_t seed, int& disjunctions, AfterEvent&& after_event) {
  const cl::Rules rules = cl::read_rules({{"players", players}});
  kripke::Rng rng(seed);
  const kripke::Deal deal = kripke::random_deal(rules.deal_spec(), rng);
  std::vector<int> hand;
  for (int card = 0; card < rules.card_count(); ++card)
    if (deal[std::size_t(card)] == 0) hand.push_back(card);
  cl::Notebook notebook(rules, 0);
  notebook.looks_at_hand(hand);
  for (int k = 0; k < 40; ++k) {
    const kripke::Agent asker = kripke::Agent(1 + rng.below(std::uint64_t(players - 1)));
    std::vector<int> cards;
    for (int c = 0; c < rules.category_count(); ++c) {
      std::vector<int> category;
      for (int card = 0; card < rules.card_count(); ++card)
        if (rules.card_category[std::size_t(card)] == c) category.push_back(card);
      cards.push_back(rng.pick(category));
    }
    for (kripke::Agent j : kripke::clue::ask_order(rules, asker)) {
      std::vector<int> held;
      for (int card : cards)
        if (deal[std::size_t(card)] == j) held.push_back(card);
      if (held.empty()) {
        notebook.passed(j, cards);
        continue;
      }
      notebook.shown(asker, j, cards, rng.pick(held));
      disjunctions += j != 0;
      break;
    }
    after_event(notebook);
  }
}

// Game k of the repetitions is seed k + 1. "At the end": the grid after the 40th
// suggestion, as a player would see it then. "Hardest": per game, the slowest of the 40
// grids (each counted afresh after its suggestion).
std::vector<BenchRow> grid(int players, int repeat) {
  Timings at_end, hardest;
  int disjunctions = 0;
  for (int k = 0; k < repeat; ++k) {
    Timings slowest, last;
    watch_40(players, std::uint64_t(k + 1), disjunctions, [&](const cl::Notebook& notebook) {
      const cl::Notebook fresh = notebook;  // counted afresh, not from a cache
      last = time_runs(1, [&] { (void)fresh.counts(); });
      if (slowest.wall.empty() || last.wall[0] > slowest.wall[0]) slowest = last;
    });
    at_end.add(last);
    hardest.add(slowest);
  }
  return {{fmt::format("{} players: the grid at the end", players), at_end,
           players == 3 ? "target < 100 ms" : "target < 1 s"},
          {fmt::format("{} players: the hardest grid of the game", players), hardest,
           fmt::format("{:.1f} disjunctions per game", double(disjunctions) / repeat)}};
}

std::vector<BenchRow> whole_games(int players, const std::string& strategy, int repeat) {
  kripke::GameConfig config;
  config.game = "cluedo";
  config.rules = {{"players", players}};
  config.agents = kripke::Json::array();
  for (int p = 0; p < players; ++p) config.agents.push_back({{"strategy", strategy}});
  const auto game = games().make(config);
  kripke::NullSink sink;
  int turns = 0, k = 0;
  const Timings times =
      time_runs(repeat, [&] { turns += kripke::run_game(*game, std::uint64_t(++k), sink).turns; });
  return {{fmt::format("{} {} players: one whole game", players, strategy), times,
           fmt::format("{:.1f} turns on average", double(turns) / repeat)}};
}

// Six info-gain players as `kripkesim run --log FILE` plays them: the transcript and the JSON
// Lines log written (into memory), game k on seed k.
std::vector<BenchRow> run_info_gain(int repeat) {
  kripke::GameConfig config;
  config.game = "cluedo";
  config.rules = {{"players", 6}};
  config.agents = kripke::Json::array();
  for (int p = 0; p < 6; ++p) config.agents.push_back({{"strategy", "info-gain"}});
  const auto game = games().make(config);
  int k = 0, turns = 0;
  const Timings times = time_runs(repeat, [&] {
    TranscriptAndLog written;
    turns += kripke::run_game(*game, std::uint64_t(++k), written.sink()).turns;
  });
  return {{"6 info-gain players: kripkesim run, transcript and log", times,
           fmt::format("{:.1f} turns on average; the slowest game is the max; target: median "
                       "< 0.3 s, slowest of 20 < 1 s",
                       double(turns) / repeat)}};
}

}  // namespace

std::vector<BenchCase> cluedo_bench_cases() {
  return {
      {"cluedo-grid-3",
       "Cluedo, 3 players: the exact grid of a player who only watched 40 random suggestions (game "
       "k: seed k)",
       21, [](int repeat) { return grid(3, repeat); }},
      {"cluedo-grid-6",
       "Cluedo, 6 players: the exact grid of a player who only watched 40 random suggestions (game "
       "k: seed k)",
       21, [](int repeat) { return grid(6, repeat); }},
      {"cluedo-careful",
       "Cluedo: one whole game of careful players, 3 and 6 players (game k: seed k)", 11,
       [](int repeat) {
         std::vector<BenchRow> rows = whole_games(3, "careful", repeat);
         for (BenchRow& row : whole_games(6, "careful", repeat)) rows.push_back(std::move(row));
         return rows;
       }},
      {"run-cluedo-info-gain",
       "Cluedo, six info-gain players: kripkesim run with its transcript and log, game k on seed "
       "k (the slowest of the games is the max)",
       20, [](int repeat) { return run_info_gain(repeat); }},
      {"cluedo-info-gain",
       "Cluedo: one whole game of info-gain players, 3 and 6 players (game k: seed k), and the "
       "info-gain choice of a player who only watched 40 random suggestions (6 players)",
       5,
       [](int repeat) {
         std::vector<BenchRow> rows = whole_games(3, "info-gain", repeat);
         for (BenchRow& row : whole_games(6, "info-gain", repeat)) rows.push_back(std::move(row));
         const cl::Rules rules = cl::read_rules({{"players", 6}});
         Timings choice;
         int disjunctions = 0;
         for (int k = 0; k < repeat; ++k) {
           std::optional<cl::Notebook> last;
           watch_40(6, std::uint64_t(k + 1), disjunctions,
                    [&](const cl::Notebook& notebook) { last = notebook; });
           choice.add(time_runs(1, [&] { (void)cl::suggestion_bits(rules, *last); }));
         }
         rows.push_back({"6 players: the info-gain choice after watching 40 suggestions", choice,
                         "all 324 suggestions scored"});
         return rows;
       }},
  };
}

}  // namespace kripkesim
