// Sets in the game language (docs/game-language.md#sets): families indexed by a set, `_`
// ranging over a set's members, and move parameters that range over a set (small Clue's
// suggestion names a weapon and a suspect). That the game they make is the built-in one,
// update for update, is test_game_language_replays.cpp's work; here: the moves they bind,
// moves as data and as typed, and bad input.
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "event_recorder.hpp"
#include "input/config_file.hpp"
#include "kripke/game_lang/game_rules.hpp"
#include "kripke/game_lang/language_game.hpp"
#include "kripke/game_loop.hpp"
#include "language_test_support.hpp"

using namespace kripke_test;

namespace {

kripke::Json small_clue_config() {
  return kripkesim::read_json_file(source_path("configs/games/small-clue.json"));
}

}  // namespace

TEST_CASE(
    "[game-language] a set's members are bound to move parameters, read and written as data") {
  const kripke::game_lang::GameRules rules(small_clue_config()["rules"]);
  REQUIRE(rules.moves().size() == 1);
  const auto instances = rules.instances(0);
  // 4 weapons × 4 suspects × 3 askers × 2 others: the cards may be any, the agents differ.
  REQUIRE(instances.size() == 96);
  const kripke::game_lang::MoveInstance& first = instances.front();
  CHECK(rules.instance_json(first) ==
        kripke::Json(
            {{"move", "suggest"}, {"w", "candle"}, {"s", "Scarlet"}, {"i", "p1"}, {"j", "p2"}}));
  CHECK(rules.instance_text(instances.back()) == "suggest(wrench, Plum, p3, p2)");
  CHECK(rules.mover(instances.back()) == 2);
  for (const auto& instance : instances) {
    const kripke::game_lang::MoveInstance read =
        rules.read_instance(rules.instance_json(instance), "/move");
    CHECK(read.move == instance.move);
    CHECK(read.values == instance.values);
  }
  // The observes pattern has(me, _) is the player's eight cards.
  const kripke::Json& observes = rules.model_rules()["agents"][1]["observes"];
  REQUIRE(observes.size() == 8);
  CHECK(observes[0] == "has(p2,candle)");
  CHECK(observes[7] == "has(p2,Plum)");
  // A member the set does not have, or an agent where a card belongs: named at its pointer.
  const auto refused = [&](const kripke::Json& move, const std::string& pointer,
                           const std::string& words) {
    try {
      (void)rules.read_instance(move, "/script/0/move");
      FAIL("read");
    } catch (const kripke::InputError& e) {
      CHECK(e.path() == pointer);
      CHECK_THAT(e.what(), Catch::Contains(words));
    }
  };
  refused({{"move", "suggest"}, {"w", "axe"}, {"s", "Plum"}, {"i", "p1"}, {"j", "p2"}},
          "/script/0/move/w",
          "unknown member of weapons 'axe' (the weapons: candle, dagger, rope, wrench)");
  refused({{"move", "suggest"}, {"w", "rope"}, {"s", "p3"}, {"i", "p1"}, {"j", "p2"}},
          "/script/0/move/s", "unknown member of suspects 'p3'");
  refused({{"move", "suggest"}, {"w", "rope"}, {"s", "Plum"}, {"i", "p1"}, {"j", "p1"}},
          "/script/0/move", "different agents");
}

TEST_CASE("[game-language] a person types a move with cards, and a script names them") {
  const CliResult typed = run_cli_with_input(
      {"play", source_path("configs/games/small-clue.json"), "--seat", "1", "--seed", "2"},
      "suggest rope Plum p3\nsuggest rope Plum p2\nquit\n");
  INFO(typed.out << typed.err);
  CHECK(typed.exit_code == 0);
  CHECK_THAT(typed.out, Catch::Contains("not a legal move now"));  // p1 asks p2 only
  CHECK_THAT(typed.out, Catch::Contains("p1: suggest(rope, Plum, p1, p2)"));
  // A script names the cards. p1 holds Green and Mustard (seed 2): 48 deals it considers
  // possible. p2 holds neither dagger nor Green: with dagger in the envelope (and Scarlet or
  // Plum) p2 may hold any 2 of the 4 cards left, 2 × 6 = 12; otherwise (6 envelopes) 2 of
  // the 3 that are not the dagger, 6 × 3 = 18: 30.
  TempDir dir;
  kripke::Json config = small_clue_config();
  config["script"] = {{{"move",
                        {{"move", "suggest"},
                         {"w", "dagger"},
                         {"s", "Green"},
                         {"i", "p1"},
                         {"j", "p2"},
                         {"event", "neither"}}}},
                      {{"expect", "K{p1} (~has(p2, dagger) & ~has(p2, Green))"}},
                      {{"expect_possible", {{"p1", 30}}}}};
  const std::string file = dir.file("scripted.json");
  write_file(file, config.dump());
  const CliResult scripted = run_cli({"scenario", file});
  INFO(scripted.out << scripted.err);
  CHECK(scripted.exit_code == 0);
  CHECK_THAT(scripted.out, Catch::Contains("1 passed, 0 failed"));
}

