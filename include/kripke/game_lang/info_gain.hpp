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
// quantity's entropy over the worlds now minus its expected entropy given the outcome.
// Each world has a weight (its share of the likelihood: the caller weighs each assignment of
// the variables equally, so that the copies of one, which earlier events made, share it);
// the outcome is weighed by the worlds where the move can be made.
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

// The expected information gain, in bits: `quantity[w]`, the outcomes `outcomes[w]` the
// move may have (none: it cannot be made there) and the weight `weight[w]` of each world w
// the mover considers possible now (empty: every world weighs 1).
inline double information_gain(const std::vector<std::string>& quantity,
                               const std::vector<std::vector<std::string>>& outcomes,
                               const std::vector<double>& weight = {}) {
  const auto weight_of = [&](std::size_t w) { return weight.empty() ? 1.0 : weight[w]; };
  std::map<std::string, double> now;
  for (std::size_t w = 0; w < quantity.size(); ++w) now[quantity[w]] += weight_of(w);
  std::map<std::string, std::map<std::string, double>> by_outcome;
  double possible = 0.0;
  for (std::size_t w = 0; w < outcomes.size(); ++w) {
    if (outcomes[w].empty()) continue;
    possible += weight_of(w);
    for (const std::string& o : outcomes[w])
      by_outcome[o][quantity[w]] += weight_of(w) / double(outcomes[w].size());
  }
  if (possible <= 0.0) return 0.0;
  double after = 0.0;
  for (const auto& [seen, weights] : by_outcome) {
    double p = 0.0;
    for (const auto& [value, w] : weights) p += w;
    after += p / possible * entropy_of(weights);
  }
  return entropy_of(now) - after;
}

}  // namespace kripke::game_lang
