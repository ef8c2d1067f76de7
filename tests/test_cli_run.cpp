// kripkesim run, check, validate and list through the real binary.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "cli_runner.hpp"
#include "text_cat.hpp"

using namespace kripke_test;
using nlohmann::json;

namespace {

std::string muddy_config(int children, const std::string& deal_and_more) {
  return kripke_test::cat(R"({"game": "muddy", "rules": {"children": )", std::to_string(children),
                          "}", deal_and_more, "}");
}

}  // namespace

TEST_CASE("[cli-run] the muddy transcript shows the father and every round and the end") {
  TempDir dir;
  // 4 muddy children of 5: they know after 3 rounds of "nobody knows".
  const std::string config =
      dir.write("m.json", muddy_config(5, R"(, "deal": {"muddy": [1, 2, 3, 5]})"));
  const CliResult r = run_cli({"run", config});
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, Catch::Contains("father: at least one of you is muddy"));
  for (int turn = 1; turn <= 3; ++turn)
    CHECK_THAT(r.out, Catch::Contains("--- turn " + std::to_string(turn) + " ---"));
  CHECK_THAT(r.out, !Catch::Contains("--- turn 4 ---"));
  std::size_t rounds = 0;
  for (std::size_t at = 0;
       (at = r.out.find("nobody knows whether they are muddy", at)) != std::string::npos; ++at)
    ++rounds;
  CHECK(rounds == 3);
  CHECK_THAT(r.out, Catch::Contains("child 1, child 2, child 3, child 5 win"));
  CHECK_THAT(r.out, Catch::EndsWith("=== end after 3 turns: win ===\n"));
}

TEST_CASE("[cli-run] the bundled muddy config runs as text and as JSON Lines") {
  const CliResult text = run_cli({"run", "configs/muddy.json"});
  CHECK(text.exit_code == 0);
  CHECK_THAT(text.out, Catch::Contains("father: at least one of you is muddy"));
  const CliResult log = run_cli({"run", "configs/muddy.json", "--format", "jsonl"});
  CHECK(log.exit_code == 0);
  const auto lines = lines_of(log.out);
  REQUIRE(lines.size() >= 3);
  CHECK(json::parse(lines.front())["event"] == "start");
  CHECK(json::parse(lines.back())["event"] == "end");
}

TEST_CASE("[cli-run] same config and seed give byte-identical logs and --log equals stdout") {
  TempDir dir;
  const std::string config = dir.write("m.json", muddy_config(8, ""));
  const CliResult first =
      run_cli({"run", config, "--seed", "42", "--format", "jsonl", "--log", dir.file("a.jsonl")});
  const CliResult second =
      run_cli({"run", config, "--seed", "42", "--format", "jsonl", "--log", dir.file("b.jsonl")});
  REQUIRE(first.exit_code == 0);
  REQUIRE(second.exit_code == 0);
  CHECK(!first.out.empty());
  CHECK(first.out == second.out);
  CHECK(read_file(dir.file("a.jsonl")) == first.out);
  CHECK(read_file(dir.file("b.jsonl")) == first.out);
  // Only the two logs and the config: no temporary files are left.
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
    files += entry.is_regular_file();
  CHECK(files == 3);
}

TEST_CASE("[cli-run] different seeds can give different games and --seed overrides the config") {
  TempDir dir;
  const std::string config = dir.write("m.json", muddy_config(8, R"(, "seed": 5)"));
  std::set<std::string> logs;
  for (int seed = 1; seed <= 6; ++seed)
    logs.insert(run_cli({"run", config, "--seed", std::to_string(seed), "--format", "jsonl"}).out);
  CHECK(logs.size() > 1);
  const std::string from_config = run_cli({"run", config, "--format", "jsonl"}).out;
  const std::string seed5 = run_cli({"run", config, "--seed", "5", "--format", "jsonl"}).out;
  const std::string seed6 = run_cli({"run", config, "--seed", "6", "--format", "jsonl"}).out;
  CHECK(from_config == seed5);
  CHECK(json::parse(lines_of(seed6).front())["seed"] == 6);
}

