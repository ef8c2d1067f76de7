// The symbolic engine (knowledge structures on BuDDy) against the explicit one: random
// structures (up to 10 variables, random laws and observations), random announcements and
// random formulas with every operator must give the same truth at every state and the same
// counts. Then the muddy children symbolically, with the literature's answer: with k muddy
// children, the muddy ones know after k − 1 rounds of "nobody knows", the others do not.
#include <catch2/catch.hpp>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "event_recorder.hpp"
#include "games/catalog.hpp"
#include "kripke/evaluate.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/games/muddy/game.hpp"
#include "kripke/symbolic/every_twin.hpp"
#include "kripke/symbolic/knowledge_structure.hpp"
#include "kripke/symbolic/muddy_children.hpp"
#include "kripke/updates.hpp"
#include "random_cases.hpp"
#include "text_cat.hpp"

namespace {

using kripke::Rng;
using kripke::World;
using kripke::symbolic::BuddySession;
using kripke::symbolic::KnowledgeStructure;
using kripke::symbolic::SymbolicEvaluator;

// Atoms p0, p1, ... are variables 0, 1, ...
int variable_of(const kripke::Formula& atom, int variables) {
  const int v = atom.name.size() > 1 && atom.name[0] == 'p' ? std::stoi(atom.name.substr(1)) : -1;
  if (v < 0 || v >= variables || !atom.args.empty())
    throw kripke::FormulaError(kripke_test::cat("unknown atom '", atom.name, "'"), atom.column);
  return v;
}

// A random Boolean formula over p0..p(n-1): a law.
kripke::FormulaPtr random_law(Rng& rng, int n, int depth) {
  namespace f = kripke::f;
  if (depth == 0 || difftest::coin(rng, 25)) {
    auto a = f::atom(kripke_test::cat("p", std::to_string(rng.below(std::uint64_t(n)))));
    return difftest::coin(rng, 30) ? f::neg(a) : a;
  }
  auto left = random_law(rng, n, depth - 1);
  auto right = random_law(rng, n, depth - 1);
  return difftest::coin(rng, 50) ? f::disj(left, right) : f::conj(left, right);
}

// The same structure twice: explicitly (world w = the assignment whose bit v is p_v) and
// symbolically.
struct Twin {
  int n = 0;
  std::vector<std::vector<int>> observed;
  kripke::Model model;
  KnowledgeStructure ks;

  Twin(int variables, std::vector<std::vector<int>> obs, World actual)
      : n(variables), observed(obs), ks(variables, std::move(obs)) {
    std::vector<kripke::Partition> partitions;
    for (const auto& vars : observed) {
      std::uint64_t mask = 0;
      for (int v : vars) mask |= std::uint64_t{1} << v;
      std::vector<std::uint64_t> keys(std::size_t{1} << n);
      for (std::size_t w = 0; w < keys.size(); ++w) keys[w] = w & mask;
      partitions.push_back(kripke::Partition::from_keys(keys));
    }
    model = kripke::Model(std::move(partitions), actual);
  }

  kripke::WorldSet explicit_truth(const kripke::Formula& phi) const {
    const int vars = n;
    const kripke::AtomResolver atoms = [vars](const kripke::Formula& a, const kripke::Model& m) {
      const int v = variable_of(a, vars);
      return kripke::worlds_where(m, [v](std::uint32_t w) { return (w >> v) & 1U; });
    };
    return kripke::Evaluator(model, atoms).eval(phi);
  }
  bdd symbolic_truth(const kripke::Formula& phi) const {
    const int vars = n;
    return SymbolicEvaluator(
               ks, [vars](const kripke::Formula& a) { return bdd_ithvar(variable_of(a, vars)); })
        .eval(phi);
  }
  bdd assignment(World w) const {
    bdd cube = bddtrue;
    for (int v = 0; v < n; ++v) cube &= (w >> v) & 1U ? bdd_ithvar(v) : bdd_nithvar(v);
    return cube;
  }

