// The contract every game keeps, run for every game in the one list (src/games/catalog.cpp)
// on each of its bundled configs: a game is tested here by being listed.
//
// Random playouts whose every move is drawn from the game's legal moves, over several seeds
// and on every engine the game runs on; the same seed and moves twice give the same log;
// every record valid against docs/log.schema.json; turns and rounds consistent; each
// winner knows before its win; the deal shown at the end; what each seat is shown never
// holds what that seat may not see; a malformed move refused with exit 2; `draw` finishes on
// the start model; a run's moves replayed as a scenario give the same updates.
#include <catch2/catch.hpp>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "event_recorder.hpp"
#include "games/catalog.hpp"
#include "input/config_file.hpp"
#include "kripke/game_loop.hpp"
#include "scenario/scenario.hpp"
#include "scenario/scenario_runner.hpp"
#include "schema_validator.hpp"

using namespace kripke_test;

namespace {

struct Playout {
  std::vector<kripke::Event> events;
  std::vector<kripke::Json> moves;  // the legal moves chosen, in order
  kripke::GameResult result;
  std::size_t agents = 0;
  std::size_t turns_with_moves = 0;  // turns whose mover had legal moves
  bool stuck_mover = false;          // a mover without legal moves, whose turn did not end the game
};

// A game played to its end: at each turn with a mover, one of its legal moves drawn with a
// generator seeded by `seed`, played as a person's move; other turns played by the game.
Playout play_out(const kripke::Game& game, std::uint64_t seed) {
  Playout out;
  EventRecorder events;
  kripke::GameRunner runner(game, seed, events);
  std::mt19937_64 pick(seed);
  runner.start();
  out.agents = runner.play().model().agent_count();
  while (!runner.finished()) {
    const bool mover = runner.play().next_mover().has_value();
    const std::vector<kripke::Json> legal =
        mover ? runner.play().legal_moves() : std::vector<kripke::Json>{};
    if (legal.empty()) {
      runner.step();
      // A player with nothing to choose (Cluedo: everyone is out) only ever stalls.
      out.stuck_mover = out.stuck_mover || (mover && !runner.finished());
      continue;
    }
    ++out.turns_with_moves;
    const kripke::Json& move = legal[std::size_t(pick() % legal.size())];
    out.moves.push_back(move);
    runner.person_turn(move, "/move", "contract");
  }
  out.events = std::move(events.events);
  out.result = runner.result();
  return out;
}

std::string dumped(const std::vector<kripke::Event>& events) {
  std::string text;
  for (const kripke::Event& e : events) text += e.record.dump() + "\n" + e.text + "\n";
  return text;
}

// The game of config `file` on `engine` ("" for the config's own).
std::unique_ptr<kripke::Game> game_on(const std::string& file, const std::string& engine) {
  return kripkesim::load_game(source_path("configs/" + file + ".json"), [&](kripke::GameConfig& c) {
    if (!engine.empty()) c.engine = engine;
  });
}

// What seat `me` may not be shown: checked on every view of every event.
void check_view(const kripke::Play& play, const kripke::Event& event, kripke::Agent me,
                const std::optional<kripke::LogRecord>& view) {
  const kripke::LogRecord& r = event.record;
  const std::string kind = r.is_object() ? r.value("event", "") : "";
  if (!view) return;
  INFO("seat " << me + 1 << " sees " << view->dump());
  CHECK(view->contains("screen"));
  if (kind == "end" || kind == "win") return;  // the game is over: all of it (the end's reason)
  CHECK(!view->contains("reason"));            // an agent's reasons are its own
  CHECK(!view->contains("deal"));
  CHECK(!view->contains("seed"));
  CHECK(kind != "knowledge");
  CHECK(kind != "hints");
  if (kind == "start") {
    for (const auto& agent : (*view)["agents"]) CHECK(!agent.contains("strategy"));
  } else if (kind == "update") {
    CHECK(!view->contains("agents"));  // the other seats' counts
    // Public, addressed to the seat, or (Sleuth) the seat's own answer it showed another.
    const bool mine =
        r.value("kind", "") == "public" ||
        std::find(r["audience"].begin(), r["audience"].end(), me + 1) != r["audience"].end() ||
        r.value("text", "").rfind(play.agent_name(me) + " shows ", 0) == 0;
    if (!mine) {
      CHECK(!view->contains("formula"));
      const std::string formula = r.value("formula", "");
      if (!formula.empty()) CHECK(view->dump().find(formula) == std::string::npos);
      // Nor what the others were told (their hand, the card shown to them).
      const std::string told = r.value("text", "");
      if (!told.empty()) CHECK(view->dump().find(told) == std::string::npos);
      CHECK(!view->contains("you"));
    } else if (view->contains("you")) {
      // Its own counts, never another seat's.
      const kripke::LogRecord& own = r["agents"][std::size_t(me)];
      CHECK((*view)["you"]["possible"] == own["possible"]);
      CHECK((*view)["you"]["knows"] == own["knows"]);
    }
  } else if (kind == "move") {
    const bool shown_to_me =
        r.value("agent", 0) == me + 1 || r.value("shown_by", kripke::LogRecord()) == me + 1;
    if (!shown_to_me) CHECK(!view->contains("shown"));
  }
}

// A card shown to another player (the `shown` of the turn's move record, which comes first):
// the onlookers' screens do not name it.
void check_onlookers_miss_the_card(const std::vector<kripke::Event>& events,
                                   const kripke::Play& play, std::size_t agents) {
  for (std::size_t k = 0; k < events.size(); ++k) {
    const kripke::LogRecord& update = events[k].record;
    if (!update.is_object() || update.value("event", "") != "update" ||
        update.value("kind", "") != "action")
      continue;
    for (std::size_t m = k; m-- > 0;) {
      const kripke::LogRecord& move = events[m].record;
      if (!move.is_object() || move.value("event", "") != "move") continue;
      if (move["turn"] != update["turn"] || !move.contains("shown") || !move["shown"].is_string())
        break;
      const std::string card = move["shown"];
      for (std::size_t seat = 0; seat < agents; ++seat) {
        const auto me = kripke::Agent(seat);
        if (move.value("agent", 0) == me + 1 || move.value("shown_by", 0) == me + 1) continue;
        const auto view = play.seat_view(events[k], me);
        REQUIRE(view);
        INFO("seat " << me + 1 << " sees " << view->dump());
        // "player 3 shows player 2 one of A or B": the card only among the suggested ones.
        const std::string screen = view->value("screen", "");
        const std::size_t among = screen.find(" one of ");
        REQUIRE(among != std::string::npos);
        CHECK(screen.substr(0, among).find(card) == std::string::npos);
      }
      break;
    }
  }
}

}  // namespace

