// The rules of a model written in a config (docs/models.md), read and checked before any
// world is built: the variables, the agents with what each observes, the law every world
// satisfies, and optionally the actual world. The explicit engine (model_game.hpp) lists
// the assignments that satisfy the law; the symbolic one (symbolic/model_structure.hpp)
// keeps them in a binary decision diagram.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "kripke/formula_parser.hpp"
#include "kripke/model_lang/arithmetic.hpp"
#include "kripke/model_lang/vocabulary.hpp"

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
};

// The variable a propositional atom names; FormulaError (at the atom's column) for an
// atom that is not a declared true/false variable. Both engines read atoms this way.
inline std::size_t boolean_variable(const Vocabulary& vocab, const Formula& a) {
  const int k = vocab.find(a.name);
  if (k < 0 || !a.args.empty()) {
    if (vocab.label_value(a.name))
      throw FormulaError("'" + a.name + "' is a value, not a statement: compare a variable with it",
                         a.column);
    throw FormulaError("unknown variable '" + a.name + "'" + nearest_name(a.name, vocab) +
                           " (the variables: " + variable_list(vocab) + ")",
                       a.column);
  }
  const Variable& var = vocab.variables()[std::size_t(k)];
  if (!var.boolean)
    throw FormulaError("'" + a.name + "' is a number: compare it (" + a.name + " = " +
                           std::to_string(var.values.front()) + ")",
                       a.column);
  return std::size_t(k);
}

// The rules of a model, read and checked before any world is built: the vocabulary, the
// agents and what each observes, the law, the actual world. Both engines start from it.
class ModelSpec {
 public:
  explicit ModelSpec(const Json& rules) {
    ObjectReader r(rules, "/rules");
    vocab_ = Vocabulary::read(r.required("variables"), "/rules/variables");
    read_agents(r.required("agents"), "/rules/agents");
    const std::string law_text = r.string("law", "true");
    law_ = parse_at(law_text, "/rules/law");
    try {
      check_law(*law_);
    } catch (const FormulaError& e) {
      throw InputError(e.what(), "/rules/law");
    }
    if (const Json* actual = r.find("actual"))
      actual_ = vocab_.read_value_indices(*actual, "/rules/actual");
    r.done();
    rules_ = rules;
    rules_["law"] = law_text;
  }

  const Vocabulary& vocabulary() const { return vocab_; }
  const std::vector<AgentSpec>& agents() const { return agents_; }
  const Formula& law() const { return *law_; }
  // The actual world's value indices, when the rules name it.
  const std::optional<std::vector<std::size_t>>& actual() const { return actual_; }
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
    using K = Formula::Kind;
    switch (phi.kind) {
      case K::True:
      case K::False:
      case K::Atom:
      case K::Compare:
        return;
      case K::Not:
      case K::And:
      case K::Or:
      case K::Implies:
      case K::Iff:
        check_law(*phi.left);
        if (phi.right) check_law(*phi.right);
        return;
      default:
        throw FormulaError(
            "the law says which assignments are worlds; it cannot speak of knowledge or "
            "announcements",
            phi.column);
    }
  }

  void read_agents(const Json& list, const std::string& path) {
    const Json& items = array_at(list, path);
    if (items.empty()) throw InputError("a model needs at least one agent", path);
    for (std::size_t k = 0; k < items.size(); ++k) {
      const std::string at = path + "/" + std::to_string(k);
      ObjectReader r(items[k], at);
      AgentSpec agent;
      agent.name = r.required_string("name");
      check_word(agent.name, r.path_of("name"));
      for (const AgentSpec& other : agents_)
        if (other.name == agent.name)
          throw InputError("the agent '" + agent.name + "' is declared twice", r.path_of("name"));
      const Json& observes = array_at(r.required("observes"), r.path_of("observes"));
      for (std::size_t j = 0; j < observes.size(); ++j) {
        const std::string item_path = r.path_of("observes") + "/" + std::to_string(j);
        Observation o;
        o.text = ObjectReader::string_value(observes[j], item_path);
        o.variable = vocab_.find(o.text);
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

  Vocabulary vocab_;
  std::vector<AgentSpec> agents_;
  FormulaPtr law_;
  std::optional<std::vector<std::size_t>> actual_;
  Json rules_;
};

}  // namespace kripke::model_lang