  // Both engines give φ the same truth at every state, and the same count of states.
  void require_same(const kripke::Formula& phi) const {
    INFO("formula " << kripke::to_string(phi));
    const kripke::WorldSet truth = explicit_truth(phi);
    const bdd symbolic = symbolic_truth(phi);
    REQUIRE(ks.count(ks.law() & symbolic) == kripke::BigCount(truth.count()));
    model.alive().for_each([&](World w) {
      INFO("state " << w);
      REQUIRE(((assignment(w) & symbolic) != bddfalse) == truth.test(w));
    });
  }

  void announce(const kripke::Formula& phi) {
    kripke::public_announce(model, explicit_truth(phi));
    ks.restrict_to(symbolic_truth(phi));
  }
};

}  // namespace

TEST_CASE("[symbolic] knowledge structures agree with the explicit engine on random models") {
  int announcements = 0, formulas = 0;
  for (std::uint64_t c = 0; c < 300; ++c) {
    Rng rng(kripke::derive_seed(0x73796d626f6c, {c}));
    INFO("case " << c);
    const int n = 4 + int(rng.below(7));  // 4..10 variables (formulas use p0..p3)
    const int agents = 1 + int(rng.below(3));
    std::vector<std::vector<int>> observed(static_cast<std::size_t>(agents));
    for (auto& vars : observed)
      for (int v = 0; v < n; ++v)
        if (difftest::coin(rng, 45)) vars.push_back(v);
    const World actual = World(rng.below(std::uint64_t{1} << n));
    BuddySession session(n);
    Twin twin(n, observed, actual);
    // The law: a random formula, or-ed with the actual assignment so that it is a state.
    auto law = random_law(rng, n, 4);
    kripke::FormulaPtr here = kripke::f::truth();
    for (int v = 0; v < n; ++v) {
      auto a = kripke::f::atom(kripke_test::cat("p", std::to_string(v)));
      here = kripke::f::conj(here, (actual >> v) & 1U ? a : kripke::f::neg(a));
    }
    law = kripke::f::disj(law, here);
    twin.announce(*law);
    REQUIRE(twin.ks.state_count() == twin.model.alive_count());
    for (int step = 0; step < 3; ++step) {
      for (int k = 0; k < 5; ++k) {
        twin.require_same(*difftest::random_formula(rng, agents));
        ++formulas;
      }
      // A random true announcement (the negation of a false one).
      auto phi = difftest::random_formula(rng, agents);
      if (!twin.explicit_truth(*phi).test(actual)) phi = kripke::f::neg(phi);
      twin.announce(*phi);
      REQUIRE(twin.ks.state_count() == twin.model.alive_count());
      ++announcements;
    }
  }
  CHECK(formulas == 300 * 15);
  CHECK(announcements == 300 * 3);
}

TEST_CASE("[symbolic] twins in one pass: counts and the states whose every twin is a state") {
  using kripke::symbolic::AssignmentCount;
  Rng rng(20261126);
  for (int round = 0; round < 400; ++round) {
    const int n = 1 + int(rng.below(14));
    BuddySession session(n);
    const kripke::FormulaPtr law = random_law(rng, n, 1 + int(rng.below(6)));
    KnowledgeStructure ks(n, std::vector<std::vector<int>>{});
    const bdd f = round == 0   ? bddtrue
                  : round == 1 ? bddfalse
                               : SymbolicEvaluator(ks, [n](const kripke::Formula& a) {
                                   return bdd_ithvar(variable_of(a, n));
                                 }).eval(*law);
    INFO(n << " variables, law " << kripke::to_string(*law));
    const std::vector<kripke::BigCount> twins = AssignmentCount(f, n).twin_counts();
    REQUIRE(twins.size() == std::size_t(n));
    bdd every = bddtrue;
    for (int v = 0; v < n; ++v) {
      INFO("variable " << v);
      const bdd both = bdd_forall(f, bdd_ithvar(v));
      REQUIRE(twins[std::size_t(v)] == AssignmentCount(both, n).total());
      every &= both;
    }
    REQUIRE(kripke::symbolic::every_twin(f) == every);
    // Each variable's twin asked to be a state, not to be one, or not asked.
    using Twin = kripke::symbolic::EveryTwin::Twin;
    std::vector<Twin> chosen;
    bdd expected = f;
    for (int v = 0; v < n; ++v) {
      chosen.push_back(Twin(rng.below(3)));
      const bdd both = bdd_forall(f, bdd_ithvar(v));
      if (chosen.back() == Twin::In) expected &= both;
      if (chosen.back() == Twin::Out) expected &= !both;
    }
    REQUIRE(kripke::symbolic::EveryTwin(chosen).of(f) == expected);
  }
}

