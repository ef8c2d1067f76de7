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
  SymbolicMuddyPlay(int children, std::vector<bool> muddy)
      : MuddyPlayBase(children, muddy), children_(std::move(muddy)) {
    // A placeholder with the agents: the worlds live in the knowledge structure.
    model_ = Model(std::vector<Partition>(std::size_t(n_), Partition::universal(1)), 0);
  }

  bool enumerates_worlds() const override { return false; }
  BigCount world_count() const override { return children_.structure().state_count(); }
  // The states child i cannot tell from the actual one: those that agree with it on every
  // other child.
  BigCount possible_count(Agent i) const override {
    const auto& ks = children_.structure();
    return ks.count(ks.law() & children_.actual_on(ks.observed(i)));
  }
  // Σ over child i's classes of |class ∩ states|²: each state counts itself, and its twin
  // (the other forehead of child i) when that is a state too.
  void add_statistics(Agent i, LogRecord& stats) const override {
    const auto& ks = children_.structure();
    const bdd twin_is_state = bdd_compose(ks.law(), !bdd_ithvar(i), i);
    stats["relations"] = count_json(ks.state_count() + ks.count(ks.law() & twin_is_state));
  }

  void setup() override {
    say_who_is_muddy();
    announce_symbolically(father_formula(), kFatherText);
  }
  TurnOutcome play_turn(Rng&) override {
    return announce_symbolically(nobody_knows_formula(), kNobodyKnowsText) ? TurnOutcome::Continue
                                                                           : TurnOutcome::Stalled;
  }
  void scripted_move(const Json& move, const std::string& path) override {
    if (move != "nobody-knows")
      throw InputError("unknown muddy-children move (the only move is \"nobody-knows\")", path);
    announce_symbolically(nobody_knows_formula(), kNobodyKnowsText);
  }

  bool has_won(Agent i) const override { return children_.holds(*f::knows_whether(i, muddy(i))); }
  // Formulas at the actual world are evaluated on the BDDs (check --formula, a scenario's
  // expect steps); sets of worlds (--where, --valid, --count, draw) are not listed.
  bool holds(const Formula& phi) const override { return children_.holds(phi); }
  WorldSet atom(const Formula& a, const Model&) const override {
    throw FormulaError(
        "on the symbolic engine the worlds are not listed: --where, --valid, "
        "--count and draw need \"engine\": \"explicit\" (up to 30 children)",
        a.column);
  }

 private:
  // Announces φ (true at the actual world); whether it removed a world.
  bool announce_symbolically(const FormulaPtr& phi, const std::string& text) {
    const BigCount before = world_count();
    children_.announce(*phi);
    const BigCount after = world_count();
    log_update("public", all_agents(), text, to_string(*phi), before, after);
    return after != before;
  }

  symbolic::SymbolicMuddyChildren children_;
};

}  // namespace kripke::muddy
