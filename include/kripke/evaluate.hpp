// Truth sets of formulas in a model: the set of alive worlds where a formula holds.
#pragma once

#include <algorithm>
#include <bit>
#include <functional>
#include <numeric>
#include <string>
#include <unordered_map>
#include <vector>

#include "kripke/errors.hpp"
#include "kripke/formula.hpp"
#include "kripke/formula_dag.hpp"
#include "kripke/interrupt.hpp"
#include "kripke/model.hpp"
#include "kripke/relation_operators.hpp"
#include "kripke/typo.hpp"

namespace kripke {

// Each game supplies the truth sets of its atoms. A resolver throws FormulaError (with
// the atom's column) for an atom it does not know.
using AtomResolver = std::function<WorldSet(const Formula& atom, const Model& model)>;

// A model language supplies the values of its terms: the term's value at every alive
// world of the model, indexed by world (Kv needs them). FormulaError for a term it cannot
// value.
using TermResolver = std::function<std::vector<std::int64_t>(const Term& term, const Model& model)>;
// The formula an atom stands for, when it names one (a definition of a game written in the
// game language: expert(b)); null for an atom that is a fact.
using DefinitionResolver = std::function<FormulaPtr(const Formula& atom)>;

// Kv asked of an engine given no terms to value: both engines say it alike.
inline FormulaError no_terms_for_kv(const Formula& kv) {
  return FormulaError(
      "Kv needs a term of integer variables, which only models written in a "
      "config have",
      kv.column);
}

// The worlds of `alive` whose class (within alive) shows one value of `values` (indexed by
// world): where the agent of `p` knows the value.
inline WorldSet classes_of_one_value(const WorldSet& alive, const Partition& p,
                                     const std::vector<std::int64_t>& values) {
  // Per class: the first value seen, and whether another followed.
  RecycledVector<std::int64_t> first(p.class_count(), 0);
  RecycledVector<unsigned char> seen(p.class_count(), 0);  // 0 none, 1 one value, 2 more
  WorldSet out(alive.size());
  p.with_class_of([&](auto class_of) {
    alive.for_each([&](World w) {
      const auto c = class_of(w);
      if (seen[c] == 0) {
        first[c] = values[w];
        seen[c] = 1;
      } else if (seen[c] == 1 && first[c] != values[w]) {
        seen[c] = 2;
      }
    });
    alive.for_each([&](World w) {
      if (seen[class_of(w)] == 1) out.set(w);
    });
  });
  return out;
}

// The alive worlds whose valuation satisfies `holds(valuation)`.
template <class Predicate>
WorldSet worlds_where(const Model& m, Predicate&& holds) {
  WorldSet out(m.world_count());
  m.alive().for_each([&](World w) {
    if (holds(m.valuation(w))) out.set(w);
  });
  return out;
}

// The alive worlds whose valuation is in `valuations` (a set over the game's valuation
// table): lets a game precompute an atom's truth once per valuation table.
inline WorldSet worlds_with_valuation_in(const Model& m, const WorldSet& valuations) {
  if (m.identity_valuation() && valuations.size() == m.world_count()) return valuations & m.alive();
  return worlds_where(m, [&](std::uint32_t v) { return valuations.test(v); });
}

// For every class of `p`, which of φ and ¬φ its members in `alive` show (bit 0: φ, bit 1:
// ¬φ); then the worlds of `alive` in the classes for which `keep(mask)` holds. Two
// sequential passes over the alive worlds (measured faster than walking the member lists
// class by class). A partition by hidden bits takes word operations instead: spreading
// the φ-worlds across the hidden bits marks every world whose class shows φ.
template <class Keep>
WorldSet select_classes(const WorldSet& alive, const Partition& p, WorldSet phi, Keep&& keep) {
  if (p.by_hidden_bits()) {
    WorldSet shows_not = alive - phi, shows_phi = std::move(phi &= alive);
    for (World bits = p.hidden_bits(); bits; bits &= bits - 1) {
      shows_phi.close_under_flip(unsigned(std::countr_zero(bits)));
      shows_not.close_under_flip(unsigned(std::countr_zero(bits)));
    }
    // An alive world's class shows at least the world itself: mask 0 never occurs.
    const std::uint64_t only_phi = keep(1U) ? ~0ULL : 0, only_not = keep(2U) ? ~0ULL : 0,
                        both = keep(3U) ? ~0ULL : 0;
    shows_phi.combine(shows_not, alive, [&](auto yes, auto no, auto in) {
      return in & ((yes & ~no & only_phi) | (no & ~yes & only_not) | (yes & no & both));
    });
    return shows_phi;
  }
  RecycledVector<unsigned char> seen(p.class_count(), 0);
  WorldSet out(alive.size());
  p.with_class_of([&](auto class_of) {
    (alive & phi).for_each([&](World w) { seen[class_of(w)] |= 1U; });
    (alive - phi).for_each([&](World w) { seen[class_of(w)] |= 2U; });
    alive.for_each([&](World w) {
      if (keep(seen[class_of(w)])) out.set(w);
    });
  });
  return out;
}

// K φ for one partition: the worlds of `alive` whose class (within alive) lies inside φ.
inline WorldSet classes_inside(const WorldSet& alive, const Partition& p, WorldSet phi) {
  return select_classes(alive, p, std::move(phi), [](unsigned seen) { return (seen & 2U) == 0; });
}

// The partition of the join of the group's relations over the worlds of `alive`
// (reachability, the relation behind common knowledge), by union-find. Dead worlds end up
// in classes of their own choosing; callers only look at alive members.
inline Partition common_partition(const Model& m, const WorldSet& alive,
                                  const std::vector<Agent>& group) {
  RecycledVector<std::uint32_t> parent(m.world_count());
  std::iota(parent.begin(), parent.end(), 0U);
  auto find = [&](std::uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (Agent i : group) {
    const Partition& p = m.partition(i);
    for (Partition::ClassId c = 0; c < p.class_count(); ++c) {
      std::uint32_t first = UINT32_MAX;
      for (World v : p.members(c)) {
        if (!alive.test(v)) continue;
        if (first == UINT32_MAX) {
          first = find(v);
        } else {
          parent[find(v)] = first;
        }
      }
    }
  }
  RecycledVector<std::uint64_t> root(m.world_count());
  for (std::size_t w = 0; w < root.size(); ++w) root[w] = find(std::uint32_t(w));
  return Partition::from_keys(root);
}

// The partition of the intersection of the group's relations (distributed knowledge: what
// the group would know if it pooled what its members know): worlds share a class iff they
// share one in every member's partition.
inline Partition distributed_partition(const Model& m, const std::vector<Agent>& group) {
  const auto by_bits = [&](Agent i) { return m.partition(i).by_hidden_bits(); };
  if (std::all_of(group.begin(), group.end(), by_bits)) {
    // Together they cannot tell apart only the worlds that differ in bits all of them miss.
    World hidden = m.partition(group.front()).hidden_bits();
    for (Agent i : group) hidden &= m.partition(i).hidden_bits();
    return Partition::hiding_bits(m.world_count(), hidden);
  }
  Partition out = m.partition(group.front());
  std::vector<std::uint64_t> key(m.world_count());
  for (std::size_t k = 1; k < group.size(); ++k) {
    const Partition& p = m.partition(group[k]);
    for (std::size_t w = 0; w < key.size(); ++w) key[w] = p.class_of(World(w));
    out = out.refined_by(key);
  }
  return out;
}

// The agents of a modal operator as indices, names looked up in `agent_names` (the names
// formulas may use, in agent order); an unknown one is a FormulaError at the operator's
// column. Every engine reads a formula's agents this way.
inline std::vector<Agent> operator_agents(const Formula& phi,
                                          const std::vector<std::string>& agent_names,
                                          std::size_t agent_count) {
  const auto unknown_name = [&](const std::string& name) {
    const std::string message = "there is no agent named '" + name + "'";
    if (agent_names.empty())
      return message + " (agents are numbered 1.." + std::to_string(agent_count) + ")";
    std::string listed = "the agents: ";
    for (std::size_t k = 0; k < agent_names.size(); ++k) {
      if (k) listed += ", ";
      listed += agent_names[k];
    }
    return message + unknown_word_hint(name, agent_names, listed);
  };
  std::vector<Agent> out = phi.agents;
  for (std::size_t k = 0; k < out.size(); ++k) {
    if (k < phi.agent_names.size() && !phi.agent_names[k].empty()) {
      const auto it = std::find(agent_names.begin(), agent_names.end(), phi.agent_names[k]);
      if (it == agent_names.end()) throw FormulaError(unknown_name(phi.agent_names[k]), phi.column);
      out[k] = Agent(it - agent_names.begin());
    }
    if (out[k] < 0 || static_cast<std::size_t>(out[k]) >= agent_count)
      throw FormulaError("there is no agent " + std::to_string(out[k] + 1) + " (agents are 1.." +
                             std::to_string(agent_count) + ")",
                         phi.column);
  }
  return out;
}

class Evaluator {
 public:
  // `agent_names`: the names formulas may use for agents (K{alice} p), in agent order.
  // `terms`: the values of terms, for Kv (a game without terms passes none).
  Evaluator(const Model& model, AtomResolver atoms, std::vector<std::string> agent_names = {},
            TermResolver terms = {})
      : m_(model),
        atoms_(std::move(atoms)),
        agent_names_(std::move(agent_names)),
        terms_(std::move(terms)) {}

  // Atoms that name formulas are evaluated as those formulas, where they stand: inside an
  // announcement operator, over the worlds it keeps.
  Evaluator& with_definitions(DefinitionResolver definitions) {
    definitions_ = std::move(definitions);
    return *this;
  }

  // On a model of at least this many worlds a formula is compiled before it is evaluated
  // (formula_dag.hpp): forms that mean one thing are one, and a subformula that stands in
  // several places is evaluated once. On smaller models it is evaluated as written: finding
  // whether compiling would change it costs as much as evaluating it there (cachegrind of
  // `bench muddy-12`, 4,096 worlds by hidden bits: +1.8% instructions, 16-world false-belief
  // scenarios +3%). Both ways give the same sets.
  static constexpr std::size_t kCompiledFrom = std::size_t{1} << 14;
  // Another threshold (the tests compile on every model).
  Evaluator& compiling_from(std::size_t worlds) {
    compiled_from_ = worlds;
    return *this;
  }

  WorldSet eval(const Formula& phi) const {
    FormulaDag dag;
    Context top{dag, {}};
    return eval(compiles() ? dag.compiled(phi) : phi, m_.alive(), top);
  }

  bool holds_at_actual(const Formula& phi) const { return eval(phi).test(m_.actual()); }

 private:
  // One evaluation's compiled formula, and the values of its nodes that stand in several
  // places, over one set of alive worlds (an announcement operator starts another).
  struct Context {
    FormulaDag& dag;
    std::unordered_map<const Formula*, WorldSet> kept;
  };

  WorldSet eval(const Formula& phi, const WorldSet& alive, Context& c) const {
    if (!c.dag.any_shared() || !c.dag.shared(phi)) return compute(phi, alive, c);
    if (const auto it = c.kept.find(&phi); it != c.kept.end()) return it->second;
    WorldSet out = compute(phi, alive, c);
    c.kept.emplace(&phi, out);
    return out;
  }

  // The truth set of φ in the model whose worlds are `alive` (the model's own alive worlds,
  // or fewer inside an announcement operator).
  WorldSet compute(const Formula& phi, const WorldSet& alive, Context& c) const {
    poll_interrupt();  // between operators: a formula over millions of worlds may take long
    using K = Formula::Kind;
    switch (phi.kind) {
      case K::True:
        return alive;
      case K::False:
        return WorldSet(m_.world_count());
      case K::Atom:
        if (definitions_)
          if (const FormulaPtr body = definitions_(phi))
            return eval(compiles() ? c.dag.compiled(*body) : *body, alive, c);
        return atoms_(phi, m_) & alive;
      case K::Compare:
        return atoms_(phi, m_) & alive;
      case K::Not: {  // in place: a named set, so that returning it moves rather than copies
        WorldSet out = eval(*phi.left, alive, c);
        out.complement_within(alive);
        return out;
      }
      // Operands in reading order (an overloaded & leaves it open), so that of two
      // mistakes the first one written is reported.
      case K::And: {
        WorldSet out = eval(*phi.left, alive, c);
        out &= eval(*phi.right, alive, c);
        return out;
      }
      case K::Or: {
        WorldSet out = eval(*phi.left, alive, c);
        out |= eval(*phi.right, alive, c);
        return out;
      }
      case K::Implies: {
        WorldSet out = eval(*phi.left, alive, c);
        out.complement_within(alive) |= eval(*phi.right, alive, c);
        return out;
      }
      case K::Iff: {
        const WorldSet a = eval(*phi.left, alive, c);
        const WorldSet b = eval(*phi.right, alive, c);
        return (a & b) | (alive - (a | b));
      }
      case K::Knows: {  // the operator's agent read before its body, as written
        const Agent i = agents(phi)[0];
        return box(i, alive, eval(*phi.left, alive, c));
      }
      case K::Possible: {
        const Agent i = agents(phi)[0];
        WorldSet out = eval(*phi.left, alive, c);
        out.complement_within(alive);
        out = box(i, alive, out);
        out.complement_within(alive);
        return out;
      }
      case K::KnowsWhether: {
        // In one pass: the worlds whose possible worlds do not mix φ and ¬φ.
        const Agent i = agents(phi)[0];
        const auto unmixed = [](unsigned seen) { return seen != 3U; };
        if (m_.has_partition(i))
          return select_classes(alive, m_.partition(i), eval(*phi.left, alive, c), unmixed);
        return select_rows(alive, m_.general_relation(i), eval(*phi.left, alive, c), unmixed);
      }
      case K::KnowsValue: {
        if (!terms_) throw no_terms_for_kv(phi);
        const Agent i = agents(phi)[0];
        if (m_.has_partition(i))
          return classes_of_one_value(alive, m_.partition(i), terms_(*phi.lhs, m_));
        return rows_of_one_value(alive, m_.general_relation(i), terms_(*phi.lhs, m_));
      }
      case K::Everybody: {
        const std::vector<Agent> group = agents(phi);
        const WorldSet a = eval(*phi.left, alive, c);
        WorldSet out = alive;
        for (Agent i : group) out &= box(i, alive, a);
        return out;
      }
      case K::Common: {
        const std::vector<Agent> group = agents(phi);
        if (all_partitions(group))
          return classes_inside(alive, common_partition(m_, alive, group),
                                eval(*phi.left, alive, c));
        return common_rows(alive, relations(group), eval(*phi.left, alive, c));
      }
      case K::Distributed: {
        const std::vector<Agent> group = agents(phi);
        if (all_partitions(group))
          return classes_inside(alive, distributed_partition(m_, group), eval(*phi.left, alive, c));
        return distributed_rows(alive, relations(group), eval(*phi.left, alive, c));
      }
      case K::Announce: {  // [!φ]ψ: where φ holds, ψ holds after announcing it
        const WorldSet announced = eval(*phi.left, alive, c);
        Context after{c.dag, {}};
        return (alive - announced) | eval(*phi.right, announced, after);
      }
      case K::AnnounceDual: {  // <!φ>ψ: φ holds, and ψ after announcing it
        Context after{c.dag, {}};
        return eval(*phi.right, eval(*phi.left, alive, c), after);
      }
    }
    return WorldSet(m_.world_count());
  }

  // K_i φ over agent i's relation, whichever shape it has.
  WorldSet box(Agent i, const WorldSet& alive, WorldSet phi) const {
    if (m_.has_partition(i)) return classes_inside(alive, m_.partition(i), std::move(phi));
    return rows_inside(alive, m_.general_relation(i), phi);
  }

  bool all_partitions(const std::vector<Agent>& group) const {
    return std::all_of(group.begin(), group.end(), [&](Agent i) { return m_.has_partition(i); });
  }
  std::vector<Relation> relations(const std::vector<Agent>& group) const {
    std::vector<Relation> out;
    for (Agent i : group) out.push_back(m_.relation(i));
    return out;
  }

  std::vector<Agent> agents(const Formula& phi) const {
    return operator_agents(phi, agent_names_, m_.agent_count());
  }
  bool compiles() const { return m_.world_count() >= compiled_from_; }

  const Model& m_;
  AtomResolver atoms_;
  std::vector<std::string> agent_names_;
  TermResolver terms_;
  DefinitionResolver definitions_;
  std::size_t compiled_from_ = kCompiledFrom;
};

}  // namespace kripke
