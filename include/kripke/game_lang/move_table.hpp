// Every move of a game in the game language with its parameters bound (an instance), ready
// to play: its precondition, its mover's guard, its postcondition and what its parties learn;
// with each player's win, loss, turn condition and what its info-gain strategy seeks. Built
// once per game and shared by its plays.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "kripke/game_lang/game_rules.hpp"
#include "kripke/game_lang/strategies.hpp"
#include "kripke/model_lang/postcondition.hpp"
#include "kripke/model_lang/vocabulary.hpp"

namespace kripke::game_lang {

class MoveTable {
 public:
  struct Prepared {
    FormulaPtr legal;  // the precondition
    FormulaPtr guard;  // K{mover} of the mover's strategy's guard; null: not played by it
    std::optional<model_lang::Postcondition> post;  // none: no factual change
    std::vector<FormulaPtr> learnt;                 // what the parties learn
    // Its events, when the move lists them (GameRules::MoveEvent, bound).
    struct Event {
      FormulaPtr pre;                             // with the move's precondition
      FormulaPtr when;                            // where it may be the one that happens (with pre)
      std::optional<std::vector<Agent>> seen_by;  // none: everyone
      std::vector<FormulaPtr> learn;              // its values learnt by learnt_by
      std::optional<std::vector<Agent>> learnt_by;  // none: everyone
    };
    std::vector<Event> events;
  };

  MoveTable(std::shared_ptr<const GameRules> rules,
            std::shared_ptr<const std::vector<Strategy>> strategies,
            const model_lang::Vocabulary& vocab)
      : rules_(std::move(rules)), strategies_(std::move(strategies)) {
    const Templates& templates = rules_->templates();
    for (std::size_t m = 0; m < rules_->moves().size(); ++m)
      for (MoveInstance& instance : rules_->instances(m)) {
        const Bindings bindings = rules_->bindings(instance);
        Prepared p;
        p.legal = templates.instantiate(rules_->moves()[m].legal, bindings);
        p.guard = guard(instance, bindings);
        const auto post = rules_->postcondition(instance);
        if (!post.empty()) p.post.emplace(post, rules_->moves()[m].path + "/post", vocab);
        p.learnt = rules_->parties_learn(instance);
        const auto agents_of = [&](const std::optional<std::vector<std::size_t>>& parameters) {
          std::optional<std::vector<Agent>> out;
          if (!parameters) return out;
          out.emplace();
          for (std::size_t q : *parameters) out->push_back(GameRules::agent_at(instance, q));
          return out;
        };
        std::vector<FormulaPtr> can_happen;
        for (const GameRules::MoveEvent& e : rules_->moves()[m].events) {
          Prepared::Event event;
          event.pre = f::conj(p.legal, templates.instantiate(e.pre, bindings));
          event.when =
              e.when ? f::conj(event.pre, templates.instantiate(e.when, bindings)) : event.pre;
          event.seen_by = agents_of(e.seen_by);
          event.learn = rules_->each_agent_expanded(e.learn, bindings);
          event.learnt_by = e.learnt_by ? agents_of(e.learnt_by) : event.seen_by;
          can_happen.push_back(event.when);
          p.events.push_back(std::move(event));
        }
        // A move with events is legal where one of them can happen.
        if (!can_happen.empty()) p.legal = f::any_of(can_happen);
        prepared_.push_back(std::move(p));
        instances_.push_back(std::move(instance));
      }
    for (std::size_t i = 0; i < rules_->agent_count(); ++i) {
      if (rules_->has_win()) win_.push_back(rules_->win_of(Agent(i)));
      if (rules_->has_lose()) lose_.push_back(rules_->lose_of(Agent(i)));
      if (rules_->has_whose()) whose_.push_back(rules_->whose_of(Agent(i)));
      about_.push_back(
          rules_->each_agent_expanded(strategy(Agent(i)).about, {{"me", rules_->agent(Agent(i))}}));
    }
    draw_ = rules_->draw();
    index_atoms(vocab);
  }

  const GameRules& rules() const { return *rules_; }
  const Strategy& strategy(Agent i) const { return (*strategies_)[std::size_t(i)]; }
  std::size_t size() const { return instances_.size(); }
  const MoveInstance& instance(std::size_t k) const { return instances_[k]; }
  const std::vector<MoveInstance>& instances() const { return instances_; }
  const Prepared& prepared(std::size_t k) const { return prepared_[k]; }
  // Per player, when the rules give a win; empty otherwise.
  const std::vector<FormulaPtr>& wins() const { return win_; }
  // Per player, when the rules give a loss; empty otherwise.
  const std::vector<FormulaPtr>& losses() const { return lose_; }
  // Per player, when a formula says whose turn it is; empty otherwise.
  const std::vector<FormulaPtr>& turn_conditions() const { return whose_; }
  // What player i's info-gain strategy seeks to learn (empty for other strategies).
  const std::vector<FormulaPtr>& about(Agent i) const { return about_[std::size_t(i)]; }
  // The draw, or null.
  const FormulaPtr& draw() const { return draw_; }

