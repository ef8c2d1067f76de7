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
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/errors.hpp"
#include "kripke/evaluate.hpp"
#include "kripke/formula.hpp"
#include "kripke/symbolic/assignment_count.hpp"
#include "kripke/symbolic/buddy_session.hpp"
#include "kripke/symbolic/every_twin.hpp"

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
  // Counted once per law: the log asks for it once per agent and update.
  BigCount state_count() const {
    if (counted_law_ != law_ || counted_variables_ != variables_) {
      counted_states_ = count(law_);
      counted_law_ = law_;
      counted_variables_ = variables_;
    }
    return counted_states_;
  }
  // The number of assignments satisfying f (over all the structure's variables).
  BigCount count(const bdd& f) const { return AssignmentCount(f, variables_).total(); }

  // Adds `n` variables after the others (an observation's or an action's own variables):
  // the index of the first. Nobody observes them until told to.
  int add_variables(int n) {
    const int first = variables_;
    variables_ += n;
    BuddySession::ensure_variables(variables_);
    return first;
  }
  // Agent i observes `vars` too.
  void observe_too(Agent i, const std::vector<int>& vars) {
    auto& mine = observed_.at(std::size_t(i));
    mine.insert(mine.end(), vars.begin(), vars.end());
    std::sort(mine.begin(), mine.end());
    mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
  }

 private:
  int variables_;
  bdd law_;
  // The law last counted (held, so that its node number cannot be reused), over how many
  // variables, and its count.
  mutable bdd counted_law_ = bddfalse;
  mutable int counted_variables_ = -1;
  mutable BigCount counted_states_ = 0;
  std::vector<std::vector<int>> observed_;
};

// The BDD of a formula in a knowledge structure. `atom_truth` gives an atom's or a
// comparison's BDD (true on the states where it holds; it may say anything elsewhere), or
// throws FormulaError for one the structure does not have; `agent_names` are the names formulas may
// give agents (K{alice} p), in agent order.
class SymbolicEvaluator {
 public:
  using AtomTruth = std::function<bdd(const Formula& atom)>;
  // A term's values over the states, each with the BDD of where the term has it (Kv reads
  // them); FormulaError for a term the structure cannot value.
  using TermTable = std::function<std::vector<std::pair<std::int64_t, bdd>>(const Term& term)>;

  // The BDDs of a structure's comparisons and modal subformulas, by their text: valid while
  // the structure does not change (its owner clears it when it does).
  using Memo = std::unordered_map<std::string, bdd>;

  // `memo`: where to keep and find the BDDs of comparisons and modal subformulas (a script
  // often asks φ, then announces a formula containing φ), or null.
  SymbolicEvaluator(const KnowledgeStructure& ks, AtomTruth atom_truth,
                    std::vector<std::string> agent_names = {}, TermTable term_table = {},
                    Memo* memo = nullptr)
      : ks_(ks),
        atom_truth_(std::move(atom_truth)),
        agent_names_(std::move(agent_names)),
        term_table_(std::move(term_table)),
        memo_(memo) {}

  bdd eval(const Formula& phi) const {
    bdd out = eval_node(phi);
    BuddySession::check();
    return out;
  }

 private:
  using K = Formula::Kind;

  bdd eval_node(const Formula& phi) const {
    if (!memo_ || !remembered(phi.kind)) return compute(phi);
    std::string key = to_string(phi);
    if (const auto it = memo_->find(key); it != memo_->end()) return it->second;
    bdd out = compute(phi);
    memo_->emplace(std::move(key), out);
    return out;
  }
  // What is worth remembering: comparisons (a table of values each) and modal operators (a
  // quantification over the law each).
  static bool remembered(K kind) {
    return kind == K::Compare || kind == K::Knows || kind == K::Possible ||
           kind == K::KnowsWhether || kind == K::KnowsValue || kind == K::Everybody ||
           kind == K::Common || kind == K::Distributed;
  }

