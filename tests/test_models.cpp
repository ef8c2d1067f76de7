// Models written in a config ("game": "model"): the worlds a law leaves, what agents
// observe, the built-in muddy children rebuilt in the language, and bad rules.
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "kripke/formula_parser.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/games/muddy/game.hpp"
#include "kripke/model_lang/model_game.hpp"
#include "text_cat.hpp"

namespace {

using kripke::Json;

using kripke_test::cat;
std::string num(int i) { return std::to_string(i); }

std::unique_ptr<kripke::model_lang::ModelGame> make_model(Json rules,
                                                          std::uint64_t max_worlds = 50'000'000,
                                                          const std::string& engine = "auto") {
  kripke::GameConfig config;
  config.game = "model";
  config.rules = std::move(rules);
  config.max_worlds = max_worlds;
  config.engine = engine;
  return std::make_unique<kripke::model_lang::ModelGame>(config);
}

// The JSON pointer of the InputError that building the model throws, and its message.
std::pair<std::string, std::string> model_error(Json rules, std::uint64_t max_worlds = 50'000'000,
                                                const std::string& engine = "auto") {
  try {
    make_model(std::move(rules), max_worlds, engine);
  } catch (const kripke::InputError& e) {
    return {e.path(), e.what()};
  }
  return {"no error", ""};
}

struct Started {
  explicit Started(const kripke::Game& game) : runner(game, 1, sink) { runner.start(); }
  kripke::Play& play() { return runner.play(); }
  bool holds(const std::string& formula) { return play().holds(*kripke::parse_formula(formula)); }
  std::size_t count(const std::string& formula) {
    return play().truth(*kripke::parse_formula(formula)).count();
  }
  void announce(const std::string& formula) {
    play().announce(kripke::parse_formula(formula), formula);
  }
  kripke::NullSink sink;
  kripke::GameRunner runner;
};

// Sum and Product over 1 <= x < y <= 4: S learns x + y, P learns x * y.
Json small_sum_and_product() {
  return {{"variables", Json::array({{{"name", "x"}, {"from", 1}, {"to", 4}},
                                     {{"name", "y"}, {"from", 1}, {"to", 4}}})},
          {"law", "x < y"},
          {"agents", Json::array({{{"name", "S"}, {"observes", {"x + y"}}},
                                  {{"name", "P"}, {"observes", {"x * y"}}}})},
          {"actual", {{"x", 1}, {"y", 4}}}};
}

}  // namespace

TEST_CASE("[models] agents that observe variables of a lawless model of bits hide the other bits") {
  // Three children: every assignment a world, each child observes the other two.
  Json agents = Json::array();
  for (int i = 1; i <= 3; ++i) {
    Json observes = Json::array();
    for (int j = 1; j <= 3; ++j)
      if (j != i) observes.push_back("m" + num(j));
    agents.push_back({{"name", "c" + num(i)}, {"observes", observes}});
  }
  Json rules = {{"variables", {"m1", "m2", "m3", "n"}},
                {"agents", agents},
                {"actual", {{"m1", false}, {"m2", true}, {"m3", true}, {"n", false}}}};
  const auto game = make_model(rules);
  Started s(*game);
  for (kripke::Agent i = 0; i < 3; ++i) {
    const kripke::Partition& p = s.play().model().partition(i);
    REQUIRE(p.by_hidden_bits());
    // Variable k is bit k: child i misses its own bit and n's.
    CHECK(p.hidden_bits() == ((kripke::World{1} << i) | 8U));
    CHECK(s.play().model().possible(i) == 4);
  }
  CHECK(s.holds("~Kw{c1} m1 & K{c1} (m2 & m3) & ~K{c2} m2"));
  // A law that excludes assignments, or an observed term, lists the classes instead.
  rules["law"] = "m1 | m2 | m3";
  REQUIRE_FALSE(Started(*make_model(rules)).play().model().partition(0).by_hidden_bits());
  rules.erase("law");
  rules["agents"][0]["observes"].push_back("m2 + m3");
  const auto with_term = make_model(rules);
  Started t(*with_term);
  CHECK_FALSE(t.play().model().partition(0).by_hidden_bits());
  CHECK(t.play().model().partition(1).by_hidden_bits());
}