TEST_CASE(
    "[symbolic] a conjunction of what agents know of their own variables equals its "
    "conjuncts evaluated one by one") {
  Rng rng(11262026);
  for (int round = 0; round < 200; ++round) {
    const int n = 2 + int(rng.below(9));
    BuddySession session(n);
    // Agent i < n misses variable i only (the pattern); agent n misses two variables.
    std::vector<std::vector<int>> observed(std::size_t(n) + 1);
    for (int i = 0; i < n; ++i)
      for (int v = 0; v < n; ++v)
        if (v != i) observed[std::size_t(i)].push_back(v);
    for (int v = 2; v < n; ++v) observed[std::size_t(n)].push_back(v);
    KnowledgeStructure ks(n, observed);
    const auto atoms = [n](const kripke::Formula& a) { return bdd_ithvar(variable_of(a, n)); };
    ks.restrict_to(SymbolicEvaluator(ks, atoms).eval(*random_law(rng, n, 1 + int(rng.below(5)))));
    // Conjuncts: ~Kw_i p_j, Kw_i p_j, K_i p_j, K_i ~p_j (the pattern when i = j < n), and
    // others.
    std::vector<kripke::FormulaPtr> parts;
    const int count = 1 + int(rng.below(6));
    for (int k = 0; k < count; ++k) {
      const int i = int(rng.below(std::uint64_t(n) + 1));
      const int j = difftest::coin(rng, 70) ? std::min(i, n - 1) : int(rng.below(std::uint64_t(n)));
      auto atom = kripke::f::atom(kripke_test::cat("p", std::to_string(j)));
      const auto agent = kripke::Agent(i);
      switch (difftest::coin(rng, 85) ? rng.below(4) : 4) {
        case 0:
          parts.push_back(kripke::f::neg(kripke::f::knows_whether(agent, atom)));
          break;
        case 1:
          parts.push_back(kripke::f::knows_whether(agent, atom));
          break;
        case 2:
          parts.push_back(kripke::f::knows(agent, atom));
          break;
        case 3:
          parts.push_back(kripke::f::knows(agent, kripke::f::neg(atom)));
          break;
        default:
          parts.push_back(random_law(rng, n, 2));
      }
    }
    const SymbolicEvaluator evaluator(ks, atoms);
    bdd one_by_one = bddtrue;
    for (const auto& part : parts) one_by_one &= evaluator.eval(*part);
    const kripke::FormulaPtr all = kripke::f::all_of(parts);
    INFO(kripke::to_string(*all));
    // On the states: a formula's BDD may say anything at assignments the law excludes
    // (K_i p is ∀(θ → p), true at such an assignment whose twin is excluded too).
    REQUIRE((evaluator.eval(*all) & ks.law()) == (one_by_one & ks.law()));
  }
}

TEST_CASE("[symbolic] counts over more than 128 variables: exact while they fit, an error past") {
  using kripke::symbolic::AssignmentCount;
  constexpr int n = 140;
  BuddySession session(n);
  // Every variable but the last two fixed: 4 assignments, the false terminal 139 levels
  // below the root (its count, zero, shifted that far).
  bdd f = bddtrue;
  for (int v = 0; v < n - 2; ++v) f &= (v % 3 == 0 ? bdd_nithvar(v) : bdd_ithvar(v));
  CHECK(AssignmentCount(f, n).total() == 4);
  CHECK(AssignmentCount(f, n).nth(3).back());
  CHECK(AssignmentCount(f & bdd_ithvar(n - 1), n).total() == 2);
  CHECK(AssignmentCount(bddfalse, n).total() == 0);
  // 12 variables fixed, 128 free: 2^128 does not fit.
  bdd g = bddtrue;
  for (int v = 0; v < 12; ++v) g &= bdd_ithvar(v * 11);
  CHECK_THROWS_AS(AssignmentCount(g, n).total(), std::overflow_error);
  // 13 fixed, 127 free: 2^127 does.
  CHECK(AssignmentCount(g & bdd_ithvar(1), n).total() == kripke::BigCount{1} << 127);
}

