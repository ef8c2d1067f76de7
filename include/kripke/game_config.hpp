// The part of a config every game shares: which game, the seed, the limits, the engine, and
// the game's own rules, agents and deal as JSON for the game to read.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "kripke/config_reader.hpp"
#include "kripke/deals.hpp"

namespace kripke {

// The part of a config every game shares (see docs/configs.md).
struct GameConfig {
  std::string game;
  std::uint64_t seed = 1;
  int max_turns = 1000;
  std::uint64_t max_worlds = WorldLimits{}.max_worlds;
  std::uint64_t max_memory = 0;  // bytes; 0: the machine's memory
  Json rules = Json::object();   // game-specific rules; defaults on the game's page in docs/games/
  Json agents = Json::array();   // game-specific agent settings (strategies)
  Json deal;                     // the actual deal; null: dealt at random from the seed
  // "explicit" (every world listed), "symbolic" (a knowledge structure on BDDs: the games
  // that have one) or "auto" (the one expected to be faster, by the game's cost estimate;
  // symbolic when the explicit model would be over the limits).
  std::string engine = "auto";
  // Where the engine was asked for, for messages: the config's key or the command line.
  std::string engine_source = "/engine";
  // The command needs the worlds listed (`draw`): "auto" then takes the explicit engine
  // whenever its model fits, whatever the cost estimate says.
  bool list_worlds = false;
  // The symbolic engine's node table: at most this many BDD nodes (about 20 bytes each,
  // plus caches), so that a model whose diagrams explode stops with a message.
  std::uint64_t max_bdd_nodes = 50'000'000;
  // How the symbolic engine keeps a term an agent observes (a model's "observes": ["x * y"]):
  // "variables" (a block holding the index of its value), "classes" (its value classes,
  // operators computed class by class) or "auto" (classes when they hold few states each).
  std::string symbolic_terms = "auto";

  WorldLimits limits() const { return {.max_worlds = max_worlds, .max_memory = max_memory}; }

  // The symbolic engine's node limit: max_bdd_nodes, within max_memory too (a node and its
  // share of BuDDy's operation caches take about 28 bytes).
  static constexpr std::uint64_t kBytesPerBddNode = 28;
  std::uint64_t bdd_node_limit() const {
    const std::uint64_t memory = max_memory ? max_memory : machine_memory();
    return std::max<std::uint64_t>(1000, std::min(max_bdd_nodes, memory / kBytesPerBddNode));
  }
};

}  // namespace kripke