  bdd compute(const Formula& phi) const {
    switch (phi.kind) {
      case K::True:
        return bddtrue;
      case K::False:
        return bddfalse;
      case K::Atom:
      case K::Compare:
        return atom_truth_(phi);
      case K::Not:
        return !eval_node(*phi.left);
      case K::And:
        return conjunction(phi);
      case K::Or:
        return eval_node(*phi.left) | eval_node(*phi.right);
      case K::Implies:
        return bdd_imp(eval_node(*phi.left), eval_node(*phi.right));
      case K::Iff:
        return bdd_biimp(eval_node(*phi.left), eval_node(*phi.right));
      case K::Knows:
        return knows(agents(phi), eval_node(*phi.left));
      case K::Possible:
        return bdd_appex(ks_.law(), eval_node(*phi.left), bddop_and,
                         ks_.unobserved_by(agents(phi)));
      case K::KnowsWhether: {
        const bdd inner = eval_node(*phi.left);
        const std::vector<Agent> group = agents(phi);
        return knows(group, inner) | knows(group, !inner);
      }
      case K::KnowsValue:
        return knows_value(agents(phi), phi);
      case K::Everybody:
        return everybody(agents(phi), eval_node(*phi.left));
      case K::Common:
        return common(agents(phi), eval_node(*phi.left));
      case K::Distributed:
        return knows(agents(phi), eval_node(*phi.left));
      case K::Announce:
      case K::AnnounceDual: {
        const bdd announced = eval_node(*phi.left);
        KnowledgeStructure after = ks_;
        after.restrict_to(announced);
        const bdd then =
            SymbolicEvaluator(after, atom_truth_, agent_names_, term_table_).eval_node(*phi.right);
        return phi.kind == K::Announce ? bdd_imp(announced, then) : announced & then;
      }
    }
    return bddfalse;
  }

  // K_G over the group's pooled observations: K_i for one agent, D_G for a group.
  // A conjunction, its conjuncts flattened. Those that say "agent i does not know whether
  // p" where p is a variable and the only one i does not observe (the muddy children's
  // "nobody knows") are, as BDDs, ∀v θ for p's variable v: an assignment's v-twin is a
  // state too (¬(∀v(θ → p) ∨ ∀v(θ → ¬p)) = θ[v:=0] ∧ θ[v:=1]). They are built together in
  // one pass over θ (every_twin.hpp) instead of two quantifications each.
  bdd conjunction(const Formula& phi) const {
    std::vector<const Formula*> parts;
    flatten_and(phi, parts);
    std::vector<bool> twins(std::size_t(ks_.variables()), false);
    bool any_twin = false;
    bdd out = bddtrue;
    for (const Formula* part : parts) {
      if (const int v = unknown_own_variable(*part); v >= 0) {
        twins[std::size_t(v)] = any_twin = true;
        continue;
      }
      out &= eval_node(*part);
    }
    if (any_twin) out &= EveryTwin(std::move(twins)).of(ks_.law());
    return out;
  }
  static void flatten_and(const Formula& phi, std::vector<const Formula*>& parts) {
    if (phi.kind != K::And) {
      parts.push_back(&phi);
      return;
    }
    flatten_and(*phi.left, parts);
    flatten_and(*phi.right, parts);
  }
  // For ~Kw_i p where p's truth is variable v, the one variable i does not observe: v;
  // else -1.
  int unknown_own_variable(const Formula& phi) const {
    if (phi.kind != K::Not || phi.left->kind != K::KnowsWhether || phi.left->left->kind != K::Atom)
      return -1;
    const bdd atom = atom_truth_(*phi.left->left);
    if (atom == bddtrue || atom == bddfalse) return -1;
    const int v = bdd_var(atom);
    if (atom != bdd_ithvar(v) || ks_.unobserved_by(agents(*phi.left)) != bdd_ithvar(v)) return -1;
    return v;
  }

  // ∀(unobserved)(θ → φ) in one pass (BuDDy's apply-and-quantify), without building θ → φ.
  bdd knows(const std::vector<Agent>& group, const bdd& phi) const {
    return bdd_appall(ks_.law(), phi, bddop_imp, ks_.unobserved_by(group));
  }
  // Kv_i t: the states where the agent considers at most one value of t possible (at
  // least one it always does: the state's own). One pass over t's values, keeping where
  // some value and where a second value is possible.
  bdd knows_value(const std::vector<Agent>& group, const Formula& phi) const {
    if (!term_table_) throw no_terms_for_kv(phi);
    const bdd unobserved = ks_.unobserved_by(group);
    bdd one = bddfalse, two = bddfalse;
    for (const auto& [value, where] : term_table_(*phi.lhs)) {
      const bdd possible = bdd_appex(ks_.law(), where, bddop_and, unobserved);
      two |= one & possible;
      one |= possible;
      BuddySession::check();
    }
    return !two;
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

  std::vector<Agent> agents(const Formula& phi) const {
    return operator_agents(phi, agent_names_, ks_.agent_count());
  }

  const KnowledgeStructure& ks_;
  AtomTruth atom_truth_;
  std::vector<std::string> agent_names_;
  TermTable term_table_;
  Memo* memo_;
};

}  // namespace kripke::symbolic
