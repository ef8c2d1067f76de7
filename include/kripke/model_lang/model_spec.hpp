// The rules of a model written in a config (docs/models.md), read and checked before any
// world is built: the variables, the agents with what each observes, the law every world
// satisfies, and optionally the actual world. The explicit engine (model_game.hpp) lists
// the assignments that satisfy the law; the symbolic one (symbolic/model_structure.hpp)
// keeps them in a binary decision diagram.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/model_lang/arithmetic.hpp"
#include "kripke/model_lang/vocabulary.hpp"
#include "kripke/world_set.hpp"

namespace kripke::model_lang {

// What an agent observes: a variable's value, or a term's (S observes x + y).
struct Observation {
  std::string text;   // as written in the config
  FormulaPtr parsed;  // unused for a variable
  TermPtr term;       // null for a variable
  int variable = -1;
};

struct AgentSpec {
  std::string name;
  std::vector<Observation> observes;
  // In a model that lists its worlds, an agent may give arrows instead: per world (by index
  // in the list), the worlds it considers possible there. Any relation: belief, false belief.
  std::optional<std::vector<std::vector<World>>> arrows;
};

// A world of a model written world by world: its name and its assignment (a number, as
// Vocabulary numbers assignments). Two worlds may carry the same assignment.
struct WorldSpec {
  std::string name;
  std::uint64_t assignment = 0;
};

// The variable a propositional atom names; FormulaError (at the atom's column) for an
// atom that is not a declared true/false variable. Both engines read atoms this way.
inline std::size_t boolean_variable(const Vocabulary& vocab, const Formula& a) {
  const int k = vocab.find(variable_name_of(a));
  if (k < 0) {
    if (vocab.label_value(a.name))
      throw FormulaError("'" + a.name + "' is a value, not a statement: compare a variable with it",
                         a.column);
    const std::string name = variable_name_of(a);
    throw FormulaError("unknown variable '" + excerpt(name) + "'" + variable_hint(name, vocab),
                       a.column);
  }
  const Variable& var = vocab.variables()[std::size_t(k)];
  if (!var.boolean)
    throw FormulaError("'" + var.name + "' is a number: compare it (" + var.name + " = " +
                           std::to_string(var.values.front()) + ")",
                       a.column);
  return std::size_t(k);
}

// The rules of a model, read and checked before any world is built: the vocabulary, the
// agents and what each observes, the law, the actual world. Both engines start from it.
class ModelSpec {
 public:
  // The worlds a model written world by world lists, and the arrows its agents give, counted
  // in the rules as written (what a malformed part holds counts as nothing: reading it
  // reports it): what the limits are checked against before anything is read. nullopt for a
  // model of variables and a law.
  struct ListedSize {
    std::uint64_t worlds = 0;
    RowsSize beliefs;
  };
  static std::optional<ListedSize> listed_size(const Json& rules) {
    const auto worlds = rules.find("worlds");
    if (!rules.is_object() || worlds == rules.end() || !worlds->is_array()) return std::nullopt;
    ListedSize size;
    size.worlds = worlds->size();
    const auto agents = rules.find("agents");
    if (agents == rules.end() || !agents->is_array()) return size;
    for (const Json& agent : *agents) {
      const auto arrows = agent.is_object() ? agent.find("arrows") : agent.end();
      if (!agent.is_object() || arrows == agent.end() || !arrows->is_object()) continue;
      size.beliefs.rows += size.worlds;
      for (const Json& targets : *arrows)
        if (targets.is_array()) size.beliefs.arrows += targets.size();
    }
    return size;
  }

