// Accessibility relations of any shape (relation.hpp): frame properties against brute
// force on random relations and random sets of alive worlds, the partition of an
// equivalence, pair counts, the names of the logics, and S5 given as arrows kept as today's
// partitions.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kripke/model.hpp"
#include "kripke/relation.hpp"
#include "kripke/rng.hpp"
#include "kripke/updates.hpp"

namespace {

using kripke::FrameProperties;
using kripke::Relation;
using kripke::World;
using kripke::WorldSet;

// Arrows added one at a time.
struct Arrows {
  explicit Arrows(std::size_t n) : successors(n) {}
  void add(World from, World to) { successors[from].push_back(to); }
  std::vector<std::vector<World>> successors;
};

// The properties straight from their definitions, over the alive worlds.
FrameProperties brute_force(const Relation& r, const WorldSet& alive) {
  const std::vector<World> ws = alive.members();
  FrameProperties f{true, true, true, true, true};
  for (World w : ws) {
    bool sees_any = false;
    if (!r.sees(w, w)) f.reflexive = false;
    for (World v : ws) {
      if (!r.sees(w, v)) continue;
      sees_any = true;
      if (!r.sees(v, w)) f.symmetric = false;
      for (World u : ws) {
        if (r.sees(v, u) && !r.sees(w, u)) f.transitive = false;
        if (r.sees(w, u) && !r.sees(v, u)) f.euclidean = false;
      }
    }
    if (!sees_any) f.serial = false;
  }
  return f;
}

bool same(const FrameProperties& a, const FrameProperties& b) {
  return a.reflexive == b.reflexive && a.serial == b.serial && a.transitive == b.transitive &&
         a.euclidean == b.euclidean && a.symmetric == b.symmetric;
}

// A random relation of one of several shapes, so that each property holds in some cases:
// arbitrary edges, an equivalence, "everyone sees a chosen few" (KD45), a preorder.
Relation random_relation(kripke::Rng& rng, std::size_t n) {
  Arrows r(n);
  switch (rng.below(4)) {
    case 0: {
      const auto percent = rng.below(101);
      for (World w = 0; w < n; ++w)
        for (World v = 0; v < n; ++v)
          if (rng.below(100) < percent) r.add(w, v);
      break;
    }
    case 1: {
      std::vector<std::uint64_t> block(n);
      for (auto& b : block) b = rng.below(3);
      for (World w = 0; w < n; ++w)
        for (World v = 0; v < n; ++v)
          if (block[w] == block[v]) r.add(w, v);
      break;
    }
    case 2: {
      std::vector<World> chosen;
      for (World v = 0; v < n; ++v)
        if (rng.below(3) == 0) chosen.push_back(v);
      for (World w = 0; w < n; ++w)
        for (World v : chosen) r.add(w, v);
      break;
    }
    default:  // w sees every v at or above its level
      std::vector<std::uint64_t> level(n);
      for (auto& l : level) l = rng.below(4);
      for (World w = 0; w < n; ++w)
        for (World v = 0; v < n; ++v)
          if (level[v] >= level[w]) r.add(w, v);
  }
  return Relation::from_successors(std::move(r.successors));
}

}  // namespace

TEST_CASE("[relation] frame properties agree with their definitions on random relations") {
  kripke::Rng rng(35);
  int equivalences = 0, kd45 = 0, neither = 0;
  for (int round = 0; round < 3000; ++round) {
    const std::size_t n = 1 + rng.below(12);
    const Relation r = random_relation(rng, n);
    WorldSet alive(n);
    for (World w = 0; w < n; ++w)
      if (rng.below(5) != 0) alive.set(w);
    INFO("round " << round << ", " << n << " worlds");
    const FrameProperties f = r.properties(alive);
    REQUIRE(same(f, brute_force(r, alive)));
    // The pairs among the alive worlds.
    std::size_t pairs = 0;
    alive.for_each([&](World w) { alive.for_each([&](World v) { pairs += r.sees(w, v); }); });
    REQUIRE(r.pairs(alive) == pairs);
    // An equivalence becomes a partition with the same classes; nothing else does.
    const auto partition = r.as_partition(alive);
    REQUIRE(partition.has_value() == f.equivalence());
    if (partition) {
      ++equivalences;
      alive.for_each([&](World w) {
        alive.for_each([&](World v) {
          REQUIRE((partition->class_of(w) == partition->class_of(v)) == r.sees(w, v));
        });
      });
      REQUIRE(f.logic() == "S5");
    } else if (f.logic() == "KD45") {
      ++kd45;
    } else {
      ++neither;
    }
  }
  // Each kind came up often enough to mean something.
  CHECK(equivalences > 100);
  CHECK(kd45 > 100);
  CHECK(neither > 100);
}

