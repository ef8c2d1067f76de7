// Knowledge structures (van Benthem, van Eijck, Gattinger & Su, "Symbolic model checking
// for dynamic epistemic logic", 2015; the representation SMCDEL uses): a set of Boolean
// variables, a state law θ (a BDD: the assignments that are states of the model), and for
// each agent the variables it observes. Two states are indistinguishable for agent i iff
// they agree on i's observed variables: the S5 model of all θ-assignments, without listing
// them. A model of 2^40 worlds is one BDD whose size depends on the law, not on 2^40.
//
// Formulas are evaluated to BDDs over the same variables (a state satisfies φ iff its
// assignment satisfies the BDD; only states matter):
//   K_i φ  = ∀(V∖O_i)(θ → φ)        M_i φ = ∃(V∖O_i)(θ ∧ φ)
//   D_G φ  = ∀(V∖∪_{i∈G} O_i)(θ → φ)  E_G φ = ∧_{i∈G} K_i φ
//   C_G φ  = the greatest X with X = ∧_{i∈G} K_i(φ ∧ X)
//   [!φ]ψ  = φ → ψ evaluated under θ ∧ φ;  <!φ>ψ = φ ∧ (ψ under θ ∧ φ)
// A public announcement of φ replaces θ by θ ∧ φ.
#pragma once

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/errors.hpp"
#include "kripke/formula.hpp"
#include "kripke/symbolic/buddy_session.hpp"

namespace kripke::symbolic {

class KnowledgeStructure {
 public:
  // θ = true over `variables` variables; agent i observes observed[i] (variable indices).
  KnowledgeStructure(int variables, std::vector<std::vector<int>> observed)
      : variables_(variables), law_(bddtrue), observed_(std::move(observed)) {
    for (auto& vars : observed_) {
      std::sort(vars.begin(), vars.end());
      vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
    }
  }

  int variables() const { return variables_; }
  std::size_t agent_count() const { return observed_.size(); }
  const bdd& law() const { return law_; }
  const std::vector<int>& observed(Agent i) const { return observed_.at(std::size_t(i)); }

  // θ ∧ φ: the states where φ holds (a public announcement, or the law itself).
  void restrict_to(const bdd& phi) {
    law_ &= phi;
    BuddySession::check();
  }

  // The variables none of `group` observes: what they quantify over.
  bdd unobserved_by(const std::vector<Agent>& group) const {
    std::vector<bool> seen(std::size_t(variables_), false);
    for (Agent i : group)
      for (int v : observed(i)) seen[std::size_t(v)] = true;
    bdd set = bddtrue;
    for (int v = variables_ - 1; v >= 0; --v)
      if (!seen[std::size_t(v)]) set &= bdd_ithvar(v);
    return set;
  }

  // The number of states: assignments satisfying θ (exact, up to 127 variables).
  BigCount state_count() const { return count(law_); }
  // The number of assignments satisfying f (over all the structure's variables).
  BigCount count(const bdd& f) const {
    std::map<int, BigCount> memo;
    return count_from(f.id(), memo) << level_of(f.id());
  }

 private:
  int level_of(BDD node) const {
    return node == bddtrue.id() || node == bddfalse.id() ? variables_ : bdd_var(node);
  }
  // Assignments of the variables from the node's own level on.
  BigCount count_from(BDD node, std::map<int, BigCount>& memo) const {
    if (node == bddfalse.id()) return 0;
    if (node == bddtrue.id()) return 1;
    if (const auto it = memo.find(node); it != memo.end()) return it->second;
    const int level = bdd_var(node);
    const BDD low = bdd_low(node), high = bdd_high(node);
    const BigCount n = (count_from(low, memo) << (level_of(low) - level - 1)) +
                       (count_from(high, memo) << (level_of(high) - level - 1));
    memo.emplace(node, n);
    return n;
  }

  int variables_;
  bdd law_;
  std::vector<std::vector<int>> observed_;
};

// The BDD of a formula in a knowledge structure. `variable_of` maps an atom to its
// variable, or throws FormulaError for an atom the structure does not have.
class SymbolicEvaluator {
 public:
  using VariableOf = std::function<int(const Formula& atom)>;

  SymbolicEvaluator(const KnowledgeStructure& ks, VariableOf variable_of)
      : ks_(ks), variable_of_(std::move(variable_of)) {}

  bdd eval(const Formula& phi) const {
    bdd out = eval_node(phi);
    BuddySession::check();
    return out;
  }

 private:
  using K = Formula::Kind;

  bdd eval_node(const Formula& phi) const {
    switch (phi.kind) {
      case K::True:
        return bddtrue;
      case K::False:
        return bddfalse;
      case K::Atom:
        return bdd_ithvar(variable_of_(phi));
      case K::Not:
        return !eval_node(*phi.left);
      case K::And:
        return eval_node(*phi.left) & eval_node(*phi.right);
      case K::Or:
        return eval_node(*phi.left) | eval_node(*phi.right);
      case K::Implies:
        return bdd_imp(eval_node(*phi.left), eval_node(*phi.right));
      case K::Iff:
        return bdd_biimp(eval_node(*phi.left), eval_node(*phi.right));
      case K::Knows:
        return knows(phi.agents, eval_node(*phi.left));
      case K::Possible:
        return bdd_exist(ks_.law() & eval_node(*phi.left), ks_.unobserved_by(phi.agents));
      case K::KnowsWhether: {
        const bdd inner = eval_node(*phi.left);
        return knows(phi.agents, inner) | knows(phi.agents, !inner);
      }
      case K::Everybody:
        return everybody(phi.agents, eval_node(*phi.left));
      case K::Common:
        return common(phi.agents, eval_node(*phi.left));
      case K::Distributed:
        return knows(phi.agents, eval_node(*phi.left));
      case K::Announce:
      case K::AnnounceDual: {
        const bdd announced = eval_node(*phi.left);
        KnowledgeStructure after = ks_;
        after.restrict_to(announced);
        const bdd then = SymbolicEvaluator(after, variable_of_).eval_node(*phi.right);
        return phi.kind == K::Announce ? bdd_imp(announced, then) : announced & then;
      }
      case K::Compare:
        throw FormulaError(
            "integer comparisons are not in the symbolic engine yet: use the explicit engine",
            phi.column);
    }
    return bddfalse;
  }

  // K_G over the group's pooled observations: K_i for one agent, D_G for a group.
  bdd knows(const std::vector<Agent>& group, const bdd& phi) const {
    return bdd_forall(bdd_imp(ks_.law(), phi), ks_.unobserved_by(group));
  }
  bdd everybody(const std::vector<Agent>& group, const bdd& phi) const {
    bdd out = bddtrue;
    for (Agent i : group) out &= knows({i}, phi);
    return out;
  }
  // Greatest fixpoint from X = true: X ← E_G(φ ∧ X); each step only shrinks X.
  bdd common(const std::vector<Agent>& group, const bdd& phi) const {
    bdd x = bddtrue;
    for (;;) {
      const bdd next = everybody(group, phi & x);
      BuddySession::check();
      if (next == x) return x;
      x = next;
    }
  }

  const KnowledgeStructure& ks_;
  VariableOf variable_of_;
};

}  // namespace kripke::symbolic
