// Programs at seats over the seat protocol (docs/agents.md): a well-behaved agent plays
// whole games and asks what its seat knows; agents that misbehave in every way the protocol
// lists (hang, never read, write what is not JSON, play an illegal move, exit, flood, leave
// a process behind) cost them their seat, never the game: the game ends, the fault is in
// the log, and no process is left running.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "kripke/config_reader.hpp"
#include "schema_validator.hpp"

using namespace kripke_test;

namespace {

const std::string kFirstLegal = source_path("examples/agents/first_legal.py");
const std::string kRandom = source_path("examples/agents/random_agent.py");

// The log's records of one kind.
std::vector<kripke::Json> records(const std::string& log, const std::string& kind) {
  std::vector<kripke::Json> out;
  std::size_t start = 0;
  while (start < log.size()) {
    const std::size_t end = log.find('\n', start);
    const kripke::Json record = kripke::Json::parse(log.substr(start, end - start));
    if (record.value("event", "") == kind) out.push_back(record);
    start = end == std::string::npos ? log.size() : end + 1;
  }
  return out;
}

// Plays Clue (seed 3) with `program` at seat 1 and the built-in agents elsewhere.
CliResult play_with(const TempDir& dir, const std::string& program,
                    const std::vector<std::string>& more = {}) {
  std::vector<std::string> args = {"play",      source_path("configs/clue.json"),
                                   "--seed",    "3",
                                   "--log",     dir.file("log.jsonl"),
                                   "--program", "1=" + program};
  args.insert(args.end(), more.begin(), more.end());
  return run_cli(args);
}

// The processes whose command line holds `text` (read from /proc: no pgrep needed).
int processes_running(const std::string& text) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    std::ifstream in(entry.path() / "cmdline", std::ios::binary);
    std::string cmdline((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
    if (cmdline.find(text) != std::string::npos) ++count;
  }
  return count;
}

}  // namespace

TEST_CASE("[arena] programs at every seat play a whole game, logged as the programs'") {
  TempDir dir;
  const CliResult r = run_cli({"play", source_path("configs/clue.json"), "--seed", "3", "--log",
                               dir.file("log.jsonl"), "--program", "1=python3 " + kRandom,
                               "--program", "2=python3 " + kRandom});
  REQUIRE(r.exit_code == 0);
  const std::string log = read_file(dir.file("log.jsonl"));
  const auto start = records(log, "start").at(0);
  CHECK(start["agents"][0]["strategy"] == "program");
  CHECK(start["agents"][1]["strategy"] == "program");
  CHECK(start["agents"][2]["strategy"] != "program");
  int by_program = 0;
  for (const auto& move : records(log, "move")) by_program += move.value("by", "") == "program";
  CHECK(by_program > 0);
  CHECK(records(log, "program").empty());  // no fault
  CHECK(records(log, "end").size() == 1);
}

TEST_CASE("[arena] the same seed and the same replies give the same log") {
  TempDir a, b;
  REQUIRE(play_with(a, "python3 " + kFirstLegal).exit_code == 0);
  REQUIRE(play_with(b, "python3 " + kFirstLegal).exit_code == 0);
  CHECK(read_file(a.file("log.jsonl")) == read_file(b.file("log.jsonl")));
}

