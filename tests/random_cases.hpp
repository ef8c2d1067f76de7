// Random models, formulas and updates for the differential tests: each random model is built twice,
// once as the engine's kripke::Model and once as the naive reference::Model, from the same
// description. Everything is drawn from a seeded kripke::Rng, so a failing case is reproduced by
// its seed.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "kripke/evaluate.hpp"
#include "kripke/formula.hpp"
#include "kripke/model.hpp"
#include "kripke/rng.hpp"
#include "kripke/updates.hpp"
#include "reference_model.hpp"

namespace difftest {

using kripke::Rng;

inline constexpr int kAtomCount = 4;  // atoms p0..p3

inline bool coin(Rng& rng, int percent) { return rng.below(100) < std::uint64_t(percent); }

// Keys splitting `worlds` worlds into a random number of classes. Half the time the keys are small
// integers, half the time arbitrary 64-bit values (the two ways Partition::from_keys numbers
// classes: a direct table or a hash table).
inline std::vector<std::uint64_t> random_keys(Rng& rng, std::size_t worlds) {
  const std::uint64_t bound = coin(rng, 50) ? std::max<std::size_t>(worlds, 1) : 8;
  const std::uint64_t classes = 1 + rng.below(bound);
  std::vector<std::uint64_t> pool(classes);
  const bool wide = coin(rng, 50);
  for (std::uint64_t c = 0; c < classes; ++c) pool[c] = wide ? rng.next() : c;
  std::vector<std::uint64_t> keys(worlds);
  for (auto& k : keys) k = pool[rng.below(classes)];
  return keys;
}

// A non-empty set of agents in random order.
inline std::vector<kripke::Agent> random_group(Rng& rng, int agents) {
  std::vector<kripke::Agent> all(static_cast<std::size_t>(agents));
  for (int i = 0; i < agents; ++i) all[i] = i;
  rng.shuffle(all);
  all.resize(1 + rng.below(static_cast<std::uint64_t>(agents)));
  return all;
}

// A random formula of depth at most `depth` over p0..p3 and agents 0..agents-1, with every
// operator.
// The atoms p0..p3 (now and then true or false): random_formula's default leaves.
inline kripke::FormulaPtr random_atom(Rng& rng) {
  const auto r = rng.below(20);
  if (r == 0) return kripke::f::truth();
  if (r == 1) return kripke::f::falsity();
  return kripke::f::atom("p" + std::to_string(rng.below(kAtomCount)));
}

// A random formula with every operator, its leaves drawn by `leaf` (random_atom by default).
template <class Leaf>
kripke::FormulaPtr random_formula_with(Rng& rng, int depth, int agents, const Leaf& leaf) {
  namespace f = kripke::f;
  using K = kripke::Formula::Kind;
  if (depth == 0 || coin(rng, 15)) return leaf(rng);
  // Operands are drawn in separate statements: the order in which function arguments are evaluated
  // is unspecified, and the same seed must give the same formula everywhere.
  auto sub = [&] { return random_formula_with(rng, depth - 1, agents, leaf); };
  auto binary = [&](K kind) {
    auto left = sub();
    return f::binary(kind, std::move(left), sub());
  };
  auto modal = [&](K kind, std::vector<kripke::Agent> group) {
    return f::unary(kind, sub(), std::move(group));
  };
  auto agent = [&] {
    return std::vector<kripke::Agent>{static_cast<kripke::Agent>(rng.below(std::uint64_t(agents)))};
  };
  // An operator of the language's table (kOperators) whose operands are formulas, each as
  // likely: a new operator is drawn here by being in the table. (Leaves are `leaf`'s; Kv's
  // term is drawn by the tests that have terms.)
  using Form = kripke::Operator::Form;
  static const std::vector<kripke::Operator> drawn = [] {
    std::vector<kripke::Operator> out;
    for (const kripke::Operator& op : kripke::kOperators)
      if (op.form == Form::Prefix || op.form == Form::Infix || op.form == Form::OneAgent ||
          op.form == Form::Group || op.form == Form::Announcement)
        out.push_back(op);
    return out;
  }();
  const kripke::Operator& op = drawn[rng.below(drawn.size())];
  switch (op.form) {
    case Form::Prefix:
      return f::unary(op.kind, sub());
    case Form::Infix:
    case Form::Announcement:
      return binary(op.kind);
    case Form::OneAgent:
      return modal(op.kind, agent());
    case Form::Group:
      return modal(op.kind, random_group(rng, agents));
    case Form::Constant:
    case Form::Atom:
    case Form::Comparison:
    case Form::AgentAndTerm:
      break;
  }
  return leaf(rng);
}

inline kripke::FormulaPtr random_formula(Rng& rng, int depth, int agents) {
  return random_formula_with(rng, depth, agents, random_atom);
}

inline kripke::FormulaPtr random_formula(Rng& rng, int agents) {
  return random_formula(rng, static_cast<int>(rng.below(5)), agents);
}

// The members of a world set as the reference writes them.
inline std::vector<int> members(const kripke::WorldSet& s) {
  std::vector<int> out;
  s.for_each([&](kripke::World w) { out.push_back(static_cast<int>(w)); });
  return out;
}

// One random model in both representations, with the atoms' truth per valuation.
struct Case {
  kripke::Model engine;
  reference::Model ref;
  std::shared_ptr<const reference::Atoms> atoms;
  // The same atoms for the engine: the set of valuations where each holds.
  std::shared_ptr<const std::map<std::string, kripke::WorldSet>> engine_atoms;

