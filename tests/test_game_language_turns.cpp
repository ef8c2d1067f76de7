// Turns and ends in the game language (docs/game-language.md#turns-the-win-the-end): a move
// that passes the turn ("next"), turns a formula gives ({"whose": ...}), a loss and a draw,
// in plays, logs, batch records and their errors.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "event_recorder.hpp"
#include "kripke/game_lang/language_game.hpp"
#include "kripke/game_loop.hpp"
#include "language_test_support.hpp"
#include "schema_validator.hpp"

using namespace kripke_test;

namespace {

kripke::Json agents(const std::vector<std::string>& names) {
  kripke::Json out = kripke::Json::array();
  for (const std::string& n : names)
    out.push_back({{"name", n}, {"observes", kripke::Json::array()}});
  return out;
}

// The movers of a play's move records, by name.
std::vector<std::string> movers(const EventRecorder& events) {
  std::vector<std::string> out;
  for (const kripke::LogRecord& m : events.records("move"))
    out.push_back(m["move"]["i"].get<std::string>());
  return out;
}

// A parcel passed along the friendships: a passes to c, c to a, b to a. A move's "next"
// gives the turn to the one it passes to, so b, whom nobody passes to, never moves.
kripke::Json parcel_rules(bool passes_turn) {
  kripke::Json pass = {{"name", "pass"}, {"parameters", {"i", "j"}}, {"legal", "F(i, j)"}};
  if (passes_turn) pass["next"] = "j";
  return {
      {"agents", agents({"a", "b", "c"})},
      {"variables",
       {{{"name", "F"}, {"of", {"agents", "agents"}}, {"initially_true", {"a,c", "c,a", "b,a"}}}}},
      {"moves", {pass}}};
}

}  // namespace

TEST_CASE("[game-language] a move that passes the turn: the one it names moves next") {
  const auto play = [](bool passes_turn) {
    const kripke::game_lang::LanguageGame game(language_config(
        parcel_rules(passes_turn), kripke::Json::array({{{"strategy", "random"}}}), 6));
    EventRecorder events;
    const kripke::GameResult r = kripke::run_game(game, 1, events);
    CHECK(r.reason == kripke::EndReason::MaxTurns);
    return movers(events);
  };
  CHECK(play(true) == std::vector<std::string>{"a", "c", "a", "c", "a", "c"});
  // Round the table, b has its turn.
  CHECK(play(false) == std::vector<std::string>{"a", "b", "c", "a", "b", "c"});

  // A seat sees that it is c's turn after a passes to c, and only c's moves are legal.
  const kripke::game_lang::LanguageGame game(
      language_config(parcel_rules(true), kripke::Json::array({{{"strategy", "random"}}}), 6));
  kripke::NullSink quiet;
  kripke::GameRunner runner(game, 1, quiet);
  runner.start();
  runner.step();
  REQUIRE(runner.play().next_mover() == kripke::Agent(2));
  const std::vector<kripke::Json> legal = runner.play().legal_moves();
  CHECK(legal == std::vector<kripke::Json>{{{"move", "pass"}, {"i", "c"}, {"j", "a"}}});
}

TEST_CASE("[game-language] turns a formula gives: the player it names moves, round the table") {
  // T(x): it is x's turn. A move hands the turn to anyone (its post), starting with b.
  const kripke::Json rules = {
      {"agents", agents({"a", "b", "c"})},
      {"variables", {{{"name", "T"}, {"of", {"agents"}}, {"initially_true", {"b"}}}}},
      {"moves",
       {{{"name", "hand"},
         {"parameters", {"i", "j"}},
         {"post", {{"T(i)", false}, {"T(j)", true}}}}}},
      {"turns", {{"whose", "T(me)"}}}};
  const kripke::game_lang::LanguageGame game(
      language_config(rules, kripke::Json::array({{{"strategy", "random"}}}), 30));
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    EventRecorder events;
    kripke::run_game(game, seed, events);
    const auto moves = events.records("move");
    REQUIRE(moves.size() == 30);
    CHECK(moves.front()["move"]["i"] == "b");
    for (std::size_t k = 1; k < moves.size(); ++k)
      CHECK(moves[k]["move"]["i"] == moves[k - 1]["move"]["j"]);
  }
  // Nobody's turn: the game stalls at once.
  kripke::Json nobody = rules;
  nobody["variables"][0]["initially_true"] = kripke::Json::array();
  const kripke::game_lang::LanguageGame stalled(
      language_config(nobody, kripke::Json::array({{{"strategy", "random"}}}), 30));
  kripke::NullSink quiet;
  const kripke::GameResult r = kripke::run_game(stalled, 1, quiet);
  CHECK(r.reason == kripke::EndReason::Stalled);
  CHECK(r.turns == 1);
}

