// Helpers shared by the Clue tests: building games from JSON, capturing events, and the
// ClueModel's figures deal of the worked examples.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "kripke/formula_parser.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/games/clue/clue.hpp"

namespace clue_test {

using kripke::Json;

inline std::unique_ptr<kripke::clue::ClueGame> make_clue(Json rules = Json::object(),
                                                         Json agents = Json::array(),
                                                         Json deal = nullptr,
                                                         std::uint64_t max_worlds = 50'000'000) {
  kripke::GameConfig config;
  config.game = "clue";
  config.rules = std::move(rules);
  config.agents = std::move(agents);
  config.deal = std::move(deal);
  config.max_worlds = max_worlds;
  return std::make_unique<kripke::clue::ClueGame>(config);
}

// The small deck of ClueModel's figures: 4 weapons, 4 suspects, 2 cards each (1440 worlds).
inline Json small_rules() { return {{"weapons", {"candle", "dagger", "rope", "wrench"}}}; }

// The state of ClueModel's figures' worked examples: candle, dagger for 1; rope, Scarlet for 2;
// Mustard, Green for 3; wrench and Plum in the envelope.
inline Json figures_deal() {
  // Json::array: two-element lists of strings would otherwise read as an object.
  return {{"hands", Json::array({{"candle", "dagger"}, {"rope", "Scarlet"}, {"Mustard", "Green"}})},
          {"envelope", {"wrench", "Plum"}}};
}

class CapturingSink final : public kripke::EventSink {
 public:
  void emit(const kripke::Event& e) override {
    if (!e.record.is_null()) records.push_back(e.record);
    text += e.text + "\n";
  }
  std::vector<kripke::LogRecord> of(const std::string& event) const {
    std::vector<kripke::LogRecord> out;
    for (const auto& r : records)
      if (r["event"] == event) out.push_back(r);
    return out;
  }
  std::vector<kripke::LogRecord> records;
  std::string text;
};

// A play of `game` started (hands looked at), with events going to `sink`.
struct Started {
  Started(const kripke::Game& game, std::uint64_t seed = 1) : runner(game, seed, sink) {
    runner.start();
  }
  kripke::Play& play() { return runner.play(); }
  bool holds(const std::string& formula) { return play().holds(*kripke::parse_formula(formula)); }
  CapturingSink sink;
  kripke::GameRunner runner;
};

}  // namespace clue_test
