// Cluedo in the command-line tool: its catalog entry and its bench cases. With bench.cpp, the
// one unit that compiles the game's headers (a unity group, CMakeLists.txt).
#include "games/bench_cases.hpp"
#include "games/catalog.hpp"
#include "kripke/games/cluedo/play.hpp"

namespace kripkesim {

GameUnit cluedo_unit() { return {kripke::cluedo::game_info(), cluedo_bench_cases, {}}; }

}  // namespace kripkesim
