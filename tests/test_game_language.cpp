// The game language (docs/game-language.md): games written in a config, played by generic
// agents, their move sequences counted; gossip written in it, checked against a direct count
// of call sequences and against the knowledge GoMoChe's README reports.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "event_recorder.hpp"
#include "games/catalog.hpp"
#include "input/config_file.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/game_lang/gossip.hpp"
#include "kripke/game_lang/language_game.hpp"
#include "kripke/game_lang/move_sequences.hpp"
#include "kripke/game_lang/planner.hpp"
#include "kripke/game_loop.hpp"

using namespace kripke_test;
using kripke::game_lang::CallsSeen;
using kripke::game_lang::GossipGraph;

namespace {

kripke::GameConfig gossip_config(const GossipGraph& g, CallsSeen seen, const std::string& guard) {
  kripke::GameConfig c;
  c.game = "model";
  c.engine = "explicit";
  c.rules = kripke::game_lang::gossip_rules(g, seen, guard.find("C(") != std::string::npos);
  c.agents = kripke::Json::array({{{"strategy", "protocol"}, {"guards", {{"call", guard}}}}});
  return c;
}

std::unique_ptr<kripke::game_lang::LanguagePlay> started(
    const kripke::game_lang::LanguageGame& game) {
  return kripke::game_lang::started_language_play(game, 1, "the test plays");
}

kripke::game_lang::SequenceCount count(const GossipGraph& g, CallsSeen seen,
                                       const std::string& guard, bool facts_only = true) {
  const kripke::game_lang::LanguageGame game(gossip_config(g, seen, guard));
  auto play = started(game);
  return kripke::game_lang::SequenceCounter(*play, 100, facts_only).count();
}

// The reference: call sequences counted directly on the graph's numbers and secrets, with
// the protocol's guard a function of the state (no knowledge needed for LNS and ANY-free
// protocols).
struct Direct {
  std::uint64_t successful = 0, unsuccessful = 0;
};
using Rows = std::vector<std::uint32_t>;  // per agent, a bit per agent
void direct_count(Rows n, Rows s,
                  const std::function<bool(const Rows&, const Rows&, int, int)>& may, int depth,
                  Direct& out) {
  const int agents = int(n.size());
  bool moved = false;
  for (int i = 0; i < agents; ++i)
    for (int j = 0; j < agents; ++j) {
      if (i == j || !(n[std::size_t(i)] >> j & 1U) || !may(n, s, i, j)) continue;
      moved = true;
      Rows n2 = n, s2 = s;
      n2[std::size_t(i)] = n2[std::size_t(j)] = n[std::size_t(i)] | n[std::size_t(j)];
      s2[std::size_t(i)] = s2[std::size_t(j)] = s[std::size_t(i)] | s[std::size_t(j)];
      direct_count(n2, s2, may, depth + 1, out);
    }
  if (moved || depth == 0) return;
  const std::uint32_t all = (1U << agents) - 1;
  bool experts = true;
  for (std::uint32_t row : s) experts = experts && row == all;
  ++(experts ? out.successful : out.unsuccessful);
}

Direct direct_lns(const GossipGraph& g) {
  Rows n(g.size(), 0), s(g.size(), 0);
  for (std::size_t x = 0; x < g.size(); ++x)
    for (std::size_t y = 0; y < g.size(); ++y) {
      if (g.numbers[x][y]) n[x] |= 1U << y;
      if (g.secrets[x][y]) s[x] |= 1U << y;
    }
  Direct out;
  direct_count(
      n, s,
      [](const Rows&, const Rows& sec, int i, int j) { return !(sec[std::size_t(i)] >> j & 1U); },
      0, out);
  return out;
}

// Every graph of `agents` agents in which each knows its own secret only: each agent's
// numbers any subset of the others'.
std::vector<GossipGraph> every_initial_graph(std::size_t agents) {
  std::vector<GossipGraph> out;
  const std::size_t choices = std::size_t(1) << (agents - 1);
  std::size_t total = 1;
  for (std::size_t k = 0; k < agents; ++k) total *= choices;
  for (std::size_t code = 0; code < total; ++code) {
    GossipGraph g;
    g.numbers.assign(agents, std::vector<bool>(agents, false));
    g.secrets.assign(agents, std::vector<bool>(agents, false));
    std::size_t rest = code;
    for (std::size_t x = 0; x < agents; ++x) {
      const std::size_t others = rest % choices;
      rest /= choices;
      g.numbers[x][x] = g.secrets[x][x] = true;
      std::size_t bit = 0;
      for (std::size_t y = 0; y < agents; ++y)
        if (y != x) g.numbers[x][y] = (others >> bit++) & 1U;
    }
    out.push_back(std::move(g));
  }
  return out;
}

bool holds_after(const std::string& graph, const std::vector<std::pair<int, int>>& calls,
                 CallsSeen seen, const std::string& formula) {
  const kripke::game_lang::LanguageGame game(
      gossip_config(kripke::game_lang::read_gossip_graph(graph, "/rules/graph"), seen, "true"));
  auto play = started(game);
  for (const auto& [i, j] : calls)
    play->scripted_move({{"move", "call"},
                         {"i", kripke::game_lang::gossip_agent(std::size_t(i))},
                         {"j", kripke::game_lang::gossip_agent(std::size_t(j))}},
                        "/script");
  return play->holds(*kripke::parse_formula(formula));
}

}  // namespace

