#include "batch/batch_stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace kripkesim {
namespace {

// Wins are tallied as integers by the number of winners they were shared with, and only
// turned into fractions at the end, in a fixed order: the shares then do not depend on the
// order of the records (floating-point sums do).
using SplitWins = std::map<std::size_t, std::uint64_t>;  // winners in the game → wins

double split_total(const SplitWins& wins) {
  double total = 0;
  for (const auto& [winners, count] : wins) total += double(count) / double(winners);
  return total;
}

OrderedJson spread_json(const Spread& s, std::uint64_t games) {
  OrderedJson out;
  if (games == 0) {
    out = {{"mean", nullptr}, {"median", nullptr}, {"max", nullptr}, {"ci95", nullptr}};
  } else {
    out = {{"mean", s.mean}, {"median", s.median}, {"max", s.max}, {"ci95", nullptr}};
    if (s.ci95_half_width) out["ci95"] = {s.mean - *s.ci95_half_width, s.mean + *s.ci95_half_width};
  }
  OrderedJson histogram = OrderedJson::object();
  for (const auto& [value, count] : s.histogram) histogram[std::to_string(value)] = count;
  out["histogram"] = std::move(histogram);
  return out;
}

}  // namespace

Spread spread_of(std::vector<int> values) {
  Spread s;
  if (values.empty()) return s;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  const std::int64_t sum = std::accumulate(values.begin(), values.end(), std::int64_t{0});
  s.mean = double(sum) / double(n);
  s.median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
  s.max = values.back();
  if (n >= 2) {
    double squares = 0;
    for (int v : values) squares += (v - s.mean) * (v - s.mean);
    const double sd = std::sqrt(squares / double(n - 1));
    s.ci95_half_width = 1.96 * sd / std::sqrt(double(n));
  }
  for (int v : values) ++s.histogram[v];
  return s;
}

std::vector<ConditionStats> summarize(const std::vector<ConditionInfo>& conditions,
                                      const std::vector<GameRecord>& records) {
  struct Tally {
    std::vector<int> turns, rounds;
    std::vector<SplitWins> seat_wins;
    std::map<std::string, std::pair<std::uint64_t, SplitWins>> strategies;  // seat games, wins
  };
  std::vector<ConditionStats> stats(conditions.size());
  std::vector<Tally> tallies(conditions.size());
  for (std::size_t c = 0; c < conditions.size(); ++c) {
    stats[c].name = conditions[c].name;
    tallies[c].seat_wins.resize(conditions[c].seats);
  }
  for (const GameRecord& r : records) {
    if (r.condition >= conditions.size()) throw std::out_of_range("summarize: unknown condition");
    ConditionStats& s = stats[r.condition];
    Tally& t = tallies[r.condition];
    ++s.games;
    t.turns.push_back(r.turns);
    t.rounds.push_back(r.rounds);
    if (r.winners.empty()) {
      ++(r.reason == "stalled" ? s.stalled
         : r.reason == "loss"  ? s.lost
         : r.reason == "draw"  ? s.drawn
                               : s.max_turns);
    } else {
      ++s.winner_counts[r.winners.size()];
    }
    for (std::size_t seat = 0; seat < r.strategies.size(); ++seat)
      ++t.strategies[r.strategies[seat]].first;
    for (int seat : r.winners) {
      const auto k = std::size_t(seat - 1);
      if (k < t.seat_wins.size()) ++t.seat_wins[k][r.winners.size()];
      if (k < r.strategies.size()) ++t.strategies[r.strategies[k]].second[r.winners.size()];
    }
  }
  for (std::size_t c = 0; c < conditions.size(); ++c) {
    ConditionStats& s = stats[c];
    const Tally& t = tallies[c];
    s.turns = spread_of(t.turns);
    s.rounds = spread_of(t.rounds);
    for (const SplitWins& wins : t.seat_wins)
      s.seat_win_share.push_back(s.games ? split_total(wins) / double(s.games) : 0.0);
    for (const auto& [name, tally] : t.strategies)
      s.strategies[name] = StrategyShare{tally.first, split_total(tally.second)};
  }
  return stats;
}

Interval wilson95(double successes, std::uint64_t trials) {
  if (trials == 0) return {};
  const double z = 1.96, n = double(trials), p = std::clamp(successes / n, 0.0, 1.0);
  const double scale = 1 + z * z / n;
  const double center = (p + z * z / (2 * n)) / scale;
  const double half = z / scale * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
  return {std::max(0.0, center - half), std::min(1.0, center + half)};
}

OrderedJson interval_json(Interval i) { return OrderedJson::array({i.low, i.high}); }

OrderedJson summary_json(const std::vector<ConditionStats>& stats) {
  OrderedJson list = OrderedJson::array();
  for (const ConditionStats& s : stats) {
    OrderedJson winners = OrderedJson::object();
    for (const auto& [count, games] : s.winner_counts) winners[std::to_string(count)] = games;
    OrderedJson strategies = OrderedJson::object();
    for (const auto& [name, share] : s.strategies) {
      strategies[name] = {{"seat_games", share.seat_games},
                          {"wins", share.wins},
                          {"win_share", share.win_share(s.games)},
                          {"win_share_wilson95", interval_json(wilson95(share.wins, s.games))},
                          {"wins_per_seat", share.wins_per_seat()}};
    }
    OrderedJson seat_intervals = OrderedJson::array();
    for (double share : s.seat_win_share)
      seat_intervals.push_back(interval_json(wilson95(share * double(s.games), s.games)));
    OrderedJson no_winner = {{"max_turns", s.max_turns}, {"stalled", s.stalled}};
    // Only games written in the game language end by a loss or a draw.
    if (s.lost) no_winner["loss"] = s.lost;
    if (s.drawn) no_winner["draw"] = s.drawn;
    list.push_back({{"name", s.name},
                    {"games", s.games},
                    {"turns", spread_json(s.turns, s.games)},
                    {"rounds", spread_json(s.rounds, s.games)},
                    {"winners", std::move(winners)},
                    {"no_winner", std::move(no_winner)},
                    {"seat_win_share", s.seat_win_share},
                    {"seat_win_share_wilson95", std::move(seat_intervals)},
                    {"strategies", std::move(strategies)}});
  }
  return OrderedJson{{"conditions", std::move(list)}};
}

}  // namespace kripkesim
