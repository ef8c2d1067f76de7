// kripkesim scenario: the bundled scenarios, failing and broken ones, directories, and the
// summary line.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "cli_runner.hpp"
#include "kripke/events.hpp"
#include "scenario/scenario.hpp"
#include "scenario/scenario_runner.hpp"

using namespace kripke_test;

namespace {

// Three children, 2 and 3 muddy (Lier & van der Ree): after the father 7 worlds, after one round 4.
const std::string kPassing =
    R"json({"game": "muddy", "name": "passes", "deal": {"muddy": [2, 3]}, "script": [
  {"expect_worlds": 7}, {"play": 1}, {"expect_winners": [3, 2]}]})json";

// Step 1 and step 3 are wrong; step 2 is right, and the script goes on after step 1.
const std::string kFailing =
    R"json({"game": "muddy", "name": "fails", "deal": {"muddy": [2, 3]}, "script": [
  {"expect_worlds": 7},
  {"expect": "K1 muddy(1)", "comment": "wrong: child 1 is clean and does not know it"},
  {"move": "nobody-knows"},
  {"expect_possible": {"1": 2, "2": 2}}]})json";

bool is_summary_line(const std::string& line) {
  return std::regex_match(line, std::regex("[0-9]+ passed, [0-9]+ failed"));
}

}  // namespace

TEST_CASE("[scenario] the bundled scenarios and models pass") {
  for (const char* folder : {"configs/scenarios", "configs/models"}) {
    INFO(folder);
    const std::string dir = source_path(folder);
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
      files += entry.path().extension() == ".json";
    REQUIRE(files >= 3);
    const CliResult r = run_cli({"scenario", dir});
    CHECK(r.err.empty());
    CHECK(r.exit_code == 0);
    const auto lines = lines_of(r.out);
    REQUIRE(!lines.empty());
    CHECK(lines.back() == std::to_string(files) + " passed, 0 failed");
  }
}

TEST_CASE("[scenario] a failing expectation is reported and the script goes on") {
  TempDir dir;
  const std::string file = dir.write("fails.json", kFailing);
  const CliResult r = run_cli({"scenario", file});
  CHECK(r.exit_code == 1);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, Catch::StartsWith("FAIL fails\n"));
  // The step, its JSON, the comment, the formula, and who knows what.
  CHECK_THAT(r.out, Catch::Contains("step 1 (/script/1/expect): "));
  CHECK_THAT(r.out, Catch::Contains(R"json("expect":"K1 muddy(1)")json"));
  CHECK_THAT(r.out, Catch::Contains("comment: wrong: child 1 is clean"));
  CHECK_THAT(r.out,
             Catch::Contains("expected K1 muddy(1) to be true at the actual world: it is false"));
  CHECK_THAT(r.out, Catch::Contains("alive worlds: 7"));
  CHECK_THAT(r.out,
             Catch::Contains("child 1: 2 possible worlds, knows the formula: no, has won: no"));
  // After the round, child 2 has 1 possible world, not 2: the later step failed too.
  CHECK_THAT(r.out, Catch::Contains("step 3 (/script/3/expect_possible)"));
  CHECK_THAT(r.out, Catch::Contains("possible worlds of child 2: expected 2, found 1"));
  // Few worlds: they are listed, and those each child considers possible.
  CHECK_THAT(r.out, Catch::Contains("the worlds: muddy 1 2; muddy 1 3; muddy 2 3; muddy 1 2 3"));
  CHECK_THAT(r.out, Catch::Contains("child 2 considers possible: muddy 2 3\n"));
  CHECK_THAT(r.out, !Catch::Contains("step 0 "));
  CHECK(lines_of(r.out).back() == "0 passed, 1 failed");
}

