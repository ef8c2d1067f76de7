// Benchmarks of models written in a config: Sum and Product with its statements written
// with Kv (bounds 100 and 500, on both engines), a model of 14.7 million worlds asked --where /
// --valid questions, and a random belief (KD45) model of 20,000 worlds updated by an action
// model with arrows and asked a common-belief question. And a game in the game language
// beside the built-in game it re-expresses: the muddy children, and small Clue.
#include "bench/bench.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "games/catalog.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/game_lang/muddy_children.hpp"
#include "kripke/game_lang/small_clue.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/rng.hpp"
#include "kripke/symbolic/buddy_session.hpp"
#include "kripke/updates.hpp"
#include "output/sinks.hpp"

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

// A random KD45 model: `worlds` worlds in clusters of 100 per agent (each agent its own
// random clustering); in each cluster the agent believes 10 of its worlds (so it rules out
// the other 90 while in them: false beliefs abound). Atom p holds at half the worlds.
kripke::Model random_kd45(std::size_t worlds, int agents, kripke::Rng& rng) {
  std::vector<kripke::Relation> relations;
  for (int a = 0; a < agents; ++a) {
    std::vector<kripke::World> order(worlds);
    for (std::size_t w = 0; w < worlds; ++w) order[w] = kripke::World(w);
    rng.shuffle(order);
    std::vector<std::vector<kripke::World>> successors(worlds);
    for (std::size_t start = 0; start < worlds; start += 100) {
      const std::size_t end = std::min(worlds, start + 100);
      const std::vector<kripke::World> believed(order.begin() + long(start),
                                                order.begin() + long(std::min(end, start + 10)));
      for (std::size_t k = start; k < end; ++k) successors[order[k]] = believed;
    }
    relations.push_back(kripke::Relation::from_successors(std::move(successors)));
  }
  return kripke::Model(std::move(relations), kripke::World(rng.below(worlds)),
                       kripke::Model::identity(worlds));
}

// 20,000 worlds, 3 agents: agent 1 privately learns p while the others believe nothing
// happened (an action model with arrows: 30,000 worlds after), then C{1,2,3} ~B1 p.
std::vector<BenchRow> belief_kd45(int repeat) {
  constexpr std::size_t kWorlds = 20'000;
  kripke::Rng rng(35);
  const kripke::Model start = random_kd45(kWorlds, 3, rng);
  kripke::WorldSet p(kWorlds);
  for (std::size_t w = 0; w < kWorlds; ++w) p.assign(kripke::World(w), w % 2 == 0);
  const auto atoms = [&](const kripke::Formula&, const kripke::Model& m) {
    return kripke::worlds_where(m, [&](std::uint32_t v) { return p.test(v); });
  };
  const kripke::FormulaPtr question = kripke::parse_formula("C{1,2,3} ~B1 p");
  std::size_t after = 0, holding = 0;
  const Timings build = time_runs(repeat, [&] {
    kripke::Rng again(35);
    after = random_kd45(kWorlds, 3, again).world_count();
  });
  const Timings t = time_runs(repeat, [&] {
    kripke::Model m = start;
    kripke::ActionModel am;
    am.preconditions = {worlds_where(m, [&](std::uint32_t v) { return p.test(v); }), m.alive()};
    am.event_class.assign(3, {0, 1});
    am.event_arrows = {{}, {{1}, {1}}, {{1}, {1}}};  // agents 2 and 3 see only "nothing"
    am.actual_event = p.test(m.valuation(m.actual())) ? 0 : 1;
    kripke::product_update(m, am);
    after = m.world_count();
    holding = kripke::Evaluator(m, atoms).eval(*question).count();
  });
  return {{"build: 20,000 worlds, 3 agents", build, "KD45, 200 clusters per agent"},
          {"update + C: private learning, then C{1,2,3} ~B1 p", t,
           fmt::format("{} worlds after, C holds at {}; target < 1 s", after, holding)}};
}

