// A game written in the game language: "game": "model" with moves in its rules
// (docs/game-language.md). The catalog's "model" entry makes one of these when the rules
// give moves, and a ModelGame otherwise.
#pragma once

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "kripke/game.hpp"
#include "kripke/game_catalog.hpp"
#include "kripke/game_lang/game_rules.hpp"
#include "kripke/game_lang/language_play.hpp"
#include "kripke/game_lang/strategies.hpp"
#include "kripke/model_lang/model_game.hpp"

namespace kripke::game_lang {

class LanguageGame final : public Game {
 public:
  // `rules`: the rules in the language, when they are not the config's own (a game such as
  // gossip writes them from its config); `agents` likewise the strategies. The plays are
  // named after the config's game.
  explicit LanguageGame(GameConfig config, std::optional<Json> rules = std::nullopt,
                        std::optional<Json> agents = std::nullopt)
      : Game(std::move(config)) {
    const GameConfig& c = this->config();
    if (c.engine == "symbolic")
      throw InputError("games with moves run on the explicit engine for now; use " +
                           std::string(c.engine_source == "/engine" ? "\"engine\": \"explicit\""
                                                                    : "--engine explicit"),
                       c.engine_source);
    rules_ = std::make_shared<const GameRules>(rules ? *rules : c.rules);
    strategies_ = std::make_shared<const std::vector<Strategy>>(
        read_strategies(agents ? *agents : c.agents, *rules_));
    if (!c.deal.is_null())
      throw InputError("a model's actual world is its rules' \"actual\"", "/deal");
    spec_ = std::make_shared<const model_lang::ModelSpec>(rules_->model_rules());
    data_ = std::make_shared<const model_lang::ModelData>(spec_, c.limits());
    table_ = std::make_shared<const MoveTable>(rules_, strategies_, data_->vocabulary());
    table_->check_simultaneous_posts(data_->vocabulary());
    LanguagePlay check(data_, 0, table_, c.game, c.limits());
    check.check_formulas();
    check.check_moves_can_be_legal();
    read_deals(check.opening_worlds());
  }

  // The rules as the config writes them.
  Json rules() const override { return config().rules; }
  const GameRules& game_rules() const { return *rules_; }

  // Deal k is the k-th world at which the opening announcements hold.
  std::size_t deal_count() const override { return deals_.size(); }
  std::unique_ptr<Play> new_play_with_deal(Rng&, std::size_t k) const override {
    if (k >= deal_count()) throw std::out_of_range("game: no such world");
    return std::make_unique<LanguagePlay>(data_, deals_[k], table_, config().game,
                                          config().limits());
  }
  std::unique_ptr<Play> new_play(Rng& rng) const override {
    const World actual = data_->actual() ? *data_->actual() : deals_[rng.below(deal_count())];
    return std::make_unique<LanguagePlay>(data_, actual, table_, config().game, config().limits());
  }

 private:
  // The worlds a play may start at: where the opening announcements hold (the rules'
  // actual world must be one).
  void read_deals(const WorldSet& opening) {
    opening.for_each([this](World w) { deals_.push_back(w); });
    if (deals_.empty())
      throw InputError("the opening announcements are false at every world",
                       rules_->opening().back().path);
    if (const auto actual = data_->actual(); actual && !opening.test(*actual))
      throw InputError("the opening announcements are false at the actual world", "/rules/actual");
  }

  std::shared_ptr<const GameRules> rules_;
  std::shared_ptr<const std::vector<Strategy>> strategies_;
  std::shared_ptr<const model_lang::ModelSpec> spec_;
  std::shared_ptr<const model_lang::ModelData> data_;
  std::shared_ptr<const MoveTable> table_;
  std::vector<World> deals_;  // ascending
};

// A play of `game` set up from `seed`, for a command that searches a game written in the
// language (`doing`: "plan searches"); InputError at /game for any other game.
inline std::unique_ptr<LanguagePlay> started_language_play(const Game& game, std::uint64_t seed,
                                                           const std::string& doing) {
  Rng rng(seed);
  std::unique_ptr<Play> play = game.new_play(rng);
  if (!dynamic_cast<LanguagePlay*>(play.get()))
    throw InputError(doing +
                         " the moves of a game written in the game language (\"game\": "
                         "\"model\" with \"moves\": docs/game-language.md)",
                     "/game");
  play->set_world_limits(game.config().limits());
  play->setup();
  return std::unique_ptr<LanguagePlay>(static_cast<LanguagePlay*>(play.release()));
}

// The "model" entry of a catalog: a game in the game language when the rules give moves,
// a model otherwise.
inline GameInfo model_game_info() {
  GameInfo info = model_lang::game_info();
  info.summary += "; with moves, a game (docs/game-language.md)";
  info.strategies = {"random", "protocol", "info-gain", "claim"};
  info.make = [](GameConfig c) -> std::unique_ptr<Game> {
    if (GameRules::applies_to(c.rules)) return std::make_unique<LanguageGame>(std::move(c));
    return std::make_unique<model_lang::ModelGame>(std::move(c));
  };
  return info;
}

}  // namespace kripke::game_lang
