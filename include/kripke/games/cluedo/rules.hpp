// Cluedo's rules as a config reads them (docs/games/cluedo.md): the real deck of 6 suspects,
// 6 weapons and 9 rooms (each list can be replaced, e.g. by a reduced deck), 3 to 6 players
// with the 18 cards outside the envelope dealt as evenly as possible (the first players get
// the extra cards), suggestions put to the players on the left in turn. The deck, the
// players and the hands are read as Clue reads them (clue/rules.hpp); the agents' settings
// are Cluedo's own.
#pragma once

#include <string>
#include <vector>

#include "kripke/config_reader.hpp"
#include "kripke/games/clue/rules.hpp"
#include "kripke/games/clue/show_policy.hpp"

namespace kripke::cluedo {

using clue::Rules;

inline Rules default_rules() {
  Rules rules;
  rules.categories = {
      {"suspects", "suspect", {"Scarlet", "Mustard", "White", "Green", "Peacock", "Plum"}},
      {"weapons", "weapon", {"candlestick", "dagger", "lead_pipe", "revolver", "rope", "spanner"}},
      {"rooms",
       "room",
       {"kitchen", "ballroom", "conservatory", "dining_room", "billiard_room", "library", "lounge",
        "hall", "study"}},
  };
  rules.ask = clue::AskOrder::Clockwise;
  return rules;
}

// Reads config "rules" (path /rules).
inline Rules read_rules(const Json& json) {
  ObjectReader r(json, "/rules");
  Rules rules = default_rules();
  read_deck(r, rules);
  r.done();
  if (rules.category_count() != 3)
    throw InputError("Cluedo has suspects, weapons and rooms: none of them can be empty", "/rules");
  return rules;
}

inline Json rules_json(const Rules& rules) {
  Json out = Json::object();
  for (const clue::Category& c : rules.categories) out[c.key] = c.cards;
  out["players"] = rules.players;
  out["hand_sizes"] = rules.hand_sizes;
  return out;
}

enum class Strategy { Random, Careful, InfoGain };

inline const std::vector<std::string>& strategy_names() {
  static const std::vector<std::string> names = {"random", "careful", "info-gain"};
  return names;
}

struct AgentSettings {
  Strategy strategy = Strategy::Careful;
  clue::ShowPolicy show = clue::ShowPolicy::Random;
  // Accuse the most likely envelope once its probability reaches this (1: only when known).
  double accuse_at = 1.0;
};

inline std::vector<AgentSettings> read_agents(const Json& list, int players) {
  const auto& shows = clue::show_policy_names();
  return clue::read_agent_list<AgentSettings>(list, players, [&](ObjectReader& r) {
    AgentSettings settings;
    const std::string strategy = r.choice("strategy", "careful", strategy_names());
    settings.strategy =
        Strategy(std::find(strategy_names().begin(), strategy_names().end(), strategy) -
                 strategy_names().begin());
    const std::string show = r.choice("show", "random", shows);
    settings.show = clue::ShowPolicy(std::find(shows.begin(), shows.end(), show) - shows.begin());
    if (const Json* at = r.find("accuse_at")) {
      if (!at->is_number() || !(at->get<double>() > 0 && at->get<double>() <= 1))
        throw InputError("expected a probability above 0 and at most 1, found " + at->dump(),
                         r.path_of("accuse_at"));
      settings.accuse_at = at->get<double>();
    }
    return settings;
  });
}

}  // namespace kripke::cluedo