TEST_CASE("[game-language] a card a move names is not shown to a seat that does not see the move") {
  // p1 whispers one of its cards to p2; p3 notices only that a move was made.
  kripke::Json rules = small_clue_config()["rules"];
  rules["moves"].push_back({{"name", "whisper"},
                            {"parameters", {"i", "j", {{"c", "cards"}}}},
                            {"legal", "next(i, j) & has(i, c)"},
                            {"seen_by", {"i", "j"}},
                            {"others_see", "that a move was made"}});
  const kripke::game_lang::LanguageGame game(
      language_config(rules, kripke::Json::array({{{"strategy", "random"}}})));
  EventRecorder events;
  kripke::GameRunner runner(game, 2, events);
  runner.start();
  kripke::Json whisper;
  for (const kripke::Json& move : runner.play().legal_moves())
    if (move["move"] == "whisper") whisper = move;
  REQUIRE(whisper.is_object());
  const std::string card = whisper["c"];
  runner.scripted_turn(whisper, "/script/0");
  const std::vector<std::string> cards = {"candle",  "dagger",  "rope",  "wrench",
                                          "Scarlet", "Mustard", "Green", "Plum"};
  int moves_seen = 0;
  for (const kripke::Event& e : events.events) {
    if (!e.record.is_object() || (e.record["event"] != "move" && e.record["event"] != "update"))
      continue;
    if (e.record["event"] == "move") {
      ++moves_seen;
      CHECK(e.record["move"]["c"] == card);  // the log itself names it
    }
    for (kripke::Agent seat = 0; seat < 3; ++seat) {
      const auto view = runner.play().seat_view(e, seat);
      REQUIRE(view);
      const std::string text = view->dump();
      INFO("seat " << seat + 1 << ": " << text);
      if (seat < 2) {  // the parties see which card
        if (e.record["event"] == "move") CHECK(text.find(card) != std::string::npos);
        continue;
      }
      // p3's view names no card (nor the whisper's text or formula).
      for (const std::string& c : cards) CHECK(text.find(c) == std::string::npos);
    }
  }
  CHECK(moves_seen == 1);
}

TEST_CASE("[game-language] bad sets and set parameters exit 2 with the JSON pointer") {
  TempDir dir;
  struct Case {
    std::function<void(kripke::Json&)> edit;
    std::string pointer, words;
  };
  const std::vector<Case> cases = {
      {[](kripke::Json& c) {
         c["rules"]["moves"][0]["parameters"][0] = {{"w", "tools"}};
       },
       "/rules/moves/0/parameters/0/w", "unknown set 'tools' (the sets: agents, cards"},
      {[](kripke::Json& c) { c["rules"]["moves"][0]["mover"] = "w"; }, "/rules/moves/0/mover",
       "'w' ranges over weapons, not the agents"},
      {[](kripke::Json& c) { c["rules"]["moves"][0]["events"][0]["seen_by"][1] = "s"; },
       "/rules/moves/0/events/0/seen_by/1", "'s' ranges over suspects"},
      {[](kripke::Json& c) {
         c["rules"]["moves"][0]["parameters"] = {{{"w", "weapons"}}, {{"s", "suspects"}}};
       },
       "/rules/moves/0/parameters", "a parameter that ranges over the agents"},
      {[](kripke::Json& c) {
         c["rules"]["moves"][0]["parameters"][1] = {{"s", "suspects"}, {"t", "x"}};
       },
       "/rules/moves/0/parameters/1", "expected a word (ranging over the agents) or"},
      {[](kripke::Json& c) { c["rules"]["moves"][0]["parameters"][2] = "rope"; },
       "/rules/moves/0/parameters/2", "a parameter is a new word"},
      {[](kripke::Json& c) { c["rules"]["variables"][0]["of"][1] = "colours"; },
       "/rules/variables/0/of/1",
       "\"agents\" or a set (agents, cards, suspects, weapons), not "
       "'colours'"},
      {[](kripke::Json& c) { c["rules"]["sets"]["weapons"][0] = "p1"; }, "/rules/sets/weapons/0",
       "a set and its members are new words"},
      {[](kripke::Json& c) { c["rules"]["sets"]["weapons"][1] = "candle"; },
       "/rules/sets/weapons/1", "'candle' is listed twice in the set weapons"},
      {[](kripke::Json& c) { c["rules"]["sets"]["weapons"] = kripke::Json::array(); },
       "/rules/sets/weapons", "a set has at least one member"},
      {[](kripke::Json& c) {
         c["rules"]["definitions"]["both(x)"] = {{"all", "has(_, _)"}};
       },
       "/rules/definitions", "_ stands for members of two sets here (agents and cards)"},
      {[](kripke::Json& c) {
         c["rules"]["moves"][0]["post"] = {{"has(i, _)", "has(j, _) | T(_)"}};
       },
       "/rules/moves/0/post", "unknown variable 'T(candle)'"},  // _ is every card
  };
  const kripke::Json base = small_clue_config();
  for (std::size_t k = 0; k < cases.size(); ++k) {
    kripke::Json config = base;
    cases[k].edit(config);
    const std::string file = dir.file("bad" + std::to_string(k) + ".json");
    write_file(file, config.dump());
    const CliResult r = run_cli({"run", file});
    INFO(k << ": " << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(cases[k].pointer));
    CHECK_THAT(r.err, Catch::Contains(cases[k].words));
  }
}
