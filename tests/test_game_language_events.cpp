// Moves with events in the game language (docs/game-language.md#moves): a question answered
// by a card shown to the asker alone or by "holds neither", what each agent knows after it,
// what each seat sees of it, and its errors.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "event_recorder.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/game_lang/language_game.hpp"
#include "kripke/game_lang/move_sequences.hpp"
#include "kripke/game_loop.hpp"
#include "language_test_support.hpp"

using namespace kripke_test;

namespace {

// b holds cards x and y or not (b sees its own); a asks b, who shows a card it holds to a
// alone (c sees that a card was shown), or holds neither (everyone sees it).
kripke::Json question_rules(bool x, bool y) {
  return {
      {"agents",
       {{{"name", "a"}, {"observes", kripke::Json::array()}},
        {{"name", "b"}, {"observes", {"x", "y"}}},
        {{"name", "c"}, {"observes", kripke::Json::array()}}}},
      {"variables", {"x", "y"}},
      {"actual", {{"x", x}, {"y", y}}},
      {"moves",
       {{{"name", "ask"},
         {"parameters", {"i", "j"}},
         {"events",
          {{{"name", "show_x"}, {"pre", "x"}, {"seen_by", {"i", "j"}}, {"others_see", "a card"}},
           {{"name", "show_y"}, {"pre", "y"}, {"seen_by", {"i", "j"}}, {"others_see", "a card"}},
           {{"name", "neither"}, {"pre", "~x & ~y"}}}}}}}};
}

struct Asked {
  EventRecorder events;
  std::unique_ptr<kripke::game_lang::LanguageGame> game;
  std::unique_ptr<kripke::GameRunner> runner;
  bool holds(const std::string& phi) const {
    return runner->play().holds(*kripke::parse_formula(phi));
  }
};

// The rules' game after a asks b, the event named (or none).
std::unique_ptr<Asked> asked(bool x, bool y, const std::string& event) {
  auto out = std::make_unique<Asked>();
  out->game = std::make_unique<kripke::game_lang::LanguageGame>(
      language_config(question_rules(x, y), kripke::Json::array({{{"strategy", "random"}}})));
  out->runner = std::make_unique<kripke::GameRunner>(*out->game, 1, out->events);
  out->runner->start();
  kripke::Json move = {{"move", "ask"}, {"i", "a"}, {"j", "b"}};
  if (!event.empty()) move["event"] = event;
  out->runner->scripted_turn(move, "/script/0/move");
  return out;
}

}  // namespace

TEST_CASE("[game-language] a move with events: who learns what, and who sees which event") {
  // b holds both and shows x: a knows x, not y; c knows only that b holds one of them.
  const auto both = asked(true, true, "show_x");
  CHECK(both->holds("K{a} x & ~Kw{a} y"));
  CHECK(both->holds("K{c} (x | y) & ~Kw{c} x & ~Kw{c} y"));
  // c considers that a might have seen y: a's knowledge is not common.
  CHECK(both->holds("M{c} K{a} y & M{c} ~Kw{a} y & K{b} K{a} x"));
  // Both cards could be shown: the product keeps a copy of the world per event (4 worlds
  // where b holds a card: 2 with one card, 2 copies of the world with both).
  CHECK(both->runner->play().model().alive_count() == 4);

  // The move record names the event; the seats of a and b see it, c's does not.
  const auto moves = both->events.records("move");
  REQUIRE(moves.size() == 1);
  CHECK(moves[0]["move_event"] == "show_x");
  for (const kripke::Event& e : both->events.events) {
    if (!e.record.is_object() || e.record["event"] != "move") continue;
    for (kripke::Agent seat = 0; seat < 3; ++seat) {
      const auto view = both->runner->play().seat_view(e, seat);
      REQUIRE(view);
      CHECK(view->contains("move_event") == (seat != 2));
      CHECK(view->value("move", kripke::Json())["move"] == "ask");
    }
  }
  // The replay of the turn names the event too.
  const auto replay = both->runner->play().replayed_move(moves);
  REQUIRE(replay);
  CHECK((*replay)["event"] == "show_x");

  // b holds neither: everyone learns it; the worlds where b holds a card are gone (not kept
  // as a part of the model nobody considers possible).
  const auto none = asked(false, false, "");
  CHECK(none->events.records("move")[0]["move_event"] == "neither");
  CHECK(none->holds("C{a,b,c} (~x & ~y)"));
  CHECK(none->runner->play().model().alive_count() == 1);

  // b holds only y: the first event that can happen, when the script names none.
  const auto only_y = asked(false, true, "");
  CHECK(only_y->events.records("move")[0]["move_event"] == "show_y");
  // a saw y; b might have held x too and chosen y.
  CHECK(only_y->holds("K{a} y & ~Kw{a} x"));
}

