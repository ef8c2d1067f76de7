// Beliefs: relations that are not equivalences, in models written world by world and in
// action models with arrows (docs/models.md, "Belief"). The bundled false-belief tasks assert
// the literature's answers in their scripts (test_scenario plays every bundled scenario); here:
// a textbook KD45 model evaluated by hand, the log's believes_falsely, check --frame, the
// drawing, and each refusal with its exit code and JSON pointer. The differential test
// (test_differential) draws random belief relations and event arrows against the reference's
// W×W matrices.
#include <catch2/catch.hpp>
#include <string>

#include "cli_runner.hpp"
#include "input/config_file.hpp"
#include "kripke/evaluate.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/updates.hpp"

using namespace kripke_test;
using kripke::Json;

namespace {

// A model written world by world: Sally's false belief after the marble moved (she believes
// "basket", the actual world is "box"; Anne knows where it is).
Json sally_anne_drawn() {
  return Json::parse(R"({
    "game": "model",
    "rules": {
      "variables": ["in_box"],
      "worlds": [{"name": "basket", "values": {"in_box": false}},
                 {"name": "box", "values": {"in_box": true}}],
      "agents": [{"name": "sally", "arrows": {"basket": ["basket"], "box": ["basket"]}},
                 {"name": "anne", "arrows": {"basket": ["basket"], "box": ["box"]}}],
      "actual": "box"
    }
  })");
}

std::string run_check(const TempDir& dir, const Json& config, std::vector<std::string> args,
                      int expected_exit = 0) {
  std::vector<std::string> command = {"check", dir.write("model.json", config.dump())};
  command.insert(command.end(), args.begin(), args.end());
  const CliResult r = run_cli(command);
  INFO(r.out << r.err);
  CHECK(r.exit_code == expected_exit);
  return r.out + r.err;
}

}  // namespace

TEST_CASE("[belief] a model written world by world: false belief, by hand") {
  TempDir dir;
  const Json model = sally_anne_drawn();
  // Sally believes the marble is in the basket; it is in the box; Anne knows it.
  CHECK_THAT(run_check(dir, model, {"--formula", "in_box & B{sally} ~in_box & K{anne} in_box"}),
             Catch::StartsWith("true"));
  // Sally believes she knows where it is (introspection holds in KD45) ...
  CHECK_THAT(run_check(dir, model, {"--formula", "B{sally} Kw{sally} in_box"}),
             Catch::StartsWith("true"));
  // ... and belief is not knowledge: B φ does not give φ.
  CHECK_THAT(run_check(dir, model, {"--formula", "B{sally} in_box"}, 1),
             Catch::StartsWith("false"));
  // Common belief is the transitive closure, without the actual world's own step: both
  // believe that Sally believes "basket", but "basket" itself is not commonly believed.
  CHECK_THAT(run_check(dir, model, {"--formula", "C{sally,anne} B{sally} ~in_box"}),
             Catch::StartsWith("true"));
  CHECK_THAT(run_check(dir, model, {"--formula", "C{sally,anne} ~in_box"}, 1),
             Catch::StartsWith("false"));
  // At the world "basket" (named by its assignment) Sally's belief is true.
  CHECK_THAT(
      run_check(dir, model, {"--formula", "B{sally} ~in_box", "--at", R"({"in_box": false})"}),
      Catch::StartsWith("true at ~in_box"));
}

TEST_CASE("[belief] check --frame names each agent's logic") {
  TempDir dir;
  const std::string text = run_check(dir, sally_anne_drawn(), {"--frame"});
  CHECK_THAT(text, Catch::Contains("sally: KD45 (serial, transitive, Euclidean); not reflexive, "
                                   "not symmetric"));
  CHECK_THAT(text,
             Catch::Contains("anne: S5 (reflexive, serial, transitive, Euclidean, symmetric)"));
  const Json json =
      Json::parse(run_check(dir, sally_anne_drawn(), {"--frame", "--format", "json"}));
  CHECK(json["frame"][0]["logic"] == "KD45");
  CHECK(json["frame"][0]["reflexive"] == false);
  CHECK(json["frame"][0]["euclidean"] == true);
  CHECK(json["frame"][1]["logic"] == "S5");
  // basket sees box, and box sees nothing: not serial, and not Euclidean (box would have to
  // see itself), but transitive.
  Json partial = sally_anne_drawn();
  partial["rules"]["agents"][0]["arrows"] = {{"basket", {"box"}}};
  CHECK_THAT(run_check(dir, partial, {"--frame"}),
             Catch::Contains("sally: K4 (transitive); not reflexive, not serial, not Euclidean"));
  // Built-in games are S5 throughout.
  const CliResult muddy = run_cli({"check", source_path("configs/muddy.json"), "--frame"});
  CHECK(muddy.exit_code == 0);
  CHECK_THAT(muddy.out, Catch::Contains("child 1: S5"));
}

