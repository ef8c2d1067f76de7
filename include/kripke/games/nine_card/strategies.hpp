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
#include "kripke/games/nine_card/render.hpp"
#include "kripke/move_reason.hpp"
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
  MoveReason reason;  // why the strategy asked it (empty for a scripted ask)
};

// "green of player 2": a question put to a player, for reasons.
inline std::string ask_text(int question, Agent target) {
  std::string text = questions()[std::size_t(question)].label;
  text += " of ";
  return text + player_name(target);
}

inline Ask random_ask(const std::vector<int>& hand, Agent self, int players, Rng& rng) {
  const int question = rng.pick(hand);
  Agent target = Agent(rng.below(std::uint64_t(players - 1)));
  if (target >= self) ++target;  // skip oneself
  MoveReason reason;
  reason.strategy = to_string(Strategy::Random);
  reason.rule = "a card of its hand, put to another player";
  reason.considered = hand.size() * std::size_t(players - 1);
  return {question, target, std::move(reason)};
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

// What each table strategy maximises, as a number for reasons.
inline double table_score(Strategy s, const HintRow& row) {
  if (s == Strategy::InfoGain) return row.entropy_drop;
  if (s == Strategy::HighestProbability) return double(highest_possible_cell(row));
  return double(row.relations_deleted);
}

inline const char* table_measure(Strategy s) {
  if (s == Strategy::InfoGain) return "bits of information about the hidden card";
  if (s == Strategy::HighestProbability) return "worlds left by its likeliest answer";
  return "relations to worlds with another hidden card deleted";
}

// The hint, info-gain or highest-probability choice; among rows tied for best, one uniformly
// at random (a fixed choice, say the lowest-numbered player, would make some players be
// asked more than others).
inline Ask table_ask(Strategy s, const HintTable& table, Rng& rng) {
  const auto better = [s](const HintRow& a, const HintRow& b) {
    return s == Strategy::InfoGain             ? better_information(a, b)
           : s == Strategy::HighestProbability ? higher_probability(a, b)
                                               : better_hint(a, b);
  };
  const std::vector<std::size_t> tied =
      s == Strategy::Hint ? table.best : unbeaten(table.rows, better);
  const HintRow& row = table.rows[rng.pick(tied)];

  MoveReason reason;
  reason.strategy = to_string(s);
  reason.rule = s == Strategy::InfoGain ? "the question expected to say most about the hidden card"
                : s == Strategy::HighestProbability
                    ? "the question with the likeliest answer (Isachenko's advice)"
                    : "the question the hint table marks best";
  reason.considered = table.rows.size();
  reason.measure = table_measure(s);
  reason.score = table_score(s, row);
  reason.tied = tied.size();
  std::vector<std::size_t> others;
  for (std::size_t k = 0; k < table.rows.size(); ++k)
    if (std::find(tied.begin(), tied.end(), k) == tied.end()) others.push_back(k);
  const std::size_t shown = std::min<std::size_t>(3, others.size());
  std::partial_sort(
      others.begin(), others.begin() + std::ptrdiff_t(shown), others.end(),
      [&](std::size_t a, std::size_t b) { return better(table.rows[a], table.rows[b]); });
  for (std::size_t k = 0; k < shown; ++k) {
    const HintRow& other = table.rows[others[k]];
    reason.alternatives.push_back({ask_text(other.question, other.target), table_score(s, other)});
  }
  return {row.question, row.target, std::move(reason)};
}

}  // namespace kripke::nine_card
