// A catalog of games by name, and the reading of the config fields all games share.
//
// Each game describes itself with a GameInfo (its game_info() function, beside its Game
// class). A catalog holds some of them: a program lists the games it uses; the command-line
// tool builds its own from one compiled unit per game (src/games/catalog.cpp), so that no
// file of the tool has to include every game.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kripke/config_reader.hpp"
#include "kripke/game.hpp"

namespace kripke {

struct GameInfo {
  std::string name;
  std::string summary;
  std::vector<std::string> strategies;  // empty: the agents only reason, they choose nothing
  std::function<std::unique_ptr<Game>(GameConfig)> make;
  bool symbolic = false;  // whether it runs on the symbolic engine too ("engine")
};

class GameCatalog {
 public:
  explicit GameCatalog(std::vector<GameInfo> games) : games_(std::move(games)) {}

  const std::vector<GameInfo>& games() const { return games_; }

  // The game called `name`; InputError at `path` naming the known games otherwise.
  const GameInfo& find(const std::string& name, const std::string& path) const {
    std::vector<std::string> names;
    for (const auto& g : games_) {
      if (g.name == name) return g;
      names.push_back(g.name);
    }
    throw InputError("unknown game '" + name + "' (known games: " + ObjectReader::join(names) + ")",
                     path);
  }

  // Sets the config's engine; InputError at `path` when the game has no symbolic engine.
  void set_engine(GameConfig& c, const std::string& engine, const std::string& path) const {
    if (engine == "symbolic" && !find(c.game, "/game").symbolic) {
      std::vector<std::string> symbolic;
      for (const auto& g : games_)
        if (g.symbolic) symbolic.push_back(g.name);
      throw InputError("the symbolic engine does not run " + c.game +
                           " yet (it runs: " + ObjectReader::join(symbolic) + "); use \"explicit\"",
                       path);
    }
    c.engine = engine;
  }

  // Reads the shared fields of a config object. The caller may read its own keys (a batch
  // section, a scenario script) from the same reader before calling done().
  GameConfig read_config(ObjectReader& r) const {
    GameConfig c;
    c.game = r.required_string("game");
    find(c.game, r.path_of("game"));
    set_engine(c, r.choice("engine", c.engine, {"explicit", "symbolic", "auto"}),
               r.path_of("engine"));
    r.string("description", "");
    if (const Json* seed = r.find("seed")) c.seed = seed_value(*seed, r.path_of("seed"));
    c.max_turns = int(r.integer("max_turns", c.max_turns, 1, 1'000'000));
    c.max_worlds = std::uint64_t(r.integer("max_worlds", std::int64_t(c.max_worlds), 1));
    c.max_bdd_nodes = std::uint64_t(
        r.integer("max_bdd_nodes", std::int64_t(c.max_bdd_nodes), 1000, 2'000'000'000));
    c.symbolic_terms =
        r.choice("symbolic_terms", c.symbolic_terms, {"auto", "variables", "classes"});
    if (const Json* v = r.find("max_memory"))
      c.max_memory = memory_size_value(*v, r.path_of("max_memory"));
    if (const Json* v = r.find("rules")) {
      if (!v->is_object())
        throw InputError("expected an object, found " + json_type_name(*v), r.path_of("rules"));
      c.rules = *v;
    }
    if (const Json* v = r.find("agents")) c.agents = array_at(*v, r.path_of("agents"));
    if (const Json* v = r.find("deal")) c.deal = *v;
    return c;
  }

  std::unique_ptr<Game> make(GameConfig config) const {
    const GameInfo& info = find(config.game, "/game");
    return info.make(std::move(config));
  }

 private:
  std::vector<GameInfo> games_;
};

}  // namespace kripke
