// Values of terms and comparisons at an assignment of a model's variables.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

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
  return ObjectReader::join_first(names);
}

// The parenthesis after an unknown variable: the variable or value name it may have meant,
// and the variables.
inline std::string variable_hint(const std::string& word, const Vocabulary& vocab) {
  std::vector<std::string> names;
  for (const Variable& var : vocab.variables()) {
    names.push_back(var.name);
    names.insert(names.end(), var.labels.begin(), var.labels.end());
  }
  return unknown_word_hint(word, names, "the variables: " + variable_list(vocab));
}

// The number a value name stands for (the same in every domain that lists it: the
// vocabulary checks that). Compared with (or assigned to) a variable, `context`, it must be
// one of that variable's values: Blue, a value of d, says nothing of c, whose values are Red
// and Green (Blue's number, 0, is Red's). FormulaError (at `column`) otherwise, or for a
// name that is neither a variable nor a value.
inline std::int64_t value_of_name(const std::string& name, std::size_t column,
                                  const Vocabulary& vocab, const Variable* context) {
  std::vector<const Variable*> holders;
  for (const Variable& var : vocab.variables())
    if (std::find(var.labels.begin(), var.labels.end(), name) != var.labels.end())
      holders.push_back(&var);
  const auto number_in = [&](const Variable& var) {
    const auto at = std::find(var.labels.begin(), var.labels.end(), name) - var.labels.begin();
    return var.values[std::size_t(at)];
  };
  if (context && !context->labels.empty()) {
    if (std::find(holders.begin(), holders.end(), context) != holders.end())
      return number_in(*context);
    std::string message =
        "'" + excerpt(name) + "' is not a value of " + context->name +
        unknown_word_hint(name, context->labels,
                          "its values: " + ObjectReader::join_first(context->labels));
    if (!holders.empty()) message += "; it is a value of " + holders.front()->name;
    throw FormulaError(message, column);
  }
  if (holders.empty())
    throw FormulaError("unknown variable '" + excerpt(name) + "'" + variable_hint(name, vocab),
                       column);
  return number_in(*holders.front());
}

// `context`: the variable the term is compared with or assigned to, if any (value_of_name).
inline CompiledTerm compile(const Term& term, const Vocabulary& vocab,
                            const Variable* context = nullptr) {
  CompiledTerm out;
  out.op = term.op;
  out.number = term.number;
  out.column = term.column;
  out.text = to_string(term);
  if (term.op == Term::Op::Variable) {
    out.variable = vocab.find(term.name);
    if (out.variable < 0) {
      out.op = Term::Op::Number;
      out.number = value_of_name(term.name, term.column, vocab, context);
    }
  }
  // Inside arithmetic a value name is read on its own (c + 1 = Green: no context).
  for (const Term* sub : {term.left.get(), term.right.get()})
    if (sub) out.operands.push_back(compile(*sub, vocab));
  return out;
}

// The variable a comparison's other side is, when that side is a bare variable: the context
// in which a value name on this side is read (c = Red, Red = c).
inline const Variable* compared_variable(const Term& other, const Vocabulary& vocab) {
  if (other.op != Term::Op::Variable) return nullptr;
  const int k = vocab.find(other.name);
  return k < 0 ? nullptr : &vocab.variables()[std::size_t(k)];
}

// Both sides of a comparison, each value name read against the variable it is compared with.
inline std::pair<CompiledTerm, CompiledTerm> compile_sides(const Formula& c,
                                                           const Vocabulary& vocab) {
  return {compile(*c.lhs, vocab, compared_variable(*c.rhs, vocab)),
          compile(*c.rhs, vocab, compared_variable(*c.lhs, vocab))};
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

// The value of `t` where variable k has `value_of(k)`; on overflow or division by zero a
// FormulaError naming the assignment as `where()` writes it. Both engines read terms with
// it: the explicit one at an assignment number, the symbolic one at a state's values.
template <class ValueOf, class Where>
std::int64_t value_with(const CompiledTerm& t, const ValueOf& value_of, const Where& where) {
  using Op = Term::Op;
  switch (t.op) {
    case Op::Number:
      return t.number;
    case Op::Variable:
      return value_of(std::size_t(t.variable));
    case Op::Negate:
      return -value_with(t.operands[0], value_of, where);  // values are at most 2^40 in size
    default:
      break;
  }
  // The left operand first (a declaration's declarators are sequenced): the first error wins.
  const std::int64_t x = value_with(t.operands[0], value_of, where);
  const std::int64_t y = value_with(t.operands[1], value_of, where);
  return apply_operation(t.op, x, y, [&](const std::string& what) {
    throw FormulaError(what + " in '" + t.text + "' at " + where(), t.column);
  });
}

inline std::int64_t value(const CompiledTerm& t, const Vocabulary& vocab, std::uint64_t a) {
  return value_with(
      t, [&](std::size_t k) { return vocab.value(a, k); },
      [&] { return vocab.assignment_text(a); });
}

// A comparison (Formula::Kind::Compare) with its terms compiled.
struct CompiledComparison {
  CompiledTerm lhs, rhs;
  std::string op;

  CompiledComparison(const Formula& c, const Vocabulary& vocab) : op(c.name) {
    std::tie(lhs, rhs) = compile_sides(c, vocab);
  }

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
