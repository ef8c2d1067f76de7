// Every line of generated logs against docs/log.schema.json, with the small JSON Schema
// validator of schema_validator.hpp.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "output/sinks.hpp"
#include "scenario/scenario.hpp"
#include "scenario/scenario_runner.hpp"
#include "schema_validator.hpp"

using namespace kripke_test;
using nlohmann::json;

namespace {

std::string muddy_config(int children, std::uint64_t seed, const std::string& more = "") {
  return R"({"game": "muddy", "seed": )" + std::to_string(seed) + R"(, "rules": {"children": )" +
         std::to_string(children) + "}" + more + "}";
}

// Checks every line of `log`; returns the records.
std::vector<json> check_log(const SchemaValidator& schema, const std::string& log) {
  std::vector<json> records;
  for (const std::string& line : lines_of(log)) {
    INFO(line);
    const json record = json::parse(line);
    CHECK(schema.errors(record) == std::vector<std::string>{});
    records.push_back(record);
  }
  return records;
}

}  // namespace

TEST_CASE("[log] every line of muddy logs matches docs/log.schema.json") {
  const SchemaValidator schema = log_schema();
  TempDir dir;
  std::map<std::string, int> events;
  std::set<std::string> reasons;
  std::vector<std::string> configs;
  for (int children : {1, 2, 3, 5, 8})
    for (std::uint64_t seed : {1, 2, 3}) configs.push_back(muddy_config(children, seed));
  // Cut short by the turn limit: 3 muddy children need 2 rounds.
  configs.push_back(muddy_config(4, 1, R"(, "max_turns": 1, "deal": {"muddy": [1, 2, 3]})"));
  for (std::size_t k = 0; k < configs.size(); ++k) {
    const std::string config = dir.write(std::to_string(k) + ".json", configs[k]);
    const CliResult r = run_cli({"run", config, "--format", "jsonl"});
    REQUIRE(r.exit_code == 0);
    const std::vector<json> records = check_log(schema, r.out);
    REQUIRE(!records.empty());
    CHECK(records.front()["event"] == "start");
    CHECK(records.back()["event"] == "end");
    for (const json& record : records) ++events[record["event"].get<std::string>()];
    reasons.insert(records.back()["reason"].get<std::string>());
  }
  CHECK(events["start"] == int(configs.size()));
  CHECK(events["end"] == int(configs.size()));
  CHECK(events["update"] > events["start"]);
  CHECK(events["win"] > 0);
  CHECK(reasons == std::set<std::string>{"win", "max_turns"});
}

TEST_CASE("[log] a scenario's log with private observations matches the schema") {
  const kripkesim::Scenario scenario =
      kripkesim::load_scenario(source_path("configs/scenarios/muddy-mirror.json"));
  std::ostringstream log;
  kripkesim::JsonlSink sink(log, "a string");
  REQUIRE(kripkesim::run_scenario(scenario, sink).passed());
  std::set<std::string> kinds;
  for (const json& record : check_log(log_schema(), log.str()))
    if (record["event"] == "update") kinds.insert(record["kind"].get<std::string>());
  CHECK(kinds == std::set<std::string>{"public", "private"});
}