TEST_CASE(
    "[game-language] GoMoChe's examples: LNS on three agents 3 and 2, on 01-12-231-3 I4 57 and "
    "20") {
  // The bundled configs, as `kripkesim sequences` reads them.
  for (const auto& [file, successful, unsuccessful] :
       std::vector<std::tuple<std::string, std::uint64_t, std::uint64_t>>{
           {"configs/games/gossip-three.json", 3, 2}, {"configs/games/gossip-four.json", 57, 20}}) {
    INFO(file);
    const CliResult r = run_cli({"sequences", source_path(file), "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const kripke::Json counted = kripke::Json::parse(r.out);
    CHECK(counted["successful"] == successful);
    CHECK(counted["unsuccessful"] == unsuccessful);
  }
  // The graph notation, and the same counts whoever observes the calls, on the whole model.
  const GossipGraph four = kripke::game_lang::read_gossip_graph("01-12-231-3 I4", "/graph");
  CHECK(kripke::game_lang::gossip_graph_text(four) == "01-12-123-3 I4");
  for (CallsSeen seen : {CallsSeen::ByEveryone, CallsSeen::AsACall}) {
    const auto c = count(four, seen, "~S(i, j)", /*facts_only=*/false);
    CHECK(c.successful == 57);
    CHECK(c.unsuccessful == 20);
  }
}

TEST_CASE(
    "[game-language] LNS sequences agree with a direct count on every graph of 3 agents, sampled "
    "graphs of 4") {
  std::size_t checked = 0;
  for (const GossipGraph& g : every_initial_graph(3)) {
    INFO(kripke::game_lang::gossip_graph_text(g));
    const Direct expected = direct_lns(g);
    const auto c = count(g, CallsSeen::AsACall, "~S(i, j)");
    CHECK(c.successful == expected.successful);
    CHECK(c.unsuccessful == expected.unsuccessful);
    // The whole model (knowledge and all) counts the same as the facts alone.
    const auto whole = count(g, CallsSeen::AsACall, "~S(i, j)", false);
    CHECK(whole.successful == expected.successful);
    CHECK(whole.unsuccessful == expected.unsuccessful);
    ++checked;
  }
  CHECK(checked == 64);
  const std::vector<GossipGraph> fours = every_initial_graph(4);
  std::mt19937_64 pick(2026);
  for (int k = 0; k < 60; ++k) {
    const GossipGraph& g = fours[std::size_t(pick() % fours.size())];
    INFO(kripke::game_lang::gossip_graph_text(g));
    const Direct expected = direct_lns(g);
    const auto c = count(g, CallsSeen::ByCallersOnly, "~S(i, j)");
    CHECK(c.successful == expected.successful);
    CHECK(c.unsuccessful == expected.unsuccessful);
  }
}

TEST_CASE(
    "[game-language] gossip knowledge: GoMoChe's README evaluations, and who notices a call") {
  // threeExample: a knows b's number, b and c each other's. After a calls b, c (not in the
  // call, but noticing one) knows it was a's call to b: the only call without c.
  const std::string three = "01-12-12 I3";
  CHECK(holds_after(three, {{0, 1}}, CallsSeen::AsACall, "S(b, a)"));
  CHECK_FALSE(holds_after(three, {{0, 1}}, CallsSeen::AsACall, "S(b, c)"));
  CHECK(holds_after(three, {{0, 1}}, CallsSeen::AsACall, "K{c} S(b, a)"));
  CHECK_FALSE(holds_after(three, {{0, 1}, {1, 2}}, CallsSeen::AsACall, "S(a, c)"));
  CHECK(holds_after(three, {{0, 1}, {1, 2}}, CallsSeen::AsACall, "S(c, a)"));
  // Unnoticed, the call may not have happened: c does not know.
  CHECK_FALSE(holds_after(three, {{0, 1}}, CallsSeen::ByCallersOnly, "K{c} S(b, a)"));
  CHECK(holds_after(three, {{0, 1}}, CallsSeen::ByCallersOnly, "M{c} ~S(b, a)"));
  // Callers learn each other's secrets and numbers, and know it.
  CHECK(holds_after(three, {{0, 1}}, CallsSeen::ByCallersOnly, "K{a} (S(a, b) & N(a, c))"));
  // After b calls c on the complete graph of three with calls seen by everyone, a knows
  // that b and c are not experts: nobody has a's secret.
  CHECK(holds_after("T3 I3", {{1, 2}}, CallsSeen::ByEveryone, "K{a} (~expert(b) & ~expert(c))"));
}

TEST_CASE("[game-language] a play: the protocol's moves, the log's records and the seats' views") {
  const auto game = kripkesim::load_game(source_path("configs/games/gossip-three.json"));
  EventRecorder events;
  const kripke::GameResult result = kripke::run_game(*game, 1, events);
  // LNS on the three-agent example ends with everyone an expert or stuck; each move is a
  // call whose caller did not know the callee's secret.
  CHECK((result.reason == kripke::EndReason::Win || result.reason == kripke::EndReason::Stalled));
  const auto moves = events.records("move");
  REQUIRE(!moves.empty());
  for (const kripke::LogRecord& m : moves) {
    CHECK(m["move"]["move"] == "call");
    CHECK(m.contains("seen_by"));
  }
  // A player outside a call sees neither who called nor the update's text.
  kripke::NullSink quiet;
  kripke::GameRunner viewer(*game, 1, quiet);
  for (const kripke::Event& e : events.events) {
    if (e.record.is_object() && e.record["event"] == "update") {
      // The update's audience is the callers: the others get neither its text, its formula
      // nor their counts, only that the callers learn something.
      for (kripke::Agent seat = 0; seat < 3; ++seat) {
        const auto view = viewer.play().seat_view(e, seat);
        REQUIRE(view);
        bool heard = false;
        for (const kripke::LogRecord& a : e.record["audience"]) heard = heard || a == seat + 1;
        CHECK(view->contains("text") == heard);
        CHECK(view->contains("formula") == heard);
        CHECK(view->contains("you") == heard);
      }
    }
    if (!e.record.is_object() || e.record["event"] != "move") continue;
    for (kripke::Agent seat = 0; seat < 3; ++seat) {
      const auto view = viewer.play().seat_view(e, seat);
      REQUIRE(view);
      bool party = false;
      for (const kripke::LogRecord& a : e.record["seen_by"]) party = party || a == seat + 1;
      CHECK(view->contains("move") == party);
      CHECK(view->contains("agent") == party);
    }
  }
}

TEST_CASE("[game-language] bad rules and moves exit 2 with the JSON pointer") {
  TempDir dir;
  const kripke::Json base =
      kripkesim::read_json_file(source_path("configs/games/gossip-three.json"));
  struct Case {
    std::function<void(kripke::Json&)> edit;
    std::string pointer, words;
  };
  const std::vector<Case> cases = {
      {[](kripke::Json& c) {
         c["rules"]["moves"][0]["seen_by"] = {"i", "k"};
       },
       "/rules/moves/0/seen_by/1", "'k' is not a parameter of call"},
      {[](kripke::Json& c) { c["rules"]["moves"][0]["legal"] = "N(i, j) &"; },
       "/rules/moves/0/legal", "N(i, j) &"},
      {[](kripke::Json& c) { c["rules"]["variables"][1]["initially_true"] = {"a,z"}; },
       "/rules/variables/1/initially_true/0", "unknown agent 'z'"},
      {[](kripke::Json& c) {
         c["agents"][0]["guards"] = {{"dial", "true"}};
       },
       "/agents/0/guards/dial", "'dial' is not a move"},
      {[](kripke::Json& c) {
         c["rules"]["moves"][0]["parameters"] = {"i", "a"};
       },
       "/rules/moves/0/parameters/1", "a parameter is a new word"},
      {[](kripke::Json& c) { c["rules"]["win"] = "expert(a, b)"; }, "/rules/win",
       "expert takes 1 argument(s), not 2"},
      {[](kripke::Json& c) {
         c["rules"]["moves"][0]["post"] = {{"T(i, _)", true}};
       },
       "/rules/moves/0/post", "T(a,a)"},
      // Nobody knows a number, and no move spreads numbers: no call is ever legal.
      {[](kripke::Json& c) {
         c["rules"]["variables"][1]["initially_true"] = kripke::Json::array();
         c["rules"]["moves"][0]["post"] = {{"S(i, _)", "S(i, _) | S(j, _)"}};
       },
       "/rules/moves/0/legal", "the move call can never be legal"},
  };
  for (std::size_t k = 0; k < cases.size(); ++k) {
    kripke::Json config = base;
    cases[k].edit(config);
    const std::string file = (dir.path() / ("bad" + std::to_string(k) + ".json")).string();
    write_file(file, config.dump());
    const CliResult r = run_cli({"run", file});
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(cases[k].pointer) != std::string::npos);
    CHECK(r.err.find(cases[k].words) != std::string::npos);
  }
}

TEST_CASE(
    "[game-language] gossip counts agree with GoMoChe's on every initial graph of 3 and 4 agents") {
  // tests/data/gomoche/K-PROTOCOL.tsv: GoMoChe's statistics over its allInits K, written by
  // scripts/compare-gomoche.sh --test-data (graph, successful, unsuccessful per line).
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"3-lns", "LNS"}, {"3-cmo", "CO"}, {"3-pig", "PIG"}, {"4-lns", "LNS"}};
  for (const auto& [name, protocol] : cases) {
    INFO(name);
    TempDir dir;
    std::vector<std::array<std::string, 3>> expected;
    std::istringstream lines(read_file(source_path("tests/data/gomoche/" + name + ".tsv")));
    for (std::string line; std::getline(lines, line);) {
      std::array<std::string, 3> fields;
      std::istringstream cells(line);
      for (std::string& f : fields) std::getline(cells, f, '\t');
      char file[16];
      std::snprintf(file, sizeof file, "%05zu.json", expected.size());
      write_file(dir.path() / file,
                 kripke::Json({{"game", "gossip"},
                               {"rules", {{"graph", fields[0]}, {"calls_seen", "as a call"}}},
                               {"agents", {{{"protocol", protocol}}}}})
                     .dump());
      expected.push_back(fields);
    }
    REQUIRE(expected.size() == (name[0] == '3' ? 64U : 4096U));
    const CliResult r = run_cli({"sequences", "--format", "json", dir.path().string()});
    REQUIRE(r.exit_code == 0);
    std::istringstream counted(r.out);
    std::size_t k = 0;
    for (std::string line; std::getline(counted, line); ++k) {
      REQUIRE(k < expected.size());
      const kripke::Json c = kripke::Json::parse(line);
      INFO(expected[k][0]);
      CHECK(c["successful"] == std::stoull(expected[k][1]));
      CHECK(c["unsuccessful"] == std::stoull(expected[k][2]));
    }
    CHECK(k == expected.size());
  }
}

