// Proof that the game language runs the same engine as the built-in games: a built-in game
// and its re-expression in the language (docs/game-language.md), played from the same
// deal, give the same knowledge trajectory — after every update the same worlds, and for
// every agent the same count of possible worlds, relation pairs and whether it knows.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "cli_runner.hpp"
#include "event_recorder.hpp"
#include "knowledge_trajectory.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/game_lang/joint_action.hpp"
#include "kripke/game_lang/language_game.hpp"
#include "kripke/game_lang/muddy_children.hpp"
#include "kripke/game_lang/small_clue.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/games/clue/clue.hpp"
#include "kripke/games/muddy/game.hpp"
#include "kripke/model_lang/atom_cache.hpp"
#include "random_cases.hpp"

using namespace kripke_test;

namespace {

kripke::GameConfig language_config(const kripke::Json& rules) {
  kripke::GameConfig c;
  c.game = "model";
  c.engine = "explicit";
  c.rules = rules;
  return c;
}

}  // namespace

TEST_CASE(
    "[game-language] the muddy children in the language: the built-in game's knowledge, "
    "update for update, in 100 seeded games on each engine") {
  // The symbolic engine's games go further: 2 to 12 children.
  for (const auto& [engine, most] : {std::pair{"explicit", 8}, std::pair{"symbolic", 12}})
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
      const int children = 2 + int(seed % std::uint64_t(most - 1));
      kripke::GameConfig builtin_config;
      builtin_config.game = "muddy";
      builtin_config.engine = engine;
      builtin_config.rules = {{"children", children}};
      const kripke::muddy::MuddyGame builtin(builtin_config);
      EventRecorder expected;
      const kripke::GameResult b = kripke::run_game(builtin, seed, expected);

      kripke::GameConfig config =
          language_config(kripke::game_lang::muddy_children_rules(children, b.deal["muddy"]));
      config.engine = engine;
      const kripke::game_lang::LanguageGame language(config);
      REQUIRE(language.symbolic() == (std::string(engine) == "symbolic"));
      EventRecorder got;
      const kripke::GameResult l = kripke::run_game(language, seed, got);

      INFO(engine << ", seed " << seed << ", " << children << " children, muddy " << b.deal.dump());
      REQUIRE(trajectory(expected).size() == std::size_t(b.turns) + 1);  // the father, rounds
      CHECK(trajectory(got) == trajectory(expected));
      CHECK(l.winners == b.winners);
      CHECK(l.turns == b.turns);
      CHECK(l.reason == b.reason);
    }
}

TEST_CASE(
    "[game-language] the bundled muddy children: the built-in game's deal and trajectory "
    "from the same seed, rounds replayed from the log") {
  const kripke::Json muddy =
      kripke::Json::parse(read_file(source_path("configs/games/muddy-children.json")));
  // The bundled config is the rules the 100 games above play, for five children.
  CHECK(muddy["rules"] == kripke::game_lang::muddy_children_rules(5));
  const kripke::game_lang::LanguageGame language(language_config(muddy["rules"]));
  kripke::GameConfig builtin_config;
  builtin_config.game = "muddy";
  builtin_config.engine = "explicit";
  builtin_config.rules = {{"children", 5}};
  const kripke::muddy::MuddyGame builtin(builtin_config);
  // Deal k of both is the k-th non-empty set of muddy children: a seed deals the same.
  REQUIRE(language.deal_count() == builtin.deal_count());
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    EventRecorder expected, got;
    const kripke::GameResult b = kripke::run_game(builtin, seed, expected);
    (void)kripke::run_game(language, seed, got);
    INFO("seed " << seed << ", muddy " << b.deal.dump());
    CHECK(trajectory(got) == trajectory(expected));
    // Each round is every child's answer, made at once: one update, one move per child.
    const auto moves = got.records("move");
    CHECK(moves.size() == std::size_t(5 * b.turns));
  }

  // The answers are claims checked for truth: "know" is not legal for a child that does
  // not know, in a script as in a round.
  TempDir dir;
  kripke::Json scenario = muddy;
  scenario["script"] = {{{"move", {{"round", {{{"move", "know"}, {"i", "c1"}}}}}}}};
  const CliResult refused = run_cli({"scenario", dir.write("claim.json", scenario.dump())});
  CHECK(refused.exit_code == 2);
  CHECK_THAT(refused.err, Catch::Contains("/script/0/move/round/0") &&
                              Catch::Contains("know(c1) is not legal here"));
  scenario["script"] = {
      {{"move",
        {{"round",
          {{{"move", "dont_know"}, {"i", "c1"}}, {{"move", "dont_know"}, {"i", "c1"}}}}}}}};
  const CliResult twice = run_cli({"scenario", dir.write("twice.json", scenario.dump())});
  CHECK(twice.exit_code == 2);
  CHECK_THAT(twice.err, Catch::Contains("c1 moves twice in the round"));
}

