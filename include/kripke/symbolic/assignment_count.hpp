// Counting and listing the satisfying assignments of a BDD over the variables 0..n-1, in
// increasing order when the assignment is read as a binary number with variable 0 as its
// most significant bit (BuDDy's variable order: level k is variable k). Counts are exact
// in 128 bits.
//
// The symbolic engine lays a model's variables out so that this order is the explicit
// engine's order of worlds (symbolic/model_structure.hpp): the first k worlds, the k-th
// world and the counts are the same on both engines.
#pragma once

#include <bdd.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "kripke/deals.hpp"

namespace kripke::symbolic {

class AssignmentCount {
 public:
  AssignmentCount(const bdd& f, int variables) : f_(f), n_(variables), epoch_(next_epoch()) {}

  // The number of satisfying assignments of the n variables.
  BigCount total() const { return times_power_of_two(from(f_.id()), level_of(f_.id())); }

  // The k-th satisfying assignment (from 0; k < total()), a bit per variable.
  std::vector<bool> nth(BigCount k) const {
    std::vector<bool> bits(static_cast<std::size_t>(n_), false);
    BDD node = f_.id();
    for (int level = 0; level < n_; ++level) {
      if (level < level_of(node)) {  // the variable is free here: both halves alike
        const BigCount half = times_power_of_two(from(node), level_of(node) - level - 1);
        if (k >= half) {
          k -= half;
          bits[std::size_t(level)] = true;
        }
        continue;
      }
      const BDD low = bdd_low(node);
      const BigCount below = times_power_of_two(from(low), level_of(low) - level - 1);
      if (k < below) {
        node = low;
      } else {
        k -= below;
        bits[std::size_t(level)] = true;
        node = bdd_high(node);
      }
    }
    return bits;
  }

  // The first `limit` satisfying assignments, in increasing order.
  std::vector<std::vector<bool>> first(std::size_t limit) const {
    std::vector<std::vector<bool>> out;
    std::vector<bool> bits(static_cast<std::size_t>(n_), false);
    list(f_.id(), 0, bits, out, limit);
    return out;
  }

  // For every variable v (by level): how many satisfying assignments have a twin, the
  // assignment with v flipped, that satisfies too, i.e. |∀v f|. One pass over the diagram
  // for all variables instead of a quantification and a count per variable: an assignment
  // and its twin agree above v and below it, so they meet at the nodes labelled v (one takes
  // the low edge, the other the high edge: the pairs of both cofactors' common satisfying
  // assignments) or cross v on an edge that skips it (both satisfy alike).
  std::vector<BigCount> twin_counts() const {
    std::vector<BigCount> twins(static_cast<std::size_t>(n_), 0);
    if (f_ == bddfalse) return twins;
    // The nodes in order of level, and for each the number of assignments of the levels
    // above it that lead to it.
    std::vector<BDD> nodes;
    std::unordered_map<BDD, BigCount> paths;
    collect(f_.id(), nodes, paths);
    std::sort(nodes.begin(), nodes.end(),
              [this](BDD a, BDD b) { return level_of(a) < level_of(b); });
    std::vector<BigCount> skipped(static_cast<std::size_t>(n_) + 1, 0);  // range adds
    // The common satisfying assignments of two nodes: pairs that agree on every variable.
    const std::vector<bool> every(static_cast<std::size_t>(n_), true);
    count_pairs_agreeing_on(every);
    const auto cross = [&](BigCount arriving, int from_level, BDD to) {
      // `arriving` assignments of the levels above from_level cross the levels from
      // from_level up to the node's own level, free.
      if (to == bddfalse.id() || from_level >= level_of(to)) return;
      const BigCount both = times_power_of_two(arriving, level_of(to) - from_level) * from(to);
      skipped[std::size_t(from_level)] += both;
      skipped[std::size_t(level_of(to))] -= both;
    };
    const BDD root = f_.id();
    cross(1, 0, root);
    if (root != bddtrue.id()) paths[root] = times_power_of_two(1, level_of(root));
    for (const BDD node : nodes) {
      const BigCount arriving = paths[node];
      const int level = level_of(node);
      const BDD low = bdd_low(node), high = bdd_high(node);
      twins[std::size_t(level)] += 2 * arriving * pairs(low, high, level + 1);
      for (const BDD child : {low, high}) {
        if (child != bddfalse.id() && child != bddtrue.id())
          paths[child] += times_power_of_two(arriving, level_of(child) - level - 1);
        cross(arriving, level + 1, child);
      }
    }
    BigCount running = 0;
    for (int level = 0; level < n_; ++level) {
      running += skipped[std::size_t(level)];
      twins[std::size_t(level)] += running;
    }
    return twins;
  }

  // Σ over the classes of "same values of the variables in `observed`" of the square of
  // the class's number of satisfying assignments: the number of pairs of satisfying
  // assignments that agree on `observed` (an agent's relation, as pairs of worlds). The
  // caller keeps it within 128 bits (total()² < 2^128).
  BigCount pairs_agreeing_on(const std::vector<bool>& observed) const {
    count_pairs_agreeing_on(observed);
    return pairs(f_.id(), f_.id(), 0);
  }

 private:
  // x · 2^k. A node's count is shifted by the levels it skips, and the false terminal sits
  // at level n however many variables there are (past 128 in a long game of gossip): zero
  // stays zero at any distance, and a count that does not fit in 128 bits is an error
  // rather than a wrong number.
  static BigCount times_power_of_two(BigCount x, int k) {
    if (x == 0) return 0;
    if (k >= 128 || (k > 0 && (x >> (128 - k)) != 0))
      throw std::overflow_error(
          "a count of 2^128 or more assignments (counts are exact in 128 bits)");
    return x << k;
  }

