// The canonical form plan remembers positions by (kripke/canonical_form.hpp): isomorphic
// models read alike whatever their worlds' numbers, and models that differ read apart —
// relations kept as rows (beliefs) included, whose whole rows the form writes.
#include <catch2/catch.hpp>
#include <numeric>
#include <vector>

#include "kripke/bisimulation.hpp"
#include "kripke/canonical_form.hpp"
#include "kripke/rng.hpp"

namespace {

// Model m with its worlds renumbered: world w becomes order[w].
kripke::Model renumbered(const kripke::Model& m, const std::vector<kripke::World>& order) {
  std::vector<kripke::World> back(order.size());
  for (std::size_t w = 0; w < order.size(); ++w) back[order[w]] = kripke::World(w);
  std::vector<kripke::Partition> partitions;
  std::vector<std::uint32_t> valuation(order.size());
  for (std::size_t v = 0; v < order.size(); ++v) valuation[v] = m.valuation(back[v]);
  for (std::size_t i = 0; i < m.agent_count(); ++i) {
    std::vector<std::uint64_t> key(order.size());
    for (std::size_t v = 0; v < order.size(); ++v)
      key[v] = m.partition(kripke::Agent(i)).class_of(back[v]);
    partitions.push_back(kripke::Partition::from_keys(key));
  }
  return kripke::Model(std::move(partitions), order[m.actual()], std::move(valuation));
}

}  // namespace

TEST_CASE("[plan] canonical forms: isomorphic models alike, others apart (200 random models)") {
  int apart = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    INFO("seed " << seed);
    kripke::Rng rng(seed);
    const std::size_t worlds = 2 + rng.below(30), agents = 1 + rng.below(3);
    std::vector<kripke::Partition> partitions;
    for (std::size_t i = 0; i < agents; ++i) {
      std::vector<std::uint64_t> key(worlds);
      for (auto& k : key) k = rng.below(1 + worlds / 3);
      partitions.push_back(kripke::Partition::from_keys(key));
    }
    std::vector<std::uint32_t> valuation(worlds);
    for (auto& v : valuation) v = std::uint32_t(rng.below(4));
    const kripke::Model m = kripke::contracted_model(
        kripke::Model(partitions, kripke::World(rng.below(worlds)), valuation));
    std::vector<kripke::World> order(m.world_count());
    std::iota(order.begin(), order.end(), kripke::World{0});
    for (std::size_t k = order.size(); k > 1; --k) std::swap(order[k - 1], order[rng.below(k)]);
    CHECK(kripke::canonical_form(renumbered(m, order)) == kripke::canonical_form(m));
    // The actual world's valuation changed (the form covers the worlds reachable from it):
    // no longer the same model.
    {
      std::vector<std::uint32_t> changed = m.valuations();
      changed[m.actual()] ^= 8U;  // a value no other world carries
      std::vector<kripke::Partition> same;
      for (std::size_t i = 0; i < agents; ++i) same.push_back(m.partition(kripke::Agent(i)));
      const kripke::Model other(std::move(same), m.actual(), std::move(changed));
      CHECK(kripke::canonical_form(other) != kripke::canonical_form(m));
      ++apart;
    }
  }
  CHECK(apart == 200);
}

TEST_CASE("[plan] canonical forms write a belief's whole row, not its first world") {
  // Three worlds, one agent: from world 0 it believes {1, 2} in one model and {1} in the
  // other. Both rows start at world 1; the forms must still differ.
  const auto model = [](std::vector<std::vector<kripke::World>> rows) {
    kripke::Model m({kripke::Partition::universal(3)}, 0, {0, 1, 2});
    m.set_relation(kripke::Agent(0), kripke::Relation::from_successors(std::move(rows)));
    return m;
  };
  const kripke::Model wide = model({{1, 2}, {1}, {2}});
  const kripke::Model narrow = model({{1}, {1}, {2}});
  CHECK(kripke::canonical_form(wide) != kripke::canonical_form(narrow));
  CHECK(kripke::canonical_form(wide) == kripke::canonical_form(model({{1, 2}, {1}, {2}})));
}