TEST_CASE("[game-language] simultaneous rounds and opening announcements: bad rules exit 2") {
  TempDir dir;
  kripke::Json muddy =
      kripke::Json::parse(read_file(source_path("configs/games/muddy-children.json")));
  const auto refused = [&](const kripke::Json& config, const std::string& pointer,
                           const std::string& message) {
    const CliResult r = run_cli({"run", dir.write("bad.json", config.dump())});
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(pointer) && Catch::Contains(message));
  };
  kripke::Json c = muddy;
  c["rules"]["opening"] = {"someone_muddy & ~someone_muddy"};
  refused(c, "/rules/opening/0", "false at every world");
  c = muddy;
  c["rules"]["actual"] = {{"muddy(c1)", false},
                          {"muddy(c2)", false},
                          {"muddy(c3)", false},
                          {"muddy(c4)", false},
                          {"muddy(c5)", false}};
  refused(c, "/rules/actual", "opening announcements are false at the actual world");
  c = muddy;
  c["rules"]["opening"] = {{{"formula", "nobody(c1)"}}};
  refused(c, "/rules/opening/0/formula", "nobody");
  c = muddy;
  c["rules"]["turns"] = "whenever";
  refused(c, "/rules/turns", "round-robin");
  c = muddy;
  c["rules"]["report"] = {{"bad", "nobody(c1)"}};
  refused(c, "/rules/report/bad", "nobody");
  // Two players' moves in one round may not change the same variable.
  c = muddy;
  c["rules"]["moves"][1]["post"] = {{"muddy(c1)", true}};
  refused(c, "/rules/moves/1/post", "both change muddy(c1)");
  // A plan in simultaneous rounds: one legal move of every child a step. With k muddy
  // children, c1 knows after k - 1 rounds of "I don't know" when muddy, after k when clean
  // (once the muddy ones have said that they know).
  for (const std::string seed : {"1", "2", "3", "4", "7"}) {
    const CliResult plan =
        run_cli({"plan", source_path("configs/games/muddy-children.json"), "--goal",
                 "Kw{c1} muddy(c1)", "--seed", seed, "--format", "json"});
    INFO("seed " << seed << ": " << plan.out << plan.err);
    REQUIRE(plan.exit_code == 0);
    const kripke::Json r = kripke::Json::parse(plan.out);
    int muddy = 0;
    for (const auto& [name, value] : r["after"].items()) muddy += value.get<bool>();
    const bool c1 = r["after"]["muddy(c1)"];
    REQUIRE(r["found"] == true);
    CHECK(r["moves"].size() == std::size_t(c1 ? muddy - 1 : muddy));
    for (const kripke::Json& round : r["moves"]) CHECK(round["round"].size() == 5);
  }
  const CliResult text = run_cli({"plan", source_path("configs/games/muddy-children.json"),
                                  "--goal", "everyone_knows", "--seed", "7"});
  CHECK(text.exit_code == 0);
  CHECK_THAT(text.out, Catch::Contains("rounds (") && Catch::Contains("dont_know(c1) + "));
}

namespace {

// A random action model on m for the joint-action check: 1 to 3 events with random
// preconditions (the actual event's holds at the actual world), random classes per agent,
// and now and then a postcondition that sets the bits in `bits` of the valuation.
kripke::game_lang::NamedAction random_action(kripke::Rng& rng, const kripke::Model& m,
                                             std::uint32_t bits) {
  kripke::game_lang::NamedAction a;
  const std::size_t events = 1 + rng.below(3), agents = m.agent_count();
  a.am.event_class.assign(agents, {});
  a.am.actual_event = rng.below(events);
  for (std::size_t e = 0; e < events; ++e) {
    kripke::WorldSet pre(m.world_count());
    for (kripke::World w = 0; w < m.world_count(); ++w)
      if (difftest::coin(rng, 60) || (e == a.am.actual_event && w == m.actual())) pre.set(w);
    std::vector<std::uint32_t> after;
    if (difftest::coin(rng, 50)) {
      after.assign(m.world_count(), 0);
      for (kripke::World w = 0; w < m.world_count(); ++w)
        after[w] = (m.valuation(w) & ~bits) | (std::uint32_t(rng.below(16)) & bits);
    }
    a.am.preconditions.push_back(pre);
    a.am.valuation_after.push_back(kripke::valuation_row(after));
    for (std::size_t i = 0; i < agents; ++i)
      a.am.event_class[i].push_back(std::uint32_t(rng.below(events)));
    a.names.push_back("e" + std::to_string(e));
  }
  return a;
}

}  // namespace