TEST_CASE("[game-language] an event chosen where more holds than it announces (when, learn)") {
  // ClueModel's shortcut on two cards: b shows a card it holds; everyone learns only that b
  // holds one, and a whether b holds the card shown.
  kripke::Json rules = question_rules(true, false);
  rules["moves"][0]["chosen_by"] = "j";
  for (const char* card : {"x", "y"}) {
    kripke::Json& event = rules["moves"][0]["events"][card == std::string("x") ? 0 : 1];
    event = {{"name", std::string("show_") + card},
             {"pre", "x | y"},
             {"when", card},
             {"learn", {card}},
             {"learnt_by", {"i"}}};
  }
  const kripke::game_lang::LanguageGame game(
      language_config(rules, kripke::Json::array({{{"strategy", "random"}}})));
  EventRecorder events;
  kripke::GameRunner runner(game, 1, events);
  runner.start();
  const auto& play = dynamic_cast<const kripke::game_lang::LanguagePlay&>(runner.play());
  // What a may expect of asking b: b shows x (where it holds x: x & y, x & ~y), shows y
  // (x & y, ~x & y) or holds neither: 2, 2 or 1 of the 4 worlds left. (Were the events
  // weighed where their precondition holds, a would expect to learn ~x from "show_x".)
  const std::size_t ask_b = play.legal(0).front();
  REQUIRE(play.rules().instance_text(play.instances()[ask_b]) == "ask(a, b)");
  CHECK((play.outlook(0, ask_b).worlds_left == std::vector<kripke::BigCount>{1, 2, 2}));
  // b holds only x: the script may not have it show y.
  TempDir dir;
  const kripke::Json script = {
      {"game", "model"},
      {"rules", rules},
      {"script", {{{"move", {{"move", "ask"}, {"i", "a"}, {"j", "b"}, {"event", "show_y"}}}}}}};
  const CliResult refused = run_cli({"scenario", dir.write("y.json", script.dump())});
  CHECK(refused.exit_code == 2);
  CHECK_THAT(refused.err, Catch::Contains("the event show_y cannot happen here"));
  // Shown x: everyone knows that b holds a card, a that it holds x; c not which.
  runner.scripted_turn({{"move", "ask"}, {"i", "a"}, {"j", "b"}, {"event", "show_x"}}, "/s");
  const auto holds = [&](const std::string& phi) {
    return runner.play().holds(*kripke::parse_formula(phi));
  };
  CHECK(holds("C{a,b,c} (x | y)"));
  CHECK(holds("K{a} x & ~Kw{a} y"));
  CHECK(holds("~Kw{c} x & ~Kw{c} y"));
  // No copies: one world per assignment where b holds a card.
  CHECK(runner.play().model().alive_count() == 3);
  // Which card was shown is named to a, who learns it, and to b, who chose it; not to c,
  // though in the model everyone tells the two events apart.
  for (const kripke::Event& e : events.events) {
    if (!e.record.is_object() || e.record["event"] != "move") continue;
    CHECK(e.record["move_event"] == "show_x");
    for (kripke::Agent seat = 0; seat < 3; ++seat)
      CHECK(runner.play().seat_view(e, seat)->contains("move_event") == (seat != 2));
  }
}

