// What's My Number? in the command-line tool: its catalog entry, its bench cases and its desk
// (people at the table). With bench.cpp and desk.cpp, the one unit that compiles the game's headers
// (a unity group, CMakeLists.txt).
#include "games/catalog.hpp"
#include "games/number/desk.hpp"
#include "kripke/games/number/number.hpp"

namespace kripkesim {

std::vector<BenchCase> number_bench_cases();  // bench.cpp, beside this file

GameUnit number_unit() {
  return {kripke::number::game_info(),
          number_bench_cases,
          play::desk_for_play<play::NumberDesk, kripke::number::NumberPlay>,
          {{"number"}}};
}

}  // namespace kripkesim
