// Comparisons of linear terms on the symbolic engine, built bit by bit. A term made of
// numbers, variables whose values are a range (from, from + 1, ..., to), sums, differences
// and negations is a vector of BDDs, one per bit of its two's-complement value; a
// comparison is then the sign and the zero test of the difference of its two sides, built
// with a ripple-carry adder. Its cost grows with the number of bits, not with the number of
// values: x + 1 > y over 2^20 values each takes BDD operations on a few million nodes,
// where tabulating each value (term_values.hpp) took minutes.
#pragma once

#include <bdd.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kripke/model_lang/arithmetic.hpp"
#include "kripke/symbolic/buddy_session.hpp"
#include "kripke/symbolic/index_block.hpp"

namespace kripke::symbolic {

class TermBits {
 public:
  // The most values the variables above the lowest one in the order may span together (see
  // truth): x + 1 > y over 2^16 values each takes a second and 160 MB.
  static constexpr std::int64_t kMaxUpperSpan = std::int64_t{1} << 16;

  // `block(k)`: where variable k is held.
  explicit TermBits(std::function<IndexBlock(int variable)> block) : block_(std::move(block)) {}

  // The states where `lhs op rhs` holds, among those whose variables hold a value (an
  // index below their domain's size); nullopt when a side is not linear over ranges (a
  // product, a quotient, a variable with listed values) or its values could come near the
  // limits of 64 bits, for the tables to decide.
  std::optional<bdd> truth(const model_lang::CompiledTerm& lhs, const std::string& op,
                           const model_lang::CompiledTerm& rhs) const {
    const std::optional<Range> left = range(lhs), right = range(rhs);
    if (!left || !right) return std::nullopt;
    const std::int64_t low = left->low - right->high, high = left->high - right->low;
    if (!small(low) || !small(high)) return std::nullopt;
    // The arithmetic is modulo 2^width, so only the difference needs to fit, with its sign.
    const auto magnitude = [](std::int64_t v) { return std::uint64_t(v < 0 ? -(v + 1) : v); };
    Builder build{block_, int(std::bit_width(std::max(magnitude(low), magnitude(high)))) + 1};
    const Bits difference = subtract(build.bits(lhs), build.bits(rhs));
    const bdd negative = difference.back();
    bdd zero = bddtrue;
    for (const bdd& bit : difference) zero &= !bit;
    BuddySession::check();
    bdd holds;
    if (op == "<")
      holds = negative;
    else if (op == "<=")
      holds = negative | zero;
    else if (op == ">")
      holds = (!negative) & (!zero);
    else if (op == ">=")
      holds = !negative;
    else if (op == "=")
      holds = zero;
    else
      holds = !zero;
    return holds & build.valid;
  }

  // A comparison's cost, either way it is built: a variable's block lies wholly above or
  // below another's, so the diagram of x + 1 > y (x above y) reads x first and then needs
  // one threshold on y per value of x. Its size, and the cost of every bit of the
  // difference or every row of a table, grows with the values the variables above the
  // lowest one span together. FormulaError when that span is more than kMaxUpperSpan.
  void check_span(const model_lang::CompiledTerm& lhs, const std::string& op,
                  const model_lang::CompiledTerm& rhs) const {
    std::vector<IndexBlock> occurrences;
    const std::function<void(const model_lang::CompiledTerm&)> collect =
        [&](const model_lang::CompiledTerm& t) {
          if (t.op == Term::Op::Variable) occurrences.push_back(block_(t.variable));
          for (const auto& operand : t.operands) collect(operand);
        };
    collect(lhs);
    collect(rhs);
    int lowest = -1;  // the block lowest in the order: the largest first variable
    for (const IndexBlock& b : occurrences) lowest = std::max(lowest, b.first);
    std::int64_t span = 1;
    for (const IndexBlock& b : occurrences)
      if (b.first != lowest) span += std::int64_t(b.values.size()) - 1;
    if (span > kMaxUpperSpan)
      throw FormulaError(
          "'" + lhs.text + " " + op + " " + rhs.text + "' compares " + std::to_string(span) +
              " values of the variables kept first with the one kept last, " +
              "more than the symbolic engine compares (" + std::to_string(kMaxUpperSpan) +
              "): narrow the ranges, or use \"engine\": \"explicit\"",
          lhs.column);
  }

