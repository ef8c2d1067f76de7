// The worlds of a model of variables and a law, found by solving the law rather than by
// testing every assignment: a search over the variables, most significant first (so that
// the worlds come out in increasing assignment number), that reasons about the law with the
// variables it has not fixed yet.
//
// At each step the law is read in three values over the next variable v: for every
// subformula, the values of v for which it may be true and those for which it may be false,
// the variables not yet fixed standing for their whole range. A comparison linear in v,
// a·v + r op 0 with r in an interval, gives both as intervals of v; a term that is not
// linear in v (v·v, v / 2) says nothing about v and leaves the choice to the steps below.
// Connectives combine the sets. So `c = a + b` with a and b fixed gives c its one value,
// `x < y & x + y <= 1000` gives x an interval once y is fixed, and a sum over cards
// `a0 + b0 + e0 = 1` closes the other two once one of them is 1: the search visits about as
// many steps as there are worlds, not assignments (the three-number puzzle at bound 500:
// 250,000 steps for 374,250 worlds among 125 million assignments). Where the law holds for
// every value of the variables left (or where what is left is read exactly), the block of
// assignments below is taken whole; a variable the law does not name multiplies what was
// found below it.
//
// The search gives up (nullopt) past a number of steps, and is not used at all when a term
// of the law could overflow or divide by zero somewhere in the domains: the explicit engine
// then tests every assignment as before (and reports the first failure as it did).
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/formula.hpp"
#include "kripke/model_lang/arithmetic.hpp"
#include "kripke/model_lang/vocabulary.hpp"

namespace kripke::model_lang {

namespace law_solver_detail {

__extension__ using Wide = __int128;  // term bounds: values are at most 2^40, products of two fit

// Value indices of one variable, as sorted disjoint half-open intervals: a few kept in
// place (a law's sets are mostly one interval or two), more on the heap.
class IndexSet {
 public:
  using Span = std::pair<std::uint64_t, std::uint64_t>;
  static IndexSet none() { return {}; }
  static IndexSet all(std::uint64_t n) { return span(0, n); }
  static IndexSet span(std::uint64_t lo, std::uint64_t hi) {
    IndexSet out;
    if (lo < hi) out.push(lo, hi);
    return out;
  }

  bool empty() const { return size_ == 0; }
  const Span* begin() const { return size_ <= kInPlace ? in_place_ : heap_.data(); }
  const Span* end() const { return begin() + size_; }

  friend IndexSet operator&(const IndexSet& x, const IndexSet& y) {
    IndexSet out;
    const Span *i = x.begin(), *j = y.begin();
    while (i != x.end() && j != y.end()) {
      const std::uint64_t lo = std::max(i->first, j->first), hi = std::min(i->second, j->second);
      if (lo < hi) out.push(lo, hi);
      (i->second < j->second ? i : j)++;
    }
    return out;
  }
  friend IndexSet operator|(const IndexSet& x, const IndexSet& y) {
    IndexSet out;
    const Span *i = x.begin(), *j = y.begin();
    while (i != x.end() || j != y.end()) {
      const Span s = j == y.end() || (i != x.end() && i->first < j->first) ? *i++ : *j++;
      if (out.size_ > 0 && s.first <= out.back().second) {
        out.back().second = std::max(out.back().second, s.second);
      } else {
        out.push(s.first, s.second);
      }
    }
    return out;
  }

 private:
  static constexpr std::uint32_t kInPlace = 3;
  Span& back() { return const_cast<Span&>(end()[-1]); }
  // The bounds as two numbers: a pair passed whole was spilled as two 8-byte stores and
  // read back as one 16-byte load, a store-forwarding stall that took 40% of a search.
  void push(std::uint64_t lo, std::uint64_t hi) {
    if (size_ < kInPlace) {
      in_place_[size_].first = lo;
      in_place_[size_].second = hi;
      ++size_;
      return;
    }
    if (size_ == kInPlace) heap_.assign(in_place_, in_place_ + kInPlace);
    heap_.emplace_back(lo, hi);
    ++size_;
  }
  Span in_place_[kInPlace];
  std::uint32_t size_ = 0;
  std::vector<Span> heap_;
};

// What a subformula may be over the values of the variable being chosen.
struct Reading {
  IndexSet may_hold, may_fail;
  bool exact = true;  // each set is exactly where it holds (fails), whatever the rest is
};

// A term as a·v + r, r in [lo, hi] (linear), or only its bounds [lo, hi] (not linear in v).
struct Bounds {
  bool linear = true;
  Wide a = 0, lo = 0, hi = 0;
};

// One variable's domain, for turning bounds on its value into value indices.
struct Domain {
  std::uint64_t size = 0;
  Wide min = 0, max = 0;
  bool ascending = true;
  bool consecutive = true;  // min, min + 1, ..., max (a range): an index is value - min
  std::vector<std::pair<std::int64_t, std::uint64_t>> by_value;  // unsorted lists: (value, index)

  explicit Domain(const Variable& var) : size(var.values.size()) {
    min = *std::min_element(var.values.begin(), var.values.end());
    max = *std::max_element(var.values.begin(), var.values.end());
    ascending = std::is_sorted(var.values.begin(), var.values.end());
    consecutive = ascending && max - min + 1 == Wide(size);
    if (!ascending)
      for (std::uint64_t k = 0; k < size; ++k) by_value.push_back({var.values[k], k});
    std::sort(by_value.begin(), by_value.end());
  }

