// Models written in a config, on both engines: random models of the language (true/false
// and integer variables with ranges, lists and named values, a law, agents observing
// variables and terms), random formulas with every operator and comparisons of terms, and
// random sequences of announcements, observations and actions (with factual change). The
// explicit engine and the symbolic one must agree on every count, every truth value at the
// actual world, every list of worlds, every logged update (relations included) and every
// message about a postcondition that leaves a domain. Then the bundled puzzles on
// the symbolic engine, with the answers the literature gives.
#include <catch2/catch.hpp>
#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "event_recorder.hpp"
#include "games/catalog.hpp"
#include "random_cases.hpp"
#include "text_cat.hpp"

namespace {

using difftest::coin;
using kripke::Json;
using kripke::Rng;
namespace f = kripke::f;
namespace t = kripke::t;

struct IntVariable {
  std::string name;
  std::int64_t low = 0, high = 0;  // a range that covers the domain, for constants
  std::vector<std::int64_t> values;
};

struct RandomModel {
  Json rules;
  std::vector<std::string> booleans;
  std::vector<IntVariable> integers;
  int agents = 0;
};

kripke::TermPtr random_term(Rng& rng, const RandomModel& m) {
  const auto variable = [&] { return t::variable(m.integers[rng.below(m.integers.size())].name); };
  switch (rng.below(6)) {
    case 0: {
      auto left = variable();
      return t::apply(kripke::Term::Op::Add, left, variable());
    }
    case 1: {
      auto left = variable();
      return t::apply(kripke::Term::Op::Subtract, left, variable());
    }
    case 2:
      return t::apply(kripke::Term::Op::Multiply, variable(),
                      t::number(2 + std::int64_t(rng.below(2))));
    case 3:
      return t::apply(kripke::Term::Op::Remainder, variable(),
                      t::number(2 + std::int64_t(rng.below(2))));
    default:
      return variable();
  }
}

// `knowledge`: whether Kv may be drawn (a law speaks of facts only).
kripke::FormulaPtr random_leaf(Rng& rng, const RandomModel& m, bool knowledge = true) {
  const char* const ops[] = {"=", "!=", "<", "<=", ">", ">="};
  const auto r = rng.below(20);
  if (r == 0) return f::truth();
  if (r == 1) return f::falsity();
  if (r == 2 && knowledge && !m.integers.empty())
    return f::knows_value(kripke::Agent(rng.below(std::uint64_t(m.agents))), random_term(rng, m));
  if (!m.booleans.empty() && (m.integers.empty() || coin(rng, 35)))
    return f::atom(m.booleans[rng.below(m.booleans.size())]);
  const IntVariable& near = m.integers[rng.below(m.integers.size())];
  auto lhs = random_term(rng, m);
  const std::string op = ops[rng.below(6)];
  if (coin(rng, 30)) return f::compare(lhs, op, random_term(rng, m));
  const auto span = std::uint64_t(near.high - near.low + 3);
  return f::compare(lhs, op, t::number(near.low - 1 + std::int64_t(rng.below(span))));
}

kripke::FormulaPtr random_formula(Rng& rng, const RandomModel& m, int depth) {
  return difftest::random_formula_with(rng, depth, m.agents,
                                       [&m](Rng& r) { return random_leaf(r, m); });
}

// A law: comparisons and atoms under the Boolean connectives only.
kripke::FormulaPtr random_law(Rng& rng, const RandomModel& m, int depth) {
  if (depth == 0 || coin(rng, 30)) return random_leaf(rng, m, false);
  auto left = random_law(rng, m, depth - 1);
  auto right = random_law(rng, m, depth - 1);
  if (coin(rng, 20)) return f::neg(left);
  return coin(rng, 50) ? f::disj(left, right) : f::conj(left, right);
}

// `all_but_one`: each agent observes every variable but one true/false variable (as a muddy
// child does), the shape the symbolic engine reads at a world and its twin.
RandomModel random_model(Rng& rng, bool all_but_one = false) {
  RandomModel m;
  Json variables = Json::array();
  const int count = 1 + int(rng.below(4));
  for (int k = 0; k < count; ++k) {
    const std::string name = kripke_test::cat(k % 2 ? "y" : "x", std::to_string(k));
    const auto kind = rng.below(10);
    if (kind < 3) {
      const std::string atom = kripke_test::cat("p", std::to_string(k));
      m.booleans.push_back(atom);
      variables.push_back(kind == 0 ? Json(atom) : Json{{"name", atom}});
    } else if (kind < 7) {
      const std::int64_t low = std::int64_t(rng.below(6)) - 2;
      const std::int64_t high = low + 1 + std::int64_t(rng.below(5));
      variables.push_back({{"name", name}, {"from", low}, {"to", high}});
      std::vector<std::int64_t> range;
      for (std::int64_t v = low; v <= high; ++v) range.push_back(v);
      m.integers.push_back({name, low, high, range});
    } else if (kind < 9) {  // a list of integers in no particular order
      Json values = Json::array();
      std::vector<std::int64_t> seen;
      const auto size = 2 + rng.below(4);
      while (seen.size() < size) {
        const std::int64_t v = std::int64_t(rng.below(15)) - 5;
        if (std::find(seen.begin(), seen.end(), v) != seen.end()) continue;
        seen.push_back(v);
        values.push_back(v);
      }
      variables.push_back({{"name", name}, {"values", values}});
      m.integers.push_back({name, -5, 9, seen});
    } else {  // named values: they stand for 0, 1, ...
      Json labels = Json::array();
      const auto size = 2 + rng.below(3);
      for (std::uint64_t i = 0; i < size; ++i)
        labels.push_back(kripke_test::cat(name, "_v", std::to_string(i)));
      variables.push_back({{"name", name}, {"values", labels}});
      std::vector<std::int64_t> indices;
      for (std::uint64_t i = 0; i < size; ++i) indices.push_back(std::int64_t(i));
      m.integers.push_back({name, 0, std::int64_t(size) - 1, indices});
    }
  }
  if (all_but_one && m.booleans.empty()) {
    m.booleans.push_back("p9");
    variables.push_back("p9");
  }
  m.agents = 2 + int(rng.below(2));
  Json agents = Json::array();
  for (int i = 0; i < m.agents; ++i) {
    Json observes = Json::array();
    const std::string unseen = all_but_one ? m.booleans[rng.below(m.booleans.size())] : "";
    for (const auto& v : variables) {
      const Json name = v.is_string() ? v : v["name"];
      if (all_but_one ? name != unseen : coin(rng, 40)) observes.push_back(name);
    }
    if (!all_but_one && !m.integers.empty() && coin(rng, 35))
      observes.push_back(to_string(*random_term(rng, m)));
    agents.push_back({{"name", std::string(1, char('a' + i))}, {"observes", observes}});
  }
  m.rules = {{"variables", variables}, {"agents", agents}};
  if (coin(rng, 80)) m.rules["law"] = to_string(*random_law(rng, m, 2));
  return m;
}

// A postcondition assigning one or two variables: a true/false variable a constant or a
// formula (knowledge included); an integer variable a constant of its domain, a variable or
// a term (which may leave the domain: both engines must then give the same message).
Json random_postcondition(Rng& rng, const RandomModel& m) {
  Json post = Json::object();
  for (std::uint64_t k = 0, n = 1 + rng.below(2); k < n; ++k) {
    const std::size_t pick = rng.below(m.booleans.size() + m.integers.size());
    if (pick < m.booleans.size()) {
      post[m.booleans[pick]] =
          coin(rng, 30) ? Json(coin(rng, 50)) : Json(to_string(*random_formula(rng, m, 1)));
      continue;
    }
    const IntVariable& var = m.integers[pick - m.booleans.size()];
    const auto r = rng.below(10);
    if (r < 4)
      post[var.name] = var.values[rng.below(var.values.size())];
    else if (r < 7)
      post[var.name] = m.integers[rng.below(m.integers.size())].name;
    else
      post[var.name] = to_string(*random_term(rng, m));
  }
  return post;
}

// `terms`: how the symbolic engine keeps observed terms ("auto", "variables", "classes").
std::unique_ptr<kripke::Game> model_game(const RandomModel& m, const std::string& engine,
                                         std::uint64_t seed, const std::string& terms = "auto") {
  kripke::GameConfig config;
  config.game = "model";
  config.rules = m.rules;
  config.engine = engine;
  config.seed = seed;
  config.symbolic_terms = terms;
  return kripkesim::games().make(config);
}

// The two plays agree on everything a user can ask.
void check_agree(const kripke::Play& expl, const kripke::Play& symb, Rng& rng, const RandomModel& m,
                 const std::string& where) {
  INFO(where);
  REQUIRE(expl.world_count() == symb.world_count());
  for (int i = 0; i < m.agents; ++i) {
    CHECK(expl.possible_count(kripke::Agent(i)) == symb.possible_count(kripke::Agent(i)));
    CHECK(expl.has_won(kripke::Agent(i)) == symb.has_won(kripke::Agent(i)));
  }
  CHECK(expl.actual_world_json() == symb.actual_world_json());
  for (int k = 0; k < 6; ++k) {
    const auto phi = random_formula(rng, m, int(rng.below(4)));
    INFO(to_string(*phi));
    CHECK(expl.holds(*phi) == symb.holds(*phi));
    const auto a = expl.worlds_satisfying(*phi, 4), b = symb.worlds_satisfying(*phi, 4);
    CHECK(a.count == b.count);
    CHECK(a.json == b.json);
    CHECK(a.text == b.text);  // the copies' names (w, e) too
  }
}

}  // namespace