  explicit ModelSpec(const Json& rules) {
    ObjectReader r(rules, "/rules");
    vocab_ = Vocabulary::read(r.required("variables"), "/rules/variables");
    if (const Json* worlds = r.find("worlds")) {
      if (r.find("law"))
        throw InputError(
            "a model lists its worlds or gives a law that makes them, not both: the listed "
            "worlds are the model's",
            "/rules/law");
      read_worlds(*worlds, "/rules/worlds");
    }
    read_agents(r.required("agents"), "/rules/agents");
    const std::string law_text = r.string("law", "true");
    law_ = parse_at(law_text, "/rules/law");
    try {
      check_law(*law_);
    } catch (const FormulaError& e) {
      throw InputError(e.what(), "/rules/law");
    }
    // A model has no goal unless its rules give one: nobody wins, and nothing is said of
    // winning.
    if (const Json* goal = r.find("goal")) {
      if (*goal != "know-the-world")
        throw InputError(
            "the one goal a model may give is \"know-the-world\" (each agent's "
            "goal: to know the actual world's values)",
            "/rules/goal");
      knows_world_goal_ = true;
    }
    if (const Json* actual = r.find("actual")) {
      if (lists_worlds()) {
        actual_world_ = world_index(*actual, "/rules/actual");
      } else {
        actual_ = vocab_.read_value_indices(*actual, "/rules/actual");
      }
    }
    r.done();
    rules_ = rules;
    if (!lists_worlds()) rules_["law"] = law_text;
  }

  const Vocabulary& vocabulary() const { return vocab_; }
  const std::vector<AgentSpec>& agents() const { return agents_; }
  // "goal": "know-the-world": each agent wins when it knows the actual world's values.
  bool knows_world_goal() const { return knows_world_goal_; }
  const Formula& law() const { return *law_; }
  // The actual world's value indices, when the rules name it.
  const std::optional<std::vector<std::size_t>>& actual() const { return actual_; }
  // A model written world by world: its worlds, in the order listed, and the actual one's
  // index when the rules name it.
  bool lists_worlds() const { return !worlds_.empty(); }
  const std::vector<WorldSpec>& worlds() const { return worlds_; }
  std::optional<std::size_t> actual_world() const { return actual_world_; }
  // Whether some agent gives arrows rather than observations (the model may hold beliefs).
  bool has_arrows() const {
    return std::any_of(agents_.begin(), agents_.end(),
                       [](const AgentSpec& a) { return a.arrows.has_value(); });
  }
  const Json& rules() const { return rules_; }

  std::vector<std::string> agent_names() const {
    std::vector<std::string> names;
    for (const AgentSpec& a : agents_) names.push_back(a.name);
    return names;
  }

 private:
  FormulaPtr parse_at(const std::string& text, const std::string& path) const {
    try {
      return parse_formula(text);
    } catch (const FormulaError& e) {
      throw InputError(e.what(), path);
    }
  }

  // The law speaks of one world at a time: no knowledge, no announcements.
  static void check_law(const Formula& phi) {
    if (const Formula* modal = first_modal(phi))
      throw FormulaError(
          "the law says which assignments are worlds; it cannot speak of knowledge or "
          "announcements",
          modal->column);
  }

  // The reader's "name": a word that nothing in `taken` is named yet (else `twice(name)`).
  template <class Named, class Message>
  static std::string unique_name(ObjectReader& r, const std::vector<Named>& taken,
                                 Message&& twice) {
    std::string name = r.required_string("name");
    check_word(name, r.path_of("name"));
    for (const Named& other : taken)
      if (other.name == name) throw InputError(twice(name), r.path_of("name"));
    return name;
  }

  // "worlds": [{"name": "basket", "values": {"in_box": false}}, ...]
  void read_worlds(const Json& list, const std::string& path) {
    const Json& items = array_at(list, path);
    if (items.empty()) throw InputError("a model needs at least one world", path);
    if (items.size() > kMaxListedWorlds)
      throw InputError("more than " + std::to_string(kMaxListedWorlds) +
                           " listed worlds: give variables and a law instead",
                       path);
    for (std::size_t k = 0; k < items.size(); ++k) {
      ObjectReader r(items[k], path + "/" + std::to_string(k));
      WorldSpec world;
      // By a map of the names: reading stays linear in the worlds, arrows and all.
      world.name = r.required_string("name");
      check_word(world.name, r.path_of("name"));
      if (!world_by_name_.emplace(world.name, k).second)
        throw InputError("two worlds are named '" + world.name + "'", r.path_of("name"));
      world.assignment = vocab_.read_assignment(r.required("values"), r.path_of("values"));
      r.done();
      worlds_.push_back(std::move(world));
    }
  }