TEST_CASE("[symbolic] the muddy children: k muddy know after k - 1 rounds, up to 100 children") {
  for (int n : {3, 5, 12, 20, 40, 100}) {
    for (int k : {1, 2, 3, n / 2, n}) {
      // (100 children with 50 or 100 muddy take seconds: the bench case, not the tests.)
      if (k < 1 || k > n || (n == 100 && k > 3)) continue;
      INFO(n << " children, " << k << " muddy");
      std::vector<bool> muddy(static_cast<std::size_t>(n), false);
      for (int i = 0; i < k; ++i) muddy[std::size_t(i)] = true;
      kripke::symbolic::SymbolicMuddyChildren m(muddy);
      m.father();
      REQUIRE(m.structure().state_count() == (kripke::BigCount{1} << n) - 1);
      // Who knows, by the twin world, is who knows by the formula Kw_i muddy(i).
      const auto knowers_by_formula = [&] {
        std::vector<int> out;
        for (int i = 1; i <= n; ++i)
          if (m.holds(*kripke::f::unary(kripke::Formula::Kind::KnowsWhether, m.muddy_atom(i),
                                        {kripke::Agent(i - 1)})))
            out.push_back(i);
        return out;
      };
      // The rounds' truth set, by quantification, is the formula's on the states.
      kripke::FormulaPtr nobody = kripke::f::truth();
      for (int i = 1; i <= n; ++i)
        nobody = kripke::f::conj(
            nobody, kripke::f::neg(kripke::f::unary(kripke::Formula::Kind::KnowsWhether,
                                                    m.muddy_atom(i), {kripke::Agent(i - 1)})));
      for (int round = 1; round < k; ++round) {
        REQUIRE(m.knowers().empty());
        REQUIRE(knowers_by_formula().empty());
        const bdd law = m.structure().law();
        REQUIRE((law & m.nobody_knows_truth()) == (law & m.eval(*nobody)));
        for (int child : {0, n / 2, n - 1})
          REQUIRE(m.relation_pairs(child) ==
                  m.structure().state_count() +
                      m.structure().count(bdd_forall(law, bdd_ithvar(m.variable_of(child)))));
        m.nobody_knows();
      }
      CHECK(m.knowers() == knowers_by_formula());
      std::vector<int> muddy_ones;
      for (int i = 1; i <= k; ++i) muddy_ones.push_back(i);
      CHECK(m.knowers() == muddy_ones);
      // Every child knows that someone is muddy, and it is common knowledge.
      kripke::FormulaPtr someone = kripke::f::falsity();
      std::vector<kripke::Agent> all;
      for (int i = 1; i <= n; ++i) {
        someone = kripke::f::disj(someone, m.muddy_atom(i));
        all.push_back(i - 1);
      }
      CHECK(m.holds(*kripke::f::unary(kripke::Formula::Kind::Common, someone, all)));
    }
  }
  // play() stops at the first round where someone knows.
  CHECK(kripke::symbolic::SymbolicMuddyChildren(std::vector<bool>(30, true)).play() == 29);
}

TEST_CASE("[symbolic] a node limit too small is an error, not a crash") {
  BuddySession session(40, 2000);
  KnowledgeStructure ks(40, {{}});
  // The parity of 40 variables needs 2 nodes per level, but with a law that keeps its
  // pairs apart it outgrows 2000 nodes.
  kripke::FormulaPtr law = kripke::f::truth();
  for (int v = 0; v + 20 < 40; ++v)
    law = kripke::f::conj(
        law, kripke::f::binary(kripke::Formula::Kind::Iff,
                               kripke::f::atom(kripke_test::cat("p", std::to_string(v))),
                               kripke::f::atom(kripke_test::cat("p", std::to_string(v + 20)))));
  const SymbolicEvaluator eval(
      ks, [](const kripke::Formula& a) { return bdd_ithvar(variable_of(a, 40)); });
  REQUIRE_THROWS_AS(eval.eval(*law), kripke::symbolic::SymbolicLimit);
  REQUIRE_THROWS_WITH(BuddySession::check(), Catch::Contains("outgrew their node limit"));
}

