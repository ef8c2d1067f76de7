// Whether a formula holds at one world, evaluated outward from that world: K_i ψ, M_i ψ,
// Kw_i ψ and E_G ψ look only at the worlds agent i considers possible from it (its class),
// and ψ at each of those, every (subformula, world) once per question. Where the classes are small
// (a child who sees every forehead but its own: two worlds) this reads a handful of worlds where a
// truth set (evaluate.hpp) reads them all; a game's legal-move and win checks ask exactly such
// questions at the actual world. An atom is read at the world by the caller's `atom_at` where it
// can; atoms it cannot, Kv, C, D, announcements and relations that are not partitions are computed
// as truth sets by the caller's `whole` and read at the world. A question that would visit too many
// worlds (large classes, deep nesting) gives up, and the caller computes the truth set instead.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "kripke/evaluate.hpp"
#include "kripke/formula.hpp"
#include "kripke/model.hpp"
#include "kripke/world_set.hpp"

namespace kripke {

class PointEvaluator {
 public:
  using Whole = std::function<WorldSet(const Formula&)>;
  using AtomAt = std::function<std::optional<bool>(const Formula& atom, World w)>;

  // `whole`: the truth set of a formula on m (the game's evaluator); `agent_names` as the
  // Evaluator's, read where they are (they outlive the evaluator: a play asks many questions,
  // and copying its agents' names for each was a sixth of a game's legal moves); `atom_at`,
  // when given: an atom's truth at one world, or none where only its truth set says.
  PointEvaluator(const Model& m, Whole whole, const std::vector<std::string>& agent_names,
                 AtomAt atom_at = {})
      : m_(m), whole_(std::move(whole)), agent_names_(agent_names), atom_at_(std::move(atom_at)) {}

  // φ at world w (alive), or nullopt when the question would visit more worlds than a
  // truth set costs.
  std::optional<bool> holds_at(const Formula& phi, World w) {
    // What was remembered is keyed by the nodes of the last question, which may be gone.
    memo_.clear();
    sets_.clear();
    visits_ = 0;
    budget_ = 256 + m_.world_count() / 16;
    try {
      return at(phi, w);
    } catch (const GiveUp&) {
      return std::nullopt;
    }
  }

 private:
  struct GiveUp {};
  struct KeyHash {
    std::size_t operator()(const std::pair<const Formula*, World>& k) const {
      return std::hash<const void*>()(k.first) ^ (std::size_t(k.second) * 0x9E3779B97F4A7C15ULL);
    }
  };

  bool at(const Formula& phi, World w) {
    using K = Formula::Kind;
    switch (phi.kind) {
      case K::True:
        return true;
      case K::False:
        return false;
      case K::Not:
        return !at(*phi.left, w);
      case K::And:
        return at(*phi.left, w) && at(*phi.right, w);
      case K::Or:
        return at(*phi.left, w) || at(*phi.right, w);
      case K::Implies:
        return !at(*phi.left, w) || at(*phi.right, w);
      case K::Iff:
        return at(*phi.left, w) == at(*phi.right, w);
      case K::Knows:
      case K::Possible:
      case K::KnowsWhether:
      case K::Everybody:
        return modal(phi, w);
      case K::Atom:
        if (atom_at_)
          if (const std::optional<bool> value = atom_at_(phi, w)) return *value;
        return from_truth_set(phi, w);
      default:
        return from_truth_set(phi, w);
    }
  }

  // K, M, Kw and E over partitions, from w's classes; remembered per (φ, w), as the worlds
  // of a class ask the same nested question.
  bool modal(const Formula& phi, World w) {
    const std::vector<Agent> agents = operator_agents(phi, agent_names_, m_.agent_count());
    for (Agent i : agents)
      if (!m_.has_partition(i)) return from_truth_set(phi, w);
    const auto key = std::make_pair(&phi, w);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    using K = Formula::Kind;
    bool out = true;
    for (Agent i : agents) {
      bool some_true = false, some_false = false;
      for (World v : m_.partition(i).class_containing(w)) {
        if (!m_.alive().test(v)) continue;
        if (++visits_ > budget_) throw GiveUp{};
        (at(*phi.left, v) ? some_true : some_false) = true;
        // Stop as soon as the class has decided the operator.
        if ((phi.kind == K::Possible && some_true) ||
            ((phi.kind == K::Knows || phi.kind == K::Everybody) && some_false) ||
            (phi.kind == K::KnowsWhether && some_true && some_false))
          break;
      }
      switch (phi.kind) {
        case K::Possible:
          out = some_true;
          break;
        case K::KnowsWhether:
          out = !(some_true && some_false);
          break;
        default:  // K, and each agent of E
          out = out && !some_false;
      }
      if (!out) break;
    }
    memo_.emplace(key, out);
    return out;
  }

  bool from_truth_set(const Formula& phi, World w) {
    auto it = sets_.find(&phi);
    if (it == sets_.end()) it = sets_.emplace(&phi, whole_(phi)).first;
    return it->second.test(w);
  }

  const Model& m_;
  Whole whole_;
  const std::vector<std::string>& agent_names_;
  AtomAt atom_at_;
  std::unordered_map<const Formula*, WorldSet> sets_;
  std::unordered_map<std::pair<const Formula*, World>, bool, KeyHash> memo_;
  std::size_t visits_ = 0, budget_ = 0;
};

}  // namespace kripke
