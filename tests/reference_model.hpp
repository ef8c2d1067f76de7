// A deliberately naive Kripke model, the oracle of the differential tests.
//
// Everything here follows the textbook definitions as literally as possible: relations are W×W
// boolean matrices (no partitions, no bitsets), the alive worlds a std::set, and every modal
// operator quantifies over the matrix row. It shares nothing with the engine except the formula
// syntax tree, so a bug would have to be made twice, in two different shapes, to go unnoticed.
// Speed does not matter beyond keeping the test run short.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "kripke/formula.hpp"

namespace reference {

using Matrix = std::vector<std::vector<bool>>;  // [w][v]: is v accessible from w?

// The truth of each atom for each valuation index (row of the game's valuation table).
using Atoms = std::map<std::string, std::vector<bool>>;

// An action model: preconditions as membership per world, and per agent which events it
// considers possible when each happens, as a matrix (any relation).
struct Action {
  std::vector<std::vector<bool>> pre;  // [event][world]
  std::vector<Matrix> related;         // [agent][event][event]
  int actual_event = 0;
  // Factual change: event e sends world w's valuation to post[e].at(w); events without an
  // entry keep valuations.
  std::map<int, std::map<int, std::uint32_t>> post;
};

struct Model {
  std::set<int> alive;
  std::vector<Matrix> rel;               // [agent][w][v]
  std::vector<std::uint32_t> valuation;  // [w]
  int actual = 0;

  int world_count() const { return static_cast<int>(valuation.size()); }
  int agent_count() const { return static_cast<int>(rel.size()); }

  // |{v alive : R_i(actual, v)}|
  std::size_t possible(int i) const {
    std::size_t n = 0;
    for (int v : alive) n += rel[i][actual][v] ? 1 : 0;
    return n;
  }

  // |{(w, v) : w, v alive, R_i(w, v)}|
  std::uint64_t relations(int i) const {
    const std::vector<int> list(alive.begin(), alive.end());  // faster to iterate than a set
    std::uint64_t n = 0;
    for (int w : list) {
      const std::vector<bool>& row = rel[i][w];
      for (int v : list) n += row[v] ? 1 : 0;
    }
    return n;
  }

  // Public announcement: the worlds outside `truth` die.
  void announce(const std::set<int>& truth) {
    if (!truth.count(actual)) throw std::logic_error("reference: false announcement");
    for (auto it = alive.begin(); it != alive.end();)
      it = truth.count(*it) ? std::next(it) : alive.erase(it);
  }

  // Private observation of key: agents in the group lose every edge between worlds with different
  // keys.
  void observe(const std::vector<int>& group, const std::vector<std::uint64_t>& key) {
    for (int i : group)
      for (int w = 0; w < world_count(); ++w)
        for (int v = 0; v < world_count(); ++v)
          if (key[w] != key[v]) rel[i][w][v] = false;
  }

  // Product update: new worlds are the pairs (w, e), w alive and w ∈ pre(e), numbered in order of w
  // then e; (w,e) R_i (v,f) iff w R_i v and e R_i f; (w,e) carries e's postcondition of w.
  void product_update(const Action& a) {
    std::vector<std::pair<int, int>> pairs;
    for (int w : alive)
      for (int e = 0; e < static_cast<int>(a.pre.size()); ++e)
        if (a.pre[e][w]) pairs.emplace_back(w, e);
    const int n = static_cast<int>(pairs.size());

    Model next;
    next.actual = -1;
    for (int k = 0; k < n; ++k) {
      next.alive.insert(k);
      const auto [w, e] = pairs[k];
      const auto changed = a.post.find(e);
      next.valuation.push_back(changed == a.post.end() ? valuation[w] : changed->second.at(w));
      if (pairs[k] == std::pair<int, int>(actual, a.actual_event)) next.actual = k;
    }
    if (next.actual < 0) throw std::logic_error("reference: actual event impossible");
    for (int i = 0; i < agent_count(); ++i) {
      Matrix m(n, std::vector<bool>(n, false));
      for (int k = 0; k < n; ++k)
        for (int l = 0; l < n; ++l)
          m[k][l] = rel[i][pairs[k].first][pairs[l].first] &&
                    a.related[i][pairs[k].second][pairs[l].second];
      next.rel.push_back(std::move(m));
    }
    *this = std::move(next);
  }
};

// Truth of φ at every world (false at dead worlds), straight from the definitions.
class Evaluator {
 public:
  // The truth of an atom or a comparison at a valuation (a row of the game's table).
  using Facts = std::function<bool(const kripke::Formula&, std::uint32_t valuation)>;

  // A term's value at a valuation (Kv reads it).
  using Values = std::function<std::int64_t(const kripke::Term&, std::uint32_t valuation)>;

  Evaluator(const Model& m, Facts facts, Values values = {})
      : m_(m),
        facts_(std::move(facts)),
        values_(std::move(values)),
        alive_(m.alive.begin(), m.alive.end()) {}
  Evaluator(const Model& m, const Atoms& atoms)
      : Evaluator(m, [&atoms](const kripke::Formula& phi, std::uint32_t v) {
          if (phi.kind == kripke::Formula::Kind::Compare)
            throw std::logic_error("reference: these atoms have no comparisons");
          return bool(atoms.at(phi.name)[v]);
        }) {}

