// Formulas written once for every agent: a game's rules speak of "the mover", "every agent"
// and its own derived statements (an expert knows every secret) instead of spelling out
// each case. A template is an ordinary formula whose words are filled in per case:
//   - an atom's arguments and a modal operator's agent name (K{i} φ) that name a bound word
//     (a move's parameter, `me`, `_`) take the name bound to it (an agent's, or a member's of
//     a set the rules declare, such as a card): S(i, _) with i = a and _ = c is the variable
//     S(a,c);
//   - `_` stands for every agent in turn, or for every member of a set where it is the
//     argument of a family indexed by that set (has(me, _) with has over agents and cards:
//     every card);
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

// Words bound to names (agents', or members' of a set); a later binding of a word hides an
// earlier one.
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
  // What a word ranges over: the agents (kAgents) or a declared set (its index + 1).
  using Domain = std::size_t;
  static constexpr Domain kAgents = 0;

  struct Definition {
    enum class Over { One, All, Some };  // the formula once, or over every member bound to _
    std::string name;
    std::vector<std::string> parameters;
    Over over = Over::One;
    FormulaPtr body;
    Domain each = kAgents;  // what _ ranges over in an All or Some (settle_definitions)
  };

  explicit Templates(std::vector<std::string> agents) { domains_.push_back({"agents", agents}); }

  const std::vector<std::string>& agents() const { return domains_[kAgents].members; }

  // A set of words the rules declare ("cards": ["candle", ...]), for families and moves to
  // range over; its name and members are new words (checked by the caller).
  Domain add_set(std::string name, std::vector<std::string> members) {
    domains_.push_back({std::move(name), std::move(members)});
    return domains_.size() - 1;
  }
  // The domain named `name` ("agents" or a set), if there is one.
  std::optional<Domain> domain_named(const std::string& name) const {
    for (Domain d = 0; d < domains_.size(); ++d)
      if (domains_[d].name == name) return d;
    return std::nullopt;
  }
  const std::string& domain_name(Domain d) const { return domains_[d].name; }
  // What one of d's members is called in messages: "agent", "member of weapons".
  std::string member_kind(Domain d) const {
    return d == kAgents ? "agent" : "member of " + domain_name(d);
  }
  const std::vector<std::string>& members(Domain d) const { return domains_[d].members; }
  // "agents", then the sets' names in order.
  std::vector<std::string> domain_names() const {
    std::vector<std::string> names;
    for (const NamedDomain& d : domains_) names.push_back(d.name);
    std::sort(names.begin() + 1, names.end());
    return names;
  }
  // Whether `word` is an agent or a member of a set.
  bool names_something(const std::string& word) const {
    for (const NamedDomain& d : domains_)
      if (std::count(d.members.begin(), d.members.end(), word)) return true;
    return false;
  }

  // A family of variables, S(x, y) for x and y in its domains (agents or sets); `itself`:
  // the constant S(x, x) is, with no variable, when given.
  void add_family(std::string name, std::vector<Domain> domains, std::optional<bool> itself) {
    families_.push_back({std::move(name), std::move(domains), itself});
  }
  void add_definition(Definition d) { definitions_.push_back(std::move(d)); }
  // Once every definition is added: what `_` ranges over in each All or Some (it may fill a
  // place of a definition added after). FormulaError, with the definition's name, when its
  // `_` stands in places of different domains.
  void settle_definitions() {
    for (Definition& d : definitions_)
      if (d.over != Definition::Over::One) try {
          d.each = each_domain(*d.body);
        } catch (const FormulaError& e) {
          throw FormulaError(e.message() + " (in " + d.name + ")", e.column());
        }
  }
  bool defines(const std::string& name) const { return definition(name) != nullptr; }

  // What `_` ranges over in φ: the domain of the family places it fills (the agents when it
  // fills none); FormulaError at its column when it fills places of different domains.
  Domain each_domain(const Formula& phi) const {
    std::optional<Domain> found;
    domain_of(kEachAgent, phi, found, 0);
    return found.value_or(kAgents);
  }

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

  // One formula per member bound to `_` (the rest of `bindings` as given).
  std::vector<FormulaPtr> for_each_member(const FormulaPtr& phi, Bindings bindings) const {
    std::vector<FormulaPtr> out;
    bindings.emplace_back(kEachAgent, "");
    for (const std::string& member : members(each_domain(*phi))) {
      bindings.back().second = member;
      out.push_back(instantiate(phi, bindings));
    }
    return out;
  }

 private:
  struct NamedDomain {
    std::string name;
    std::vector<std::string> members;
  };
  struct Family {
    std::string name;
    std::vector<Domain> domains;
    std::optional<bool> itself;
  };

  // The domain of the places `word` fills in φ, met into `found`: a family's place, an
  // operator's agent, or a definition's parameter (by the places it fills in the body).
  void domain_of(const std::string& word, const Formula& phi, std::optional<Domain>& found,
                 int depth) const {
    const auto meet = [&](Domain d) {
      if (found && *found != d)
        throw FormulaError(word + " stands for members of two sets here (" + domain_name(*found) +
                               " and " + domain_name(d) + "): write one formula for each",
                           phi.column);
      found = d;
    };
    if (std::count(phi.agent_names.begin(), phi.agent_names.end(), word)) meet(kAgents);
    if (phi.kind == Formula::Kind::Atom) {
      for (const Family& family : families_)
        if (family.name == phi.name && family.domains.size() == phi.args.size())
          for (std::size_t k = 0; k < phi.args.size(); ++k)
            if (phi.args[k] == word) meet(family.domains[k]);
      const Definition* d = definition(phi.name);
      if (d && depth < kMaxDepth && d->parameters.size() == phi.args.size())
        for (std::size_t k = 0; k < phi.args.size(); ++k)
          if (phi.args[k] == word) {
            std::optional<Domain> inner;
            domain_of(d->parameters[k], *d->body, inner, depth + 1);
            if (inner) meet(*inner);
          }
    }
    if (phi.left) domain_of(word, *phi.left, found, depth);
    if (phi.right) domain_of(word, *phi.right, found, depth);
  }

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
      for (const std::string& member : members(d->each)) {
        inner.back().second = member;
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

  std::vector<NamedDomain> domains_;  // the agents first, then the sets
  std::vector<Family> families_;
  std::vector<Definition> definitions_;
};

}  // namespace kripke::game_lang