// The games of seeds 1 to `games` as `kripkesim run --log` plays them (transcript and log
// written): their time, and their turns in all.
std::pair<Timings, int> timed_games(const kripke::Game& game, int games, int repeat) {
  int turns = 0;
  const Timings t = time_runs(repeat, [&] {
    turns = 0;
    for (int seed = 1; seed <= games; ++seed) {
      TranscriptAndLog written;
      turns += kripke::run_game(game, std::uint64_t(seed), written.sink()).turns;
    }
  });
  return {t, turns};
}

// The muddy children, every child muddy (the longest game: n rounds), as `kripkesim run
// --log` plays them: the built-in game on each engine, and the game written in the language.
std::vector<BenchRow> muddy_in_the_language(int children, int repeat) {
  kripke::Json all = kripke::Json::array();
  for (int i = 1; i <= children; ++i) all.push_back(i);
  const auto timed = [&](const kripke::Game& game) { return timed_games(game, 1, repeat); };
  std::vector<BenchRow> rows;
  for (const char* engine : {"explicit", "symbolic"}) {
    kripke::GameConfig config;
    config.game = "muddy";
    config.engine = engine;
    config.rules = {{"children", children}};
    config.deal = {{"muddy", all}};
    const auto [t, turns] = timed(*games().make(config));
    rows.push_back(
        {fmt::format("built-in muddy children, n = {}, {} engine: run, transcript and log",
                     children, engine),
         t, fmt::format("{} rounds", turns)});
  }
  for (const char* engine : {"explicit", "symbolic"}) {
    const auto game = model(kripke::game_lang::muddy_children_rules(children, all), engine);
    const auto [t, turns] = timed(*game);
    rows.push_back(
        {fmt::format("the same game in the game language, n = {}, {} engine", children, engine), t,
         fmt::format("{} rounds; target: within 2x of the built-in game on the {} "
                     "engine",
                     turns, engine)});
  }
  return rows;
}

// Small Clue (4 weapons, 4 suspects, 3 players with 2 cards), 20 games of three random
// players as `kripkesim run --log` plays them: the built-in game ("product" semantics, the
// explicit engine) and the game written in the language (configs/games/small-clue.json),
// each also loaded as `run` loads it (the language's model built from its law).
std::vector<BenchRow> clue_in_the_language(int repeat) {
  constexpr int kGames = 20;
  kripke::GameConfig builtin_config;
  builtin_config.game = "clue";
  builtin_config.engine = "explicit";
  builtin_config.rules = {{"weapons", {"candle", "dagger", "rope", "wrench"}}};
  std::unique_ptr<kripke::Game> builtin, language;
  const Timings load_builtin = time_runs(repeat, [&] { builtin = games().make(builtin_config); });
  const Timings load_language =
      time_runs(repeat, [&] { language = model(kripke::game_lang::small_clue_rules()); });
  const auto [b, builtin_turns] = timed_games(*builtin, kGames, repeat);
  const auto [l, language_turns] = timed_games(*language, kGames, repeat);
  return {{"built-in small Clue: load", load_builtin, "1440 worlds"},
          {"built-in small Clue: 20 games, run, transcript and log", b,
           fmt::format("{} turns in all", builtin_turns)},
          {"small Clue in the game language: load (the law solved)", load_language,
           fmt::format("{} worlds", language->deal_count())},
          {"small Clue in the game language: 20 games, run, transcript and log", l,
           fmt::format("{} turns in all; target: within 2x of the built-in game", language_turns)}};
}

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
      {"model-belief-kd45",
       "a random KD45 model (20,000 worlds, 3 agents): an action model with arrows and a C "
       "formula",
       5, [](int repeat) { return belief_kd45(repeat); }},
      {"language-muddy",
       "the muddy children written in the game language beside the built-in game, each on both "
       "engines, n = 12, 20, "
       "all muddy, with transcript and log",
       3,
       [](int repeat) {
         std::vector<BenchRow> rows = muddy_in_the_language(12, repeat);
         for (BenchRow& row : muddy_in_the_language(20, repeat)) rows.push_back(std::move(row));
         return rows;
       }},
      {"language-clue",
       "small Clue written in the game language beside the built-in game: load, and 20 games "
       "of random players with transcript and log",
       3, [](int repeat) { return clue_in_the_language(repeat); }},
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