  // The indices of the values in [lo, hi].
  IndexSet between(Wide lo, Wide hi, const Variable& var) const {
    if (lo > hi) return IndexSet::none();
    if (consecutive) {
      const Wide from = std::max(lo, min), to = std::min(hi, max);
      return from > to ? IndexSet::none()
                       : IndexSet::span(std::uint64_t(from - min), std::uint64_t(to - min + 1));
    }
    if (ascending) {
      const auto first = std::lower_bound(var.values.begin(), var.values.end(), lo,
                                          [](std::int64_t v, Wide x) { return Wide(v) < x; });
      const auto last = std::upper_bound(var.values.begin(), var.values.end(), hi,
                                         [](Wide x, std::int64_t v) { return x < Wide(v); });
      return IndexSet::span(std::uint64_t(first - var.values.begin()),
                            std::uint64_t(last - var.values.begin()));
    }
    IndexSet out = IndexSet::none();
    for (const auto& [value, k] : by_value)
      if (Wide(value) >= lo && Wide(value) <= hi) out = out | IndexSet::span(k, k + 1);
    return out;
  }
};

inline Wide floor_div(Wide x, Wide y) {
  const Wide q = x / y;
  return (x % y != 0 && ((x < 0) != (y < 0))) ? q - 1 : q;
}
inline Wide ceil_div(Wide x, Wide y) { return -floor_div(-x, y); }

constexpr Wide kInfinity = Wide(1) << 100;

}  // namespace law_solver_detail

class LawSolver {
  using Wide = law_solver_detail::Wide;
  using IndexSet = law_solver_detail::IndexSet;
  using Reading = law_solver_detail::Reading;
  using Bounds = law_solver_detail::Bounds;
  using Domain = law_solver_detail::Domain;

 public:
  // A conjunction reads a variable of at most this many values value by value (each
  // comparison's range shifted by a·value), larger ones by solving a·v within bounds.
  static constexpr std::uint64_t kValueByValue = 16;

  // `vocab` is read during the search: it must outlive the solver. `value_by_value`: the
  // largest domain a conjunction reads value by value (the tests vary it).
  LawSolver(const Vocabulary& vocab, const Formula& law,
            std::uint64_t value_by_value = kValueByValue)
      : vocab_(vocab), value_by_value_(value_by_value) {
    const auto& vars = vocab.variables();
    named_.assign(vars.size(), false);
    fixed_.assign(vars.size(), -1);
    occurs_.resize(vars.size());
    blocks_.push_back(1);
    for (const Variable& var : vars) {
      domains_.emplace_back(var);
      blocks_.push_back(saturating_mul(blocks_.back(), BigCount(var.values.size())));
    }
    applicable_ = compile_formula(law, root_);
    if (applicable_ && linear_conjunction(root_)) {
      conjunction_ = true;
      add_literals(root_);
      for (LinearSum& sum : linear_) note_status(sum);
    }
  }

  // False when a term of the law could fail somewhere in the domains (or the law holds
  // something the solver does not read): the caller tests every assignment instead.
  bool applicable() const { return applicable_; }
  // Whether the law is read as a conjunction of linear comparisons (read_conjunction).
  bool reads_conjunction() const { return conjunction_; }

  // How many assignments satisfy the law (saturating), or nullopt past `max_steps` steps.
  std::optional<BigCount> count(std::uint64_t max_steps) {
    if (!applicable_) return std::nullopt;
    steps_left_ = max_steps;
    counting_ = true;
    aborted_ = over_worlds_ = false;
    const auto n = std::optional<BigCount>(search(int(domains_.size()) - 1, 0));
    return aborted_ ? std::nullopt : n;
  }

  // The satisfying assignments in increasing order, or nullopt past `max_steps` steps or
  // `max_worlds` worlds (then over_worlds() says so).
  std::optional<std::vector<std::uint32_t>> worlds(std::uint64_t max_steps,
                                                   std::uint64_t max_worlds) {
    if (!applicable_) return std::nullopt;
    steps_left_ = max_steps;
    max_worlds_ = max_worlds;
    counting_ = false;
    aborted_ = over_worlds_ = false;
    out_.clear();
    search(int(domains_.size()) - 1, 0);
    if (aborted_) return std::nullopt;
    return std::move(out_);
  }
  bool over_worlds() const { return over_worlds_; }

  // Whether a term can be computed at every assignment without overflow or division by
  // zero (an observed term, say: the explicit engine computes it at every world).
  bool never_fails(const Term& term) {
    try {
      return safe(compile(term, vocab_));
    } catch (const FormulaError&) {
      return false;
    }
  }

  // Whether the law holds at the assignment with these value indices (one per variable).
  bool holds_at(const std::vector<std::size_t>& indices) {
    for (std::size_t k = 0; k < fixed_.size(); ++k) fix(int(k), indices[k]);
    const bool holds = !read(root_, -1).may_hold.empty();  // every variable fixed: settled
    for (std::size_t k = 0; k < fixed_.size(); ++k) unfix(int(k));
    return holds;
  }