TEST_CASE("[models] the law leaves the worlds, observed terms make the classes") {
  const auto game = make_model(small_sum_and_product());
  REQUIRE(game->deal_count() == 6);  // (1,2) (1,3) (1,4) (2,3) (2,4) (3,4)
  Started s(*game);
  // Sums 3 4 5 5 6 7: S with 5 considers (1,4) and (2,3); products 2 3 4 6 8 12 are all
  // different, so P knows the pair.
  CHECK(s.play().model().possible(0) == 2);
  CHECK(s.play().model().possible(1) == 1);
  CHECK(s.holds("K{P} (x = 1 & y = 4)"));
  CHECK(s.holds("~Kw{S} x = 1 & K{S} x + y = 5"));
  CHECK(s.holds("M{S} (x = 2 & y = 3)"));
  CHECK(s.count("x + y = 5") == 2);
  CHECK(s.count("x % 2 = 0 | y / 2 = 2") == 4);  // (2,3) (2,4), and (1,4) (3,4) by y / 2
  // Agents by number and by name are the same agents.
  CHECK(s.count("K1 x = 1") == s.count("K{S} x = 1"));
  // Distributed knowledge: S and P together rule out everything but the actual pair.
  CHECK(s.holds("D{S,P} (x = 1 & y = 4)"));
  // After S announces that it does not know x, S still does not; P knew all along.
  CHECK(s.holds("[!~Kw{S} x = 1] ~Kw{S} x = 1"));
  CHECK(s.count("<!x + y = 5> K{S} x < 3") == 2);
  s.announce("~Kw{S} x = 1");
  CHECK(s.play().model().alive_count() == 2);
  CHECK(s.play().deal() == Json({{"x", 1}, {"y", 4}}));
}

TEST_CASE("[models] variables with arguments counted in a term") {
  // One of S(a,b) and S(b,a), and at most one of the three: the law's sums count the true.
  const Json rules = {{"variables", Json::array({"S(a,b)", "S(b,a)", "S(a,c)"})},
                      {"law", "S(a, b) + S(b, a) = 1 & S(a,b) + S(b,a) + S(a,c) <= 1"},
                      {"agents", Json::array({{{"name", "a"}, {"observes", {"S(a, b)"}}}})}};
  const auto game = make_model(rules);
  REQUIRE(game->deal_count() == 2);  // S(a,c) false, one of the other two true
  Started s(*game);
  CHECK(s.count("S(a,b) | S(b,a)") == 2);
  CHECK(s.count("S(a,c)") == 0);
  CHECK(s.count("K{a} S(a, b) + S(b, a) = 1") == 2);
}

TEST_CASE("[models] propositional variables, names as values, and the actual world") {
  const Json rules = {
      {"variables", Json::array({"p", {{"name", "month"}, {"values", {"May", "June", "July"}}}})},
      {"law", "p -> month != June"},
      {"agents", Json::array({{{"name", "a"}, {"observes", {"p"}}},
                              {{"name", "b"}, {"observes", {"month"}}}})},
      {"actual", {{"p", true}, {"month", "July"}}}};
  const auto game = make_model(rules);
  REQUIRE(game->deal_count() == 5);  // every pair but (p, June)
  Started s(*game);
  CHECK(s.holds("p & month = July & K{b} month = July & ~K{a} month = July"));
  CHECK(s.holds("K{a} month != June"));  // the law, known to a once it sees p
  CHECK(s.holds("K{b} (p | ~p) & ~Kw{b} p"));
  CHECK(s.play().deal() == Json({{"p", true}, {"month", "July"}}));
}

TEST_CASE("[models] the muddy children written as a model agree with the built-in game") {
  // Children observe every forehead but their own; after the father, "nobody knows" until
  // the muddy ones do. Every round: the same alive worlds (both number world w by the bits
  // of the muddy children), the same possible worlds and relations, the same knowers.
  for (int n = 2; n <= 8; ++n) {
    Json variables = Json::array(), agents = Json::array();
    std::string father, nobody;
    for (int i = 1; i <= n; ++i) {
      variables.push_back(cat("m", num(i)));
      Json observes = Json::array();
      for (int j = 1; j <= n; ++j)
        if (j != i) observes.push_back(cat("m", num(j)));
      agents.push_back({{"name", cat("c", num(i))}, {"observes", observes}});
      father += cat(i > 1 ? " | m" : "m", num(i));
      nobody += cat(i > 1 ? " & ~Kw{c" : "~Kw{c", num(i), "} m", num(i));
    }
    for (std::uint32_t mask = 1; mask < (1U << n); ++mask) {
      INFO("n = " << n << ", muddy mask " << mask);
      Json actual = Json::object(), muddy_deal = Json::array();
      for (int i = 0; i < n; ++i) {
        actual[cat("m", num(i + 1))] = bool((mask >> i) & 1U);
        if ((mask >> i) & 1U) muddy_deal.push_back(i + 1);
      }
      const auto model_game =
          make_model({{"variables", variables}, {"agents", agents}, {"actual", actual}});
      kripke::GameConfig config;
      config.game = "muddy";
      config.rules = {{"children", n}};
      config.deal = {{"muddy", muddy_deal}};
      const kripke::muddy::MuddyGame muddy_game(config);

      Started model(*model_game);
      kripke::NullSink sink;
      kripke::GameRunner muddy(muddy_game, 1, sink);
      muddy.start();  // the father's announcement is the muddy game's setup
      model.announce(father);
      for (int round = 0;; ++round) {
        const kripke::Model& a = model.play().model();
        const kripke::Model& b = muddy.play().model();
        REQUIRE(a.alive() == b.alive());
        for (int i = 0; i < n; ++i) {
          REQUIRE(a.possible(i) == b.possible(i));
          REQUIRE(a.relations(i) == b.relations(i));
          const std::string c = num(i + 1);
          REQUIRE(model.holds(cat("Kw{c", c, "} m", c)) ==
                  muddy.play().holds(*kripke::parse_formula(cat("Kw", c, " muddy(", c, ")"))));
        }
        if (muddy.finished()) break;
        muddy.step();
        if (!model.holds(nobody)) break;  // someone knows: no "nobody knows" to announce
        model.announce(nobody);
        REQUIRE(round < n);
      }
      CHECK(muddy.finished());
    }
  }
}

