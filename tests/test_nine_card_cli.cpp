// nine-card through the CLI: the bundled config, --no-hints, and the Sleuth-project's scenario with
// the cells of the hint table it shows.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <variant>
#include <vector>

#include "cli_runner.hpp"
#include "event_recorder.hpp"
#include "scenario/scenario.hpp"
#include "scenario/scenario_runner.hpp"

using namespace kripke_test;
using nlohmann::json;

namespace {

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = 0; (at = text.find(part, at)) != std::string::npos; ++at) ++n;
  return n;
}

}  // namespace

TEST_CASE(
    "[nine-card-cli] the Sleuth-project's scenario passes, and its hint table has the original's "
    "cells") {
  // The scenario asserts the cells themselves (expect_event: "No sense" / "Impossible" for G1
  // asked of player 2, 36 relations and the mark for player 3); here, that those steps are
  // there and what a scenario cannot compare exactly: the probabilities and expectations.
  const kripkesim::Scenario scenario =
      kripkesim::load_scenario(source_path("configs/scenarios/nine-card-hint-example.json"));
  std::size_t cell_checks = 0;
  for (const auto& step : scenario.script)
    if (const auto* e = std::get_if<kripkesim::ExpectEventStep>(&step.action))
      cell_checks += e->event == "hints" ? e->values.size() : 0;
  CHECK(cell_checks >= 10);
  EventRecorder log;
  kripke::NullSink quiet;
  REQUIRE(kripkesim::run_scenario(scenario, quiet).passed());
  REQUIRE(kripkesim::run_scenario(scenario, log).passed());
  const std::vector<kripke::LogRecord> hints = log.records("hints");
  REQUIRE(hints.size() == 4);  // before each of the four moves
  const auto& rows = hints.back()["questions"];
  REQUIRE(rows.size() == 6);
  // Player 1's nine worlds (see the scenario's comments): player 2 holds two of R1 R2 B1,
  // player 3 two of the other three cards (G1, G3 and the third of R1 R2 B1).
  // "Do you have G1?" to player 2 cannot change them: 9 worlds expected.
  CHECK(rows[0]["answers"][0]["probability"] == 1.0);
  CHECK(rows[0]["answers"][1]["probability"] == 0.0);
  CHECK(rows[0]["expected_worlds"] == 9.0);
  CHECK(rows[0]["entropy_drop"].get<double>() == Approx(0.0).margin(1e-12));
  // To player 3: yes in 2 of the 3 ways player 3's hand can be formed (6 worlds), no when G1
  // is hidden (3 worlds).
  CHECK(rows[1]["answers"][0]["probability"].get<double>() == Approx(1.0 / 3));
  CHECK(rows[1]["expected_worlds"].get<double>() == Approx((3.0 * 3 + 6.0 * 6) / 9));
  // No: G1 hidden (1 candidate). Yes: the hidden card is G3 or the third of R1 R2 B1 (4).
  CHECK(rows[1]["answers"][0]["hidden_candidates"] == 1);
  CHECK(rows[1]["answers"][1]["hidden_candidates"] == 4);
  CHECK(rows[1]["expected_hidden"].get<double>() == Approx((3.0 * 1 + 6.0 * 4) / 9));
  for (std::size_t k = 0; k < rows.size(); ++k) CHECK(rows[k]["best"] == (k == 1));
}

TEST_CASE(
    "[nine-card-cli] the transcript shows the tables, --no-hints hides them and the log keeps "
    "them") {
  TempDir dir;
  const CliResult shown = run_cli({"run", "configs/nine-card.json"});
  REQUIRE(shown.exit_code == 0);
  CHECK(shown.err.empty());
  const std::size_t turns = count_of(shown.out, "--- turn ");
  REQUIRE(turns > 0);
  CHECK(count_of(shown.out, "  hints for player ") == turns);
  CHECK(count_of(shown.out, "  what player ") == turns);
  CHECK_THAT(shown.out, Catch::Contains("[public] the open cards are"));

  const CliResult hidden =
      run_cli({"run", "configs/nine-card.json", "--no-hints", "--log", dir.file("game.jsonl")});
  REQUIRE(hidden.exit_code == 0);
  CHECK(count_of(hidden.out, "hints for player") == 0);
  CHECK(count_of(hidden.out, "--- turn ") == turns);
  std::size_t hint_events = 0;
  for (const std::string& line : lines_of(read_file(dir.file("game.jsonl"))))
    hint_events += json::parse(line)["event"] == "hints";
  CHECK(hint_events == turns);

  // The rule "hints": false drops them from the log too.
  const std::string config = read_file(source_path("configs/nine-card.json"));
  json quiet = json::parse(config);
  quiet["rules"]["hints"] = false;
  const CliResult off =
      run_cli({"run", dir.write("quiet.json", quiet.dump()), "--format", "jsonl"});
  REQUIRE(off.exit_code == 0);
  CHECK(count_of(off.out, "\"event\":\"hints\"") == 0);
  CHECK(count_of(off.out, "\"event\":\"move\"") == turns);
}

TEST_CASE("[nine-card-cli] bad nine-card configs exit 2 naming the place") {
  TempDir dir;
  const CliResult r =
      run_cli({"run", dir.write("bad.json", R"({"game": "nine-card", "rules": {"players": 4}})")});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("/rules") && Catch::Contains("the deck has 9"));
  const CliResult deal = run_cli(
      {"run", dir.write("deal.json", R"({"game": "nine-card", "deal": {"hands": [["R1", "R2"],
        ["R3", "G1"], ["G2", "G3"]], "hidden": "B1", "open": ["B2", "R1"]}})")});
  CHECK(deal.exit_code == 2);
  CHECK_THAT(deal.err, Catch::Contains("/deal/open/1") && Catch::Contains("dealt twice"));
  const CliResult strategy = run_cli({"validate", dir.write("strategy.json", R"({
    "game": "nine-card",
    "agents": [{"strategy": "hint"}, {"strategy": "clever"}, {"strategy": "random"}]})")});
  CHECK(strategy.exit_code == 2);
  CHECK_THAT(strategy.err, Catch::Contains("/agents/1/strategy") && Catch::Contains("clever") &&
                               Catch::Contains("info-gain"));
  // Hand sizes that do not add up to the nine cards, coming from a batch condition: the
  // message points into the condition.
  const CliResult hands = run_cli({"batch", dir.write("hands.json", R"({
    "game": "nine-card",
    "batch": {"games": 10, "conditions": [{"name": "ok"},
              {"name": "big-hands", "rules": {"hand_size": 3}}]}})")});
  CHECK(hands.exit_code == 2);
  CHECK_THAT(hands.err, Catch::Contains("/batch/conditions/1/rules") &&
                            Catch::Contains("= 12 cards, but the deck has 9"));
}