TEST_CASE(
    "[game-language] a round's joint action is the moves one after the other, each judged "
    "before the round (300 random models)") {
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    INFO("seed " << seed);
    kripke::Rng rng(seed);
    const std::size_t worlds = 2 + rng.below(40), agents = 1 + rng.below(3);
    std::vector<kripke::Partition> partitions;
    for (std::size_t i = 0; i < agents; ++i)
      partitions.push_back(kripke::Partition::from_keys(difftest::random_keys(rng, worlds)));
    std::vector<std::uint32_t> valuation;
    for (std::size_t w = 0; w < worlds; ++w) valuation.push_back(std::uint32_t(rng.below(16)));
    const kripke::Model start(partitions, kripke::World(rng.below(worlds)), valuation);
    // Two moves changing different variables: bits 0-1 and bits 2-3.
    const auto a = random_action(rng, start, 3U), b = random_action(rng, start, 12U);

    kripke::Model joint = start;
    kripke::product_update(joint, kripke::game_lang::joint_action(a, b, start).am);

    // One after the other: b on the model after a, each new world (w, e) reading b's
    // precondition and change at w. product_update orders the new worlds by w, then e.
    kripke::Model seq = start;
    kripke::product_update(seq, a.am);
    std::vector<kripke::World> source;
    start.alive().for_each([&](kripke::World w) {
      for (const kripke::WorldSet& pre : a.am.preconditions)
        if (pre.test(w)) source.push_back(w);
    });
    REQUIRE(source.size() == seq.world_count());
    kripke::ActionModel later = b.am;
    for (std::size_t e = 0; e < b.am.preconditions.size(); ++e) {
      kripke::WorldSet pre(seq.world_count());
      std::vector<std::uint32_t> after;
      const std::vector<std::uint32_t>* row = b.am.row_after(e);
      if (row) after.assign(seq.world_count(), 0);
      for (kripke::World v = 0; v < seq.world_count(); ++v) {
        if (b.am.preconditions[e].test(source[v])) pre.set(v);
        if (!after.empty()) after[v] = (seq.valuation(v) & ~12U) | ((*row)[source[v]] & 12U);
      }
      later.preconditions[e] = pre;
      later.valuation_after[e] = kripke::valuation_row(after);
    }
    kripke::product_update(seq, later);

    REQUIRE(joint.world_count() == seq.world_count());
    CHECK(joint.actual() == seq.actual());
    for (kripke::World w = 0; w < joint.world_count(); ++w) {
      CHECK(joint.valuation(w) == seq.valuation(w));
      for (std::size_t i = 0; i < agents; ++i)
        for (kripke::World v = 0; v < w; ++v)
          CHECK((joint.partition(kripke::Agent(i)).class_of(w) ==
                 joint.partition(kripke::Agent(i)).class_of(v)) ==
                (seq.partition(kripke::Agent(i)).class_of(w) ==
                 seq.partition(kripke::Agent(i)).class_of(v)));
    }
  }
}

