// What a play of a model written in a config is on either engine: agents named in the
// rules, no moves of their own (a scenario's steps announce, observe and act), and no goal
// unless the rules give one ("goal": "know-the-world": to know the actual assignment).
#pragma once

#include <memory>
#include <string>
#include <utility>

#include "kripke/game.hpp"
#include "kripke/model_lang/arithmetic.hpp"
#include "kripke/model_lang/model_spec.hpp"

namespace kripke::model_lang {

class ModelPlayBase : public Play {
 public:
  // `game`: the game's name in logs ("model", or a game written in the game language that
  // has a name of its own: "gossip").
  explicit ModelPlayBase(std::shared_ptr<const ModelSpec> spec, std::string game = "model")
      : Play(std::move(game)), spec_(std::move(spec)) {}

  void setup() override {}
  bool has_moves() const override { return false; }
  bool has_goal() const override { return spec_->knows_world_goal(); }
  TurnOutcome play_turn(Rng&) override { return TurnOutcome::Stalled; }
  void scripted_move(const Json&, const std::string& path) override {
    throw InputError("a model has no moves; use announce and observe steps", path);
  }

  Json knowledge(Agent) const override { return {{"world", deal()}}; }
  std::vector<std::string> agent_names_in_formulas() const override { return spec_->agent_names(); }
  Json agents() const override {
    Json out = Json::array();
    for (std::size_t i = 0; i < spec_->agents().size(); ++i) {
      const AgentSpec& agent = spec_->agents()[i];
      Json entry = {{"agent", i + 1}, {"name", agent.name}};
      if (agent.arrows) {
        entry["arrows"] = true;  // its relation is given world by world (in the rules)
      } else {
        Json observes = Json::array();
        for (const Observation& o : agent.observes) observes.push_back(o.text);
        entry["observes"] = observes;
      }
      out.push_back(std::move(entry));
    }
    return out;
  }
  std::string agent_name(Agent i) const override { return spec_->agents()[std::size_t(i)].name; }

  // Atoms and terms are checked against the vocabulary, as the engines compile them, with
  // no world evaluated.
  void check_atom(const Formula& a) const override {
    if (a.kind == Formula::Kind::Compare)
      (void)compile_sides(a, spec_->vocabulary());
    else
      (void)boolean_variable(spec_->vocabulary(), a);
  }
  void check_term(const TermPtr& t) const override { (void)compile(*t, spec_->vocabulary()); }

 protected:
  const std::shared_ptr<const ModelSpec>& spec_ptr() const { return spec_; }

 private:
  std::shared_ptr<const ModelSpec> spec_;
};

}  // namespace kripke::model_lang
