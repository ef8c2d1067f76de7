// "game": "gossip" (docs/games/gossip.md): a gossip graph in the short notation and who
// observes a call, written as a game in the game language (gossip.hpp) and played as one;
// the players follow the protocols of the gossip literature.
//
//   {"game": "gossip", "rules": {"graph": "01-12-231-3 I4", "calls_seen": "as a call"},
//    "agents": [{"protocol": "LNS"}]}
#pragma once

#include <memory>
#include <string>
#include <utility>

#include "kripke/game.hpp"
#include "kripke/game_catalog.hpp"
#include "kripke/game_lang/gossip.hpp"
#include "kripke/game_lang/language_game.hpp"

namespace kripke::game_lang {

struct GossipSettings {
  GossipGraph graph;
  CallsSeen seen = CallsSeen::AsACall;
  std::string turns = "round-robin";  // or "any": each call drawn from every allowed call
  Json rules;                         // as the config writes them, every default filled in
  Json agents;                        // the strategies, in the game language's form
};

inline GossipSettings read_gossip(const GameConfig& c) {
  GossipSettings s;
  ObjectReader r(c.rules, "/rules");
  const std::string graph = r.string("graph", "T4 I4");
  s.graph = read_gossip_graph(graph, r.path_of("graph"));
  const std::string seen =
      r.choice("calls_seen", "as a call", {"by everyone", "as a call", "by the callers only"});
  s.seen = seen == "by everyone" ? CallsSeen::ByEveryone
           : seen == "as a call" ? CallsSeen::AsACall
                                 : CallsSeen::ByCallersOnly;
  s.turns = r.choice("turns", "round-robin", {"round-robin", "any"});
  r.done();
  s.rules = {{"graph", graph}, {"calls_seen", seen}, {"turns", s.turns}};

  // "agents": [{"protocol": "LNS"}] for everyone, or one entry per agent with "agent": "a";
  // {"strategy": "random"} calls anyone whose number it knows.
  s.agents = Json::array();
  const Json agents = c.agents.empty() ? Json::array({{{"protocol", "LNS"}}}) : c.agents;
  const Json& list = array_at(agents, "/agents");
  std::vector<std::string> names;
  for (const auto& [name, guard] : gossip_protocols()) names.push_back(name);
  for (std::size_t k = 0; k < list.size(); ++k) {
    ObjectReader a(list[k], "/agents/" + std::to_string(k));
    Json entry = Json::object();
    if (const Json* agent = a.find("agent")) entry["agent"] = *agent;
    const Json* protocol = a.find("protocol");
    const std::string strategy =
        a.choice("strategy", protocol ? "protocol" : "random", {"random", "protocol"});
    entry["strategy"] = strategy;
    if (strategy == "protocol") {
      const std::string name = protocol
                                   ? ObjectReader::string_value(*protocol, a.path_of("protocol"))
                                   : std::string("LNS");
      const auto it = std::find_if(gossip_protocols().begin(), gossip_protocols().end(),
                                   [&](const auto& p) { return p.first == name; });
      if (it == gossip_protocols().end())
        throw InputError("unknown protocol '" + excerpt(name) +
                             "' (the protocols: " + ObjectReader::join(names) + ")",
                         a.path_of("protocol"));
      entry["guards"] = {{"call", it->second}};
      entry["label"] = name;
      entry["choose"] = a.choice("choose", "random", {"random", "first"});
    } else if (protocol) {
      throw InputError("a protocol is played by the \"protocol\" strategy", a.path_of("protocol"));
    }
    a.done();
    s.agents.push_back(std::move(entry));
  }
  return s;
}

// Whether any agent's guard reads who has called whom (CO).
inline bool reads_calls(const Json& agents) {
  for (const Json& a : agents)
    if (a.contains("guards") &&
        a["guards"]["call"].get<std::string>().find("C(") != std::string::npos)
      return true;
  return false;
}

// Gossip is a game written in the language: the rules are written from the config's graph
// and protocols, and played as any such game (on either engine).
class GossipGame final : public LanguageGame {
 public:
  explicit GossipGame(GameConfig config) : GossipGame(checked_settings(config), config) {}

  Json rules() const override { return settings_.rules; }

 private:
  GossipGame(GossipSettings settings, GameConfig config)
      : LanguageGame(std::move(config), language_rules(settings), settings.agents),
        settings_(std::move(settings)) {}

  static GossipSettings checked_settings(const GameConfig& config) {
    GossipSettings settings = read_gossip(config);
    if (!config.deal.is_null())
      throw InputError("gossip has no deal: the graph is the rules' \"graph\"", "/deal");
    return settings;
  }
  static Json language_rules(const GossipSettings& settings) {
    Json rules = gossip_rules(settings.graph, settings.seen, reads_calls(settings.agents));
    rules["turns"] = settings.turns;
    return rules;
  }

  GossipSettings settings_;
};

inline GameInfo gossip_game_info() {
  std::vector<std::string> strategies = {"random"};
  for (const auto& [name, guard] : gossip_protocols()) strategies.push_back(name);
  return {"gossip",
          "the gossip problem, classical and dynamic: calls spread secrets (and numbers); "
          "protocols ANY, LNS, CO, PIG; written in the game language",
          strategies, [](GameConfig c) { return std::make_unique<GossipGame>(std::move(c)); },
          true};
}

}  // namespace kripke::game_lang
