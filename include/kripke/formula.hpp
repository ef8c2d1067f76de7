// Epistemic formulas: the abstract syntax, builders, and printing in the formula syntax
// that the parser (formula_parser.hpp) reads back.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "kripke/term.hpp"
#include "kripke/types.hpp"

namespace kripke {

// The words the parser reads as a modal operator with its agent's number: K1, M2, B1, Kw3,
// Kv2. No variable or value may be called so, as no formula could mention it.
inline bool is_modal_operator_word(std::string_view w) {
  const auto digits_from = [w](std::size_t k) {
    return w.size() > k && w.find_first_not_of("0123456789", k) == std::string_view::npos;
  };
  if ((w.rfind("Kw", 0) == 0 || w.rfind("Kv", 0) == 0) && digits_from(2)) return true;
  return !w.empty() && (w[0] == 'K' || w[0] == 'M' || w[0] == 'B') && digits_from(1);
}

struct Formula;
using FormulaPtr = std::shared_ptr<const Formula>;

struct Formula {
  enum class Kind {
    True,
    False,
    Atom,
    Not,
    And,
    Or,
    Implies,
    Iff,
    Knows,         // K_i φ
    Possible,      // M_i φ
    KnowsWhether,  // Kw_i φ
    KnowsValue,    // Kv_i t: the term t (lhs) has one value in every world i considers possible
    Everybody,     // E_G φ
    Common,        // C_G φ
    Distributed,   // D_G φ
    Announce,      // [!φ]ψ: left = φ, right = ψ
    AnnounceDual,  // <!φ>ψ
    Compare        // term op term: name = "=", "!=", "<", "<=", ">" or ">="
  };
  Kind kind = Kind::True;
  std::string name;               // atom name, or the comparison
  std::vector<std::string> args;  // atom arguments, as written
  std::vector<Agent> agents;      // the modal operator's agent(s), 0-based
  // The agents as written when some were named (K{alice} p): a name, or "" where agents[k]
  // holds the number. Names are looked up when the formula is evaluated.
  std::vector<std::string> agent_names;
  FormulaPtr left, right;  // operands (unary operators use `left`)
  TermPtr lhs, rhs;        // the terms of a comparison; lhs: Kv's term
  std::size_t column = 0;  // where the parser found it (1-based), 0 when built
};

namespace f {

inline FormulaPtr node(Formula::Kind kind, FormulaPtr left = {}, FormulaPtr right = {},
                       std::vector<Agent> agents = {}) {
  auto n = std::make_shared<Formula>();
  n->kind = kind;
  n->left = std::move(left);
  n->right = std::move(right);
  n->agents = std::move(agents);
  return n;
}
inline FormulaPtr truth() { return node(Formula::Kind::True); }
inline FormulaPtr falsity() { return node(Formula::Kind::False); }
inline FormulaPtr atom(std::string name, std::vector<std::string> args = {}) {
  auto n = std::make_shared<Formula>();
  n->kind = Formula::Kind::Atom;
  n->name = std::move(name);
  n->args = std::move(args);
  return n;
}
inline FormulaPtr unary(Formula::Kind kind, FormulaPtr a, std::vector<Agent> agents = {}) {
  return node(kind, std::move(a), {}, std::move(agents));
}
inline FormulaPtr binary(Formula::Kind kind, FormulaPtr a, FormulaPtr b) {
  return node(kind, std::move(a), std::move(b));
}
inline FormulaPtr neg(FormulaPtr a) { return unary(Formula::Kind::Not, std::move(a)); }
inline FormulaPtr conj(FormulaPtr a, FormulaPtr b) {
  return binary(Formula::Kind::And, std::move(a), std::move(b));
}
inline FormulaPtr disj(FormulaPtr a, FormulaPtr b) {
  return binary(Formula::Kind::Or, std::move(a), std::move(b));
}
inline FormulaPtr implies(FormulaPtr a, FormulaPtr b) {
  return binary(Formula::Kind::Implies, std::move(a), std::move(b));
}
inline FormulaPtr iff(FormulaPtr a, FormulaPtr b) {
  return binary(Formula::Kind::Iff, std::move(a), std::move(b));
}
inline FormulaPtr knows(Agent i, FormulaPtr a) {
  return unary(Formula::Kind::Knows, std::move(a), {i});
}
inline FormulaPtr possible(Agent i, FormulaPtr a) {
  return unary(Formula::Kind::Possible, std::move(a), {i});
}
inline FormulaPtr knows_whether(Agent i, FormulaPtr a) {
  return unary(Formula::Kind::KnowsWhether, std::move(a), {i});
}
inline FormulaPtr knows_value(Agent i, TermPtr t) {
  auto n = std::make_shared<Formula>();
  n->kind = Formula::Kind::KnowsValue;
  n->agents = {i};
  n->lhs = std::move(t);
  return n;
}
inline FormulaPtr everybody(std::vector<Agent> g, FormulaPtr a) {
  return unary(Formula::Kind::Everybody, std::move(a), std::move(g));
}
inline FormulaPtr common(std::vector<Agent> g, FormulaPtr a) {
  return unary(Formula::Kind::Common, std::move(a), std::move(g));
}
inline FormulaPtr distributed(std::vector<Agent> g, FormulaPtr a) {
  return unary(Formula::Kind::Distributed, std::move(a), std::move(g));
}
// [!announced]after and <!announced>after
inline FormulaPtr after_announcing(FormulaPtr announced, FormulaPtr after) {
  return binary(Formula::Kind::Announce, std::move(announced), std::move(after));
}
inline FormulaPtr announcing_and_then(FormulaPtr announced, FormulaPtr after) {
  return binary(Formula::Kind::AnnounceDual, std::move(announced), std::move(after));
}
inline FormulaPtr compare(TermPtr lhs, std::string op, TermPtr rhs) {
  auto n = std::make_shared<Formula>();
  n->kind = Formula::Kind::Compare;
  n->name = std::move(op);
  n->lhs = std::move(lhs);
  n->rhs = std::move(rhs);
  return n;
}

// Folds a list with a binary connective; the empty conjunction is true, the empty
// disjunction false.
inline FormulaPtr all_of(const std::vector<FormulaPtr>& parts) {
  if (parts.empty()) return truth();
  FormulaPtr out = parts.front();
  for (std::size_t k = 1; k < parts.size(); ++k) out = conj(out, parts[k]);
  return out;
}
inline FormulaPtr any_of(const std::vector<FormulaPtr>& parts) {
  if (parts.empty()) return falsity();
  FormulaPtr out = parts.front();
  for (std::size_t k = 1; k < parts.size(); ++k) out = disj(out, parts[k]);
  return out;
}

}  // namespace f

inline bool is_binary(Formula::Kind k) {
  using K = Formula::Kind;
  return k == K::And || k == K::Or || k == K::Implies || k == K::Iff;
}

// Prints in the parser's syntax. Binary operands that are themselves binary get
// parentheses, except a chain of the same associative connective (a & b & c).
inline std::string to_string(const Formula& phi) {
  using K = Formula::Kind;
  auto agent = [&](std::size_t k) {
    if (k < phi.agent_names.size() && !phi.agent_names[k].empty()) return phi.agent_names[k];
    return std::to_string(phi.agents[k] + 1);
  };
  auto named = [&] {
    for (const auto& name : phi.agent_names)
      if (!name.empty()) return true;
    return false;
  };
  auto group = [&] {
    std::string s = "{";
    // Appended piece by piece: GCC 12 at -O2 warns falsely (-Wrestrict, PR 105329) on
    // "literal" + std::to_string(...).
    for (std::size_t k = 0; k < phi.agents.size(); ++k) {
      if (k) s += ',';
      s += agent(k);
    }
    return s + "}";
  };
  // One agent: K1, or K{alice} when named.
  auto one = [&] { return named() ? group() : agent(0); };
  auto operand = [&](const Formula& sub, K parent) {
    const bool chain = sub.kind == parent && (parent == K::And || parent == K::Or);
    return is_binary(sub.kind) && !chain ? "(" + to_string(sub) + ")" : to_string(sub);
  };
  switch (phi.kind) {
    case K::True:
      return "true";
    case K::False:
      return "false";
    case K::Atom: {
      if (phi.args.empty()) return phi.name;
      std::string s = phi.name + "(";
      for (std::size_t k = 0; k < phi.args.size(); ++k) s += (k ? "," : "") + phi.args[k];
      return s + ")";
    }
    case K::Compare: {
      std::string s = to_string(*phi.lhs);
      s += ' ';
      s += phi.name;
      s += ' ';
      return s + to_string(*phi.rhs);
    }
    case K::Not:
      return "~" + operand(*phi.left, K::Not);
    case K::Knows:
      return "K" + one() + " " + operand(*phi.left, K::Not);
    case K::Possible:
      return "M" + one() + " " + operand(*phi.left, K::Not);
    case K::KnowsWhether:
      return "Kw" + one() + " " + operand(*phi.left, K::Not);
    case K::KnowsValue:
      return "Kv" + one() + " " + to_string(*phi.lhs);
    case K::Everybody:
      return "E" + group() + " " + operand(*phi.left, K::Not);
    case K::Common:
      return "C" + group() + " " + operand(*phi.left, K::Not);
    case K::Distributed:
      return "D" + group() + " " + operand(*phi.left, K::Not);
    case K::Announce:
      return "[!" + to_string(*phi.left) + "] " + operand(*phi.right, K::Not);
    case K::AnnounceDual:
      return "<!" + to_string(*phi.left) + "> " + operand(*phi.right, K::Not);
    case K::And:
      return operand(*phi.left, K::And) + " & " + operand(*phi.right, K::And);
    case K::Or:
      return operand(*phi.left, K::Or) + " | " + operand(*phi.right, K::Or);
    case K::Implies:
      return operand(*phi.left, K::Implies) + " -> " + operand(*phi.right, K::Implies);
    case K::Iff:
      return operand(*phi.left, K::Iff) + " <-> " + operand(*phi.right, K::Iff);
  }
  return "?";
}

}  // namespace kripke
