// A model written in a config, played on the symbolic engine (symbolic/model_structure.hpp):
// the same scenario steps, queries and log as on the explicit engine, for models whose
// worlds are too many to list. Worlds are named by their assignment only (the explicit
// engine also numbers them).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kripke/model_lang/model_play_base.hpp"
#include "kripke/symbolic/model_structure.hpp"

namespace kripke::model_lang {

class SymbolicModelPlay : public ModelPlayBase {
 public:
  // `game`: as ModelPlayBase's.
  SymbolicModelPlay(std::shared_ptr<const ModelSpec> spec,
                    std::unique_ptr<symbolic::SymbolicModel> model, std::string game = "model")
      : ModelPlayBase(std::move(spec), std::move(game)), model_state_(std::move(model)) {
    // A placeholder with the agents: the worlds live in the knowledge structure.
    model_ = Model(std::vector<Partition>(spec_ptr()->agents().size(), Partition::universal(1)), 0);
  }

  bool enumerates_worlds() const override { return false; }
  BigCount world_count() const override { return model_state_->world_count(); }
  BigCount possible_count(Agent i) const override { return model_state_->possible_count(i); }
  // The relation's pairs, as the explicit engine counts them, while 128 bits hold them.
  std::optional<BigCount> relation_count(Agent i) const override {
    return model_state_->relation_pairs(i);
  }
  bool has_won(Agent i) const override { return model_state_->knows_assignment(i); }

  bool holds(const Formula& phi) const override { return model_state_->holds(phi); }
  WorldSample worlds_satisfying(const Formula& phi, std::size_t listed) const override {
    auto satisfying = model_state_->satisfying(phi, listed);
    WorldSample sample;
    sample.count = satisfying.count;
    for (const auto& indices : satisfying.indices)
      sample.json.push_back(model_state_->world_json(indices));
    sample.text = std::move(satisfying.texts);
    return sample;
  }
  TruthAtWorld truth_at_named(const Formula& phi, const Json& name,
                              const std::string& path) const override {
    if (!name.is_object())
      throw InputError(
          "the symbolic engine names a world by its assignment ({\"x\": 4, \"y\": 13}); "
          "\"engine\": \"explicit\" numbers them",
          path);
    const auto indices = model_state_->world_named(name, path);
    return {model_state_->holds_at(phi, indices), model_state_->world_json(indices),
            model_state_->world_text(indices)};
  }
  // Truth sets are sets of listed worlds: the symbolic engine answers through holds() and
  // worlds_satisfying() instead, and a drawing needs the explicit engine.
  WorldSet atom(const Formula& a, const Model&) const override {
    throw FormulaError(
        "on the symbolic engine the worlds are not listed: a drawing or a list of worlds "
        "needs \"engine\": \"explicit\"",
        a.column);
  }
  WorldSet compare(const Formula& c, const Model& m) const override { return atom(c, m); }

  void scripted_announcement(const FormulaPtr& phi, const std::string& text) override {
    const BigCount before = world_count();
    model_state_->announce(*phi);
    log_update(UpdateKind::Public, all_agents(), text, to_string(*phi), before, world_count());
  }
  void scripted_observation(const std::vector<Agent>& group,
                            const std::vector<FormulaPtr>& formulas, const std::string& text,
                            const std::string& formula) override {
    const BigCount before = world_count();
    model_state_->observe(group, formulas);
    log_update(UpdateKind::Private, group, text, formula, before, world_count());
  }
  void check_postcondition(const Json& post, const std::string& path) const override {
    Postcondition(post, path, spec_ptr()->vocabulary()).check_formulas([this](const Formula& phi) {
      (void)model_state_->eval(phi);
    });
  }
  void check_belief_action(const std::string& path) const override {
    throw InputError(
        "the symbolic engine holds S5 knowledge only: for actions with arrows (beliefs) use "
        "\"engine\": \"explicit\"",
        path);
  }
  void scripted_action(const ScriptedAction& action, const std::string& text,
                       const std::string& formula) override {
    for (const auto& arrows : action.event_arrows)
      if (!arrows.empty()) check_belief_action("");
    symbolic::SymbolicAction symbolic_action;
    for (const ScriptedEvent& e : action.events) {
      symbolic_action.preconditions.push_back(e.precondition);
      symbolic_action.names.push_back(e.name);
      auto& post = symbolic_action.postconditions.emplace_back();
      if (!e.postcondition.is_null())
        post.emplace_back(e.postcondition, e.postcondition_path, spec_ptr()->vocabulary());
    }
    symbolic_action.event_class = action.event_class;
    symbolic_action.actual_event = action.actual_event;
    const BigCount before = world_count();
    model_state_->act(symbolic_action);
    log_update(UpdateKind::Action, all_agents(), text, formula, before, world_count());
  }

  Json deal() const override { return model_state_->actual_json(); }
  Json actual_world_json() const override { return model_state_->actual_json(); }

 protected:
  const symbolic::SymbolicModel& symbolic_model() const { return *model_state_; }
  symbolic::SymbolicModel& symbolic_model() { return *model_state_; }

 private:
  std::unique_ptr<symbolic::SymbolicModel> model_state_;
};

}  // namespace kripke::model_lang
