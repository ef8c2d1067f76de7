// Integer terms on the symbolic engine. A model's integer variable is a block of Boolean
// variables holding its value index in binary; a term (x + y, x * y) is kept as its value
// table: each value the term takes, with the BDD of the states where it takes it. A
// comparison of two terms is then a union of intersections, computed with prefix and
// suffix unions so that x < y over domains of n and m values costs O(n + m) BDD
// operations (the table of x + y itself costs n · m).
#pragma once

#include <bdd.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "kripke/errors.hpp"
#include "kripke/model_lang/arithmetic.hpp"
#include "kripke/symbolic/buddy_session.hpp"

namespace kripke::symbolic {

// A term's values: each with the (nonempty, pairwise disjoint) BDD of the states where the
// term takes it, in increasing value.
using ValueTable = std::vector<std::pair<std::int64_t, bdd>>;

// The value index of a variable held in bits `first`..`first + width - 1` (most significant
// first) equals `index`.
inline bdd index_is(int first, int width, std::uint64_t index) {
  bdd cube = bddtrue;
  for (int b = width - 1; b >= 0; --b) {
    const int var = first + (width - 1 - b);
    cube &= (index >> b) & 1U ? bdd_ithvar(var) : bdd_nithvar(var);
  }
  return cube;
}

// The value index is below `bound`: the bits that encode a domain of `bound` values.
inline bdd index_below(int first, int width, std::uint64_t bound) {
  if (width < 64 && bound >= (std::uint64_t{1} << width)) return bddtrue;
  bdd below = bddfalse;  // over the bits from the least significant up
  for (int b = 0; b < width; ++b) {
    const bdd bit = bdd_ithvar(first + (width - 1 - b));
    below = (bound >> b) & 1U ? ((!bit) | below) : ((!bit) & below);
  }
  return below;
}

class TermValues {
 public:
  // The most values a term's table may hold, and the most pairs of operand values an
  // operation may combine (Sum and Product up to 2000 combines 4 million).
  static constexpr std::size_t kMaxValues = std::size_t{1} << 20;
  static constexpr std::size_t kMaxPairs = std::size_t{1} << 26;

  // `variable_value(k)`: variable k's table (its values, each with its index's BDD).
  // `describe(f)`: the first state of f, as text, for messages.
  TermValues(std::function<ValueTable(int variable)> variable_value,
             std::function<std::string(const bdd&)> describe)
      : variable_value_(std::move(variable_value)), describe_(std::move(describe)) {}

  // The table of `t` over the states in `care`.
  ValueTable table(const model_lang::CompiledTerm& t, const bdd& care) const {
    using Op = Term::Op;
    switch (t.op) {
      case Op::Number:
        if (care == bddfalse) return {};
        return {{t.number, care}};
      case Op::Variable: {
        ValueTable out;
        for (auto& [value, where] : variable_value_(t.variable))
          if (bdd w = where & care; w != bddfalse) out.emplace_back(value, w);
        return out;
      }
      case Op::Negate: {
        ValueTable out = table(t.operands[0], care);
        for (auto& entry : out) entry.first = -entry.first;  // |values| <= 2^40: no overflow
        std::reverse(out.begin(), out.end());
        return out;
      }
      default:
        break;
    }
    const ValueTable x = table(t.operands[0], care), y = table(t.operands[1], care);
    if (x.size() * y.size() > kMaxPairs)
      throw FormulaError("'" + t.text + "' combines " + std::to_string(x.size()) + " by " +
                             std::to_string(y.size()) +
                             " values, more pairs than the symbolic engine tabulates (" +
                             std::to_string(kMaxPairs) + "): use \"engine\": \"explicit\"",
                         t.column);
    std::map<std::int64_t, bdd> out;
    for (const auto& [a, where_a] : x) {
      for (const auto& [b, where_b] : y) {
        const bdd both = where_a & where_b;
        if (both == bddfalse) continue;
        bdd& slot = out[apply(t, a, b, both)];
        slot |= both;
        if (out.size() > kMaxValues)
          throw FormulaError("'" + t.text + "' takes more than " + std::to_string(kMaxValues) +
                                 " values, more than the symbolic engine tabulates: use "
                                 "\"engine\": \"explicit\"",
                             t.column);
      }
      BuddySession::check();  // a node limit reached: stop before the next row
    }
    return ValueTable(out.begin(), out.end());
  }