  // The index of the listed world named by `name`, or an error naming the worlds.
  std::size_t world_index(const Json& name, const std::string& path) const {
    const std::string text = ObjectReader::string_value(name, path);
    if (const auto it = world_by_name_.find(text); it != world_by_name_.end()) return it->second;
    std::vector<std::string> names;
    for (std::size_t w = 0; w < worlds_.size() && names.size() < 12; ++w)
      names.push_back(worlds_[w].name);
    throw InputError("no world is named '" + text + "' (the worlds: " + ObjectReader::join(names) +
                         (worlds_.size() > names.size() ? ", ..." : "") + ")",
                     path);
  }

  // "arrows": {"basket": ["basket"], "box": ["basket"]}: from a world, the worlds the agent
  // considers possible there; a world left out has no arrows (the agent would believe
  // anything there: check --frame says whether the relation is serial).
  std::vector<std::vector<World>> read_arrows(const Json& arrows, const std::string& path) const {
    if (!lists_worlds())
      throw InputError(
          "arrows go between listed worlds: give the model's \"worlds\" (or let the agent "
          "observe variables)",
          path);
    if (!arrows.is_object())
      throw InputError(
          "expected an object from worlds to the worlds seen from them, like {\"w1\": [\"w1\", "
          "\"w2\"]}",
          path);
    std::vector<std::vector<World>> successors(worlds_.size());
    for (const auto& [from, targets] : arrows.items()) {
      const std::string from_path = path + "/" + from;
      const std::size_t w = world_index(Json(from), from_path);
      const Json& list = array_at(targets, from_path);
      for (std::size_t k = 0; k < list.size(); ++k)
        successors[w].push_back(World(world_index(list[k], from_path + "/" + std::to_string(k))));
    }
    return successors;
  }

  void read_agents(const Json& list, const std::string& path) {
    const Json& items = array_at(list, path);
    if (items.empty()) throw InputError("a model needs at least one agent", path);
    for (std::size_t k = 0; k < items.size(); ++k) {
      const std::string at = path + "/" + std::to_string(k);
      ObjectReader r(items[k], at);
      AgentSpec agent;
      agent.name = unique_name(r, agents_, [](const std::string& name) {
        return "the agent '" + name + "' is declared twice";
      });
      if (const Json* arrows = r.find("arrows")) {
        if (r.find("observes"))
          throw InputError("an agent observes variables or has arrows, not both",
                           r.path_of("arrows"));
        agent.arrows = read_arrows(*arrows, r.path_of("arrows"));
        r.done();
        agents_.push_back(std::move(agent));
        continue;
      }
      const Json& observes = array_at(r.required("observes"), r.path_of("observes"));
      for (std::size_t j = 0; j < observes.size(); ++j) {
        const std::string item_path = r.path_of("observes") + "/" + std::to_string(j);
        Observation o;
        o.text = ObjectReader::string_value(observes[j], item_path);
        o.variable = vocab_.find(without_spaces(o.text));
        if (o.variable < 0) {
          // Not a variable: a term, parsed as the left side of a comparison.
          const FormulaPtr probe = parse_at(o.text + " = 0", item_path);
          if (probe->kind != Formula::Kind::Compare)
            throw InputError("expected a variable or a term", item_path);
          o.term = probe->lhs;
          try {
            (void)compile(*o.term, vocab_);
          } catch (const FormulaError& e) {
            throw InputError(e.what(), item_path);
          }
        }
        agent.observes.push_back(std::move(o));
      }
      r.done();
      agents_.push_back(std::move(agent));
    }
  }

  // A listed model is drawn and checked by hand: this many worlds is far beyond that, and
  // keeps world indices in 32 bits with room to spare.
  static constexpr std::size_t kMaxListedWorlds = 1'000'000;

  Vocabulary vocab_;
  std::vector<WorldSpec> worlds_;
  std::unordered_map<std::string, std::size_t> world_by_name_;
  std::optional<std::size_t> actual_world_;
  std::vector<AgentSpec> agents_;
  FormulaPtr law_;
  bool knows_world_goal_ = false;
  std::optional<std::vector<std::size_t>> actual_;
  Json rules_;
};

}  // namespace kripke::model_lang