TEST_CASE("[log] the schema check rejects broken records") {
  const SchemaValidator schema = log_schema();
  TempDir dir;
  const CliResult r =
      run_cli({"run", dir.write("m.json", muddy_config(3, 1)), "--format", "jsonl"});
  REQUIRE(r.exit_code == 0);
  std::map<std::string, json> sample;
  for (const std::string& line : lines_of(r.out)) {
    const json record = json::parse(line);
    sample.emplace(record["event"].get<std::string>(), record);
  }
  REQUIRE(sample.size() == 4);  // start, update, win, end
  for (const auto& [event, record] : sample) CHECK(schema.errors(record).empty());

  const auto broken = [&](const std::string& event, auto&& damage) {
    json record = sample.at(event);
    damage(record);
    return !schema.errors(record).empty();
  };
  CHECK(broken("start", [](json& j) { j.erase("turn"); }));
  CHECK(broken("start", [](json& j) { j["v"] = 2; }));
  CHECK(broken("start", [](json& j) { j["game"] = 7; }));
  CHECK(broken("start", [](json& j) { j.erase("deal"); }));
  CHECK(broken("start", [](json& j) { j["model"][0]["knows"] = "no"; }));
  CHECK(broken("update", [](json& j) { j["turn"] = "0"; }));
  CHECK(broken("update", [](json& j) { j["kind"] = "secret"; }));
  CHECK(broken("update", [](json& j) { j["agents"][1]["possible"] = -1; }));
  CHECK(broken("update", [](json& j) { j["agents"][1]["possible"] = "12x"; }));
  CHECK(
      !broken("update", [](json& j) { j["agents"][1]["possible"] = "114388526826842830848000"; }));
  CHECK(broken("update", [](json& j) { j["audience"][0] = 0; }));
  CHECK(broken("update", [](json& j) { j.erase("worlds_after"); }));
  // Numbers above 2^53 are strings: readers that use doubles would round them.
  CHECK(!broken("update", [](json& j) { j["worlds_after"] = std::uint64_t{1} << 53; }));
  CHECK(broken("update", [](json& j) { j["worlds_after"] = (std::uint64_t{1} << 53) + 1; }));
  CHECK(broken("start", [](json& j) { j["seed"] = std::uint64_t{1} << 53; }));
  CHECK(broken("start", [](json& j) { j["build"] = 1; }));
  CHECK(broken("win", [](json& j) { j["winners"] = 2; }));
  CHECK(broken("end", [](json& j) { j["reason"] = "bored"; }));
  CHECK(broken("end", [](json& j) { j["turns"] = 1.5; }));
  // A field that only another event requires is not demanded here, and extra fields pass.
  CHECK(!broken("end", [](json& j) { j["hints"] = json::array(); }));
  CHECK_THROWS(SchemaValidator(json{{"maxLength", 3}}).errors(json("x")));
}

TEST_CASE("[log] Sleuth logs, counted (10^23 worlds) and enumerated, match the schema") {
  const SchemaValidator schema = log_schema();
  TempDir dir;
  const std::string full = "{}";
  const std::string reduced = R"({"colours": ["R", "G"], "quantities": ["S", "P"], "players": 3})";
  for (const std::string& rules : {full, reduced}) {
    const std::string config = R"({"game": "sleuth", "seed": 2, "rules": )" + rules + "}";
    const CliResult r = run_cli({"run", dir.write("sleuth.json", config), "--format", "jsonl"});
    REQUIRE(r.exit_code == 0);
    const std::vector<json> records = check_log(schema, r.out);
    REQUIRE(records.size() > 2);
    // Past 2^53 the counts are decimal strings; the enumerated deck has plain numbers.
    CHECK(records.front()["worlds"].is_string() == (rules == full));
    CHECK(records.front()["model"][0].contains("relations") == (rules == reduced));
    // Every player's knowledge base, after its hand and after each of its questions.
    std::size_t knowledge = 0, moves = 0;
    for (const json& record : records) {
      knowledge += record["event"] == "knowledge";
      moves += record["event"] == "move";
    }
    CHECK(knowledge == moves + (rules == full ? 5 : 3));
    CHECK(records.back()["reason"] == "win");
  }
}

TEST_CASE("[log] clue logs match the schema, with every kind of update") {
  const SchemaValidator schema = log_schema();
  TempDir dir;
  std::set<std::string> kinds;
  int moves = 0;
  for (json rules : {json::object(), json{{"semantics", "shortcut"}, {"ask", "clockwise"}}}) {
    rules["weapons"] = {"candle", "dagger", "rope", "wrench"};
    const std::string config =
        dir.write("clue.json", json{{"game", "clue"}, {"rules", rules}}.dump());
    const CliResult r = run_cli({"run", config, "--format", "jsonl"});
    REQUIRE(r.exit_code == 0);
    for (const json& record : check_log(schema, r.out)) {
      if (record["event"] == "update") kinds.insert(record["kind"].get<std::string>());
      moves += record["event"] == "move";
    }
  }
  CHECK(moves > 0);
  CHECK(kinds == std::set<std::string>{"public", "private", "action"});
  // The clue part of the schema does check the move's fields.
  json move = {{"v", 1},
               {"event", "move"},
               {"game", "clue"},
               {"turn", 1},
               {"agent", 1},
               {"text", "player 1 suggests"},
               {"suggestion", {"rope", "Plum"}},
               {"asked", {2}},
               {"passed", json::array()},
               {"shown_by", 2},
               {"shown", "rope"}};
  CHECK(schema.errors(move).empty());
  move.erase("shown");
  CHECK(!schema.errors(move).empty());
}

