// "Who knows what" in words: per agent, the worlds it considers possible, whether it has
// reached the game's goal, and whether it knows a given formula. Used by `check` and by
// failed scenario expectations.
#pragma once

#include <string>

#include "input/formula_input.hpp"
#include "kripke/game.hpp"

namespace kripkesim {

// One line per agent, each starting with `indent`; `phi` may be null.
std::string knowledge_lines(const kripke::Play& play, const UserFormula* phi,
                            const std::string& indent);

}  // namespace kripkesim
