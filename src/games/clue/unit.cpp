// Clue in the command-line tool: its catalog entry, its bench cases and its desk (people at the
// table). With bench.cpp and desk.cpp, the one unit that compiles the game's headers (a unity
// group, CMakeLists.txt).
#include "games/catalog.hpp"
#include "games/clue/desk.hpp"
#include "kripke/games/clue/clue.hpp"

namespace kripkesim {

std::vector<BenchCase> clue_bench_cases();  // bench.cpp, beside this file

GameUnit clue_unit() {
  return {kripke::clue::game_info(),
          clue_bench_cases,
          play::desk_for_play<play::ClueDesk, kripke::clue::CluePlay>,
          {{"clue"}, {"clue-small"}}};
}

}  // namespace kripkesim
