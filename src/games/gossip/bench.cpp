// Benchmarks of the gossip problem, as its commands run it: one game of LNS on six agents
// with its transcript and log (`kripkesim run`), the shortest plan on six agents
// (`kripkesim plan`), and the call sequences of LNS on every initial graph of four agents
// (`kripkesim sequences` over a folder of 4,096 configs).
#include "bench/bench.hpp"

#include <fmt/core.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "games/catalog.hpp"
#include "games/model/plan.hpp"
#include "games/model/sequences.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/game_loop.hpp"
#include "output/sinks.hpp"

namespace kripkesim {
namespace {

std::unique_ptr<kripke::Game> gossip(const std::string& graph, const std::string& seen) {
  kripke::GameConfig config;
  config.game = "gossip";
  config.rules = {{"graph", graph}, {"calls_seen", seen}};
  config.agents = kripke::Json::array({{{"protocol", "LNS"}}});
  return games().make(config);
}

std::vector<BenchRow> lns_game(int repeat) {
  const auto game = gossip("T6 I6", "by everyone");
  int k = 0, turns = 0;
  const Timings times = time_runs(repeat, [&] {
    TranscriptAndLog written;
    turns += kripke::run_game(*game, std::uint64_t(++k), written.sink()).turns;
  });
  return {{"LNS on the complete graph of 6 (calls seen by everyone): run, transcript and log",
           times,
           fmt::format("{:.1f} calls on average, every agent's knowledge logged; target < 50 ms",
                       double(turns) / repeat)}};
}

std::vector<BenchRow> plan_six(int repeat) {
  const auto game = gossip("T6 I6", "by everyone");
  const kripke::FormulaPtr goal = kripke::parse_formula("all_experts");
  PlanResult plan;
  const Timings times = time_runs(repeat, [&] { plan = find_plan(*game, 1, goal, 20); });
  return {{"plan: everyone an expert, complete graph of 6, calls seen by everyone", times,
           fmt::format("{} calls (2n - 4 = 8), {} positions reached; target < 10 s",
                       plan.moves.size(), plan.positions)}};
}

// Every initial graph of 4 agents: each knows its own secret and any set of the others'
// numbers (8^4 = 4,096), in the short notation.
std::vector<std::string> every_graph_of_four() {
  std::vector<std::string> out;
  for (int code = 0; code < 4096; ++code) {
    std::string graph;
    for (int x = 0; x < 4; ++x) {
      if (x) graph += '-';
      const int others = (code >> (3 * x)) & 7;
      int bit = 0;
      for (int y = 0; y < 4; ++y)
        if (y == x || ((others >> bit++) & 1)) graph += char('0' + y);
    }
    out.push_back(graph + " I4");
  }
  return out;
}

std::vector<BenchRow> sequences_four(int repeat) {
  const std::vector<std::string> graphs = every_graph_of_four();
  std::uint64_t successful = 0;
  const Timings times = time_runs(repeat, [&] {
    successful = 0;
    for (const std::string& graph : graphs) {
      // What `kripkesim sequences` does per file: the config read, the game built, counted.
      const kripke::Json config = {{"game", "gossip"},
                                   {"rules", {{"graph", graph}, {"calls_seen", "as a call"}}},
                                   {"agents", {{{"protocol", "LNS"}}}}};
      const kripke::Json read = kripke::Json::parse(config.dump());
      kripke::ObjectReader r(read, "");
      const auto game = games().make(games().read_config(r));
      successful += count_move_sequences(*game, 1).successful;
    }
  });
  return {{"sequences: LNS on every initial graph of 4 agents (4,096 games)", times,
           fmt::format("{} successful sequences in all; GoMoChe: scripts/compare-gomoche.sh",
                       successful)}};
}

}  // namespace

std::vector<BenchCase> gossip_bench_cases() {
  return {
      {"gossip-lns-6", "Gossip: one game of LNS on six agents, kripkesim run with its log", 21,
       [](int repeat) { return lns_game(repeat); }},
      {"gossip-plan-6", "Gossip: kripkesim plan on the complete graph of six agents", 3,
       [](int repeat) { return plan_six(repeat); }},
      {"gossip-sequences-4",
       "Gossip: kripkesim sequences, LNS on every initial graph of four agents", 3,
       [](int repeat) { return sequences_four(repeat); }},
  };
}

}  // namespace kripkesim
