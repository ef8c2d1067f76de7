// The muddy children on the symbolic engine: one variable per child says that it is muddy
// (the atom muddy(i), as in the explicit game), and each child observes every variable but
// its own. Child 1's variable is the last (n − 1), child n's the first: read as a binary
// number, an assignment is then the explicit game's world number (bit i − 1 for child i),
// so the worlds are listed in the same order on both engines. The father's announcement and the
// rounds of "nobody knows whether they are muddy" are public announcements, each a BDD operation: n
// = 100 children (2^100 worlds) is a structure of a few thousand nodes.
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "kripke/errors.hpp"
#include "kripke/formula.hpp"
#include "kripke/symbolic/assignment_count.hpp"
#include "kripke/symbolic/every_twin.hpp"
#include "kripke/symbolic/knowledge_structure.hpp"

namespace kripke::symbolic {

class SymbolicMuddyChildren {
 public:
  // `muddy[i]`: whether child i + 1 is muddy (the actual world). `max_nodes`: BuDDy's
  // node limit (0: none).
  explicit SymbolicMuddyChildren(std::vector<bool> muddy, std::size_t max_nodes = 0)
      : n_(int(muddy.size())),
        session_(n_, max_nodes),
        ks_(n_, observations(n_)),
        muddy_(std::move(muddy)) {
    if (std::find(muddy_.begin(), muddy_.end(), true) == muddy_.end())
      throw InputError("at least one child must be muddy (the father's announcement is truthful)");
  }

  int children() const { return n_; }
  const KnowledgeStructure& structure() const { return ks_; }

  // The atom muddy(i) of child i (from 1).
  static FormulaPtr muddy_atom(int child) { return f::atom("muddy", {std::to_string(child)}); }

  bdd eval(const Formula& phi) const {
    const int n = n_;
    return SymbolicEvaluator(
               ks_,
               [n](const Formula& a) {
                 const bool numbered =
                     a.kind == Formula::Kind::Atom && a.name == "muddy" && a.args.size() == 1 &&
                     !a.args[0].empty() && a.args[0].size() <= 3 &&
                     a.args[0].find_first_not_of("0123456789") == std::string::npos;
                 const int child = numbered ? std::stoi(a.args[0]) : 0;
                 if (child < 1 || child > n)
                   throw FormulaError(
                       "unknown atom (the atoms are muddy(1) to muddy(" + std::to_string(n) + "))",
                       a.column);
                 return bdd_ithvar(n - child);
               })
        .eval(phi);
  }
  // Whether φ holds at the actual world.
  bool holds(const Formula& phi) const { return (actual() & eval(phi)) != bddfalse; }
  // Whether `world` (a muddy flag per child) is still a state, and whether φ holds there.
  bool is_state(const std::vector<bool>& world) const {
    return (ks_.law() & cube(world)) != bddfalse;
  }
  bool holds_at(const Formula& phi, const std::vector<bool>& world) const {
    return (ks_.law() & cube(world) & eval(phi)) != bddfalse;
  }

  // A public announcement of φ, which must hold at the actual world.
  void announce(const Formula& phi) { announce_truth(eval(phi)); }
  // The same for a statement given by its truth set.
  void announce_truth(const bdd& truth) {
    if ((actual() & truth) == bddfalse)
      throw FalseAnnouncement("the announcement is false at the actual world");
    ks_.restrict_to(truth);
  }

  // Where "nobody knows whether they are muddy" holds among the states. Child i knows whether
  // it is muddy at a state iff its twin there (its own forehead the other way) is no state,
  // so the statement holds where every twin is a state (every_twin.hpp: one pass over the
  // law) instead of K_i evaluated as ∀v_i (law → φ) for φ and its negation
  // (test_symbolic.cpp checks that both agree on the states, round by round).
  bdd nobody_knows_truth() const { return every_twin(ks_.law()); }

