// Integer terms on the symbolic engine. A model's integer variable is a block of Boolean
// variables holding its value index in binary; a term (x + y, x * y) is kept as its value
// table: each value the term takes, with the BDD of the states where it takes it. A
// comparison of two terms is then a union of intersections, computed with prefix and
// suffix unions so that x < y over domains of n and m values costs O(n + m) BDD
// operations (the table of x + y itself costs n · m). A comparison of sums and differences
// of numbers and ranges is built bit by bit instead (term_bits.hpp): no table at all.
#pragma once

#include <bdd.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "kripke/errors.hpp"
#include "kripke/model_lang/arithmetic.hpp"
#include "kripke/symbolic/buddy_session.hpp"
#include "kripke/symbolic/index_block.hpp"
#include "kripke/symbolic/term_bits.hpp"

namespace kripke::symbolic {

// A term's values: each with the (nonempty, pairwise disjoint) BDD of the states where the
// term takes it, in increasing value.
using ValueTable = std::vector<std::pair<std::int64_t, bdd>>;

class TermValues {
 public:
  // The most values a term's table may hold, and the most pairs of operand values an
  // operation may combine (Sum and Product up to 2000 combines 4 million).
  static constexpr std::size_t kMaxValues = std::size_t{1} << 20;
  static constexpr std::size_t kMaxPairs = std::size_t{1} << 26;

  using Block = IndexBlock;

  // `variable_value(k)`: variable k's table (its values, each with its index's BDD).
  // `variable_block(k)`: where variable k is held. `describe(f)`: the first state of f, as
  // text, for messages.
  TermValues(std::function<ValueTable(int variable)> variable_value,
             std::function<Block(int variable)> variable_block,
             std::function<std::string(const bdd&)> describe)
      : variable_value_(std::move(variable_value)),
        variable_block_(std::move(variable_block)),
        describe_(std::move(describe)),
        bits_(variable_block_) {}

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
    if (t.operands[1].op == Op::Variable) return table_with_variable(t, x);
    std::map<std::int64_t, bdd> out;
    for (const auto& [a, where_a] : x) {
      for (const auto& [b, where_b] : y)
        if (const bdd both = where_a & where_b; both != bddfalse) add(out, t, a, b, both);
      BuddySession::check();  // a node limit reached: stop before the next row
    }
    return ValueTable(out.begin(), out.end());
  }

  // x op y for a variable y: each value of x meets only the values of y its states carry,
  // read off their projection on y's block instead of trying every pair (Sum and Product's
  // x * y at bound 500: 61,752 pairs meet of 248,004). The pairs are taken in the same order
  // (increasing a, then b), so that an error names the same state.
  ValueTable table_with_variable(const model_lang::CompiledTerm& t, const ValueTable& x) const {
    const Block y = variable_block_(t.operands[1].variable);
    std::vector<std::uint64_t> rank(y.values.size());  // of each index, by value
    {
      std::vector<std::uint64_t> by_value(y.values.size());
      for (std::uint64_t i = 0; i < by_value.size(); ++i) by_value[i] = i;
      std::sort(by_value.begin(), by_value.end(),
                [&](std::uint64_t i, std::uint64_t j) { return y.values[i] < y.values[j]; });
      for (std::uint64_t r = 0; r < by_value.size(); ++r) rank[by_value[r]] = r;
    }
    bdd others = bddtrue;  // every variable but y's bits
    for (int v = bdd_varnum() - 1; v >= 0; --v)
      if (v < y.first || v >= y.first + y.width) others &= bdd_ithvar(v);
    std::vector<bdd> index_cube(y.values.size(), bddfalse);
    std::map<std::int64_t, bdd> out;
    std::vector<std::uint64_t> met;
    for (const auto& [a, where_a] : x) {
      met.clear();
      indices_in(bdd_exist(where_a, others), y, 0, 0, met);
      std::sort(met.begin(), met.end(),
                [&](std::uint64_t i, std::uint64_t j) { return rank[i] < rank[j]; });
      for (const std::uint64_t i : met) {
        if (index_cube[i] == bddfalse) index_cube[i] = index_is(y.first, y.width, i);
        add(out, t, a, y.values[i], where_a & index_cube[i]);
      }
      BuddySession::check();  // a node limit reached: stop before the next row
    }
    return ValueTable(out.begin(), out.end());
  }