TEST_CASE("[symbolic] the muddy children's game logs the same on both engines") {
  // Every deal of 2 to 6 children (and a few of 8), played with "engine": "explicit" and
  // "symbolic": the JSON Lines logs are equal line for line (world counts, possible worlds,
  // relation pairs, who knows, winners).
  for (int n = 2; n <= 8; ++n) {
    const std::uint64_t deals = (std::uint64_t{1} << n) - 1;
    for (std::uint64_t mask = 1; mask <= deals; mask += n <= 6 ? 1 : 37) {
      INFO(n << " children, deal " << mask);
      kripke::Json deal = kripke::Json::array();
      for (int i = 0; i < n; ++i)
        if ((mask >> i) & 1U) deal.push_back(i + 1);
      std::string logs[2];
      int k = 0;
      for (const char* engine : {"explicit", "symbolic"}) {
        using kripke_test::EventRecorder;
        kripke::GameConfig config;
        config.game = "muddy";
        config.engine = engine;
        config.rules = {{"children", n}};
        config.deal = {{"muddy", deal}};
        const auto game = kripkesim::games().make(config);
        EventRecorder log;
        kripke::GameRunner(*game, 1, log).run();
        for (const auto& e : log.events)
          if (!e.record.is_null()) logs[k] += e.record.dump() + "\n";
        ++k;
      }
      REQUIRE(logs[0] == logs[1]);
    }
  }
}

TEST_CASE(
    "[symbolic] \"engine\": auto takes the symbolic engine when the explicit model would not fit") {
  const auto muddy = [](int n, const char* engine) {
    kripke::GameConfig config;
    config.game = "muddy";
    config.engine = engine;
    config.rules = {{"children", n}};
    return kripkesim::games().make(config);
  };
  const auto is_symbolic = [](const kripke::Game& g) {
    return static_cast<const kripke::muddy::MuddyGame&>(g).symbolic();
  };
  CHECK_FALSE(is_symbolic(*muddy(10, "auto")));
  CHECK(is_symbolic(*muddy(10, "symbolic")));
  CHECK(is_symbolic(*muddy(40, "auto")));  // 2^40 worlds: over any limit
  CHECK_THROWS_WITH(muddy(40, "explicit"), Catch::Contains("use \"engine\": \"symbolic\""));
  // A game without a symbolic engine refuses it, naming the games that have one.
  const kripke::Json clue = {{"game", "clue"}, {"engine", "symbolic"}};
  kripke::ObjectReader reader(clue, "");
  CHECK_THROWS_WITH(
      kripkesim::games().read_config(reader),
      Catch::Contains("the symbolic engine does not run clue yet (it runs: muddy, gossip, model)"));
  // 100 children play out on the symbolic engine: 3 muddy know after 2 rounds.
  kripke::GameConfig config;
  config.game = "muddy";
  config.rules = {{"children", 100}};
  config.deal = {{"muddy", kripke::Json::array({1, 2, 3})}};
  const auto game = kripkesim::games().make(config);
  kripke::NullSink quiet;
  const kripke::GameResult r = kripke::GameRunner(*game, 1, quiet).run();
  CHECK(r.turns == 2);
  CHECK(r.winners == std::vector<kripke::Agent>{0, 1, 2});
}