TEST_CASE("[game-language] plays draw the event among those that can happen, seeded") {
  const kripke::game_lang::LanguageGame game(language_config(
      question_rules(true, true), kripke::Json::array({{{"strategy", "random"}}}), 1));
  int shown_x = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    EventRecorder a, b;
    kripke::run_game(game, seed, a);
    kripke::run_game(game, seed, b);
    const auto first = a.records("move").front();
    CHECK(first["move_event"] == b.records("move").front()["move_event"]);  // same seed
    CHECK(first["move_event"] != "neither");  // b holds both: never "neither"
    shown_x += first["move_event"] == "show_x";
  }
  CHECK(shown_x > 5);
  CHECK(shown_x < 35);
}

TEST_CASE("[game-language] sequences follow every event of a move") {
  // Only a asks, until it knows something of the cards; b holds both. a asks b or c, and
  // either card may be shown: four sequences of one move.
  kripke::Json rules = question_rules(true, true);
  rules["moves"][0]["legal"] = "~K{i} x & ~K{i} y & ~K{i} (~x & ~y)";
  rules["win"] = "true";
  const kripke::Json silent = {{"strategy", "protocol"}, {"guards", {{"ask", "false"}}}};
  kripke::Json b = silent, c = silent;
  b["agent"] = "b";
  c["agent"] = "c";
  const kripke::game_lang::LanguageGame game(language_config(
      rules, kripke::Json::array({{{"agent", "a"}, {"strategy", "random"}}, b, c})));
  auto play = kripke::game_lang::started_language_play(game, 1, "the test counts");
  const kripke::game_lang::SequenceCount count =
      kripke::game_lang::SequenceCounter(*play, 10).count();
  CHECK(count.successful == 4);
  CHECK(count.unsuccessful == 0);
  CHECK(count.longest == 1);
}

