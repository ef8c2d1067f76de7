// What a new user tripped on in the first week, each checked where it was seen.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "cli_runner.hpp"
#include "kripke/config_reader.hpp"

using namespace kripke_test;

TEST_CASE("[first-week] the bundled models on the symbolic engine: as docs/models.md says") {
  // Every model of knowledge passes; the three belief models are refused (exit 2).
  const CliResult r = run_cli({"scenario", "configs/models", "--engine", "symbolic"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.out, Catch::Contains("8 passed, 3 failed"));
  for (const char* belief : {"sally-anne", "chocolate-task", "letter-unnoticed"})
    CHECK_THAT(r.out, Catch::Contains(std::string("FAIL configs/models/") + belief));
  CHECK_THAT(read_file(source_path("docs/models.md")), Catch::Contains("8 passed, 3 failed"));
}

TEST_CASE("[first-week] draw --format png does not write an image to a terminal") {
  if (std::system("command -v script > /dev/null 2>&1") != 0) {
    WARN("util-linux's script is not installed: no terminal to try");
    return;
  }
  TempDir dir;
  // `script` runs the command on a pseudo-terminal, as a person at a prompt would.
  const std::string command = "script -qec '" + kripkesim_exe() + " draw " +
                              source_path("configs/model.json") + " --format png' /dev/null > " +
                              dir.file("screen.txt") + " 2>&1";
  const int status = std::system(command.c_str());
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 2);
  const std::string screen = read_file(dir.file("screen.txt"));
  CHECK_THAT(screen, Catch::Contains("--format png writes an image, not text: give --out"));
  CHECK(screen.find("PNG") == std::string::npos);
  // Into a pipe or a file it is written as before.
  const CliResult piped = run_cli({"draw", "configs/model.json", "--format", "png"});
  if (piped.exit_code == 0) CHECK(piped.out.substr(1, 3) == "PNG");
}

TEST_CASE("[first-week] a belief model refused on --engine symbolic names the option") {
  const CliResult r =
      run_cli({"check", "configs/models/letter-unnoticed.json", "--engine", "symbolic", "--frame"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--engine: the symbolic engine reads variables"));
  CHECK_THAT(r.err, Catch::Contains("needs --engine explicit"));
  CHECK_THAT(r.err, !Catch::Contains("/engine"));
}

TEST_CASE("[first-week] check --frame says when an agent has no arrows at all") {
  TempDir dir;
  const std::string model = dir.write("m.json", R"({"game": "model",
    "rules": {"variables": ["p"],
      "worlds": [{"name": "u", "values": {"p": true}}, {"name": "v", "values": {"p": false}}],
      "agents": [{"name": "none", "arrows": {}}, {"name": "some", "arrows": {"u": ["u"]}}],
      "actual": "u"}})");
  const CliResult text = run_cli({"check", model, "--frame"});
  REQUIRE(text.exit_code == 0);
  CHECK_THAT(text.out, Catch::Contains("none: KB4 (transitive, Euclidean, symmetric); not "
                                       "reflexive, not serial; no arrows: it believes "
                                       "everything, even false\n"));
  const std::string some = text.out.substr(text.out.find("some: "));
  CHECK(some.find("no arrows") == std::string::npos);
  const CliResult json = run_cli({"check", model, "--frame", "--format", "json"});
  const kripke::Json frame = kripke::Json::parse(json.out)["frame"];
  CHECK(frame[0]["empty"] == true);
  CHECK(frame[1]["empty"] == false);
}

TEST_CASE("[first-week] kripkesim help wraps the bench entry between words, not mid-sentence") {
  const CliResult r = run_cli({"help"});
  REQUIRE(r.exit_code == 0);
  const std::string& out = r.out;
  const auto at = out.find("median CPU time");
  REQUIRE(at != std::string::npos);
  const auto line_start = out.rfind('\n', at) + 1;
  const auto line_end = out.find('\n', at);
  // The line holding it is a full line of the wrapped paragraph, not a fragment.
  CHECK(line_end - line_start >= 60);
}

TEST_CASE("[first-week] the muddy bench cases run the explicit engine they describe") {
  // "auto" takes the symbolic engine from 15 children: the cases name the explicit one, and
  // muddy-listed-20, which lists partitions, runs instead of exiting 2.
  const CliResult r = run_cli({"bench", "muddy-20", "muddy-listed-20", "--repeat", "1"});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("1048576 worlds, 20 agents, explicit engine") &&
                        Catch::Contains("n=20 listed partitions: play every round"));
}

TEST_CASE("[first-week] the symbolic muddy children's example in the docs does what they say") {
  const CliResult r = run_cli({"run", "configs/muddy-40.json"});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("=== end after 39 turns: win ==="));
  CHECK_THAT(read_file(source_path("docs/games/muddy.md")),
             Catch::Contains("kripkesim run configs/muddy-40.json"));
}

TEST_CASE("[first-week] compare-smcdel.sh --help is its header, and reports CPU time") {
  const std::string command = "bash " + source_path("scripts/compare-smcdel.sh") + " --help";
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string help;
  char chunk[4096];
  while (const std::size_t n = std::fread(chunk, 1, sizeof chunk, pipe)) help.append(chunk, n);
  CHECK(::pclose(pipe) == 0);
  CHECK_THAT(help, Catch::StartsWith("Usage: scripts/compare-smcdel.sh"));
  CHECK_THAT(help, !Catch::Contains("set -euo pipefail") && Catch::Contains("CPU time"));
}

