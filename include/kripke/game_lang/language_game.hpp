// A game written in the game language: "game": "model" with moves in its rules
// (docs/game-language.md). The catalog's "model" entry makes one of these when the rules
// give moves, and a ModelGame otherwise.
#pragma once

#include <limits>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "kripke/game.hpp"
#include "kripke/game_catalog.hpp"
#include "kripke/game_lang/game_rules.hpp"
#include "kripke/game_lang/language_play.hpp"
#include "kripke/game_lang/strategies.hpp"
#include "kripke/game_lang/symbolic_language_play.hpp"
#include "kripke/model_lang/model_game.hpp"

namespace kripke::game_lang {

class LanguageGame : public Game {
 public:
  // `rules`: the rules in the language, when they are not the config's own (a game such as
  // gossip writes them from its config); `agents` likewise the strategies. The plays are
  // named after the config's game.
  explicit LanguageGame(GameConfig config, std::optional<Json> rules = std::nullopt,
                        std::optional<Json> agents = std::nullopt)
      : Game(std::move(config)) {
    const GameConfig& c = this->config();
    rules_json_ = rules ? *rules : c.rules;
    agents_json_ = agents ? *agents : c.agents;
    rules_ = std::make_shared<const GameRules>(rules_json_);
    strategies_ =
        std::make_shared<const std::vector<Strategy>>(read_strategies(agents_json_, *rules_));
    if (!c.deal.is_null())
      throw InputError("a model's actual world is its rules' \"actual\"", "/deal");
    spec_ = std::make_shared<const model_lang::ModelSpec>(rules_->model_rules());
    table_ = std::make_shared<const MoveTable>(rules_, strategies_, spec_->vocabulary());
    table_->check_simultaneous_posts(spec_->vocabulary());
    if (symbolic_engine()) {
      read_symbolic_deals();
      return;
    }
    data_ = std::make_shared<const model_lang::ModelData>(spec_, c.limits());
    LanguagePlay check(data_, 0, table_, c.game, c.limits());
    check.check_formulas();
    check.check_moves_can_be_legal();
    read_deals(check.opening_worlds());
  }

  // The rules as the config writes them.
  Json rules() const override { return config().rules; }
  const GameRules& game_rules() const { return *rules_; }
  // Whether the plays run on the symbolic engine (symbolic_language_play.hpp).
  bool symbolic() const { return data_ == nullptr; }
  // The same game on the explicit engine.
  std::unique_ptr<LanguageGame> on_explicit_engine() const {
    GameConfig c = config();
    c.engine = "explicit";
    return std::make_unique<LanguageGame>(std::move(c), rules_json_, agents_json_);
  }

  // Deal k is the k-th world at which the opening announcements hold.
  std::size_t deal_count() const override {
    if (data_) return deals_.size();
    return symbolic_deals_ > BigCount(std::numeric_limits<std::size_t>::max())
               ? std::numeric_limits<std::size_t>::max()
               : std::size_t(symbolic_deals_);
  }
  std::unique_ptr<Play> new_play_with_deal(Rng&, std::size_t k) const override {
    if (k >= deal_count()) throw std::out_of_range("game: no such world");
    if (data_)
      return std::make_unique<LanguagePlay>(data_, deals_[k], table_, config().game,
                                            config().limits());
    return symbolic_play(k);
  }
  std::unique_ptr<Play> new_play(Rng& rng) const override {
    if (data_) {
      const World actual = data_->actual() ? *data_->actual() : deals_[rng.below(deal_count())];
      return std::make_unique<LanguagePlay>(data_, actual, table_, config().game,
                                            config().limits());
    }
    if (spec_->actual()) return symbolic_play(std::nullopt);
    return symbolic_play(model_lang::ModelGame::random_below(rng, symbolic_deals_));
  }

 private:
  // The engine: as the config asks, or under "auto" as for a model (ModelGame), the
  // symbolic one only for rules it plays; InputError when the config asks for the symbolic
  // engine and the rules need the explicit one.
  bool symbolic_engine() const {
    const GameConfig& c = config();
    if (c.engine == "explicit") return false;
    std::optional<InputError> refused = SymbolicLanguagePlay::unplayable(*rules_, *strategies_);
    if (!refused) refused = SymbolicLanguagePlay::unplayable(*table_, *spec_, rules_json_);
    if (c.engine == "symbolic") {
      if (refused) throw *refused;
      return true;
    }
    return !refused && model_lang::ModelGame::choose_symbolic(c, *spec_);
  }

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
  // The same on the symbolic engine, counted; and every formula checked there, as the
  // explicit engine checks them.
  void read_symbolic_deals() {
    auto model = model_lang::ModelGame::symbolic_structure(config(), spec_);
    symbolic_deals_ = model->count_after(openings());
    if (symbolic_deals_ == 0)
      throw InputError("the opening announcements are false at every world",
                       rules_->opening().back().path);
    if (!spec_->actual()) model->set_actual_nth_after(openings(), 0);
    SymbolicLanguagePlay check(spec_, std::move(model), table_, config().game, config().limits());
    check.check_formulas();
    check.check_moves_can_be_legal();
    if (!spec_->actual()) return;
    for (const FormulaPtr& phi : openings()) {
      if (!check.holds(*phi))
        throw InputError("the opening announcements are false at the actual world",
                         "/rules/actual");
      check.scripted_announcement(phi, "");
    }
  }
  // A play on the symbolic engine from the k-th world where the openings hold (none: the
  // rules' actual world).
  std::unique_ptr<Play> symbolic_play(std::optional<BigCount> k) const {
    auto model = model_lang::ModelGame::symbolic_structure(config(), spec_);
    if (k) model->set_actual_nth_after(openings(), *k);
    return std::make_unique<SymbolicLanguagePlay>(spec_, std::move(model), table_, config().game,
                                                  config().limits());
  }
  std::vector<FormulaPtr> openings() const {
    std::vector<FormulaPtr> out;
    for (const GameRules::Opening& o : rules_->opening())
      out.push_back(rules_->templates().instantiate(o.formula, {}));
    return out;
  }

  Json rules_json_, agents_json_;  // the rules and the strategies, as read
  std::shared_ptr<const GameRules> rules_;
  std::shared_ptr<const std::vector<Strategy>> strategies_;
  std::shared_ptr<const model_lang::ModelSpec> spec_;
  std::shared_ptr<const MoveTable> table_;
  std::shared_ptr<const model_lang::ModelData>
      data_;                     // the explicit engine's; null on the symbolic one
  std::vector<World> deals_;     // ascending (explicit engine)
  BigCount symbolic_deals_ = 0;  // how many (symbolic engine)
};

// A play of `game` set up from `seed`, for a command that searches a game written in the
// language (`doing`: "plan searches") on the explicit engine, which copies and contracts
// models: under "auto" a game that chose the symbolic engine is played on the explicit one
// here. InputError at /game for any other game, and at the engine's place when the config
// asks for the symbolic engine.
inline std::unique_ptr<LanguagePlay> started_language_play(const Game& game, std::uint64_t seed,
                                                           const std::string& doing) {
  if (const auto* language = dynamic_cast<const LanguageGame*>(&game);
      language && language->symbolic()) {
    const GameConfig& c = game.config();
    if (c.engine == "symbolic")
      throw InputError(doing + " the moves on the explicit engine: use " +
                           std::string(c.engine_source == "/engine" ? "\"engine\": \"explicit\""
                                                                    : "--engine explicit"),
                       c.engine_source);
    return started_language_play(*language->on_explicit_engine(), seed, doing);
  }
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