TEST_CASE(
    "[game-language] atoms' truth kept between questions stays right through rounds, "
    "restores and copies of the model") {
  // 13 children: 8,192 worlds, enough for the model to keep its atoms' truth sets
  // (model_lang/atom_cache.hpp); every child muddy, so that the game lasts 13 rounds.
  kripke::Json all = kripke::Json::array();
  for (int i = 1; i <= 13; ++i) all.push_back(i);
  const kripke::game_lang::LanguageGame game(
      language_config(kripke::game_lang::muddy_children_rules(13, all)));
  const auto play = kripke::game_lang::started_language_play(game, 1, "the test plays");
  const auto& vocab = play->vocabulary();
  const auto check_atoms = [&] {
    for (std::size_t k = 0; k < vocab.size(); ++k) {
      kripke::WorldSet expected(play->model().world_count());
      play->model().alive().for_each([&](kripke::World w) {
        if (vocab.value_index(play->model().valuation(w), k) == 1) expected.set(w);
      });
      const kripke::FormulaPtr atom = kripke::parse_formula(vocab.variables()[k].name);
      REQUIRE(play->truth(*atom) == expected);
      REQUIRE(play->truth(*kripke::f::neg(atom)) == (play->model().alive() - expected));
    }
  };
  const auto round = [&] {
    std::vector<std::size_t> moves;
    for (const auto& allowed : play->allowed_by_player())
      if (!allowed.empty()) moves.push_back(allowed.front());
    play->make_round(moves);
  };
  check_atoms();
  for (int r = 1; r <= 12; ++r) {
    INFO("round " << r);
    const auto before = play->snapshot();
    round();
    check_atoms();
    // Back to the larger model, whose valuation table is the same.
    play->restore(before);
    check_atoms();
    round();
    check_atoms();
  }
  // A copy of the model that renumbers its worlds (contraction) has a table of its own.
  play->contract();
  check_atoms();
}

TEST_CASE(
    "[game-language] a kept atom truth set answers only for its valuation table and the "
    "worlds it was computed over") {
  const std::size_t worlds = 8192;
  const kripke::Model full({kripke::Partition::universal(worlds)}, 0);
  kripke::Model fewer = full;  // a copy: the same valuation table
  kripke::WorldSet first(worlds);
  for (kripke::World w = 0; w < 100; ++w) first.set(w);
  kripke::public_announce(fewer, first);
  const kripke::FormulaPtr p = kripke::parse_formula("p");
  int computed = 0;
  const auto get = [&](const kripke::model_lang::AtomCache& cache, const kripke::Model& m) {
    return cache.get(*p, m, [&] {
      ++computed;
      return kripke::worlds_where(m, [](std::uint32_t v) { return v % 3 == 0; });
    });
  };
  const auto expected = [](const kripke::Model& m) {
    return kripke::worlds_where(m, [](std::uint32_t v) { return v % 3 == 0; });
  };
  const kripke::model_lang::AtomCache cache;
  CHECK(get(cache, fewer) == expected(fewer));
  CHECK(get(cache, fewer) == expected(fewer));
  CHECK(computed == 1);
  // More worlds alive than it was computed over: computed again.
  CHECK(get(cache, full) == expected(full));
  CHECK(computed == 2);
  CHECK(get(cache, fewer) == expected(fewer));
  CHECK(computed == 2);
  // Another model, the same worlds, another valuation: its own table.
  std::vector<std::uint32_t> shifted(worlds);
  for (std::size_t w = 0; w < worlds; ++w) shifted[w] = std::uint32_t((w + 1) % worlds);
  const kripke::Model other({kripke::Partition::universal(worlds)}, 0, shifted);
  CHECK(get(cache, other) == expected(other));
  CHECK(computed == 3);
}

TEST_CASE(
    "[game-language] a definition inside an announcement is evaluated over the worlds the "
    "announcement keeps") {
  // everyone_knows is Kw{c1} muddy(c1) & ... & Kw{c5} muddy(c5): after announcing the whole
  // deal, everyone knows, at the one world left. Written out or by name: the same.
  const std::string config = source_path("configs/games/muddy-children.json");
  const std::string deal = "muddy(c1) & muddy(c2) & muddy(c3) & muddy(c4) & muddy(c5)";
  std::string written = "Kw{c1} muddy(c1)";
  for (int i = 2; i <= 5; ++i)
    written += " & Kw{c" + std::to_string(i) + "} muddy(c" + std::to_string(i) + ")";
  for (const std::string op : {"<!", "[!"}) {
    const std::string close = op == "<!" ? "> " : "] ";
    const CliResult named =
        run_cli({"check", config, "--count", op + deal + close + "everyone_knows"});
    const CliResult out =
        run_cli({"check", config, "--count", op + deal + close + "(" + written + ")"});
    INFO(named.err << out.err);
    CHECK(named.exit_code == 0);
    CHECK(named.out == out.out);
  }
  const CliResult named = run_cli({"check", config, "--count", "<!" + deal + "> everyone_knows"});
  CHECK(named.out == "1\n");
}