  int level_of(BDD node) const {
    return node == bddtrue.id() || node == bddfalse.id() ? n_ : bdd_var(node);
  }

  // The counts of one count's nodes, indexed by node: kept between counts (a count per agent
  // and update made a hash map a third of `kripkesim run`'s time), each entry valid for the
  // count whose epoch it carries. BuDDy is used by one thread at a time (BuddySession).
  struct Memo {
    std::vector<BigCount> count;
    std::vector<std::uint32_t> epoch;
    std::uint32_t last_epoch = 0;
  };
  static Memo& memo() {
    thread_local Memo m;
    return m;
  }
  static std::uint32_t next_epoch() {
    Memo& m = memo();
    if (++m.last_epoch == 0) {  // wrapped: no entry may look current
      std::fill(m.epoch.begin(), m.epoch.end(), 0);
      m.last_epoch = 1;
    }
    return m.last_epoch;
  }

  // Satisfying assignments of the variables from the node's own level on.
  BigCount from(BDD node) const {
    if (node == bddfalse.id()) return 0;
    if (node == bddtrue.id()) return 1;
    Memo& m = memo();
    const auto at = std::size_t(node);
    if (at >= m.epoch.size()) {
      const std::size_t size = std::max<std::size_t>(at + 1, std::size_t(bdd_getallocnum()));
      m.epoch.resize(size, 0);
      m.count.resize(size);
    }
    if (m.epoch[at] == epoch_) return m.count[at];
    const int level = bdd_var(node);
    const BDD low = bdd_low(node), high = bdd_high(node);
    const BigCount n = times_power_of_two(from(low), level_of(low) - level - 1) +
                       times_power_of_two(from(high), level_of(high) - level - 1);
    m.count[at] = n;
    m.epoch[at] = epoch_;
    return n;
  }

  void list(BDD node, int level, std::vector<bool>& bits, std::vector<std::vector<bool>>& out,
            std::size_t limit) const {
    if (out.size() >= limit || node == bddfalse.id()) return;
    if (level == n_) {
      out.push_back(bits);
      return;
    }
    const bool free = level < level_of(node);
    for (const bool value : {false, true}) {
      bits[std::size_t(level)] = value;
      list(free ? node : value ? bdd_high(node) : bdd_low(node), level + 1, bits, out, limit);
    }
    bits[std::size_t(level)] = false;
  }

  // Prepares pairs() to count pairs of assignments that agree on `observed` (which must
  // outlive the counting).
  void count_pairs_agreeing_on(const std::vector<bool>& observed) const {
    weight_prefix_.assign(static_cast<std::size_t>(n_) + 1, 0);
    for (int l = 0; l < n_; ++l)
      weight_prefix_[std::size_t(l) + 1] =
          weight_prefix_[std::size_t(l)] + (observed[std::size_t(l)] ? 1 : 2);
    pair_memo_.clear();
    observed_ = &observed;
  }

  // The inner nodes reachable from `node`, each once (`paths` holds a zero for each).
  void collect(BDD node, std::vector<BDD>& nodes, std::unordered_map<BDD, BigCount>& paths) const {
    if (node == bddtrue.id() || node == bddfalse.id() || !paths.emplace(node, 0).second) return;
    nodes.push_back(node);
    collect(bdd_low(node), nodes, paths);
    collect(bdd_high(node), nodes, paths);
  }

  // Σ_o c_u(o)·c_v(o) over the assignments o of the observed variables from `level` on,
  // c_x(o) counting x's satisfying assignments of the other variables from `level` on.
  // A skipped observed level doubles the sum; a skipped unobserved one doubles both counts.
  BigCount pairs(BDD u, BDD v, int level) const {
    if (u == bddfalse.id() || v == bddfalse.id()) return 0;
    const int top = std::min(level_of(u), level_of(v));
    const int shift = weight_prefix_[std::size_t(top)] - weight_prefix_[std::size_t(level)];
    if (top == n_) return times_power_of_two(1, shift);
    const std::uint64_t key = (std::uint64_t(std::uint32_t(u)) << 32) | std::uint32_t(v);
    BigCount at_top = 0;
    if (const auto it = pair_memo_.find(key); it != pair_memo_.end()) {
      at_top = it->second;
    } else {
      const BDD u0 = level_of(u) == top ? bdd_low(u) : u, u1 = level_of(u) == top ? bdd_high(u) : u;
      const BDD v0 = level_of(v) == top ? bdd_low(v) : v, v1 = level_of(v) == top ? bdd_high(v) : v;
      if ((*observed_)[std::size_t(top)])
        at_top = pairs(u0, v0, top + 1) + pairs(u1, v1, top + 1);
      else
        at_top = pairs(u0, v0, top + 1) + pairs(u0, v1, top + 1) + pairs(u1, v0, top + 1) +
                 pairs(u1, v1, top + 1);
      pair_memo_.emplace(key, at_top);
    }
    return times_power_of_two(at_top, shift);
  }

  bdd f_;
  int n_;
  std::uint32_t epoch_;
  mutable std::unordered_map<std::uint64_t, BigCount> pair_memo_;
  mutable std::vector<int> weight_prefix_;
  mutable const std::vector<bool>* observed_ = nullptr;
};

}  // namespace kripke::symbolic