TEST_CASE("[relation] a partition's relation is an equivalence with the same classes") {
  std::vector<std::uint64_t> keys = {0, 1, 0, 2, 1, 1};
  const kripke::Partition p = kripke::Partition::from_keys(keys);
  const Relation r = Relation::of(p);
  const WorldSet all = WorldSet::full(keys.size());
  CHECK(r.properties(all).equivalence());
  CHECK(r.pairs(all) == 2 * 2 + 3 * 3 + 1);
  CHECK(r.row_count() == 3);  // a row per class, shared by its worlds
  const auto back = r.as_partition(all);
  REQUIRE(back.has_value());
  for (World w = 0; w < keys.size(); ++w)
    for (World v = 0; v < keys.size(); ++v)
      CHECK((back->class_of(w) == back->class_of(v)) == (keys[w] == keys[v]));
}

TEST_CASE("[relation] false belief: every world sees one world, not itself") {
  // Sally–Anne after Anne moves the marble: Sally's only belief-world is "in the basket"
  // (world 0) even at the actual world "in the box" (world 1).
  const Relation sally = Relation::from_successors({{0}, {0}});
  const FrameProperties f = sally.properties(WorldSet::full(2));
  CHECK_FALSE(f.reflexive);
  CHECK(f.serial);
  CHECK(f.transitive);
  CHECK(f.euclidean);
  CHECK_FALSE(f.symmetric);
  CHECK(f.logic() == "KD45");
  CHECK_FALSE(sally.as_partition(WorldSet::full(2)).has_value());
}

TEST_CASE("[relation] equal rows are stored once, and refining keeps a world's own key") {
  // Worlds 0-3 all believe {1, 2}: one row.
  const Relation r = Relation::from_successors({{2, 1}, {1, 2}, {2, 1, 1}, {1, 2}});
  CHECK(r.row_count() == 1);
  CHECK(r.pairs(WorldSet::full(4)) == 8);
  WorldSet alive = WorldSet::full(4);
  alive.reset(2);
  CHECK(r.pairs(alive) == 3);
  CHECK(r.possible(0, alive) == 1);
  // Learning the key (0, 0, 1, 1): worlds 0 and 1 keep world 1, worlds 2 and 3 keep 2.
  const Relation refined = r.refined_by({0, 0, 1, 1});
  CHECK(refined.row_count() == 2);
  CHECK(std::vector<World>(refined.successors(0).begin(), refined.successors(0).end()) ==
        std::vector<World>{1});
  CHECK(std::vector<World>(refined.successors(3).begin(), refined.successors(3).end()) ==
        std::vector<World>{2});
  // Nobody believes world 0 or 3, so the relation is neither reflexive nor symmetric, but
  // serial, transitive and Euclidean: KD45.
  CHECK(r.properties(WorldSet::full(4)).logic() == "KD45");
}

