// What a new user met in the first hour, each checked where it was seen: rounds as the docs
// define them, `knows` in every game's updates, the deal shown at the end, formula errors
// that say what was meant, value names read against their variable, output within 100
// columns, `kripkesim help`, plurals, and `scenario DIR` skipping what is not a scenario.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "event_recorder.hpp"
#include "games/catalog.hpp"
#include "input/config_file.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/text_width.hpp"

using namespace kripke_test;

namespace {

// Every bundled config of the games people can play (a model without moves has no turns of
// its own), from the one list of games.
std::vector<kripkesim::BundledConfig> game_configs() {
  std::vector<kripkesim::BundledConfig> out;
  for (const kripkesim::GameUnit& unit : kripkesim::game_units()) {
    if (!unit.make_desk) continue;
    for (const kripkesim::BundledConfig& config : unit.configs) {
      kripke::Rng rng(1);
      const auto game = kripkesim::load_game(source_path("configs/" + config.file + ".json"));
      if (game->new_play(rng)->has_moves()) out.push_back(config);
    }
  }
  return out;
}
const std::vector<kripkesim::BundledConfig> kGameConfigs = game_configs();

// The lines of `text` longer than kTextWidth, for a failure message.
std::vector<std::string> long_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.size() > kripke::kTextWidth) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("[first-hour] rounds: a turn for the muddy children, a pass of the order elsewhere") {
  for (const kripkesim::BundledConfig& bundled : kGameConfigs) {
    const std::string& name = bundled.file;
    if (!bundled.quick) continue;  // (the full Sleuth deck) slow, and played by the golden test
    const auto game = kripkesim::load_game(source_path("configs/" + name + ".json"));
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      INFO(name << " seed " << seed);
      EventRecorder events;
      const kripke::GameResult result = kripke::run_game(*game, seed, events);
      const int players =
          int(result.deal.is_object() && result.deal.contains("hands") ? result.deal["hands"].size()
              : result.deal.contains("boards") ? result.deal["boards"].size()
                                               : 0);
      if (name == "muddy" || name == "games/muddy-children") {
        CHECK(result.rounds == result.turns);  // the children answer together
      } else if (name == "gossip" || name.rfind("games/", 0) == 0) {
        // A player whose protocol allows no call is passed over: a round may take fewer turns.
        CHECK(result.rounds >= 1);
        CHECK(result.rounds <= result.turns);
      } else if (name == "cluedo") {
        // Players who accused wrongly are skipped: a round may take fewer turns.
        CHECK(result.rounds >= (result.turns + players - 1) / players);
        CHECK(result.rounds <= result.turns);
      } else {
        REQUIRE(players > 0);
        CHECK(result.rounds == (result.turns + players - 1) / players);
      }
    }
  }
  // The batch the new user ran: 3 muddy children know after 2 rounds of "nobody knows".
  TempDir dir;
  const CliResult batch = run_cli({"batch", source_path("configs/experiments/muddy-batch.json"),
                                   "--no-progress", "--out", dir.file("r.json")});
  REQUIRE(batch.exit_code == 0);
  const kripke::Json results = kripke::Json::parse(read_file(dir.file("r.json")));
  int checked = 0;
  for (const kripke::Json& record : results["games"]) {
    CHECK(record["rounds"] == record["turns"]);
    checked += record["turns"].get<int>() > 1;
  }
  CHECK(checked > 0);
}

TEST_CASE("[first-hour] a winner's knows is true in the last update before its win") {
  for (const kripkesim::BundledConfig& bundled : kGameConfigs) {
    const std::string& name = bundled.file;
    const auto game = kripkesim::load_game(source_path("configs/" + name + ".json"));
    const std::uint64_t seeds = bundled.quick ? 6 : 1;
    for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
      INFO(name << " seed " << seed);
      EventRecorder events;
      const kripke::GameResult result = kripke::run_game(*game, seed, events);
      const auto updates = events.records("update");
      const auto wins = events.records("win");
      if (result.reason != kripke::EndReason::Win) continue;
      REQUIRE(wins.size() == 1);
      REQUIRE(!updates.empty());
      const kripke::LogRecord& last = updates.back();
      for (const auto& winner : wins.front()["winners"])
        CHECK(last["agents"][winner.get<std::size_t>() - 1]["knows"] == true);
    }
  }
}