TEST_CASE("[scenario] a directory is searched recursively in sorted order") {
  TempDir dir;
  dir.write("suite/b/deep/fails.json", kFailing);
  dir.write("suite/a/passes.json", kPassing);
  dir.write("suite/notes.txt", "not a scenario");
  const CliResult r = run_cli({"scenario", dir.file("suite")});
  CHECK(r.exit_code == 1);
  const auto lines = lines_of(r.out);
  REQUIRE(lines.size() >= 3);
  CHECK(lines.front() == "PASS passes");
  CHECK(lines[1] == "FAIL fails");
  CHECK(lines.back() == "1 passed, 1 failed");
  CHECK(is_summary_line(lines.back()));
}

TEST_CASE("[scenario] a bad file is counted as failed and the others still run") {
  TempDir dir;
  const std::string bad =
      dir.write("1-bad.json", R"({"game": "muddy", "script": [{"play": "twice"}]})");
  const std::string good = dir.write("2-good.json", kPassing);
  const CliResult r = run_cli({"scenario", bad, good});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "kripkesim: " + bad + ": /script/0/play: expected an integer, found a string\n");
  const auto lines = lines_of(r.out);
  CHECK(lines.front() == "FAIL " + bad + " (bad input)");
  CHECK(std::find(lines.begin(), lines.end(), "PASS passes") != lines.end());
  CHECK(lines.back() == "1 passed, 1 failed");
}

TEST_CASE("[scenario] play after the game is over is bad input") {
  TempDir dir;
  const std::string file =
      dir.write("s.json", R"json({"game": "muddy", "deal": {"muddy": [2, 3]}, "script": [
    {"play": 5}, {"expect_winners": [2, 3]}, {"play": 1}]})json");
  const CliResult r = run_cli({"scenario", file});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("/script/2/play: the game is over (win after turn 1)"));
}

TEST_CASE("[scenario] --verbose prints the transcript and every step") {
  TempDir dir;
  const CliResult r = run_cli({"scenario", "--verbose", dir.write("p.json", kPassing)});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("father: at least one of you is muddy"));
  CHECK_THAT(r.out, Catch::Contains("-- step 1: {\"play\":1}"));
  CHECK_THAT(r.out, Catch::Contains("nobody knows whether they are muddy"));
  CHECK_THAT(r.out, Catch::EndsWith("PASS passes\n1 passed, 0 failed\n"));
}