TEST_CASE("[contract] every game: random legal playouts keep the contract") {
  const SchemaValidator schema = log_schema();
  for (const kripkesim::GameUnit& unit : kripkesim::game_units()) {
    REQUIRE(!unit.configs.empty());  // every game bundles a config the contract plays
    for (const kripkesim::BundledConfig& config : unit.configs) {
      std::vector<std::string> engines = {"explicit"};
      if (unit.info.symbolic && !config.explicit_only) engines.push_back("symbolic");
      for (const std::string& engine : engines) {
        if (!config.quick && engine != "explicit") continue;
        const auto game = game_on(config.file, engine);
        const std::uint64_t seeds = config.quick ? 3 : 1;
        for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
          INFO(unit.info.name << ": configs/" << config.file << ".json on " << engine << ", seed "
                              << seed);
          const Playout p = play_out(*game, seed);
          // The same seed and the same moves: the same log, byte for byte.
          CHECK(dumped(play_out(*game, seed).events) == dumped(p.events));

          // Every record is valid against the log's schema.
          int headings = 0;
          for (const kripke::Event& e : p.events) {
            if (e.record.is_null()) {
              headings += e.text.rfind("--- turn", 0) == 0;
              continue;
            }
            INFO(e.record.dump());
            CHECK(schema.errors(e.record) == std::vector<std::string>{});
          }
          // Turns and rounds.
          CHECK(headings == p.result.turns);
          CHECK(p.result.rounds <= p.result.turns);
          if (p.result.turns > 0) CHECK(p.result.rounds >= 1);
          const kripke::LogRecord& end = p.events.back().record;
          REQUIRE(end.value("event", "") == "end");
          CHECK(end["turns"] == p.result.turns);
          // A game whose players move in turn offers moves at each turn.
          CHECK(!p.stuck_mover);

          // Each winner knows, in the last update before its win (or at the start, in a
          // model whose agents know from the first).
          if (p.result.reason == kripke::EndReason::Win) {
            const kripke::LogRecord* stats = nullptr;
            for (const kripke::Event& e : p.events) {
              if (!e.record.is_object()) continue;
              if (e.record["event"] == "start") stats = &e.record["model"];
              if (e.record["event"] == "update") stats = &e.record["agents"];
              if (e.record["event"] == "win") break;
            }
            REQUIRE(stats);
            for (kripke::Agent w : p.result.winners)
              CHECK((*stats)[std::size_t(w)]["knows"] == true);
          }
          // The end shows the deal.
          if (p.result.deal.is_object() && !p.result.deal.empty())
            CHECK(p.events.back().text.find("the deal:") != std::string::npos);

          // What each seat is shown.
          kripke::NullSink quiet;
          kripke::GameRunner viewer(*game, seed, quiet);
          for (const kripke::Event& e : p.events)
            for (std::size_t seat = 0; seat < p.agents; ++seat)
              check_view(viewer.play(), e, kripke::Agent(seat),
                         viewer.play().seat_view(e, kripke::Agent(seat)));
          check_onlookers_miss_the_card(p.events, viewer.play(), p.agents);
        }
      }
    }
  }
}