namespace {

struct RandomRun {
  int models = 0, steps = 0, actions = 0, observations = 0, changes = 0, refused = 0;
};

// `model_count` random models, each with `steps` random announcements, observations and
// actions, played on both engines, which must agree after every step. `terms`: how the
// symbolic engine keeps observed terms.
RandomRun random_models_agree(std::uint64_t seed, int model_count, int steps_per_model,
                              const std::string& terms = "auto", bool all_but_one = false) {
  Rng rng(seed);
  RandomRun run;
  auto& [models, steps, actions, observations, changes, refused] = run;
  for (int attempt = 0; models < model_count; ++attempt) {
    const RandomModel m = random_model(rng, all_but_one);
    std::unique_ptr<kripke::Game> expl_game;
    try {
      expl_game = model_game(m, "explicit", std::uint64_t(attempt) + 1);
    } catch (const kripke::InputError& e) {
      // A law that no assignment satisfies: the symbolic engine must refuse it too.
      INFO(m.rules.dump());
      REQUIRE_THAT(e.what(), Catch::Contains("no worlds"));
      REQUIRE_THROWS_WITH(model_game(m, "symbolic", 1), Catch::Contains("no worlds"));
      continue;
    }
    ++models;
    INFO(m.rules.dump());
    const auto symb_game = model_game(m, "symbolic", std::uint64_t(attempt) + 1, terms);
    REQUIRE(symb_game->deal_count() == expl_game->deal_count());
    Rng deal_a(std::uint64_t(attempt) + 7), deal_b(std::uint64_t(attempt) + 7);
    auto expl = expl_game->new_play(deal_a);
    auto symb = symb_game->new_play(deal_b);
    REQUIRE(expl->enumerates_worlds());
    REQUIRE_FALSE(symb->enumerates_worlds());
    kripke_test::EventRecorder expl_log, symb_log;
    expl->attach(expl_log);
    symb->attach(symb_log);
    check_agree(*expl, *symb, rng, m, "the initial model");

    for (int step = 0; step < steps_per_model; ++step, ++steps) {
      const auto kind = rng.below(3);
      std::string what;
      if (kind == 0) {
        auto phi = random_formula(rng, m, int(rng.below(3)));
        if (!expl->holds(*phi)) phi = f::neg(phi);
        what = "announce " + to_string(*phi);
        expl->scripted_announcement(phi, what);
        symb->scripted_announcement(phi, what);
      } else if (kind == 1) {
        ++observations;
        const std::vector<kripke::Agent> group = difftest::random_group(rng, m.agents);
        std::vector<kripke::FormulaPtr> formulas;
        for (std::uint64_t k = 0, n = 1 + rng.below(2); k < n; ++k)
          formulas.push_back(random_formula(rng, m, int(rng.below(3))));
        what = "observe " + to_string(*formulas.front());
        expl->scripted_observation(group, formulas, what, "");
        symb->scripted_observation(group, formulas, what, "");
      } else {
        ++actions;
        kripke::Play::ScriptedAction action;
        const auto events = 2 + rng.below(2);
        std::optional<std::size_t> happens;
        for (std::uint64_t e = 0; e < events; ++e) {
          auto pre = random_formula(rng, m, int(rng.below(2)));
          if (!happens && expl->holds(*pre)) happens = e;
          Json post;
          if (coin(rng, 40)) post = random_postcondition(rng, m);
          action.events.push_back(
              {pre, post, kripke_test::cat("/script/0/action/events/", std::to_string(e), "/post"),
               kripke_test::cat("e", std::to_string(e))});
        }
        if (!happens) {
          action.events[0].precondition = f::truth();
          happens = 0;
        }
        action.actual_event = *happens;
        for (int i = 0; i < m.agents; ++i) {
          std::vector<std::uint32_t> classes(events);
          for (std::uint32_t e = 0; e < events; ++e)
            classes[e] = coin(rng, 40) ? classes[rng.below(e + 1)] : e;
          action.event_class.push_back(classes);
        }
        what = "action";
        for (const auto& e : action.events)
          if (!e.postcondition.is_null()) {
            what += " " + e.postcondition.dump();
            ++changes;
          }
        INFO(what);
        std::string expl_error, symb_error;
        try {
          expl->scripted_action(action, what, "");
        } catch (const kripke::InputError& e) {
          expl_error = e.what();
        }
        try {
          symb->scripted_action(action, what, "");
        } catch (const kripke::InputError& e) {
          symb_error = e.what();
        }
        CHECK(expl_error == symb_error);
        if (!expl_error.empty()) {  // a value outside a domain: neither play changed
          ++refused;
          continue;
        }
      }
      check_agree(*expl, *symb, rng, m,
                  kripke_test::cat("after step ", std::to_string(step), ": ", what));
      const auto a = expl_log.records("update"), b = symb_log.records("update");
      REQUIRE(a.size() == b.size());
      CHECK(a.back() == b.back());
    }
  }
  return run;
}

}  // namespace

