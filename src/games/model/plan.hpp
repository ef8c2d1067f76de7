// `kripkesim plan`: a shortest sequence of legal moves that makes a goal true, in a game
// written in the game language (kripke/game_lang/planner.hpp). Computed in the model's unit,
// so that the command's own file does not compile the language's headers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kripke/config_reader.hpp"
#include "kripke/formula.hpp"

namespace kripke {
class Game;
}  // namespace kripke

namespace kripkesim {

struct PlanResult {
  bool found = false;
  bool rounds = false;              // the steps are simultaneous rounds
  std::vector<kripke::Json> moves;  // as a scenario's move steps write them ({"round": [...]})
  std::vector<std::string> texts;   // call(a, b); know(c1) + dont_know(c2) + ...
  std::uint64_t positions = 0;
  int depth_searched = 0;
  std::uint64_t worlds_kept = 0;
  kripke::Json after;              // the actual world after the plan
  std::uint64_t worlds_after = 0;  // the model's worlds after it, as `run` plays them
  bool on_facts = false;           // searched and replayed on the facts alone: no model after
};

// InputError when the game is not written in the game language; FormulaError for a goal
// that names what the game does not have.
PlanResult find_plan(const kripke::Game& game, std::uint64_t seed, const kripke::FormulaPtr& goal,
                     int max_depth);

}  // namespace kripkesim