  // Whether the actual world with child i's forehead (from 0) the other way round is still
  // a state: the one world besides the actual that child i may consider possible. Read by
  // following the law's diagram along that assignment (n steps, no BDD built), so that the
  // per-update statistics and the win check cost no BDD operation.
  bool twin_is_state(int child) const {
    const int flipped = variable_of(child);
    bdd node = ks_.law();
    while (node != bddtrue && node != bddfalse) {
      const int v = bdd_var(node);
      const bool bit = muddy_[std::size_t(child_of(v))] != (v == flipped);
      node = bit ? bdd_high(node) : bdd_low(node);
    }
    return node == bddtrue;
  }

  // The variable of child i (from 0), and the child of variable v.
  int variable_of(int child) const { return n_ - 1 - child; }
  int child_of(int variable) const { return n_ - 1 - variable; }

  // Child i's relation (from 0) as pairs of states: each state with itself, and with its
  // twin (the other forehead of child i) when that is a state too. The states whose twin is
  // a state are counted for every child in one pass over the law's diagram, once per law.
  BigCount relation_pairs(int child) const {
    if (twins_.empty() || twins_law_ != ks_.law()) {
      twins_ = AssignmentCount(ks_.law(), n_).twin_counts();
      twins_law_ = ks_.law();
    }
    return ks_.state_count() + twins_[std::size_t(variable_of(child))];
  }

  // The states where φ holds: how many, and the first `listed` in the explicit game's order
  // (a muddy flag per child).
  std::pair<BigCount, std::vector<std::vector<bool>>> satisfying(const Formula& phi,
                                                                 std::size_t listed) const {
    const AssignmentCount states(ks_.law() & eval(phi), n_);
    std::vector<std::vector<bool>> worlds;
    for (const std::vector<bool>& bits : states.first(listed)) {
      std::vector<bool> world(static_cast<std::size_t>(n_));
      for (int i = 0; i < n_; ++i) world[std::size_t(i)] = bits[std::size_t(variable_of(i))];
      worlds.push_back(std::move(world));
    }
    return {states.total(), std::move(worlds)};
  }

  // "At least one of you is muddy."
  void father() {
    FormulaPtr someone = f::falsity();
    for (int i = 1; i <= n_; ++i) someone = f::disj(someone, muddy_atom(i));
    announce(*someone);
  }
  // The children who know whether they are muddy, at the actual world (from 1): Kw_i
  // muddy(i) holds iff child i's twin world is no state (test_symbolic.cpp checks the two
  // against each other).
  std::vector<int> knowers() const {
    std::vector<int> out;
    for (int i = 1; i <= n_; ++i)
      if (!twin_is_state(i - 1)) out.push_back(i);
    return out;
  }
  // "Nobody knows whether they are muddy", announced.
  void nobody_knows() { announce_truth(nobody_knows_truth()); }
  // The father, then rounds of "nobody knows" until someone knows (or a round removes
  // nothing): the rounds announced.
  int play() {
    father();
    int rounds = 0;
    while (knowers().empty()) {
      const bdd before = ks_.law();
      nobody_knows();
      ++rounds;
      if (ks_.law() == before) break;
    }
    return rounds;
  }

 private:
  // Child i observes every variable but its own (n − 1 − i).
  static std::vector<std::vector<int>> observations(int n) {
    std::vector<std::vector<int>> out(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
      for (int v = 0; v < n; ++v)
        if (v != n - 1 - i) out[std::size_t(i)].push_back(v);
    return out;
  }
  bdd actual() const { return cube(muddy_); }
  bdd cube(const std::vector<bool>& world) const {
    bdd out = bddtrue;
    for (int v = n_ - 1; v >= 0; --v)
      out &= world[std::size_t(child_of(v))] ? bdd_ithvar(v) : bdd_nithvar(v);
    return out;
  }

  int n_;
  BuddySession session_;
  KnowledgeStructure ks_;
  std::vector<bool> muddy_;
  // The states whose twin is a state, per variable, and the law they were counted for
  // (held, so that its node cannot be freed and its number reused while the cache stands).
  mutable bdd twins_law_;
  mutable std::vector<BigCount> twins_;
};

}  // namespace kripke::symbolic
