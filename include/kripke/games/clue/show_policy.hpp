// Which of the suggested cards it holds an answerer shows, when it holds several: at
// random; one it has shown before ("SHOWN", ClueModel), else at random; or the one that
// tells the asker least — the card the asker already most believed the answerer holds.
// Clue and Cluedo share it; they differ in how they count the asker's deals.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kripke/rng.hpp"

namespace kripke::clue {

enum class ShowPolicy { Random, ShownBefore, MinLeak };

inline const std::vector<std::string>& show_policy_names() {
  static const std::vector<std::string> names = {"random", "shown-before", "min-leak"};
  return names;
}

// `shown_before`: the cards the answerer has shown in earlier turns (a mask).
// `asker_deals_with(card)`: in how many of the asker's possible deals the answerer holds
// the card (any count type; min-leak only).
template <class DealsWith>
int pick_shown(ShowPolicy policy, const std::vector<int>& held, std::uint64_t shown_before,
               DealsWith&& asker_deals_with, Rng& rng) {
  if (held.size() == 1) return held.front();
  std::vector<int> candidates;
  if (policy == ShowPolicy::ShownBefore) {
    for (int card : held)
      if ((shown_before >> card) & 1U) candidates.push_back(card);
  } else if (policy == ShowPolicy::MinLeak) {
    decltype(asker_deals_with(held.front())) most{};
    for (int card : held) {
      const auto n = asker_deals_with(card);
      if (n > most) candidates.clear(), most = n;
      if (n == most) candidates.push_back(card);
    }
  }
  return rng.pick(candidates.empty() ? held : candidates);
}

}  // namespace kripke::clue