TEST_CASE("[log] Cluedo logs match the schema: suggestions, accusations, counted knowledge") {
  const SchemaValidator schema = log_schema();
  std::map<std::string, int> seen;
  for (const char* seed : {"1", "2"}) {
    const CliResult r =
        run_cli({"run", "configs/cluedo.json", "--seed", seed, "--format", "jsonl"});
    REQUIRE(r.exit_code == 0);
    for (const json& record : check_log(schema, r.out)) {
      seen[record["event"].get<std::string>()] += 1;
      seen["accusation"] += record.contains("accusation");
      seen["suggestion"] += record.contains("suggestion");
    }
  }
  CHECK(seen["accusation"] == 2);
  CHECK(seen["suggestion"] > 4);
  CHECK(seen["knowledge"] > 8);
  // The cluedo part of the schema checks the move's fields.
  json move = {{"v", 1},
               {"event", "move"},
               {"game", "cluedo"},
               {"turn", 1},
               {"agent", 1},
               {"text", "player 1 accuses"},
               {"accusation", {"Scarlet", "rope", "hall"}},
               {"right", false}};
  CHECK(schema.errors(move).empty());
  move.erase("right");
  CHECK(!schema.errors(move).empty());
}

TEST_CASE("[log] a log of kripkesim play, with a person's moves and a quit, matches the schema") {
  const SchemaValidator schema = log_schema();
  TempDir dir;
  const std::string log = dir.file("play.jsonl");
  const CliResult r = kripke_test::run_cli_with_input(
      {"play", "configs/nine-card.json", "--log", log}, "ask 3 G3\nquit\n");
  REQUIRE(r.exit_code == 0);
  int by_person = 0;
  const auto records = check_log(schema, kripke_test::read_file(log));
  for (const json& record : records) by_person += record.contains("by");
  CHECK(by_person >= 1);
  CHECK(records.back()["reason"] == "quit");
  // The schema knows the field's one value.
  json wrong = records.front();
  wrong["event"] = "move";
  wrong["agent"] = 1;
  wrong["text"] = "x";
  wrong["by"] = "robot";
  CHECK_FALSE(schema.errors(wrong).empty());
  // A person's claims between turns: the muddy children's words, What's My Number?'s numbers.
  int claims = 0;
  for (const auto& [config, typed] : {std::pair{"configs/muddy.json", "no\nno\nmuddy\n"},
                                      std::pair{"configs/number.json", "answer yes\n2,4\n"}}) {
    const CliResult claimed =
        kripke_test::run_cli_with_input({"play", config, "--log", log}, typed);
    REQUIRE(claimed.exit_code == 0);
    for (const json& record : check_log(schema, kripke_test::read_file(log)))
      claims += record.contains("claim") && record["right"].is_boolean();
  }
  CHECK(claims == 4);
  wrong["by"] = "person";
  wrong["claim"] = json::array({0});
  CHECK_FALSE(schema.errors(wrong).empty());
}

TEST_CASE("[log] every line of nine-card logs, with hints and moves, matches the schema") {
  const SchemaValidator schema = log_schema();
  std::map<std::string, int> events;
  for (const char* seed : {"1", "2", "3"}) {
    const CliResult r =
        run_cli({"run", "configs/nine-card.json", "--seed", seed, "--format", "jsonl"});
    REQUIRE(r.exit_code == 0);
    for (const json& record : check_log(schema, r.out))
      ++events[record["event"].get<std::string>()];
  }
  CHECK(events["hints"] > 0);
  CHECK(events["hints"] == events["move"]);
}
