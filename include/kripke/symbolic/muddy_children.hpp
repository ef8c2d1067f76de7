// The muddy children on the symbolic engine: variable i says that child i + 1 is muddy
// (the atom muddy(i+1), as in the explicit game), child i observes every variable but its
// own. The father's announcement and the rounds of "nobody knows whether they are muddy"
// are public announcements, each a BDD operation: n = 100 children (2^100 worlds) is a
// structure of a few thousand nodes.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "kripke/errors.hpp"
#include "kripke/formula.hpp"
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
                 const int child =
                     a.name == "muddy" && a.args.size() == 1 ? std::stoi(a.args[0]) : 0;
                 if (child < 1 || child > n)
                   throw FormulaError(
                       "unknown atom (the atoms are muddy(1) to muddy(" + std::to_string(n) + "))",
                       a.column);
                 return child - 1;
               })
        .eval(phi);
  }
  // Whether φ holds at the actual world.
  bool holds(const Formula& phi) const { return (actual() & eval(phi)) != bddfalse; }

  // A public announcement of φ, which must hold at the actual world.
  void announce(const Formula& phi) {
    const bdd truth = eval(phi);
    if ((actual() & truth) == bddfalse)
      throw FalseAnnouncement("the announcement is false at the actual world");
    ks_.restrict_to(truth);
  }
  // The actual world's values of `vars`, as a cube.
  bdd actual_on(const std::vector<int>& vars) const {
    bdd cube = bddtrue;
    for (int v : vars) cube &= muddy_[std::size_t(v)] ? bdd_ithvar(v) : bdd_nithvar(v);
    return cube;
  }

  // "At least one of you is muddy."
  void father() {
    FormulaPtr someone = f::falsity();
    for (int i = 1; i <= n_; ++i) someone = f::disj(someone, muddy_atom(i));
    announce(*someone);
  }
  // The children who know whether they are muddy, at the actual world (from 1).
  std::vector<int> knowers() const {
    std::vector<int> out;
    for (int i = 1; i <= n_; ++i)
      if (holds(*f::unary(Formula::Kind::KnowsWhether, muddy_atom(i), {Agent(i - 1)})))
        out.push_back(i);
    return out;
  }
  // "Nobody knows whether they are muddy", announced.
  void nobody_knows() {
    FormulaPtr nobody = f::truth();
    for (int i = 1; i <= n_; ++i)
      nobody = f::conj(
          nobody, f::neg(f::unary(Formula::Kind::KnowsWhether, muddy_atom(i), {Agent(i - 1)})));
    announce(*nobody);
  }
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
  static std::vector<std::vector<int>> observations(int n) {
    std::vector<std::vector<int>> out(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
      for (int v = 0; v < n; ++v)
        if (v != i) out[std::size_t(i)].push_back(v);
    return out;
  }
  bdd actual() const {
    std::vector<int> all(static_cast<std::size_t>(n_));
    for (int i = 0; i < n_; ++i) all[std::size_t(i)] = i;
    return actual_on(all);
  }

  int n_;
  BuddySession session_;
  KnowledgeStructure ks_;
  std::vector<bool> muddy_;
};

}  // namespace kripke::symbolic