  // The states (within the tables' care sets) where `lhs op rhs` holds.
  //
  // It iterates over one side's values and joins each with a union of the other side's, so
  // that the result grows along the iterated side's variables. Iterated over the side that
  // lies lower in the variable order, every join would walk the result's upper part again:
  // x + 1 > y over 2^14 values each took minutes that way, and takes milliseconds the other
  // way round. So the side whose states are told apart higher in the order is iterated.
  static bdd compare(const ValueTable& lhs, const std::string& op, const ValueTable& rhs) {
    if (top_level(rhs) < top_level(lhs)) return compare(rhs, mirrored(op), lhs);
    if (op == "=" || op == "!=") {
      bdd equal = bddfalse;
      std::size_t j = 0;
      for (const auto& [a, where_a] : lhs) {
        while (j < rhs.size() && rhs[j].first < a) ++j;
        if (j < rhs.size() && rhs[j].first == a) equal |= where_a & rhs[j].second;
      }
      if (op == "=") return equal;
      return union_of(lhs, 0, lhs.size()) & union_of(rhs, 0, rhs.size()) & !equal;
    }
    // rhs's unions from each position to the end (suffix) and from the start (prefix).
    std::vector<bdd> suffix(rhs.size() + 1, bddfalse), prefix(rhs.size() + 1, bddfalse);
    for (std::size_t j = rhs.size(); j-- > 0;) suffix[j] = suffix[j + 1] | rhs[j].second;
    for (std::size_t j = 0; j < rhs.size(); ++j) prefix[j + 1] = prefix[j] | rhs[j].second;
    bdd out = bddfalse;
    for (const auto& [a, where_a] : lhs) {
      const auto lower = std::size_t(
          std::lower_bound(rhs.begin(), rhs.end(), a,
                           [](const auto& entry, std::int64_t v) { return entry.first < v; }) -
          rhs.begin());
      const auto upper = std::size_t(
          std::upper_bound(rhs.begin(), rhs.end(), a,
                           [](std::int64_t v, const auto& entry) { return v < entry.first; }) -
          rhs.begin());
      if (op == "<")
        out |= where_a & suffix[upper];  // b > a
      else if (op == "<=")
        out |= where_a & suffix[lower];  // b >= a
      else if (op == ">")
        out |= where_a & prefix[lower];  // b < a
      else
        out |= where_a & prefix[upper];  // b <= a
    }
    BuddySession::check();
    return out;
  }

 private:
  // The highest level (the smallest number) at which a value's states are told apart.
  static int top_level(const ValueTable& t) {
    int top = bdd_varnum();
    for (const auto& entry : t)
      if (entry.second != bddtrue && entry.second != bddfalse)
        top = std::min(top, bdd_var2level(bdd_var(entry.second)));
    return top;
  }
  // `b op a` for `a op b`.
  static std::string mirrored(const std::string& op) {
    if (op == "<") return ">";
    if (op == ">") return "<";
    if (op == "<=") return ">=";
    if (op == ">=") return "<=";
    return op;  // = and != are symmetric
  }

  static bdd union_of(const ValueTable& t, std::size_t from, std::size_t to) {
    bdd out = bddfalse;
    for (std::size_t k = from; k < to; ++k) out |= t[k].second;
    return out;
  }

  // a op b, or FormulaError naming the first state where it fails (as the explicit engine
  // does: overflow, division by zero).
  std::int64_t apply(const model_lang::CompiledTerm& t, std::int64_t a, std::int64_t b,
                     const bdd& where) const {
    return model_lang::apply_operation(t.op, a, b, [&](const std::string& what) {
      throw FormulaError(what + " in '" + t.text + "' at " + describe_(where), t.column);
    });
  }

  std::function<ValueTable(int)> variable_value_;
  std::function<std::string(const bdd&)> describe_;
};

}  // namespace kripke::symbolic
