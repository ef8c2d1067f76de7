// Sleuth (docs/games/sleuth.md, Elderman & Steging): the game as kripkesim runs it. Reads the
// rules, the agents ({"strategy": "seed" | "random" | "info-gain", "engine": "exact" | "rules"})
// and an optional fixed deal ({"hidden": "RDS", "hands": [["GOP", ...], ...]}); starts plays.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "kripke/game.hpp"
#include "kripke/game_catalog.hpp"
#include "kripke/games/sleuth/play.hpp"

namespace kripke::sleuth {

class SleuthGame final : public Game {
 public:
  explicit SleuthGame(GameConfig config) : Game(std::move(config)) {
    Rules rules = read_rules(this->config().rules);
    std::vector<AgentConfig> agents = read_agents(this->config().agents, rules.players);
    tables_ = std::make_shared<const Tables>(std::move(rules), std::move(agents),
                                             this->config().limits());
    if (!this->config().deal.is_null()) fixed_deal_ = read_deal(this->config().deal);
  }

  Json rules() const override { return tables_->rules.to_json(); }

  std::unique_ptr<Play> new_play(Rng& rng) const override {
    Deal deal = fixed_deal_.empty() ? random_deal(tables_->rules.deal_spec(), rng) : fixed_deal_;
    return std::make_unique<SleuthPlay>(tables_, std::move(deal), rng);
  }

  const Tables& tables() const { return *tables_; }

 private:
  static std::vector<AgentConfig> read_agents(const Json& list, int players) {
    if (list.empty()) return std::vector<AgentConfig>(std::size_t(players));
    if (int(list.size()) != players)
      throw InputError("one agent per player is needed (" + std::to_string(players) +
                           "), or none for the defaults",
                       "/agents");
    std::vector<AgentConfig> out;
    for (std::size_t k = 0; k < list.size(); ++k) {
      ObjectReader r(list[k], "/agents/" + std::to_string(k));
      AgentConfig a;
      const auto& names = strategy_names();
      const std::string s = r.choice("strategy", names.front(), names);
      a.strategy = Strategy(std::find(names.begin(), names.end(), s) - names.begin());
      a.engine = r.choice("engine", "exact", {"exact", "rules"}) == "exact" ? Engine::Exact
                                                                            : Engine::Rules;
      r.done();
      out.push_back(a);
    }
    return out;
  }

  Deal read_deal(const Json& json) const {
    const Rules& rules = tables_->rules;
    const Deck& deck = tables_->deck;
    ObjectReader r(json, "/deal");
    Deal deal(std::size_t(deck.size()), std::uint8_t(255));
    auto put = [&](const Json& name, int place, const std::string& path) {
      const int card = deck.find(ObjectReader::string_value(name, path), path);
      if (deal[std::size_t(card)] != 255)
        throw InputError("gem card " + deck.name(card) + " is dealt twice", path);
      deal[std::size_t(card)] = std::uint8_t(place);
    };
    put(r.required("hidden"), rules.hidden_place(), "/deal/hidden");
    const Json& hands = array_at(r.required("hands"), "/deal/hands");
    r.done();
    if (int(hands.size()) != rules.players)
      throw InputError("one hand per player is needed (" + std::to_string(rules.players) + ")",
                       "/deal/hands");
    for (int p = 0; p < rules.players; ++p) {
      const std::string path = "/deal/hands/" + std::to_string(p);
      const Json& hand = array_at(hands[std::size_t(p)], path);
      if (int(hand.size()) != rules.hand_sizes[std::size_t(p)])
        throw InputError("player " + std::to_string(p + 1) + " must hold " +
                             std::to_string(rules.hand_sizes[std::size_t(p)]) + " cards",
                         path);
      for (std::size_t k = 0; k < hand.size(); ++k) put(hand[k], p, path + "/" + std::to_string(k));
    }
    return deal;  // every card placed: the sizes add up to the deck and none is dealt twice
  }

  std::shared_ptr<const Tables> tables_;
  Deal fixed_deal_;
};

// The game's entry in a catalog (game_catalog.hpp).
inline GameInfo game_info() {
  return {"sleuth",
          "Sleuth (docs/games/sleuth.md): 36 gem cards, 5 players, exact counting and Elderman & "
          "Steging's rules",
          strategy_names(), [](GameConfig c) { return std::make_unique<SleuthGame>(std::move(c)); },
          false};
}

}  // namespace kripke::sleuth