TEST_CASE("[arena] a program asks what its seat knows, and learns nothing more") {
  TempDir dir;
  // Seat 1 holds axe, Mustard and Plum with seed 3 (the hello's events say so): it knows
  // it holds the axe, and does not know where the rope is.
  const std::string agent = dir.write("ask.py", R"PY(import json, sys
asked = False
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "move" and not asked:
        asked = True
        for f in ["has(1,axe)", "has(2,rope)", "K2 has(1,axe)", "has(1,"]:
            print(json.dumps({"query": "formula", "formula": f}), flush=True)
            sys.stderr.write(sys.stdin.readline())
        print(json.dumps({"query": "table"}), flush=True)
        sys.stderr.write(sys.stdin.readline())
        counted = ["true", "has(1,axe)", "has(2,rope)", "has(3,rope)", "env(rope)"]
        for formulas in [counted, ["has(1,"]]:
            print(json.dumps({"query": "count", "formulas": formulas}), flush=True)
            sys.stderr.write(sys.stdin.readline())
    if m["type"] == "move":
        print(json.dumps({"move": m["legal_moves"][0]}), flush=True)
    elif m["type"] == "choose":
        print(json.dumps({"choice": m["choices"][0]}), flush=True)
)PY");
  REQUIRE(play_with(dir, "python3 " + agent).exit_code == 0);
  const std::string said = read_file(dir.file("log.jsonl.program-seat-1.txt"));
  std::vector<kripke::Json> answers;
  std::size_t start = 0;
  while (start < said.size()) {
    const std::size_t end = said.find('\n', start);
    answers.push_back(kripke::Json::parse(said.substr(start, end - start)));
    start = end + 1;
  }
  REQUIRE(answers.size() == 7);
  CHECK(answers[0]["knows"] == true);
  CHECK(answers[1]["knows"] == false);
  CHECK(answers[1]["considers_possible"] == true);
  CHECK(answers[2]["knows"] == false);  // player 2 has not seen seat 1's cards
  CHECK(answers[3]["type"] == "error");
  CHECK_THAT(answers[4]["table"].get<std::string>(), Catch::Contains("axe"));
  // Counts in the seat's possible deals before any move: the envelope one of the 6 weapons
  // and 2 suspects it does not hold (12), the 6 cards left dealt 3 and 3 (20): 240 deals.
  // The rope is in one place in each, in the envelope in 2 * 20 of them.
  const kripke::Json& counts = answers[5]["counts"];
  CHECK(answers[5]["possible"] == 240);
  CHECK(counts[0] == 240);
  CHECK(counts[1] == 240);
  CHECK(counts[2].get<int>() + counts[3].get<int>() + counts[4].get<int>() == 240);
  CHECK(counts[4] == 40);
  CHECK(answers[6]["type"] == "error");
}

TEST_CASE("[arena] a program that misbehaves loses its seat, not the game") {
  struct Case {
    const char* name;
    const char* script;  // Python
    const char* fault;
  };
  const Case cases[] = {
      {"hangs", "import time\ntime.sleep(60)\n", "timeout"},
      {"closes its output", "import os, time\nos.close(1)\ntime.sleep(60)\n", "ended"},
      {"not JSON", "import sys\nfor line in sys.stdin:\n    print('hello', flush=True)\n",
       "bad reply"},
      {"illegal move",
       "import sys, json\nfor line in sys.stdin:\n    print(json.dumps({'move': {'cards': "
       "['axe', 'axe']}, 'choice': 'none'}), flush=True)\n",
       "bad reply"},
      {"exits", "import sys\nsys.exit(3)\n", "ended"},
      {"crashes", "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n", "ended"},
      {"floods", "import sys\nfor line in sys.stdin:\n    sys.stdout.write('x' * (3 << 20))\n",
       "flood"},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    TempDir dir;
    const std::string agent = dir.write("agent.py", c.script);
    // Only the program that hangs waits out its time; the others have 10 s, so that a slow
    // start of Python on a loaded machine is not taken for a hang (seen: "not JSON" read as
    // a timeout at 0.3 s while two builds ran).
    const bool hangs = std::string(c.fault) == "timeout";
    const CliResult r =
        play_with(dir, "python3 " + agent, {"--program-timeout", hangs ? "0.3" : "10"});
    CHECK(r.exit_code == 0);
    const std::string log = read_file(dir.file("log.jsonl"));
    const auto faults = records(log, "program");
    REQUIRE_FALSE(faults.empty());
    CHECK(faults[0]["fault"] == c.fault);
    CHECK(log_schema().errors(faults[0]) == std::vector<std::string>{});
    CHECK(faults[0]["agent"] == 1);
    CHECK(records(log, "end").size() == 1);  // the game went on to its end
  }
}