TEST_CASE(
    "[game-language] plan: the classical minimum of calls, 3 for n = 3 and 2n - 4 from n = 4") {
  TempDir dir;
  for (int n = 3; n <= 5; ++n) {
    INFO(n << " agents");
    const std::string file = (dir.path() / ("gossip-" + std::to_string(n) + ".json")).string();
    const std::string graph = "T" + std::to_string(n) + " I" + std::to_string(n);
    write_file(file, kripke::Json({{"game", "gossip"},
                                   {"rules", {{"graph", graph}, {"calls_seen", "by everyone"}}}})
                         .dump());
    const std::size_t minimum = n == 3 ? 3 : std::size_t(2 * n - 4);
    const CliResult r = run_cli({"plan", file, "--goal", "all_experts", "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const kripke::Json plan = kripke::Json::parse(r.out);
    CHECK(plan["found"] == true);
    CHECK(plan["moves"].size() == minimum);
    for (const auto& [name, value] : plan["after"].items()) CHECK(value == true);
    // None shorter: a search one move shallower finds nothing (exit 1).
    const CliResult shorter = run_cli(
        {"plan", file, "--goal", "all_experts", "--max-depth", std::to_string(minimum - 1)});
    CHECK(shorter.exit_code == 1);
    CHECK_THAT(shorter.out, Catch::Contains("no plan of " + std::to_string(minimum - 1)));
  }
}

TEST_CASE("[game-language] plan on models: an epistemic goal, its plan replayed, limits held") {
  // Everyone knowing that everyone is an expert, when only the callers see a call: the plan
  // found is played again as a scenario would, and the goal then holds.
  const std::string graph = "T3 I3";
  const GossipGraph g = kripke::game_lang::read_gossip_graph(graph, "/graph");
  const kripke::game_lang::LanguageGame game(gossip_config(g, CallsSeen::ByCallersOnly, "true"));
  const kripke::FormulaPtr goal =
      kripke::parse_formula("K{a} all_experts & K{b} all_experts & K{c} all_experts");
  auto search = started(game);
  const kripke::game_lang::Plan plan =
      kripke::game_lang::Planner(*search, goal, 8, game.config().limits()).search();
  REQUIRE(plan.found);
  CHECK(plan.steps.size() >= 3);  // the facts alone need 3 calls
  auto replay = started(game);
  for (const std::vector<std::size_t>& step : plan.steps) {
    CHECK_FALSE(replay->holds(*replay->expanded(goal)));
    REQUIRE(step.size() == 1);  // one call a step
    replay->make(step.front());
  }
  CHECK(replay->holds(*replay->expanded(goal)));
  // The same search with room for a few positions' worlds only stops with the limit's message.
  kripke::WorldLimits tight = game.config().limits();
  tight.max_worlds = 200;
  auto limited = started(game);
  CHECK_THROWS_WITH(kripke::game_lang::Planner(*limited, goal, 8, tight).search(),
                    Catch::Contains("max_worlds"));
}

TEST_CASE("[game-language] people and programs take seats in games written in the language") {
  // A person at seat 1 of classical gossip types calls; a program plays seat 3.
  const CliResult person =
      run_cli_with_input({"play", source_path("configs/gossip.json"), "--seat", "1", "--seed", "1"},
                         "table\ncall z\ncall b\n\ncall c\n\ncall d\n\nquit\n");
  INFO(person.out << person.err);
  CHECK(person.exit_code == 0);
  CHECK_THAT(person.out, Catch::Contains("You are a. You see: S(a,b) = false"));
  CHECK_THAT(person.out, Catch::Contains("You know: S(a,b) = false"));
  CHECK_THAT(person.out, Catch::Contains("no agent 'z'"));  // call z
  CHECK_THAT(person.out, Catch::Contains("a: call(a, b)"));
  CHECK_THAT(person.out, Catch::Contains("(a at the keyboard)"));
  const CliResult program =
      run_cli({"run", source_path("configs/games/gossip-three.json"), "--program",
               "3=python3 " + source_path("examples/agents/first_legal.py")});
  INFO(program.err);
  CHECK(program.exit_code == 0);
  CHECK_THAT(program.out, Catch::Contains("=== end after"));
  // The hint: for each legal move, the worlds each outcome would leave. p1 holds Green and
  // Mustard (seed 2): the envelope's suspect is Scarlet or Plum, its weapon any of four,
  // and the other four cards two each: 48 worlds. Asking about its own suspect tells p1
  // only about the weapon.
  const CliResult hinted = run_cli_with_input(
      {"play", source_path("configs/games/small-clue.json"), "--seat", "1", "--seed", "2"},
      "hint\nquit\n");
  INFO(hinted.out);
  CHECK(hinted.exit_code == 0);
  CHECK_THAT(hinted.out, Catch::Contains("You consider 48 worlds possible. After each of your "
                                         "moves, by what you would see of it:"));
  CHECK_THAT(hinted.out, Catch::Contains("  suggest candle Scarlet p2: 12 or 18 or 21 (expected "
                                         "18.0)"));
  CHECK_THAT(hinted.out, Catch::Contains("  suggest candle Green p2: 18 or 30 (expected 25.5)"));
  // In simultaneous rounds each seat chooses its move for the round: the person at c1, and
  // a program at c2.
  const CliResult round = run_cli_with_input(
      {"play", source_path("configs/games/muddy-children.json"), "--seat", "1", "--seed", "3",
       "--program", "2=python3 " + source_path("examples/agents/first_legal.py")},
      "dont_know\ndont_know\ndont_know\nquit\n");
  INFO(round.out << round.err);
  CHECK(round.exit_code == 0);
  CHECK_THAT(round.out, Catch::Contains("Your move this round (dont_know)?\nc1> dont_know\nc1: "
                                        "dont_know(c1)\nc2: dont_know(c2)"));
  CHECK_THAT(round.out, Catch::Contains("*** c2, c3, c5 win ***"));
  // With "any" turns the draw says whose move it is, and a seat chooses which.
  TempDir dir;
  kripke::Json gossip = kripkesim::read_json_file(source_path("configs/gossip.json"));
  gossip["rules"]["turns"] = "any";
  const CliResult any = run_cli_with_input(
      {"play", dir.write("any.json", gossip.dump()), "--seat", "1", "--seed", "1"},
      "call(d)\nquit\n");
  INFO(any.out << any.err);
  CHECK(any.exit_code == 0);
  CHECK_THAT(any.out, Catch::Contains("Your move (call(b), call(d))?\na> call(d)\na: call(a, d)"));
  // A model without moves has no seats.
  const CliResult model =
      run_cli_with_input({"play", source_path("configs/model.json"), "--seat", "1"}, "quit\n");
  CHECK(model.exit_code == 2);
  CHECK_THAT(model.err, Catch::Contains("nobody can take a seat in a model without moves"));
}

TEST_CASE(
    "[game-language] calls drawn from everyone's allowed calls (the literature's schedule), "
    "the rules' reports in the game records") {
  // 02-01-12-0123: a knows c's number, b knows a's, c knows b's, d knows everyone's. Taken
  // round the table, LNS always strands someone; drawn from all LNS calls, most sequences
  // succeed (612 of 693 maximal sequences: kripkesim sequences, as GoMoChe counts).
  const auto wins = [](const std::string& turns) {
    kripke::GameConfig c;
    c.game = "gossip";
    c.rules = {{"graph", "02-01-12-0123 I4"}, {"calls_seen", "by everyone"}, {"turns", turns}};
    c.agents = kripke::Json::array({{{"protocol", "LNS"}}});
    const auto game = kripkesim::games().make(c);
    int won = 0;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
      kripke::NullSink quiet;
      const kripke::GameResult r = kripke::run_game(*game, seed, quiet);
      const kripke::Json& experts = r.outcome["expert"];
      const bool all = std::all_of(experts.begin(), experts.end(),
                                   [](const kripke::Json& e) { return e.get<bool>(); });
      INFO(turns << " seed " << seed);
      CHECK(all == (r.reason == kripke::EndReason::Win));
      // Calls seen by everyone: everyone knows the facts, so each knows that all are
      // experts exactly when they are.
      for (const kripke::Json& knows : r.outcome["knows all are experts"]) CHECK(knows == all);
      won += r.reason == kripke::EndReason::Win;
    }
    return won;
  };
  CHECK(wins("round-robin") == 0);
  const int any = wins("any");
  CHECK(any > 50);
  CHECK(any < 90);
}

TEST_CASE("[game-language] a game whose worlds multiply with every move is held to max_memory") {
  // Calls seen only as calls, anyone calling anyone: every call multiplies the worlds (by
  // six here), and the eighth would need 1.7 million worlds' worth of memory (about 500 MiB
  // at the 320 bytes a product world of four agents is held to).
  TempDir dir;
  const kripke::Json config = {
      {"game", "gossip"},
      {"rules", {{"graph", "T4 I4"}, {"calls_seen", "as a call"}, {"turns", "any"}}},
      {"agents", {{{"protocol", "ANY"}}}},
      {"max_memory", "256M"},
      {"seed", 2}};
  const std::string file = dir.write("growing.json", config.dump());
  const CliResult r = run_cli({"run", file, "--log", dir.file("growing.jsonl")});
  INFO(r.err);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("growing.json") && Catch::Contains("max_memory") &&
                        Catch::Contains("call("));
  CHECK_FALSE(std::filesystem::exists(dir.file("growing.jsonl")));  // no half-written log
}

