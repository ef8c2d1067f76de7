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

#include <algorithm>
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
    // outs_before_[k]: how many Out variables come before variable k (none: not kept).
    if (std::find(twins_.begin(), twins_.end(), Twin::Out) == twins_.end()) return;
    const int variables = bdd_varnum();
    outs_before_.assign(std::size_t(variables) + 1, 0);
    for (int v = 0; v < variables; ++v)
      outs_before_[std::size_t(v) + 1] = outs_before_[std::size_t(v)] + (twin(v) == Twin::Out);
  }

  bdd of(const bdd& f) { return skips_out(-1, f) ? bddfalse : below(f); }

 private:
  Twin twin(int v) const {
    if (twins_.empty()) return Twin::In;
    return std::size_t(v) < twins_.size() ? twins_[std::size_t(v)] : Twin::Free;
  }
  // Whether an Out variable lies strictly between level `above` and f's variable (a
  // terminal's level is past the last variable): skipped there, so its twin is in.
  [[gnu::always_inline]] bool skips_out(int above, const bdd& f) const {
    if (outs_before_.empty()) return false;
    const int at = f == bddtrue || f == bddfalse ? bdd_varnum() : bdd_var(f);
    return outs_before_[std::size_t(at)] > outs_before_[std::size_t(above + 1)];
  }
  // The assignments of f whose twins are as chosen, f's variable and those below (the
  // variables above were its ancestors' to check); `branch` the same for a cofactor.
  [[gnu::always_inline]] bdd branch(int above, const bdd& f) {
    return skips_out(above, f) ? bddfalse : below(f);
  }
  bdd below(const bdd& f) {
    if (f == bddtrue || f == bddfalse) return f;
    if (const auto it = memo_.find(f.id()); it != memo_.end()) return it->second;
    const int x = bdd_var(f);
    const bdd low = bdd_low(f), high = bdd_high(f);
    const Twin t = twin(x);
    bdd out = t == Twin::In ? bdd_ite(bdd_ithvar(x), branch(x, high) & low, branch(x, low) & high)
              : t == Twin::Out
                  ? bdd_ite(bdd_ithvar(x), branch(x, high) & !low, branch(x, low) & !high)
                  : bdd_ite(bdd_ithvar(x), branch(x, high), branch(x, low));
    memo_.emplace(f.id(), out);
    return out;
  }

  std::vector<Twin> twins_;
  std::vector<int> outs_before_;  // empty when no twin is Out
  // By node: f holds every node below it, so no number is reused while this lives.
  std::unordered_map<int, bdd> memo_;
};

// ∧_v ∀v f over every variable.
inline bdd every_twin(const bdd& f) { return EveryTwin().of(f); }

}  // namespace kripke::symbolic
