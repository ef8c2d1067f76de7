// Action models written in scenario files: events with preconditions and postconditions
// (factual change), what each agent cannot tell apart, and every mistake a first puzzle
// may make, through the real binary.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_runner.hpp"

using namespace kripke_test;
using nlohmann::json;

namespace {

// Two agents, a letter that says p or not, a counter from 0 to 3; Anne knows the counter.
json letter_model(const json& script) {
  return {{"game", "model"},
          {"rules",
           {{"variables", json::array({"p", {{"name", "n"}, {"from", 0}, {"to", 3}}})},
            {"agents", json::array({{{"name", "anne"}, {"observes", {"n"}}},
                                    {{"name", "bill"}, {"observes", json::array()}}})},
            {"actual", {{"p", true}, {"n", 1}}}}},
          {"script", script}};
}

// The scenario's exit code and its first error line (exit 2) or its output.
CliResult run_script(const json& script) {
  TempDir dir;
  return run_cli({"scenario", dir.write("s.json", letter_model(script).dump())});
}

const json kReadLetter = {
    {"action",
     {{"events", json::array({{{"name", "yes"}, {"pre", "p"}}, {{"name", "no"}, {"pre", "~p"}}})},
      {"indistinguishable", {{"bill", json::array({json::array({"yes", "no"})})}}}}}};

}  // namespace

TEST_CASE("[actions] a semi-private reading: one learns, the other knows that she learned") {
  const CliResult r = run_script(json::array(
      {kReadLetter,
       {{"expect_worlds", 8}},
       {{"expect", "K{anne} p & ~Kw{bill} p & K{bill} Kw{anne} p & C{anne,bill} Kw{anne} p"}},
       {{"expect_possible", {{"anne", 1}, {"2", 8}}}}}));
  CHECK(r.err.empty());
  CHECK(r.exit_code == 0);
  // Were Bill to tell the events apart too, he would learn p: the expectations fail.
  json told = kReadLetter;
  told["action"].erase("indistinguishable");
  const CliResult public_reading = run_script(json::array({told, {{"expect", "~Kw{bill} p"}}}));
  CHECK(public_reading.exit_code == 1);
}

TEST_CASE("[actions] postconditions change facts, simultaneously, read before the event") {
  // The counter goes up by one (3 has nowhere to go: its precondition excludes it) and p
  // takes the old truth of "n = 1": both right-hand sides read the world before.
  const json step = {{"action",
                      {{"events", json::array({{{"name", "tick"},
                                                {"pre", "n < 3"},
                                                {"post", {{"n", "n + 1"}, {"p", "n = 1"}}}}})}}}};
  const CliResult r = run_script(json::array(
      {step,
       {{"expect_worlds", 6}},
       {{"expect", "n = 2 & p & K{anne} n = 2 & ~Kw{bill} n = 2 & K{bill} (p <-> n = 2)"}},
       {{"expect_possible", {{"anne", 2}, {"bill", 6}}}}}));
  CHECK(r.err.empty());
  CHECK(r.exit_code == 0);
  // Constants, and a formula that speaks of knowledge (evaluated before the event).
  const json constants = {
      {"action",
       {{"events", json::array({{{"name", "reset"},
                                 {"pre", "true"},
                                 {"post", {{"n", 0}, {"p", "K{anne} n = 1"}}}}})}}}};
  // Before the reset only the worlds with n = 1 had K{anne} n = 1: Anne, who saw n, knows
  // that p is now true; Bill knows that n is 0 but not what p became.
  CHECK(
      run_script(json::array({constants,
                              {{"expect_worlds", 8}},
                              {{"expect", "n = 0 & p & K{anne} p & K{bill} n = 0 & ~Kw{bill} p"}}}))
          .exit_code == 0);
}

TEST_CASE("[actions] a private coin toss: the actual event is named when several can happen") {
  const json toss = {
      {"action",
       {{"events", json::array({{{"name", "heads"}, {"pre", "true"}, {"post", {{"p", true}}}},
                                {{"name", "tails"}, {"pre", "true"}, {"post", {{"p", false}}}}})},
        {"actual", "tails"},
        {"indistinguishable", {{"bill", json::array({json::array({"heads", "tails"})})}}}}}};
  const CliResult r = run_script(
      json::array({toss, {{"expect_worlds", 16}}, {{"expect", "~p & K{anne} ~p & ~Kw{bill} p"}}}));
  CHECK(r.err.empty());
  CHECK(r.exit_code == 0);

  // The log shows the product update as an "action" update.
  TempDir dir;
  const std::string file = dir.write("s.json", letter_model(json::array({toss})).dump());
  const CliResult logged = run_cli({"scenario", file, "--verbose"});
  CHECK_THAT(logged.out, Catch::Contains("[action to anne, bill] action: heads | tails"));
  CHECK_THAT(logged.out, Catch::Contains("worlds 8 -> 16"));
}

