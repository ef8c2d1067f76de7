// Bisimulation contraction of an S5 model: the smallest model in which every world
// satisfies exactly the formulas it satisfied before. Two worlds are bisimilar when they
// carry the same valuation and, for every agent, the worlds each considers possible fall
// into the same bisimilarity blocks; the coarsest such partition is found by refinement
// (Kanellakis & Smolka's naive algorithm: split by valuation, then by the set of blocks
// each agent's class reaches, until nothing splits). Quotients of S5 models are S5, so the
// contracted relations are again partitions: the sets of blocks the agent's classes reach.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <vector>

#include "kripke/model.hpp"
#include "kripke/world_set.hpp"

namespace kripke {

struct Contraction {
  static constexpr std::uint32_t kOutside = std::numeric_limits<std::uint32_t>::max();

  // block_of[w] for every world of the model: its block, numbered 0, 1, ... in order of
  // each block's smallest world; kOutside for worlds not in the contracted set.
  std::vector<std::uint32_t> block_of;
  // Each block's smallest world.
  std::vector<World> representative;
  // Per agent, its classes in the quotient: each a sorted list of blocks, sorted.
  std::vector<std::vector<std::vector<std::uint32_t>>> classes;

  std::size_t block_count() const { return representative.size(); }
};

namespace bisimulation_detail {

// Dense ids for keys, in order of first appearance.
template <class Key>
class Interner {
 public:
  std::uint32_t id(const Key& key) {
    const auto [it, added] = ids_.emplace(key, std::uint32_t(ids_.size()));
    return it->second;
  }
  std::size_t size() const { return ids_.size(); }

 private:
  std::map<Key, std::uint32_t> ids_;
};

// The sorted, distinct blocks of the members of each of agent i's classes that lie in
// `worlds`, by class id.
inline std::map<Partition::ClassId, std::vector<std::uint32_t>> reached_blocks(
    const Model& m, Agent i, const WorldSet& worlds, const std::vector<std::uint32_t>& block_of) {
  std::map<Partition::ClassId, std::vector<std::uint32_t>> reached;
  worlds.for_each([&](World w) { reached[m.partition(i).class_of(w)].push_back(block_of[w]); });
  for (auto& [id, blocks] : reached) {
    std::sort(blocks.begin(), blocks.end());
    blocks.erase(std::unique(blocks.begin(), blocks.end()), blocks.end());
  }
  return reached;
}

// Agent i's classes among `worlds` as sets of blocks, distinct and sorted.
inline std::vector<std::vector<std::uint32_t>> classes_in_blocks(
    const Model& m, Agent i, const WorldSet& worlds, const std::vector<std::uint32_t>& block_of) {
  std::vector<std::vector<std::uint32_t>> sets;
  for (auto& [id, set] : reached_blocks(m, i, worlds, block_of)) sets.push_back(std::move(set));
  std::sort(sets.begin(), sets.end());
  sets.erase(std::unique(sets.begin(), sets.end()), sets.end());
  return sets;
}

}  // namespace bisimulation_detail

// The contraction of the submodel of `worlds` (the relations restricted to them).
// The submodel of `worlds` as a Contraction in which every world is a block of its own.
inline Contraction without_contraction(const Model& m, const WorldSet& worlds) {
  using bisimulation_detail::classes_in_blocks;
  Contraction c;
  c.block_of.assign(m.world_count(), Contraction::kOutside);
  worlds.for_each([&](World w) {
    c.block_of[w] = std::uint32_t(c.representative.size());
    c.representative.push_back(w);
  });
  for (std::size_t i = 0; i < m.agent_count(); ++i)
    c.classes.push_back(classes_in_blocks(m, Agent(i), worlds, c.block_of));
  return c;
}

inline Contraction bisimulation_contraction(const Model& m, const WorldSet& worlds) {
  using namespace bisimulation_detail;
  std::vector<std::uint32_t> block_of(m.world_count(), Contraction::kOutside);
  std::size_t blocks = 0;
  {
    Interner<std::uint32_t> by_valuation;
    worlds.for_each([&](World w) { block_of[w] = by_valuation.id(m.valuation(w)); });
    blocks = by_valuation.size();
  }
  for (;;) {
    // A world's signature: its block and, per agent, the blocks its class reaches. Worlds
    // are visited in increasing order, so new blocks are numbered by smallest world.
    std::vector<std::uint32_t> signature_of_class;
    std::vector<std::vector<std::uint32_t>> class_signature(m.agent_count());
    Interner<std::vector<std::uint32_t>> reach_sets;
    for (std::size_t i = 0; i < m.agent_count(); ++i) {
      const auto reached = reached_blocks(m, Agent(i), worlds, block_of);
      class_signature[i].assign(m.partition(Agent(i)).class_count(), 0);
      for (const auto& [id, set] : reached) class_signature[i][id] = reach_sets.id(set);
    }
    Interner<std::vector<std::uint32_t>> signatures;
    std::vector<std::uint32_t> next(m.world_count(), Contraction::kOutside);
    worlds.for_each([&](World w) {
      std::vector<std::uint32_t> signature{block_of[w]};
      for (std::size_t i = 0; i < m.agent_count(); ++i)
        signature.push_back(class_signature[i][m.partition(Agent(i)).class_of(w)]);
      next[w] = signatures.id(signature);
    });
    block_of = std::move(next);
    // Refinement only splits blocks: an unchanged count means an unchanged partition.
    if (signatures.size() == blocks) break;
    blocks = signatures.size();
  }
  Contraction c;
  c.block_of = std::move(block_of);
  c.representative.assign(blocks, 0);
  std::vector<bool> seen(blocks, false);
  worlds.for_each([&](World w) {
    if (!seen[c.block_of[w]]) {
      seen[c.block_of[w]] = true;
      c.representative[c.block_of[w]] = w;
    }
  });
  for (std::size_t i = 0; i < m.agent_count(); ++i)
    c.classes.push_back(classes_in_blocks(m, Agent(i), worlds, c.block_of));
  return c;
}

}  // namespace kripke

namespace kripke {

// The contraction of an S5 model's alive worlds as a model of its own: a world per block,
// carrying the block's valuation, in the order of the blocks; the actual world's block
// actual; each agent's classes of blocks its partition. Every formula keeps its truth value
// at the actual world (and at every world, read through block_of).
inline Model contracted_model(const Model& m) {
  const Contraction c = bisimulation_contraction(m, m.alive());
  std::vector<std::uint32_t> valuations;
  valuations.reserve(c.block_count());
  for (World w : c.representative) valuations.push_back(m.valuation(w));
  std::vector<Partition> partitions;
  for (const auto& classes : c.classes) {
    std::vector<std::uint32_t> key(c.block_count(), 0);
    for (std::size_t k = 0; k < classes.size(); ++k)
      for (std::uint32_t block : classes[k]) key[block] = std::uint32_t(k);
    partitions.push_back(Partition::from_keys(key));
  }
  return Model(std::move(partitions), World(c.block_of[m.actual()]), std::move(valuations));
}

}  // namespace kripke