  // The true/false variable an atom of the table's formulas names, found once (a play reads
  // such an atom at a world by the index, not by its name); -1 for a definition; none for
  // an atom not in the table (a user's formula) or one that names no true/false variable
  // (its reading reports that).
  std::optional<int> variable_of(const Formula& atom) const {
    const auto it = atom_variables_.find(&atom);
    if (it == atom_variables_.end()) return std::nullopt;
    return it->second;
  }

  // In simultaneous rounds, two players' moves are made at once: they may not change the
  // same variable (which value would it take?). InputError at the later move's post.
  void check_simultaneous_posts(const model_lang::Vocabulary& vocab) const {
    if (!rules_->simultaneous()) return;
    std::vector<std::vector<bool>> assigns(size(), std::vector<bool>(vocab.size(), false));
    for (std::size_t k = 0; k < size(); ++k)
      if (prepared_[k].post)
        for (const auto& a : prepared_[k].post->assignments()) assigns[k][a.variable] = true;
    for (std::size_t k = 0; k < size(); ++k)
      for (std::size_t j = 0; j < k; ++j) {
        if (rules_->mover(instances_[j]) == rules_->mover(instances_[k])) continue;
        for (std::size_t v = 0; v < vocab.size(); ++v)
          if (assigns[k][v] && assigns[j][v])
            throw InputError(
                "in simultaneous rounds two players' moves may not change the "
                "same variable: " +
                    rules_->instance_text(instances_[j]) + " and " +
                    rules_->instance_text(instances_[k]) + " both change " +
                    vocab.variables()[v].name,
                rules_->moves()[instances_[k].move].path + "/post");
      }
  }

  // The index of an instance of the rules.
  std::size_t index_of(const MoveInstance& instance) const {
    for (std::size_t k = 0; k < instances_.size(); ++k)
      if (instances_[k].move == instance.move && instances_[k].values == instance.values) return k;
    return 0;  // GameRules::read_instance gives only instances of the rules
  }

 private:
  void index_atoms(const model_lang::Vocabulary& vocab) {
    const Templates& templates = rules_->templates();
    const std::function<void(const FormulaPtr&)> walk = [&](const FormulaPtr& phi) {
      if (!phi) return;
      if (phi->kind == Formula::Kind::Atom) {
        // The events' formulas share the move's precondition: an atom is met many times.
        if (atom_variables_.count(phi.get())) return;
        if (templates.defines(phi->name)) {
          atom_variables_.emplace(phi.get(), -1);
          return;
        }
        const int k = vocab.find(model_lang::variable_name_of(*phi));
        if (k >= 0 && vocab.variables()[std::size_t(k)].boolean)
          atom_variables_.emplace(phi.get(), k);
        return;
      }
      walk(phi->left);
      walk(phi->right);
    };
    for (const Prepared& p : prepared_) {
      walk(p.legal);
      walk(p.guard);
      for (const FormulaPtr& phi : p.learnt) walk(phi);
      for (const Prepared::Event& e : p.events) {
        walk(e.pre);
        walk(e.when);
        for (const FormulaPtr& phi : e.learn) walk(phi);
      }
    }
    for (const auto* list : {&win_, &lose_, &whose_})
      for (const FormulaPtr& phi : *list) walk(phi);
    for (const auto& list : about_)
      for (const FormulaPtr& phi : list) walk(phi);
    walk(draw_);
  }

  // The guard of an instance for its mover's strategy: K{mover} of the strategy's guard
  // (`me` is the mover); for a claim agent, K{mover} goal on the claim and, on the other
  // moves, ~K{mover} goal as well. Null: the strategy does not play it (or plays every
  // legal move).
  FormulaPtr guard(const MoveInstance& instance, Bindings bindings) const {
    const Templates& templates = rules_->templates();
    const Agent mover = rules_->mover(instance);
    const Strategy& s = strategy(mover);
    bindings.emplace_back("me", rules_->agent(mover));
    FormulaPtr g;
    if (instance.move < s.guards.size() && s.guards[instance.move])
      g = f::knows(mover, templates.instantiate(s.guards[instance.move], bindings));
    if (!s.claim) return g;
    FormulaPtr knows_goal = f::knows(mover, templates.instantiate(s.goal, bindings));
    if (instance.move == *s.claim) return knows_goal;
    return g ? f::conj(f::neg(std::move(knows_goal)), std::move(g)) : nullptr;
  }

  std::shared_ptr<const GameRules> rules_;
  std::shared_ptr<const std::vector<Strategy>> strategies_;
  std::vector<MoveInstance> instances_;
  std::vector<Prepared> prepared_;  // per instance
  std::vector<FormulaPtr> win_;
  std::vector<FormulaPtr> lose_;
  std::vector<FormulaPtr> whose_;
  std::vector<std::vector<FormulaPtr>> about_;  // per player
  FormulaPtr draw_;
  std::unordered_map<const Formula*, int> atom_variables_;
};

}  // namespace kripke::game_lang
