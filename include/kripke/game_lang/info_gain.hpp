// The measure of the info-gain agent (docs/game-language.md#the-agents): how much a move is
// expected to tell its mover about a quantity (the truth values of some formulas), exact over
// the worlds the mover considers possible, each equally likely — as the Clue and Cluedo
// info-gain agents weigh a suggestion by the answers it may get.
//
// At each world w the mover considers possible, making the move gives it an outcome: the event
// of the move that happens at w as the mover sees it, and what the mover observes after the
// move's change; none where the move cannot be made at w, and one of several where someone
// chooses among events that could happen there (each then equally likely). Afterwards the
// mover considers possible exactly the worlds of the same outcome. The gain is the
// quantity's entropy over the worlds now minus its expected entropy given the outcome, the
// worlds where the move can be made each equally likely.
#pragma once

#include <cmath>
#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace kripke::game_lang {

// The entropy, in bits, of a distribution given by weights (not necessarily summing to 1).
inline double entropy_of(const std::map<std::string, double>& weights) {
  double total = 0.0;
  for (const auto& [value, w] : weights) total += w;
  if (total <= 0.0) return 0.0;
  double h = 0.0;
  for (const auto& [value, w] : weights)
    if (w > 0.0) h -= w / total * std::log2(w / total);
  return h;
}

// The expected information gain, in bits: `quantity[w]` and the outcomes `outcomes[w]` the
// move may have for each world w the mover considers possible now (none: the move cannot be
// made there).
inline double information_gain(const std::vector<std::string>& quantity,
                               const std::vector<std::vector<std::string>>& outcomes) {
  std::map<std::string, double> now;
  for (const std::string& q : quantity) now[q] += 1.0;
  std::map<std::string, std::map<std::string, double>> by_outcome;
  std::size_t possible = 0;
  for (std::size_t w = 0; w < outcomes.size(); ++w) {
    if (outcomes[w].empty()) continue;
    ++possible;
    for (const std::string& o : outcomes[w])
      by_outcome[o][quantity[w]] += 1.0 / double(outcomes[w].size());
  }
  if (possible == 0) return 0.0;
  double after = 0.0;
  for (const auto& [seen, weights] : by_outcome) {
    double p = 0.0;
    for (const auto& [value, w] : weights) p += w;
    after += p / double(possible) * entropy_of(weights);
  }
  return entropy_of(now) - after;
}

}  // namespace kripke::game_lang
