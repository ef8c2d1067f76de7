// The muddy children in the command-line tool: its catalog entry, its bench cases and its desk
// (people at the table). With bench.cpp and desk.cpp, the one unit that compiles the game's headers
// (a unity group, CMakeLists.txt).
#include "games/catalog.hpp"
#include "games/muddy/bench.hpp"
#include "games/muddy/desk.hpp"
#include "kripke/games/muddy/game.hpp"

namespace kripkesim {

GameUnit muddy_unit() {
  return {kripke::muddy::game_info(),
          [] {
            std::vector<BenchCase> cases = muddy_bench_cases();
            for (auto& c : symbolic_muddy_bench_cases()) cases.push_back(std::move(c));
            return cases;
          },
          play::desk_for_play<play::MuddyDesk, const kripke::muddy::MuddyPlayBase>,
          {{"muddy"}}};
}

}  // namespace kripkesim