  // The indices whose bits `f` (a function of the block's bits only) accepts, from bit
  // `bit` on with the bits above it reading `prefix`.
  static void indices_in(const bdd& f, const Block& y, int bit, std::uint64_t prefix,
                         std::vector<std::uint64_t>& out) {
    if (f == bddfalse) return;
    if (bit == y.width) {
      if (prefix < y.values.size()) out.push_back(prefix);
      return;
    }
    const bool tested = f != bddtrue && bdd_var(f) == y.first + bit;
    indices_in(tested ? bdd_low(f) : f, y, bit + 1, prefix * 2, out);
    indices_in(tested ? bdd_high(f) : f, y, bit + 1, prefix * 2 + 1, out);
  }

  // Adds the pair (a, b), met in the states `both`, to the table being built.
  void add(std::map<std::int64_t, bdd>& out, const model_lang::CompiledTerm& t, std::int64_t a,
           std::int64_t b, const bdd& both) const {
    out[apply(t, a, b, both)] |= both;
    if (out.size() > kMaxValues)
      throw FormulaError("'" + t.text + "' takes more than " + std::to_string(kMaxValues) +
                             " values, more than the symbolic engine tabulates: use "
                             "\"engine\": \"explicit\"",
                         t.column);
  }

  // The states of `care` where `lhs op rhs` holds: bit by bit when both sides are linear
  // over ranges, else from tables. A sum or a difference compared with a number moves its second
  // operand across (u + v <= c as u <= c - v), so that no table of u + v is built: it combines
  // |u|·|v| pairs, c - v has |v| values (Sum and Product's law, x + y <= 500: 498 values instead of
  // 248,004 pairs). Only where no value is near the limits of 64 bits, so that neither form can
  // overflow.
  bdd truth(const model_lang::CompiledTerm& lhs, const std::string& op,
            const model_lang::CompiledTerm& rhs, const bdd& care) const {
    using Op = Term::Op;
    bits_.check_span(lhs, op, rhs);
    if (const std::optional<bdd> linear = bits_.truth(lhs, op, rhs)) return *linear & care;
    const auto movable = [](const model_lang::CompiledTerm& sum,
                            const model_lang::CompiledTerm& c) {
      return (sum.op == Op::Add || sum.op == Op::Subtract) && c.op == Op::Number &&
             within_bounds(c.number);
    };
    if (movable(rhs, lhs)) return truth(rhs, mirrored(op), lhs, care);
    if (!movable(lhs, rhs)) return compare(table(lhs, care), op, table(rhs, care));
    const ValueTable u = table(lhs.operands[0], care), v = table(lhs.operands[1], care);
    const auto bounded = [](const ValueTable& t) {
      return t.empty() || (within_bounds(t.front().first) && within_bounds(t.back().first));
    };
    if (!bounded(u) || !bounded(v)) return compare(table(lhs, care), op, table(rhs, care));
    ValueTable across;  // c - v or c + v, in increasing value
    for (const auto& [b, where] : v)
      across.emplace_back(lhs.op == Op::Add ? rhs.number - b : rhs.number + b, where);
    if (lhs.op == Op::Add) std::reverse(across.begin(), across.end());
    return compare(u, op, across);
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
  // Far enough from the limits of 64 bits that sums and differences of two such values
  // cannot overflow.
  static bool within_bounds(std::int64_t value) {
    constexpr std::int64_t kBound = std::int64_t{1} << 61;
    return value > -kBound && value < kBound;
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
  std::function<Block(int)> variable_block_;
  std::function<std::string(const bdd&)> describe_;
  TermBits bits_;  // comparisons of sums of ranges, bit by bit
};

}  // namespace kripke::symbolic
