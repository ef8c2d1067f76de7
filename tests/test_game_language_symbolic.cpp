// Games written in the game language on the symbolic engine (symbolic_language_play.hpp):
// the same knowledge, moves and winners as the same rules on the explicit engine (and as
// the built-in muddy children: test_game_language_replays.cpp); what the engine does not play is
// refused with the way out; seats, plan and check work as on the explicit engine.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "event_recorder.hpp"
#include "input/config_file.hpp"
#include "knowledge_trajectory.hpp"
#include "kripke/game_lang/gossip.hpp"
#include "kripke/game_lang/language_game.hpp"
#include "kripke/game_lang/muddy_children.hpp"
#include "kripke/game_loop.hpp"
#include "language_test_support.hpp"

using namespace kripke_test;

namespace {

kripke::GameConfig on_engine(kripke::GameConfig c, const std::string& engine) {
  c.engine = engine;
  return c;
}

// The moves of a game's log, in order.
std::vector<kripke::Json> moves_of(const EventRecorder& run) {
  std::vector<kripke::Json> out;
  for (const kripke::LogRecord& r : run.records("move")) out.push_back(kripke::Json(r["move"]));
  return out;
}

// Two players, a counter both see and a light only a sees, set by the moves from y, which
// neither sees: what a move shows each of them depends on the world.
kripke::Json counter_rules() {
  return {{"agents",
           {{{"name", "a"}, {"observes", {"x", "light"}}}, {{"name", "b"}, {"observes", {"x"}}}}},
          {"variables",
           {{{"name", "x"}, {"from", 0}, {"to", 5}},
            {{"name", "light"}},
            {{"name", "y"}, {"from", 0}, {"to", 2}}}},
          {"moves",
           {{{"name", "up"},
             {"parameters", {"i"}},
             {"legal", "x + y <= 5 & ~Kv{i} y"},
             {"post", {{"x", "x + y"}}}},
            {{"name", "switch"},
             {"parameters", {"i"}},
             {"legal", "K{i} (x > y)"},
             {"post", {{"light", "y = 2"}}}},
            {{"name", "guess"}, {"parameters", {"i"}}, {"legal", "Kv{i} y"}}}},
          {"win", "Kv{me} y"}};
}

// Plays `config` from seeds 1..`seeds` on both engines: the same deal, moves, knowledge
// trajectory, winners and end.
void engines_agree(const kripke::GameConfig& config, int seeds) {
  const kripke::game_lang::LanguageGame expl(on_engine(config, "explicit"));
  const kripke::game_lang::LanguageGame symb(on_engine(config, "symbolic"));
  REQUIRE_FALSE(expl.symbolic());
  REQUIRE(symb.symbolic());
  REQUIRE(expl.deal_count() == symb.deal_count());
  for (std::uint64_t seed = 1; seed <= std::uint64_t(seeds); ++seed) {
    EventRecorder a, b;
    const kripke::GameResult x = kripke::run_game(expl, seed, a);
    const kripke::GameResult y = kripke::run_game(symb, seed, b);
    INFO("seed " << seed << ", deal " << x.deal.dump());
    CHECK(y.deal == x.deal);
    CHECK(moves_of(b) == moves_of(a));
    CHECK(trajectory(b) == trajectory(a));
    CHECK(y.winners == x.winners);
    CHECK(y.turns == x.turns);
    CHECK(y.reason == x.reason);
  }
}

}  // namespace

