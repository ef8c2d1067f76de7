// Epistemic formulas: the abstract syntax, builders, and printing in the formula syntax
// that the parser (formula_parser.hpp) reads back.
#pragma once

#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kripke/term.hpp"
#include "kripke/types.hpp"

namespace kripke {

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
    Compare        // term op term: name = "=", "!=", "<", "<=", ">" or ">=" (the last kind)
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

// The operators of the formula language, a row each: the parser reads their keywords, the
// printer writes them, the tests' random formulas draw them, and a test parses, prints and
// parses back every row (tests/test_formula.cpp). A new operator is a new Kind, its row here,
// and its meaning in each engine (the compiler lists the switches that lack it).
struct Operator {
  enum class Form {
    Constant,      // true, false
    Atom,          // p, has(1,axe): a game's atom
    Comparison,    // x + y <= 100: terms compared
    Prefix,        // ~φ
    Infix,         // φ & ψ
    OneAgent,      // K1 φ, K{alice} φ
    Group,         // E{1,2} φ
    AgentAndTerm,  // Kv1 t: one agent, then a term
    Announcement,  // [!φ]ψ, <!φ>ψ
  };
  Formula::Kind kind;
  std::string_view keyword;  // how it is written: "K", "&", "[!" ("" for atoms, comparisons)
  Form form;
  std::string_view closing = "";  // an announcement's: "]" or ">"
};

// In the order of Formula::Kind.
inline constexpr Operator kOperators[] = {
    {Formula::Kind::True, "true", Operator::Form::Constant},
    {Formula::Kind::False, "false", Operator::Form::Constant},
    {Formula::Kind::Atom, "", Operator::Form::Atom},
    {Formula::Kind::Not, "~", Operator::Form::Prefix},
    {Formula::Kind::And, "&", Operator::Form::Infix},
    {Formula::Kind::Or, "|", Operator::Form::Infix},
    {Formula::Kind::Implies, "->", Operator::Form::Infix},
    {Formula::Kind::Iff, "<->", Operator::Form::Infix},
    {Formula::Kind::Knows, "K", Operator::Form::OneAgent},
    {Formula::Kind::Possible, "M", Operator::Form::OneAgent},
    {Formula::Kind::KnowsWhether, "Kw", Operator::Form::OneAgent},
    {Formula::Kind::KnowsValue, "Kv", Operator::Form::AgentAndTerm},
    {Formula::Kind::Everybody, "E", Operator::Form::Group},
    {Formula::Kind::Common, "C", Operator::Form::Group},
    {Formula::Kind::Distributed, "D", Operator::Form::Group},
    {Formula::Kind::Announce, "[!", Operator::Form::Announcement, "]"},
    {Formula::Kind::AnnounceDual, "<!", Operator::Form::Announcement, ">"},
    {Formula::Kind::Compare, "", Operator::Form::Comparison},
};
static_assert(std::size(kOperators) == std::size_t(Formula::Kind::Compare) + 1,
              "a row per kind of formula");

constexpr bool operators_in_kind_order() {
  for (std::size_t k = 0; k < std::size(kOperators); ++k)
    if (kOperators[k].kind != Formula::Kind(k)) return false;
  return true;
}
static_assert(operators_in_kind_order(), "kOperators is in the order of Formula::Kind");

inline constexpr const Operator& operator_of(Formula::Kind kind) {
  return kOperators[std::size_t(kind)];
}

// The other spellings the parser reads: B (believes) is K under another name, the box of the
// agent's relation read as belief where the relation need not be reflexive.
inline constexpr std::pair<std::string_view, Formula::Kind> kOperatorAliases[] = {
    {"B", Formula::Kind::Knows}};

// The operator a word names with an agent's number (K1, Kw3, B2) or before a group (K, E),
// by its keyword or an alias; `numbered`: whether the rest of the word is digits. nullopt
// for other words.
struct AgentOperatorWord {
  Formula::Kind kind;
  std::size_t keyword_length;
};
inline std::optional<AgentOperatorWord> agent_operator_word(std::string_view w) {
  std::optional<AgentOperatorWord> found;
  const auto consider = [&](std::string_view keyword, Formula::Kind kind) {
    const Operator::Form form = operator_of(kind).form;
    const bool takes_agents = form == Operator::Form::OneAgent ||
                              form == Operator::Form::AgentAndTerm || form == Operator::Form::Group;
    if (!takes_agents || w.rfind(keyword, 0) != 0) return;
    // The longest keyword: Kw1 is Kw's, not K's.
    if (!found || keyword.size() > found->keyword_length) found = {kind, keyword.size()};
  };
  for (const Operator& op : kOperators) consider(op.keyword, op.kind);
  for (const auto& [alias, kind] : kOperatorAliases) consider(alias, kind);
  return found;
}

// The words the parser reads as a modal operator with its agent's number: K1, M2, B1, Kw3,
// Kv2. No variable or value may be called so, as no formula could mention it.
// Whether `w`, which starts with operator `op`'s keyword, is that keyword with an agent's
// number (a group's operators take none).
inline bool numbered_operator_word(std::string_view w, const AgentOperatorWord& op) {
  return operator_of(op.kind).form != Operator::Form::Group && w.size() > op.keyword_length &&
         w.find_first_not_of("0123456789", op.keyword_length) == std::string_view::npos;
}
inline bool is_modal_operator_word(std::string_view w) {
  const std::optional<AgentOperatorWord> op = agent_operator_word(w);
  return op && numbered_operator_word(w, *op);
}

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

inline bool is_binary(Formula::Kind k) { return operator_of(k).form == Operator::Form::Infix; }

// The first subformula (in reading order) that speaks of more than one world: a modal
// operator or an announcement; null when φ is about the facts of a world alone (a model's
// law, a goal a plan may check on an assignment).
inline const Formula* first_modal(const Formula& phi) {
  switch (phi.kind) {
    case Formula::Kind::True:
    case Formula::Kind::False:
    case Formula::Kind::Atom:
    case Formula::Kind::Compare:
      return nullptr;
    case Formula::Kind::Not:
    case Formula::Kind::And:
    case Formula::Kind::Or:
    case Formula::Kind::Implies:
    case Formula::Kind::Iff:
      if (const Formula* m = first_modal(*phi.left)) return m;
      return phi.right ? first_modal(*phi.right) : nullptr;
    default:
      return &phi;
  }
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
  const Operator& op = operator_of(phi.kind);
  const std::string keyword(op.keyword);
  switch (op.form) {
    case Operator::Form::Constant:
      return keyword;
    case Operator::Form::Atom: {
      if (phi.args.empty()) return phi.name;
      std::string s = phi.name + "(";
      for (std::size_t k = 0; k < phi.args.size(); ++k) s += (k ? "," : "") + phi.args[k];
      return s + ")";
    }
    case Operator::Form::Comparison: {
      std::string s = to_string(*phi.lhs);
      s += ' ';
      s += phi.name;
      s += ' ';
      return s + to_string(*phi.rhs);
    }
    case Operator::Form::Prefix:
      return keyword + operand(*phi.left, K::Not);
    case Operator::Form::OneAgent:
      return keyword + one() + " " + operand(*phi.left, K::Not);
    case Operator::Form::AgentAndTerm:
      return keyword + one() + " " + to_string(*phi.lhs);
    case Operator::Form::Group:
      return keyword + group() + " " + operand(*phi.left, K::Not);
    case Operator::Form::Announcement:
      return keyword + to_string(*phi.left) + std::string(op.closing) + " " +
             operand(*phi.right, K::Not);
    case Operator::Form::Infix:
      return operand(*phi.left, phi.kind) + " " + keyword + " " + operand(*phi.right, phi.kind);
  }
  return "?";
}

}  // namespace kripke
