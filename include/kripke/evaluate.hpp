// Truth sets of formulas in a model: the set of alive worlds where a formula holds.
#pragma once

#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "kripke/errors.hpp"
#include "kripke/formula.hpp"
#include "kripke/model.hpp"

namespace kripke {

// Each game supplies the truth sets of its atoms. A resolver throws FormulaError (with
// the atom's column) for an atom it does not know.
using AtomResolver = std::function<WorldSet(const Formula& atom, const Model& model)>;

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

// For every class of `p`, which of φ and ¬φ its alive members show (bit 0: φ, bit 1: ¬φ);
// then the alive worlds of the classes for which `keep(mask)` holds. Two sequential passes
// over the alive worlds (measured faster than walking the member lists class by class).
template <class Keep>
WorldSet select_classes(const Model& m, const Partition& p, const WorldSet& phi, Keep&& keep) {
  const auto& class_of = p.class_ids();
  RecycledVector<unsigned char> seen(p.class_count(), 0);
  (m.alive() & phi).for_each([&](World w) { seen[class_of[w]] |= 1U; });
  (m.alive() - phi).for_each([&](World w) { seen[class_of[w]] |= 2U; });
  WorldSet out(m.world_count());
  m.alive().for_each([&](World w) {
    if (keep(seen[class_of[w]])) out.set(w);
  });
  return out;
}

// K φ for one partition: the alive worlds whose class (within alive) lies inside φ.
inline WorldSet classes_inside(const Model& m, const Partition& p, const WorldSet& phi) {
  return select_classes(m, p, phi, [](unsigned seen) { return seen == 1U; });
}

// The partition of the join of the group's relations over the alive worlds (reachability,
// the relation behind common knowledge), by union-find. Dead worlds end up in classes of
// their own choosing; callers only look at alive members.
inline Partition common_partition(const Model& m, const std::vector<Agent>& group) {
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
        if (!m.alive().test(v)) continue;
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

class Evaluator {
 public:
  Evaluator(const Model& model, AtomResolver atoms) : m_(model), atoms_(std::move(atoms)) {}

  WorldSet eval(const Formula& phi) const {
    using K = Formula::Kind;
    switch (phi.kind) {
      case K::True:
        return m_.alive();
      case K::False:
        return WorldSet(m_.world_count());
      case K::Atom:
        return atoms_(phi, m_) & m_.alive();
      case K::Not:
        return m_.alive() - eval(*phi.left);
      case K::And:
        return eval(*phi.left) & eval(*phi.right);
      case K::Or:
        return eval(*phi.left) | eval(*phi.right);
      case K::Implies:
        return (m_.alive() - eval(*phi.left)) | eval(*phi.right);
      case K::Iff: {
        const WorldSet a = eval(*phi.left), b = eval(*phi.right);
        return (a & b) | (m_.alive() - (a | b));
      }
      case K::Knows:
        return knows(agent(phi), eval(*phi.left));
      case K::Possible:
        return m_.alive() - knows(agent(phi), m_.alive() - eval(*phi.left));
      case K::KnowsWhether:
        return knows_whether(agent(phi), eval(*phi.left));
      case K::Everybody: {
        check_group(phi);
        const WorldSet a = eval(*phi.left);
        WorldSet out = m_.alive();
        for (Agent i : phi.agents) out &= knows(i, a);
        return out;
      }
      case K::Common: {
        check_group(phi);
        return classes_inside(m_, common_partition(m_, phi.agents), eval(*phi.left));
      }
    }
    return WorldSet(m_.world_count());
  }

  bool holds_at_actual(const Formula& phi) const { return eval(phi).test(m_.actual()); }

 private:
  WorldSet knows(Agent i, const WorldSet& phi) const {
    return classes_inside(m_, m_.partition(i), phi);
  }
  // Kw_i φ in one pass: the alive worlds whose class does not mix φ and ¬φ.
  WorldSet knows_whether(Agent i, const WorldSet& phi) const {
    return select_classes(m_, m_.partition(i), phi, [](unsigned seen) { return seen != 3U; });
  }
  Agent agent(const Formula& phi) const {
    check_group(phi);
    return phi.agents[0];
  }
  void check_group(const Formula& phi) const {
    for (Agent i : phi.agents)
      if (i < 0 || static_cast<std::size_t>(i) >= m_.agent_count())
        throw FormulaError("there is no agent " + std::to_string(i + 1) + " (agents are 1.." +
                               std::to_string(m_.agent_count()) + ")",
                           phi.column);
  }

  const Model& m_;
  AtomResolver atoms_;
};

}  // namespace kripke
