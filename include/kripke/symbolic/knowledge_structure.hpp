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
//
// An agent may also observe a partition of the states given by its classes (the value
// classes of a term it observes, when a variable block holding the value would make θ
// large: Sum and Product's x * y). Two states are then alike to it when they agree on its
// variables and lie in the same class of each of its partitions, and each operator is
// computed class by class: K_i φ = ∪_S S ∧ ¬∃(V∖O_i)(S ∧ θ ∧ ¬φ), cheap when the classes
// are many and small, where one quantification over the block's θ is not.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/errors.hpp"
#include "kripke/evaluate.hpp"
#include "kripke/formula.hpp"
#include "kripke/formula_dag.hpp"
#include "kripke/interrupt.hpp"
#include "kripke/symbolic/assignment_count.hpp"
#include "kripke/symbolic/buddy_session.hpp"
#include "kripke/symbolic/every_twin.hpp"
#include "kripke/symbolic/observed_classes.hpp"

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
    for (ObservedPartition& p : partitions_) p.live = live_within(*p.live, phi);
    BuddySession::check();
  }

  // The variables some of `group` observe, in increasing order.
  std::vector<int> observed_by(const std::vector<Agent>& group) const {
    std::vector<int> out;
    for (Agent i : group) out.insert(out.end(), observed(i).begin(), observed(i).end());
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
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
  // Agent i tells the classes of `partition` apart too. Its classes hold states only (they
  // are within θ), and each holds one.
  void observe_classes(Agent i, ObservedClassesPtr partition) {
    std::size_t k = 0;
    while (k < partitions_.size() && partitions_[k].partition != partition) ++k;
    if (k == partitions_.size())
      partitions_.push_back({partition, std::make_shared<LiveClasses>(partition->classes)});
    if (partitions_of_.size() < observed_.size()) partitions_of_.resize(observed_.size());
    auto& mine = partitions_of_[std::size_t(i)];
    if (std::find(mine.begin(), mine.end(), k) == mine.end()) mine.push_back(k);
  }
  std::vector<ObservedClassesPtr> observed_classes(Agent i) const {
    std::vector<ObservedClassesPtr> out;
    if (std::size_t(i) < partitions_of_.size())
      for (std::size_t k : partitions_of_[std::size_t(i)]) out.push_back(partitions_[k].partition);
    return out;
  }

  // The live classes of the partition the group's observed partitions pool to (states alike
  // in each): null when none of the group observes one.
  LiveClassesPtr classes_of(const std::vector<Agent>& group) const {
    std::vector<std::size_t> pooled;
    for (Agent i : group)
      if (std::size_t(i) < partitions_of_.size())
        for (std::size_t k : partitions_of_[std::size_t(i)])
          if (std::find(pooled.begin(), pooled.end(), k) == pooled.end()) pooled.push_back(k);
    if (pooled.empty()) return nullptr;
    // The one with the most live classes is listed: its classes hold the fewest states.
    std::sort(pooled.begin(), pooled.end(), [this](std::size_t a, std::size_t b) {
      return partitions_[a].live->size() > partitions_[b].live->size();
    });
    LiveClassesPtr joint = partitions_[pooled.front()].live;
    for (std::size_t k = 1; k < pooled.size(); ++k)
      joint = joined(*joint, *partitions_[pooled[k]].partition, variables_);
    return joint;
  }

 private:
  struct ObservedPartition {
    ObservedClassesPtr partition;
    LiveClassesPtr live;  // its classes that hold states under law_
  };

  int variables_;
  bdd law_;
  // The law last counted (held, so that its node number cannot be reused), over how many
  // variables, and its count.
  mutable bdd counted_law_ = bddfalse;
  mutable int counted_variables_ = -1;
  mutable BigCount counted_states_ = 0;
  std::vector<std::vector<int>> observed_;
  std::vector<ObservedPartition> partitions_;
  std::vector<std::vector<std::size_t>> partitions_of_;  // [agent]: indices into partitions_
};