 private:
  enum class Op { Equal, Differ, Less, AtMost, Greater, AtLeast };
  struct Node {
    Formula::Kind kind = Formula::Kind::True;
    int variable = -1;  // Atom
    Op op = Op::Equal;  // Compare
    CompiledTerm lhs, rhs;
    int linear = -1;  // Compare: its index in linear_ when lhs - rhs is linear
    std::vector<Node> operands;
  };
  // lhs - rhs of a comparison as Σ a_i·x_i + constant, kept up to date as the search fixes
  // and frees variables: its range, the constant plus the sum over the fixed variables plus
  // the bounds of the sum over the free ones. Reading the comparison over the variable being
  // chosen is then a lookup, not a walk over every term (a sum over 12 cards, read at every
  // step of the search). A conjunction also keeps whether it cannot hold and whether it may
  // fail over that range, so that fixing a variable recounts only what changed.
  // Its numbers are 64 bits: a comparison is kept so only while the magnitudes of its
  // constant and of every variable's part add up to at most kNarrow (then every range,
  // part and their sums fit); the walk reads a wider one from its terms' bounds.
  using Narrow = std::int64_t;
  static constexpr Wide kNarrow = Wide(1) << 61;
  struct LinearSum {
    explicit LinearSum(Op comparison) : op(comparison) {
      // lhs - rhs op 0 holds exactly on [least, most] (or, negated, outside it): what it may
      // be over a range is then two comparisons, not a switch, at every step of the search.
      constexpr Narrow none = std::numeric_limits<Narrow>::max();
      least = op == Op::Greater ? 1 : op == Op::Less || op == Op::AtMost ? -none : 0;
      most = op == Op::Less ? -1 : op == Op::Greater || op == Op::AtLeast ? none : 0;
      negated = op == Op::Differ;
    }
    // Where it may hold, and may fail, when lhs - rhs is somewhere in [low, high].
    bool may_hold(Narrow low, Narrow high) const {
      return negated ? low < least || high > most : low <= most && high >= least;
    }
    bool may_fail(Narrow low, Narrow high) const {
      return negated ? low <= most && high >= least : low < least || high > most;
    }
    Op op;  // the comparison's: lhs - rhs op 0
    Narrow least = 0, most = 0;
    bool negated = false;
    Narrow lo = 0, hi = 0;
    bool cannot_hold = false, may_fail_now = false;  // counted in cannot_hold_ and may_fail_
  };

  // The law as nodes; false when it holds a term that could fail (or an operator the law
  // may not hold: the model's rules refuse those before).
  bool compile_formula(const Formula& phi, Node& node) {
    using K = Formula::Kind;
    node.kind = phi.kind;
    switch (phi.kind) {
      case K::True:
      case K::False:
        return true;
      case K::Atom: {
        node.variable = vocab_.find(variable_name_of(phi));
        if (node.variable < 0 || !vocab_.variables()[std::size_t(node.variable)].boolean)
          return false;  // the scan reports it
        named_[std::size_t(node.variable)] = true;
        return true;
      }
      case K::Compare: {
        node.op = phi.name == "="    ? Op::Equal
                  : phi.name == "!=" ? Op::Differ
                  : phi.name == "<"  ? Op::Less
                  : phi.name == "<=" ? Op::AtMost
                  : phi.name == ">"  ? Op::Greater
                                     : Op::AtLeast;
        try {
          std::tie(node.lhs, node.rhs) = compile_sides(phi, vocab_);
        } catch (const FormulaError&) {
          return false;  // the scan reports it
        }
        mark_named(node.lhs);
        mark_named(node.rhs);
        if (!safe(node.lhs) || !safe(node.rhs)) return false;
        add_linear(node);
        return true;
      }
      case K::Not:
      case K::And:
      case K::Or:
      case K::Implies:
      case K::Iff:
        for (const Formula* sub : {phi.left.get(), phi.right.get()})
          if (sub && !compile_formula(*sub, node.operands.emplace_back())) return false;
        return true;
      default:
        return false;
    }
  }