TEST_CASE("[relation] S5 given as arrows is today's partition, before and after an action") {
  kripke::Rng rng(3535);
  for (int round = 0; round < 200; ++round) {
    const std::size_t n = 1 + rng.below(40);
    std::vector<std::uint64_t> keys(n);
    for (auto& k : keys) k = rng.below(1 + n / 3);
    std::vector<std::vector<World>> arrows(n);
    for (World w = 0; w < n; ++w)
      for (World v = 0; v < n; ++v)
        if (keys[w] == keys[v]) arrows[w].push_back(v);
    std::vector<Relation> relations;
    relations.push_back(Relation::from_successors(arrows));
    kripke::Model given(std::move(relations), 0, kripke::Model::identity(n));
    REQUIRE(given.s5());
    REQUIRE(given.partition(0) == kripke::Partition::from_keys(keys));
    // An action whose arrows are an equivalence (events 0 and 1 alike, 2 apart) gives the
    // partition the same action with classes gives.
    kripke::ActionModel by_classes;
    for (int e = 0; e < 3; ++e) {
      WorldSet pre(n);
      for (World w = 0; w < n; ++w) pre.assign(w, w == 0 || rng.below(2) == 0);
      by_classes.preconditions.push_back(pre);
    }
    by_classes.event_class = {{0, 0, 2}};
    kripke::ActionModel by_arrows = by_classes;
    by_arrows.event_arrows = {{{0, 1}, {0, 1}, {2}}};
    kripke::Model a = given, b = given;
    kripke::product_update(a, by_classes);
    kripke::product_update(b, by_arrows);
    REQUIRE(b.s5());
    REQUIRE(a.partition(0) == b.partition(0));
  }
}

TEST_CASE("[relation] the logics' textbook names: B is KTB, symmetric alone is KB") {
  // The axioms each name stands for (D serial, T reflexive, B symmetric, 4 transitive, 5
  // Euclidean; B alone is KTB, S4 is KT4, S5 is KT5): every combination of properties is
  // named by a logic all of whose axioms it has, and the strongest such.
  const std::vector<std::pair<std::string, FrameProperties>> logics = {
      {"K", {}},
      {"KD", {.serial = true}},
      {"T", {.reflexive = true, .serial = true}},
      {"KB", {.symmetric = true}},
      {"KDB", {.serial = true, .symmetric = true}},
      {"B", {.reflexive = true, .serial = true, .symmetric = true}},
      {"K4", {.transitive = true}},
      {"KD4", {.serial = true, .transitive = true}},
      {"S4", {.reflexive = true, .serial = true, .transitive = true}},
      {"K5", {.euclidean = true}},
      {"KD5", {.serial = true, .euclidean = true}},
      {"K45", {.transitive = true, .euclidean = true}},
      {"KD45", {.serial = true, .transitive = true, .euclidean = true}},
      {"KB4", {.transitive = true, .euclidean = true, .symmetric = true}},
      {"S5", {true, true, true, true, true}}};
  const auto implied = [](const FrameProperties& weaker, const FrameProperties& f) {
    return (!weaker.reflexive || f.reflexive) && (!weaker.serial || f.serial) &&
           (!weaker.transitive || f.transitive) && (!weaker.euclidean || f.euclidean) &&
           (!weaker.symmetric || f.symmetric);
  };
  for (int bits = 0; bits < 32; ++bits) {
    const FrameProperties f{bool(bits & 1), bool(bits & 2), bool(bits & 4), bool(bits & 8),
                            bool(bits & 16)};
    // Only what a relation can have: reflexive is serial; symmetric and Euclidean is
    // transitive, symmetric and transitive Euclidean, and serial too reflexive; reflexive and
    // Euclidean is an equivalence.
    const bool possible = (!f.reflexive || f.serial) &&
                          (!(f.symmetric && f.euclidean) || f.transitive) &&
                          (!(f.symmetric && f.transitive) || f.euclidean) &&
                          (!(f.symmetric && f.transitive && f.serial) || f.reflexive) &&
                          (!(f.reflexive && f.euclidean) || f.equivalence());
    if (!possible) continue;
    INFO("properties " << bits << ": " << f.logic());
    const auto named = std::find_if(logics.begin(), logics.end(),
                                    [&](const auto& l) { return l.first == f.logic(); });
    REQUIRE(named != logics.end());
    CHECK(implied(named->second, f));
    // No other logic whose axioms f has is strictly stronger than the one named.
    for (const auto& [name, axioms] : logics)
      if (implied(axioms, f) && name != named->first) CHECK(!implied(named->second, axioms));
  }
  CHECK(FrameProperties{.symmetric = true}.logic() == "KB");
  CHECK(FrameProperties{.reflexive = true, .serial = true, .symmetric = true}.logic() == "B");
}
