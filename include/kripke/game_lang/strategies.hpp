// The generic agents of games written in the game language (docs/game-language.md), read
// from the config's "agents":
//   random    a legal move, uniformly;
//   protocol  a move whose guard the mover knows to hold (the guard evaluated over the worlds
//             the mover considers possible: K{mover} guard), the first such move in the
//             order of the rules or a random one; a move with no guard is not played.
// One entry without "agent" sets every player's strategy; entries with "agent" set one
// player's each; a player without an entry plays at random.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "kripke/config_reader.hpp"
#include "kripke/game_lang/game_rules.hpp"

namespace kripke::game_lang {

struct Strategy {
  enum class Kind { Random, Protocol };
  Kind kind = Kind::Random;
  std::vector<FormulaPtr> guards;        // per move: its guard template, or null (not played)
  std::vector<std::string> guard_paths;  // per move: where the config writes its guard
  bool first = false;  // protocol: the first allowed move rather than a random one
  Json json;           // as the config wrote it, for the `start` event
};

inline Strategy read_strategy(const Json& entry, const std::string& path, const GameRules& rules) {
  ObjectReader r(entry, path);
  r.find("agent");
  Strategy s;
  s.json = entry;
  s.json.erase("agent");
  const std::string kind = r.choice("strategy", "random", {"random", "protocol"});
  s.guards.resize(rules.moves().size());
  s.guard_paths.resize(rules.moves().size());
  if (kind == "protocol") {
    s.kind = Strategy::Kind::Protocol;
    const Json& guards = r.required("guards");
    if (!guards.is_object() || guards.empty())
      throw InputError("expected an object from moves to guards, like {\"call\": \"~S(i, j)\"}",
                       r.path_of("guards"));
    for (const auto& [move, guard] : guards.items()) {
      const std::string at = r.path_of("guards") + "/" + move;
      std::size_t m = 0;
      while (m < rules.moves().size() && rules.moves()[m].name != move) ++m;
      if (m == rules.moves().size())
        throw InputError("'" + excerpt(move) + "' is not a move of the rules", at);
      s.guards[m] = rules.parse_template(ObjectReader::string_value(guard, at), at);
      s.guard_paths[m] = at;
    }
    s.first = r.choice("choose", "random", {"random", "first"}) == "first";
  }
  r.done();
  return s;
}

// One strategy per player.
inline std::vector<Strategy> read_strategies(const Json& agents, const GameRules& rules) {
  std::vector<Strategy> out(rules.agent_count());
  for (Strategy& s : out) s.json = {{"strategy", "random"}};
  const Json& list = array_at(agents, "/agents");
  std::vector<bool> set(out.size(), false);
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string at = "/agents/" + std::to_string(k);
    if (!list[k].is_object())
      throw InputError("expected an object, found " + json_type_name(list[k]), at);
    const auto named = list[k].find("agent");
    if (named == list[k].end()) {
      if (list.size() != 1)
        throw InputError(
            "an entry without \"agent\" sets every player's strategy: give it alone, or name "
            "each entry's agent",
            at);
      const Strategy s = read_strategy(list[k], at, rules);
      std::fill(out.begin(), out.end(), s);
      return out;
    }
    const Agent a =
        rules.agent_index(ObjectReader::string_value(*named, at + "/agent"), at + "/agent");
    if (set[std::size_t(a)]) throw InputError("the agent's strategy is given twice", at + "/agent");
    set[std::size_t(a)] = true;
    out[std::size_t(a)] = read_strategy(list[k], at, rules);
  }
  return out;
}

}  // namespace kripke::game_lang
