// How an agent picks its question (docs/games/nine-card.md):
// - random: a uniformly random card of its hand, asked of a uniformly random other player;
// - hint: a row the hint table marks best (the most relations to worlds with another hidden
//   card deleted);
// - info-gain: a row with the largest expected drop in the entropy of the hidden card;
// - highest-probability: the advice of Isachenko's project page, "always pick the cards with
//   the highest probability (so with the higher values)": the row holding the largest cell
//   that is neither "Impossible" nor "No sense" (the most worlds left after one answer,
//   which is that answer's probability times the worlds now).
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "kripke/games/nine_card/hints.hpp"
#include "kripke/rng.hpp"

namespace kripke::nine_card {

enum class Strategy { Random, Hint, InfoGain, HighestProbability };

inline const std::vector<std::string>& strategy_names() {
  static const std::vector<std::string> names = {"random", "hint", "info-gain",
                                                 "highest-probability"};
  return names;
}

inline std::string to_string(Strategy s) { return strategy_names()[std::size_t(s)]; }

inline std::optional<Strategy> parse_strategy(const std::string& name) {
  for (std::size_t k = 0; k < strategy_names().size(); ++k)
    if (strategy_names()[k] == name) return Strategy(k);
  return std::nullopt;
}

// Whether the strategy reads the hint table (the random one does not need it
// computed).
inline bool reads_hints(Strategy s) { return s != Strategy::Random; }

struct Ask {
  int question = 0;
  Agent target = 0;
};

inline Ask random_ask(const std::vector<int>& hand, Agent self, int players, Rng& rng) {
  const int question = rng.pick(hand);
  Agent target = Agent(rng.below(std::uint64_t(players - 1)));
  if (target >= self) ++target;  // skip oneself
  return {question, target};
}

// Larger expected entropy drop; within 1e-9 bits (rounding) the hint order decides.
inline bool better_information(const HintRow& a, const HintRow& b) {
  if (std::abs(a.entropy_drop - b.entropy_drop) > 1e-9) return a.entropy_drop > b.entropy_drop;
  return better_hint(a, b);
}

// The largest cell of a row that is neither impossible nor no-sense; 0 when it has none.
inline std::size_t highest_possible_cell(const HintRow& row) {
  std::size_t most = 0;
  for (const AnswerCell& cell : row.answers)
    if (cell.status == CellStatus::Possible) most = std::max(most, cell.left.worlds);
  return most;
}

inline bool higher_probability(const HintRow& a, const HintRow& b) {
  return highest_possible_cell(a) > highest_possible_cell(b);
}

// The hint, info-gain or highest-probability choice; among rows tied for best, one uniformly
// at random (a fixed choice, say the lowest-numbered player, would make some players be
// asked more than others).
inline Ask table_ask(Strategy s, const HintTable& table, Rng& rng) {
  const std::vector<std::size_t> tied =
      s == Strategy::InfoGain             ? unbeaten(table.rows, better_information)
      : s == Strategy::HighestProbability ? unbeaten(table.rows, higher_probability)
                                          : table.best;
  const HintRow& row = table.rows[rng.pick(tied)];
  return {row.question, row.target};
}

}  // namespace kripke::nine_card
