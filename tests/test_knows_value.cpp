// Kv{a} t, "a knows the value of t", and B{a} φ, K's other name: how they are read and
// printed, what is refused, and Kv's truth against what it abbreviates, the disjunction of
// K{a} t = v over every value v (Sum and Product's statements as first written). The
// differential tests draw Kv too: against the reference's matrices (test_model_differential)
// and between the engines (test_symbolic_models).
#include <catch2/catch.hpp>
#include <string>

#include "cli_runner.hpp"
#include "input/config_file.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/game_loop.hpp"

using namespace kripke_test;
using Kind = kripke::Formula::Kind;

TEST_CASE("[knows-value] Kv reads one agent and a term, and prints as it reads") {
  const auto phi = kripke::parse_formula("Kv{P} x + y");
  REQUIRE(phi->kind == Kind::KnowsValue);
  CHECK(phi->agent_names == std::vector<std::string>{"P"});
  CHECK(kripke::to_string(*phi->lhs) == "x + y");
  CHECK(kripke::to_string(*phi) == "Kv{P} x + y");
  const auto numbered = kripke::parse_formula("Kv2 x * y");
  REQUIRE(numbered->kind == Kind::KnowsValue);
  CHECK(numbered->agents == std::vector<kripke::Agent>{1});
  CHECK(kripke::to_string(*numbered) == "Kv2 x * y");
  // The term ends where the formula goes on.
  const auto both = kripke::parse_formula("~Kv{P} x & Kv{S} x -> p");
  REQUIRE(both->kind == Kind::Implies);
  REQUIRE(both->left->kind == Kind::And);
  CHECK(both->left->left->kind == Kind::Not);
  CHECK(both->left->right->kind == Kind::KnowsValue);
  CHECK(kripke::to_string(*kripke::parse_formula(kripke::to_string(*both))) ==
        kripke::to_string(*both));
}

TEST_CASE("[knows-value] B is K under another name") {
  for (const char* text : {"B{a} p", "B1 p"}) {
    const auto phi = kripke::parse_formula(text);
    CHECK(phi->kind == Kind::Knows);
    CHECK(phi->left->kind == Kind::Atom);
  }
  // No variable may be called B1, as no formula could mention it.
  CHECK(kripke::is_modal_operator_word("B1"));
  CHECK_FALSE(kripke::is_modal_operator_word("B"));
}

TEST_CASE("[knows-value] Kv of a formula, or of a group, is refused where it is written") {
  const auto error_of = [](const std::string& text) -> std::string {
    try {
      (void)kripke::parse_formula(text);
    } catch (const kripke::FormulaError& e) {
      return std::to_string(e.column()) + ": " + e.message();
    }
    return "no error";
  };
  CHECK_THAT(error_of("Kv{P} x = 3"), Catch::StartsWith("7: Kv{P} takes a term"));
  CHECK_THAT(error_of("Kv{P} x = 3"), Catch::Contains("Kw{a}"));
  CHECK_THAT(error_of("Kv1 (p & q)"), Catch::StartsWith("5: Kv1 takes a term"));
  CHECK_THAT(error_of("Kv{1,2} x"), Catch::Contains("Kv takes one agent"));
  // From the command line: exit 2, the column, and what Kv needs.
  const CliResult formula = run_cli(
      {"check", source_path("configs/models/sum-and-product.json"), "--formula", "Kv{P} x = 3"});
  CHECK(formula.exit_code == 2);
  CHECK_THAT(formula.err, Catch::Contains("column 7: Kv{P} takes a term"));
  const CliResult no_terms =
      run_cli({"check", source_path("configs/muddy.json"), "--formula", "Kv1 x"});
  CHECK(no_terms.exit_code == 2);
  CHECK_THAT(no_terms.err, Catch::Contains("needs integer variables, but muddy has none"));
  const CliResult unknown = run_cli(
      {"check", source_path("configs/models/sum-and-product.json"), "--formula", "Kv{P} z"});
  CHECK(unknown.exit_code == 2);
  CHECK_THAT(unknown.err, Catch::Contains("unknown variable 'z'"));
}

TEST_CASE("[knows-value] Kv{a} x holds where the disjunction of K{a} x = v does") {
  // Sum and Product, bound 100, on the explicit engine: the truth sets, world by world,
  // before and after S's first statement.
  kripke::Json model =
      kripkesim::read_json_file(source_path("configs/models/sum-and-product.json"));
  model.erase("name");
  model.erase("script");
  TempDir dir;
  const std::string file = dir.write("sum-and-product.json", model.dump());
  auto game = kripkesim::load_game(file, [](kripke::GameConfig& c) { c.engine = "explicit"; });
  kripke::NullSink sink;
  kripke::GameRunner runner(*game, 1, sink);
  runner.start();
  kripke::Play& play = runner.play();
  const auto disjunction = [](const std::string& agent) {
    std::string s = "false";
    for (int v = 2; v <= 99; ++v) s += " | K{" + agent + "} x = " + std::to_string(v);
    return kripke::parse_formula(s);
  };
  for (int step = 0; step < 2; ++step) {
    INFO("step " << step);
    for (const std::string agent : {"S", "P"}) {
      const kripke::WorldSet kv = play.truth(*kripke::parse_formula("Kv{" + agent + "} x"));
      CHECK(kv == play.truth(*disjunction(agent)));
      // Not vacuous: each knows somewhere, except S after its own statement (it learns the
      // numbers only from P's answer).
      CHECK(kv.any() == (step == 0 || agent == "P"));
      CHECK(kv != play.model().alive());
    }
    if (step == 0) play.scripted_announcement(kripke::parse_formula("K{S} ~Kv{P} x"), "");
  }
}

TEST_CASE("[knows-value] a script's formulas are checked before its first step") {
  TempDir dir;
  const std::string model =
      dir.write("model.json",
                R"json({"game": "model", "rules": {"variables": [{"name": "x", "from": 0, "to": 3}],
          "agents": [{"name": "a", "observes": []}], "actual": {"x": 2}},
          "script": [{"comment": "the first step", "announce": "x > 0"},
                     {"expect": "Kv{a} x + 1 & Kv{b} x"}]})json");
  const CliResult unknown_agent = run_cli({"scenario", "-v", model});
  CHECK(unknown_agent.exit_code == 2);
  CHECK_THAT(unknown_agent.err,
             Catch::Contains("/script/1/expect: column 15: there is no agent named 'b'"));
  CHECK_THAT(unknown_agent.out, !Catch::Contains("the first step"));
  const std::string unknown_variable =
      dir.write("variable.json",
                R"json({"game": "model", "rules": {"variables": [{"name": "x", "from": 0, "to": 3}],
          "agents": [{"name": "a", "observes": []}], "actual": {"x": 2}},
          "script": [{"announce": "x > 0"}, {"expect": "K{a} (x < 4) | y = 2"}]})json");
  const CliResult variable = run_cli({"scenario", unknown_variable});
  CHECK(variable.exit_code == 2);
  CHECK_THAT(variable.err, Catch::Contains("/script/1/expect: column 16: unknown variable 'y'"));
  const std::string muddy = dir.write(
      "muddy.json", R"json({"game": "muddy", "rules": {"children": 3}, "deal": {"muddy": [1, 2]},
          "script": [{"announce": "muddy(1)"
}, {"expect": "K1 muddy(1) & Kv2 x"}]
})json");
  const CliResult no_terms = run_cli({"scenario", muddy});
  CHECK(no_terms.exit_code == 2);
  CHECK_THAT(no_terms.err, Catch::Contains("column 19: Kv of 'x' needs integer variables"));
}