TEST_CASE("[contract] every game: every legal move at the first turns is accepted") {
  for (const kripkesim::GameUnit& unit : kripkesim::game_units()) {
    const kripkesim::BundledConfig& config = unit.configs.front();
    const auto game = game_on(config.file, "");
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      // The legal moves at turn 1 and at turn 3 (after two moves of a playout).
      for (int prefix : {0, 2}) {
        INFO(unit.info.name << " seed " << seed << " after " << prefix << " moves");
        const Playout before = play_out(*game, seed);
        kripke::NullSink quiet;
        const auto replay_to_prefix = [&](kripke::GameRunner& runner) {
          runner.start();
          for (int k = 0; k < prefix && k < int(before.moves.size()) && !runner.finished(); ++k)
            runner.person_turn(before.moves[std::size_t(k)], "/move", "contract");
        };
        kripke::GameRunner probe(*game, seed, quiet);
        replay_to_prefix(probe);
        if (probe.finished() || !probe.play().next_mover()) continue;
        const std::vector<kripke::Json> legal = probe.play().legal_moves();
        // Every one of them (up to 60, spread over the list) is taken as a move.
        const std::size_t stride = legal.size() / 60 + 1;
        for (std::size_t k = 0; k < legal.size(); k += stride) {
          INFO(legal[k].dump());
          kripke::GameRunner runner(*game, seed, quiet);
          replay_to_prefix(runner);
          CHECK_NOTHROW(runner.person_turn(legal[k], "/move", "contract"));
        }
      }
    }
  }
}

TEST_CASE("[contract] every game: a malformed move is refused with exit 2, draw finishes") {
  TempDir dir;
  for (const kripkesim::GameUnit& unit : kripkesim::game_units()) {
    const kripkesim::BundledConfig& config = unit.configs.front();
    INFO(unit.info.name << ": configs/" << config.file << ".json");
    kripke::Json scenario =
        kripke::Json::parse(read_file(source_path("configs/" + config.file + ".json")));
    scenario["script"] = kripke::Json::array({{{"move", {{"no such field", 1}}}}});
    const std::string file = dir.write(unit.info.name + "-malformed.json", scenario.dump());
    const CliResult r = run_cli({"scenario", file});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(unit.info.name + "-malformed.json"));

    // The start model drawn, or refused with a message (too many worlds, counted worlds).
    const CliResult drawn =
        run_cli({"draw", "configs/" + config.file + ".json", "--out", dir.file("d.dot")});
    CHECK((drawn.exit_code == 0 || (drawn.exit_code == 2 && !drawn.err.empty())));
  }
}

