// The gossip problem, written in the game language (docs/games/gossip.md). Each agent knows
// its own secret and some phone numbers (the gossip graph); a call from i to j is legal when
// i knows j's number, and after it both know every secret and every number either knew.
// Classical gossip is the complete graph; dynamic gossip spreads numbers too (van Ditmarsch,
// van Eijck, Pardo, Ramezanian and Schwarzentruber 2017).
//
// gossip_rules() writes a graph as a game in the language: families N(x, y) (x knows y's
// number; left out on the complete graph, where everyone always knows every number) and
// S(x, y) (x knows y's secret) fixed at the start by the graph; each agent observes its own
// row of both; the move call(i, j) merges the two rows; the players win
// together when everyone is an expert. Who observes a call is a parameter: everyone sees
// who calls whom, everyone notices that some call was made (its callers learn each other's
// numbers and secrets: synchronous gossip with the graph common knowledge, as in
// Gattinger's GoMoChe), or nobody but its callers notices anything.
//
// Graphs are read in the short notation of the literature and GoMoChe: "01-12-231-3 I4"
// lists, per agent, the agents whose numbers it knows (itself included), then the secrets
// ("I4": each its own); "T4" is everyone's. Agents are named a, b, c, ...
#pragma once

#include <cctype>
#include <string>
#include <vector>

#include "kripke/config_reader.hpp"
#include "kripke/errors.hpp"

namespace kripke::game_lang {

struct GossipGraph {
  std::vector<std::vector<bool>> numbers;  // numbers[x][y]: x knows y's number
  std::vector<std::vector<bool>> secrets;  // secrets[x][y]: x knows y's secret
  std::size_t size() const { return numbers.size(); }
};

// Agent k's name: a, b, c, ...
inline std::string gossip_agent(std::size_t k) { return std::string(1, char('a' + k)); }

namespace gossip_detail {

// "01-12-231-3", "I4" or "T4" as a relation; InputError at `path` otherwise.
inline std::vector<std::vector<bool>> read_relation(const std::string& text,
                                                    const std::string& path) {
  constexpr std::size_t kMaxAgents = 10;  // one digit per agent
  const auto fail = [&](const std::string& why) {
    throw InputError("'" + excerpt(text) + "' is not a gossip relation: " + why +
                         " (write each agent's list of agents, 0 for a, joined by '-', or I4 / "
                         "T4 for each its own / everyone's)",
                     path);
  };
  if (text.size() >= 2 && (text[0] == 'I' || text[0] == 'T')) {
    const std::string digits = text.substr(1);
    if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 2)
      fail("expected the number of agents after " + text.substr(0, 1));
    const std::size_t n = std::stoul(digits);
    if (n < 2 || n > kMaxAgents) fail("from 2 to 10 agents");
    std::vector<std::vector<bool>> r(n, std::vector<bool>(n, text[0] == 'T'));
    for (std::size_t k = 0; k < n; ++k) r[k][k] = true;
    return r;
  }
  std::vector<std::string> lists(1);
  for (char c : text) {
    if (c == '-') {
      lists.emplace_back();
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      lists.back() += c;
    } else {
      fail(std::string("unexpected '") + c + "'");
    }
  }
  const std::size_t n = lists.size();
  if (n < 2 || n > kMaxAgents) fail("from 2 to 10 agents");
  std::vector<std::vector<bool>> r(n, std::vector<bool>(n, false));
  for (std::size_t x = 0; x < n; ++x) {
    r[x][x] = true;
    for (char c : lists[x]) {
      const auto y = std::size_t(c - '0');
      if (y >= n) fail("agent " + std::string(1, c) + " of " + std::to_string(n));
      r[x][y] = true;
    }
  }
  return r;
}

}  // namespace gossip_detail

// A graph in the short notation: "NUMBERS SECRETS" ("01-12-231-3 I4"), or the numbers alone
// (each agent then knows its own secret).
inline GossipGraph read_gossip_graph(const std::string& text, const std::string& path) {
  const std::size_t space = text.find(' ');
  GossipGraph g;
  g.numbers = gossip_detail::read_relation(text.substr(0, space), path);
  g.secrets = space == std::string::npos
                  ? gossip_detail::read_relation("I" + std::to_string(g.numbers.size()), path)
                  : gossip_detail::read_relation(text.substr(space + 1), path);
  if (g.secrets.size() != g.numbers.size())
    throw InputError("the numbers and the secrets are of different numbers of agents", path);
  return g;
}

