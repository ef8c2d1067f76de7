// Helpers shared by the Sleuth test files.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "games/catalog.hpp"
#include "kripke/games/sleuth/game.hpp"

namespace sleuth_test {

// A Sleuth game from the fields of a config (without "game").
inline std::unique_ptr<kripke::sleuth::SleuthGame> make_sleuth(kripke::Json config) {
  config["game"] = "sleuth";
  kripke::ObjectReader r(config, "");
  kripke::GameConfig c = kripkesim::games().read_config(r);
  r.done();
  return std::make_unique<kripke::sleuth::SleuthGame>(std::move(c));
}

// The rules of the sleuth-capacity scenario's deck: 12 cards (Red, Green, Yellow x
// Diamond, Opal x Solitaire, Pair), 4 players with 3, 3, 3, 2 cards: 1,108,800 deals.
inline kripke::Json capacity_deck() {
  return {{"colours", {"R", "G", "Y"}},
          {"types", {"D", "O"}},
          {"quantities", {"S", "P"}},
          {"players", 4},
          {"hand_sizes", {3, 3, 3, 2}}};
}

struct RecordingSink : kripke::EventSink {
  std::vector<kripke::Event> events;
  void emit(const kripke::Event& e) override { events.push_back(e); }
};

}  // namespace sleuth_test