TEST_CASE("[first-hour] the end of a game shows the deal, in the transcript") {
  for (const std::string name : {"clue-small", "nine-card", "number", "cluedo", "muddy"}) {
    INFO(name);
    const CliResult log =
        run_cli({"run", "configs/" + name + ".json", "--format", "jsonl", "--seed", "5"});
    const CliResult text = run_cli({"run", "configs/" + name + ".json", "--seed", "5"});
    REQUIRE(log.exit_code == 0);
    REQUIRE(text.exit_code == 0);
    const kripke::Json deal = kripke::Json::parse(lines_of(log.out).front())["deal"];
    const std::size_t at = text.out.rfind("the deal:");
    REQUIRE(at != std::string::npos);
    CHECK(at > text.out.rfind("--- turn"));
    const std::string shown = text.out.substr(at);
    // Every card (or number) of what was hidden is named there.
    for (const char* hidden : {"envelope", "hidden", "boards", "muddy"}) {
      if (!deal.contains(hidden)) continue;
      CHECK_THAT(shown, Catch::Contains(std::string(hidden) + ":"));
      const kripke::Json& part = deal[hidden];
      for (const kripke::Json& item : part.is_array() ? part : kripke::Json::array({part}))
        if (item.is_string()) CHECK_THAT(shown, Catch::Contains(item.get<std::string>()));
    }
  }
}

TEST_CASE("[first-hour] formula errors name the operator that was meant") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"x == 4", "did you mean '='?"},    {"!p", "did you mean '~'?"},
      {"p && q", "did you mean '&'?"},    {"p || q", "did you mean '|'?"},
      {"p => q", "did you mean '->'?"},   {"p <=> q", "did you mean '<->'?"},
      {"p and q", "did you mean '&'?"},   {"p or q", "did you mean '|'?"},
      {"not p", "did you mean '~'?"},     {"p implies q", "did you mean '->'?"},
      {"p iff q", "did you mean '<->'?"}, {"p AND q", "did you mean '&'?"}};
  for (const auto& [text, hint] : cases) {
    INFO(text);
    try {
      (void)kripke::parse_formula(text);
      FAIL("parsed");
    } catch (const kripke::FormulaError& e) {
      CHECK_THAT(e.what(), Catch::Contains(hint));
    }
  }
  // Formulas that parse are not touched, and other errors get no suggestion.
  CHECK_NOTHROW(kripke::parse_formula("x != 4 & ~p | (p -> q) & (p <-> q)"));
  try {
    (void)kripke::parse_formula("p & q)");
    FAIL("parsed");
  } catch (const kripke::FormulaError& e) {
    CHECK_THAT(e.what(), !Catch::Contains("did you mean"));
  }
}

TEST_CASE("[first-hour] a value name is read against the variable it is compared with") {
  TempDir dir;
  // Blue, d's third value, stands for 2; Red, the first of both, for 0.
  const std::string model = dir.write("colours.json", R"({"game": "model", "rules": {
    "variables": [{"name": "c", "values": ["Red", "Green"]},
                  {"name": "d", "values": ["Red", "Green", "Blue"]}],
    "agents": [{"name": "a", "observes": ["c"]}], "actual": {"c": "Red", "d": "Blue"}}})");
  for (const char* engine : {"explicit", "symbolic"}) {
    INFO(engine);
    const auto holds = [&](const std::string& formula) {
      const CliResult r = run_cli({"check", model, "--engine", engine, "--formula", formula});
      REQUIRE(r.exit_code == (r.out.rfind("true", 0) == 0 ? 0 : 1));  // 1: false
      return r.exit_code == 0;
    };
    CHECK(holds("c = Red"));
    CHECK(holds("d = Blue"));
    CHECK(holds("Blue = d"));
    CHECK(!holds("d = Red"));
    CHECK(!holds("c = Green"));
    CHECK(holds("c + 2 = Blue"));  // in arithmetic a value name is its number
    // Blue is no value of c: an error, not Blue's number compared with c's.
    const CliResult other = run_cli({"check", model, "--engine", engine, "--formula", "c = Blue"});
    CHECK(other.exit_code == 2);
    CHECK_THAT(other.err, Catch::Contains("'Blue' is not a value of c (its values: Red, Green); "
                                          "it is a value of d"));
    const CliResult typo = run_cli({"check", model, "--engine", engine, "--formula", "c = Gren"});
    CHECK_THAT(typo.err, Catch::Contains("(did you mean Green? its values: Red, Green)"));
  }
}

TEST_CASE("[first-hour] output fits 100 columns") {
  std::vector<std::vector<std::string>> commands = {{"list"}, {"help"}, {"bench", "--list"}};
  for (const char* command : {"run", "play", "assist", "check", "draw", "validate", "scenario",
                              "batch", "merge", "bench", "list", "help", "sequences", "plan"})
    commands.push_back({command, "--help"});
  commands.push_back({"plan", "configs/gossip.json", "--goal", "all_experts"});
  // Several configs in one process (small Clue's sequences do not end: its players may
  // suggest for ever; below, a folder with it).
  commands.push_back({"sequences", "configs/games/gossip-three.json",
                      "configs/games/gossip-four.json", "configs/games/muddy-children.json"});
  for (const kripkesim::BundledConfig& bundled : kGameConfigs)
    if (bundled.quick)
      commands.push_back({"run", "configs/" + bundled.file + ".json", "--seed", "2"});
  commands.push_back({"scenario", "-v", "configs/models/reading-the-letter.json"});
  commands.push_back({"scenario", "-v", "configs/scenarios/nine-card-hint-example.json"});
  for (const auto& args : commands) {
    const CliResult r = run_cli(args);
    INFO(args.front() << " " << (args.size() > 1 ? args[1] : ""));
    CHECK(r.exit_code == 0);
    CHECK(long_lines(r.out) == std::vector<std::string>{});
  }
}

