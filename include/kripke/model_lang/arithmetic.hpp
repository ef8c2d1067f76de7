// Values of terms and comparisons at an assignment of a model's variables.
#pragma once

#include <cstdint>
#include <string>

#include "kripke/errors.hpp"
#include "kripke/formula.hpp"
#include "kripke/model_lang/vocabulary.hpp"
#include "kripke/term.hpp"

namespace kripke::model_lang {

// Checks once that every name in a term is a variable or a value name, so that the value
// below can be computed for millions of assignments without a lookup by name.
struct CompiledTerm {
  Term::Op op = Term::Op::Number;
  std::int64_t number = 0;
  int variable = -1;
  std::size_t column = 0;
  std::string text;  // the term as written, for messages
  std::vector<CompiledTerm> operands;
};

inline std::string variable_list(const Vocabulary& vocab) {
  std::vector<std::string> names;
  for (const Variable& var : vocab.variables()) names.push_back(var.name);
  return ObjectReader::join(names);
}

inline CompiledTerm compile(const Term& term, const Vocabulary& vocab) {
  CompiledTerm out;
  out.op = term.op;
  out.number = term.number;
  out.column = term.column;
  out.text = to_string(term);
  if (term.op == Term::Op::Variable) {
    out.variable = vocab.find(term.name);
    if (out.variable < 0) {
      // A value name (July) stands for its number; anything else is unknown.
      if (const auto value = vocab.label_value(term.name)) {
        out.op = Term::Op::Number;
        out.number = *value;
      } else {
        throw FormulaError(
            "unknown variable '" + term.name + "' (the variables: " + variable_list(vocab) + ")",
            term.column);
      }
    }
  }
  for (const Term* sub : {term.left.get(), term.right.get()})
    if (sub) out.operands.push_back(compile(*sub, vocab));
  return out;
}

// x op y for a binary operation; `fail(what)` (which throws) on overflow or division by
// zero. Both engines compute terms with it.
template <class Fail>
std::int64_t apply_operation(Term::Op op, std::int64_t x, std::int64_t y, const Fail& fail) {
  using Op = Term::Op;
  std::int64_t r = 0;
  switch (op) {
    case Op::Add:
      if (__builtin_add_overflow(x, y, &r)) fail("overflow");
      return r;
    case Op::Subtract:
      if (__builtin_sub_overflow(x, y, &r)) fail("overflow");
      return r;
    case Op::Multiply:
      if (__builtin_mul_overflow(x, y, &r)) fail("overflow");
      return r;
    case Op::Divide:
    case Op::Remainder:
      if (y == 0) fail("division by zero");
      if (x == INT64_MIN && y == -1) fail("overflow");
      return op == Op::Divide ? x / y : x % y;
    default:
      return 0;
  }
}

inline std::int64_t value(const CompiledTerm& t, const Vocabulary& vocab, std::uint64_t a) {
  using Op = Term::Op;
  auto fail = [&](const std::string& what) {
    throw FormulaError(what + " in '" + t.text + "' at " + vocab.assignment_text(a), t.column);
  };
  switch (t.op) {
    case Op::Number:
      return t.number;
    case Op::Variable:
      return vocab.value(a, std::size_t(t.variable));
    case Op::Negate:
      return -value(t.operands[0], vocab, a);  // values are at most 2^40 in size: no overflow
    default:
      break;
  }
  // The left operand first (a declaration's declarators are sequenced): the first error wins.
  const std::int64_t x = value(t.operands[0], vocab, a), y = value(t.operands[1], vocab, a);
  return apply_operation(t.op, x, y, fail);
}

// A comparison (Formula::Kind::Compare) with its terms compiled.
struct CompiledComparison {
  CompiledTerm lhs, rhs;
  std::string op;

  CompiledComparison(const Formula& c, const Vocabulary& vocab)
      : lhs(compile(*c.lhs, vocab)), rhs(compile(*c.rhs, vocab)), op(c.name) {}

  bool holds(const Vocabulary& vocab, std::uint64_t a) const {
    const std::int64_t x = value(lhs, vocab, a), y = value(rhs, vocab, a);
    if (op == "=") return x == y;
    if (op == "!=") return x != y;
    if (op == "<") return x < y;
    if (op == "<=") return x <= y;
    if (op == ">") return x > y;
    return x >= y;
  }
};

}  // namespace kripke::model_lang
