// The batch section: games or every deal, conditions merged into the base config, and the
// errors (each with the JSON path of the offending value).
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "batch/batch_config.hpp"
#include "cli_runner.hpp"
#include "input/config_file.hpp"
#include "kripke/errors.hpp"

using kripke::Json;
using kripkesim::read_batch_config;

namespace {

// A muddy-children config with the given batch section and more top-level fields (JSON text).
Json muddy_batch(const std::string& batch, const std::string& more_fields = "") {
  return Json::parse(R"({"game": "muddy", )" + more_fields + (more_fields.empty() ? "" : ", ") +
                     R"("batch": )" + batch + "}");
}

// The InputError that reading `config` throws.
kripke::InputError error_of(const Json& config) {
  try {
    read_batch_config(config);
  } catch (const kripke::InputError& e) {
    return e;
  }
  FAIL("no error for " << config.dump());
  return kripke::InputError("");
}

}  // namespace

TEST_CASE("[batch] conditions override base fields, objects merge, null restores a default") {
  const auto batch = read_batch_config(Json::parse(R"({
    "game": "muddy", "rules": {"children": 5}, "max_turns": 9,
    "batch": {"games": 10, "seed": 7, "conditions": [
      {"name": "short", "max_turns": 2},
      {"name": "bigger", "rules": {"children": 6}, "description": "six children"},
      {"name": "unlimited", "max_turns": null}
    ]}})"));
  REQUIRE(batch.conditions.size() == 3);
  const auto& short_games = *batch.conditions[0].game;
  CHECK(short_games.rules() == Json{{"children", 5}});  // kept from the base
  CHECK(short_games.config().max_turns == 2);
  const auto& bigger = *batch.conditions[1].game;
  CHECK(bigger.rules() == Json{{"children", 6}});
  CHECK(bigger.config().max_turns == 9);
  CHECK(batch.conditions[1].description == "six children");
  CHECK(batch.conditions[1].seats == 6);
  CHECK(batch.conditions[2].game->config().max_turns == kripke::GameConfig{}.max_turns);
  CHECK(batch.seed == 7);
  CHECK(batch.total_games() == 30);
}

TEST_CASE(
    "[batch] without conditions the base config is the one condition, the seed defaults to the "
    "config's") {
  const auto batch = read_batch_config(muddy_batch(R"({"games": 4})", R"("seed": 99)"));
  REQUIRE(batch.conditions.size() == 1);
  CHECK(batch.conditions[0].name == "base");
  CHECK(batch.seed == 99);
  CHECK(batch.conditions[0].games == 4);
}

TEST_CASE("[batch] deals all: a seeded permutation of every deal, the same for equal deal counts") {
  const auto batch = read_batch_config(muddy_batch(R"({"deals": "all", "conditions": [
      {"name": "a", "rules": {"children": 4}},
      {"name": "b", "rules": {"children": 4}, "max_turns": 3},
      {"name": "c", "rules": {"children": 5}}]})"));
  const auto& order = batch.conditions[0].deal_order;
  REQUIRE(order.size() == 15);  // the non-empty sets of 4 children
  CHECK(std::set<std::size_t>(order.begin(), order.end()).size() == 15);
  CHECK(*std::max_element(order.begin(), order.end()) == 14);
  CHECK(batch.conditions[1].deal_order == order);
  CHECK(batch.conditions[2].deal_order.size() == 31);
  CHECK(batch.total_games() == 15 + 15 + 31);

  const auto reseeded = read_batch_config(muddy_batch(
      R"({"deals": "all", "seed": 12345, "conditions": [{"name": "a", "rules": {"children": 4}}]})"));
  CHECK(reseeded.conditions[0].deal_order != order);  // 15! orders: equal only by accident
}

TEST_CASE("[batch] the resolved config fills in defaults and reads back to itself") {
  const Json document =
      kripkesim::read_json_file(kripke_test::source_path("configs/experiments/muddy-batch.json"));
  const auto batch = read_batch_config(document);
  const Json resolved = batch.resolved();
  CHECK(resolved["batch"]["conditions"][0]["max_turns"] == kripke::GameConfig{}.max_turns);
  CHECK(resolved["batch"]["conditions"][1]["rules"] == Json{{"children", 6}});
  CHECK(resolved["rules"] == Json{{"children", 3}});  // the game's default
  CHECK(read_batch_config(resolved).resolved() == resolved);
}

TEST_CASE("[batch] bad batch sections are errors with the JSON path") {
  struct Case {
    Json config;
    std::string path;
    std::string words;
  };
  const Case cases[] = {
      {muddy_batch(R"({"games": 0})"), "/batch/games", "at least 1"},
      {muddy_batch(R"({"games": -3})"), "/batch/games", "at least 1"},
      {muddy_batch(R"({"games": "10"})"), "/batch/games", "expected an integer"},
      {muddy_batch(R"({})"), "/batch", "missing 'games'"},
      {muddy_batch(R"({"games": 3, "deals": "all"})"), "/batch", "not both"},
      {muddy_batch(R"({"deals": "some"})"), "/batch/deals", "\"all\""},
      {muddy_batch(R"({"games": 3, "runs": 2})"), "/batch", "unknown key 'runs'"},
      {muddy_batch(R"({"games": 3, "conditions": []})"), "/batch/conditions",
       "at least one condition"},
      {muddy_batch(R"({"games": 3, "conditions": [{"name": "a"}, {"name": "a"}]})"),
       "/batch/conditions/1/name", "duplicate condition name 'a'"},
      {muddy_batch(R"({"games": 3, "conditions": [{"name": "a", "rulez": {}}]})"),
       "/batch/conditions/0", "unknown key 'rulez' (did you mean 'rules'?)"},
      {muddy_batch(R"({"games": 3, "conditions": [{"name": "a", "game": "muddy"}]})"),
       "/batch/conditions/0", "unknown key 'game'"},
      {muddy_batch(R"({"games": 3, "conditions": [{"rules": {}}]})"), "/batch/conditions/0",
       "missing required key 'name'"},
      {muddy_batch(R"({"games": 3, "conditions": [{"name": "../x"}]})"), "/batch/conditions/0/name",
       "file names"},
      {muddy_batch(
           R"({"games": 3, "conditions": [{"name": "a"}, {"name": "b", "rules": {"children": 200}}]})"),
       "/batch/conditions/1/rules/children", "at most 127"},
      {muddy_batch(R"({"games": 3, "conditions": [{"name": "a", "max_turns": 0}]})"),
       "/batch/conditions/0/max_turns", "at least 1"},
      {muddy_batch(
           R"({"games": 3, "conditions": [{"name": "a", "engine": "explicit", "rules": {"children": 12}, "max_worlds": 100}]})"),
       "/batch/conditions/0/rules/children", "these rules give 4096 worlds"},
      {muddy_batch(R"({"deals": "all"})", R"("deal": {"muddy": [1]})"), "/deal",
       "remove the config's fixed deal"},
      {Json::parse(R"({"game": "muddy"})"), "", "missing required key 'batch'"},
      {muddy_batch(R"({"games": 3})", R"("rules": {"kids": 3})"), "/rules", "unknown key 'kids'"},
  };
  for (const Case& c : cases) {
    INFO(c.config.dump());
    const kripke::InputError e = error_of(c.config);
    CHECK(e.path() == c.path);
    CHECK_THAT(e.what(), Catch::Contains(c.words));
  }
}