  // Registers node's lhs - rhs as a LinearSum when it is linear (sums, differences and
  // products by numbers of variables and numbers).
  void add_linear(Node& node) {
    std::vector<std::pair<int, Wide>> terms;
    Wide constant = 0;
    if (!linear_form(node.lhs, 1, terms, constant) || !linear_form(node.rhs, -1, terms, constant))
      return;
    std::sort(terms.begin(), terms.end());
    std::vector<Occurrence> parts;
    Wide lo = constant, hi = constant;
    Wide magnitude = constant < 0 ? -constant : constant;
    for (std::size_t j = 0; j < terms.size();) {  // a variable's occurrences merged
      const int x = terms[j].first;
      Wide a = 0;
      for (; j < terms.size() && terms[j].first == x; ++j) a += terms[j].second;
      if (a == 0) continue;
      const auto [part_lo, part_hi] = contribution(x, a);
      magnitude += std::max(part_hi, -part_lo);
      if (magnitude > kNarrow) return;  // too wide for 64 bits: the walk reads it
      parts.push_back({x, Narrow(a), Narrow(part_lo), Narrow(part_hi)});
      lo += part_lo;
      hi += part_hi;
    }
    node.linear = int(linear_.size());
    for (Occurrence& part : parts) {
      const auto x = std::size_t(part.sum);  // the variable, until here
      part.sum = node.linear;
      occurs_[x].push_back(part);
    }
    LinearSum sum(node.op);
    sum.lo = Narrow(lo);
    sum.hi = Narrow(hi);
    linear_.push_back(sum);
  }
  // Adds sign·t to the terms (variable, coefficient) and the constant; false when t is not
  // linear.
  static bool linear_form(const CompiledTerm& t, Wide sign,
                          std::vector<std::pair<int, Wide>>& terms, Wide& constant) {
    using TOp = Term::Op;
    switch (t.op) {
      case TOp::Number:
        constant += sign * t.number;
        return true;
      case TOp::Variable:
        terms.push_back({t.variable, sign});
        return true;
      case TOp::Negate:
        return linear_form(t.operands[0], -sign, terms, constant);
      case TOp::Add:
      case TOp::Subtract:
        return linear_form(t.operands[0], sign, terms, constant) &&
               linear_form(t.operands[1], t.op == TOp::Add ? sign : -sign, terms, constant);
      case TOp::Multiply:
        for (int side = 0; side < 2; ++side) {  // a number times a linear term
          std::vector<std::pair<int, Wide>> none;
          Wide k = 0;
          if (linear_form(t.operands[std::size_t(side)], 1, none, k) && none.empty())
            return linear_form(t.operands[std::size_t(1 - side)], sign * k, terms, constant);
        }
        return false;
      default:
        return false;
    }
  }
  // The bounds of a·x over x's domain.
  std::pair<Wide, Wide> contribution(int x, Wide a) const {
    const Domain& d = domains_[std::size_t(x)];
    const Wide p = a * d.min, q = a * d.max;
    return {std::min(p, q), std::max(p, q)};
  }
  // Variable v takes value index x (fix), or is free again (unfix).
  void fix(int v, std::size_t x) {
    fixed_[std::size_t(v)] = std::int64_t(x);
    shift(v, vocab_.variables()[std::size_t(v)].values[x], 1);
  }
  void unfix(int v) {
    const Wide value =
        vocab_.variables()[std::size_t(v)].values[std::size_t(fixed_[std::size_t(v)])];
    fixed_[std::size_t(v)] = -1;
    shift(v, value, -1);
  }
  // v's part of its sums moves from free to fixed at `value` (sign 1) or back (-1); a
  // conjunction's statuses follow (counted only there: other laws read their sums as they go).
  void shift(int v, Wide value, int sign) {
    if (conjunction_) {
      shift_sums<true>(v, value, sign);
    } else {
      shift_sums<false>(v, value, sign);
    }
  }
  template <bool Counted>
  void shift_sums(int v, Wide value, int sign) {
    for (const auto& [sum, a, lo, hi] : occurs_[std::size_t(v)]) {
      LinearSum& s = linear_[std::size_t(sum)];
      const Narrow part = a * Narrow(value);
      s.lo += sign * (part - lo);
      s.hi += sign * (part - hi);
      if constexpr (Counted) note_status(s);
    }
  }