TEST_CASE("[game-language] a loss and a draw end the game, in the log and in batch records") {
  // Each player may offer a draw or resign; whoever resigns loses; when both have offered,
  // the game is drawn.
  const kripke::Json rules = {
      {"agents", agents({"a", "b"})},
      {"variables",
       {{{"name", "O"}, {"of", {"agents"}}, {"initially_true", kripke::Json::array()}},
        {{"name", "R"}, {"of", {"agents"}}, {"initially_true", kripke::Json::array()}}}},
      {"moves",
       {{{"name", "offer"}, {"parameters", {"i"}}, {"post", {{"O(i)", true}}}},
        {{"name", "resign"}, {"parameters", {"i"}}, {"post", {{"R(i)", true}}}}}},
      {"win", "(R(a) | R(b)) & ~R(me)"},
      {"lose", "R(me)"},
      {"draw", "O(a) & O(b)"}};
  // a's strategy and b's.
  const auto result = [&](kripke::Json a, kripke::Json b, EventRecorder& events) {
    a["agent"] = "a";
    b["agent"] = "b";
    const kripke::Json strategies = {a, b};
    const kripke::game_lang::LanguageGame game(language_config(rules, strategies, 10));
    return kripke::run_game(game, 1, events);
  };
  const kripke::Json offers = {{"strategy", "protocol"}, {"guards", {{"offer", "true"}}}};
  const kripke::Json resigns = {{"strategy", "protocol"}, {"guards", {{"resign", "true"}}}};
  const SchemaValidator schema = log_schema();

  EventRecorder drawn_log;
  const kripke::GameResult drawn = result(offers, offers, drawn_log);
  CHECK(drawn.reason == kripke::EndReason::Draw);
  CHECK(drawn.turns == 2);
  CHECK(drawn.winners.empty());
  CHECK(drawn.losers.empty());

  // a offers, b resigns: b has lost and a has won: a win ends it.
  EventRecorder won_log;
  const kripke::GameResult won = result(offers, resigns, won_log);
  CHECK(won.reason == kripke::EndReason::Win);
  CHECK(won.winners == std::vector<kripke::Agent>{0});
  CHECK(won.losers == std::vector<kripke::Agent>{1});
  const kripke::LogRecord end = won_log.records("end").front();
  CHECK(end["losers"] == kripke::Json::array({2}));
  // Every record of the logs is valid against the log's schema.
  const auto valid = [&](const EventRecorder& log) {
    for (const kripke::Event& e : log.events)
      if (!e.record.is_null()) CHECK(schema.errors(e.record) == std::vector<std::string>{});
  };
  valid(won_log);
  valid(drawn_log);

  // Without a win for the others, a resignation ends the game lost.
  kripke::Json lose_only = rules;
  lose_only.erase("win");
  const kripke::game_lang::LanguageGame game(
      language_config(lose_only, kripke::Json::array({resigns}), 10));
  EventRecorder lost_log;
  const kripke::GameResult lost = kripke::run_game(game, 1, lost_log);
  CHECK(lost.reason == kripke::EndReason::Loss);
  CHECK(lost.losers == std::vector<kripke::Agent>{0});
  CHECK(lost.turns == 1);
  std::string transcript;
  for (const kripke::Event& e : lost_log.events) transcript += e.text + "\n";
  CHECK_THAT(transcript, Catch::Contains("=== end after 1 turn: loss (a lost) ==="));
  valid(lost_log);

  // A batch keeps the losers in each record and counts the losses and draws.
  TempDir dir;
  kripke::Json batch = {{"game", "model"},
                        {"rules", lose_only},
                        {"agents", {{{"strategy", "random"}}}},
                        {"max_turns", 10},
                        {"batch", {{"games", 40}, {"seed", 3}}}};
  batch["rules"]["draw"] = "O(a) & O(b)";
  const std::string file = dir.write("resign.json", batch.dump());
  const CliResult r = run_cli({"batch", file, "--out", dir.file("out.json"), "--no-progress"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const kripke::Json out = kripke::Json::parse(read_file(dir.file("out.json")));
  std::uint64_t losses = 0, draws = 0;
  for (const kripke::Json& g : out["games"]) {
    if (g["reason"] == "loss") {
      ++losses;
      CHECK(g["losers"].size() == 1);
    } else {
      CHECK(g["reason"] == "draw");
      CHECK_FALSE(g.contains("losers"));
      ++draws;
    }
  }
  CHECK(losses + draws == 40);
  CHECK(losses > 0);
  CHECK(draws > 0);
  const kripke::Json& no_winner = out["summary"]["conditions"][0]["no_winner"];
  CHECK(no_winner["loss"] == losses);
  CHECK(no_winner["draw"] == draws);
  CHECK_THAT(r.out, Catch::Contains("ended by a loss or a draw") &&
                        Catch::Contains("loss: " + std::to_string(losses)));
  // The records read back (merge) keep the losers.
  const CliResult merged =
      run_cli({"merge", dir.file("out.json"), "--out", dir.file("merged.json")});
  INFO(merged.err);
  REQUIRE(merged.exit_code == 0);
  CHECK(kripke::Json::parse(read_file(dir.file("merged.json")))["games"] == out["games"]);
}

TEST_CASE("[game-language] bad turns, losses and draws exit 2 with the JSON pointer") {
  TempDir dir;
  struct Case {
    kripke::Json rules;
    std::string pointer, words;
  };
  kripke::Json simultaneous_next = parcel_rules(true);
  simultaneous_next["turns"] = "simultaneous";
  kripke::Json unknown_next = parcel_rules(true);
  unknown_next["moves"][0]["next"] = "k";
  kripke::Json whose_without_me = parcel_rules(false);
  whose_without_me["turns"] = {{"whose", "F(a, c)"}};
  kripke::Json whose_unknown = parcel_rules(false);
  whose_unknown["turns"] = {{"whose", "G(me)"}};
  kripke::Json draw_of_me = parcel_rules(false);
  draw_of_me["draw"] = "F(me, a)";
  kripke::Json lose_unparsed = parcel_rules(false);
  lose_unparsed["lose"] = "F(me, a) &";
  const std::vector<Case> cases = {
      {simultaneous_next, "/rules/moves/0/next", "only in round-robin turns"},
      {unknown_next, "/rules/moves/0/next", "'k' is not a parameter of pass"},
      {whose_without_me, "/rules/turns/whose", "it speaks of me"},
      {whose_unknown, "/rules/turns/whose", "G"},
      {draw_of_me, "/rules/draw", "does not speak of me"},
      {lose_unparsed, "/rules/lose", "F(me, a) &"},
  };
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const kripke::Json config = {{"game", "model"}, {"rules", cases[k].rules}};
    const std::string file = dir.write("bad" + std::to_string(k) + ".json", config.dump());
    const CliResult r = run_cli({"run", file});
    INFO(k << ": " << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(cases[k].pointer) && Catch::Contains(cases[k].words));
  }
}

TEST_CASE("[game-language] plan in simultaneous rounds, on the facts: every player moves") {
  // Two coins, each flipped by its owner; every player with a legal move moves each round.
  kripke::Json rules = {
      {"agents", agents({"a", "b"})},
      {"variables",
       {{{"name", "h"}, {"of", {"agents"}}, {"initially_true", kripke::Json::array()}}}},
      {"moves", {{{"name", "flip"}, {"parameters", {"i"}}, {"post", {{"h(i)", "~h(i)"}}}}}},
      {"turns", "simultaneous"}};
  TempDir dir;
  const auto plan = [&](const kripke::Json& r, const std::string& goal) {
    const std::string file =
        dir.write("coins.json", kripke::Json{{"game", "model"}, {"rules", r}}.dump());
    return run_cli({"plan", file, "--goal", goal, "--format", "json"});
  };
  // Both heads: one round of both flips.
  const CliResult both = plan(rules, "h(a) & h(b)");
  INFO(both.out << both.err);
  REQUIRE(both.exit_code == 0);
  const kripke::Json r = kripke::Json::parse(both.out);
  REQUIRE(r["moves"].size() == 1);
  CHECK(r["moves"][0]["round"].size() == 2);
  // a's coin alone can never be heads: both flip every round.
  CHECK(plan(rules, "h(a) & ~h(b)").exit_code == 1);
  // With a move that changes nothing, one round: a flips while b waits.
  rules["moves"].push_back({{"name", "wait"}, {"parameters", {"i"}}});
  const CliResult one = plan(rules, "h(a) & ~h(b)");
  INFO(one.out << one.err);
  REQUIRE(one.exit_code == 0);
  CHECK(kripke::Json::parse(one.out)["moves"] ==
        kripke::Json::array(
            {{{"round", {{{"move", "flip"}, {"i", "a"}}, {{"move", "wait"}, {"i", "b"}}}}}}));
}
