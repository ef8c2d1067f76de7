// Parser for the formula syntax:
//
//   φ ::= true | false | atom | atom(arg, ...) | ( φ ) | ~φ
//       | K1 φ | M1 φ | Kw1 φ | E{1,2} φ | C{1,2,3} φ
//       | φ & φ | φ | φ | φ -> φ | φ <-> φ
//
// Binding, tightest first: the prefix operators (~ K M Kw E C), &, |, -> (to the right),
// <-> (to the left). Agents are numbered from 1. Errors name the 1-based column. Trees
// deeper than 1000 levels are refused.
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "kripke/errors.hpp"
#include "kripke/formula.hpp"

namespace kripke {

// The length in bytes of the UTF-8 character that starts at text[at], or 0 when the bytes
// there are not one (a stray continuation byte, a truncated or overlong sequence).
inline std::size_t utf8_length_at(std::string_view text, std::size_t at) {
  const auto byte = static_cast<unsigned char>(text[at]);
  if (byte < 0x80) return 1;
  const std::size_t length = byte >= 0xf5   ? 0
                             : byte >= 0xf0 ? 4
                             : byte >= 0xe0 ? 3
                             : byte >= 0xc2 ? 2
                                            : 0;
  if (length == 0 || at + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k)
    if ((static_cast<unsigned char>(text[at + k]) & 0xc0) != 0x80) return 0;
  return length;
}

class FormulaParser {
 public:
  explicit FormulaParser(std::string_view text) : text_(text) {}

  FormulaPtr parse() {
    FormulaPtr phi = parse_iff();
    skip_space();
    if (pos_ < text_.size()) fail("unexpected " + character_here() + " after a complete formula");
    return phi;
  }

 private:
  using K = Formula::Kind;

  [[noreturn]] void fail(const std::string& message) const {
    throw FormulaError(message, pos_ + 1);
  }

  // The character at the current position, quoted, for messages: a whole UTF-8 character
  // when it is one, else the byte in hex (a lone byte would garble the terminal).
  std::string character_here() const {
    if (pos_ >= text_.size()) return "the end of the formula";
    const auto byte = static_cast<unsigned char>(text_[pos_]);
    const std::size_t length = utf8_length_at(text_, pos_);
    // Piece by piece: GCC 12 -O2 warns falsely on "literal" + std::string (PR 105329).
    std::string quoted;
    if (length > 0 && byte >= 0x20 && byte != 0x7f) {
      quoted += '\'';
      quoted.append(text_.substr(pos_, length));
      quoted += '\'';
      return quoted;
    }
    static const char* hex = "0123456789abcdef";
    quoted = "byte 0x";
    quoted += hex[byte >> 4];
    quoted += hex[byte & 15];
    return quoted;
  }

  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool accept(std::string_view token) {
    skip_space();
    if (text_.substr(pos_, token.size()) != token) return false;
    pos_ += token.size();
    return true;
  }
  void expect(std::string_view token, const std::string& context) {
    if (!accept(token)) fail("expected '" + std::string(token) + "' " + context);
  }
  static bool is_word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  }
  std::string word() {
    skip_space();
    const std::size_t start = pos_;
    while (pos_ < text_.size() && is_word_char(text_[pos_])) ++pos_;
    return std::string(text_.substr(start, pos_ - start));
  }

  // Parsing, evaluating, printing and even freeing a formula recurse once per level of the
  // tree, so input nested deeper than this is refused rather than left to overflow the stack.
  static constexpr std::size_t kMaxDepth = 1000;
  [[noreturn]] void fail_too_deep() const {
    fail("the formula is nested too deeply (more than " + std::to_string(kMaxDepth) + " levels)");
  }
  // Bounds the parser's own recursion (prefix operators and parentheses), which happens
  // before the nodes it builds exist.
  struct Nesting {
    explicit Nesting(FormulaParser& p) : parser(p) {
      if (++parser.nesting_ > kMaxDepth) parser.fail_too_deep();
    }
    ~Nesting() { --parser.nesting_; }
    Nesting(const Nesting&) = delete;
    Nesting& operator=(const Nesting&) = delete;
    FormulaParser& parser;
  };
  // Records the depth of a node just built from operands built before it; long chains of
  // binary connectives grow deep without any recursion.
  FormulaPtr sized(FormulaPtr node) {
    std::size_t below = 0;
    for (const Formula* sub : {node->left.get(), node->right.get()}) {
      if (!sub) continue;
      const auto it = depth_.find(sub);
      below = std::max<std::size_t>(below, it == depth_.end() ? 1 : it->second);
    }
    if (below + 1 > kMaxDepth) fail_too_deep();
    depth_[node.get()] = below + 1;
    return node;
  }