TEST_CASE("[symbolic-models] random models: the explicit and the symbolic engine agree") {
  const RandomRun run = random_models_agree(20261124, 160, 4);
  CHECK(run.steps == 640);
  CHECK(run.actions > 100);
  CHECK(run.observations > 100);
  CHECK(run.changes > 80);
  CHECK(run.refused > 5);
  CHECK(run.refused < run.actions / 3);
}

// Agents who observe every variable but one: the symbolic engine reads what they know at the
// actual world from it and its twin, and counts their relations from the law's twins.
TEST_CASE(
    "[symbolic-models] random models whose agents observe all but one variable: both engines "
    "agree") {
  const RandomRun run = random_models_agree(20261128, 120, 4, "auto", true);
  CHECK(run.steps == 480);
  CHECK(run.actions > 80);
  CHECK(run.observations > 80);
}

// Observed terms kept each way: as a block of variables holding the value's index, and as
// value classes with every operator computed class by class (the default picks per term).
TEST_CASE(
    "[symbolic-models] observed terms as variables and as classes: both agree with the explicit "
    "engine") {
  for (const char* terms : {"variables", "classes"}) {
    INFO(terms);
    const RandomRun run = random_models_agree(20261127, 120, 4, terms);
    CHECK(run.steps == 480);
    CHECK(run.actions > 80);
    CHECK(run.changes > 50);
  }
}