TEST_CASE("[game-language] bad events exit 2 with the JSON pointer") {
  TempDir dir;
  struct Case {
    std::function<void(kripke::Json&)> edit;
    std::string pointer, words;
  };
  const std::vector<Case> cases = {
      {[](kripke::Json& c) { c["rules"]["moves"][0]["parties_learn"] = {"x"}; },
       "/rules/moves/0/events", "not by parties_learn"},
      {[](kripke::Json& c) { c["rules"]["moves"][0]["others_see"] = "nothing"; },
       "/rules/moves/0/events", "seen by everyone"},
      {[](kripke::Json& c) { c["rules"]["moves"][0]["events"][1]["name"] = "show_x"; },
       "/rules/moves/0/events/1/name", "two events of ask are named 'show_x'"},
      {[](kripke::Json& c) { c["rules"]["moves"][0]["events"][0]["seen_by"] = {"k"}; },
       "/rules/moves/0/events/0/seen_by/0", "'k' is not a parameter of ask"},
      {[](kripke::Json& c) { c["rules"]["moves"][0]["events"][0]["pre"] = "x &"; },
       "/rules/moves/0/events/0/pre", "x &"},
      // Every formula of an event is checked before any play, at its place.
      {[](kripke::Json& c) { c["rules"]["moves"][0]["events"][1]["learn"] = {"q"}; },
       "/rules/moves/0/events/1/learn", "unknown variable 'q'"},
      {[](kripke::Json& c) { c["rules"]["moves"][0]["events"][2]["pre"] = "~z"; },
       "/rules/moves/0/events/2/pre", "unknown variable 'z'"},
      {[](kripke::Json& c) { c["rules"]["moves"][0]["events"][0]["when"] = "w"; },
       "/rules/moves/0/events/0/when", "unknown variable 'w'"},
      {[](kripke::Json& c) { c["rules"]["moves"][0]["chosen_by"] = "k"; },
       "/rules/moves/0/chosen_by", "'k' is not a parameter of ask"},
      {[](kripke::Json& c) {
         c["rules"]["moves"].push_back(
             {{"name", "wait"}, {"parameters", {"i"}}, {"chosen_by", "i"}});
       },
       "/rules/moves/1/chosen_by", "only a move with events"},
      {[](kripke::Json& c) {
         c["agents"] = {{{"strategy", "random"}, {"events", "kind"}}};
       },
       "/agents/0/events", "unknown value 'kind'"},
      {[](kripke::Json& c) { c["rules"]["turns"] = "simultaneous"; }, "/rules/moves/0/events",
       "not in simultaneous rounds"},
      {[](kripke::Json& c) {
         c["script"] = {{{"move", {{"move", "ask"}, {"i", "a"}, {"j", "b"}, {"event", "show_z"}}}}};
       },
       "/script/0/move/event", "unknown event 'show_z' of ask"},
      {[](kripke::Json& c) {
         c["rules"]["actual"]["x"] = false;
         c["script"] = {{{"move", {{"move", "ask"}, {"i", "a"}, {"j", "b"}, {"event", "show_x"}}}}};
       },
       "/script/0/move/event", "the event show_x cannot happen here"},
  };
  for (std::size_t k = 0; k < cases.size(); ++k) {
    kripke::Json config = {{"game", "model"}, {"rules", question_rules(true, true)}};
    cases[k].edit(config);
    const std::string file = dir.write("bad" + std::to_string(k) + ".json", config.dump());
    const CliResult r = run_cli({config.contains("script") ? "scenario" : "run", file});
    INFO(k << ": " << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(cases[k].pointer) && Catch::Contains(cases[k].words));
  }
  // plan would need a plan per event: refused, with the pointer.
  kripke::Json config = {{"game", "model"}, {"rules", question_rules(true, true)}};
  const CliResult plan =
      run_cli({"plan", dir.write("plan.json", config.dump()), "--goal", "K{a} x"});
  CHECK(plan.exit_code == 2);
  CHECK_THAT(plan.err,
             Catch::Contains("/rules/moves/0/events") && Catch::Contains("conditional plan"));
}

TEST_CASE(
    "[game-language] a move with events changes the facts only where one of them can happen") {
  // n counts up to 2; the move is legal below 2. Its change, n + 1, leaves the range at the
  // world where n is 2, which no event of the move reaches: reading it there would be an
  // error, so the change is read only where some event can happen.
  kripke::Json rules = {
      {"agents",
       {{{"name", "a"}, {"observes", kripke::Json::array()}},
        {{"name", "b"}, {"observes", {"n"}}}}},
      {"variables", {{{"name", "n"}, {"from", 0}, {"to", 2}}}},
      {"actual", {{"n", 0}}},
      {"moves",
       {{{"name", "count"},
         {"parameters", {"i"}},
         {"legal", "n < 2"},
         {"post", {{"n", "n + 1"}}},
         {"events",
          {{{"name", "up"}, {"pre", "true"}, {"seen_by", {"i"}}, {"others_see", "a count"}}}}}}}};
  kripke::game_lang::LanguageGame game(
      language_config(rules, kripke::Json::array({{{"strategy", "random"}}})));
  EventRecorder events;
  kripke::GameRunner runner(game, 1, events);
  runner.start();
  const auto holds = [&](const std::string& phi) {
    return runner.play().holds(*kripke::parse_formula(phi));
  };
  runner.scripted_turn({{"move", "count"}, {"i", "b"}}, "/script/0/move");
  CHECK(holds("n = 1"));
  CHECK(holds("K{b} n = 1"));
  CHECK_FALSE(holds("K{a} n = 1"));  // a count from 1 would have left 2
  runner.scripted_turn({{"move", "count"}, {"i", "b"}}, "/script/1/move");
  CHECK(holds("n = 2"));
  CHECK(holds("K{a} n = 2"));  // two counts: only a start at 0 allowed both
}
