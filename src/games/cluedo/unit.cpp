// Cluedo in the command-line tool: its catalog entry, its bench cases and its desk (people at
// the table). With bench.cpp and desk.cpp, the one unit that compiles the game's headers (a
// unity group, CMakeLists.txt).
#include "games/bench_cases.hpp"
#include "games/catalog.hpp"
#include "games/cluedo/desk.hpp"
#include "kripke/games/cluedo/play.hpp"

namespace kripkesim {

GameUnit cluedo_unit() {
  return {kripke::cluedo::game_info(), cluedo_bench_cases,
          play::desk_for_play<play::CluedoDesk, kripke::cluedo::CluedoPlay>};
}

}  // namespace kripkesim