TEST_CASE(
    "[game-language] a simultaneous round of secret moves: no seat sees another's move "
    "or the round's update") {
  // Each player secretly flips its own coin or leaves it: the others know that each made a
  // move, not which. The round's update names every move, so it goes to those who see them
  // all: nobody.
  kripke::Json agents = kripke::Json::array();
  for (const char* name : {"a", "b", "c"})
    agents.push_back({{"name", name}, {"observes", {"p(me)"}}});
  const kripke::Json secret = {{"seen_by", {"i"}}, {"others_see", "that a move was made"}};
  kripke::Json flip = {{"name", "flip"}, {"parameters", {"i"}}, {"post", {{"p(i)", "~p(i)"}}}};
  kripke::Json stay = {{"name", "stay"}, {"parameters", {"i"}}, {"post", {{"p(i)", "p(i)"}}}};
  flip.update(secret);
  stay.update(secret);
  kripke::GameConfig config = language_config({{"agents", agents},
                                               {"variables", {{{"name", "p"}, {"of", {"agents"}}}}},
                                               {"moves", {flip, stay}},
                                               {"turns", "simultaneous"}});
  config.max_turns = 3;
  const kripke::game_lang::LanguageGame game(config);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    EventRecorder events;
    const kripke::GameResult result = kripke::run_game(game, seed, events);
    REQUIRE(result.turns == 3);
    REQUIRE(events.records("move").size() == 9);
    kripke::NullSink quiet;
    kripke::GameRunner viewer(game, seed, quiet);
    for (const kripke::Event& e : events.events) {
      if (!e.record.is_object()) continue;
      const std::string kind = e.record["event"];
      for (kripke::Agent seat = 0; seat < 3; ++seat) {
        INFO("seed " << seed << ", seat " << seat << ": " << e.record.dump());
        const auto view = viewer.play().seat_view(e, seat);
        if (kind == "update" && e.record["turn"].get<int>() > 0) {
          REQUIRE(view);
          CHECK(e.record["audience"].empty());
          CHECK_FALSE(view->contains("text"));
          CHECK_FALSE(view->contains("formula"));
          CHECK_FALSE(view->dump().find("flip") != std::string::npos);
          CHECK_FALSE(view->dump().find("stay") != std::string::npos);
        }
        if (kind == "move") {
          REQUIRE(view);
          const bool own = e.record["agent"] == seat + 1;
          CHECK(view->contains("move") == own);
          CHECK((view->dump().find("flip") != std::string::npos ||
                 view->dump().find("stay") != std::string::npos) == own);
        }
      }
    }
  }
}

namespace {

// The built-in small Clue: 4 weapons, 4 suspects, 3 players with 2 cards.
kripke::GameConfig builtin_small_clue(bool shortcut, const kripke::Json& agents = nullptr) {
  kripke::GameConfig c;
  c.game = "clue";
  c.engine = "explicit";
  c.rules = {{"weapons", {"candle", "dagger", "rope", "wrench"}},
             {"semantics", shortcut ? "shortcut" : "product"}};
  if (!agents.is_null()) c.agents = agents;
  return c;
}

// A built-in Clue move record as the language's move: the suggestion, asker and answerer,
// and the card the answerer showed (or "neither").
kripke::Json language_clue_move(const kripke::LogRecord& m) {
  const kripke::Json suggestion = m["suggestion"];
  const kripke::Json shown = m["shown"];
  return {{"move", "suggest"},
          {"w", suggestion[0]},
          {"s", suggestion[1]},
          {"i", "p" + std::to_string(m["agent"].get<int>())},
          {"j", "p" + std::to_string(m["asked"][0].get<int>())},
          {"event", shown.is_null()          ? "neither"
                    : shown == suggestion[0] ? "show_weapon"
                                             : "show_suspect"}};
}

// Per turn, the knowledge after the turn's last update (the built-in "shortcut" makes two
// updates of a shown card, the language one).
std::vector<Step> after_each_turn(const EventRecorder& run) {
  std::vector<Step> out;
  const auto updates = run.records("update");
  const std::vector<Step> steps = trajectory(run);
  for (std::size_t u = 0; u < updates.size(); ++u) {
    const int turn = updates[u]["turn"].get<int>();
    if (turn == 0) continue;
    if (u + 1 < updates.size() && updates[u + 1]["turn"].get<int>() == turn) continue;
    Step last = steps[u];
    last.worlds = last.worlds[1];  // after
    out.push_back(std::move(last));
  }
  return out;
}

// 100 seeded built-in games of small Clue, each suggestion made again in the language from
// the same deal with the card the built-in answerer showed.
void replay_small_clue(bool shortcut) {
  const kripke::clue::ClueGame builtin(builtin_small_clue(shortcut));
  kripke::game_lang::SmallClueDeck deck;
  deck.shortcut = shortcut;
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    EventRecorder expected;
    const kripke::GameResult b = kripke::run_game(builtin, seed, expected);
    INFO("seed " << seed << ", deal " << b.deal.dump());
    const kripke::game_lang::LanguageGame language(
        language_config(kripke::game_lang::small_clue_rules(deck, b.deal["hands"])));
    EventRecorder got;
    kripke::GameRunner runner(language, seed, got);
    runner.start();
    // The players' knowledge of their hands: the built-in game's setup, the language's start.
    const kripke::LogRecord start = got.records("start").front();
    const kripke::LogRecord setup = expected.records("update")[2];  // player 3 looks last
    for (std::size_t p = 0; p < 3; ++p) {
      CHECK(start["model"][p]["possible"] == setup["agents"][p]["possible"]);
      CHECK(start["model"][p]["relations"] == setup["agents"][p]["relations"]);
    }
    const auto moves = expected.records("move");
    for (std::size_t t = 0; t < moves.size(); ++t)
      runner.scripted_turn(language_clue_move(moves[t]), "/moves/" + std::to_string(t));
    REQUIRE(!trajectory(expected, 1).empty());
    if (shortcut)
      CHECK(after_each_turn(got) == after_each_turn(expected));
    else
      CHECK(trajectory(got, 1) == trajectory(expected, 1));
    CHECK(runner.result().winners == b.winners);
    CHECK(runner.result().turns == b.turns);
  }
}

