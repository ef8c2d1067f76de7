// The games of the command-line tool, each compiled once in its own unit (src/games/<game>/):
// its entry in the catalog, its bench cases and, where people can play it, its desk. Every
// other file of the tool sees games only through this header and the Game/Play interface,
// so that editing one game's headers rebuilds that game's unit and nothing else.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bench/bench.hpp"
#include "kripke/game_catalog.hpp"

namespace kripkesim {

namespace play {
class Desk;
}  // namespace play

struct GameUnit {
  kripke::GameInfo info;
  std::function<std::vector<BenchCase>()> bench_cases;
  // The desk of a person at the game's table (src/play/); empty where nobody can sit.
  std::function<std::unique_ptr<play::Desk>(kripke::Play&)> make_desk;
};

// Each defined in src/games/<game>/unit.cpp.
GameUnit clue_unit();
GameUnit cluedo_unit();
GameUnit muddy_unit();
GameUnit number_unit();
GameUnit nine_card_unit();
GameUnit sleuth_unit();
GameUnit model_unit();

// Every game, in the order `kripkesim list` shows them.
const std::vector<GameUnit>& game_units();
// Their GameInfos as a catalog: what configs are read and games built with.
const kripke::GameCatalog& games();

}  // namespace kripkesim