TEST_CASE(
    "[first-hour] sequences over a folder: a config that cannot be counted does not stop the "
    "others") {
  const CliResult r = run_cli({"sequences", "configs/games"});
  CHECK(r.exit_code == 2);
  // Every config but the two small Clues counted, one line each, in the folder's order.
  CHECK_THAT(r.out, Catch::StartsWith("configs/games/gossip-four.json: "));
  CHECK_THAT(r.out, Catch::Contains("configs/games/gossip-three.json: 3 successful and 2 "
                                    "unsuccessful sequences"));
  CHECK_THAT(r.out, Catch::Contains("configs/games/muddy-children.json: "));
  std::size_t counted = 0;
  for (const std::string& line : lines_of(r.out)) counted += line.rfind("configs/", 0) == 0;
  CHECK(counted == 3);
  CHECK_THAT(r.err, Catch::Contains("kripkesim: configs/games/small-clue.json: /max_turns: a "
                                    "sequence of moves goes on past"));
  CHECK_THAT(r.err, Catch::Contains("configs/games/small-clue-shortcut.json: /max_turns"));
}

TEST_CASE("[first-hour] kripkesim help, plurals, and scenario DIR") {
  CHECK(run_cli({"help", "run"}).out == run_cli({"run", "--help"}).out);
  CHECK(run_cli({"help"}).out == run_cli({"--help"}).out);
  const CliResult unknown = run_cli({"help", "rn"});
  CHECK(unknown.exit_code == 2);
  CHECK_THAT(unknown.err, Catch::Contains("unknown command 'rn' (did you mean run?)"));

  // One turn, one step: no "1 turns", no "1 steps".
  TempDir dir;
  const std::string one = dir.write("one.json", R"({"game": "muddy", "rules": {"children": 3},
    "deal": {"muddy": [1]}, "script": [{"expect_worlds": 7}]})");
  const CliResult played = run_cli({"scenario", "-v", one});
  CHECK_THAT(played.out, Catch::Contains("=== end after 0 turns: win ==="));
  CHECK(run_cli({"validate", one}).out.find("1 step,") != std::string::npos);
  const CliResult past = run_cli({"draw", one, "--step", "2"});
  CHECK_THAT(past.err, Catch::Contains("the script has only 1 step"));
  CHECK_THAT(past.err, !Catch::Contains("1 steps"));
  const CliResult turn = run_cli({"run", source_path("configs/muddy.json"), "--seed", "1"});
  for (const std::string& line : lines_of(turn.out))
    if (line.rfind("=== end after", 0) == 0) CHECK_THAT(line, !Catch::Contains(" 1 turns"));

  // A folder of game configs, experiments and scenarios: the scenarios run, the rest is
  // listed as skipped; a folder with no scenario at all is bad input.
  const CliResult folder = run_cli({"scenario", "configs"});
  CHECK(folder.exit_code == 0);
  CHECK_THAT(folder.out, Catch::Contains("skipped, not scenarios (no \"script\"):\n"));
  CHECK_THAT(folder.out, Catch::Contains("  configs/cluedo.json\n"));
  CHECK_THAT(folder.out, Catch::Contains("0 failed, 42 skipped"));
  CHECK_THAT(folder.err, !Catch::Contains("missing required key"));
  const CliResult none = run_cli({"scenario", "configs/experiments"});
  CHECK(none.exit_code == 2);
  CHECK_THAT(none.err, Catch::Contains("the directory holds no scenarios"));

  // A model's scenario: its end comes after its steps, not before step 0.
  const CliResult model = run_cli({"scenario", "-v", "configs/models/reading-the-letter.json"});
  CHECK(model.out.find("=== end after") > model.out.find("-- step 0"));
}

// validate read a game written in the game language as a model's rules (a model's variables
// have no "of", no "initially_true") and refused every bundled game in the language.
TEST_CASE("[first-hour] validate passes every bundled config") {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(source_path("configs")))
    if (entry.is_regular_file() && entry.path().extension() == ".json")
      files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() > 60);
  std::vector<std::string> args = {"validate"};
  args.insert(args.end(), files.begin(), files.end());
  const CliResult r = run_cli(args);
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("muddy-children.json: ok (model, 32 worlds)"));
}