  std::vector<bool> holds(const kripke::Formula& phi) const {
    using K = kripke::Formula::Kind;
    switch (phi.kind) {
      case K::True:
        return where([](int) { return true; });
      case K::False:
        return where([](int) { return false; });
      case K::Atom:
      case K::Compare:
        return where([&](int w) { return facts_(phi, m_.valuation[w]); });
      case K::Not: {
        const auto a = holds(*phi.left);
        return where([&](int w) { return !a[w]; });
      }
      case K::And:
      case K::Or:
      case K::Implies:
      case K::Iff: {
        const auto a = holds(*phi.left), b = holds(*phi.right);
        return where([&](int w) {
          switch (phi.kind) {
            case K::And:
              return a[w] && b[w];
            case K::Or:
              return a[w] || b[w];
            case K::Implies:
              return !a[w] || b[w];
            default:
              return a[w] == b[w];
          }
        });
      }
      case K::Knows: {
        const auto a = holds(*phi.left);
        return where([&](int w) { return all_accessible(phi.agents[0], w, a, true); });
      }
      case K::Possible: {
        const auto a = holds(*phi.left);
        return where([&](int w) { return !all_accessible(phi.agents[0], w, a, false); });
      }
      case K::KnowsWhether: {
        const auto a = holds(*phi.left);
        const int i = phi.agents[0];
        return where(
            [&](int w) { return all_accessible(i, w, a, true) || all_accessible(i, w, a, false); });
      }
      case K::KnowsValue: {
        // One value of the term among the alive worlds the agent considers possible.
        return where([&](int w) {
          std::set<std::int64_t> seen;
          for (int v : alive_)
            if (m_.rel[phi.agents[0]][w][v]) seen.insert(values_(*phi.lhs, m_.valuation[v]));
          return seen.size() <= 1;
        });
      }
      case K::Everybody: {
        const auto a = holds(*phi.left);
        return where([&](int w) {
          for (int i : phi.agents)
            if (!all_accessible(i, w, a, true)) return false;
          return true;
        });
      }
      case K::Common:
        return common(phi.agents, holds(*phi.left));
      case K::Distributed: {
        // Every alive v that every agent of the group considers possible from w.
        const auto a = holds(*phi.left);
        return where([&](int w) {
          for (int v : alive_) {
            bool all = true;
            for (int i : phi.agents) all = all && m_.rel[i][w][v];
            if (all && !a[v]) return false;
          }
          return true;
        });
      }
      case K::Announce:
      case K::AnnounceDual: {
        // ψ in the model restricted to the worlds where φ holds: a copy with fewer alive.
        const auto a = holds(*phi.left);
        Model restricted = m_;
        restricted.alive.clear();
        for (int w : alive_)
          if (a[w]) restricted.alive.insert(w);
        const auto b = Evaluator(restricted, facts_, values_).holds(*phi.right);
        if (phi.kind == K::Announce) return where([&](int w) { return !a[w] || b[w]; });
        return where([&](int w) { return a[w] && b[w]; });
      }
    }
    throw std::logic_error("reference: unknown formula kind");
  }

  // The sorted list of worlds where φ holds.
  std::vector<int> truth_set(const kripke::Formula& phi) const {
    const auto h = holds(phi);
    std::vector<int> out;
    for (int w = 0; w < m_.world_count(); ++w)
      if (h[w]) out.push_back(w);
    return out;
  }

 private:
  template <class Pred>
  std::vector<bool> where(Pred pred) const {
    std::vector<bool> out(m_.world_count(), false);
    for (int w : alive_) out[w] = pred(w);
    return out;
  }

  // Whether every alive v with R_i(w, v) has a[v] == value.
  bool all_accessible(int i, int w, const std::vector<bool>& a, bool value) const {
    const std::vector<bool>& row = m_.rel[i][w];
    for (int v : alive_)
      if (row[v] && a[v] != value) return false;
    return true;
  }

  // C_G φ at w: φ holds at every alive world reachable from w in one or more steps of agents
  // of G (on reflexive relations the same as zero or more). That is the greatest X with
  // X = E_G(φ ∧ X): start from every world and drop the worlds with a step to a world
  // outside φ ∧ X until nothing changes (at most W rounds).
  std::vector<bool> common(const std::vector<kripke::Agent>& group,
                           const std::vector<bool>& a) const {
    std::vector<bool> x(a.size(), true);
    for (bool changed = true; changed;) {
      changed = false;
      std::vector<bool> target(a.size());
      for (std::size_t w = 0; w < a.size(); ++w) target[w] = a[w] && x[w];
      for (int w : alive_) {
        if (!x[w]) continue;
        for (int i : group)
          if (!all_accessible(i, w, target, true)) {
            x[w] = false;
            changed = true;
            break;
          }
      }
    }
    return where([&](int w) { return bool(x[w]); });
  }

  const Model& m_;
  Facts facts_;
  Values values_;
  const std::vector<int> alive_;  // m_.alive as a list: iterating a std::set is slow
};

}  // namespace reference