  // A law that is a conjunction of linear comparisons (a deal of cards, say: a sum per card
  // and per hand) is read without walking it: per comparison, whether it may still hold
  // and may still fail over every free variable, kept as the search fixes and frees them
  // (counted: comparisons that cannot hold, comparisons that may fail), and only the
  // comparisons naming the variable being chosen read over its values. The reading is the
  // walk's: the conjunction's sets are the intersection and the union of its parts'.
  // Its parts may also be literals, p or ~p (the game language fixes some that way): read
  // as the comparisons p = 1 and p = 0.
  static bool linear_conjunction(const Node& node) {
    using K = Formula::Kind;
    if (node.kind == K::And)
      return std::all_of(node.operands.begin(), node.operands.end(), linear_conjunction);
    return node.kind == K::True || node.kind == K::Atom ||
           (node.kind == K::Not && node.operands[0].kind == K::Atom) ||
           (node.kind == K::Compare && node.linear >= 0);
  }
  void add_literals(const Node& node) {
    using K = Formula::Kind;
    if (node.kind == K::And) {
      for (const Node& part : node.operands) add_literals(part);
      return;
    }
    const bool positive = node.kind == K::Atom;
    if (!positive && node.kind != K::Not) return;  // a comparison (or true): in linear_ already
    const Node& atom = positive ? node : node.operands[0];
    LinearSum sum(Op::Equal);  // p - 1 = 0, or p = 0: its range with p free, 0 or 1
    sum.lo = positive ? -1 : 0;
    sum.hi = sum.lo + 1;
    const auto [lo, hi] = contribution(atom.variable, 1);
    occurs_[std::size_t(atom.variable)].push_back({int(linear_.size()), 1, Narrow(lo), Narrow(hi)});
    linear_.push_back(sum);
  }
  // Whether lhs - rhs ∈ [lo, hi] may satisfy `op` (holds), may not (fails): a comparison
  // read over a variable it does not name (compare() with a = 0).
  template <class Int>
  static bool may_hold(Op op, Int lo, Int hi) {
    switch (op) {
      case Op::Equal:
        return lo <= 0 && 0 <= hi;
      case Op::Differ:
        return !(lo == 0 && hi == 0);
      case Op::Less:
        return lo < 0;
      case Op::AtMost:
        return lo <= 0;
      case Op::Greater:
        return hi > 0;
      default:
        return hi >= 0;
    }
  }
  template <class Int>
  static bool may_fail(Op op, Int lo, Int hi) {
    switch (op) {
      case Op::Equal:
        return may_hold(Op::Differ, lo, hi);
      case Op::Differ:
        return may_hold(Op::Equal, lo, hi);
      case Op::Less:
        return may_hold(Op::AtLeast, lo, hi);
      case Op::AtMost:
        return may_hold(Op::Greater, lo, hi);
      case Op::Greater:
        return may_hold(Op::AtMost, lo, hi);
      default:
        return may_hold(Op::Less, lo, hi);
    }
  }
  // Recounts comparison s's status (after its range moved) in cannot_hold_ and may_fail_.
  void note_status(LinearSum& s) {
    const bool cannot_hold = !s.may_hold(s.lo, s.hi), fails = s.may_fail(s.lo, s.hi);
    cannot_hold_ += long(cannot_hold) - long(s.cannot_hold);
    may_fail_ += long(fails) - long(s.may_fail_now);
    s.cannot_hold = cannot_hold;
    s.may_fail_now = fails;
  }
  // read(root_, v) for a linear conjunction: per comparison naming v, where it may hold and
  // may fail over v's values with the rest of its sum free. A variable of at most
  // value_by_value_ values (and 64: a bit each) is read value by value, the comparison's
  // range shifted by a·x, without division, its values kept as bits (`holding_bits`); a
  // larger one by solving a·v within bounds (`holding`, an IndexSet). The search reads the
  // bits without making a set of them.
  struct ConjunctionReading {
    bool by_value = false;
    std::uint64_t holding_bits = 0;
    IndexSet holding;
    bool failing = false, exact = true;
    bool holds_nowhere() const { return by_value ? holding_bits == 0 : holding.empty(); }
  };
  bool reads_by_value(int v) const {
    return v >= 0 && domains_[std::size_t(v)].size <= std::min<std::uint64_t>(value_by_value_, 64);
  }
  ConjunctionReading read_conjunction(int v) const {
    const std::uint64_t n = v < 0 ? 1 : domains_[std::size_t(v)].size;
    ConjunctionReading r;
    r.by_value = reads_by_value(v);
    if (cannot_hold_ > 0) {
      r.failing = true;
      return r;
    }
    r.holding_bits = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
    if (!r.by_value) r.holding = IndexSet::all(n);
    long failing_elsewhere = may_fail_;  // comparisons not naming v that may fail
    if (v >= 0)
      for (const auto& [sum, a, vlo, vhi] : occurs_[std::size_t(v)]) {
        const LinearSum& s = linear_[std::size_t(sum)];
        if (s.may_fail_now) --failing_elsewhere;
        const Narrow lo = s.lo - vlo, hi = s.hi - vhi;  // v free: its part is a·v, not its bounds
        bool holds_nowhere = false, fails_nowhere = false;
        if (r.by_value) {
          const std::vector<std::int64_t>& values = vocab_.variables()[std::size_t(v)].values;
          std::uint64_t holds = 0, fails = 0;
          for (std::uint64_t x = 0; x < n; ++x) {
            const Narrow part = a * values[x];
            holds |= std::uint64_t{s.may_hold(lo + part, hi + part)} << x;
            fails |= std::uint64_t{s.may_fail(lo + part, hi + part)} << x;
          }
          r.holding_bits &= holds;
          holds_nowhere = holds == 0;
          fails_nowhere = fails == 0;
        } else {
          const Reading values = compare_values(s.op, v, a, lo, hi, lo == hi);
          r.holding = r.holding & values.may_hold;
          holds_nowhere = values.may_hold.empty();
          fails_nowhere = values.may_fail.empty();
        }
        r.failing = r.failing || !fails_nowhere;
        r.exact = r.exact && (lo == hi || holds_nowhere || fails_nowhere);
      }
    if (failing_elsewhere > 0) {
      r.failing = true;
      r.exact = false;
    }
    return r;
  }
  // Calls f(from, to) for each run of consecutive bits set in `bits` (value indices
  // [from, to)), while f returns true.
  template <class F>
  static void for_each_run(std::uint64_t bits, F&& f) {
    while (bits != 0) {
      const auto from = std::uint64_t(std::countr_zero(bits));
      const std::uint64_t run = ~(bits >> from);
      const std::uint64_t to = run == 0 ? 64 : from + std::uint64_t(std::countr_zero(run));
      if (!f(from, to)) return;
      bits &= to == 64 ? 0 : ~std::uint64_t{0} << to;
    }
  }

  void mark_named(const CompiledTerm& t) {
    if (t.op == Term::Op::Variable) named_[std::size_t(t.variable)] = true;
    for (const CompiledTerm& operand : t.operands) mark_named(operand);
  }