TEST_CASE("[arena] nothing a program started is left running") {
  TempDir dir;
  const std::string agent = dir.write("spawn.py", R"(import subprocess, time
subprocess.Popen(["sleep", "31337"])
time.sleep(60)
)");
  const CliResult r = play_with(dir, "python3 " + agent, {"--program-timeout", "0.3"});
  CHECK(r.exit_code == 0);
  CHECK(processes_running("sleep 31337") == 0);
  CHECK(processes_running(agent) == 0);
}

TEST_CASE("[arena] a bad --program is exit 2 with one message") {
  const auto error_of = [](const std::string& program) {
    const CliResult r = run_cli({"play", source_path("configs/clue.json"), "--program", program});
    CHECK(r.exit_code == 2);
    return r.err;
  };
  CHECK_THAT(error_of("9=python3 x.py"), Catch::Contains("the game has seats 1 to 3"));
  CHECK_THAT(error_of("1="), Catch::Contains("no program named"));
  CHECK_THAT(error_of("python3"), Catch::Contains("expected SEAT=PROGRAM"));
  CHECK_THAT(error_of("1=[\"python3\", 3]"), Catch::Contains("non-string"));
  CHECK_THAT(error_of("1=/no/such/program"),
             Catch::Contains("cannot start the program '/no/such/program'"));
  // The config may come after --program (it takes one value).
  const CliResult after = run_cli({"play", "--program", "1=python3 " + kFirstLegal,
                                   source_path("configs/clue.json"), "--seed", "3"});
  CHECK(after.exit_code == 0);
}

TEST_CASE("[arena] a config that names a program runs it only when the command line allows") {
  TempDir dir;
  const std::string config = dir.write(
      "c.json", R"({"game": "clue", "seed": 3, "agents": [{"strategy": {"program": ["python3", ")" +
                    kRandom + R"("], "fallback": "random"}}, {}, {}]})");
  const CliResult refused = run_cli({"play", config});
  CHECK(refused.exit_code == 2);
  CHECK_THAT(refused.err, Catch::Contains("/agents/0/strategy/program: this config has seat 1 "
                                          "played by the program `python3 ") &&
                              Catch::Contains("only with --allow-programs"));
  const CliResult listed = run_cli({"validate", config});
  CHECK(listed.exit_code == 0);
  CHECK_THAT(listed.out, Catch::Contains("seat 1 is played by the program `python3 "));
  CHECK(run_cli({"run", config}).exit_code == 2);  // run too needs --allow-programs
  const CliResult allowed =
      run_cli({"play", config, "--allow-programs", "--log", dir.file("log.jsonl")});
  CHECK(allowed.exit_code == 0);
  CHECK_THAT(allowed.err, Catch::Contains("seat 1 is played by `python3 "));
  const auto start = records(read_file(dir.file("log.jsonl")), "start").at(0);
  CHECK(start["agents"][0]["strategy"] == "program");
  // Bad program lists name their pointer.
  const std::string bad = dir.write(
      "bad.json", R"({"game": "clue", "agents": [{"strategy": {"program": ["python3", 3]}}]})");
  const CliResult r = run_cli({"play", bad, "--allow-programs"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("/agents/0/strategy/program/1: expected a word"));
}

TEST_CASE("[arena] a program's answer to the father is logged as the program's") {
  // The muddy children: every child asked between rounds; seat 1 a program that says no.
  TempDir dir;
  const std::string agent = dir.write("no.py", R"PY(import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "choose":
        print(json.dumps({"choice": m["choices"][-1]}), flush=True)
)PY");
  const CliResult r = run_cli({"play", source_path("configs/muddy.json"), "--seed", "1", "--log",
                               dir.file("log.jsonl"), "--program", "1=python3 " + agent});
  REQUIRE(r.exit_code == 0);
  int by_program = 0, by_person = 0;
  for (const auto& move : records(read_file(dir.file("log.jsonl")), "move")) {
    by_program += move.value("by", "") == "program";
    by_person += move.value("by", "") == "person";
  }
  CHECK(by_program > 0);
  CHECK(by_person == 0);
}

