// A game: the rules read from a config, which start plays (play.hpp). Each game describes
// itself to a catalog with a GameInfo (game_catalog.hpp).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "kripke/errors.hpp"
#include "kripke/game_config.hpp"
#include "kripke/play.hpp"
#include "kripke/rng.hpp"

namespace kripke {

// The rules of one game, read from a config; starts plays.
class Game {
 public:
  explicit Game(GameConfig config) : config_(std::move(config)) {}
  virtual ~Game() = default;

  const GameConfig& config() const { return config_; }
  // The rules with every default filled in (for the `start` event and results files).
  virtual Json rules() const = 0;
  // A new play; the actual deal is the config's, or drawn with `rng`.
  virtual std::unique_ptr<Play> new_play(Rng& rng) const = 0;

  // Every actual deal the rules allow, numbered 0..deal_count()-1, for batches that play
  // all of them (`deals: "all"`). 0 means the game cannot list its deals.
  virtual std::size_t deal_count() const { return 0; }
  // A new play with deal number k (the config's deal is ignored); `rng` drives the rest.
  virtual std::unique_ptr<Play> new_play_with_deal(Rng& rng, std::size_t k) const {
    (void)rng;
    throw InputError("this game cannot enumerate its deals (deal " + std::to_string(k) + ")");
  }

 private:
  GameConfig config_;
};

}  // namespace kripke
