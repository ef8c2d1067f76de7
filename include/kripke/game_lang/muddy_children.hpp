// The muddy children written in the game language (docs/game-language.md), as
// configs/games/muddy-children.json writes them for five: children c1, c2, ..., each seeing
// every forehead but its own; the father's announcement as the opening; each round every
// child answers at once, "know" (legal only when it knows whether it is muddy) or
// "dont_know", until everyone knows. The tests replay the built-in game's deals in it, and
// the bench times it beside the built-in game.
#pragma once

#include <string>

#include "kripke/config_reader.hpp"

namespace kripke::game_lang {

// The rules for `children` children; `muddy`, when not null, lists the actual muddy ones
// (numbered from 1, as the built-in game's deal does).
inline Json muddy_children_rules(int children, const Json& muddy = nullptr) {
  Json agents = Json::array();
  for (int i = 1; i <= children; ++i)
    agents.push_back({{"name", "c" + std::to_string(i)}, {"observes", {"muddy(other)"}}});
  Json rules = {
      {"agents", agents},
      {"variables", {{{"name", "muddy"}, {"of", {"agents"}}}}},
      {"definitions",
       {{"someone_muddy", {{"some", "muddy(_)"}}},
        {"everyone_knows", {{"all", "Kw{_} muddy(_)"}}}}},
      {"opening",
       {{{"formula", "someone_muddy"}, {"text", "father: at least one of you is muddy"}}}},
      {"moves",
       {{{"name", "know"}, {"parameters", {"i"}}, {"legal", "Kw{i} muddy(i) & ~everyone_knows"}},
        {{"name", "dont_know"}, {"parameters", {"i"}}, {"legal", "~Kw{i} muddy(i)"}}}},
      {"turns", "simultaneous"},
      {"win", "Kw{me} muddy(me)"}};
  if (muddy.is_null()) return rules;
  Json actual = Json::object();
  for (int i = 1; i <= children; ++i) actual["muddy(c" + std::to_string(i) + ")"] = false;
  for (const Json& child : muddy) actual["muddy(c" + std::to_string(child.get<int>()) + ")"] = true;
  rules["actual"] = actual;
  return rules;
}

}  // namespace kripke::game_lang
