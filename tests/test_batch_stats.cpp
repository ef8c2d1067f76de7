// Batch statistics on hand-made records; the expected values are worked out here by hand.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "batch/batch_stats.hpp"

using kripkesim::GameRecord;
using kripkesim::spread_of;

namespace {

GameRecord record(std::size_t condition, std::uint64_t index, int turns, std::vector<int> winners,
                  std::string reason, std::vector<std::string> strategies = {}) {
  GameRecord r;
  r.condition = condition;
  r.index = index;
  r.turns = turns;
  r.rounds = (turns + 2) / 3;  // three seats taking turns
  r.winners = std::move(winners);
  r.reason = std::move(reason);
  r.strategies = std::move(strategies);
  return r;
}

}  // namespace

TEST_CASE("[batch] spread of an odd number of counts") {
  const auto s = spread_of({5, 1, 4, 2, 3});
  CHECK(s.mean == Approx(3.0));
  CHECK(s.median == 3.0);
  CHECK(s.max == 5);
  // Squared deviations 4+1+0+1+4 = 10, sample variance 10/4 = 2.5;
  // half width 1.96·√2.5/√5 = 1.96·√0.5.
  REQUIRE(s.ci95_half_width);
  CHECK(*s.ci95_half_width == Approx(1.96 * std::sqrt(0.5)));
  CHECK(s.histogram == std::map<int, std::uint64_t>{{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}});
}

TEST_CASE("[batch] spread of an even number of counts: the median averages the middle two") {
  const auto s = spread_of({3, 1, 4, 1});
  CHECK(s.mean == Approx(2.25));  // 9 / 4
  CHECK(s.median == 2.0);         // (1 + 3) / 2
  CHECK(s.max == 4);
  // Deviations -1.25 -1.25 0.75 1.75: squares sum to 6.75, variance 6.75/3 = 2.25, s = 1.5;
  // half width 1.96·1.5/√4 = 1.47.
  REQUIRE(s.ci95_half_width);
  CHECK(*s.ci95_half_width == Approx(1.47));
}

TEST_CASE("[batch] one game has no confidence interval, and no games no statistics") {
  CHECK_FALSE(spread_of({7}).ci95_half_width);
  CHECK(spread_of({7}).median == 7.0);
  const auto none = kripkesim::summarize({{"empty", 2}}, {});
  REQUIRE(none.size() == 1);
  CHECK(none[0].games == 0);
  const auto j = kripkesim::summary_json(none);
  CHECK(j["conditions"][0]["turns"]["mean"].is_null());
  CHECK(j["conditions"][0]["seat_win_share"] == kripkesim::OrderedJson{0.0, 0.0});
}

TEST_CASE("[batch] summary: winners, games without a winner, win shares per seat and strategy") {
  const std::vector<std::string> strategies = {"greedy", "random", "greedy"};
  const std::vector<GameRecord> records = {
      record(0, 0, 3, {1}, "win", strategies),
      record(0, 1, 5, {1, 2}, "win", strategies),
      record(0, 2, 7, {}, "stalled", strategies),
      record(0, 3, 10, {}, "max_turns", strategies),
      record(1, 0, 4, {2, 3}, "win"),
  };
  const auto stats = kripkesim::summarize({{"a", 3}, {"b", 3}}, records);
  REQUIRE(stats.size() == 2);
  const auto& a = stats[0];
  CHECK(a.games == 4);
  CHECK(a.turns.mean == Approx(6.25));  // (3 + 5 + 7 + 10) / 4
  CHECK(a.turns.median == 6.0);         // (5 + 7) / 2
  CHECK(a.rounds.max == 4);             // 10 turns of 3 seats: round 4
  CHECK(a.winner_counts == std::map<std::size_t, std::uint64_t>{{1, 1}, {2, 1}});
  CHECK(a.stalled == 1);
  CHECK(a.max_turns == 1);
  // Seat 1 wins game 0 alone and half of game 1; seat 2 the other half; over 4 games.
  REQUIRE(a.seat_win_share.size() == 3);
  CHECK(a.seat_win_share[0] == Approx(1.5 / 4));
  CHECK(a.seat_win_share[1] == Approx(0.5 / 4));
  CHECK(a.seat_win_share[2] == 0.0);
  // greedy plays seats 1 and 3: 8 seat-games, 1.5 wins; random seat 2: 4 seat-games, 0.5 wins.
  REQUIRE(a.strategies.size() == 2);
  CHECK(a.strategies.at("greedy").seat_games == 8);
  CHECK(a.strategies.at("greedy").win_share(a.games) == Approx(1.5 / 4));
  CHECK(a.strategies.at("greedy").wins_per_seat() == Approx(1.5 / 8));
  CHECK(a.strategies.at("random").wins_per_seat() == Approx(0.5 / 4));
  const auto& b = stats[1];
  CHECK(b.games == 1);
  CHECK(b.seat_win_share == std::vector<double>{0.0, 0.5, 0.5});
  CHECK(b.strategies.empty());
}

TEST_CASE("[batch] the summary does not depend on the order of the records") {
  std::vector<GameRecord> records;
  for (int k = 0; k < 40; ++k)
    records.push_back(record(std::size_t(k % 2), std::uint64_t(k), k % 7,
                             k % 5 ? std::vector<int>{1 + k % 3} : std::vector<int>{1, 2, 3}, "win",
                             {"x", k % 2 ? "y" : "x", "z"}));
  const std::vector<kripkesim::ConditionInfo> conditions = {{"a", 3}, {"b", 3}};
  const auto forward = kripkesim::summary_json(kripkesim::summarize(conditions, records));
  std::reverse(records.begin(), records.end());
  std::rotate(records.begin(), records.begin() + 13, records.end());
  CHECK(kripkesim::summary_json(kripkesim::summarize(conditions, records)).dump() ==
        forward.dump());
}

TEST_CASE("[batch] Wilson intervals of win shares: the textbook values, inside [0, 1]") {
  using kripkesim::wilson95;
  const auto half = wilson95(5, 10);
  CHECK(half.low == Approx(0.2366).margin(1e-4));
  CHECK(half.high == Approx(0.7634).margin(1e-4));
  const auto none = wilson95(0, 10);
  CHECK(none.low == 0.0);
  CHECK(none.high == Approx(0.2775).margin(1e-4));
  const auto all = wilson95(10, 10);
  CHECK(all.low == Approx(0.7225).margin(1e-4));
  CHECK(all.high == 1.0);
  const auto split = wilson95(2.5, 10);  // wins split among simultaneous winners
  CHECK(split.low < 0.25);
  CHECK(split.high > 0.25);
  const auto empty = wilson95(0, 0);
  CHECK(empty.low == 0.0);
  CHECK(empty.high == 1.0);
}