TEST_CASE("[cli-run] check prints the truth value and each agent's knowledge") {
  TempDir dir;
  const std::string config = dir.write("m.json", muddy_config(3, R"(, "deal": {"muddy": [2, 3]})"));
  // After the father nobody knows; after one round children 2 and 3 know (Lier & van der Ree).
  const CliResult before = run_cli({"check", config, "--formula", "K2 muddy(2)"});
  CHECK(before.exit_code == 1);
  CHECK(lines_of(before.out).at(0) == "false");
  const CliResult after = run_cli({"check", config, "--formula", "K2 muddy(2)", "--turns", "1"});
  CHECK(after.exit_code == 0);
  const auto lines = lines_of(after.out);
  REQUIRE(lines.size() >= 4);
  CHECK(lines[0] == "true");
  // Child 1 cannot tell (0,1,1) from (1,1,1), where child 2 does not know: K1 K2 muddy(2) fails.
  CHECK(lines[1] == "child 1: 2 possible worlds, knows the formula: no, has won: no");
  CHECK(lines[2] == "child 2: 1 possible world, knows the formula: yes, has won: yes");
  CHECK(lines[3] == "child 3: 1 possible world, knows the formula: yes, has won: yes");
}

TEST_CASE("[cli-run] validate reports every file good and bad") {
  TempDir dir;
  const std::string good = dir.write("good.json", muddy_config(4, ""));
  const std::string bad = dir.write("bad.json", R"({"game": "muddy", "seed": -1})");
  const CliResult r =
      run_cli({"validate", good, bad, source_path("configs/scenarios/muddy-matrices.json")});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.out, Catch::Contains(good + ": ok (muddy, 16 worlds)"));
  CHECK_THAT(r.out, Catch::Contains("muddy-matrices.json: ok (muddy scenario"));
  CHECK(r.err == "kripkesim: " + bad +
                     ": /seed: a seed is an integer from 0 to 9007199254740991 (2^53 - 1), "
                     "found -1\n");
  CHECK(run_cli({"validate", good}).exit_code == 0);
  // A counted game reports its deals, not the placeholder model's single world.
  CHECK_THAT(run_cli({"validate", source_path("configs/sleuth.json")}).out,
             Catch::Contains("sleuth.json: ok (sleuth, 114388526826842830848000 worlds)"));
}

TEST_CASE("[cli-run] validate counts a model's worlds by solving its law, refusing what run does") {
  TempDir dir;
  // The three numbers from 1 to 300, one the sum of the other two (What Sum).
  const auto what_sum = [&](const std::string& name, const std::string& extra,
                            const std::string& law, const std::string& actual) {
    std::string text = R"({"game": "model", )";
    for (const std::string& part :
         {extra, std::string(R"("rules": {"variables": [{"name": "a", "from": 1, "to": 300},)"),
          std::string(
              R"({"name": "b", "from": 1, "to": 300}, {"name": "c", "from": 1, "to": 300}],)"),
          std::string(R"("agents": [{"name": "Anne", "observes": ["b", "c"]}], "law": ")"), law,
          std::string(R"(", "actual": )"), actual, std::string("}}")})
      text += part;
    return dir.write(name, text);
  };
  const std::string sum = "a = b + c | b = a + c | c = a + b";
  const std::string good = what_sum("good.json", "", sum, R"({"a": 50, "b": 20, "c": 30})");
  const CliResult counted = run_cli({"validate", good});
  CHECK(counted.exit_code == 0);
  CHECK(counted.out == good + ": ok (model, 134550 worlds)\n");  // 3 · 299 · 300 / 2
  CHECK(run_cli({"check", good, "--count", "true"}).out == "134550\n");
  // Each mistake gets run's exit code and message, the build's included.
  for (const std::string& bad :
       {what_sum("actual.json", "", sum, R"({"a": 50, "b": 20, "c": 31})"),
        what_sum("over.json", R"("engine": "explicit", "max_worlds": 1000, )", sum,
                 R"({"a": 50, "b": 20, "c": 30})"),
        what_sum("none.json", "", "a > 300", R"({"a": 50, "b": 20, "c": 30})"),
        what_sum("zero.json", "", "a / (b - b) = c", R"({"a": 50, "b": 20, "c": 30})"),
        what_sum("unknown.json", "", "a = d", R"({"a": 50, "b": 20, "c": 30})")}) {
    INFO(bad);
    const CliResult validated = run_cli({"validate", bad});
    const CliResult ran = run_cli({"run", bad});
    CHECK(validated.exit_code == 2);
    CHECK(ran.exit_code == 2);
    CHECK(validated.err == ran.err);
  }
}