TEST_CASE("[models] bad rules name the JSON pointer and the problem") {
  const Json good = small_sum_and_product();
  auto with = [&](const std::string& key, Json value) {
    Json rules = good;
    rules[key] = std::move(value);
    return rules;
  };
  auto check = [](const std::pair<std::string, std::string>& error, const std::string& path,
                  const std::string& words) {
    INFO(error.second);
    CHECK(error.first == path);
    CHECK_THAT(error.second, Catch::Contains(words));
  };
  check(model_error(with("law", "x < z")), "/rules/law", "unknown variable 'z'");
  check(model_error(with("law", "x > y + 10")), "/rules/law", "no assignment satisfies the law");
  check(model_error(with("law", "x / (y - y) = 1")), "/rules/law", "division by zero");
  check(model_error(with("law", "K1 x = 1")), "/rules/law", "cannot speak of knowledge");
  check(model_error(with("law", "x <")), "/rules/law", "column 4");
  check(model_error(with("actual", {{"x", 4}, {"y", 1}})), "/rules/actual", "breaks the law");
  check(model_error(with("actual", {{"x", 9}, {"y", 1}})), "/rules/actual/x",
        "not in the domain of x");
  check(model_error(with("actual", {{"x", 1}})), "/rules/actual", "'y'");
  check(model_error(with("agents", Json::array({{{"name", "S"}, {"observes", {"z"}}}}))),
        "/rules/agents/0/observes/0", "unknown variable 'z'");
  check(model_error(with("agents", Json::array({{{"name", "S"}, {"observes", {"x &"}}}}))),
        "/rules/agents/0/observes/0", "column");
  check(model_error(with("agents", Json::array({{{"name", "S"}, {"observes", Json::array()}},
                                                {{"name", "S"}, {"observes", Json::array()}}}))),
        "/rules/agents/1/name", "declared twice");
  check(model_error(with("variables", Json::array({"x", "x"}))), "/rules/variables/1",
        "declared twice");
  check(model_error(with("variables", Json::array({{{"name", "x"}, {"from", 3}, {"to", 1}}}))),
        "/rules/variables/0/to", "below");
  check(model_error(with("variables", Json::array({"true"}))), "/rules/variables/0", "keyword");
  // On the explicit engine worlds past max_worlds are refused before anything is built, with
  // the count; under "auto" the same rules go to the symbolic engine.
  const Json million = with("variables", Json::array({{{"name", "x"}, {"from", 1}, {"to", 1000}},
                                                      {{"name", "y"}, {"from", 1}, {"to", 1000}}}));
  // The worlds are counted by solving the law, not taken as the 10^6 assignments.
  check(model_error(million, 1000, "explicit"), "/rules/variables", "499500 worlds");
  CHECK(make_model(million, 1000)->symbolic());
  CHECK_FALSE(make_model(million)->symbolic());
}

TEST_CASE("[models] formulas name unknown variables and misuse of numbers") {
  const auto game = make_model(small_sum_and_product());
  Started s(*game);
  auto error_of = [&](const std::string& text) -> std::string {
    try {
      s.holds(text);
    } catch (const kripke::FormulaError& e) {
      return e.what();
    }
    return "no error";
  };
  CHECK_THAT(error_of("K{S} z = 1"), Catch::Contains("unknown variable 'z' (the variables: x, y)"));
  CHECK_THAT(error_of("x"), Catch::Contains("'x' is a number: compare it"));
  CHECK_THAT(error_of("K{Q} x = 1"), Catch::Contains("no agent named 'Q' (the agents: S, P)"));
  CHECK_THAT(error_of("x / (y - y) = 0"), Catch::Contains("division by zero"));
}
