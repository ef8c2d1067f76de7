// The generic agents of games written in the game language (docs/game-language.md), read
// from the config's "agents":
//   random    a legal move, uniformly;
//   protocol  a move whose guard the mover knows to hold (the guard evaluated over the worlds
//             the mover considers possible: K{mover} guard), the first such move in the
//             order of the rules or a random one; a move with no guard is not played;
//   info-gain a legal move that tells the mover most, in expectation, about what "about"
//             names (info_gain.hpp), a random one of the best;
//   claim     the claim move as soon as the mover knows its goal (the rules' win unless
//             "goal" says), and until then the other moves as "otherwise" plays them.
// Any of them, where it chooses which of a move's events happens (the move's "chosen_by"),
// chooses as its "events" says: at random, or the one that tells the move's mover least.
// One entry without "agent" sets every player's strategy; entries with "agent" set one
// player's each; a player without an entry plays at random.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kripke/config_reader.hpp"
#include "kripke/game_lang/game_rules.hpp"

namespace kripke::game_lang {

struct Strategy {
  enum class Choice { Random, First, Informative };
  // Whether a move is played only when its guard holds (protocol, claim); otherwise every
  // legal move is a candidate.
  bool guarded = false;
  std::vector<FormulaPtr> guards;        // per move: its guard template, or null (not played)
  std::vector<std::string> guard_paths;  // per move: where the config writes its guard
  // A claim: the move, made exactly when the mover knows the goal (a formula of `me`);
  // every other move only while it does not.
  std::optional<std::size_t> claim;
  FormulaPtr goal;
  std::string goal_path;
  // How a move is chosen among the candidates.
  Choice choice = Choice::Random;
  std::vector<FormulaPtr> about;  // info-gain: formulas of `me` and `_` whose values it seeks
  std::string about_path;
  // Where the player chooses a move's event: the one that tells the mover least (else at
  // random).
  bool least_telling = false;
  std::string label;  // its name in logs and a batch's statistics: "label", or the kind
  Json json;          // as the config wrote it, for the `start` event
};

namespace detail {

inline std::size_t move_named(const GameRules& rules, const std::string& name,
                              const std::string& path) {
  for (std::size_t m = 0; m < rules.moves().size(); ++m)
    if (rules.moves()[m].name == name) return m;
  throw InputError("'" + excerpt(name) + "' is not a move of the rules", path);
}

// A protocol's guards: {"call": "~S(i, j)"}.
inline void read_guards(ObjectReader& r, Strategy& s, const GameRules& rules) {
  const Json& guards = r.required("guards");
  if (!guards.is_object() || guards.empty())
    throw InputError("expected an object from moves to guards, like {\"call\": \"~S(i, j)\"}",
                     r.path_of("guards"));
  for (const auto& [move, guard] : guards.items()) {
    const std::string at = r.path_of("guards") + "/" + move;
    const std::size_t m = move_named(rules, move, at);
    s.guards[m] = rules.parse_template(ObjectReader::string_value(guard, at), at);
    s.guard_paths[m] = at;
  }
  s.guarded = true;
  s.choice = r.choice("choose", "random", {"random", "first"}) == "first"
                 ? Strategy::Choice::First
                 : Strategy::Choice::Random;
}

// What an info-gain agent seeks: "about": a formula, or a list of them.
inline void read_about(ObjectReader& r, Strategy& s, const GameRules& rules) {
  const Json& about = r.required("about");
  s.about_path = r.path_of("about");
  const Json list = about.is_array() ? about : Json::array({about});
  if (list.empty())
    throw InputError("expected a formula or a list of formulas to learn about", s.about_path);
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string at = about.is_array() ? s.about_path + "/" + std::to_string(k) : s.about_path;
    s.about.push_back(rules.parse_each(ObjectReader::string_value(list[k], at), at));
  }
  s.choice = Strategy::Choice::Informative;
}

}  // namespace detail

inline Strategy read_strategy(const Json& entry, const std::string& path, const GameRules& rules,
                              bool nested = false) {
  ObjectReader r(entry, path);
  if (!nested) r.find("agent");
  Strategy s;
  s.json = entry;
  s.json.erase("agent");
  const std::vector<std::string> kinds =
      nested ? std::vector<std::string>{"random", "protocol", "info-gain"}
             : std::vector<std::string>{"random", "protocol", "info-gain", "claim"};
  const std::string kind = r.choice("strategy", "random", kinds);
  s.label = r.string("label", kind);
  s.least_telling = r.choice("events", "random", {"random", "least-telling"}) == "least-telling";
  s.guards.resize(rules.moves().size());
  s.guard_paths.resize(rules.moves().size());
  if (kind == "protocol") detail::read_guards(r, s, rules);
  if (kind == "info-gain") detail::read_about(r, s, rules);
  if (kind == "claim") {
    const std::size_t claim =
        detail::move_named(rules, r.required_string("claim"), r.path_of("claim"));
    s.goal_path = r.path_of("goal");
    if (r.find("goal")) {
      s.goal = rules.parse_template(r.required_string("goal"), s.goal_path);
    } else if (rules.has_win()) {
      s.goal = rules.win_pattern();
      s.goal_path = "/rules/win";
    } else {
      throw InputError(
          "a claim agent claims when it knows its goal: give \"goal\" (a formula of "
          "me), or the rules' \"win\"",
          path);
    }
    // Until it knows its goal, the agent plays the other moves as "otherwise" says (by
    // default at random); a move that strategy does not guard is guarded by true.
    Strategy otherwise;
    otherwise.guards.resize(rules.moves().size());
    otherwise.guard_paths.resize(rules.moves().size());
    if (const Json* o = r.find("otherwise"))
      otherwise = read_strategy(*o, r.path_of("otherwise"), rules, true);
    s.guards = otherwise.guards;
    s.guard_paths = otherwise.guard_paths;
    if (!otherwise.guarded)
      for (FormulaPtr& g : s.guards) g = f::truth();
    s.guarded = true;
    s.claim = claim;
    s.choice = otherwise.choice;
    s.least_telling = s.least_telling || otherwise.least_telling;
    s.about = otherwise.about;
    s.about_path = otherwise.about_path;
  }
  r.done();
  return s;
}

// One strategy per player.
inline std::vector<Strategy> read_strategies(const Json& agents, const GameRules& rules) {
  std::vector<Strategy> out(rules.agent_count());
  for (Strategy& s : out) {
    s.json = {{"strategy", "random"}};
    s.label = "random";
  }
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