TEST_CASE("[cli-run] list shows the games and the bundled configs with descriptions") {
  TempDir dir;
  dir.write("configs/a.json", R"({"game": "muddy", "description": "first config"})");
  dir.write("configs/sub/b.json", R"({"game": "muddy", "description": "nested config"})");
  dir.write("configs/broken.json", "{");
  const CliResult r = run_cli({"list"}, "/", {"KRIPKESIM_CONFIGS=" + dir.file("configs")});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("muddy"));
  CHECK_THAT(r.out, Catch::Contains("a.json"));
  CHECK_THAT(r.out, Catch::Contains("first config"));
  CHECK_THAT(r.out, Catch::Contains("sub/b.json"));
  CHECK_THAT(r.out, Catch::Contains("nested config"));
  CHECK_THAT(r.out, Catch::Contains("unreadable"));

  // Grouped by the command that reads them.
  dir.write("configs/s.json", R"({"game": "muddy", "name": "a scenario", "script": []})");
  dir.write("configs/e.json", R"({"game": "muddy", "description": "an experiment", "batch": {}})");
  const std::string grouped =
      run_cli({"list"}, "/", {"KRIPKESIM_CONFIGS=" + dir.file("configs")}).out;
  const auto at = [&](const std::string& text) { return grouped.find(text); };
  CHECK(at("Game configs (kripkesim run FILE)") < at("first config"));
  CHECK(at("first config") < at("Scenarios (kripkesim scenario FILE)"));
  CHECK(at("Scenarios (kripkesim scenario FILE)") < at("a scenario"));
  CHECK(at("a scenario") < at("Experiments (kripkesim batch FILE)"));
  CHECK(at("Experiments (kripkesim batch FILE)") < at("an experiment"));
  CHECK(at("an experiment") < at("Unreadable files"));

  // Without the variable, from a directory without configs/, the source tree's are listed.
  TempDir elsewhere;
  const CliResult fallback = run_cli({"list"}, elsewhere.path().string());
  CHECK(fallback.exit_code == 0);
  CHECK_THAT(fallback.out, Catch::Contains("muddy.json"));
  CHECK_THAT(fallback.out, Catch::Contains("scenarios/muddy-matrices.json"));
}

TEST_CASE("[cli-run] run and check given a scenario or an experiment name the command to use") {
  const CliResult scenario = run_cli({"run", "configs/scenarios/muddy-four.json"});
  CHECK(scenario.exit_code == 2);
  CHECK_THAT(scenario.err,
             Catch::Contains("/script: this is a scenario (it has a \"script\"): play it with "
                             "`kripkesim scenario configs/scenarios/muddy-four.json`"));
  const CliResult batch =
      run_cli({"check", "configs/experiments/muddy-batch.json", "--formula", "true"});
  CHECK(batch.exit_code == 2);
  CHECK_THAT(batch.err, Catch::Contains("/batch: this is an experiment (it has a \"batch\"): "
                                        "play it with `kripkesim batch"));
}

TEST_CASE("[cli-run] --version names the build, and the log's start event carries the same") {
  const auto version = run_cli({"--version"});
  REQUIRE(version.exit_code == 0);
  REQUIRE(version.out.rfind("kripkesim 0.1.0+", 0) == 0);
  std::string build = version.out.substr(std::string("kripkesim ").size());
  while (!build.empty() && build.back() == '\n') build.pop_back();
  CHECK(build.size() > std::string("0.1.0+").size());
  const auto log = run_cli({"run", "configs/muddy.json", "--format", "jsonl"});
  REQUIRE(log.exit_code == 0);
  const auto start = nlohmann::json::parse(log.out.substr(0, log.out.find('\n')));
  CHECK(start["event"] == "start");
  CHECK(start["build"] == build);
}

TEST_CASE("[cli-run] seeds stay below 2^53, so every JSON reader reads them exactly") {
  CHECK(run_cli({"run", "configs/muddy.json", "--seed", "9007199254740991"}).exit_code == 0);
  const auto above = run_cli({"run", "configs/muddy.json", "--seed", "9007199254740992"});
  CHECK(above.exit_code == 2);
  CHECK_THAT(above.err, Catch::Contains("2^53 - 1"));
}
