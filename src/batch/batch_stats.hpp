// What a batch records about each game, and the statistics computed from those records
// (docs/batch.md, "Statistics"). The summary is a pure function of the conditions and the
// records — not of their order, the number of threads or the shard split — so `merge`
// recomputes exactly the summary of a whole run.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "kripke/config_reader.hpp"

namespace kripkesim {

// Results files keep their keys in a fixed, readable order.
using OrderedJson = nlohmann::ordered_json;

struct GameRecord {
  std::size_t condition = 0;  // index into the batch's conditions
  std::uint64_t index = 0;    // game index within the condition
  std::uint64_t seed = 0;
  // The deal and the outcome are kept as compact JSON text: a batch holds every record until
  // it ends, and as JSON trees they took about 8 KB per nine-card game (110,000 games: 860
  // MiB) against some 300 bytes as text.
  std::string deal;
  int turns = 0;
  int rounds = 0;
  std::vector<int> winners;  // seats, 1-based
  std::string reason;        // win | loss | draw | max_turns | stalled
  std::vector<int> losers;   // seats, 1-based: games in the game language with a "lose" rule
  // Each seat's strategy (as Play::agents() reports it); empty for games without strategies.
  std::vector<std::string> strategies;
  std::string outcome;  // Play::outcome(); empty when the game reports nothing

  friend bool operator==(const GameRecord&, const GameRecord&) = default;
};

// What the statistics need to know about a condition besides its records.
struct ConditionInfo {
  std::string name;
  std::size_t seats = 0;
};

// Mean, median, max and the 95% confidence interval of the mean of a count.
struct Spread {
  double mean = 0;
  double median = 0;
  int max = 0;
  // mean ± 1.96·s/√n (normal approximation, s the sample standard deviation); none below 2 games.
  std::optional<double> ci95_half_width;
  std::map<int, std::uint64_t> histogram;  // value → games
};

// The 95% Wilson score interval of a share: `successes` of `trials` (successes may be
// fractional, as a win split among simultaneous winners is). Unlike p ± 1.96·√(p(1-p)/n) it
// stays within [0, 1] and is not empty when no game or every game was won. [0, 1] for no
// trials.
struct Interval {
  double low = 0, high = 1;
};
Interval wilson95(double successes, std::uint64_t trials);
// [low, high].
OrderedJson interval_json(Interval i);

struct StrategyShare {
  std::uint64_t seat_games = 0;  // seats that played it, summed over games
  double wins = 0;               // each game's win split equally among its winners

  // Its part of all the games' wins.
  double win_share(std::uint64_t games) const { return games ? wins / double(games) : 0.0; }
  // Wins per seat-game played with it (1/seats when strategies are equally good and every
  // game has a winner).
  double wins_per_seat() const { return seat_games ? wins / double(seat_games) : 0.0; }
};

struct ConditionStats {
  std::string name;
  std::uint64_t games = 0;
  Spread turns;
  Spread rounds;
  std::map<std::size_t, std::uint64_t> winner_counts;  // number of winners (≥ 1) → games
  std::uint64_t max_turns = 0;                         // games without a winner, by reason
  std::uint64_t stalled = 0;
  std::uint64_t lost = 0;              // ended by a loss (the game language's "lose")
  std::uint64_t drawn = 0;             // ended by its "draw"
  std::vector<double> seat_win_share;  // per seat: wins (split) / games
  std::map<std::string, StrategyShare> strategies;
};

// Statistics of a list of counts; the list may be in any order.
Spread spread_of(std::vector<int> values);

std::vector<ConditionStats> summarize(const std::vector<ConditionInfo>& conditions,
                                      const std::vector<GameRecord>& records);

OrderedJson summary_json(const std::vector<ConditionStats>& stats);

}  // namespace kripkesim
