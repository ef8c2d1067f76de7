// Arithmetic terms over integer variables, for the comparison atoms of formulas
// (x + y <= 100, x * y = 52, x % 2 = 0): the syntax tree, and printing in the syntax the
// formula parser reads back.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace kripke {

struct Term;
using TermPtr = std::shared_ptr<const Term>;

struct Term {
  enum class Op { Number, Variable, Negate, Add, Subtract, Multiply, Divide, Remainder };
  Op op = Op::Number;
  std::int64_t number = 0;  // Op::Number
  std::string name;         // Op::Variable
  TermPtr left, right;      // operands (Negate uses `left`)
  std::size_t column = 0;   // where the parser found it (1-based), 0 when built
};

namespace t {

inline TermPtr number(std::int64_t value) {
  auto n = std::make_shared<Term>();
  n->number = value;
  return n;
}
inline TermPtr variable(std::string name) {
  auto n = std::make_shared<Term>();
  n->op = Term::Op::Variable;
  n->name = std::move(name);
  return n;
}
inline TermPtr apply(Term::Op op, TermPtr left, TermPtr right = {}) {
  auto n = std::make_shared<Term>();
  n->op = op;
  n->left = std::move(left);
  n->right = std::move(right);
  return n;
}

}  // namespace t

// Binding strength for printing: sums bind loosest, then products, then negation.
inline int term_precedence(Term::Op op) {
  using Op = Term::Op;
  switch (op) {
    case Op::Add:
    case Op::Subtract:
      return 1;
    case Op::Multiply:
    case Op::Divide:
    case Op::Remainder:
      return 2;
    case Op::Negate:
      return 3;
    default:
      return 4;
  }
}

inline std::string to_string(const Term& term) {
  using Op = Term::Op;
  // Operands that bind less tightly than their operator get parentheses; so does a right
  // operand of equal strength, since + - * / % group to the left.
  auto operand = [&](const Term& sub, bool right) {
    const int outer = term_precedence(term.op), inner = term_precedence(sub.op);
    const bool wrap = inner < outer || (right && inner == outer && outer < 3);
    if (!wrap) return to_string(sub);
    std::string text = "(";  // piece by piece: GCC 12's false -Wstringop-overflow (PR 105329)
    text += to_string(sub);
    return text + ")";
  };
  switch (term.op) {
    case Op::Number:
      return std::to_string(term.number);
    case Op::Variable:
      return term.name;
    case Op::Negate:
      return "-" + operand(*term.left, false);
    default:
      break;
  }
  const char* symbol = term.op == Op::Add        ? " + "
                       : term.op == Op::Subtract ? " - "
                       : term.op == Op::Multiply ? " * "
                       : term.op == Op::Divide   ? " / "
                                                 : " % ";
  return operand(*term.left, false) + symbol + operand(*term.right, true);
}

}  // namespace kripke