  // Whether a term can be computed at every assignment without overflow or division by
  // zero (its bounds over the whole domains, operation by operation).
  bool safe(const CompiledTerm& t) {
    bool ok = true;
    (void)whole_bounds(t, ok);
    return ok;
  }
  std::pair<Wide, Wide> whole_bounds(const CompiledTerm& t, bool& ok) {
    using Op = Term::Op;
    constexpr Wide kLimit = Wide(INT64_MAX);
    switch (t.op) {
      case Op::Number:
        return {t.number, t.number};
      case Op::Variable: {
        const Domain& d = domains_[std::size_t(t.variable)];
        return {d.min, d.max};
      }
      default:
        break;
    }
    const auto x = whole_bounds(t.operands[0], ok);
    if (t.op == Op::Negate) return {-x.second, -x.first};
    const auto y = whole_bounds(t.operands[1], ok);
    if ((t.op == Op::Divide || t.op == Op::Remainder) && y.first <= 0 && y.second >= 0) ok = false;
    if (!ok) return {0, 0};
    const std::pair<Wide, Wide> r = combine(t.op, x, y);
    if (r.first < -kLimit || r.second > kLimit) ok = false;
    return r;
  }

  // Bounds of x op y from the operands' bounds (a divisor's bounds exclude 0).
  static std::pair<Wide, Wide> combine(Term::Op op, std::pair<Wide, Wide> x,
                                       std::pair<Wide, Wide> y) {
    using Op = Term::Op;
    switch (op) {
      case Op::Add:
        return {x.first + y.first, x.second + y.second};
      case Op::Subtract:
        return {x.first - y.second, x.second - y.first};
      case Op::Multiply:
      case Op::Divide: {
        if (op == Op::Divide && y.first <= 0 && y.second >= 0)
          return {-law_solver_detail::kInfinity, law_solver_detail::kInfinity};
        const Wide c[] = {apply(op, x.first, y.first), apply(op, x.first, y.second),
                          apply(op, x.second, y.first), apply(op, x.second, y.second)};
        return {*std::min_element(c, c + 4), *std::max_element(c, c + 4)};
      }
      case Op::Remainder: {
        if (x.first == x.second && y.first == y.second && y.first != 0)
          return {x.first % y.first, x.first % y.first};
        const Wide m =
            std::max(y.first < 0 ? -y.first : y.first, y.second < 0 ? -y.second : y.second);
        return {x.first < 0 ? std::max(x.first, 1 - m) : 0,
                x.second > 0 ? std::min(x.second, m - 1) : 0};
      }
      default:
        return {0, 0};
    }
  }
  static Wide apply(Term::Op op, Wide x, Wide y) {
    return op == Term::Op::Multiply ? x * y : x / y;
  }

  // A term at the current step: linear in `v` where it can be, else its bounds.
  Bounds bounds(const CompiledTerm& t, int v) const {
    using Op = Term::Op;
    switch (t.op) {
      case Op::Number:
        return {true, 0, t.number, t.number};
      case Op::Variable: {
        if (t.variable == v) return {true, 1, 0, 0};
        const std::int64_t fixed = fixed_[std::size_t(t.variable)];
        if (fixed >= 0) {
          const Wide value = vocab_.variables()[std::size_t(t.variable)].values[std::size_t(fixed)];
          return {true, 0, value, value};
        }
        const Domain& d = domains_[std::size_t(t.variable)];
        return {true, 0, d.min, d.max};
      }
      default:
        break;
    }
    const Bounds x = bounds(t.operands[0], v);
    if (t.op == Op::Negate) return {x.linear, -x.a, -x.hi, -x.lo};
    const Bounds y = bounds(t.operands[1], v);
    if (x.linear && y.linear) {
      if (t.op == Op::Add) return {true, x.a + y.a, x.lo + y.lo, x.hi + y.hi};
      if (t.op == Op::Subtract) return {true, x.a - y.a, x.lo - y.hi, x.hi - y.lo};
      // A product by a known number stays linear.
      if (t.op == Op::Multiply && y.a == 0 && y.lo == y.hi)
        return {true, x.a * y.lo, std::min(x.lo * y.lo, x.hi * y.lo),
                std::max(x.lo * y.lo, x.hi * y.lo)};
      if (t.op == Op::Multiply && x.a == 0 && x.lo == x.hi)
        return {true, y.a * x.lo, std::min(y.lo * x.lo, y.hi * x.lo),
                std::max(y.lo * x.lo, y.hi * x.lo)};
    }
    const auto r = combine(t.op, whole(x, v), whole(y, v));
    return {x.linear && y.linear && x.a == 0 && y.a == 0, 0, r.first, r.second};
  }

  // A term's bounds over the whole range of `v`.
  std::pair<Wide, Wide> whole(const Bounds& b, int v) const {
    if (!b.linear || b.a == 0) return {b.lo, b.hi};
    const Domain& d = domains_[std::size_t(v)];
    const Wide p = b.a * d.min, q = b.a * d.max;
    return {std::min(p, q) + b.lo, std::max(p, q) + b.hi};
  }

  // The values of v with lo <= a·v <= hi.
  IndexSet scaled_between(int v, Wide a, Wide lo, Wide hi) const {
    const std::uint64_t n = v < 0 ? 1 : domains_[std::size_t(v)].size;
    if (a == 0) return lo <= 0 && 0 <= hi ? IndexSet::all(n) : IndexSet::none();
    Wide from = a > 0 ? law_solver_detail::ceil_div(lo, a) : law_solver_detail::ceil_div(hi, a);
    Wide to = a > 0 ? law_solver_detail::floor_div(hi, a) : law_solver_detail::floor_div(lo, a);
    return domains_[std::size_t(v)].between(from, to, vocab_.variables()[std::size_t(v)]);
  }