TEST_CASE(
    "[game-language] games of public announcements on both engines: the same moves, knowledge "
    "and winners") {
  SECTION("the muddy children: rounds, turns round the table, moves drawn from everyone's") {
    for (const char* turns : {"simultaneous", "round-robin", "any"}) {
      INFO(turns);
      kripke::Json rules = kripke::game_lang::muddy_children_rules(6);
      rules["turns"] = turns;
      engines_agree(language_config(rules, kripke::Json::array()), 40);
    }
  }
  SECTION("protocol and claim players, random deals") {
    const kripke::Json strategies = {
        {{"agent", "c1"}, {"strategy", "protocol"}, {"guards", {{"dont_know", "true"}}}},
        {{"agent", "c2"}, {"strategy", "claim"}, {"claim", "know"}, {"goal", "Kw{me} muddy(me)"}},
        {{"agent", "c3"}, {"strategy", "random"}}};
    kripke::Json rules = kripke::game_lang::muddy_children_rules(3);
    rules["turns"] = "round-robin";
    engines_agree(language_config(rules, strategies), 40);
  }
  SECTION("a number game: terms observed, Kv and comparisons in the moves and the win") {
    const kripke::Json rules = {
        {"agents",
         {{{"name", "a"}, {"observes", {"x % 2"}}}, {{"name", "b"}, {"observes", {"x / 5"}}}}},
        {"variables", {{{"name", "x"}, {"from", 1}, {"to", 8}}}},
        {"opening", {{{"formula", "x != 3"}, {"text", "it is not 3"}}}},
        {"moves",
         {{{"name", "small"}, {"parameters", {"i"}}, {"legal", "K{i} (x <= 6) & ~Kv{i} x"}},
          {{"name", "pass"}, {"parameters", {"i"}}, {"legal", "~Kv{i} x"}},
          {{"name", "tell"},
           {"parameters", {"i"}},
           {"legal", "K{i} (x % 3 = 0) | K{i} (x % 3 != 0)"}}}},
        {"win", "Kv{me} x"}};
    engines_agree(language_config(rules, kripke::Json::array(), 12), 40);
  }
}

TEST_CASE(
    "[game-language] moves that change facts on both engines: gossip and a counter, the same "
    "moves, knowledge and winners") {
  using kripke::game_lang::CallsSeen;
  using kripke::game_lang::read_gossip_graph;
  SECTION("dynamic gossip, 01-12-231-3 I4, LNS, calls seen by everyone") {
    const kripke::Json rules = kripke::game_lang::gossip_rules(
        read_gossip_graph("01-12-231-3 I4", "/rules/graph"), CallsSeen::ByEveryone);
    const kripke::Json lns = {{{"strategy", "protocol"}, {"guards", {{"call", "~S(i, j)"}}}}};
    engines_agree(language_config(rules, lns), 30);
  }
  SECTION("classical gossip on four, CO (who called whom kept), round the table and drawn") {
    kripke::Json rules = kripke::game_lang::gossip_rules(read_gossip_graph("T4 I4", "/rules/graph"),
                                                         CallsSeen::ByEveryone, true);
    const kripke::Json co = {
        {{"strategy", "protocol"}, {"guards", {{"call", "~C(i, j) & ~C(j, i)"}}}}};
    engines_agree(language_config(rules, co), 20);
    rules["turns"] = "any";
    engines_agree(language_config(rules, co), 20);
  }
  SECTION("a counter both players see and a light only one sees, set from what they do not see") {
    engines_agree(language_config(counter_rules(), kripke::Json::array(), 10), 40);
  }
}

TEST_CASE("[game-language] the hint on both engines: the worlds each legal move would leave") {
  const kripke::GameConfig config = language_config(counter_rules(), kripke::Json::array(), 10);
  const kripke::game_lang::LanguageGame expl(on_engine(config, "explicit"));
  const kripke::game_lang::LanguageGame symb(on_engine(config, "symbolic"));
  int compared = 0, split = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    kripke::Rng a(seed), b(seed);
    const auto x = expl.new_play(a);
    const auto y = symb.new_play(b);
    x->setup();
    y->setup();
    const auto& sx = dynamic_cast<const kripke::game_lang::LanguageSeats&>(*x);
    const auto& sy = dynamic_cast<const kripke::game_lang::LanguageSeats&>(*y);
    for (int turn = 0; turn < 6; ++turn) {
      for (kripke::Agent i = 0; i < 2; ++i)
        for (std::size_t k : sx.legal(i)) {
          const auto ox = sx.outlook(i, k), oy = sy.outlook(i, k);
          INFO("seed " << seed << ", turn " << turn << ", agent " << i << ", move " << k);
          CHECK((ox.worlds_left == oy.worlds_left));
          CHECK(ox.expected_left == Approx(oy.expected_left));
          ++compared;
          split += ox.worlds_left.size() > 1;
        }
      if (x->play_turn(a) != kripke::TurnOutcome::Continue) break;
      REQUIRE(y->play_turn(b) == kripke::TurnOutcome::Continue);
    }
  }
  CHECK(compared > 100);
  CHECK(split > 10);  // moves whose outcome depends on what their changes show
}