TEST_CASE("[arena] a program is shown only what its seat may see") {
  // Seat 1's program writes every message it gets to its standard error; whatever others were
  // told in private, and whatever was shown between two others, never reaches it.
  TempDir dir;
  const std::string agent = dir.write("spy.py", R"PY(import json, sys
for line in sys.stdin:
    sys.stderr.write(line)
    m = json.loads(line)
    if m["type"] == "move":
        print(json.dumps({"move": m["legal_moves"][-1]}), flush=True)
    elif m["type"] == "choose":
        print(json.dumps({"choice": m["choices"][0]}), flush=True)
)PY");
  // play, and run (whose program seats batch and tournament share: arena/program_game).
  for (const char* command : {"play", "run"})
    for (const char* seed : {"3", "4", "5"}) {
      INFO(command << ", seed " << seed);
      std::remove(dir.file("log.jsonl.program-seat-1.txt").c_str());
      REQUIRE(run_cli({command, source_path("configs/clue.json"), "--seed", seed, "--log",
                       dir.file("log.jsonl"), "--program", "1=python3 " + agent})
                  .exit_code == 0);
      const std::string seen = read_file(dir.file("log.jsonl.program-seat-1.txt"));
      std::size_t start = 0, events = 0, hidden = 0, others_shown = 0;
      while (start < seen.size()) {
        const std::size_t end = seen.find('\n', start);
        const kripke::Json message = kripke::Json::parse(seen.substr(start, end - start));
        start = end + 1;
        if (message["type"] != "event") continue;
        ++events;
        const kripke::Json& view = message["view"];
        if (view.contains("audience") && view["audience"] != kripke::Json::array({1}) &&
            std::find(view["audience"].begin(), view["audience"].end(), 1) ==
                view["audience"].end()) {
          ++hidden;  // someone else's private update: that it happened, nothing of it
          for (const auto& [key, value] : view.items())
            CHECK((key == "v" || key == "event" || key == "game" || key == "turn" ||
                   key == "audience" || key == "kind" || key == "screen"));
        }
        if (view["event"] == "move" && view.value("agent", 0) != 1 &&
            view.value("shown_by", kripke::Json()) != 1) {
          ++others_shown;  // a card shown between two others is not named to seat 1
          CHECK(view.value("shown", kripke::Json()).is_null());
          CHECK_FALSE(view.contains("reason"));  // nor why another player chose its move
        }
      }
      CHECK(events > 10);
      CHECK(hidden >= 2);  // the two other players looking at their hands
      CHECK(others_shown > 0);
    }
}

TEST_CASE("[arena] run seats programs as play does, with nobody at the keyboard") {
  TempDir a, b;
  const auto ran = run_cli({"run", source_path("configs/clue.json"), "--seed", "3", "--log",
                            a.file("log.jsonl"), "--program", "1=python3 " + kFirstLegal});
  REQUIRE(ran.exit_code == 0);
  CHECK_THAT(ran.out, Catch::Contains("=== end after"));  // the transcript, as without programs
  REQUIRE(play_with(b, "python3 " + kFirstLegal).exit_code == 0);
  CHECK(read_file(a.file("log.jsonl")) == read_file(b.file("log.jsonl")));
  CHECK(records(read_file(a.file("log.jsonl")), "program").empty());
}

