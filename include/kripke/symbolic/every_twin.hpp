// The assignments satisfying a BDD whose twins are as chosen, a twin being the assignment
// with one chosen variable flipped: per chosen variable v, its v-twin satisfies the BDD too
// (In) or does not (Out). That is f ∧ ∧_{v In} ∀v f ∧ ∧_{v Out} ¬∀v f, built in one pass
// over f's diagram.
//
// Where an agent's only unobserved variable is v, a state whose v-twin is a state is one
// where the agent does not know whether v, and a state whose v-twin is not one is one where
// it knows: "nobody knows whether they are muddy" is the first set of the muddy children's
// law for every child. Quantifying each variable and conjoining the results costs a pass
// over the law per variable; here, at a node labelled with a chosen x whose cofactors are
// f0 and f1, an assignment with x = 0 has its x-twin in f1 and its other twins in f0, so
//   twins(f) = ite(x, twins(f1) ∧ f0, twins(f0) ∧ f1)      (x In; ¬f0, ¬f1 for x Out),
// at a node of another variable twins(f) = ite(x, twins(f1), twins(f0)), and a variable
// skipped on a path is free there: flipping it keeps the assignment in, which In asks and
// Out refuses.
#pragma once

#include <bdd.h>

#include <cstddef>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kripke::symbolic {

class EveryTwin {
 public:
  enum class Twin : unsigned char { Free, In, Out };

  // twins[v]: what variable v's twin must do (Free past the end; every variable In when
  // empty).
  explicit EveryTwin(std::vector<Twin> twins = {}) : twins_(std::move(twins)) {
    // outs_before_[k]: how many Out variables come before variable k.
    const int variables = bdd_varnum();
    outs_before_.assign(std::size_t(variables) + 1, 0);
    for (int v = 0; v < variables; ++v)
      outs_before_[std::size_t(v) + 1] = outs_before_[std::size_t(v)] + (twin(v) == Twin::Out);
  }

  bdd of(const bdd& f) { return out_between(-1, level(f)) ? bddfalse : below(f); }

 private:
  Twin twin(int v) const {
    if (twins_.empty()) return Twin::In;
    return std::size_t(v) < twins_.size() ? twins_[std::size_t(v)] : Twin::Free;
  }
  static int level(const bdd& f) {
    return f == bddtrue || f == bddfalse ? bdd_varnum() : bdd_var(f);
  }
  // Whether an Out variable lies strictly between levels `above` and `at` (skipped there).
  bool out_between(int above, int at) const {
    return outs_before_[std::size_t(at)] > outs_before_[std::size_t(above + 1)];
  }
  // The assignments of f whose twins are as chosen, for the variables from f's own down
  // (those above were its ancestors' to check).
  bdd below(const bdd& f) {
    if (f == bddtrue || f == bddfalse) return f;
    if (const auto it = memo_.find(f.id()); it != memo_.end()) return it->second;
    const int x = bdd_var(f);
    const bdd low = bdd_low(f), high = bdd_high(f);
    bdd with0 = out_between(x, level(low)) ? bddfalse : below(low);
    bdd with1 = out_between(x, level(high)) ? bddfalse : below(high);
    switch (twin(x)) {
      case Twin::In:
        with0 &= high;
        with1 &= low;
        break;
      case Twin::Out:
        with0 &= !high;
        with1 &= !low;
        break;
      case Twin::Free:
        break;
    }
    bdd out = bdd_ite(bdd_ithvar(x), with1, with0);
    memo_.emplace(f.id(), out);
    return out;
  }

  std::vector<Twin> twins_;
  std::vector<int> outs_before_;
  // By node: f holds every node below it, so no number is reused while this lives.
  std::unordered_map<int, bdd> memo_;
};

// ∧_v ∀v f over every variable.
inline bdd every_twin(const bdd& f) { return EveryTwin().of(f); }

}  // namespace kripke::symbolic