TEST_CASE("[game-language] gossip on seven agents: past the explicit engine's 32-bit valuations") {
  TempDir dir;
  const kripke::Json config = {{"game", "gossip"},
                               {"seed", 2},
                               {"rules", {{"graph", "T7 I7"}, {"calls_seen", "by everyone"}}},
                               {"agents", {{{"protocol", "LNS"}}}}};
  const std::string file = dir.write("gossip7.json", config.dump());
  const CliResult r = run_cli({"run", file, "--log", (dir.path() / "g7.jsonl").string()});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  // LNS on the complete graph always succeeds: every call teaches both callers a secret.
  CHECK_THAT(r.out, Catch::Contains("*** a, b, c, d, e, f, g win ***"));
  const CliResult expl = run_cli({"run", file, "--engine", "explicit"});
  CHECK(expl.exit_code == 2);
  CHECK_THAT(expl.err, Catch::Contains("2^32"));
  // Two jobs take turns with BuDDy's table: each call adds variables, and BuDDy's growing
  // of its variables collected garbage over a slot it had not written yet (a crash with
  // two jobs: BuddySession::ensure_variables).
  kripke::Json batch = config;
  batch["batch"] = {{"games", 200}, {"seed", 1}};
  const CliResult jobs = run_cli({"batch", dir.write("batch7.json", batch.dump()), "--jobs", "2"});
  INFO(jobs.err);
  CHECK(jobs.exit_code == 0);
  CHECK_THAT(jobs.out, Catch::Contains("200 games in 1 condition"));
}

TEST_CASE(
    "[game-language] on the symbolic engine a game whose moves are not public "
    "is refused, naming the way out") {
  const auto refused = [](const std::string& config, const std::string& pointer) {
    const CliResult r = run_cli({"run", source_path(config), "--engine", "symbolic"});
    INFO(config << ": " << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("on the symbolic engine every move is public (everyone "
                                      "sees which it is)"));
    CHECK_THAT(r.err, Catch::Contains("needs \"engine\": \"explicit\""));
    CHECK_THAT(r.err, Catch::Contains(pointer));
  };
  refused("configs/games/small-clue.json", "/rules/moves/0/events");
  refused("configs/games/gossip-three.json", "/rules/moves/0/others_see");  // calls seen as calls
  // Under "auto" they play on the explicit engine.
  CHECK(run_cli({"run", source_path("configs/games/small-clue.json")}).exit_code == 0);

  const kripke::Json muddy = kripke::game_lang::muddy_children_rules(3);
  const auto refusal = [&](kripke::Json rules, const kripke::Json& strategies) {
    const kripke::GameConfig c = on_engine(language_config(rules, strategies), "symbolic");
    try {
      kripke::game_lang::LanguageGame game(c);
    } catch (const kripke::InputError& e) {
      return std::string(e.what()) + " at " + e.path();
    }
    return std::string("accepted");
  };
  kripke::Json unseen = muddy;
  unseen["moves"][1]["others_see"] = "that a move was made";
  CHECK_THAT(refusal(unseen, kripke::Json::array()),
             Catch::Contains("a move the others do not see") &&
                 Catch::EndsWith("at /rules/moves/1/others_see"));
  kripke::Json learning = muddy;
  learning["moves"][0]["parties_learn"] = {"muddy(c1)"};
  CHECK_THAT(refusal(learning, kripke::Json::array()),
             Catch::Contains("whose parties learn more") &&
                 Catch::EndsWith("at /rules/moves/0/parties_learn"));
  // A term observed over a variable a move changes would need its definition again.
  kripke::Json counted = muddy;
  counted["variables"].push_back({{"name", "n"}, {"from", 0}, {"to", 3}});
  counted["agents"][2]["observes"].push_back("n + 1");
  counted["moves"][1]["post"] = {{"n", "1"}};
  counted["turns"] = "round-robin";
  CHECK_THAT(refusal(counted, kripke::Json::array()),
             Catch::Contains("an observed term cannot speak of a variable a move changes") &&
                 Catch::EndsWith("at /rules/agents/2/observes/1"));
  const kripke::Json informed = {{{"strategy", "info-gain"}, {"about", "muddy(c2)"}}};
  CHECK_THAT(refusal(muddy, informed),
             Catch::Contains("an info-gain player") && Catch::EndsWith("at /agents/0/about"));
  CHECK(refusal(muddy, kripke::Json::array()) == "accepted");
}