// The graph in the short notation, as read_gossip_graph reads it.
inline std::string gossip_graph_text(const GossipGraph& g) {
  const auto relation = [&](const std::vector<std::vector<bool>>& r) {
    bool identity = true;
    for (std::size_t x = 0; x < r.size(); ++x)
      for (std::size_t y = 0; y < r.size(); ++y) identity = identity && r[x][y] == (x == y);
    if (identity) return "I" + std::to_string(r.size());
    std::string text;
    for (std::size_t x = 0; x < r.size(); ++x) {
      if (x) text += '-';
      for (std::size_t y = 0; y < r.size(); ++y)
        if (r[x][y]) text += char('0' + y);
    }
    return text;
  };
  return relation(g.numbers) + " " + relation(g.secrets);
}

// Who observes a call.
enum class CallsSeen { ByEveryone, AsACall, ByCallersOnly };

// The protocols the gossip literature studies, as guards of the move call(i, j) for the
// `protocol` agent (which calls when it knows the guard holds):
//   ANY  any call;  LNS  learn new secrets: i does not know j's secret;
//   CO   call once: i and j have not called each other (needs the family C);
//   PIG  possible information growth: i considers it possible that one of the two knows
//        a secret the other does not (van Ditmarsch et al. 2017; epistemic).
inline const std::vector<std::pair<std::string, std::string>>& gossip_protocols() {
  static const std::vector<std::pair<std::string, std::string>> protocols = {
      {"ANY", "true"},
      {"LNS", "~S(i, j)"},
      {"CO", "~C(i, j) & ~C(j, i)"},
      {"PIG", "M{i} differ(i, j)"},
  };
  return protocols;
}

// The game's rules in the language. `called`: declare the family C(x, y) (x has called y),
// which CO's guard reads.
inline Json gossip_rules(const GossipGraph& g, CallsSeen seen, bool called = false) {
  // Classical gossip (everyone knows every number, for good): no numbers to keep.
  bool classical = true;
  for (const auto& row : g.numbers)
    for (bool known : row) classical = classical && known;
  // Each agent sees its own row of secrets and numbers, and which of its calls it made.
  Json observes = {"S(me, _)"};
  if (!classical) observes.push_back("N(me, _)");
  if (called) {
    observes.push_back("C(me, _)");
    observes.push_back("C(_, me)");
  }
  Json agents = Json::array();
  for (std::size_t k = 0; k < g.size(); ++k)
    agents.push_back({{"name", gossip_agent(k)}, {"observes", observes}});
  const auto members = [&](const std::vector<std::vector<bool>>& r) {
    Json out = Json::array();
    for (std::size_t x = 0; x < r.size(); ++x)
      for (std::size_t y = 0; y < r.size(); ++y)
        if (x != y && r[x][y]) out.push_back(gossip_agent(x) + "," + gossip_agent(y));
    return out;
  };
  Json variables = Json::array();
  variables.push_back({{"name", "S"},
                       {"of", {"agents", "agents"}},
                       {"itself", true},
                       {"initially_true", members(g.secrets)}});
  Json post = {{"S(i, _)", "S(i, _) | S(j, _)"}, {"S(j, _)", "S(i, _) | S(j, _)"}};
  Json learnt = {"S(i, _)", "S(j, _)"};
  if (!classical) {
    variables.push_back({{"name", "N"},
                         {"of", {"agents", "agents"}},
                         {"itself", true},
                         {"initially_true", members(g.numbers)}});
    post["N(i, _)"] = "N(i, _) | N(j, _)";
    post["N(j, _)"] = "N(i, _) | N(j, _)";
    learnt.push_back("N(i, _)");
    learnt.push_back("N(j, _)");
  }
  if (called) {
    variables.push_back({{"name", "C"},
                         {"of", {"agents", "agents"}},
                         {"itself", false},
                         {"initially_true", Json::array()}});
    post["C(i, j)"] = true;
  }
  Json call = {{"name", "call"},
               {"parameters", {"i", "j"}},
               {"legal", classical ? "true" : "N(i, j)"},
               {"post", post}};
  if (seen != CallsSeen::ByEveryone) {
    call["seen_by"] = {"i", "j"};
    call["others_see"] = seen == CallsSeen::AsACall ? "that a move was made" : "nothing";
    call["parties_learn"] = learnt;
  }
  return {{"agents", agents},
          {"variables", variables},
          {"definitions",
           {{"expert(x)", {{"all", "S(x, _)"}}},
            {"all_experts", {{"all", "expert(_)"}}},
            {"differ(x, y)", {{"some", "(S(x, _) & ~S(y, _)) | (~S(x, _) & S(y, _))"}}}}},
          {"moves", {call}},
          {"win", "all_experts"},
          {"report", {{"expert", "expert(me)"}, {"knows all are experts", "K{me} all_experts"}}}};
}

}  // namespace kripke::game_lang
