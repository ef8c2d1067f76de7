// Differential tests: the engine and the naive reference model (reference_model.hpp) run the same
// random models through the same random updates, and must agree on the truth set of every random
// formula and on every statistic, after every update.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "kripke/bisimulation.hpp"
#include "kripke/errors.hpp"
#include "kripke/evaluate_at.hpp"
#include "kripke/updates.hpp"
#include "random_cases.hpp"

namespace {

using difftest::Case;
using kripke::Rng;

constexpr std::uint64_t kSeed = 0x6b7269706b65;  // any fixed value: the runs must repeat
constexpr int kFormulasPerStep = 5;
constexpr std::uint64_t kMaxUpdates = 8;
// The product update keeps models near their starting size: about this many worlds expected.
constexpr std::uint64_t kProductTarget = 250;

void require_same_model(const Case& c) {
  REQUIRE(c.engine.world_count() == static_cast<std::size_t>(c.ref.world_count()));
  REQUIRE(c.engine.actual() == static_cast<kripke::World>(c.ref.actual));
  REQUIRE(c.engine.valuations() == c.ref.valuation);
  REQUIRE(difftest::members(c.engine.alive()) ==
          std::vector<int>(c.ref.alive.begin(), c.ref.alive.end()));
  REQUIRE(c.engine.alive_count() == c.ref.alive.size());
  const std::vector<bool>& p0 = c.atoms->at("p0");
  for (int i = 0; i < c.agents(); ++i) {
    INFO("agent " << i + 1);
    REQUIRE(c.engine.possible(i) == c.ref.possible(i));
    REQUIRE(c.engine.relations(i) == c.ref.relations(i));
    std::vector<int> possible;
    for (int v : c.ref.alive)
      if (c.ref.rel[i][c.ref.actual][v]) possible.push_back(v);
    REQUIRE(difftest::members(c.engine.possible_worlds(i)) == possible);
    // knows_value: every possible world gives p0 the actual world's value.
    bool knows = true;
    for (int v : possible)
      knows = knows && p0[c.ref.valuation[v]] == p0[c.ref.valuation[c.ref.actual]];
    REQUIRE(kripke::knows_value(c.engine, i, [&](std::uint32_t v) { return bool(p0[v]); }) ==
            knows);
  }
}

void require_same_truth(const Case& c, const kripke::Formula& phi) {
  INFO("formula " << kripke::to_string(phi));
  REQUIRE(c.engine_truth_set(phi) == c.reference_truth_set(phi));
}

// A random formula true at the actual world (the negation of one that is false there).
kripke::FormulaPtr random_true_formula(const Case& c, Rng& rng) {
  auto phi = difftest::random_formula(rng, c.agents());
  require_same_truth(c, *phi);
  return c.engine_truth(*phi).test(c.engine.actual()) ? phi : kripke::f::neg(phi);
}

std::string announce(Case& c, Rng& rng) {
  const auto phi = random_true_formula(c, rng);
  kripke::public_announce(c.engine, c.engine_truth(*phi));
  const auto truth = c.reference_truth_set(*phi);
  c.ref.announce(std::set<int>(truth.begin(), truth.end()));
  return "announce " + kripke::to_string(*phi);
}

std::string observe(Case& c, Rng& rng) {
  const auto group = difftest::random_group(rng, c.agents());
  const auto key = difftest::random_keys(rng, c.engine.world_count());
  kripke::observe(c.engine, group, key);
  c.ref.observe(std::vector<int>(group.begin(), group.end()), key);
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "literal" + string.
  std::string what = "observe by";
  for (auto i : group) {
    what += ' ';
    what += std::to_string(i + 1);
  }
  return what;
}

// The same random action model for the engine and the reference. The actual event's precondition
// holds at the actual world iff `truthful`.
struct RandomAction {
  kripke::ActionModel engine;
  reference::Action ref;
};

RandomAction random_action(const Case& c, Rng& rng, bool truthful) {
  const std::uint64_t events = 1 + rng.below(4);
  const std::size_t worlds = c.engine.world_count();
  // Per-mille chance that a world satisfies a precondition: dense for small models, sparse enough
  // for large ones that the product stays near kProductTarget worlds.
  const std::uint64_t cap =
      std::min<std::uint64_t>(1000, 1000 * kProductTarget / (c.engine.alive_count() * events));
  const std::uint64_t permille = cap * (50 + rng.below(51)) / 100;

  RandomAction a;
  a.engine.actual_event = a.ref.actual_event = static_cast<int>(rng.below(events));
  for (std::uint64_t e = 0; e < events; ++e) {
    kripke::WorldSet pre(worlds);
    std::vector<bool> ref_pre(worlds);
    for (std::size_t w = 0; w < worlds; ++w) {
      bool holds = rng.below(1000) < permille;
      if (w == c.engine.actual() && e == a.engine.actual_event) holds = truthful;
      pre.assign(static_cast<kripke::World>(w), holds);
      ref_pre[w] = holds;
    }
    a.engine.preconditions.push_back(pre);
    a.ref.pre.push_back(ref_pre);
  }
  // Factual change: about a third of the events give every world a random valuation (a row
  // of the atoms' table, which is as long as the first model); some events share an earlier
  // event's row, as the parts of one move do.
  const std::size_t valuations = c.atoms->begin()->second.size();
  a.engine.valuation_after.resize(events);
  for (std::uint64_t e = 0; e < events; ++e) {
    if (rng.below(3) != 0) continue;
    if (e > 0 && a.engine.valuation_after[e - 1] && rng.below(2) == 0) {
      a.engine.valuation_after[e] = a.engine.valuation_after[e - 1];
      a.ref.post[static_cast<int>(e)] = a.ref.post[static_cast<int>(e - 1)];
      continue;
    }
    std::vector<std::uint32_t> row;
    for (std::size_t w = 0; w < worlds; ++w) {
      const auto v = static_cast<std::uint32_t>(rng.below(valuations));
      row.push_back(v);
      a.ref.post[static_cast<int>(e)][static_cast<int>(w)] = v;
    }
    a.engine.valuation_after[e] = kripke::valuation_row(std::move(row));
  }
  // Per agent, events it tells apart by classes, or (a quarter of the time) arrows of any
  // shape: an agent that does not notice the action, one that mistakes one event for another.
  a.engine.event_arrows.resize(std::size_t(c.agents()));
  for (int i = 0; i < c.agents(); ++i) {
    const auto classes = 1 + rng.below(events);
    std::vector<std::uint32_t> cls(events);
    for (auto& k : cls) k = static_cast<std::uint32_t>(rng.below(classes));
    reference::Matrix related(events, std::vector<bool>(events));
    for (std::uint64_t e = 0; e < events; ++e)
      for (std::uint64_t f = 0; f < events; ++f) related[e][f] = cls[e] == cls[f];
    if (rng.below(4) == 0) {
      auto& arrows = a.engine.event_arrows[std::size_t(i)];
      arrows.resize(events);
      for (std::uint64_t e = 0; e < events; ++e)
        for (std::uint64_t f = 0; f < events; ++f) {
          related[e][f] = rng.below(2) == 0;
          if (related[e][f]) arrows[e].push_back(std::uint32_t(f));
        }
    }
    a.engine.event_class.push_back(cls);
    a.ref.related.push_back(related);
  }
  return a;
}

std::string act(Case& c, Rng& rng) {
  const RandomAction a = random_action(c, rng, true);
  kripke::product_update(c.engine, a.engine);
  c.ref.product_update(a.ref);
  return "act with " + std::to_string(a.ref.pre.size()) + " events, " +
         std::to_string(a.ref.post.size()) + " with postconditions";
}

std::string random_update(Case& c, Rng& rng) {
  switch (rng.below(3)) {
    case 0:
      return announce(c, rng);
    case 1:
      return observe(c, rng);
    default:
      return act(c, rng);
  }
}

// Runs `count` random cases: a random model, then a random number of random updates. step(case,
// rng) runs before the first update and after each; last(case, rng) once at the end. `test` keeps
// the seeds of different tests apart.
template <class Step, class Last>
void run_cases(std::uint64_t test, int count, Step step, Last last) {
  for (int n = 0; n < count; ++n) {
    const auto seed = kripke::derive_seed(kSeed, {test, std::uint64_t(n)});
    INFO("case seed " << seed);
    Rng rng(seed);
    Case c = difftest::random_case(rng);
    std::string history = "start";
    const auto updates = rng.below(kMaxUpdates + 1);
    for (std::uint64_t u = 0;; ++u) {
      INFO(history);
      step(c, rng);
      if (u == updates) {
        last(c, rng);
        break;
      }
      history += "; " + random_update(c, rng);
    }
  }
}

void nothing(Case&, Rng&) {}

bool same_engine_model(const kripke::Model& a, const kripke::Model& b) {
  if (a.alive() != b.alive() || a.actual() != b.actual() || a.valuations() != b.valuations() ||
      a.agent_count() != b.agent_count())
    return false;
  for (std::size_t i = 0; i < a.agent_count(); ++i) {
    const auto agent = static_cast<kripke::Agent>(i);
    if (a.has_partition(agent) != b.has_partition(agent)) return false;
    if (a.has_partition(agent) && !(a.partition(agent) == b.partition(agent))) return false;
    const kripke::Relation ra = a.relation(agent), rb = b.relation(agent);
    for (kripke::World w = 0; w < a.world_count(); ++w)
      if (!std::ranges::equal(ra.successors(w), rb.successors(w))) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("engine and naive reference agree on random models, updates and formulas",
          "[differential]") {
  run_cases(
      0, 3000,
      [](Case& c, Rng& rng) {
        require_same_model(c);
        for (int k = 0; k < kFormulasPerStep; ++k)
          require_same_truth(c, *difftest::random_formula(rng, c.agents()));
      },
      nothing);
}

TEST_CASE("compact keeps every formula's truth and every statistic", "[differential][compact]") {
  run_cases(1, 500, nothing, [](Case& c, Rng& rng) {
    Case compacted = c;
    kripke::compact(compacted.engine);
    // World k of the compacted model is the k-th alive world of the original.
    const auto alive = c.engine.alive().members();
    REQUIRE(compacted.engine.world_count() == alive.size());
    REQUIRE(compacted.engine.alive_count() == alive.size());
    REQUIRE(alive[compacted.engine.actual()] == c.engine.actual());
    for (std::size_t k = 0; k < alive.size(); ++k)
      REQUIRE(compacted.engine.valuation(static_cast<kripke::World>(k)) ==
              c.engine.valuation(alive[k]));
    for (int i = 0; i < c.agents(); ++i) {
      REQUIRE(compacted.engine.possible(i) == c.engine.possible(i));
      REQUIRE(compacted.engine.relations(i) == c.engine.relations(i));
    }
    for (int k = 0; k < kFormulasPerStep; ++k) {
      const auto phi = difftest::random_formula(rng, c.agents());
      INFO("formula " << kripke::to_string(*phi));
      const auto before = c.engine_truth(*phi);
      const auto after = compacted.engine_truth(*phi);
      REQUIRE(after.test(compacted.engine.actual()) == before.test(c.engine.actual()));
      std::vector<kripke::World> mapped;
      after.for_each([&](kripke::World w) { mapped.push_back(alive[w]); });
      REQUIRE(mapped == before.members());
    }
  });
}

TEST_CASE("a false announcement throws and leaves the model unchanged",
          "[differential][announce]") {
  run_cases(2, 300, nothing, [](Case& c, Rng& rng) {
    const kripke::Model before = c.engine;
    const auto phi = kripke::f::neg(random_true_formula(c, rng));
    INFO("formula " << kripke::to_string(*phi));
    REQUIRE_THROWS_AS(kripke::public_announce(c.engine, c.engine_truth(*phi)),
                      kripke::FalseAnnouncement);
    REQUIRE(same_engine_model(c.engine, before));
  });
}

TEST_CASE("an impossible actual event throws and leaves the model unchanged",
          "[differential][product]") {
  run_cases(3, 300, nothing, [](Case& c, Rng& rng) {
    const kripke::Model before = c.engine;
    const RandomAction a = random_action(c, rng, false);
    REQUIRE_THROWS_AS(kripke::product_update(c.engine, a.engine), kripke::FalseAnnouncement);
    REQUIRE(same_engine_model(c.engine, before));
  });
}

namespace {

// The largest bisimulation over the alive worlds, by brute force: start from "same
// valuation" and drop a pair while one side has a successor the other cannot match.
std::vector<std::vector<bool>> brute_force_bisimilar(const kripke::Model& m) {
  const std::vector<kripke::World> alive = m.alive().members();
  const std::size_t n = m.world_count();
  std::vector<std::vector<bool>> same(n, std::vector<bool>(n, false));
  for (kripke::World a : alive)
    for (kripke::World b : alive) same[a][b] = m.valuation(a) == m.valuation(b);
  const auto sees = [&](kripke::Agent i, kripke::World a, kripke::World b) {
    return m.partition(i).class_of(a) == m.partition(i).class_of(b);
  };
  const auto matched = [&](kripke::Agent i, kripke::World a, kripke::World b) {
    // Every world a sees has a bisimilar one that b sees.
    for (kripke::World a2 : alive) {
      if (!sees(i, a, a2)) continue;
      bool found = false;
      for (kripke::World b2 : alive) found = found || (sees(i, b, b2) && same[a2][b2]);
      if (!found) return false;
    }
    return true;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (kripke::World a : alive)
      for (kripke::World b : alive)
        for (std::size_t i = 0; same[a][b] && i < m.agent_count(); ++i)
          if (!matched(kripke::Agent(i), a, b) || !matched(kripke::Agent(i), b, a)) {
            same[a][b] = false;
            changed = true;
          }
  }
  return same;
}

// The contraction's blocks are the brute-force bisimilarity classes, its quotient classes
// are each agent's classes read as blocks, and bisimilar worlds agree on random formulas.
// Returns whether any two worlds were merged.
bool require_true_contraction(const kripke::Model& m, const kripke::AtomResolver& atoms, Rng& rng) {
  const kripke::Contraction c = kripke::bisimulation_contraction(m, m.alive());
  const auto same = brute_force_bisimilar(m);
  const std::vector<kripke::World> alive = m.alive().members();
  for (kripke::World a : alive) {
    REQUIRE(c.block_of[a] < c.block_count());
    REQUIRE(c.representative[c.block_of[a]] <= a);
    for (kripke::World b : alive) REQUIRE((c.block_of[a] == c.block_of[b]) == same[a][b]);
  }
  for (std::size_t i = 0; i < m.agent_count(); ++i) {
    std::set<std::vector<std::uint32_t>> expected;
    for (kripke::World a : alive) {
      std::set<std::uint32_t> blocks;
      for (kripke::World b : alive)
        if (m.partition(kripke::Agent(i)).class_of(a) == m.partition(kripke::Agent(i)).class_of(b))
          blocks.insert(c.block_of[b]);
      expected.insert({blocks.begin(), blocks.end()});
    }
    REQUIRE(std::set<std::vector<std::uint32_t>>(c.classes[i].begin(), c.classes[i].end()) ==
            expected);
    REQUIRE(c.classes[i].size() == expected.size());
  }
  for (int k = 0; k < kFormulasPerStep; ++k) {
    const auto phi = difftest::random_formula(rng, int(m.agent_count()));
    INFO("formula " << kripke::to_string(*phi));
    const kripke::WorldSet truth = kripke::Evaluator(m, atoms).eval(*phi);
    for (kripke::World a : alive)
      REQUIRE(truth.test(a) == truth.test(c.representative[c.block_of[a]]));
  }
  return c.block_count() < alive.size();
}

}  // namespace

TEST_CASE("bisimulation contraction is the brute-force bisimilarity and keeps every formula",
          "[differential][bisimulation]") {
  int merged = 0, cases = 0;
  run_cases(4, 400, nothing, [&](Case& c, Rng& rng) {
    if (c.engine.alive_count() > 40) return;  // the brute force is quartic
    if (!c.engine.s5()) return;               // contraction is of S5 models
    // The model as the updates left it (worlds copied by product updates are bisimilar
    // when their copies' knowledge agrees), and the same relations over a coarse valuation
    // (three valuations in all), where many worlds merge.
    merged += require_true_contraction(c.engine, c.resolver(), rng);
    std::vector<kripke::Partition> partitions;
    for (int i = 0; i < c.agents(); ++i) partitions.push_back(c.engine.partition(i));
    std::vector<std::uint32_t> coarse = c.engine.valuations();
    const std::uint32_t kinds = std::min<std::uint32_t>(3, std::uint32_t(c.atoms->at("p0").size()));
    for (auto& v : coarse) v %= kinds;
    kripke::Model m(std::move(partitions), c.engine.actual(), std::move(coarse));
    m.restrict_alive(c.engine.alive());
    merged += require_true_contraction(m, c.resolver(), rng);
    cases += 2;
  });
  // Too few cases, or contractions that merge nothing, would prove little.
  CHECK(cases >= 100);
  CHECK(merged > cases / 4);
}

TEST_CASE("a formula evaluated at one world (evaluate_at.hpp) agrees with its truth set",
          "[differential][point]") {
  std::uint64_t answered = 0, gave_up = 0;
  run_cases(
      5, 600,
      [&](Case& c, Rng& rng) {
        // Half the time atoms are read at a world (as a game's variables are), else from
        // their truth sets.
        kripke::PointEvaluator::AtomAt atom_at;
        if (rng.below(2) == 0)
          atom_at = [&c](const kripke::Formula& a, kripke::World w) -> std::optional<bool> {
            const auto it = c.engine_atoms->find(a.name);
            if (it == c.engine_atoms->end()) return std::nullopt;
            return it->second.test(c.engine.valuation(w));
          };
        const std::vector<std::string> no_names;
        kripke::PointEvaluator at(
            c.engine, [&](const kripke::Formula& phi) { return c.engine_truth(phi); }, no_names,
            atom_at);
        for (int k = 0; k < kFormulasPerStep; ++k) {
          const auto phi = difftest::random_formula(rng, c.agents());
          INFO("formula " << kripke::to_string(*phi));
          const kripke::WorldSet truth = c.engine_truth(*phi);
          c.engine.alive().for_each([&](kripke::World w) {
            const std::optional<bool> holds = at.holds_at(*phi, w);
            ++(holds ? answered : gave_up);
            if (holds) REQUIRE(*holds == truth.test(w));
          });
        }
      },
      nothing);
  // Most questions are answered from the classes; some give up (the budget works).
  CHECK(answered > 10 * gave_up);
  CHECK(gave_up > 0);
}