  FormulaPtr parse_iff() {
    FormulaPtr left = parse_implies();
    while (accept("<->")) left = sized(f::iff(left, parse_implies()));
    return left;
  }
  // -> groups to the right; the chain is read in a loop and folded from its end.
  FormulaPtr parse_implies() {
    std::vector<FormulaPtr> operands{parse_or()};
    while (accept("->")) operands.push_back(parse_or());
    FormulaPtr right = operands.back();
    for (std::size_t k = operands.size() - 1; k-- > 0;)
      right = sized(f::implies(operands[k], right));
    return right;
  }
  FormulaPtr parse_or() {
    FormulaPtr left = parse_and();
    while (accept("|")) left = sized(f::disj(left, parse_and()));
    return left;
  }
  FormulaPtr parse_and() {
    FormulaPtr left = parse_unary();
    while (accept("&")) left = sized(f::conj(left, parse_unary()));
    return left;
  }

  Agent agent_number(const std::string& digits, std::size_t column) {
    if (digits.empty() || digits.size() > 6 ||
        digits.find_first_not_of("0123456789") != std::string::npos || std::stoi(digits) < 1) {
      pos_ = column - 1;
      fail("expected an agent number (1, 2, ...)");
    }
    return std::stoi(digits) - 1;
  }

  std::vector<Agent> agent_group() {
    expect("{", "to open the group of agents");
    std::vector<Agent> group;
    do {
      skip_space();
      const std::size_t column = pos_ + 1;
      group.push_back(agent_number(word(), column));
    } while (accept(","));
    expect("}", "to close the group of agents");
    return group;
  }

  FormulaPtr with_column(const FormulaPtr& node, std::size_t column) {
    auto located = std::make_shared<Formula>(*node);
    located->column = column;
    return sized(std::move(located));
  }

  FormulaPtr parse_unary() {
    const Nesting nesting(*this);
    skip_space();
    const std::size_t column = pos_ + 1;
    if (pos_ >= text_.size()) fail("expected a formula, found the end of the input");
    if (accept("~")) return with_column(f::neg(parse_unary()), column);
    if (accept("(")) {
      FormulaPtr inner = parse_iff();
      expect(")", "to close the parenthesis");
      return inner;
    }
    const std::size_t start = pos_;
    const std::string w = word();
    if (w.empty()) fail("expected a formula, found " + character_here());

    // Modal operators: K1 M1 Kw1 (one agent), E{..} C{..} (a group).
    auto modal = [&](K kind, std::size_t prefix) -> FormulaPtr {
      std::vector<Agent> agents;
      if (w.size() == prefix) {
        agents = agent_group();
      } else {
        agents = {agent_number(w.substr(prefix), start + prefix + 1)};
      }
      FormulaPtr body = parse_unary();
      return with_column(f::unary(kind, body, std::move(agents)), column);
    };
    auto digits_after = [&](std::size_t prefix) {
      return w.size() > prefix && std::isdigit(static_cast<unsigned char>(w[prefix])) &&
             w.find_first_not_of("0123456789", prefix) == std::string::npos;
    };
    skip_space();
    const bool group_follows = pos_ < text_.size() && text_[pos_] == '{';
    // Kw takes one agent number, like K and M: the evaluator and the printer read one
    // agent, so Kw{1,2} must be an error rather than Kw1 in disguise.
    if (w.rfind("Kw", 0) == 0 && digits_after(2)) return modal(K::KnowsWhether, 2);
    if (w[0] == 'K' && digits_after(1)) return modal(K::Knows, 1);
    if (w[0] == 'M' && digits_after(1)) return modal(K::Possible, 1);
    if ((w == "E" || w == "C") && group_follows)
      return modal(w == "E" ? K::Everybody : K::Common, 1);
    if (w == "true") return with_column(f::truth(), column);
    if (w == "false") return with_column(f::falsity(), column);

    Formula atom = *f::atom(w);
    if (accept("(")) {
      do {
        skip_space();
        std::string arg = word();
        if (arg.empty()) fail("expected an argument of " + w);
        atom.args.push_back(std::move(arg));
      } while (accept(","));
      expect(")", "to close the arguments of " + w);
    }
    atom.column = column;
    return std::make_shared<const Formula>(std::move(atom));
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t nesting_ = 0;
  std::unordered_map<const Formula*, std::size_t> depth_;  // of every operator node built
};

inline FormulaPtr parse_formula(std::string_view text) { return FormulaParser(text).parse(); }

}  // namespace kripke