TEST_CASE("[first-week] a model without a goal says nothing of winning") {
  const CliResult sally = run_cli({"scenario", "configs/models/sally-anne.json", "-v"});
  CHECK(sally.exit_code == 0);
  CHECK_THAT(sally.out, !Catch::Contains("win"));
  const CliResult check = run_cli({"check", "configs/model.json", "--formula", "p"});
  CHECK_THAT(check.out, !Catch::Contains("has won"));
  // With "goal": "know-the-world" an agent that knows the actual world wins.
  const CliResult sum = run_cli({"scenario", "configs/models/sum-and-product.json"});
  CHECK(sum.exit_code == 0);
  CHECK_THAT(sum.out, Catch::Contains("1 passed, 0 failed"));
  TempDir dir;
  const std::string bad =
      dir.write("g.json", R"({"game": "model", "rules": {"variables": ["p"], "goal": "win",
                   "agents": [{"name": "a", "observes": ["p"]}]}})");
  const CliResult r = run_cli({"validate", bad});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("/rules/goal: the one goal a model may give is"));
}

TEST_CASE("[first-week] formula errors name what was meant") {
  const auto error_of = [](const std::string& config, const std::string& formula) {
    const CliResult r = run_cli({"check", config, "--formula", formula});
    CHECK(r.exit_code == 2);
    return r.err;
  };
  const std::string sally = "configs/models/sally-anne.json";
  // A mistyped agent's name: the name it is near.
  CHECK_THAT(error_of(sally, "K{sallly} in_box"),
             Catch::Contains("no agent named 'sallly' (did you mean sally? the agents: sally, "
                             "anne)"));
  // One parenthesis, not two.
  CHECK_THAT(error_of(sally, "in_bx"),
             Catch::Contains("unknown variable 'in_bx' (did you mean in_box? the variables: "
                             "in_box)"));
  // An operator glued to a name is the word reported, at its column.
  CHECK_THAT(error_of(sally, "~p | Bsally ~in_box"),
             Catch::Contains("column 6: 'Bsally' reads as an atom: an operator with an agent's "
                             "name takes braces, B{sally}"));
}

TEST_CASE("[first-week] batch's summary fits in 100 columns") {
  TempDir dir;
  const CliResult r =
      run_cli({"batch", source_path("configs/experiments/clue-vs-random.json"), "--shard", "1/250",
               "--jobs", "1", "--no-progress", "--out", dir.file("r.json")});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("win share per strategy"));
  std::size_t start = 0, widest = 0;
  while (start < r.out.size()) {
    const std::size_t end = std::min(r.out.find('\n', start), r.out.size());
    std::size_t columns = 0;  // UTF-8 characters: bytes that do not continue one
    for (std::size_t k = start; k < end; ++k)
      columns += (static_cast<unsigned char>(r.out[k]) & 0xc0) != 0x80;
    widest = std::max(widest, columns);
    start = end + 1;
  }
  CHECK(widest <= 100);
}

TEST_CASE("[first-week] copies an action makes are named (w, e) wherever a world is shown") {
  // The letter Bill does not notice: after Anne reads it, two worlds carry p and two ~p.
  const std::string letter = source_path("configs/models/letter-unnoticed.json");
  const CliResult where = run_cli({"check", letter, "--step", "2", "--where", "p"});
  REQUIRE(where.exit_code == 0);
  CHECK_THAT(where.out, Catch::Contains("p (w_p, reads p)") && Catch::Contains("p (w_p, nothing)"));
  const CliResult drawn = run_cli({"draw", letter, "--step", "2"});
  REQUIRE(drawn.exit_code == 0);
  CHECK_THAT(drawn.out,
             Catch::Contains("(w_not_p, reads not p)") && Catch::Contains("(w_not_p, nothing)"));
  // A failed expectation's worlds, and a second action: (w, e) of (w, e).
  TempDir dir;
  kripke::Json scenario = kripke::Json::parse(read_file(letter));
  scenario["script"] = kripke::Json::array(
      {scenario["script"][1],
       {{"action",
         {{"events", {{{"name", "looks"}, {"pre", "true"}}, {{"name", "naps"}, {"pre", "true"}}}},
          {"actual", "looks"}}}},
       {{"expect", "K{bill} p"}}});
  const CliResult failed = run_cli({"scenario", dir.write("twice.json", scenario.dump())});
  CHECK(failed.exit_code == 1);
  CHECK_THAT(failed.out, Catch::Contains("((w_p, reads p), looks)") &&
                             Catch::Contains("((w_p, nothing), naps)"));
  // Before any copy, worlds are their facts alone.
  const CliResult before = run_cli({"check", letter, "--step", "0", "--where", "p"});
  CHECK_THAT(before.out, !Catch::Contains("w_p"));
  // A model given by its variables, on both engines: its facts name the origin.
  const std::string copies = dir.write("copies.json", R"({"game": "model", "rules": {
      "variables": ["p"], "agents": [{"name": "a", "observes": []}, {"name": "b", "observes": []}]},
    "script": [{"action": {"events": [{"name": "left", "pre": "true"},
                                      {"name": "right", "pre": "true"}],
                           "actual": "left", "indistinguishable": {"b": [["left", "right"]]}}}]})");
  const CliResult explicit_engine =
      run_cli({"check", copies, "--step", "1", "--where", "true", "--engine", "explicit"});
  CHECK_THAT(explicit_engine.out,
             Catch::Contains("~p (~p, left)") && Catch::Contains("p (p, right)"));
  const CliResult symbolic_engine =
      run_cli({"check", copies, "--step", "1", "--where", "true", "--engine", "symbolic"});
  CHECK(symbolic_engine.out == explicit_engine.out);
}