// A built-in small-Clue game of `seed` made again in the language, from its deal, with
// `agents` at the language's seats: `before` sees the language's play and each built-in
// move (its record, and the language's move with the card shown) before it is made.
void replay_clue_moves(
    const kripke::clue::ClueGame& builtin, std::uint64_t seed, const kripke::Json& agents,
    const std::function<void(const kripke::game_lang::LanguagePlay&, const kripke::LogRecord&,
                             const kripke::Json&)>& before) {
  EventRecorder expected;
  (void)kripke::run_game(builtin, seed, expected);
  kripke::GameConfig config = language_config(
      kripke::game_lang::small_clue_rules({}, expected.records("start").front()["deal"]["hands"]));
  config.agents = agents;
  const kripke::game_lang::LanguageGame language(config);
  kripke::NullSink quiet;
  kripke::GameRunner runner(language, seed, quiet);
  runner.start();
  const auto& play = dynamic_cast<const kripke::game_lang::LanguagePlay&>(runner.play());
  const auto moves = expected.records("move");
  for (std::size_t t = 0; t < moves.size(); ++t) {
    const kripke::Json move = language_clue_move(moves[t]);
    before(play, moves[t], move);
    runner.scripted_turn(move, "/moves/" + std::to_string(t));
  }
}

}  // namespace

TEST_CASE(
    "[game-language] small Clue in the language: the built-in game's knowledge, update for "
    "update, in 100 seeded games replayed move for move") {
  replay_small_clue(false);
  // The bundled config is these rules, without a fixed deal.
  const kripke::Json bundled =
      kripke::Json::parse(read_file(source_path("configs/games/small-clue.json")));
  CHECK(bundled["rules"] == kripke::game_lang::small_clue_rules());
}

TEST_CASE(
    "[game-language] small Clue with the shortcut semantics in the language: the built-in "
    "game's knowledge after every turn of 100 seeded games") {
  replay_small_clue(true);
  kripke::game_lang::SmallClueDeck shortcut;
  shortcut.shortcut = true;
  const kripke::Json bundled =
      kripke::Json::parse(read_file(source_path("configs/games/small-clue-shortcut.json")));
  CHECK(bundled["rules"] == kripke::game_lang::small_clue_rules(shortcut));
}