  int agents() const { return static_cast<int>(engine.agent_count()); }

  // The engine's view of p0..p3. Even atoms go through worlds_with_valuation_in (its shortcut while
  // valuations are the identity, its general path after product updates), odd ones through
  // worlds_where.
  kripke::AtomResolver resolver() const {
    return [atoms = engine_atoms](const kripke::Formula& atom, const kripke::Model& m) {
      const auto it = atoms->find(atom.name);
      if (it == atoms->end() || !atom.args.empty())
        throw kripke::FormulaError("unknown atom '" + atom.name + "'", atom.column);
      const kripke::WorldSet& valuations = it->second;
      if ((atom.name.back() - '0') % 2 == 0) return kripke::worlds_with_valuation_in(m, valuations);
      return kripke::worlds_where(m, [&](std::uint32_t v) { return valuations.test(v); });
    };
  }
  kripke::WorldSet engine_truth(const kripke::Formula& phi) const {
    return kripke::Evaluator(engine, resolver()).eval(phi);
  }
  std::vector<int> engine_truth_set(const kripke::Formula& phi) const {
    return members(engine_truth(phi));
  }
  std::vector<int> reference_truth_set(const kripke::Formula& phi) const {
    return reference::Evaluator(ref, *atoms).truth_set(phi);
  }
};

// A relation of a random shape over `worlds` worlds, as successor lists: arbitrary arrows,
// KD45 (blocks whose worlds all believe the same non-empty part of their block), a preorder
// (S4), reflexive arrows (T), or an equivalence given as arrows (which the model keeps as a
// partition).
inline std::vector<std::vector<kripke::World>> random_arrows(Rng& rng, std::size_t worlds) {
  std::vector<std::vector<kripke::World>> out(worlds);
  const auto shape = rng.below(5);
  const std::uint64_t blocks = 1 + rng.below(std::max<std::size_t>(1, worlds / 3 + 1));
  std::vector<std::uint64_t> block(worlds);
  for (auto& b : block) b = rng.below(blocks);
  const auto percent = rng.below(60);
  for (std::size_t w = 0; w < worlds; ++w) {
    for (std::size_t v = 0; v < worlds; ++v) {
      bool sees = false;
      switch (shape) {
        case 0:
          sees = rng.below(100) < percent;
          break;
        case 1:  // w believes the worlds of its block whose number, hashed, is even
          sees = block[w] == block[v] && ((v * 2654435761U + block[v]) >> 3) % 2 == 0;
          break;
        case 2:
          sees = block[v] >= block[w];
          break;
        case 3:
          sees = v == w || rng.below(100) < percent;
          break;
        default:
          sees = block[v] == block[w];
      }
      if (sees) out[w].push_back(kripke::World(v));
    }
  }
  if (shape == 1) {  // a block whose every world hashed odd believes its smallest world
    std::map<std::uint64_t, kripke::World> first;
    for (std::size_t w = worlds; w-- > 0;) first[block[w]] = kripke::World(w);
    for (std::size_t w = 0; w < worlds; ++w)
      if (out[w].empty()) out[w].push_back(first[block[w]]);
  }
  return out;
}

// A third of the cases have 2^k worlds, and there each agent's partition is, at a toss, one
// by random hidden bits (partition.hpp) rather than listed.
inline Case random_case(Rng& rng, std::size_t max_worlds = 200, int max_agents = 4) {
  const bool bit_worlds = rng.below(3) == 0;
  const std::size_t worlds =
      bit_worlds ? std::bit_floor(1 + rng.below(max_worlds)) : 1 + rng.below(max_worlds);
  const int agents = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(max_agents)));
  const auto actual = static_cast<kripke::World>(rng.below(worlds));

  Case c;
  std::vector<kripke::Partition> partitions;
  // Half the cases give some agents relations of other shapes (belief).
  const bool beliefs = rng.below(2) == 0;
  std::vector<std::pair<int, kripke::Relation>> relations;
  for (int i = 0; i < agents; ++i) {
    if (beliefs && rng.below(2) == 0) {
      auto arrows = random_arrows(rng, worlds);
      reference::Matrix m(worlds, std::vector<bool>(worlds));
      for (std::size_t w = 0; w < worlds; ++w)
        for (kripke::World v : arrows[w]) m[w][v] = true;
      c.ref.rel.push_back(std::move(m));
      relations.emplace_back(i, kripke::Relation::from_successors(std::move(arrows)));
      partitions.push_back(kripke::Partition::universal(worlds));
      continue;
    }
    std::vector<std::uint64_t> keys;
    if (bit_worlds && rng.below(2) == 0) {
      const auto hidden = kripke::World(rng.below(worlds));
      for (std::size_t w = 0; w < worlds; ++w) keys.push_back(w & ~std::uint64_t{hidden});
      partitions.push_back(kripke::Partition::hiding_bits(worlds, hidden));
    } else {
      keys = random_keys(rng, worlds);
      partitions.push_back(kripke::Partition::from_keys(keys));
    }
    reference::Matrix m(worlds, std::vector<bool>(worlds));
    for (std::size_t w = 0; w < worlds; ++w)
      for (std::size_t v = 0; v < worlds; ++v) m[w][v] = keys[w] == keys[v];
    c.ref.rel.push_back(std::move(m));
  }
  c.engine = kripke::Model(std::move(partitions), actual);
  for (auto& [i, r] : relations) c.engine.set_relation(i, std::move(r));

  for (std::size_t w = 0; w < worlds; ++w) {
    c.ref.alive.insert(static_cast<int>(w));
    c.ref.valuation.push_back(static_cast<std::uint32_t>(w));
  }
  c.ref.actual = static_cast<int>(actual);

  auto atoms = std::make_shared<reference::Atoms>();
  auto engine_atoms = std::make_shared<std::map<std::string, kripke::WorldSet>>();
  for (int k = 0; k < kAtomCount; ++k) {
    const auto density = rng.below(101);
    std::vector<bool> holds(worlds);
    kripke::WorldSet valuations(worlds);
    for (std::size_t v = 0; v < worlds; ++v) {
      holds[v] = rng.below(100) < density;
      valuations.assign(static_cast<kripke::World>(v), holds[v]);
    }
    (*atoms)["p" + std::to_string(k)] = std::move(holds);
    (*engine_atoms)["p" + std::to_string(k)] = std::move(valuations);
  }
  c.atoms = std::move(atoms);
  c.engine_atoms = std::move(engine_atoms);
  return c;
}

}  // namespace difftest