  Reading compare(const Node& node, int v) const {
    if (node.linear >= 0) {
      Wide a = 0;  // v's coefficient in the sum
      if (v >= 0)
        for (const Occurrence& o : occurs_[std::size_t(v)])
          if (o.sum == node.linear) a = o.a;
      return compare_linear(node.linear, v, a);
    }
    // lhs - rhs = a·v + [lo, hi].
    Wide a = 0, lo = 0, hi = 0;
    bool exact = false;
    const Bounds l = bounds(node.lhs, v), r = bounds(node.rhs, v);
    if (l.linear && r.linear) {
      a = l.a - r.a;
      lo = l.lo - r.hi;
      hi = l.hi - r.lo;
      exact = lo == hi;
    } else {
      const auto x = whole(l, v), y = whole(r, v);
      lo = x.first - y.second;
      hi = x.second - y.first;
    }
    return compare_values(node.op, v, a, lo, hi, exact);
  }
  // Comparison number `linear` of linear_ (lhs - rhs op 0), read over v, whose coefficient
  // in it is a (0: v is not in it).
  Reading compare_linear(int linear, int v, Wide a) const {
    const LinearSum& sum = linear_[std::size_t(linear)];
    Wide lo = sum.lo, hi = sum.hi;
    if (a != 0) {  // v is free: its part is a·v, not its bounds
      const auto [vlo, vhi] = contribution(v, a);
      lo -= vlo;
      hi -= vhi;
    }
    return compare_values(sum.op, v, a, lo, hi, lo == hi);
  }
  // a·v + [lo, hi] op 0: where it may hold, where it may fail.
  Reading compare_values(Op op, int v, Wide a, Wide lo, Wide hi, bool exact) const {
    const std::uint64_t n = v < 0 ? 1 : domains_[std::size_t(v)].size;
    constexpr Wide inf = law_solver_detail::kInfinity;
    IndexSet holds = IndexSet::none(), fails = IndexSet::none();
    if (op == Op::Equal || op == Op::Differ) {
      IndexSet equal = scaled_between(v, a, -hi, -lo);
      IndexSet differ = IndexSet::all(n);
      if (lo == hi && a != 0) {
        // Every value but the one solving a·v = -lo.
        const IndexSet point = scaled_between(v, a, -lo, -lo);
        differ = IndexSet::none();
        std::uint64_t from = 0;
        for (const auto& [p, q] : point) {
          differ = differ | IndexSet::span(from, p);
          from = q;
        }
        differ = differ | IndexSet::span(from, n);
      } else if (lo == hi && a == 0 && lo == 0) {
        differ = IndexSet::none();
      }
      holds = op == Op::Equal ? equal : differ;
      fails = op == Op::Equal ? differ : equal;
    } else if (op == Op::Less) {
      holds = scaled_between(v, a, -inf, -lo - 1);
      fails = scaled_between(v, a, -hi, inf);
    } else if (op == Op::AtMost) {
      holds = scaled_between(v, a, -inf, -lo);
      fails = scaled_between(v, a, -hi + 1, inf);
    } else if (op == Op::Greater) {
      holds = scaled_between(v, a, -hi + 1, inf);
      fails = scaled_between(v, a, -inf, -lo);
    } else {  // >=
      holds = scaled_between(v, a, -hi, inf);
      fails = scaled_between(v, a, -inf, -lo - 1);
    }
    const bool settled = exact || holds.empty() || fails.empty();
    return {std::move(holds), std::move(fails), settled};
  }

  Reading read(const Node& node, int v) const {
    using K = Formula::Kind;
    const std::uint64_t n = v < 0 ? 1 : domains_[std::size_t(v)].size;
    switch (node.kind) {
      case K::True:
        return {IndexSet::all(n), IndexSet::none(), true};
      case K::False:
        return {IndexSet::none(), IndexSet::all(n), true};
      case K::Atom: {
        if (node.variable == v) return {IndexSet::span(1, 2), IndexSet::span(0, 1), true};
        const std::int64_t fixed = fixed_[std::size_t(node.variable)];
        if (fixed < 0) return {IndexSet::all(n), IndexSet::all(n), false};
        return fixed == 1 ? Reading{IndexSet::all(n), IndexSet::none(), true}
                          : Reading{IndexSet::none(), IndexSet::all(n), true};
      }
      case K::Compare:
        return compare(node, v);
      case K::Not: {
        Reading x = read(node.operands[0], v);
        return {std::move(x.may_fail), std::move(x.may_hold), x.exact};
      }
      default:
        break;
    }
    const Reading x = read(node.operands[0], v), y = read(node.operands[1], v);
    const bool exact = x.exact && y.exact;
    switch (node.kind) {
      case K::And:
        return {x.may_hold & y.may_hold, x.may_fail | y.may_fail, exact};
      case K::Or:
        return {x.may_hold | y.may_hold, x.may_fail & y.may_fail, exact};
      case K::Implies:
        return {x.may_fail | y.may_hold, x.may_hold & y.may_fail, exact};
      default:  // Iff
        return {(x.may_hold & y.may_hold) | (x.may_fail & y.may_fail),
                (x.may_hold & y.may_fail) | (x.may_fail & y.may_hold), exact};
    }
  }

