// How an agent picks its question (docs/games/nine-card.md):
//   random    — a uniformly random card from its hand, asked of a uniformly
//   random other player; hint      — the row the hint table marks as best (most
//   relations to worlds with another
//               hidden card deleted);
//   info-gain — the row with the largest expected drop in the entropy of the
//   hidden card.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "kripke/games/nine_card/hints.hpp"
#include "kripke/rng.hpp"

namespace kripke::nine_card {

enum class Strategy { Random, Hint, InfoGain };

inline const std::vector<std::string>& strategy_names() {
  static const std::vector<std::string> names = {"random", "hint", "info-gain"};
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

// Larger expected entropy drop; within 1e-9 bits (rounding) the hint order
// decides.
inline bool better_information(const HintRow& a, const HintRow& b) {
  if (std::abs(a.entropy_drop - b.entropy_drop) > 1e-9) return a.entropy_drop > b.entropy_drop;
  return better_hint(a, b);
}

inline Ask table_ask(Strategy s, const HintTable& table) {
  const std::size_t row =
      s == Strategy::InfoGain ? first_best(table.rows, better_information) : table.best;
  return {table.rows[row].question, table.rows[row].target};
}

}  // namespace kripke::nine_card
