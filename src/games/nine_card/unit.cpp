// The nine-card game in the command-line tool: its catalog entry, its bench cases and its desk
// (people at the table). With bench.cpp and desk.cpp, the one unit that compiles the game's headers
// (a unity group, CMakeLists.txt).
#include "games/catalog.hpp"
#include "games/nine_card/desk.hpp"
#include "kripke/games/nine_card/nine_card.hpp"

namespace kripkesim {

std::vector<BenchCase> nine_card_bench_cases();  // bench.cpp, beside this file

GameUnit nine_card_unit() {
  return {kripke::nine_card::game_info(),
          nine_card_bench_cases,
          play::desk_for_play<play::NineCardDesk, const kripke::nine_card::NineCardPlay>,
          {{"nine-card"}}};
}

}  // namespace kripkesim
