// The measure of the info-gain agent (docs/game-language.md#the-agents): how much a move is
// expected to tell its mover about a quantity (the truth values of some formulas), exact over
// the worlds the mover considers possible, each equally likely — as the Clue and Cluedo
// info-gain agents weigh a suggestion by the answers it may get.
//
// At each world w the mover considers possible, making the move gives it an outcome: the event
// of the move that happens at w as the mover sees it, and what the mover observes after the
// move's change; none where the move cannot be made at w. Afterwards the mover considers
// possible exactly the worlds of the same outcome. The gain is the quantity's entropy over
// the worlds now minus its expected entropy over the worlds of the outcome, the outcome drawn
// as the worlds where the move can be made are (each equally likely).
#pragma once

#include <cmath>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kripke::game_lang {

// The entropy, in bits, of the values of `quantity` at the worlds `among` (indices into it),
// each equally likely.
inline double entropy_among(const std::vector<std::string>& quantity,
                            const std::vector<std::size_t>& among) {
  if (among.empty()) return 0.0;
  std::map<std::string, std::size_t> counts;
  for (std::size_t w : among) ++counts[quantity[w]];
  double h = 0.0;
  const double n = double(among.size());
  for (const auto& [value, count] : counts) {
    const double p = double(count) / n;
    h -= p * std::log2(p);
  }
  return h;
}

// The expected information gain, in bits: `quantity[w]` and `outcome[w]` for each world w the
// mover considers possible now (outcome none: the move cannot be made there).
inline double information_gain(const std::vector<std::string>& quantity,
                               const std::vector<std::optional<std::string>>& outcome) {
  std::vector<std::size_t> all(quantity.size());
  for (std::size_t w = 0; w < all.size(); ++w) all[w] = w;
  std::map<std::string, std::vector<std::size_t>> by_outcome;
  std::size_t possible = 0;
  for (std::size_t w = 0; w < outcome.size(); ++w)
    if (outcome[w]) {
      by_outcome[*outcome[w]].push_back(w);
      ++possible;
    }
  if (possible == 0) return 0.0;
  double after = 0.0;
  for (const auto& [seen, worlds] : by_outcome)
    after += double(worlds.size()) / double(possible) * entropy_among(quantity, worlds);
  return entropy_among(quantity, all) - after;
}

}  // namespace kripke::game_lang