TEST_CASE("[actions] mistakes get exit 2 and name the place and the problem") {
  struct Case {
    json step;
    const char* message;
  };
  const json yes_no =
      json::array({{{"name", "yes"}, {"pre", "p"}}, {{"name", "no"}, {"pre", "~p"}}});
  const json both =
      json::array({{{"name", "a"}, {"pre", "true"}}, {{"name", "b"}, {"pre", "true"}}});
  const auto action = [](json body) { return json{{"action", std::move(body)}}; };
  const auto one_event = [](json event) { return json{{"events", json::array({event})}}; };
  const auto post = [](json assignments) {
    return json{{"name", "x"}, {"pre", "true"}, {"post", std::move(assignments)}};
  };
  const Case cases[] = {
      {action({{"events", yes_no}, {"actual", "no"}}),
       "/script/0/action/actual: the precondition of 'no' (~p) is false at the actual world"},
      {action({{"events", both}}),
       "/script/0/action: the events a, b can all happen at the actual world: say which"},
      {action(one_event({{"name", "x"}, {"pre", "~p"}})),
       "/script/0/action: no event can happen: every precondition is false at the actual world"},
      {action(one_event(post({{"q", true}}))),
       "/script/0/action/events/0/post/q: the postcondition assigns 'q', which is not a variable"},
      {action(one_event(post({{"n", 7}}))),
       "/script/0/action/events/0/post/n: the postcondition gives n the value 7, outside its "
       "domain"},
      {action(one_event(post({{"n", "n + 1"}}))),
       "/script/0/action/events/0/post/n: the postcondition gives n the value 4 at ~p n=3, "
       "outside its domain"},
      {action(one_event(post({{"n", "n / (n - n)"}}))),
       "division by zero in 'n / (n - n)' at ~p n=0"},
      {action(one_event(post({{"p", "q"}}))),
       "/script/0/action/events/0/post/p: column 1: unknown variable 'q'"},
      {action({{"events", yes_no}, {"actual", "maybe"}}),
       "/script/0/action/actual: no event is named 'maybe' (the events: yes, no)"},
      {action({{"events", both},
               {"actual", "a"},
               {"indistinguishable",
                {{"bill", json::array({json::array({"a", "b"}), json::array({"b"})})}}}}),
       "/script/0/action/indistinguishable/bill/1/0: the event 'b' is in two of bill's groups"},
      {action(
           {{"events", both}, {"actual", "a"}, {"indistinguishable", {{"carol", json::array()}}}}),
       "/script/0/action/indistinguishable/carol: there is no agent 'carol' (the agents: anne, "
       "bill)"},
      {action({{"events",
                json::array({{{"name", "a"}, {"pre", "true"}}, {{"name", "a"}, {"pre", "p"}}})}}),
       "/script/0/action/events/1/name: two events are named 'a'"},
      {action({{"events", json::array()}}),
       "/script/0/action/events: an action needs at least one event"},
      {{{"observe", {{"agents", {"anne", "bill", 1}}, {"formulas", {"p"}}}}},
       "/script/0/observe: anne is listed twice"},
  };
  for (const Case& c : cases) {
    INFO(c.step.dump());
    const CliResult r = run_script(json::array({c.step}));
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(c.message));
    CHECK(r.err.find('\n') == r.err.size() - 1);  // one line
  }
  // Games without variables have no facts to change.
  TempDir dir;
  const std::string muddy =
      dir.write("muddy.json",
                R"({"game": "muddy", "script": [{"action": {"events": [{"name": "e", "pre": "true",
          "post": {"x": 1}}]}}]})");
  const CliResult r = run_cli({"scenario", muddy});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("/script/0/action/events/0/post: muddy has no variables to "
                                    "assign: postconditions are for models written in a config"));
}
