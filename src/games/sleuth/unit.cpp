// Sleuth in the command-line tool: its catalog entry, its bench cases and its desk (people at the
// table). With bench.cpp and desk.cpp, the one unit that compiles the game's headers (a unity
// group, CMakeLists.txt).
#include "games/catalog.hpp"
#include "games/sleuth/desk.hpp"
#include "kripke/games/sleuth/game.hpp"

namespace kripkesim {

std::vector<BenchCase> sleuth_bench_cases();  // bench.cpp, beside this file

GameUnit sleuth_unit() {
  return {kripke::sleuth::game_info(),
          sleuth_bench_cases,
          play::desk_for_play<play::SleuthDesk, const kripke::sleuth::SleuthPlay>,
          {{"sleuth-12"}, {"sleuth", /*quick=*/false}}};
}

}  // namespace kripkesim