// Every observation and action adds BuDDy variables, and BuDDy reallocated its stack of nodes
// under construction each time without clearing it: after a few dozen such steps it crashed
// or corrupted its table, depending on the heap (see BuddySession::ensure_variables). Run
// under valgrind too (the symbolic_repro_valgrind test).
TEST_CASE(
    "[symbolic-models] many steps: both engines agree after dozens of observations and actions") {
  const RandomRun run = random_models_agree(20261126, 16, 30);
  CHECK(run.steps == 480);
  CHECK(run.actions > 100);
  CHECK(run.observations > 100);
}

TEST_CASE("[symbolic-models] the bundled models pass on the symbolic engine") {
  // Every bundled model's scenario, with the answers the literature gives (Sum and Product:
  // 4 and 13; Cheryl's birthday: July 16; the Russian cards; the drinking logicians; the
  // muddy children written as a model; reading the letter, with factual change).
  for (const char* name :
       {"cheryls-birthday", "consecutive-numbers", "drinking-logicians", "muddy-children-model",
        "reading-the-letter", "russian-cards", "sum-and-product"}) {
    INFO(name);
    const auto r = kripke_test::run_cli(
        {"scenario", kripke_test::source_path(kripke_test::cat("configs/models/", name, ".json")),
         "--engine", "symbolic"});
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("1 passed, 0 failed"));
  }
  // `validate` plays a scenario's steps in a second game while its first play is alive:
  // symbolic sessions nest in one thread.
  kripke_test::TempDir dir;
  std::ifstream in(kripke_test::source_path("configs/models/russian-cards.json"));
  Json cards = Json::parse(in);
  cards["engine"] = "symbolic";
  const auto validated = kripke_test::run_cli({"validate", dir.write("cards.json", cards.dump())});
  CHECK(validated.exit_code == 0);
  CHECK_THAT(validated.out, Catch::Contains("scenario"));
}

