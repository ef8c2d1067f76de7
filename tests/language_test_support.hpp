// Shared by the game-language tests: a config of a game written in the language.
#pragma once

#include "kripke/game.hpp"

namespace kripke_test {

// "game": "model" on the explicit engine, with these rules and strategies ("agents").
inline kripke::GameConfig language_config(const kripke::Json& rules, const kripke::Json& strategies,
                                          int max_turns = 20) {
  kripke::GameConfig c;
  c.game = "model";
  c.engine = "explicit";
  c.rules = rules;
  c.agents = strategies;
  c.max_turns = max_turns;
  return c;
}

}  // namespace kripke_test
