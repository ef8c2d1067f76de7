// Models and games written in a config ("game": "model"), in the command-line tool: its catalog
// entry and its bench cases. With bench.cpp, the one unit that compiles the model language's
// headers (a unity group, CMakeLists.txt).
#include "games/catalog.hpp"
#include "games/model/desk.hpp"
#include "kripke/game_lang/language_game.hpp"

namespace kripkesim {

std::vector<BenchCase> model_bench_cases();  // bench.cpp, beside this file

GameUnit model_unit() {
  return {kripke::game_lang::model_game_info(),
          model_bench_cases,
          play::language_desk,
          {{"model"},
           {"games/gossip-three", true, true},
           {"games/gossip-four"},  // public calls: the symbolic engine plays them too
           {"games/muddy-children"},
           {"games/small-clue", true, true},
           {"games/small-clue-shortcut", true, true}}};
}

}  // namespace kripkesim