TEST_CASE("[symbolic-models] after factual change an agent sees the old value, not the new") {
  // Anne sees the coin; Bill turns it over or not, and Anne cannot tell which. In the product
  // update Anne still knows how the coin lay, not how it lies now: were the new value
  // observed (the agents' observations moved to it), she would know.
  kripke_test::TempDir dir;
  const std::string config = dir.write("coin.json", R"json({"game": "model",
    "rules": {"variables": ["heads", "q"], "actual": {"heads": true, "q": false},
      "agents": [{"name": "anne", "observes": ["heads"]}, {"name": "bill", "observes": ["q"]}]},
    "script": [
      {"action": {"events": [{"name": "turn", "pre": "true", "post": {"heads": "~heads"}},
                             {"name": "leave", "pre": "true"}],
                  "actual": "turn", "indistinguishable": {"anne": [["turn", "leave"]]}}},
      {"expect": "~heads & ~Kw{anne} heads & ~Kw{bill} heads & K{anne} Kw{bill} q"},
      {"expect_possible": {"anne": 4, "bill": 2}},
      {"expect_worlds": 8}]})json");
  for (const char* engine : {"explicit", "symbolic"}) {
    INFO(engine);
    const auto r = kripke_test::run_cli({"scenario", config, "--engine", engine});
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("1 passed, 0 failed"));
  }
}

TEST_CASE("[symbolic-models] check answers the same on both engines") {
  const std::string sap = kripke_test::source_path("configs/models/sum-and-product.json");
  const std::vector<std::vector<std::string>> questions = {
      {"--where", "x + y = 17", "--limit", "3"},
      {"--where", "K{P} (x = 4 & y = 13)", "--format", "json"},
      {"--count", "K{S} ~K{P} x = 4"},
      {"--valid", "x < y", "--format", "json"},
      {"--valid", "x + y != 17"},
      {"-f", "K{S} x + y = 17", "--at", R"({"x": 2, "y": 15})"},
      {"-f", "M{P} x = 2", "--format", "json"}};
  for (const auto& question : questions) {
    for (const char* step : {"0", "4", "7"}) {
      std::vector<std::string> args = {"check", sap, "--step", step};
      args.insert(args.end(), question.begin(), question.end());
      INFO(kripke_test::cat(question[0], " ", question[1], " after step ", step));
      auto explicit_args = args, symbolic_args = args;
      explicit_args.insert(explicit_args.end(), {"--engine", "explicit"});
      symbolic_args.insert(symbolic_args.end(), {"--engine", "symbolic"});
      const auto a = kripke_test::run_cli(explicit_args);
      const auto b = kripke_test::run_cli(symbolic_args);
      CHECK(a.exit_code == b.exit_code);
      CHECK(a.out == b.out);
      CHECK(a.err == b.err);
    }
  }
}

