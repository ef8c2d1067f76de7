// The muddy children on the symbolic engine (include/kripke/symbolic/): the same game, the
// same log, for any number of children the BDDs allow (100 children: 2^100 worlds). The
// worlds are counted, not listed: a formula's truth at the actual world is a BDD operation
// (check --formula, scenario steps), but lists of worlds need the explicit engine.
#pragma once

#include <vector>

#include "kripke/games/muddy/muddy.hpp"
#include "kripke/symbolic/muddy_children.hpp"

namespace kripke::muddy {

class SymbolicMuddyPlay final : public MuddyPlayBase {
 public:
  SymbolicMuddyPlay(int children, std::vector<bool> muddy, std::size_t max_nodes)
      : MuddyPlayBase(children, muddy), children_(std::move(muddy), max_nodes) {
    // A placeholder with the agents: the worlds live in the knowledge structure.
    model_ = Model(std::vector<Partition>(std::size_t(n_), Partition::universal(1)), 0);
  }

  bool enumerates_worlds() const override { return false; }
  BigCount world_count() const override { return children_.structure().state_count(); }
  // The states child i cannot tell from the actual one: those that agree with it on every
  // other child, the actual one and its twin if that is a state.
  BigCount possible_count(Agent i) const override { return children_.twin_is_state(i) ? 2 : 1; }
  // Σ over child i's classes of |class ∩ states|²: each state counts itself, and its twin
  // (the other forehead of child i) when that is a state too.
  std::optional<BigCount> relation_count(Agent i) const override {
    return children_.relation_pairs(i);
  }

  void setup() override {
    say_who_is_muddy();
    const FormulaPtr father = father_formula();
    announce_symbolically(children_.eval(*father), *father, kFatherText);
  }
  TurnOutcome play_turn(Rng&) override {
    return announce_nobody_knows() ? TurnOutcome::Continue : TurnOutcome::Stalled;
  }
  void scripted_move(const Json& move, const std::string& path) override {
    if (move != "nobody-knows")
      throw InputError("unknown muddy-children move (the only move is \"nobody-knows\")", path);
    announce_nobody_knows();
  }

  // Child i knows whether it is muddy (Kw_i muddy(i)) iff the only state it considers
  // possible is the actual one: its twin is no state.
  bool has_won(Agent i) const override { return !children_.twin_is_state(i); }
  // Formulas are evaluated on the BDDs: at the actual world (check --formula, a scenario's
  // expect steps), at a named one (check --at [1, 3]), or counted and listed (--where,
  // --valid, --count). A drawing needs the listed worlds of the explicit engine.
  bool holds(const Formula& phi) const override { return children_.holds(phi); }
  WorldSample worlds_satisfying(const Formula& phi, std::size_t listed) const override {
    const auto [count, worlds] = children_.satisfying(phi, listed);
    WorldSample sample;
    sample.count = count;
    for (const std::vector<bool>& world : worlds) {
      sample.json.push_back(children_json(world));
      sample.text.push_back(children_text(sample.json.back()));
    }
    return sample;
  }
  // `check --at [1, 3]`: a world named by its muddy children.
  TruthAtWorld truth_at_named(const Formula& phi, const Json& name,
                              const std::string& path) const override {
    if (!name.is_array())
      throw InputError(
          "the symbolic engine names a world by its muddy children ([1, 3]); \"engine\": "
          "\"explicit\" also numbers them",
          path);
    const std::vector<bool> world = children_named(name, path);
    const Json json = children_json(world);
    if (!children_.is_state(world))
      throw InputError(children_text(json) + " is no longer possible: an update removed it", path);
    return {children_.holds_at(phi, world), json, children_text(json)};
  }
  WorldSet atom(const Formula& a, const Model&) const override {
    throw FormulaError(
        "on the symbolic engine the worlds are not listed: a drawing needs \"engine\": "
        "\"explicit\" (up to 30 children)",
        a.column);
  }

 private:
  // Announces φ (true at the actual world); whether it removed a world.
  // φ announced by its truth set, logged with φ's text: whether a state was removed.
  bool announce_symbolically(const bdd& truth, const Formula& phi, const std::string& text) {
    const BigCount before = world_count();
    children_.announce_truth(truth);
    const BigCount after = world_count();
    log_update(UpdateKind::Public, all_agents(), text, to_string(phi), before, after);
    return after != before;
  }
  // A round's "nobody knows", by the truth set the children's structure computes for it.
  bool announce_nobody_knows() {
    return announce_symbolically(children_.nobody_knows_truth(), *nobody_knows_formula(),
                                 kNobodyKnowsText);
  }

  symbolic::SymbolicMuddyChildren children_;
};

}  // namespace kripke::muddy
