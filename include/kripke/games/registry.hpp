// Every game kripkesim knows, by name, and the reading of the config fields all games
// share. A new game adds one entry here.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "kripke/game.hpp"
#include "kripke/games/clue/clue.hpp"
#include "kripke/games/cluedo/play.hpp"
#include "kripke/games/muddy/game.hpp"
#include "kripke/games/nine_card/nine_card.hpp"
#include "kripke/games/number/number.hpp"
#include "kripke/games/sleuth/game.hpp"
#include "kripke/model_lang/model_game.hpp"

namespace kripke {

struct GameInfo {
  std::string name;
  std::string summary;
  std::vector<std::string> strategies;  // empty: the agents only reason, they choose nothing
  std::function<std::unique_ptr<Game>(GameConfig)> make;
  bool symbolic = false;  // whether it runs on the symbolic engine too ("engine")
};

inline const std::vector<GameInfo>& game_registry() {
  static const std::vector<GameInfo> games = {
      {"clue",
       "simplified Clue (docs/games/clue.md): suggest a weapon and a suspect, learn the envelope",
       clue::strategy_names(),
       [](GameConfig c) { return std::make_unique<clue::ClueGame>(std::move(c)); }, false},
      {"cluedo",
       "Cluedo (docs/games/cluedo.md): the real 21-card game for 3 to 6 players, counted exactly",
       cluedo::strategy_names(),
       [](GameConfig c) { return std::make_unique<cluedo::CluedoGame>(std::move(c)); }, false},
      {"muddy",
       "the muddy children (docs/games/muddy.md): an engine check with 2^n worlds",
       {},
       [](GameConfig c) { return std::make_unique<muddy::MuddyGame>(std::move(c)); },
       true},
      {"number",
       "What's My Number? (docs/games/number.md): 7560 deals, 18 question cards, epistemagic",
       {},
       [](GameConfig c) { return std::make_unique<number::NumberGame>(std::move(c)); },
       false},
      {"nine-card",
       "the 9-card colour/diamond Sleuth variant (docs/games/nine-card.md): 22,680 worlds, hint "
       "tables",
       nine_card::strategy_names(),
       [](GameConfig c) { return std::make_unique<nine_card::NineCardGame>(std::move(c)); }, false},
      {"sleuth",
       "Sleuth (docs/games/sleuth.md): 36 gem cards, 5 players, exact counting and Elderman & "
       "Steging's rules",
       sleuth::strategy_names(),
       [](GameConfig c) { return std::make_unique<sleuth::SleuthGame>(std::move(c)); }, false},
      {"model",
       "a model written in the config (docs/models.md): variables, a law, what each agent "
       "observes",
       {},
       [](GameConfig c) { return std::make_unique<model_lang::ModelGame>(std::move(c)); },
       true},
  };
  return games;
}

inline const GameInfo& find_game(const std::string& name, const std::string& path) {
  std::vector<std::string> names;
  for (const auto& g : game_registry()) {
    if (g.name == name) return g;
    names.push_back(g.name);
  }
  throw InputError("unknown game '" + name + "' (known games: " + ObjectReader::join(names) + ")",
                   path);
}

// Sets the config's engine; InputError at `path` when the game has no symbolic engine.
inline void set_engine(GameConfig& c, const std::string& engine, const std::string& path) {
  if (engine == "symbolic" && !find_game(c.game, "/game").symbolic) {
    std::vector<std::string> symbolic;
    for (const auto& g : game_registry())
      if (g.symbolic) symbolic.push_back(g.name);
    throw InputError("the symbolic engine does not run " + c.game +
                         " yet (it runs: " + ObjectReader::join(symbolic) + "); use \"explicit\"",
                     path);
  }
  c.engine = engine;
}

// Reads the shared fields of a config object. The caller may read its own keys (a batch
// section, a scenario script) from the same reader before calling done().
inline GameConfig read_game_config(ObjectReader& r) {
  GameConfig c;
  c.game = r.required_string("game");
  find_game(c.game, r.path_of("game"));
  set_engine(c, r.choice("engine", c.engine, {"explicit", "symbolic", "auto"}),
             r.path_of("engine"));
  r.string("description", "");
  if (const Json* seed = r.find("seed")) c.seed = seed_value(*seed, r.path_of("seed"));
  c.max_turns = int(r.integer("max_turns", c.max_turns, 1, 1'000'000));
  c.max_worlds = std::uint64_t(r.integer("max_worlds", std::int64_t(c.max_worlds), 1));
  c.max_bdd_nodes =
      std::uint64_t(r.integer("max_bdd_nodes", std::int64_t(c.max_bdd_nodes), 1000, 2'000'000'000));
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

inline std::unique_ptr<Game> make_game(GameConfig config) {
  const GameInfo& info = find_game(config.game, "/game");
  return info.make(std::move(config));
}

}  // namespace kripke