TEST_CASE("[game-language] plan is held to max_memory where every position is a large model") {
  // Calls seen by the callers only and an epistemic goal: every position is a model of
  // thousands of worlds, and a search of four agents outgrows 200 MiB within seconds. It
  // stops with the limit's message before the process holds more (its positions, the
  // canonical forms it remembers and the move being made are all counted).
  TempDir dir;
  const kripke::Json config = {
      {"game", "gossip"},
      {"rules", {{"graph", "T4 I4"}, {"calls_seen", "by the callers only"}}},
      {"max_memory", "200M"}};
  const std::string file = dir.write("large.json", config.dump());
  const CliResult r =
      run_cli({"plan", file, "--goal",
               "K{a} all_experts & K{b} all_experts & K{c} all_experts & K{d} all_experts"});
  INFO(r.err);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("large.json") && Catch::Contains("already held") &&
                        Catch::Contains("max_memory = 200 MiB"));
  CHECK(r.max_rss_kib > 0);
  CHECK(r.max_rss_kib <= 200 * 1024);

  // On the facts alone the plan is replayed cut to the actual world after each move: five
  // agents' 6 calls, where the model `run` keeps after them has 1.7 million worlds (which
  // took 2.3 GB before the replay was cut, past the same config's 600M).
  const kripke::Json facts = {
      {"game", "gossip"},
      {"rules", {{"graph", "T5 I5"}, {"calls_seen", "by the callers only"}}},
      {"max_memory", "600M"}};
  const CliResult f = run_cli(
      {"plan", dir.write("facts.json", facts.dump()), "--goal", "all_experts", "--format", "json"});
  INFO(f.err);
  REQUIRE(f.exit_code == 0);
  const kripke::Json out = kripke::Json::parse(f.out);
  CHECK(out["moves"].size() == 6);  // 2n - 4
  CHECK(out["on_facts"] == true);
  CHECK_FALSE(out.contains("worlds_after"));
  CHECK(f.max_rss_kib <= 600 * 1024);
}
