// Bisimulation contraction of an S5 model: the smallest model in which every world
// satisfies exactly the formulas it satisfied before. Two worlds are bisimilar when they
// carry the same valuation and, for every agent, the worlds each considers possible fall
// into the same bisimilarity blocks; the coarsest such partition is found by signature
// refinement (Kanellakis & Smolka's naive algorithm: split by valuation, then by the set of
// blocks each agent's class reaches, until nothing splits). Quotients of S5 models are S5,
// so the contracted relations are again partitions: the sets of blocks the agent's classes
// reach.
//
// Each round is linear in the worlds: the blocks a class reaches are gathered by visiting
// the worlds block by block (a counting sort), equal sets of blocks are numbered through a
// hash table that compares the sets themselves, and a world's signature — its block and
// per agent the number of its class's set — is numbered one pair at a time (dense_ids.hpp).
// No per-world containers: a product of millions of worlds contracts in the memory of a
// few arrays of its size.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "kripke/dense_ids.hpp"
#include "kripke/model.hpp"
#include "kripke/world_set.hpp"

namespace kripke {

struct Contraction {
  static constexpr std::uint32_t kOutside = DenseIds::kNone;

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

// The listed worlds' blocks: per place in the list, its block, numbered 0, 1, ... in order
// of first occurrence.
struct Blocks {
  std::vector<std::uint32_t> of;  // per listed world
  std::uint32_t count = 0;
};

// The places of the list ordered by block (ascending places within a block).
inline std::vector<std::uint32_t> places_by_block(const Blocks& blocks) {
  std::vector<std::uint32_t> start(std::size_t{blocks.count} + 1, 0);
  for (std::uint32_t b : blocks.of) ++start[b + 1];
  for (std::size_t b = 0; b < blocks.count; ++b) start[b + 1] += start[b];
  std::vector<std::uint32_t> order(blocks.of.size());
  for (std::size_t k = 0; k < blocks.of.size(); ++k)
    order[start[blocks.of[k]]++] = std::uint32_t(k);
  return order;
}

// Per class of one agent's partition (by class id), the sorted, distinct blocks of its
// listed members, end to end: class c's at set[start[c]] .. set[start[c + 1]].
struct ReachedBlocks {
  std::vector<std::uint32_t> start;
  std::vector<std::uint32_t> set;
  std::span<const std::uint32_t> of(std::size_t c) const {
    return {set.data() + start[c], set.data() + start[c + 1]};
  }
};

// Visiting the worlds block by block puts each class's blocks in order as they come; a
// block is written once per class, when it differs from the class's last.
inline ReachedBlocks reached_blocks(const Partition& p, const std::vector<World>& list,
                                    const Blocks& blocks,
                                    const std::vector<std::uint32_t>& by_block) {
  const std::size_t classes = p.class_count();
  ReachedBlocks r;
  r.start.assign(classes + 1, 0);
  std::vector<std::uint32_t> last(classes, Contraction::kOutside);
  p.with_class_of([&](auto class_of) {
    for (std::uint32_t k : by_block) {
      const std::uint32_t c = class_of(list[k]), b = blocks.of[k];
      if (last[c] != b) {
        last[c] = b;
        ++r.start[c + 1];
      }
    }
    for (std::size_t c = 0; c < classes; ++c) r.start[c + 1] += r.start[c];
    r.set.resize(r.start[classes]);
    std::vector<std::uint32_t> next(r.start.begin(), r.start.end() - 1);
    std::fill(last.begin(), last.end(), Contraction::kOutside);
    for (std::uint32_t k : by_block) {
      const std::uint32_t c = class_of(list[k]), b = blocks.of[k];
      if (last[c] != b) {
        last[c] = b;
        r.set[next[c]++] = b;
      }
    }
  });
  return r;
}

// Per class, a number for its set of blocks: equal sets, equal numbers (the sets are
// compared, not only their hashes). `count`: the distinct sets.
inline std::vector<std::uint32_t> set_numbers(const ReachedBlocks& r, std::uint32_t& count) {
  const std::size_t classes = r.start.size() - 1;
  std::size_t capacity = 16;
  while (capacity < 2 * classes) capacity *= 2;
  std::vector<std::uint32_t> first_class(capacity, Contraction::kOutside);  // per slot
  std::vector<std::uint32_t> number(classes, 0);
  count = 0;
  for (std::size_t c = 0; c < classes; ++c) {
    const std::span<const std::uint32_t> set = r.of(c);
    std::uint64_t h = mix64(set.size());
    for (std::uint32_t b : set) h = mix64(h ^ b);
    std::size_t slot = h & (capacity - 1);
    for (;; slot = (slot + 1) & (capacity - 1)) {
      const std::uint32_t d = first_class[slot];
      if (d == Contraction::kOutside) {
        first_class[slot] = std::uint32_t(c);
        number[c] = count++;
        break;
      }
      const std::span<const std::uint32_t> other = r.of(d);
      if (std::equal(set.begin(), set.end(), other.begin(), other.end())) {
        number[c] = number[d];
        break;
      }
    }
  }
  return number;
}

// The coarsest bisimulation of the listed worlds (ascending), with per agent the number of
// each class's set of final blocks.
struct Refinement {
  Blocks blocks;
  std::vector<std::vector<std::uint32_t>> set_number;  // [agent][class id]
};

inline Refinement coarsest_bisimulation(const Model& m, const std::vector<World>& list) {
  Refinement r;
  {
    std::vector<std::uint64_t> valuation(list.size());
    for (std::size_t k = 0; k < list.size(); ++k) valuation[k] = m.valuation(list[k]);
    DenseIds ids = dense_ids(valuation);
    r.blocks.of.assign(ids.ids.begin(), ids.ids.end());
    r.blocks.count = ids.count;
  }
  r.set_number.resize(m.agent_count());
  std::vector<std::uint64_t> pair(list.size());
  for (;;) {
    // A world's signature, numbered: its block, then per agent its class's set of blocks,
    // each pair (number so far, set's number) one number. The last pairs are numbered in
    // order of the worlds, so new blocks are numbered by smallest world.
    const std::vector<std::uint32_t> by_block = places_by_block(r.blocks);
    Blocks next = r.blocks;
    for (std::size_t i = 0; i < m.agent_count(); ++i) {
      const Partition& p = m.partition(Agent(i));
      std::uint32_t sets = 0;
      r.set_number[i] = set_numbers(reached_blocks(p, list, r.blocks, by_block), sets);
      p.with_class_of([&](auto class_of) {
        for (std::size_t k = 0; k < list.size(); ++k)
          pair[k] = std::uint64_t{next.of[k]} * sets + r.set_number[i][class_of(list[k])];
      });
      DenseIds ids = dense_ids(pair);
      next.of.assign(ids.ids.begin(), ids.ids.end());
      next.count = ids.count;
    }
    // Refinement only splits blocks: an unchanged count means an unchanged partition (and
    // the sets numbered this round are of the final blocks).
    if (next.count == r.blocks.count) break;
    r.blocks = std::move(next);
  }
  return r;
}

// Agent i's classes among the listed worlds as sets of blocks, distinct and sorted.
inline std::vector<std::vector<std::uint32_t>> classes_in_blocks(const Model& m, Agent i,
                                                                 const std::vector<World>& list,
                                                                 const Blocks& blocks) {
  const ReachedBlocks reached =
      reached_blocks(m.partition(i), list, blocks, places_by_block(blocks));
  std::vector<std::vector<std::uint32_t>> sets;
  for (std::size_t c = 0; c + 1 < reached.start.size(); ++c)
    if (reached.start[c] != reached.start[c + 1])
      sets.emplace_back(reached.of(c).begin(), reached.of(c).end());
  std::sort(sets.begin(), sets.end());
  sets.erase(std::unique(sets.begin(), sets.end()), sets.end());
  return sets;
}

// The Contraction of the listed worlds' blocks.
inline Contraction contraction_of(const Model& m, const std::vector<World>& list,
                                  const Blocks& blocks) {
  Contraction c;
  c.block_of.assign(m.world_count(), Contraction::kOutside);
  c.representative.assign(blocks.count, 0);
  std::vector<bool> seen(blocks.count, false);
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::uint32_t b = blocks.of[k];
    c.block_of[list[k]] = b;
    if (!seen[b]) {
      seen[b] = true;
      c.representative[b] = list[k];
    }
  }
  for (std::size_t i = 0; i < m.agent_count(); ++i)
    c.classes.push_back(classes_in_blocks(m, Agent(i), list, blocks));
  return c;
}

}  // namespace bisimulation_detail