TEST_CASE("[belief] the log and transcript say who believes falsely") {
  const CliResult r =
      run_cli({"scenario", "-v", source_path("configs/models/chocolate-task.json")});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("believes falsely: john"));
  TempDir dir;
  const CliResult logged =
      run_cli({"run", dir.write("model.json", sally_anne_drawn().dump()), "--format", "jsonl"});
  REQUIRE(logged.exit_code == 0);
  // Sally's one world is "basket": knows is false (it is not the actual assignment), and she
  // believes falsely; Anne knows.
  CHECK_THAT(logged.out, Catch::Contains(R"("model":[{"agent":1,"possible":1,"relations":2,)"
                                         R"("knows":false,"believes_falsely":true},{"agent":2,)"
                                         R"("possible":1,"relations":2,"knows":true,)"
                                         R"("believes_falsely":false}])"));
  // The rules are logged as written: a listed model has no law.
  CHECK_THAT(logged.out, !Catch::Contains(R"("law")"));
  CHECK_THAT(logged.out, Catch::Contains(R"({"agent":1,"arrows":true,"name":"sally"})"));
  // S5 models keep their records as they were: no believes_falsely.
  Json s5 = sally_anne_drawn();
  s5["rules"]["agents"][0]["arrows"] = {{"basket", {"basket"}}, {"box", {"box"}}};
  const CliResult s5_run = run_cli({"run", dir.write("s5.json", s5.dump()), "--format", "jsonl"});
  CHECK(s5_run.exit_code == 0);
  CHECK_THAT(s5_run.out, Catch::Contains(R"("knows":true})"));
  CHECK_THAT(s5_run.out, !Catch::Contains("believes_falsely"));
}

TEST_CASE("[belief] each agent's loops on a side of their own, and a legend for both kinds") {
  // Two agents with arrows and loops at the same worlds, and one drawn with lines.
  TempDir dir;
  const std::string model = dir.write("m.json", R"({"game": "model", "rules": {
    "variables": ["p"],
    "worlds": [{"name": "u", "values": {"p": true}}, {"name": "v", "values": {"p": false}}],
    "agents": [{"name": "mary", "arrows": {"u": ["u", "v"], "v": ["v"]}},
               {"name": "john", "arrows": {"u": ["u"], "v": ["u", "v"]}},
               {"name": "sue", "arrows": {"u": ["u", "v"], "v": ["u", "v"]}}],
    "actual": "u"}})");
  const CliResult r = run_cli({"draw", model});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("w0:n -> w0:n [color=\"#1b9e77\", fontcolor=\"#1b9e77\", "
                                    "label=\"mary\"]"));
  CHECK_THAT(r.out, Catch::Contains("w0:s -> w0:s [color=\"#d95f02\", fontcolor=\"#d95f02\", "
                                    "label=\"john\"]"));
  // sue's relation is an equivalence: lines, no loops, and the legend says so.
  CHECK_THAT(r.out, Catch::Contains("(S5: it considers each world possible while in it; no "
                                    "loops drawn)"));
  CHECK_THAT(r.out, Catch::Contains("for an agent drawn with arrows, a world without its loop"));
}

TEST_CASE("[belief] a drawing of beliefs has arrows and loops") {
  TempDir dir;
  const CliResult r = run_cli({"draw", dir.write("model.json", sally_anne_drawn().dump())});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::StartsWith("digraph kripke {"));
  // Sally: basket -> basket (a loop), box -> basket (and no loop at box).
  CHECK_THAT(r.out, Catch::Contains("w0:n -> w0:n [color=\"#1b9e77\""));
  CHECK_THAT(r.out, Catch::Contains("w1 -> w0 [color=\"#1b9e77\""));
  CHECK_THAT(r.out, !Catch::Contains("w1:n -> w1:n [color=\"#1b9e77\""));
  CHECK_THAT(r.out, Catch::Contains("sally: teal arrows"));
  const CliResult minimized =
      run_cli({"draw", dir.write("model.json", sally_anne_drawn().dump()), "--minimize"});
  CHECK(minimized.exit_code == 2);
  CHECK_THAT(minimized.err, Catch::Contains("--minimize contracts S5 models"));
}

