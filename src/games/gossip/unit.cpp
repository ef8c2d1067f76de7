// The gossip problem in the command-line tool: its catalog entry and its bench cases. With
// bench.cpp, the one unit that compiles its headers (a unity group, CMakeLists.txt).
#include "games/catalog.hpp"
#include "games/model/desk.hpp"
#include "kripke/game_lang/gossip_game.hpp"

namespace kripkesim {

std::vector<BenchCase> gossip_bench_cases();  // bench.cpp, beside this file

GameUnit gossip_unit() {
  return {
      kripke::game_lang::gossip_game_info(), gossip_bench_cases, play::language_desk, {{"gossip"}}};
}

}  // namespace kripkesim
