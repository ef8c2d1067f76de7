// Bad input of every kind: exit code 2, one message on stderr naming the file, the JSON
// path (or the formula's column) and the problem, and no output file left behind.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_runner.hpp"

using namespace kripke_test;

namespace {

// Runs `run CONFIG --log LOG` and checks the error contract; returns stderr.
std::string run_bad_config(const std::string& config_text) {
  TempDir dir;
  const std::string config = dir.write("config.json", config_text);
  const std::string log = dir.file("game.jsonl");
  const CliResult r = run_cli({"run", config, "--log", log});
  CHECK(r.exit_code == 2);
  CHECK(r.err.rfind("kripkesim: " + config + ": ", 0) == 0);
  CHECK(lines_of(r.err).size() == 1);
  // Neither the log nor its temporary file exists.
  for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
    CHECK(entry.path().filename() == "config.json");
  return r.err;
}

}  // namespace

TEST_CASE("[cli-errors] malformed JSON names the line and column") {
  const std::string err =
      run_bad_config("{\"game\": \"muddy\",\n  \"rules\": {\"children\": 3,}\n}\n");
  CHECK_THAT(err, Catch::Contains("line 2, column 27"));  // the '}' after the trailing comma
  CHECK_THAT(err, Catch::Contains("malformed JSON"));
}

TEST_CASE("[cli-errors] an unknown key is an error with a suggestion") {
  const std::string err = run_bad_config(R"({"game": "muddy", "rules": {"childen": 3}})");
  CHECK_THAT(err, Catch::Contains("/rules: "));
  CHECK_THAT(err, Catch::Contains("unknown key 'childen'"));
  CHECK_THAT(err, Catch::Contains("did you mean 'children'?"));
}

TEST_CASE("[cli-errors] a missing required key names a present key that looks like a typo of it") {
  const std::string err = run_bad_config(R"({"gmae": "muddy"})");
  CHECK_THAT(err, Catch::Contains("missing required key 'game' (found 'gmae': a typo?)"));
  CHECK_THAT(run_bad_config(R"({"rules": {}})"), !Catch::Contains("a typo?"));
}

TEST_CASE("[cli-errors] a value of the wrong type names its path and both types") {
  const std::string err = run_bad_config(R"({"game": "muddy", "rules": {"children": "three"}})");
  CHECK_THAT(err, Catch::Contains("/rules/children: "));
  CHECK_THAT(err, Catch::Contains("expected an integer, found a string"));
}

TEST_CASE("[cli-errors] an unknown game lists the known ones") {
  const std::string err = run_bad_config(R"({"game": "mudy"})");
  CHECK_THAT(err, Catch::Contains("/game: "));
  CHECK_THAT(err, Catch::Contains("unknown game 'mudy'"));
  CHECK_THAT(err, Catch::Contains("muddy"));
}

TEST_CASE("[cli-errors] a world count over max_worlds names the count") {
  const std::string err =
      run_bad_config(R"({"game": "muddy", "engine": "explicit", "rules": {"children": 30},
                         "max_worlds": 1000})");
  CHECK_THAT(err, Catch::Contains(std::to_string(1ULL << 30) + " worlds"));
  CHECK_THAT(err, Catch::Contains("max_worlds = 1000"));
  // ... and what they would take: 2^30 worlds at (30 + 40) / 8 bytes of bitsets each.
  CHECK_THAT(err, Catch::Contains("would need about 8192 MiB of memory"));
  CHECK_THAT(err, Catch::Contains("set max_worlds to 1073741824 or more"));
}

TEST_CASE("[cli-errors] a missing config file") {
  TempDir dir;
  const std::string missing = dir.file("no-such-config.json");
  const CliResult r = run_cli({"run", missing, "--log", dir.file("game.jsonl")});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "kripkesim: " + missing + ": cannot open: No such file or directory\n");
  CHECK(std::filesystem::is_empty(dir.path()));
}