TEST_CASE(
    "[game-language] info-gain in small Clue chooses what the built-in info-gain agent "
    "chooses: the same best suggestions, at every turn of 30 seeded games") {
  const kripke::GameConfig builtin_config = builtin_small_clue(
      false,
      kripke::Json::array(
          {{{"strategy", "info-gain"}}, {{"strategy", "random"}}, {{"strategy", "random"}}}));
  const kripke::clue::ClueGame builtin(builtin_config);
  int turns_compared = 0;  // about each card, whether it is in the envelope
  const kripke::Json agents =
      kripke::Json::array({{{"agent", "p1"}, {"strategy", "info-gain"}, {"about", "envelope(_)"}}});
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    INFO("seed " << seed);
    replay_clue_moves(builtin, seed, agents,
                      [&](const kripke::game_lang::LanguagePlay& play, const kripke::LogRecord& m,
                          const kripke::Json& move) {
                        if (m["agent"] != 1) return;
                        // The best suggestions in the language: as many as the built-in
                        // agent's ties, and its choice among them.
                        std::vector<kripke::Json> best;
                        for (std::size_t k : play.candidates(0, play.allowed(0)))
                          best.push_back(play.rules().instance_json(play.instances()[k]));
                        INFO("turn " << m["turn"] << ": " << move.dump());
                        CHECK(best.size() == m["reason"]["tied"].get<std::size_t>());
                        kripke::Json made = move;
                        made.erase("event");
                        CHECK(std::find(best.begin(), best.end(), made) != best.end());
                        ++turns_compared;
                      });
  }
  CHECK(turns_compared > 60);
}

TEST_CASE(
    "[game-language] the strategies of small Clue: the built-in game's and the language's "
    "batches agree") {
  // docs/results/clue-language.md: player 1 random, not-own, info-gain against two random
  // players, 1000 games each, in both games.
  TempDir dir;
  const auto summary = [&](const std::string& config) {
    const std::string out = dir.file(config + ".json");
    const CliResult r = run_cli({"batch", source_path("configs/experiments/" + config + ".json"),
                                 "--jobs", "2", "--no-progress", "--out", out});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return kripke::Json::parse(read_file(out))["summary"]["conditions"];
  };
  const kripke::Json builtin = summary("clue-small-strategies");
  const kripke::Json language = summary("small-clue-language-strategies");
  REQUIRE(builtin.size() == 3);
  REQUIRE(language.size() == 3);
  for (std::size_t c = 0; c < 3; ++c) {
    INFO(builtin[c]["name"]);
    CHECK(builtin[c]["name"] == language[c]["name"]);
    const double b = builtin[c]["seat_win_share"][0], l = language[c]["seat_win_share"][0];
    CHECK(std::abs(b - l) < 0.05);
    const double bt = builtin[c]["turns"]["mean"], lt = language[c]["turns"]["mean"];
    CHECK(std::abs(bt - lt) < 0.3);
  }
  // The strategies matter: info-gain wins more than random, in both.
  CHECK(builtin[2]["seat_win_share"][0].get<double>() >
        builtin[0]["seat_win_share"][0].get<double>() + 0.1);
  CHECK(language[2]["seat_win_share"][0].get<double>() >
        language[0]["seat_win_share"][0].get<double>() + 0.1);
}

TEST_CASE(
    "[game-language] an answerer that shows the card telling the asker least: the built-in "
    "min-leak policy's choice, in 100 seeded games") {
  const kripke::Json min_leak = {{"strategy", "random"}, {"show", "min-leak"}};
  const kripke::clue::ClueGame builtin(
      builtin_small_clue(false, kripke::Json::array({min_leak, min_leak, min_leak})));
  int choices = 0, decided = 0;
  const kripke::Json agents =
      kripke::Json::array({{{"strategy", "random"}, {"events", "least-telling"}}});
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    INFO("seed " << seed);
    replay_clue_moves(
        builtin, seed, agents,
        [&](const kripke::game_lang::LanguagePlay& play, const kripke::LogRecord& m,
            const kripke::Json& move) {
          kripke::Json instance = move;
          instance.erase("event");
          std::size_t k = 0;
          while (play.rules().instance_json(play.instances()[k]) != instance) ++k;
          const std::vector<std::size_t> possible = play.possible_events(k);
          if (possible.size() < 2) return;
          // The answerer holds both cards: its choice is among the least telling.
          std::vector<std::string> best;
          for (std::size_t e : play.least_telling_events(k, possible))
            best.push_back(play.rules().moves()[play.instances()[k].move].events[e].name);
          INFO("turn " << m["turn"] << ": " << move.dump());
          CHECK(std::find(best.begin(), best.end(), move["event"]) != best.end());
          ++choices;
          decided += best.size() == 1;  // one card told the asker less
        });
  }
  CHECK(choices > 10);
  CHECK(decided > 5);
}