TEST_CASE("[symbolic-models] a model of 2^48 worlds: counts, lists and knowledge") {
  kripke_test::TempDir dir;
  // 48 coins; the law forbids p1 and p2 together; a sees p1..p24, b sees p25..p48.
  std::string variables, a_sees, b_sees;
  for (int k = 1; k <= 48; ++k) {
    const std::string p = kripke_test::cat("\"p", std::to_string(k), "\"");
    variables += (k > 1 ? ", " : "") + p;
    (k <= 24 ? a_sees : b_sees) += ((k == 1 || k == 25) ? "" : ", ") + p;
  }
  const std::string config = dir.write(
      "coins.json",
      kripke_test::cat(R"json({"game": "model", "rules": {"variables": [)json", variables,
                       R"json(], "law": "~(p1 & p2)", "agents": [{"name": "a", "observes": [)json",
                       a_sees, R"json(]}, {"name": "b", "observes": [)json", b_sees,
                       R"json(]}]}})json"));
  // "auto" takes the symbolic engine: 2^48 assignments are far over max_worlds.
  const auto count = kripke_test::run_cli({"check", config, "--count", "K{a} p1"});
  CHECK(count.exit_code == 0);
  CHECK(count.out == "70368744177664\n");  // p1 and not p2: 2^46
  const auto all = kripke_test::run_cli({"check", config, "--count", "true", "--format", "json"});
  CHECK(all.out == "{\"count\":211106232532992,\"formula\":\"true\",\"worlds\":211106232532992}\n");
  const auto where =
      kripke_test::run_cli({"check", config, "--where", "p3 & K{b} ~p2", "--limit", "2"});
  CHECK(where.exit_code == 0);
  CHECK_THAT(where.out, Catch::StartsWith("0 worlds of 211106232532992:"));
  const auto where2 =
      kripke_test::run_cli({"check", config, "--where", "p3 & ~p1", "--limit", "2"});
  CHECK_THAT(where2.out, Catch::StartsWith("70368744177664 worlds of 211106232532992:\n"
                                           "  ~p1 ~p2 p3 ~p4"));
  CHECK_THAT(where2.out, Catch::Contains("  ~p1 p2 p3 ~p4"));
  CHECK_THAT(where2.out, Catch::Contains("... and 70368744177662 more"));
  const auto valid = kripke_test::run_cli({"check", config, "--valid", "C{a,b} ~(p1 & p2)"});
  CHECK(valid.exit_code == 0);
  CHECK(valid.out == "valid: true in all 211106232532992 worlds\n");
  const auto explicit_refused =
      kripke_test::run_cli({"check", config, "--count", "true", "--engine", "explicit"});
  CHECK(explicit_refused.exit_code == 2);
  CHECK_THAT(explicit_refused.err, Catch::Contains("max_worlds"));
}

TEST_CASE("[symbolic-models] what the symbolic engine cannot do is refused, naming the way out") {
  kripke_test::TempDir dir;
  const std::string config = dir.write("small.json", R"({"game": "model", "engine": "symbolic",
    "rules": {"variables": [{"name": "x", "from": 0, "to": 9}, "p"],
      "agents": [{"name": "a", "observes": ["x"]}]}})");
  const auto number = kripke_test::run_cli({"check", config, "-f", "p", "--at", "3"});
  CHECK(number.exit_code == 2);
  CHECK_THAT(number.err, Catch::Contains("names a world by its assignment"));
  const auto drawn = kripke_test::run_cli({"draw", config});
  CHECK(drawn.exit_code == 2);
  CHECK_THAT(drawn.err, Catch::Contains("\"engine\": \"explicit\""));
  const auto zero = kripke_test::run_cli({"check", config, "--count", "10 / x = 2"});
  CHECK(zero.exit_code == 2);
  CHECK_THAT(zero.err, Catch::Contains("division by zero in '10 / x' at x=0 ~p"));
  // A model whose diagrams outgrow the node limit stops with a message, not a crash.
  const std::string tight = dir.write("tight.json", R"({"game": "model", "engine": "symbolic",
    "max_bdd_nodes": 1000, "rules": {"variables": [{"name": "x", "from": 0, "to": 999},
      {"name": "y", "from": 0, "to": 999}], "law": "x * y % 7 = 3",
      "agents": [{"name": "a", "observes": ["x + y"]}]}})");
  const auto limited = kripke_test::run_cli({"check", tight, "--count", "true"});
  CHECK(limited.exit_code == 2);
  CHECK_THAT(limited.err, Catch::Contains("tight.json: /max_bdd_nodes: the binary decision "
                                          "diagrams outgrew their node limit"));
  // An observed term with too many values is found when a play builds its structure (the
  // game counts worlds without the terms): still exit 2, naming the file and the term.
  const std::string wide = dir.write("wide.json", R"({"game": "model", "engine": "symbolic",
    "rules": {"variables": [{"name": "x", "from": 0, "to": 999999},
      {"name": "y", "from": 0, "to": 999999}], "agents": [{"name": "P", "observes": ["x * y"]}]}})");
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"check", wide, "-f", "x = 1"}, {"run", wide}}) {
    INFO(command[0]);
    const auto refused = kripke_test::run_cli(command);
    CHECK(refused.exit_code == 2);
    CHECK_THAT(refused.err, Catch::Contains("wide.json: /rules/agents/0/observes/0: column 3: "
                                            "'x * y' combines 1000000 by 1000000 values"));
  }
  const auto bad_engine = kripke_test::run_cli({"check", config, "-f", "p", "--engine", "bdd"});
  CHECK(bad_engine.exit_code == 2);
  const auto clue = kripke_test::run_cli(
      {"run", kripke_test::source_path("configs/clue.json"), "--engine", "symbolic"});
  CHECK(clue.exit_code == 2);
  CHECK_THAT(clue.err, Catch::Contains("--engine: the symbolic engine does not run clue"));
}

