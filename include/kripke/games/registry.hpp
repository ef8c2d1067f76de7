// Every game kripkesim knows, in one catalog (game_catalog.hpp), for programs that use the
// header-only core. Including it compiles every game: a program that needs only some games
// builds a GameCatalog of their game_info() instead, as the command-line tool does.
#pragma once

#include "kripke/game_catalog.hpp"
#include "kripke/games/clue/clue.hpp"
#include "kripke/games/cluedo/play.hpp"
#include "kripke/games/muddy/game.hpp"
#include "kripke/games/nine_card/nine_card.hpp"
#include "kripke/games/number/number.hpp"
#include "kripke/games/sleuth/game.hpp"
#include "kripke/model_lang/model_game.hpp"

namespace kripke {

inline const GameCatalog& game_registry() {
  static const GameCatalog games({clue::game_info(), cluedo::game_info(), muddy::game_info(),
                                  number::game_info(), nine_card::game_info(), sleuth::game_info(),
                                  model_lang::game_info()});
  return games;
}

}  // namespace kripke