TEST_CASE(
    "[game-language] auto picks the symbolic engine for many worlds, and plan searches on the "
    "explicit one") {
  TempDir dir;
  const kripke::Json rules = kripke::game_lang::muddy_children_rules(12);
  kripke::GameConfig c = language_config(rules, kripke::Json::array());
  c.engine = "auto";
  CHECK(kripke::game_lang::LanguageGame(c).symbolic());  // 4096 worlds
  kripke::Json config = {{"game", "model"}, {"seed", 4}, {"rules", rules}};
  const std::string file = dir.write("muddy12.json", config.dump());
  const CliResult run = run_cli({"run", file});
  INFO(run.err);
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.out, Catch::Contains("=== end after"));
  // The plan to everyone knowing: as on the explicit engine.
  config["engine"] = "explicit";
  const CliResult expl =
      run_cli({"plan", dir.write("explicit.json", config.dump()), "--goal", "everyone_knows"});
  const CliResult plan = run_cli({"plan", file, "--goal", "everyone_knows"});
  INFO(plan.err);
  CHECK(plan.exit_code == 0);
  CHECK_THAT(plan.out, Catch::StartsWith("a plan of 6 rounds"));
  CHECK_THAT(expl.out, Catch::StartsWith("a plan of 6 rounds"));
  config["engine"] = "symbolic";
  const CliResult asked =
      run_cli({"plan", dir.write("symbolic.json", config.dump()), "--goal", "everyone_knows"});
  CHECK(asked.exit_code == 2);
  CHECK_THAT(asked.err, Catch::Contains("plan searches the moves on the explicit engine: use "
                                        "\"engine\": \"explicit\""));
}

TEST_CASE("[game-language] a person and a program at seats of a game on the symbolic engine") {
  TempDir dir;
  kripke::Json muddy = kripkesim::read_json_file(source_path("configs/games/muddy-children.json"));
  muddy["engine"] = "symbolic";
  const std::string file = dir.write("muddy.json", muddy.dump());
  const CliResult round =
      run_cli_with_input({"play", file, "--seat", "1", "--seed", "3", "--program",
                          "2=python3 " + source_path("examples/agents/first_legal.py")},
                         "table\nhint\ndont_know\ndont_know\ndont_know\nquit\n");
  INFO(round.out << round.err);
  CHECK(round.exit_code == 0);
  // Seed 3: c2, c3 and c5 muddy; c1 sees them and not its own forehead.
  CHECK_THAT(round.out, Catch::Contains("You consider 2 worlds possible. You know: muddy(c2) = "
                                        "true, muddy(c3) = true, muddy(c4) = false,"));
  CHECK_THAT(round.out, Catch::Contains("  dont_know: 2 (expected 2.0)"));
  CHECK_THAT(round.out, Catch::Contains("Your move this round (dont_know)?\nc1> dont_know\nc1: "
                                        "dont_know(c1)\nc2: dont_know(c2)"));
  CHECK_THAT(round.out, Catch::Contains("*** c2, c3, c5 win ***"));
  // The same game on the explicit engine prints the same.
  muddy["engine"] = "explicit";
  const CliResult expl = run_cli_with_input(
      {"play", dir.write("muddy-explicit.json", muddy.dump()), "--seat", "1", "--seed", "3",
       "--program", "2=python3 " + source_path("examples/agents/first_legal.py")},
      "table\nhint\ndont_know\ndont_know\ndont_know\nquit\n");
  CHECK(expl.out == round.out);
}

TEST_CASE(
    "[game-language] check reads a whole formula for mistakes, even where the engine needs only "
    "part of it") {
  TempDir dir;
  kripke::Json muddy = kripkesim::read_json_file(source_path("configs/games/muddy-children.json"));
  for (const char* engine : {"explicit", "symbolic"}) {
    muddy["engine"] = engine;
    const std::string file = dir.write(std::string(engine) + ".json", muddy.dump());
    for (const char* formula : {"false & nosuch", "someone_muddy | K{zz} muddy(c1)"}) {
      const CliResult r = run_cli({"check", file, "-f", formula});
      INFO(engine << ": " << formula << ": " << r.out << r.err);
      CHECK(r.exit_code == 2);
    }
    const CliResult r = run_cli({"check", file, "-f", "someone_muddy & K{c1} muddy(c2)"});
    INFO(engine << ": " << r.err);
    CHECK(r.exit_code == 0);
  }
}