TEST_CASE("[symbolic] check and scenario steps evaluate formulas on the symbolic engine") {
  kripke_test::TempDir dir;
  // 40 children, 1 and 2 muddy: after one round of "nobody knows" both know.
  const std::string config = dir.write("forty.json", R"({"game": "muddy", "rules": {"children": 40},
    "deal": {"muddy": [1, 2]}})");
  const auto yes = kripke_test::run_cli({"check", config, "--turns", "1", "-f", "K1 muddy(1)"});
  CHECK(yes.exit_code == 0);
  CHECK_THAT(yes.out, Catch::StartsWith("true\n"));
  CHECK_THAT(yes.out, Catch::Contains("child 3: 2 possible worlds, knows the formula: no"));
  const auto no = kripke_test::run_cli({"check", config, "-f", "K1 muddy(1)"});
  CHECK(no.exit_code == 1);
  const auto bad = kripke_test::run_cli({"check", config, "-f", "muddy(41)"});
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("the atoms are muddy(1) to muddy(40)"));
  const auto at = kripke_test::run_cli(
      {"check", config, "--turns", "1", "-f", "K1 muddy(1)", "--at", "[1, 2, 3]"});
  CHECK(at.exit_code == 1);  // with three muddy, child 1 does not know after one round
  CHECK(at.out == "false at muddy 1 2 3\n");
  const auto gone =
      kripke_test::run_cli({"check", config, "--turns", "1", "-f", "muddy(1)", "--at", "[3]"});
  CHECK(gone.exit_code == 2);
  CHECK_THAT(gone.err, Catch::Contains("muddy 3 is no longer possible"));
  const auto numbered = kripke_test::run_cli({"check", config, "-f", "muddy(1)", "--at", "5"});
  CHECK(numbered.exit_code == 2);
  CHECK_THAT(numbered.err, Catch::Contains("names a world by its muddy children"));
  const auto json = kripke_test::run_cli({"check", config, "-f", "muddy(1)", "--format", "json"});
  CHECK(json.out == "{\"actual\":[1,2],\"formula\":\"muddy(1)\",\"holds\":true}\n");
  const auto listed =
      kripke_test::run_cli({"check", config, "--where", "muddy(1)", "--limit", "2"});
  CHECK(listed.exit_code == 0);
  CHECK(listed.out ==
        "549755813888 worlds of 1099511627775:\n  muddy 1\n  muddy 1 2\n"
        "  ... and 549755813886 more (--limit 0 lists them all)\n");
  const auto drawn = kripke_test::run_cli({"draw", config});
  CHECK(drawn.exit_code == 2);
  CHECK_THAT(drawn.err, Catch::Contains("\"engine\": \"explicit\""));
  // With 6 children both engines answer every question alike, word for word.
  const std::string six = dir.write("six.json", R"({"game": "muddy", "rules": {"children": 6},
    "deal": {"muddy": [2, 3, 5]}})");
  for (const std::vector<std::string>& q :
       std::vector<std::vector<std::string>>{{"--where", "K2 muddy(2) | muddy(4)", "--limit", "5"},
                                             {"--where", "~Kw1 muddy(1)", "--format", "json"},
                                             {"--valid", "muddy(1) | muddy(6)"},
                                             {"--count", "E{1,2} (muddy(3) | muddy(5))"},
                                             {"-f", "C{1,2,3} ~muddy(4)", "--at", "[1, 2, 6]"}})
    for (const char* turns : {"0", "1", "2"}) {
      std::vector<std::string> args = {"check", six, "--turns", turns};
      args.insert(args.end(), q.begin(), q.end());
      auto a = args, b = args;
      a.insert(a.end(), {"--engine", "explicit"});
      b.insert(b.end(), {"--engine", "symbolic"});
      const auto x = kripke_test::run_cli(a), y = kripke_test::run_cli(b);
      INFO(kripke_test::cat(q[0], " ", q[1], " after turn ", turns));
      CHECK(x.exit_code == y.exit_code);
      CHECK(x.out == y.out);
      CHECK(x.err == y.err);
    }
  const std::string scenario = dir.write("forty-scenario.json", R"json({"game": "muddy",
    "rules": {"children": 40}, "deal": {"muddy": [1, 2]}, "script": [
      {"expect": "~K1 muddy(1) & C{1,2,3} (muddy(1) | muddy(2) | muddy(3))"},
      {"move": "nobody-knows"},
      {"expect": "K1 muddy(1) & K2 muddy(2) & ~Kw3 muddy(3)"},
      {"expect_winners": [1, 2]},
      {"expect": "K3 ~muddy(3)", "comment": "wrong: child 3 does not know yet"}]})json");
  const auto played = kripke_test::run_cli({"scenario", scenario});
  CHECK(played.exit_code == 1);
  CHECK_THAT(played.out, Catch::Contains("step 4 (/script/4/expect)"));
  CHECK_THAT(played.out, !Catch::Contains("step 0 "));
  CHECK_THAT(played.out, !Catch::Contains("step 2 "));
}
