// kripkesim check --where / --valid / --count, as text and as JSON, through the real binary.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_runner.hpp"

using namespace kripke_test;
using nlohmann::json;

namespace {

// Sum and Product over 1 <= x < y <= 4: six worlds, S learns x + y, P learns x * y.
const char* const kSmallSumAndProduct = R"({"game": "model", "rules": {
  "variables": [{"name": "x", "from": 1, "to": 4}, {"name": "y", "from": 1, "to": 4}],
  "law": "x < y",
  "agents": [{"name": "S", "observes": ["x + y"]}, {"name": "P", "observes": ["x * y"]}],
  "actual": {"x": 1, "y": 4}}})";

}  // namespace

TEST_CASE("[check] --where lists the worlds by their assignment, as text or JSON") {
  TempDir dir;
  const std::string model = dir.write("model.json", kSmallSumAndProduct);
  const CliResult text = run_cli({"check", model, "--where", "x + y = 5"});
  CHECK(text.exit_code == 0);
  // Worlds come in the order of their assignment's number: x changes fastest.
  CHECK(text.out == "2 worlds of 6:\n  x=2 y=3\n  x=1 y=4\n");

  const CliResult j = run_cli({"check", model, "--where", "x + y = 5", "--format", "json"});
  CHECK(j.exit_code == 0);
  const json answer = json::parse(j.out);
  CHECK(answer["count"] == 2);
  CHECK(answer["worlds"] == 6);
  CHECK(answer["where"] == json::parse(R"([{"x": 2, "y": 3}, {"x": 1, "y": 4}])"));

  // --limit shows the first worlds and says how many more there are; the count is exact.
  const CliResult limited = run_cli({"check", model, "--where", "true", "--limit", "2"});
  CHECK(limited.out ==
        "6 worlds of 6:\n  x=1 y=2\n  x=1 y=3\n  ... and 4 more (--limit 0 lists them all)\n");
  // Knowledge is asked of every world: where does S know that x is 1? Sums 3 and 4.
  CHECK(run_cli({"check", model, "--where", "K{S} x = 1"}).out ==
        "2 worlds of 6:\n  x=1 y=2\n  x=1 y=3\n");
}

TEST_CASE(
    "[check] --valid says whether every world satisfies the formula, with a counter-example") {
  TempDir dir;
  const std::string model = dir.write("model.json", kSmallSumAndProduct);
  const CliResult valid =
      run_cli({"check", model, "--valid", "x < y & (K{P} x = 1 | ~K{P} x = 1)"});
  CHECK(valid.exit_code == 0);
  CHECK(valid.out == "valid: true in all 6 worlds\n");
  // P knows the pair in every world (all products differ); S does not.
  CHECK(run_cli({"check", model, "--valid", "Kw{P} x = 1"}).exit_code == 0);
  const CliResult not_valid = run_cli({"check", model, "--valid", "x + y < 7"});
  CHECK(not_valid.exit_code == 1);
  CHECK(not_valid.out == "not valid: false in 1 of 6 worlds, for example x=3 y=4\n");
  const CliResult j = run_cli({"check", model, "--valid", "Kw{S} x = 1", "--format", "json"});
  CHECK(j.exit_code == 1);
  const json answer = json::parse(j.out);
  CHECK(answer["valid"] == false);
  CHECK(answer["failing"] == 2);  // (1,4) and (2,3): sum 5
  CHECK(answer["counterexample"] == json::parse(R"({"x": 2, "y": 3})"));
}

TEST_CASE("[check] --count, and questions after announcements of a scenario's kind") {
  TempDir dir;
  const std::string model = dir.write("model.json", kSmallSumAndProduct);
  CHECK(run_cli({"check", model, "--count", "x % 2 = 1"}).out == "4\n");
  const CliResult j =
      run_cli({"check", model, "--count", "[!x + y = 5] K{S} y > 2", "--format", "json"});
  CHECK(json::parse(j.out)["count"] == 6);  // after the announcement S knows y >= 3
  // Other games are asked the same way; their worlds are numbered.
  const CliResult muddy =
      run_cli({"check", source_path("configs/muddy.json"), "--count", "muddy(1)"});
  CHECK(muddy.exit_code == 0);
  CHECK(muddy.out == "16\n");  // 5 children, the father's announcement leaves 31 worlds
  CHECK(run_cli({"check", source_path("configs/muddy.json"), "--where",
                 "~muddy(2) & ~muddy(3) & "
                 "~muddy(4) & ~muddy(5)"})
            .out == "1 world of 31:\n  muddy 1\n");
}