TEST_CASE("[cli-errors] a formula syntax error shows the column with a caret") {
  const CliResult r = run_cli({"check", source_path("configs/muddy.json"), "--formula", "K1 & "});
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  const auto lines = lines_of(r.err);
  REQUIRE(lines.size() == 3);
  CHECK_THAT(lines[0], Catch::StartsWith("kripkesim: --formula: column 4: "));
  // The caret sits under column 4 of the formula as printed on the line above.
  const std::size_t formula_start = lines[1].find("K1 & ");
  REQUIRE(formula_start != std::string::npos);
  CHECK(lines[2] == std::string(formula_start + 3, ' ') + "^");
}

TEST_CASE("[cli-errors] an unknown atom in a formula shows its column") {
  const CliResult r =
      run_cli({"check", source_path("configs/muddy.json"), "--formula", "K1 ~dirty(1)"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::StartsWith("kripkesim: --formula: column 5: unknown atom 'dirty'"));
}

TEST_CASE("[cli-errors] a formula error in a scenario names the file and the step and the column") {
  TempDir dir;
  const std::string file = dir.write("s.json", R"json({"game": "muddy", "script": [
    {"expect_worlds": 7}, {"expect": "K1 (muddy(1) | "}]})json");  // 15 characters: the end is
                                                                   // column 16
  const CliResult r = run_cli({"scenario", file});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::StartsWith("kripkesim: " + file + ": /script/1/expect: column 16: "));
}

TEST_CASE("[cli-errors] an announcement false at the actual world") {
  TempDir dir;
  // Children 2 and 3 are muddy; announcing that child 1 is muddy is a lie.
  const std::string file =
      dir.write("s.json", R"json({"game": "muddy", "deal": {"muddy": [2, 3]}, "script": [
    {"expect_worlds": 7}, {"announce": "muddy(1)"}, {"expect_worlds": 4}]})json");
  const CliResult r = run_cli({"scenario", file});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err,
             Catch::StartsWith("kripkesim: " + file +
                               ": /script/1/announce: muddy(1) is false at the actual world"));
  CHECK_THAT(r.out, Catch::Contains("0 passed, 1 failed"));
}

TEST_CASE("[cli-errors] a scenario step with two actions or a misspelt one") {
  TempDir dir;
  const std::string two =
      dir.write("two.json", R"({"game": "muddy", "script": [{"play": 1, "expect_worlds": 4}]})");
  const CliResult r = run_cli({"validate", two});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains(two + ": /script/0: a step has exactly one action"));
  CHECK_THAT(r.err, Catch::Contains("play and expect_worlds"));

  const std::string typo =
      dir.write("typo.json", R"({"game": "muddy", "script": [{"expect_world": 4}]})");
  const CliResult t = run_cli({"validate", typo});
  CHECK(t.exit_code == 2);
  CHECK_THAT(t.err,
             Catch::Contains(
                 typo + ": /script/0: unknown key 'expect_world' (did you mean 'expect_worlds'?)"));
}

TEST_CASE("[cli-errors] an agent number out of range in a scenario") {
  TempDir dir;
  const std::string file =
      dir.write("s.json", R"({"game": "muddy", "script": [{"expect_possible": {"4": 1}}]})");
  const CliResult r = run_cli({"scenario", file});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err,
             Catch::Contains("/script/0/expect_possible/4: there is no agent 4 (agents are 1..3)"));
}

TEST_CASE("[cli-errors] bad usage exits 2 and --help exits 0") {
  CHECK(run_cli({}).exit_code == 2);       // no subcommand
  CHECK(run_cli({"run"}).exit_code == 2);  // no config
  CHECK(run_cli({"run", "configs/muddy.json", "--format", "xml"}).exit_code == 2);
  CHECK(run_cli({"frobnicate"}).exit_code == 2);
  const CliResult help = run_cli({"run", "--help"});
  CHECK(help.exit_code == 0);
  CHECK_THAT(help.out, Catch::Contains("Exit codes:"));
}