TEST_CASE("[contract] a seat's view: the start hides the deal, the seed and the strategies") {
  const auto game = game_on("clue", "");
  EventRecorder events;
  kripke::GameRunner runner(*game, 3, events);
  runner.start();
  const kripke::Event& start = events.events.front();
  REQUIRE(start.record["event"] == "start");
  const auto view = runner.play().seat_view(start, 1);
  REQUIRE(view);
  CHECK((*view)["seat"] == 2);
  CHECK((*view)["screen"] == "=== clue (47040 worlds) ===");
  CHECK((*view)["agents"][0] == kripke::Json({{"agent", 1}, {"name", "player 1"}}));
  // The seat's own hand is its private update; another's is only named.
  const auto own = runner.play().seat_view(events.events[1], 0);
  const auto other = runner.play().seat_view(events.events[1], 1);
  REQUIRE(own);
  REQUIRE(other);
  CHECK_THAT((*own)["screen"].get<std::string>(),
             Catch::StartsWith("  [to you] player 1 looks at its hand: "));
  CHECK((*own)["you"]["possible"] == 240);
  CHECK((*other)["screen"] == "  [private] player 1 learns something you do not see");
  CHECK(!other->contains("text"));
}

TEST_CASE("[contract] the legal moves of Clue and Cluedo are every suggestion (and accusation)") {
  kripke::NullSink quiet;
  const auto clue = game_on("clue", "");
  kripke::GameRunner clue_runner(*clue, 3, quiet);
  clue_runner.start();
  const std::vector<kripke::Json> suggestions = clue_runner.play().legal_moves();
  CHECK(suggestions.size() == 7 * 4);  // a weapon and a suspect
  CHECK(suggestions.front() == kripke::Json({{"cards", {"axe", "Scarlet"}}}));
  // A move outside the list is refused, with the JSON pointer of what is wrong.
  try {
    clue_runner.person_turn({{"cards", {"axe"}}}, "/move", "contract");
    FAIL("a suggestion of one card was taken");
  } catch (const kripke::InputError& e) {
    CHECK_THAT(e.path(), Catch::StartsWith("/move/cards"));
  }

  const auto cluedo = game_on("cluedo", "");
  kripke::GameRunner cluedo_runner(*cluedo, 1, quiet);
  cluedo_runner.start();
  const std::vector<kripke::Json> moves = cluedo_runner.play().legal_moves();
  CHECK(moves.size() == 2 * 6 * 6 * 9);  // suggest or accuse: a suspect, a weapon, a room
  CHECK(moves.back().contains("accuse"));
}

TEST_CASE("[contract] every game: a run's moves replayed as a scenario give the same updates") {
  TempDir dir;
  for (const kripkesim::GameUnit& unit : kripkesim::game_units()) {
    for (const kripkesim::BundledConfig& config : unit.configs) {
      if (!config.quick) continue;
      const auto game = game_on(config.file, "");
      for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        INFO(unit.info.name << ": configs/" << config.file << ".json, seed " << seed);
        EventRecorder run;
        const kripke::GameResult result = kripke::run_game(*game, seed, run);
        // The run's records, turn by turn; each turn's move as a scenario step.
        kripke::NullSink quiet;
        kripke::GameRunner reader(*game, seed, quiet);
        std::map<int, std::vector<kripke::LogRecord>> turns;
        for (const kripke::Event& e : run.events)
          if (e.record.is_object() && e.record["turn"].get<int>() > 0)
            turns[e.record["turn"].get<int>()].push_back(e.record);
        kripke::Json script = kripke::Json::array();
        for (const auto& [turn, records] : turns) {
          const std::optional<kripke::Json> move = reader.play().replayed_move(records);
          INFO("turn " << turn);
          REQUIRE(move);
          script.push_back({{"move", *move}});
        }
        if (result.turns > 0) REQUIRE(script.size() == std::size_t(result.turns));
        kripke::Json scenario =
            kripke::Json::parse(read_file(source_path("configs/" + config.file + ".json")));
        scenario["seed"] = seed;
        scenario["script"] = script;
        const std::string file = dir.write(unit.info.name + "-replay.json", scenario.dump());
        EventRecorder replayed;
        const kripkesim::ScenarioResult played =
            kripkesim::run_scenario(kripkesim::load_scenario(file), replayed);
        CHECK(played.passed());
        // The same updates, knowledge and winners, record for record.
        for (const char* kind : {"update", "knowledge", "win"}) {
          INFO(kind);
          CHECK(replayed.records(kind) == run.records(kind));
        }
      }
    }
  }
}