TEST_CASE("[arena] a batch's programs run only when allowed, the same games for any jobs") {
  TempDir dir;
  const std::string config =
      dir.write("b.json", R"({"game": "clue", "batch": {"games": 4, "conditions": [
        {"name": "plain"},
        {"name": "program", "agents": [{"strategy": {"program": ["python3", ")" +
                              kRandom + R"("], "fallback": "random"}}, {}, {}]}]}})");
  CHECK_THAT(run_cli({"validate", config}).out,
             Catch::Contains("seat 1 of condition 'program' is played by the program `python3 "));
  const CliResult refused = run_cli({"batch", config});
  CHECK(refused.exit_code == 2);
  CHECK_THAT(refused.err,
             Catch::Contains("/batch/conditions/1/agents/0/strategy/program: this config has "
                             "seat 1 of condition 'program' played by the program"));
  for (const std::string jobs : {"1", "2"})
    REQUIRE(run_cli({"batch", config, "--allow-programs", "--jobs", jobs, "--out",
                     dir.file("jobs" + jobs + ".json"), "--log-dir", dir.file("logs" + jobs)})
                .exit_code == 0);
  const auto one = kripke::Json::parse(read_file(dir.file("jobs1.json")));
  CHECK(one["games"] == kripke::Json::parse(read_file(dir.file("jobs2.json")))["games"]);
  CHECK(one["config"]["batch"]["conditions"][1]["programs"][0]["seat"] == 1);
  const std::string log = read_file(dir.file("logs1") + "/program-0.jsonl");
  CHECK(records(log, "start").at(0)["agents"][0]["strategy"] == "program");
  CHECK(records(log, "program").empty());
}

TEST_CASE("[arena] every message either way fits docs/protocol.schema.json") {
  TempDir dir;
  // Writes what it reads ("<") and what it says (">") to its standard error.
  const std::string agent = dir.write("recorder.py", R"PY(import json, sys
def say(message):
    line = json.dumps(message)
    sys.stderr.write(">" + line + "\n")
    print(line, flush=True)
def read():
    line = sys.stdin.readline()
    sys.stderr.write("<" + line)
    return json.loads(line)
for line in sys.stdin:
    sys.stderr.write("<" + line)
    m = json.loads(line)
    if m["type"] == "move":
        for q in [{"query": "formula", "formula": "has(1,axe)"}, {"query": "table"},
                  {"query": "hint"}, {"query": "count", "formulas": ["env(rope)", "true"]},
                  {"query": "formula", "formula": "has(1,"}]:
            say(q)
            read()
        say({"move": "not a move"})
        read()
        say({"move": m["legal_moves"][0]})
    elif m["type"] == "choose":
        say({"choice": m["choices"][0]})
)PY");
  REQUIRE(play_with(dir, "python3 " + agent).exit_code == 0);
  const kripke::Json schema =
      kripke::Json::parse(read_file(source_path("docs/protocol.schema.json")));
  auto part = [&](const std::string& which) {
    return kripke_test::SchemaValidator({{"$defs", schema["$defs"]}, {"$ref", "#/$defs/" + which}});
  };
  const auto to_agent = part("to_agent"), from_agent = part("from_agent");
  std::map<std::string, int> kinds;
  int replies = 0;
  for (const std::string& line :
       kripke_test::lines_of(read_file(dir.file("log.jsonl.program-seat-1.txt")))) {
    const kripke::Json message = kripke::Json::parse(line.substr(1));
    INFO(line);
    if (line[0] == '<') {
      CHECK(to_agent.errors(message) == std::vector<std::string>{});
      ++kinds[message["type"].get<std::string>()];
    } else {
      CHECK(from_agent.errors(message) == std::vector<std::string>{});
      ++replies;
    }
  }
  for (const char* kind : {"hello", "event", "move", "answer", "error", "end"})
    CHECK(kinds[kind] > 0);
  CHECK(replies > 0);
  // And what is not a message is refused.
  CHECK(!to_agent.errors({{"type", "move"}, {"id", 1}}).empty());
  CHECK(!from_agent.errors({{"query", "count"}}).empty());
}
