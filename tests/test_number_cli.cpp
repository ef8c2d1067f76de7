// What's My Number? through the kripkesim binary: its logs carry the fields
// docs/log.schema.json requires, and its own fields (docs/games/number.md).
#include <catch2/catch.hpp>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_runner.hpp"

using namespace kripke_test;
using nlohmann::json;

namespace {

// The fields the schema requires of every record and of each event.
std::map<std::string, std::vector<std::string>> required_fields() {
  const json schema = json::parse(read_file(source_path("docs/log.schema.json")));
  std::map<std::string, std::vector<std::string>> out;
  out[""] = schema["required"].get<std::vector<std::string>>();
  for (const json& rule : schema["allOf"])
    out[rule["if"]["properties"]["event"]["const"].get<std::string>()] =
        rule["then"]["required"].get<std::vector<std::string>>();
  return out;
}

std::vector<json> run_log(const std::string& config) {
  TempDir dir;
  const CliResult r = run_cli({"run", dir.write("number.json", config), "--format", "jsonl"});
  REQUIRE(r.exit_code == 0);
  std::vector<json> records;
  for (const std::string& line : lines_of(r.out)) records.push_back(json::parse(line));
  return records;
}

}  // namespace

TEST_CASE("[number-cli] logs have the schema's fields and the game's own") {
  const auto required = required_fields();
  REQUIRE(required.count("move"));
  for (const char* rules : {R"({"epistemagic": "steady"})", R"({"kooi": "possible-worlds"})",
                            R"({"questions": [6]})"}) {
    INFO(rules);
    const auto records =
        run_log(std::string(R"({"game": "number", "seed": 11, "rules": )") + rules + "}");
    std::map<std::string, int> events;
    for (const json& rec : records) {
      const std::string event = rec["event"];
      ++events[event];
      for (const std::string& key : required.at("")) CHECK(rec.contains(key));
      if (required.count(event))
        for (const std::string& key : required.at(event)) CHECK(rec.contains(key));
      if (event == "move") {
        CHECK(rec["question"].get<int>() >= 1);
        CHECK(rec["answer"].is_boolean());
        CHECK(rec.contains("removes") == (rec["chosen_by"] == "kooi"));
      }
    }
    CHECK(events["start"] == 1);
    CHECK(events["end"] == 1);
    CHECK(events["move"] == records.back()["turns"].get<int>());
    CHECK(events["update"] >= events["move"]);
  }
}

TEST_CASE("[number-cli] a deck of one card stalls, and bad rules exit 2 naming the field") {
  const auto records = run_log(R"({"game": "number", "seed": 3, "rules": {"questions": [6]}})");
  CHECK(records.back()["reason"] == "stalled");
  TempDir dir;
  const CliResult bad = run_cli(
      {"run", dir.write("bad.json", R"({"game": "number", "rules": {"epistemagic": "twice"}})")});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("/rules/epistemagic") != std::string::npos);
}
