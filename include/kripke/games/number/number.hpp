// What's My Number? (docs/games/number.md): numbers 1..9, three players with two each, three face
// down. Every player sees the others' numbers but not its own; in turn, each answers a
// question card about what it sees. Whoever knows both its numbers wins.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "kripke/game.hpp"
#include "kripke/game_catalog.hpp"
#include "kripke/games/number/play.hpp"
#include "kripke/games/number/rules.hpp"

namespace kripke::number {

class NumberGame final : public Game {
 public:
  explicit NumberGame(GameConfig config)
      : Game(std::move(config)),
        data_(std::make_shared<const GameData>(read_rules(this->config().rules),
                                               this->config().limits())) {
    if (!this->config().agents.empty())
      throw InputError("What's My Number? takes no agent settings", "/agents");
    if (!this->config().deal.is_null())
      deal_ = data_->tables.world_of(read_boards(this->config().deal, data_->tables.rules()));
  }

  Json rules() const override { return data_->tables.rules().to_json(); }

  // The config's deal, or a uniformly random one.
  std::unique_ptr<Play> new_play(Rng& rng) const override {
    return new_play_with_deal(rng, deal_ ? *deal_ : rng.below(deal_count()));
  }

  // Every deal is a world: deal k is world k, in the deal table's order.
  std::size_t deal_count() const override { return data_->tables.world_count(); }

  // The question deck's order depends only on the config's seed and the deal, so that
  // conditions differing in their rules meet the same deck on the same deal (as in the
  // original experiment: "a fixed shuffled question deck per game").
  std::unique_ptr<Play> new_play_with_deal(Rng&, std::size_t k) const override {
    if (k >= deal_count()) throw std::logic_error("number: no such deal");
    return std::make_unique<NumberPlay>(data_, World(k), derive_seed(config().seed, {k}));
  }

 private:
  std::shared_ptr<const GameData> data_;
  std::optional<World> deal_;
};

// The game's entry in a catalog (game_catalog.hpp).
inline GameInfo game_info() {
  return {"number",
          "What's My Number? (docs/games/number.md): 7560 deals, 18 question cards, epistemagic",
          {},
          [](GameConfig c) { return std::make_unique<NumberGame>(std::move(c)); },
          false};
}

}  // namespace kripke::number