// The BDD of a formula in a knowledge structure. `atom_truth` gives an atom's or a
// comparison's BDD (true on the states where it holds; it may say anything elsewhere), or
// throws FormulaError for one the structure does not have; `agent_names` are the names formulas may
// give agents (K{alice} p), in agent order.
class SymbolicEvaluator {
 public:
  // A class of at most this many states is read state by state (Kv).
  static constexpr std::size_t kListedStates = 64;
  using AtomTruth = std::function<bdd(const Formula& atom)>;
  // How the structure values terms (Kv reads them): a term's values over the states in
  // `care`, each with the BDD of where the term has it, and a term's value in one state (a
  // value per variable of the structure). FormulaError for a term it cannot value.
  struct TermValuer {
    using Table = std::vector<std::pair<std::int64_t, bdd>>;
    using InState = std::function<std::int64_t(const std::vector<bool>& state)>;
    std::function<Table(const Term& term, const bdd& care)> table;
    std::function<InState(const Term& term)> in_state;
  };

  // The BDDs of a structure's comparisons and modal subformulas, by their text: valid while
  // the structure does not change (its owner clears it when it does).
  using Memo = std::unordered_map<std::string, bdd>;

  // `memo`: where to keep and find the BDDs of comparisons and modal subformulas (a script
  // often asks φ, then announces a formula containing φ), or null.
  SymbolicEvaluator(const KnowledgeStructure& ks, AtomTruth atom_truth,
                    std::vector<std::string> agent_names = {}, TermValuer terms = {},
                    Memo* memo = nullptr)
      : ks_(ks),
        atom_truth_(std::move(atom_truth)),
        agent_names_(std::move(agent_names)),
        terms_(std::move(terms)),
        memo_(memo) {}

  // φ is compiled first (formula_dag.hpp): the textbook's ~(K_i p | K_i ~p) and its halves
  // M_i p & M_i ~p reach the conjunction below as ~Kw_i p.
  // The DAG lives with the evaluator (a model keeps its evaluator across updates, and a
  // script announces one formula round after round).
  bdd eval(const Formula& phi) const {
    if (evaluating_ == 0 && dag_.held() > FormulaDag::kMostHeld) dag_ = FormulaDag();
    const Evaluating evaluating(evaluating_);
    bdd out = eval_node(dag_.compiled(phi));
    BuddySession::check();
    return out;
  }

 private:
  using K = Formula::Kind;