TEST_CASE("[check] exactly one question, and bad formulas name their option") {
  TempDir dir;
  const std::string model = dir.write("model.json", kSmallSumAndProduct);
  const CliResult two = run_cli({"check", model, "--formula", "true", "--where", "true"});
  CHECK(two.exit_code == 2);
  CHECK_THAT(two.err, Catch::Contains("exactly one of --formula, --where, --valid and --count"));
  CHECK(run_cli({"check", model}).exit_code == 2);
  const CliResult bad = run_cli({"check", model, "--where", "x + = 1"});
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("--where: column 5"));
  const CliResult unknown = run_cli({"check", model, "--valid", "z = 1"});
  CHECK(unknown.exit_code == 2);
  CHECK_THAT(unknown.err, Catch::Contains("--valid: column 1: unknown variable 'z'"));
}

TEST_CASE("[check] --at evaluates --formula at a world named by its assignment or number") {
  TempDir dir;
  const std::string model = dir.write("model.json", kSmallSumAndProduct);
  // S knows x = 1 where the sum is 3 (x=1 y=2), not at the actual world (sum 5: 1+4, 2+3).
  const CliResult yes =
      run_cli({"check", model, "-f", "K{S} x = 1", "--at", R"({"x": 1, "y": 2})"});
  CHECK(yes.exit_code == 0);
  CHECK(yes.out == "true at x=1 y=2\n");
  const CliResult no = run_cli({"check", model, "-f", "K{S} x = 1", "--at", R"({"x": 1, "y": 4})"});
  CHECK(no.exit_code == 1);
  CHECK(no.out == "false at x=1 y=4\n");
  const CliResult j =
      run_cli({"check", model, "-f", "K{S} x = 1", "--at", "0", "--format", "json"});
  CHECK(j.exit_code == 0);
  CHECK(json::parse(j.out) ==
        json::parse(R"({"formula": "K{S} x = 1", "holds": true, "at": {"x": 1, "y": 2}})"));
  // A world the law excludes, a value outside the domain, and --at without --formula.
  const CliResult excluded = run_cli({"check", model, "-f", "true", "--at", R"({"x": 2, "y": 1})"});
  CHECK(excluded.exit_code == 2);
  CHECK_THAT(excluded.err, Catch::Contains("--at: no world carries the assignment x=2 y=1"));
  const CliResult outside = run_cli({"check", model, "-f", "true", "--at", R"({"x": 9, "y": 1})"});
  CHECK(outside.exit_code == 2);
  CHECK_THAT(outside.err, Catch::Contains("--at: /x: 9 is not in the domain of x"));
  CHECK(run_cli({"check", model, "--where", "true", "--at", "0"}).exit_code == 2);
  // Other games' worlds are named by number (the order in which --where lists the worlds
  // still possible: after the father's announcement, "nobody muddy" is gone and "muddy 1 2"
  // is the third), or as the game writes them (the muddy children: who is muddy); a removed
  // world cannot be named.
  const std::string muddy = source_path("configs/muddy.json");
  CHECK(run_cli({"check", muddy, "-f", "muddy(1) & muddy(2)", "--at", "2"}).out ==
        "true at muddy 1 2\n");
  CHECK(run_cli({"check", muddy, "--where", "true", "--limit", "3"}).out.find("muddy 1 2") !=
        std::string::npos);
  CHECK(run_cli({"check", muddy, "-f", "muddy(1) & muddy(2)", "--at", "[2, 1]"}).out ==
        "true at muddy 1 2\n");
  const CliResult removed = run_cli({"check", muddy, "-f", "true", "--at", "[]"});
  CHECK(removed.exit_code == 2);
  CHECK_THAT(removed.err, Catch::Contains("nobody muddy is no longer possible"));
  // Clue's worlds are deals, written as in a config; after a shown card a deal where the
  // answerer held both suggested cards is two worlds, and only a number names one.
  const std::string fig3 = source_path("configs/scenarios/clue-pages-fig3.json");
  const std::string both =
      R"({"hands": [["dagger", "rope"], ["candle", "Scarlet"], ["Mustard", "Green"]],
          "envelope": ["wrench", "Plum"]})";
  CHECK(run_cli({"check", fig3, "--step", "0", "-f", "has(2,candle)", "--at", both}).out ==
        "true at dr cS MG | wP\n");
  const CliResult copies = run_cli({"check", fig3, "--step", "2", "-f", "true", "--at", both});
  CHECK(copies.exit_code == 2);
  CHECK_THAT(
      copies.err,
      Catch::Contains("--at: several worlds carry the deal dr cS MG | wP: name one by its number"));
  const CliResult bad = run_cli({"check", fig3, "-f", "true", "--at", R"({"hands": []})"});
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("--at: /hands: one hand per player needed (3)"));
}

TEST_CASE("[check] a model has no moves: run ends at turn 0") {
  TempDir dir;
  const std::string model = dir.write("model.json", kSmallSumAndProduct);
  const CliResult r = run_cli({"run", model});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("end after 0 turns"));
}
