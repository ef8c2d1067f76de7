// Benchmarks of models written in a config: Sum and Product with its statements written
// with Kv (bounds 100 and 500, on both engines), and a model of 14.7 million worlds asked --where /
// --valid questions.
#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <string>

#include "games/bench_cases.hpp"
#include "games/catalog.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/symbolic/buddy_session.hpp"

namespace kripkesim {
namespace {

std::unique_ptr<kripke::Game> model(kripke::Json rules, const std::string& engine = "explicit") {
  kripke::GameConfig config;
  config.game = "model";
  config.engine = engine;
  config.rules = std::move(rules);
  return games().make(config);
}

// Text joined by appending: GCC 12 warns falsely (-Wrestrict, PR 105329) on
// "literal" + std::string.
std::string cat(const std::string& a, const std::string& b) {
  std::string s = a;
  s += b;
  return s;
}

// 24 propositional variables and a law that leaves 7/8 of the assignments (14,680,064
// worlds, over the 10^7 of the target); three agents seeing 8 variables each; where and
// whether a K formula holds.
std::vector<BenchRow> large_model(int repeat) {
  kripke::Json variables = kripke::Json::array(), agents = kripke::Json::array();
  for (int k = 1; k <= 24; ++k) variables.push_back(cat("p", std::to_string(k)));
  for (int a = 0; a < 3; ++a) {
    kripke::Json observes = kripke::Json::array();
    for (int k = 1 + 8 * a; k <= 8 * (a + 1); ++k) observes.push_back(cat("p", std::to_string(k)));
    agents.push_back({{"name", cat("a", std::to_string(a + 1))}, {"observes", observes}});
  }
  const kripke::Json rules = {
      {"variables", variables}, {"law", "~(p1 & p2 & p3)"}, {"agents", agents}};
  std::unique_ptr<kripke::Game> game;
  const Timings build = time_runs(repeat, [&] { game = model(rules); });
  kripke::NullSink sink;
  kripke::GameRunner runner(*game, 1, sink);
  runner.start();
  const auto phi = kripke::parse_formula("K{a1} (p1 | p9) | K{a2} (p9 -> p17)");
  std::size_t where = 0;
  bool valid = true;
  const Timings query = time_runs(repeat, [&] {
    const kripke::WorldSet truth = runner.play().truth(*phi);
    where = truth.count();
    valid = truth == runner.play().model().alive();
  });
  return {{"build 2^24 assignments, law, 3 agents", build,
           fmt::format("{} worlds; target < 2 s", game->deal_count())},
          {"--where / --valid of a K formula", query,
           fmt::format("{} worlds where it holds, valid: {}; target < 1 s", where,
                       valid ? "yes" : "no")}};
}

// Building the model, the statements of S and P, and the check that x = 4, y = 13 is left.
// On the symbolic engine the note gives the BDD node table's size at the end (its peak:
// BuDDy's table only grows).
BenchRow sum_and_product(int bound, int repeat, const std::string& engine) {
  const kripke::Json rules = {
      {"variables", kripke::Json::array({{{"name", "x"}, {"from", 2}, {"to", bound - 1}},
                                         {{"name", "y"}, {"from", 2}, {"to", bound - 1}}})},
      {"law", cat("x < y & x + y <= ", std::to_string(bound))},
      {"agents", kripke::Json::array({{{"name", "S"}, {"observes", {"x + y"}}},
                                      {{"name", "P"}, {"observes", {"x * y"}}}})},
      {"actual", {{"x", 4}, {"y", 13}}}};
  const auto p_knows = kripke::parse_formula("Kv{P} x");
  const auto s_knew = kripke::parse_formula("K{S} ~Kv{P} x");
  const auto s_knows = kripke::parse_formula("Kv{S} x");
  const auto answer = kripke::parse_formula("K{S} (x = 4 & y = 13) & K{P} (x = 4 & y = 13)");
  kripke::BigCount worlds = 0, left = 0;
  bool solved = false;
  int table = 0;
  const Timings t = time_runs(repeat, [&] {
    const auto game = model(rules, engine);
    kripke::NullSink sink;
    kripke::GameRunner runner(*game, 1, sink);
    runner.start();
    kripke::Play& play = runner.play();
    worlds = play.world_count();
    for (const auto& statement : {s_knew, p_knows, s_knows})
      play.scripted_announcement(statement, "");
    left = play.world_count();
    solved = play.holds(*answer);
    if (engine == "symbolic") table = kripke::symbolic::BuddySession::table_size();
  });
  std::string note =
      fmt::format("{} worlds -> {}{}", kripke::to_string(worlds), kripke::to_string(left),
                  solved ? ", x = 4 and y = 13 known" : " (unsolved!)");
  if (engine == "symbolic") note += fmt::format("; node table {} (peak)", table);
  if (bound == 100) note += engine == "symbolic" ? "; target < 0.5 s" : "; target < 50 ms";
  if (bound == 500 && engine == "explicit") note += "; target < 2 s";
  return {fmt::format("bound {}, {}", bound, engine), t, note};
}

}  // namespace

std::vector<BenchCase> model_bench_cases() {
  return {
      {"model-sum-and-product",
       "a model in a config: Sum and Product, build and the three statements (bounds 100, 500)", 5,
       [](int repeat) {
         return std::vector<BenchRow>{sum_and_product(100, repeat, "explicit"),
                                      sum_and_product(500, repeat, "explicit")};
       }},
      {"model-large",
       "a model in a config: 14.7 million worlds, build and a --where / --valid question", 3,
       [](int repeat) { return large_model(repeat); }},
      {"symbolic-sum-and-product",
       "Sum and Product on both engines, bounds 100 and 500 (1000: scenario-sum-and-product-"
       "engines)",
       3,
       [](int repeat) {
         std::vector<BenchRow> rows;
         for (const int bound : {100, 500}) {
           rows.push_back(sum_and_product(bound, repeat, "explicit"));
           rows.push_back(sum_and_product(bound, repeat, "symbolic"));
         }
         return rows;
       }},
  };
}

}  // namespace kripkesim