  bdd eval_node(const Formula& phi) const {
    poll_interrupt();  // between operators (kripke/interrupt.hpp)
    if (!memo_ || !remembered(phi.kind)) return compute(phi);
    std::string key = to_string(phi);
    if (const auto it = memo_->find(key); it != memo_->end()) return it->second;
    bdd out = compute(phi);
    memo_->emplace(std::move(key), out);
    return out;
  }
  // What is worth remembering: comparisons (a table of values each) and the operators of
  // agents (a quantification over the law each).
  static bool remembered(K kind) {
    switch (operator_of(kind).form) {
      case Operator::Form::Comparison:
      case Operator::Form::OneAgent:
      case Operator::Form::AgentAndTerm:
      case Operator::Form::Group:
        return true;
      case Operator::Form::Constant:
      case Operator::Form::Atom:
      case Operator::Form::Prefix:
      case Operator::Form::Infix:
      case Operator::Form::Announcement:
        return false;
    }
    return false;
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
      // Operands in reading order, and an operator's agents before its body (a call's
      // arguments leave it open), so that of two mistakes the first one written is reported.
      case K::Or:
      case K::Implies:
      case K::Iff: {
        const bdd a = eval_node(*phi.left);
        const bdd b = eval_node(*phi.right);
        return phi.kind == K::Or ? a | b : phi.kind == K::Implies ? bdd_imp(a, b) : bdd_biimp(a, b);
      }
      case K::Knows:
      case K::Possible:
      case K::KnowsWhether: {
        const std::vector<Agent> group = agents(phi);
        const bdd inner = eval_node(*phi.left);
        if (phi.kind == K::Knows) return knows(group, inner);
        if (phi.kind == K::Possible) return possible(group, inner);
        return knows(group, inner) | knows(group, !inner);
      }
      case K::KnowsValue:
        return knows_value(agents(phi), phi);
      case K::Everybody:
      case K::Common:
      case K::Distributed: {
        const std::vector<Agent> group = agents(phi);
        const bdd inner = eval_node(*phi.left);
        if (phi.kind == K::Everybody) return everybody(group, inner);
        if (phi.kind == K::Common) return common(group, inner);
        return knows(group, inner);
      }
      case K::Announce:
      case K::AnnounceDual: {
        const bdd announced = eval_node(*phi.left);
        KnowledgeStructure after = ks_;
        after.restrict_to(announced);
        const bdd then =
            SymbolicEvaluator(after, atom_truth_, agent_names_, terms_).eval_node(*phi.right);
        return phi.kind == K::Announce ? bdd_imp(announced, then) : announced & then;
      }
    }
    return bddfalse;
  }

  // A conjunction, its conjuncts flattened. Those that ask what agent i knows of p, where p
  // is a variable and the only one i does not observe (the muddy children's "nobody knows",
  // "everybody knows"), are, as BDDs, conditions on p's twin, the state with p flipped:
  // "i does not know whether p" (~Kw_i p) is θ[v:=0] ∧ θ[v:=1], the twin is a state too;
  // "i knows whether p" (Kw_i p) is θ ∧ ¬(the twin is a state); K_i p is that and p, K_i ~p
  // that and ~p. They are built together in one pass over θ (every_twin.hpp) instead of
  // two quantifications each. Compiled, every way of writing them (~(K_i p | K_i ~p),
  // M_i p & M_i ~p anywhere in the conjunction, K_i p | K_i ~p) reaches this as ~Kw or Kw.
  bdd conjunction(const Formula& phi) const {
    std::vector<const Formula*> parts;
    flatten_and(phi, parts);
    std::vector<EveryTwin::Twin> twins(std::size_t(ks_.variables()), EveryTwin::Twin::Free);
    bool any_twin = false, contradicts = false;
    bdd out = bddtrue;
    for (const Formula* part : parts) {
      if (const std::optional<OwnVariable> q = own_variable_question(*part)) {
        EveryTwin::Twin& twin = twins[std::size_t(q->variable)];
        contradicts = contradicts || (twin != EveryTwin::Twin::Free && twin != q->twin);
        twin = q->twin;
        any_twin = true;
        out &= q->value;
        continue;
      }
      out &= eval_node(*part);
    }
    if (contradicts) return bddfalse;  // knows and does not know whether, of one variable
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
  // A question of own_variable_question: p's variable, what its twin must do, and what p's
  // value must be (true: anything).
  struct OwnVariable {
    int variable;
    EveryTwin::Twin twin;
    bdd value;
  };
  // For ~Kw_G p, Kw_G p, K_G p or K_G ~p, where p's truth is variable v, the one variable
  // the group does not observe: v and its twin's condition; else nothing.
  std::optional<OwnVariable> own_variable_question(const Formula& phi) const {
    const bool negated = phi.kind == K::Not;
    const Formula& question = negated ? *phi.left : phi;
    const bool whether = question.kind == K::KnowsWhether;
    if (!whether && (question.kind != K::Knows || negated)) return std::nullopt;
    const bool of_negation = question.left->kind == K::Not;
    const Formula& atom = of_negation ? *question.left->left : *question.left;
    if (atom.kind != K::Atom || (whether && of_negation)) return std::nullopt;
    const std::vector<Agent> group = agents(question);
    if (ks_.classes_of(group)) return std::nullopt;  // they tell more states apart
    const bdd truth = atom_truth_(atom);
    if (truth == bddtrue || truth == bddfalse) return std::nullopt;
    const int v = bdd_var(truth);
    if (truth != bdd_ithvar(v) || ks_.unobserved_by(group) != bdd_ithvar(v)) return std::nullopt;
    if (whether)
      return OwnVariable{v, negated ? EveryTwin::Twin::In : EveryTwin::Twin::Out, bddtrue};
    return OwnVariable{v, EveryTwin::Twin::Out, of_negation ? bdd_nithvar(v) : bdd_ithvar(v)};
  }

  // K_G over the group's pooled observations: K_i for one agent, D_G for a group.
  // ∀(unobserved)(θ → φ) in one pass (BuDDy's apply-and-quantify), without building θ → φ.
  bdd knows(const std::vector<Agent>& group, const bdd& phi) const {
    const bdd unobserved = ks_.unobserved_by(group);
    if (const LiveClassesPtr classes = ks_.classes_of(group))
      return by_class(*classes, !phi, unobserved, false);
    return bdd_appall(ks_.law(), phi, bddop_imp, unobserved);
  }
  // ∃(unobserved)(θ ∧ φ).
  bdd possible(const std::vector<Agent>& group, const bdd& phi) const {
    const bdd unobserved = ks_.unobserved_by(group);
    if (const LiveClassesPtr classes = ks_.classes_of(group))
      return by_class(*classes, phi, unobserved, true);
    return bdd_appex(ks_.law(), phi, bddop_and, unobserved);
  }
  // ∪_S S ∧ ∃(unobserved)(S ∧ f) over the classes' states S, or with ¬∃ (`exists` false):
  // a quantification within each class, whose BDD is small.
  static bdd by_class(const LiveClasses& classes, const bdd& f, const bdd& unobserved,
                      bool exists) {
    ClassWise out;
    for (const bdd& states : classes) {
      const bdd some = bdd_appex(states, f, bddop_and, unobserved);
      out.add(states, exists ? some : !some);
    }
    return out.result();
  }

  // Kv_i t: the states where the agent considers at most one value of t possible (at
  // least one it always does: the state's own); class by class when it observes classes.
  bdd knows_value(const std::vector<Agent>& group, const Formula& phi) const {
    if (!terms_.table) throw no_terms_for_kv(phi);
    const bdd unobserved = ks_.unobserved_by(group);
    const LiveClassesPtr classes = ks_.classes_of(group);
    if (!classes) return !two_values(*phi.lhs, ks_.law(), unobserved);
    const TermValuer::InState value = terms_.in_state(*phi.lhs);
    const std::vector<int> observed = ks_.observed_by(group);
    ClassWise out;
    for (const bdd& states : *classes) {
      const AssignmentCount listed(states, ks_.variables());
      const BigCount count = listed.total();
      if (count == 1) {  // one state: one value (most classes of a fine partition)
        out.add(states, bddtrue);
        continue;
      }
      out.add(states, !(count <= kListedStates
                            ? two_values_listed(value, listed.first(kListedStates), observed)
                            : two_values(*phi.lhs, states, unobserved)));
    }
    return out.result();
  }
  // Where, among `states`, the agent considers two values of t possible. One pass over t's
  // values, keeping where some value and where a second value is possible.
  bdd two_values(const Term& t, const bdd& states, const bdd& unobserved) const {
    bdd one = bddfalse, two = bddfalse;
    for (const auto& [value, where] : terms_.table(t, states)) {
      const bdd possible = bdd_appex(states, where, bddop_and, unobserved);
      two |= one & possible;
      one |= possible;
      BuddySession::check();
    }
    return two;
  }
  // The same from the states themselves, when they are few (a class of a fine partition):
  // t's value in each, grouped by what the agents observe of them.
  static bdd two_values_listed(const TermValuer::InState& value,
                               const std::vector<std::vector<bool>>& states,
                               const std::vector<int>& observed) {
    struct Seen {
      std::vector<bool> key;  // the observed variables' values
      std::int64_t value;
      bool two;
    };
    std::vector<Seen> seen;
    for (const std::vector<bool>& state : states) {
      std::vector<bool> key;
      for (int v : observed) key.push_back(state[std::size_t(v)]);
      const std::int64_t here = value(state);
      const auto it =
          std::find_if(seen.begin(), seen.end(), [&key](const Seen& s) { return s.key == key; });
      if (it == seen.end())
        seen.push_back({std::move(key), here, false});
      else
        it->two = it->two || it->value != here;
    }
    bdd two = bddfalse;
    for (const Seen& s : seen) {
      if (!s.two) continue;
      bdd cube = bddtrue;
      for (std::size_t k = 0; k < observed.size(); ++k)
        cube &= s.key[k] ? bdd_ithvar(observed[k]) : bdd_nithvar(observed[k]);
      two |= cube;
    }
    return two;
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
  TermValuer terms_;
  Memo* memo_;
  mutable FormulaDag dag_;
  // Evaluations under way (an atom's truth may ask the model another question): the DAG
  // starts again only when none is.
  mutable int evaluating_ = 0;
  struct Evaluating {
    explicit Evaluating(int& count) : count(count) { ++count; }
    ~Evaluating() { --count; }
    Evaluating(const Evaluating&) = delete;
    Evaluating& operator=(const Evaluating&) = delete;
    int& count;
  };
};

}  // namespace kripke::symbolic
