// The assignments satisfying a BDD whose every twin satisfies it too, a twin being the
// assignment with one of the chosen variables flipped: ∧_{v chosen} ∀v f, built in one pass
// over f's diagram.
//
// Where an agent's only unobserved variable is v, a state whose v-twin is a state is one
// where the agent does not know whether v: "nobody knows whether they are muddy" is this
// set of the muddy children's law. Quantifying each variable and conjoining the results
// costs a pass over the law per variable; here, at a node labelled with a chosen x whose
// cofactors are f0 and f1, an assignment with x = 0 has its x-twin in f1 and its other twins
// in f0, so
//   every_twin(f) = ite(x, every_twin(f1) ∧ f0, every_twin(f0) ∧ f1),
// at a node of another variable every_twin(f) = ite(x, every_twin(f1), every_twin(f0)), and
// a variable skipped on a path is free there, so flipping it keeps the assignment in.
#pragma once

#include <bdd.h>

#include <unordered_map>
#include <utility>
#include <vector>

namespace kripke::symbolic {

class EveryTwin {
 public:
  // chosen[v]: whether variable v's twins count (every variable when empty).
  explicit EveryTwin(std::vector<bool> chosen = {}) : chosen_(std::move(chosen)) {}

  bdd of(const bdd& f) {
    if (f == bddtrue || f == bddfalse) return f;
    if (const auto it = memo_.find(f.id()); it != memo_.end()) return it->second;
    const int x = bdd_var(f);
    const bdd low = bdd_low(f), high = bdd_high(f);
    const bool twin =
        chosen_.empty() || (std::size_t(x) < chosen_.size() && chosen_[std::size_t(x)]);
    bdd out = twin ? bdd_ite(bdd_ithvar(x), of(high) & low, of(low) & high)
                   : bdd_ite(bdd_ithvar(x), of(high), of(low));
    memo_.emplace(f.id(), out);
    return out;
  }

 private:
  std::vector<bool> chosen_;
  // By node: f holds every node below it, so no number is reused while this lives.
  std::unordered_map<int, bdd> memo_;
};

// ∧_v ∀v f over every variable.
inline bdd every_twin(const bdd& f) { return EveryTwin().of(f); }

}  // namespace kripke::symbolic