  // `size` consecutive assignments from `base` (a block of the variables below some step).
  void take_block(std::uint64_t base, BigCount size, BigCount& found) {
    found = saturating_add(found, size);
    if (counting_ || aborted_) return;
    if (BigCount(out_.size()) + size > BigCount(max_worlds_)) {
      aborted_ = over_worlds_ = true;
      return;
    }
    for (std::uint64_t a = base, end = base + std::uint64_t(size); a < end; ++a)
      out_.push_back(std::uint32_t(a));
  }
  // The assignments of variables k..0: blocks_[k + 1].
  BigCount block_size(int k) const { return blocks_[std::size_t(k + 1)]; }
  static BigCount saturating_add(BigCount a, BigCount b) {
    return a > kCountCap - b ? kCountCap : a + b;
  }

  // The satisfying assignments of variables k..0 with the variables above fixed (their
  // part of the number: `base`); returns how many.
  BigCount search(int k, std::uint64_t base) {
    if (aborted_) return 0;
    if (steps_left_-- == 0) {
      aborted_ = true;
      return 0;
    }
    BigCount found = 0;
    const int v = k >= 0 && named_[std::size_t(k)] ? k : -1;
    if (k >= 0 && v < 0) {
      // The law does not name variable k: every value of it has what value 0 has.
      const std::size_t start = out_.size();
      const BigCount below = search(k - 1, base);
      const std::uint64_t n = domains_[std::size_t(k)].size;
      found = saturating_mul(below, BigCount(n));
      if (counting_ || aborted_) return found;
      if (BigCount(start) + BigCount(out_.size() - start) * n > BigCount(max_worlds_)) {
        aborted_ = over_worlds_ = true;
        return found;
      }
      const std::size_t end = out_.size();
      const std::uint64_t stride = vocab_.stride(std::size_t(k));
      for (std::uint64_t x = 1; x < n; ++x)
        for (std::size_t j = start; j < end; ++j)
          out_.push_back(out_[j] + std::uint32_t(x * stride));
      return found;
    }
    // Values [from, to) of v where the law may hold: one block where it holds whatever the
    // others are (exact), else each value searched below. False once the search is aborted.
    const auto take_values = [&](std::uint64_t from, std::uint64_t to, bool exact) {
      const std::uint64_t stride = vocab_.stride(std::size_t(v));
      if (exact) {
        take_block(base + from * stride, BigCount(to - from) * block_size(k - 1), found);
        return true;
      }
      for (std::uint64_t x = from; x < to; ++x) {
        fix(v, x);
        found = saturating_add(found, search(k - 1, base + x * stride));
        unfix(v);
        if (aborted_) return false;
      }
      return true;
    };
    if (conjunction_) {
      const ConjunctionReading r = read_conjunction(v);
      if (r.holds_nowhere()) return 0;
      if (!r.failing) {
        take_block(base, block_size(k), found);
        return found;
      }
      if (v < 0) return 0;  // every variable fixed: may hold and may fail cannot both be
      if (r.by_value) {
        for_each_run(r.holding_bits, [&](std::uint64_t from, std::uint64_t to) {
          return take_values(from, to, r.exact);
        });
        return found;
      }
      for (const auto& [from, to] : r.holding)
        if (!take_values(from, to, r.exact)) break;
      return found;
    }
    const Reading r = read(root_, v);
    if (r.may_hold.empty()) return 0;
    if (r.may_fail.empty()) {
      take_block(base, block_size(k), found);
      return found;
    }
    if (v < 0) return 0;
    for (const auto& [from, to] : r.may_hold)
      if (!take_values(from, to, r.exact)) break;
    return found;
  }

  const Vocabulary& vocab_;
  std::vector<Domain> domains_;
  std::vector<BigCount> blocks_;     // [k]: the assignments of variables k - 1..0
  std::vector<bool> named_;          // per variable: the law names it
  std::vector<std::int64_t> fixed_;  // per variable: its value index in the search, or -1
  std::vector<LinearSum> linear_;    // the law's linear comparisons
  // Per variable: the linear comparisons it appears in, with its coefficient there and the
  // bounds of its part (contribution): read at every step of the search.
  struct Occurrence {
    int sum;
    Narrow a, lo, hi;
  };
  std::vector<std::vector<Occurrence>> occurs_;
  Node root_;
  bool conjunction_ = false;  // the law is a conjunction of linear comparisons
  long cannot_hold_ = 0;      // linear comparisons that cannot hold over the free variables
  long may_fail_ = 0;         // and those that may fail
  bool applicable_ = false;
  bool counting_ = false;
  bool aborted_ = false;
  bool over_worlds_ = false;
  std::uint64_t steps_left_ = 0;
  std::uint64_t max_worlds_ = 0;
  std::uint64_t value_by_value_ = kValueByValue;
  std::vector<std::uint32_t> out_;
};

}  // namespace kripke::model_lang
