// Cluedo in the command-line tool: its catalog entry, its bench cases and its desk (people at
// the table). With bench.cpp and desk.cpp, the one unit that compiles the game's headers (a
// unity group, CMakeLists.txt).
#include "games/catalog.hpp"
#include "games/cluedo/desk.hpp"
#include "kripke/games/cluedo/play.hpp"

namespace kripkesim {

std::vector<BenchCase> cluedo_bench_cases();  // bench.cpp, beside this file

GameUnit cluedo_unit() {
  return {kripke::cluedo::game_info(),
          cluedo_bench_cases,
          play::desk_for_play<play::CluedoDesk, kripke::cluedo::CluedoPlay>,
          {{"cluedo"}}};
}

}  // namespace kripkesim
