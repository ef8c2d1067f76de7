// "engine": "auto" picks the engine expected to be faster, by each game's cost estimate
// (docs/performance.md has the measurements behind the thresholds), and the explicit one
// where a command needs the worlds listed.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "event_recorder.hpp"
#include "games/catalog.hpp"
#include "input/config_file.hpp"
#include "kripke/game.hpp"
#include "kripke/game_loop.hpp"
#include "scenario/scenario.hpp"

using namespace kripke_test;

namespace {

// Whether the play of `config` under its engine setting lists its worlds (the explicit
// engine) rather than counting them (the symbolic one).
bool lists_worlds(const std::string& config, bool for_drawing = false) {
  const auto game = kripkesim::load_game(
      config, [for_drawing](kripke::GameConfig& c) { c.list_worlds = for_drawing; });
  kripke::Rng rng(1);
  return game->new_play(rng)->enumerates_worlds();
}

// The same for a scenario's game (a bundled model).
bool scenario_lists_worlds(const std::string& file) {
  const auto game = kripkesim::games().make(kripkesim::load_scenario(file).config);
  kripke::Rng rng(1);
  return game->new_play(rng)->enumerates_worlds();
}

std::string muddy(TempDir& dir, int children, const std::string& engine = "auto") {
  return dir.write("muddy-" + std::to_string(children) + engine + ".json",
                   R"({"game": "muddy", "engine": ")" + engine + R"(", "rules": {"children": )" +
                       std::to_string(children) + "}}");
}

// n true/false variables, each agent seeing all but one.
std::string boolean_model(TempDir& dir, int n) {
  std::string variables, agents;
  for (int i = 1; i <= n; ++i) {
    variables += (i > 1 ? ", \"m" : "\"m") + std::to_string(i) + "\"";
    agents += std::string(i > 1 ? ", " : "") + R"({"name": "c)" + std::to_string(i) +
              R"(", "observes": []})";
  }
  return dir.write("model-" + std::to_string(n) + ".json",
                   R"({"game": "model", "rules": {"variables": [)" + variables +
                       R"(], "agents": [)" + agents + "]}}");
}

}  // namespace

TEST_CASE("[fast-default] auto: the muddy children go symbolic from 15 children") {
  TempDir dir;
  CHECK(lists_worlds(muddy(dir, 5)));
  CHECK(lists_worlds(muddy(dir, 14)));
  CHECK_FALSE(lists_worlds(muddy(dir, 15)));
  CHECK_FALSE(lists_worlds(muddy(dir, 40)));
  // Asked for, the explicit engine; a drawing takes it whenever it fits.
  CHECK(lists_worlds(muddy(dir, 15, "explicit")));
  CHECK(lists_worlds(muddy(dir, 15), true));
  CHECK_FALSE(lists_worlds(muddy(dir, 40), true));  // 2^40 worlds do not fit
  CHECK_FALSE(lists_worlds(muddy(dir, 5, "symbolic")));
}

TEST_CASE("[fast-default] auto: models go symbolic for many worlds of narrow variables") {
  TempDir dir;
  CHECK(lists_worlds(boolean_model(dir, 11)));        // 2,048 worlds
  CHECK_FALSE(lists_worlds(boolean_model(dir, 12)));  // 4,096
  CHECK(lists_worlds(boolean_model(dir, 12), true));
  // Worlds, not assignments: the law of Russian cards leaves 140 deals of 2^21 assignments,
  // counted by solving it.
  CHECK(scenario_lists_worlds(source_path("configs/models/russian-cards.json")));
  // Wide domains stay explicit: Sum and Product's x and y run from 2 to 99.
  CHECK(scenario_lists_worlds(source_path("configs/models/sum-and-product.json")));
  CHECK(scenario_lists_worlds(source_path("configs/models/cheryls-birthday.json")));
  // The bundled scenarios pass on whichever engine auto picks.
  const CliResult all = run_cli({"scenario", "configs/models"});
  CHECK(all.exit_code == 0);
}

namespace {

// Keeps the records, and says it does not read relation counts (as a transcript).
struct RecordsWithoutRelations final : kripke::EventSink {
  std::vector<kripke::LogRecord> updates;
  void emit(const kripke::Event& e) override {
    if (!e.record.is_null() && e.record["event"] == "update") updates.push_back(e.record);
  }
  bool reads_relations() const override { return false; }
};

}  // namespace

TEST_CASE("[fast-default] relation counts are computed only for a sink that reads them") {
  for (const char* engine : {"explicit", "symbolic"}) {
    INFO(engine);
    kripke::GameConfig config;
    config.game = "muddy";
    config.engine = engine;
    config.rules = {{"children", 6}};
    const auto game = kripkesim::games().make(config);
    RecordsWithoutRelations text;
    kripke::GameRunner(*game, 3, text).run();
    kripke_test::EventRecorder log;
    kripke::GameRunner(*game, 3, log).run();
    const auto logged = log.records("update");
    REQUIRE(logged.size() == text.updates.size());
    for (std::size_t k = 0; k < logged.size(); ++k)
      for (std::size_t a = 0; a < 6; ++a) {
        CHECK(logged[k]["agents"][a].contains("relations"));
        CHECK_FALSE(text.updates[k]["agents"][a].contains("relations"));
        // The rest is the same: possible worlds and who knows.
        CHECK(logged[k]["agents"][a]["possible"] == text.updates[k]["agents"][a]["possible"]);
        CHECK(logged[k]["agents"][a]["knows"] == text.updates[k]["agents"][a]["knows"]);
      }
  }
}
