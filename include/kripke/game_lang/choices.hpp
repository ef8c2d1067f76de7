// Every choice of one element from each of several lists: the rounds of a game with
// simultaneous turns, one move of each player who may move (move_sequences.hpp,
// planner.hpp).
#pragma once

#include <cstddef>
#include <vector>

namespace kripke::game_lang {

// Calls f with every choice of one element from each list (in order), as a vector.
template <class F>
void for_each_choice(const std::vector<std::vector<std::size_t>>& lists, F&& f) {
  std::vector<std::size_t> choice(lists.size());
  const auto next = [&](const auto& self, std::size_t depth) -> void {
    if (depth == lists.size()) {
      f(choice);
      return;
    }
    for (std::size_t k : lists[depth]) {
      choice[depth] = k;
      self(self, depth + 1);
    }
  };
  next(next, 0);
}

}  // namespace kripke::game_lang