TEST_CASE("[symbolic-models] 'does not know whether' as the textbooks write it: the same worlds") {
  // The muddy children (8, all muddy) as a model, "nobody knows" written ~Kw{ci} mi,
  // ~(K{ci} mi | K{ci} ~mi) in either order, ~K{ci} mi & ~K{ci} ~mi, and M{ci} mi & M{ci}
  // ~mi, which the symbolic engine all evaluates in one pass: after round r, the worlds with
  // more than r muddy children, on both engines.
  const int n = 8;
  kripke_test::TempDir dir;
  auto scenario = [&](int form) {
    kripke::Json variables = kripke::Json::array(), agents = kripke::Json::array(),
                 actual = kripke::Json::object();
    std::string some, nobody;
    for (int i = 1; i <= n; ++i) {
      const std::string m = "m" + std::to_string(i), c = "c" + std::to_string(i);
      variables.push_back(m);
      kripke::Json seen = kripke::Json::array();
      for (int j = 1; j <= n; ++j)
        if (j != i) seen.push_back("m" + std::to_string(j));
      agents.push_back({{"name", c}, {"observes", seen}});
      actual[m] = true;
      some += (i > 1 ? " | " : "") + m;
      const std::string knows = "K{" + c + "} " + m, knows_not = "K{" + c + "} ~" + m;
      nobody += (i > 1 ? " & " : "") + (form == 0   ? "~Kw{" + c + "} " + m
                                        : form == 1 ? "~(" + knows + " | " + knows_not + ")"
                                                    : "~(" + knows_not + " | " + knows + ")");
    }
    kripke::Json script = {{{"announce", some}}, {{"expect_worlds", (1 << n) - 1}}};
    int left = (1 << n) - 1, binomial = n;  // worlds with more than r muddy; C(n, r)
    for (int r = 1; r < n; ++r) {
      left -= binomial;
      binomial = binomial * (n - r) / (r + 1);
      script.push_back({{"announce", nobody}});
      script.push_back({{"expect_worlds", left}});
    }
    return dir.write(
        "form" + std::to_string(form) + ".json",
        kripke::Json{{"game", "model"},
                     {"rules", {{"variables", variables}, {"agents", agents}, {"actual", actual}}},
                     {"script", script}}
            .dump());
  };
  for (int form = 0; form < 5; ++form)
    for (const char* engine : {"explicit", "symbolic"}) {
      INFO(kripke_test::cat("form ", std::to_string(form), ", ", engine));
      const auto r = kripke_test::run_cli({"scenario", scenario(form), "--engine", engine});
      CHECK(r.exit_code == 0);
      CHECK_THAT(r.out, Catch::Contains("1 passed, 0 failed"));
    }
  // Look-alikes that are not "does not know whether" are evaluated as written, in a
  // conjunction beside one that is.
  for (const std::string look_alike :
       {"~(K{c1} m1 | K{c2} ~m1)", "~(K{c1} m1 | K{c1} ~m2)", "~(K{c1} m1 | K{c1} m1)",
        "~(K{c2} m2 | M{c2} ~m2)", "~(K{c2} ~m2 | K{c2} ~m2)", "~K{c1} m1", "M{c1} m1 & M{c2} ~m2",
        "~K{c1} m1 & ~K{c1} m1", "M{c1} ~m1 & ~K{c2} m2", "M{c1} m2 & M{c1} ~m2"}) {
    const std::string formula = "~(K{c3} m3 | K{c3} ~m3) & " + look_alike;
    INFO(formula);
    const auto a = kripke_test::run_cli(
        {"check", scenario(1), "--step", "2", "--count", formula, "--engine", "explicit"});
    const auto b = kripke_test::run_cli(
        {"check", scenario(1), "--step", "2", "--count", formula, "--engine", "symbolic"});
    CHECK(a.exit_code == 0);
    CHECK(a.out == b.out);
  }
}
