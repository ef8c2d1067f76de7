// Formulas written once for every agent: a game's rules speak of "the mover", "every agent"
// and its own derived statements (an expert knows every secret) instead of spelling out
// each case. A template is an ordinary formula whose words are filled in per case:
//   - an atom's arguments and a modal operator's agent name (K{i} φ) that name a bound word
//     (a move's parameter, `me`, `_`) take the agent's name bound to it: S(i, _) with i = a
//     and _ = c is the variable S(a,c);
//   - an atom that names a definition (expert(x)) is replaced by the definition's formula
//     with its parameters bound to the atom's arguments; a definition may be a conjunction
//     ("all") or a disjunction ("some") of its formula over every agent bound to `_`;
//   - a family's member with the same agent twice, when the family says what that is
//     ("itself": true: everyone knows their own secret), is that constant: it has no variable.
// Instantiating gives a plain formula that either engine evaluates.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kripke/errors.hpp"
#include "kripke/formula.hpp"

namespace kripke::game_lang {

// Words bound to agents' names; a later binding of a word hides an earlier one.
using Bindings = std::vector<std::pair<std::string, std::string>>;

inline const std::string* bound(const Bindings& bindings, const std::string& word) {
  for (auto it = bindings.rbegin(); it != bindings.rend(); ++it)
    if (it->first == word) return &it->second;
  return nullptr;
}

// The word that stands for every agent in turn.
inline const std::string kEachAgent = "_";
// In an agent's observes: every agent but the agent itself (the others' foreheads).
inline const std::string kOtherAgent = "other";

class Templates {
 public:
  struct Definition {
    enum class Over { One, All, Some };  // the formula once, or over every agent bound to _
    std::string name;
    std::vector<std::string> parameters;
    Over over = Over::One;
    FormulaPtr body;
  };

  explicit Templates(std::vector<std::string> agents) : agents_(std::move(agents)) {}

  const std::vector<std::string>& agents() const { return agents_; }

  // A family of variables, S(x, y) for agents x and y; `itself`: the constant S(x, x) is,
  // with no variable, when given.
  void add_family(std::string name, std::size_t arity, std::optional<bool> itself) {
    families_.push_back({std::move(name), arity, itself});
  }
  void add_definition(Definition d) { definitions_.push_back(std::move(d)); }
  bool defines(const std::string& name) const { return definition(name) != nullptr; }

  // The constant a family member with arguments `args` is, when it has no variable.
  std::optional<bool> constant_member(const std::string& name,
                                      const std::vector<std::string>& args) const {
    for (const Family& family : families_)
      if (family.name == name && family.itself && args.size() == 2 && args[0] == args[1])
        return family.itself;
    return std::nullopt;
  }

  // φ with its bound words filled in and its definitions replaced (FormulaError at the
  // column of a definition called with the wrong number of arguments, or of definitions
  // that call one another without end).
  FormulaPtr instantiate(const FormulaPtr& phi, const Bindings& bindings) const {
    return instantiate(phi, bindings, 0);
  }

  // One formula per agent bound to `_` (the rest of `bindings` as given).
  std::vector<FormulaPtr> for_each_agent(const FormulaPtr& phi, Bindings bindings) const {
    std::vector<FormulaPtr> out;
    bindings.emplace_back(kEachAgent, "");
    for (const std::string& agent : agents_) {
      bindings.back().second = agent;
      out.push_back(instantiate(phi, bindings));
    }
    return out;
  }

 private:
  struct Family {
    std::string name;
    std::size_t arity = 0;
    std::optional<bool> itself;
  };

  // Deeper than this, definitions call one another in a circle.
  static constexpr int kMaxDepth = 64;

  const Definition* definition(const std::string& name) const {
    for (const Definition& d : definitions_)
      if (d.name == name) return &d;
    return nullptr;
  }

  FormulaPtr instantiate(const FormulaPtr& phi, const Bindings& bindings, int depth) const {
    if (!phi) return phi;
    if (phi->kind == Formula::Kind::Atom) return atom(*phi, bindings, depth);
    auto out = std::make_shared<Formula>(*phi);
    for (std::string& name : out->agent_names)
      if (const std::string* agent = bound(bindings, name)) name = *agent;
    out->left = instantiate(phi->left, bindings, depth);
    out->right = instantiate(phi->right, bindings, depth);
    return out;
  }

  FormulaPtr atom(const Formula& a, const Bindings& bindings, int depth) const {
    std::vector<std::string> args = a.args;
    for (std::string& arg : args)
      if (const std::string* agent = bound(bindings, arg)) arg = *agent;
    if (const Definition* d = definition(a.name)) {
      if (args.size() != d->parameters.size())
        throw FormulaError(a.name + " takes " + std::to_string(d->parameters.size()) +
                               " argument(s), not " + std::to_string(args.size()),
                           a.column);
      if (depth >= kMaxDepth)
        throw FormulaError("the definitions call one another without end (from " + a.name + ")",
                           a.column);
      Bindings inner;
      for (std::size_t k = 0; k < args.size(); ++k) inner.emplace_back(d->parameters[k], args[k]);
      if (d->over == Definition::Over::One) return instantiate(d->body, inner, depth + 1);
      std::vector<FormulaPtr> parts;
      inner.emplace_back(kEachAgent, "");
      for (const std::string& agent : agents_) {
        inner.back().second = agent;
        parts.push_back(instantiate(d->body, inner, depth + 1));
      }
      return d->over == Definition::Over::All ? f::all_of(parts) : f::any_of(parts);
    }
    if (const auto constant = constant_member(a.name, args))
      return *constant ? f::truth() : f::falsity();
    auto out = std::make_shared<Formula>(a);
    out->args = std::move(args);
    return out;
  }

  std::vector<std::string> agents_;
  std::vector<Family> families_;
  std::vector<Definition> definitions_;
};

}  // namespace kripke::game_lang