TEST_CASE("[scenario] expect_event compares the last logged event of a kind, even when quiet") {
  // Three children, 2 and 3 muddy: the father's announcement leaves 7 worlds, the first
  // "nobody knows" 4.
  const auto scenario = [](const std::string& steps) {
    return R"json({"game": "muddy", "name": "events", "deal": {"muddy": [2, 3]}, "script": [)json" +
           steps + "]}";
  };
  TempDir dir;
  const CliResult pass = run_cli({"scenario", dir.write("pass.json", scenario(R"json(
    {"expect_event": {"event": "update", "values": {"/kind": "public", "/worlds_after": 7.0}}},
    {"play": 1},
    {"expect_event": {"event": "update", "values": {"/worlds_after": 4, "/agents/1/knows": true}}},
    {"expect_event": {"event": "start", "values": {"/deal/muddy": [2, 3]}}})json"))});
  CHECK(pass.exit_code == 0);
  CHECK_THAT(pass.out, Catch::StartsWith("PASS events\n"));

  const CliResult fail = run_cli({"scenario", dir.write("fail.json", scenario(R"json(
    {"play": 1},
    {"expect_event": {"event": "update", "values": {"/worlds_after": 7, "/kind": "public",
                                                     "/agents/7/knows": true}}},
    {"expect_event": {"event": "hints", "values": {"/worlds": 9}}})json"))});
  CHECK(fail.exit_code == 1);
  CHECK_THAT(fail.out, Catch::Contains("step 1 (/script/1/expect_event)"));
  // Values are checked in the order of their pointers.
  CHECK_THAT(fail.out, Catch::Contains("the last 'update' event (turn 1): /agents/7/knows: "
                                       "expected true, found nothing; /worlds_after: "
                                       "expected 7, found 4"));
  CHECK_THAT(fail.out, !Catch::Contains("/kind: expected"));
  CHECK_THAT(fail.out, Catch::Contains("step 2 (/script/2/expect_event)"));
  CHECK_THAT(fail.out, Catch::Contains("no 'hints' event has been logged"));

  for (const char* bad : {R"json({"event": "update", "values": {"worlds_after": 7}})json",
                          R"json({"event": "update", "values": {}})json",
                          R"json({"event": "update", "values": {"/a/~2": 7}})json",
                          R"json({"event": "update", "value": {"/worlds_after": 7}})json"}) {
    INFO(bad);
    const CliResult r =
        run_cli({"scenario",
                 dir.write("bad.json", scenario(std::string(R"({"expect_event": )") + bad + "}"))});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("/script/0/expect_event"));
  }
}

TEST_CASE("[scenario] reading: the name defaults to the file name and steps keep their paths") {
  TempDir dir;
  const std::string file = dir.write("unnamed.json", R"json({"game": "muddy", "script": [
    {"comment": "c", "observe": {"agents": [3, 1], "formulas": ["muddy(3)", "muddy(1) | muddy(2)"]}},
    {"expect_relations": {"2": 13}}]})json");
  const kripkesim::Scenario s = kripkesim::load_scenario(file);
  CHECK(s.name == "unnamed");
  REQUIRE(s.script.size() == 2);
  CHECK(s.script[0].path == "/script/0/observe");
  CHECK(s.script[0].comment == "c");
  const auto& observe = std::get<kripkesim::ObserveStep>(s.script[0].action);
  REQUIRE(observe.agents.size() == 2);
  CHECK(observe.agents[0].key == "3");
  CHECK(observe.agents[1].path == "/script/0/observe/agents/1");
  CHECK(observe.formulas.at(1).text == "muddy(1) | muddy(2)");
  const auto& relations = std::get<kripkesim::ExpectPerAgentStep>(s.script[1].action);
  CHECK(relations.statistic == kripkesim::AgentStatistic::Relations);
  REQUIRE(relations.expected.size() == 1);
  CHECK(relations.expected[0].first.key == "2");
  CHECK(relations.expected[0].second == 13);
  kripke::NullSink quiet;
  CHECK(kripkesim::run_scenario(s, quiet).passed());
}

TEST_CASE("[scenario] reading: a formula the script repeats is parsed once and shared") {
  TempDir dir;
  const std::string file = dir.write("rounds.json", R"json({"game": "muddy", "script": [
    {"announce": "~Kw1 muddy(1)"}, {"expect": "~Kw1 muddy(1)"}, {"announce": "~Kw1  muddy(1)"},
    {"observe": {"agents": [1], "formulas": ["~Kw1 muddy(1)"]}}]})json");
  const kripkesim::Scenario s = kripkesim::load_scenario(file);
  REQUIRE(s.script.size() == 4);
  const auto& first = std::get<kripkesim::AnnounceStep>(s.script[0].action).formula;
  const auto& again = std::get<kripkesim::ExpectStep>(s.script[1].action).formula;
  const auto& spaced = std::get<kripkesim::AnnounceStep>(s.script[2].action).formula;
  const auto& observed = std::get<kripkesim::ObserveStep>(s.script[3].action).formulas.at(0);
  CHECK(first.formula == again.formula);  // one parsed formula
  CHECK(first.formula == observed.formula);
  CHECK(first.formula != spaced.formula);   // another text (its columns differ)
  CHECK(again.path == "/script/1/expect");  // each occurrence keeps its own place
  CHECK(observed.path == "/script/3/observe/formulas/0");

  // A mistake in a repeated formula is reported once, at its first place.
  const std::string bad = dir.write("bad.json", R"json({"game": "muddy", "script": [
    {"play": 1}, {"announce": "K1 nosuch"}, {"announce": "K1 nosuch"}]})json");
  const auto r = run_cli({"scenario", bad});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("/script/1/announce") != std::string::npos);
  CHECK(r.err.find("/script/2/announce") == std::string::npos);
}