 private:
  using Bits = std::vector<bdd>;  // a two's-complement value, least significant bit first

  // The values a term can take lie in low..high.
  struct Range {
    std::int64_t low = 0, high = 0;
  };

  // Values this far from zero can be added or subtracted without overflow, and their
  // difference fits in 63 bits and a sign.
  static bool small(std::int64_t v) {
    constexpr std::int64_t kBound = std::int64_t{1} << 61;
    return v > -kBound && v < kBound;
  }

  std::optional<Range> range(const model_lang::CompiledTerm& t) const {
    using Op = Term::Op;
    std::optional<Range> out;
    switch (t.op) {
      case Op::Number:
        out = Range{t.number, t.number};
        break;
      case Op::Variable: {
        const IndexBlock b = block_(t.variable);
        if (b.values.empty()) return std::nullopt;
        for (std::size_t i = 0; i < b.values.size(); ++i)
          if (b.values[i] != b.values[0] + std::int64_t(i)) return std::nullopt;
        out = Range{b.values.front(), b.values.back()};
        break;
      }
      case Op::Negate:
        if (const auto r = range(t.operands[0])) out = Range{-r->high, -r->low};
        break;
      case Op::Add:
      case Op::Subtract: {
        const auto a = range(t.operands[0]), b = range(t.operands[1]);
        if (!a || !b) return std::nullopt;
        out = t.op == Op::Add ? Range{a->low + b->low, a->high + b->high}
                              : Range{a->low - b->high, a->high - b->low};
        break;
      }
      default:
        return std::nullopt;
    }
    if (!out || !small(out->low) || !small(out->high)) return std::nullopt;
    return out;
  }

  // Terms as bit vectors of one width, noting the states whose variables hold a value.
  struct Builder {
    const std::function<IndexBlock(int)>& block;
    int width = 0;
    bdd valid = bddtrue;

    Bits bits(const model_lang::CompiledTerm& t) {
      using Op = Term::Op;
      switch (t.op) {
        case Op::Number:
          return constant(t.number);
        case Op::Variable: {
          const IndexBlock b = block(t.variable);
          valid &= index_below(b.first, b.width, b.values.size());
          Bits index(std::size_t(width), bddfalse);  // the index, zero-extended or cut
          for (int k = 0; k < b.width && k < width; ++k)
            index[std::size_t(k)] = bdd_ithvar(b.first + b.width - 1 - k);
          return add(index, constant(b.values.front()), bddfalse);
        }
        case Op::Negate:
          return subtract(constant(0), bits(t.operands[0]));
        case Op::Add:
          return add(bits(t.operands[0]), bits(t.operands[1]), bddfalse);
        default:  // Subtract: range() admits nothing else
          return subtract(bits(t.operands[0]), bits(t.operands[1]));
      }
    }

    Bits constant(std::int64_t value) const {
      Bits out(static_cast<std::size_t>(width), bddfalse);
      const auto pattern = std::uint64_t(value);  // two's complement
      for (int k = 0; k < width; ++k)
        out[std::size_t(k)] = (pattern >> k) & 1U ? bddtrue : bddfalse;
      return out;
    }
  };

  static Bits add(const Bits& a, const Bits& b, bdd carry) {
    Bits out(a.size());
    for (std::size_t k = 0; k < a.size(); ++k) {
      const bdd either = a[k] ^ b[k];
      out[k] = either ^ carry;
      carry = (a[k] & b[k]) | (carry & either);
    }
    return out;
  }

  // a - b as a + ~b + 1.
  static Bits subtract(const Bits& a, Bits b) {
    for (bdd& bit : b) bit = !bit;
    return add(a, b, bddtrue);
  }

  std::function<IndexBlock(int)> block_;
};

}  // namespace kripke::symbolic
