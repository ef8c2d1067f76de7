// A game written in the game language: "game": "model" with moves in its rules
// (docs/game-language.md). The catalog's "model" entry makes one of these when the rules
// give moves, and a ModelGame otherwise.
#pragma once

#include <memory>
#include <utility>

#include "kripke/game.hpp"
#include "kripke/game_catalog.hpp"
#include "kripke/game_lang/game_rules.hpp"
#include "kripke/game_lang/language_play.hpp"
#include "kripke/game_lang/strategies.hpp"
#include "kripke/model_lang/model_game.hpp"

namespace kripke::game_lang {

class LanguageGame final : public Game {
 public:
  explicit LanguageGame(GameConfig config) : Game(std::move(config)) {
    const GameConfig& c = this->config();
    if (c.engine == "symbolic")
      throw InputError("games with moves run on the explicit engine for now; use " +
                           std::string(c.engine_source == "/engine" ? "\"engine\": \"explicit\""
                                                                    : "--engine explicit"),
                       c.engine_source);
    rules_ = std::make_shared<const GameRules>(c.rules);
    strategies_ = std::make_shared<const std::vector<Strategy>>(read_strategies(c.agents, *rules_));
    if (!c.deal.is_null())
      throw InputError("a model's actual world is its rules' \"actual\"", "/deal");
    spec_ = std::make_shared<const model_lang::ModelSpec>(rules_->model_rules());
    data_ = std::make_shared<const model_lang::ModelData>(spec_, c.limits());
    LanguagePlay(data_, 0, rules_, strategies_).check_formulas();
  }

  // The rules as written, with every default filled in by the model's reading.
  Json rules() const override { return config().rules; }
  const GameRules& game_rules() const { return *rules_; }

  std::size_t deal_count() const override { return data_->world_count(); }
  std::unique_ptr<Play> new_play_with_deal(Rng&, std::size_t k) const override {
    if (k >= deal_count()) throw std::out_of_range("game: no such world");
    return std::make_unique<LanguagePlay>(data_, World(k), rules_, strategies_);
  }
  std::unique_ptr<Play> new_play(Rng& rng) const override {
    const World actual = data_->actual() ? *data_->actual() : World(rng.below(deal_count()));
    return std::make_unique<LanguagePlay>(data_, actual, rules_, strategies_);
  }

 private:
  std::shared_ptr<const GameRules> rules_;
  std::shared_ptr<const std::vector<Strategy>> strategies_;
  std::shared_ptr<const model_lang::ModelSpec> spec_;
  std::shared_ptr<const model_lang::ModelData> data_;
};

// The "model" entry of a catalog: a game in the game language when the rules give moves,
// a model otherwise.
inline GameInfo model_game_info() {
  GameInfo info = model_lang::game_info();
  info.summary += "; with moves, a game (docs/game-language.md)";
  info.strategies = {"random", "protocol"};
  info.make = [](GameConfig c) -> std::unique_ptr<Game> {
    if (GameRules::applies_to(c.rules)) return std::make_unique<LanguageGame>(std::move(c));
    return std::make_unique<model_lang::ModelGame>(std::move(c));
  };
  return info;
}

}  // namespace kripke::game_lang
