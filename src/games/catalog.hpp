// The games of the command-line tool, each compiled once in its own unit (src/games/<game>/):
// its entry in the catalog, its bench cases, its desk and its bundled configs. Every other
// file of the tool sees games only through this header and the Game/Play interface, so that
// editing one game's headers rebuilds that game's unit and nothing else.
//
// The one list of games is in catalog.cpp: adding a game is its folder and one line there
// (docs/adding-a-game.md). `kripkesim list`, the bench cases, the seats of `kripkesim play`,
// the golden playthroughs and the contract test every game passes (tests/test_contract.cpp)
// all read that list through game_units().
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

// A config under configs/ that plays the game (the first is the game's default).
struct BundledConfig {
  std::string file;   // under configs/, without .json
  bool quick = true;  // a game of it takes well under a second: tests play it over many seeds
  // It plays on the explicit engine only, though its game has a symbolic one (a game in the
  // language whose moves are not all public: docs/game-language.md#the-engines).
  bool explicit_only = false;
};

struct GameUnit {
  kripke::GameInfo info;
  std::function<std::vector<BenchCase>()> bench_cases;
  // The desk of a person at the game's table (src/play/); empty where nobody can sit.
  std::function<std::unique_ptr<play::Desk>(kripke::Play&)> make_desk;
  std::vector<BundledConfig> configs;
};

// Every game, in the order `kripkesim list` shows them.
const std::vector<GameUnit>& game_units();
// Their GameInfos as a catalog: what configs are read and games built with.
const kripke::GameCatalog& games();

// The desk of the play's game (the seats of people and programs); an InputError naming the
// games that have one otherwise.
std::unique_ptr<play::Desk> desk_for(kripke::Play& play);

}  // namespace kripkesim