// The submodel of `worlds` (the relations restricted to them) as a Contraction in which
// every world is a block of its own.
inline Contraction without_contraction(const Model& m, const WorldSet& worlds) {
  const std::vector<World> list = worlds.members();
  bisimulation_detail::Blocks own;
  for (std::size_t k = 0; k < list.size(); ++k) own.of.push_back(std::uint32_t(k));
  own.count = std::uint32_t(list.size());
  return bisimulation_detail::contraction_of(m, list, own);
}

// The contraction of the submodel of `worlds`.
inline Contraction bisimulation_contraction(const Model& m, const WorldSet& worlds) {
  const std::vector<World> list = worlds.members();
  return bisimulation_detail::contraction_of(
      m, list, bisimulation_detail::coarsest_bisimulation(m, list).blocks);
}

}  // namespace kripke

namespace kripke {

// The contraction of an S5 model's alive worlds as a model of its own: a world per block,
// carrying the block's valuation, in the order of the blocks; the actual world's block
// actual; each agent's classes of blocks its partition. Every formula keeps its truth value
// at the actual world (and at every world, read through block_of).
inline Model contracted_model(const Model& m) {
  const std::vector<World> list = m.alive().members();
  const bisimulation_detail::Refinement r = bisimulation_detail::coarsest_bisimulation(m, list);
  // Each block's first listed world, which carries the block's valuation and classes.
  std::vector<std::uint32_t> first(r.blocks.count, Contraction::kOutside);
  World actual = 0;
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::uint32_t b = r.blocks.of[k];
    if (first[b] == Contraction::kOutside) first[b] = std::uint32_t(k);
    if (list[k] == m.actual()) actual = World(b);
  }
  std::vector<std::uint32_t> valuations(r.blocks.count);
  for (std::size_t b = 0; b < r.blocks.count; ++b) valuations[b] = m.valuation(list[first[b]]);
  // Agent i's class of a block: the set of blocks its worlds' class reaches.
  std::vector<Partition> partitions;
  std::vector<std::uint32_t> key(r.blocks.count);
  for (std::size_t i = 0; i < m.agent_count(); ++i) {
    const Partition& p = m.partition(Agent(i));
    for (std::size_t b = 0; b < r.blocks.count; ++b)
      key[b] = r.set_number[i][p.class_of(list[first[b]])];
    partitions.push_back(Partition::from_keys(key));
  }
  return Model(std::move(partitions), actual, std::move(valuations));
}

}  // namespace kripke