TEST_CASE("[belief] bad input: exit 2 with the JSON pointer") {
  TempDir dir;
  const auto refused = [&](Json config, const std::string& pointer, const std::string& words) {
    const CliResult r =
        run_cli({"check", dir.write("bad.json", config.dump()), "--formula", "true"});
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(pointer + ": " + words));
  };
  Json unknown = sally_anne_drawn();
  unknown["rules"]["agents"][0]["arrows"]["box"] = {"cupboard"};
  refused(unknown, "/rules/agents/0/arrows/box/0", "no world is named 'cupboard'");
  Json both = sally_anne_drawn();
  both["rules"]["agents"][1]["observes"] = {"in_box"};
  refused(both, "/rules/agents/1/arrows", "an agent observes variables or has arrows, not both");
  Json law = sally_anne_drawn();
  law["rules"]["law"] = "true";
  refused(law, "/rules/law", "a model lists its worlds or gives a law");
  Json twice = sally_anne_drawn();
  twice["rules"]["worlds"][1]["name"] = "basket";
  refused(twice, "/rules/worlds/1/name", "two worlds are named 'basket'");
  Json symbolic = sally_anne_drawn();
  symbolic["engine"] = "symbolic";
  refused(symbolic, "/engine", "the symbolic engine reads variables, a law and observations");
  Json no_worlds = sally_anne_drawn();
  no_worlds["rules"].erase("worlds");
  no_worlds["rules"].erase("actual");
  refused(no_worlds, "/rules/agents/0/arrows", "arrows go between listed worlds");

  // An action's arrows: an unknown event, an event left out, an agent given twice, and games
  // or engines that keep S5 knowledge only.
  Json scenario = Json::parse(read_file(source_path("configs/models/sally-anne.json")));
  const auto refused_step = [&](Json config, const std::string& pointer, const std::string& words) {
    const CliResult r = run_cli({"scenario", dir.write("bad.json", config.dump())});
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(pointer + ": " + words));
    CHECK_THAT(r.out, !Catch::Contains("-- step 1"));  // refused before any step is played
  };
  Json event = scenario;
  event["script"][1]["action"]["arrows"]["sally"]["move"] = {"jump"};
  refused_step(event, "/script/1/action/arrows/sally/move/0", "no event is named 'jump'");
  Json left_out = scenario;
  left_out["script"][1]["action"]["arrows"]["sally"].erase("nothing");
  refused_step(left_out, "/script/1/action/arrows/sally",
               "the arrows of sally leave out the event 'nothing'");
  Json given_twice = scenario;
  given_twice["script"][1]["action"]["indistinguishable"] =
      Json::parse(R"({"1": [["move", "nothing"]]})");
  refused_step(given_twice, "/script/1/action/arrows/sally", "the agent sally is given twice");
  Json on_symbolic = scenario;
  on_symbolic["engine"] = "symbolic";
  refused_step(on_symbolic, "/script/1/action/arrows/sally",
               "the symbolic engine holds S5 knowledge only");
  Json muddy = Json::parse(R"({"game": "muddy", "rules": {"children": 3}, "script": [
    {"action": {"events": [{"name": "a", "pre": "true"}, {"name": "b", "pre": "true"}],
                "actual": "a", "arrows": {"1": {"a": ["b"], "b": ["b"]}}}}]})");
  refused_step(muddy, "/script/0/action/arrows/1", "muddy's knowledge is S5");
}

TEST_CASE("[belief] an equivalence written as arrows is kept as a partition") {
  // The letter's model lists both agents' arrows; both are equivalences, so the model is S5
  // and its partitions are what an "observes" model would build.
  const Json config = Json::parse(read_file(source_path("configs/models/letter-unnoticed.json")));
  TempDir dir;
  const std::string text = run_check(dir, config, {"--frame", "--step", "0"});
  CHECK_THAT(text, Catch::Contains("anne: S5"));
  CHECK_THAT(text, Catch::Contains("bill: S5"));
  CHECK_THAT(run_check(dir, config, {"--frame"}), Catch::Contains("bill: KD45"));
}
