// Parser for the formula syntax:
//
//   φ ::= true | false | atom | atom(arg, ...) | ( φ ) | ~φ
//       | K1 φ | M1 φ | Kw1 φ | K{a} φ | M{a} φ | Kw{a} φ | B{a} φ (= K{a} φ) | Kv{a} t
//       | E{a,b} φ | C{a,b} φ | D{a,b} φ | [!φ]φ | <!φ>φ
//       | φ & φ | φ | φ | φ -> φ | φ <-> φ
//       | t = t | t != t | t < t | t <= t | t > t | t >= t
//   t ::= number | variable | variable(arg, ...) | ( t ) | -t | t + t | t - t | t * t | t / t
//       | t % t
//
// Agents are numbered from 1, or named (a name is looked up when the formula is
// evaluated). Binding, tightest first: the prefix operators (~ K B M Kw Kv E C D [!φ]
// <!φ>), &, |, -> (to the right), <-> (to the left); in terms, - (negation), then * / %, then + -,
// all to the left. A chain of & (or of |) is built as a balanced tree, which means and prints the
// same. A comparison is tried wherever a formula may start: "x + 1 = y" is one,
// "(p & q)" is not. Errors name the 1-based column. Trees deeper than 1000 levels are
// refused.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
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
    try {
      FormulaPtr phi = parse_iff();
      skip_space();
      if (pos_ < text_.size()) {
        // "Bmary ~p": an operator glued to an agent's name reads as the atom Bmary, and
        // what follows it is what fails; the word is what was meant.
        if (glued_ && glued_->end <= pos_ &&
            text_.substr(glued_->end, pos_ - glued_->end).find_first_not_of(" \t\n") ==
                std::string_view::npos) {
          const std::string w(text_.substr(glued_->start, glued_->end - glued_->start));
          pos_ = glued_->start;
          fail("'" + w + "' reads as an atom: an operator with an agent's name takes braces, " +
               w.substr(0, glued_->keyword) + "{" + w.substr(glued_->keyword) + "}");
        }
        fail("unexpected " + character_here() + " after a complete formula");
      }
      return phi;
    } catch (const FormulaError& e) {
      // The error that ends the parse (not the many a tried comparison abandons) gets the
      // suggestion for another notation's operator, read where it points.
      pos_ = std::min(e.column() - 1, text_.size());
      const std::string suggestion = suggestion_here();
      if (suggestion.empty()) throw;
      throw FormulaError(e.message() + suggestion, e.column());
    }
  }

  // How many comparisons were tried, failed by an exception before committing, and
  // abandoned: the parser's one costly path, which cannot_start_term keeps formulas that
  // parse from taking.
  std::size_t abandoned_tries() const { return abandoned_tries_; }

 private:
  using K = Formula::Kind;

  [[noreturn]] void fail(const std::string& message) const {
    throw FormulaError(message, pos_ + 1);
  }

  // Another notation's operator where the error is (==, !, &&, ||, =>, <=>, and, or, not,
  // implies, iff): " (did you mean ...)" with this language's, else "".
  std::string suggestion_here() const {
    const auto at = [&](std::size_t k) { return k < text_.size() ? text_[k] : '\0'; };
    const char here = at(pos_), before = pos_ > 0 ? text_[pos_ - 1] : '\0';
    if (here == '=' && before == '=') return " (did you mean '='? x = 4 compares; there is no ==)";
    if (here == '!' && at(pos_ + 1) != '=') return " (did you mean '~'? negation is ~)";
    if (here == '&' && before == '&') return " (did you mean '&'? 'and' is one &)";
    if (here == '|' && before == '|') return " (did you mean '|'? 'or' is one |)";
    if (here == '>' && before == '=')
      return pos_ > 1 && text_[pos_ - 2] == '<' ? " (did you mean '<->'? equivalence is <->)"
                                                : " (did you mean '->'? implication is ->)";
    static const std::pair<const char*, const char*> kWords[] = {
        {"and", "&"}, {"or", "|"}, {"not", "~"}, {"implies", "->"}, {"iff", "<->"}};
    for (const std::string& w : {word_at(pos_), word_before(pos_)})
      for (const auto& [written, meant] : kWords)
        if (lowercase(w) == written)
          return std::string(" (did you mean '") + meant + "'? '" + w + "' is written " + meant +
                 ")";
    return "";
  }
  // The word (letters, digits, _) starting at k, and the one ending just before k's spaces.
  std::string word_at(std::size_t k) const {
    std::size_t end = k;
    while (end < text_.size() && is_word_char(text_[end])) ++end;
    return std::string(text_.substr(k, end - k));
  }
  std::string word_before(std::size_t k) const {
    while (k > 0 && text_[k - 1] == ' ') --k;
    std::size_t start = k;
    while (start > 0 && is_word_char(text_[start - 1])) --start;
    return std::string(text_.substr(start, k - start));
  }
  static std::string lowercase(std::string w) {
    for (char& c : w) c = char(std::tolower(static_cast<unsigned char>(c)));
    return w;
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
  [[noreturn]] void fail_too_deep() {
    too_deep_ = true;  // whatever was being tried: the input as a whole is too deep
    fail("the formula is nested too deeply (more than " + std::to_string(kMaxDepth) + " levels)");
  }
  // Bounds the parser's own recursion (prefix operators and parentheses), which happens
  // before the nodes it builds exist.
  struct Nesting {
    explicit Nesting(FormulaParser& p) : parser(p) {
      // Undone before throwing: a comparison that is tried and abandoned goes on parsing.
      if (++parser.nesting_ > kMaxDepth) {
        --parser.nesting_;
        parser.fail_too_deep();
      }
    }
    ~Nesting() { --parser.nesting_; }
    Nesting(const Nesting&) = delete;
    Nesting& operator=(const Nesting&) = delete;
    FormulaParser& parser;
  };
  // Records the depth of a node (formula or term) just built from operands built before
  // it; long chains of binary connectives (p & p & ..., x + x + ...) grow deep without any
  // recursion in the parser, but printing and freeing them recurse.
  template <class Node>
  void record_depth(std::unordered_map<const Node*, std::size_t>& depths, const Node& node) {
    std::size_t below = 0;
    for (const Node* sub : {node.left.get(), node.right.get()}) {
      if (!sub) continue;
      const auto it = depths.find(sub);
      below = std::max<std::size_t>(below, it == depths.end() ? 1 : it->second);
    }
    if (below + 1 > kMaxDepth) fail_too_deep();
    depths[&node] = below + 1;
  }
  FormulaPtr sized(FormulaPtr node) {
    record_depth(depth_, *node);
    return node;
  }

  FormulaPtr parse_iff() {
    FormulaPtr left = parse_implies();
    while (accept(operator_of(K::Iff).keyword)) left = sized(f::iff(left, parse_implies()));
    return left;
  }
  // -> groups to the right; the chain is read in a loop and folded from its end.
  FormulaPtr parse_implies() {
    std::vector<FormulaPtr> operands{parse_or()};
    while (accept(operator_of(K::Implies).keyword)) operands.push_back(parse_or());
    FormulaPtr right = operands.back();
    for (std::size_t k = operands.size() - 1; k-- > 0;)
      right = sized(f::implies(operands[k], right));
    return right;
  }
  // A chain of & (or of |) is built as a balanced tree of its operands: it means and prints
  // the same as the chain, and its depth grows with the logarithm of its length, so a law
  // of thousands of operands is no deeper than a few nested parentheses.
  FormulaPtr parse_or() {
    std::vector<FormulaPtr> operands{parse_and()};
    while (accept(operator_of(K::Or).keyword)) operands.push_back(parse_and());
    return balanced(operands, 0, operands.size(), f::disj);
  }
  FormulaPtr parse_and() {
    std::vector<FormulaPtr> operands{parse_unary()};
    while (accept(operator_of(K::And).keyword)) operands.push_back(parse_unary());
    return balanced(operands, 0, operands.size(), f::conj);
  }
  FormulaPtr balanced(const std::vector<FormulaPtr>& operands, std::size_t from, std::size_t to,
                      FormulaPtr (*join)(FormulaPtr, FormulaPtr)) {
    if (to - from == 1) return operands[from];
    const std::size_t middle = from + (to - from) / 2;
    return sized(
        join(balanced(operands, from, middle, join), balanced(operands, middle, to, join)));
  }

  Agent agent_number(const std::string& digits, std::size_t column) {
    if (digits.empty() || digits.size() > 6 ||
        digits.find_first_not_of("0123456789") != std::string::npos || std::stoi(digits) < 1) {
      pos_ = column - 1;
      fail("expected an agent number (1, 2, ...)");
    }
    return std::stoi(digits) - 1;
  }

  // {1,2} or {alice,bob}: numbers in `agents`; a name leaves -1 there and itself in `names`.
  struct AgentGroup {
    std::vector<Agent> agents;
    std::vector<std::string> names;  // empty unless some agent is named
  };
  AgentGroup agent_group() {
    expect("{", "to open the group of agents");
    AgentGroup group;
    std::vector<std::string> written;
    do {
      skip_space();
      const std::size_t column = pos_ + 1;
      const std::string w = word();
      if (w.empty()) fail("expected an agent (a number from 1, or a name)");
      const bool number = w.find_first_not_of("0123456789") == std::string::npos;
      group.agents.push_back(number ? agent_number(w, column) : -1);
      written.push_back(number ? "" : w);
    } while (accept(","));
    expect("}", "to close the group of agents");
    for (const auto& name : written)
      if (!name.empty()) group.names = written;
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
    if (accept(operator_of(K::Not).keyword)) return with_column(f::neg(parse_unary()), column);
    // [!φ]ψ and <!φ>ψ: ψ is the next prefix formula, as the body of K1 is.
    if (accept(operator_of(K::Announce).keyword)) {
      FormulaPtr announced = parse_iff();
      expect(operator_of(K::Announce).closing, "to close the announcement [!...]");
      return with_column(f::after_announcing(announced, parse_unary()), column);
    }
    if (accept(operator_of(K::AnnounceDual).keyword)) {
      // Up to the closing '>', a bare '>' closes; x > 3 in there needs parentheses.
      diamond_depths_.push_back(paren_depth_);
      FormulaPtr announced = parse_iff();
      diamond_depths_.pop_back();
      expect(operator_of(K::AnnounceDual).closing, "to close the announcement <!...>");
      return with_column(f::announcing_and_then(announced, parse_unary()), column);
    }
    if (FormulaPtr comparison = try_comparison()) return comparison;
    if (accept("(")) {
      ++paren_depth_;
      FormulaPtr inner = parse_iff();
      expect(")", "to close the parenthesis");
      --paren_depth_;
      return inner;
    }
    const std::size_t start = pos_;
    const std::string w = word();
    const std::size_t word_end = pos_;
    if (w.empty()) fail("expected a formula, found " + character_here());

    // Modal operators: K1 M1 Kw1 or K{a} M{a} Kw{a} (one agent), E{..} C{..} D{..} (a
    // group).
    auto modal = [&](K kind, std::size_t prefix) -> FormulaPtr {
      AgentGroup group;
      if (w.size() == prefix) {
        group = agent_group();
        // K, M and Kw take one agent: the evaluator and the printer read one, so Kw{1,2}
        // must be an error rather than Kw1 in disguise.
        const bool single = operator_of(kind).form == Operator::Form::OneAgent;
        if (single && group.agents.size() != 1) {
          pos_ = start;
          fail(w + " takes one agent (E{...} is what every agent of a group knows)");
        }
      } else {
        group.agents = {agent_number(w.substr(prefix), start + prefix + 1)};
      }
      FormulaPtr body = parse_unary();
      auto node = std::make_shared<Formula>(*f::unary(kind, body, std::move(group.agents)));
      node->agent_names = std::move(group.names);
      return with_column(node, column);
    };
    skip_space();
    const bool group_follows = pos_ < text_.size() && text_[pos_] == '{';
    // An operator's keyword (kOperators) with an agent's number (K1, Kw3) or before a
    // group (K{alice}, E{1,2}); E, C and D take groups only.
    if (const std::optional<AgentOperatorWord> op = agent_operator_word(w)) {
      const bool bare = w.size() == op->keyword_length;
      if ((bare && group_follows) || numbered_operator_word(w, *op)) {
        if (operator_of(op->kind).form == Operator::Form::AgentAndTerm)
          return knows_value(w, start, column);
        return modal(op->kind, op->keyword_length);
      }
    }
    for (Formula::Kind constant : {K::True, K::False})
      if (w == operator_of(constant).keyword) return with_column(f::node(constant), column);

    if (const std::optional<AgentOperatorWord> op = agent_operator_word(w);
        op && w.size() > op->keyword_length)
      glued_ = GluedWord{word_end - w.size(), word_end, op->keyword_length};
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

  // Kv{a} t / Kv1 t: one agent, then a term (not a formula: a comparison after the term,
  // or a term that does not parse, is reported as such).
  FormulaPtr knows_value(const std::string& w, std::size_t start, std::size_t column) {
    AgentGroup group;
    const std::size_t keyword = operator_of(K::KnowsValue).keyword.size();
    if (w.size() == keyword) {
      group = agent_group();
      if (group.agents.size() != 1) {
        pos_ = start;
        fail("Kv takes one agent");
      }
    } else {
      group.agents = {agent_number(w.substr(keyword), start + keyword + 1)};
    }
    skip_space();
    const std::size_t term_at = pos_;
    const auto not_a_term = [&] {
      pos_ = term_at;
      std::string written(text_.substr(start, term_at - start));
      written.erase(written.find_last_not_of(" \t\n") + 1);
      fail(written +
           " takes a term (a variable, or arithmetic on variables: Kv{a} x + y), not a "
           "formula; Kw{a} φ says whether a knows φ");
    };
    TermPtr term;
    const bool committed = committed_;
    const std::size_t depth = term_depth_;
    committed_ = false;
    term_depth_ = 0;
    try {
      term = parse_sum();
    } catch (const FormulaError&) {
      // What only a term holds (a number, an operator) was read, or the nesting is too deep
      // for a formula too: the term's own error says more than "not a term".
      if (committed_ || too_deep_) throw;
      not_a_term();
    }
    committed_ = committed;
    term_depth_ = depth;
    const std::size_t after = pos_;
    if (!comparison_operator().empty()) not_a_term();
    pos_ = after;
    auto node = std::make_shared<Formula>(*f::knows_value(group.agents[0], std::move(term)));
    node->agent_names = std::move(group.names);
    return with_column(node, column);
  }

  // --- comparisons of arithmetic terms ------------------------------------------------

  // A comparison if one starts here, else null with the position unchanged. The attempt
  // is abandoned quietly until it has read something only a term can contain (a number,
  // an arithmetic operator) or the comparison operator; after that, errors are reported.
  FormulaPtr try_comparison() {
    if (cannot_start_term()) return nullptr;  // without the exception a failed try costs
    const std::size_t start = pos_, depth = paren_depth_;
    committed_ = false;
    term_depth_ = 0;
    try {
      skip_space();
      const std::size_t column = pos_ + 1;
      TermPtr lhs = parse_sum();
      const std::string op = comparison_operator();
      if (op.empty()) {
        if (committed_) fail("expected a comparison (= != < <= > >=) after the term");
        pos_ = start;
        return nullptr;
      }
      commit();
      TermPtr rhs = parse_sum();
      return with_column(f::compare(std::move(lhs), op, std::move(rhs)), column);
    } catch (const FormulaError&) {
      if (committed_) throw;
      ++abandoned_tries_;
      pos_ = start;
      paren_depth_ = depth;
      return nullptr;
    }
  }

  // Whether the text here cannot begin a term, so that trying a comparison would only fail
  // and backtrack: a formula's own sign (~ ! [ <), a modal operator's word (K{c1} ...), or
  // a parenthesis whose contents hold what no term holds (| & ~ { } [ ] ! = < >, or a modal
  // operator's word: (K1 p)). Such a try fails before it commits, so skipping it changes
  // nothing but the time; on a formula that parses, no try is abandoned (abandoned_tries).
  bool cannot_start_term() const {
    std::size_t at = pos_;
    while (at < text_.size() && std::isspace(static_cast<unsigned char>(text_[at]))) ++at;
    if (at >= text_.size()) return false;
    const char c = text_[at];
    if (c == '~' || c == '!' || c == '[' || c == '<') return true;
    if (c == '(') {
      int open = 0;
      for (std::size_t k = at; k < text_.size(); ++k) {
        const char d = text_[k];
        if (d == '(') ++open;
        if (d == ')' && --open == 0) return false;
        if (std::string_view("|&~{}[]!=<>").find(d) != std::string_view::npos) return true;
        if (is_word_char(d) && !is_word_char(text_[k - 1])) {
          // An operator, not an argument (a variable's x(K1) may name such a value): a
          // formula follows it, where an argument is followed by ',' or ')'.
          std::size_t end = k;
          while (end < text_.size() && is_word_char(text_[end])) ++end;
          std::size_t next = end;
          while (next < text_.size() && std::isspace(static_cast<unsigned char>(text_[next])))
            ++next;
          const bool argument = next < text_.size() && (text_[next] == ',' || text_[next] == ')');
          if (!argument && is_modal_operator_word(text_.substr(k, end - k))) return true;
          k = end - 1;
        }
      }
      return false;
    }
    std::size_t end = at;
    while (end < text_.size() && is_word_char(text_[end])) ++end;
    return end > at && is_modal_operator_word(text_.substr(at, end - at));
  }

  // Marks the comparison being tried as certain, unless the token is inside parentheses of
  // the term: "(x + 1 = 3)" is a parenthesised formula, found when "(x + 1" has no ')'.
  void commit() { committed_ = committed_ || term_depth_ == 0; }

  std::string comparison_operator() {
    skip_space();
    // <-> and <! are not "less than"; -> is not a minus (see parse_sum); a bare '>' closes
    // <!...> when no parenthesis was opened inside it.
    if (text_.substr(pos_, 3) == "<->" || text_.substr(pos_, 2) == "<!") return "";
    const bool closes_diamond = !diamond_depths_.empty() && diamond_depths_.back() == paren_depth_;
    for (const char* op : {"<=", ">=", "!=", "=", "<", ">"}) {
      if (closes_diamond && std::string_view(op) == ">") continue;
      if (accept(op)) return op;
    }
    return "";
  }

  // The term with its column, its depth recorded (bounded like formulas).
  TermPtr located_term(TermPtr term, std::size_t column) {
    auto located = std::make_shared<Term>(*term);
    located->column = column;
    record_depth(term_depths_, *located);
    return located;
  }

  // A chain of + and - (or of * and / and %) with its operators' columns: operands[k + 1]
  // joins the chain by ops[k], written at columns[k].
  struct TermChain {
    std::vector<TermPtr> operands;
    std::vector<Term::Op> ops;
    std::vector<std::size_t> columns;
  };

  // Chains up to this long are folded to the left, as they group; longer ones are built as
  // balanced trees (see balanced_chain), so that x + x + ... of 100,000 operands is no
  // deeper than a few parentheses.
  static constexpr std::size_t kFoldedChain = 32;

  TermPtr chain_term(const TermChain& chain) {
    const bool reassociable = std::all_of(chain.ops.begin(), chain.ops.end(), [](Term::Op op) {
      return op == Term::Op::Add || op == Term::Op::Subtract || op == Term::Op::Multiply;
    });
    if (chain.operands.size() > kFoldedChain && reassociable)
      return balanced_chain(chain, 0, chain.operands.size(), false);
    TermPtr left = chain.operands.front();
    for (std::size_t k = 0; k < chain.ops.size(); ++k)
      left = located_term(t::apply(chain.ops[k], left, chain.operands[k + 1]), chain.columns[k]);
    return left;
  }

  // operands[from..to) joined by their operators, as a tree of logarithmic depth. It splits
  // at the middle operator: a + b - c + d is (a + b) - (c - d), the right half's + and -
  // swapped (`flip`) when the middle operator is -. A chain of * is a product in any
  // grouping. (/ and % do not regroup: such a chain is folded as written.)
  TermPtr balanced_chain(const TermChain& chain, std::size_t from, std::size_t to, bool flip) {
    if (to - from == 1) return chain.operands[from];
    const std::size_t middle = from + (to - from) / 2;
    Term::Op op = chain.ops[middle - 1];
    if (flip) op = op == Term::Op::Add ? Term::Op::Subtract : Term::Op::Add;
    TermPtr left = balanced_chain(chain, from, middle, flip);
    TermPtr right = balanced_chain(chain, middle, to, flip != (op == Term::Op::Subtract));
    return located_term(t::apply(op, left, right), chain.columns[middle - 1]);
  }

  // Reads operands with `operand` joined by the operators `symbols` (one character each)
  // and builds them with chain_term.
  template <class ReadOperand>
  TermPtr parse_chain(std::string_view symbols, ReadOperand operand) {
    TermChain chain;
    chain.operands.push_back(operand());
    for (;;) {
      skip_space();
      if (pos_ >= text_.size()) break;
      const char c = text_[pos_];
      if (symbols.find(c) == std::string_view::npos || text_.substr(pos_, 2) == "->") break;
      chain.columns.push_back(pos_ + 1);
      ++pos_;
      commit();
      chain.ops.push_back(c == '+'   ? Term::Op::Add
                          : c == '-' ? Term::Op::Subtract
                          : c == '*' ? Term::Op::Multiply
                          : c == '/' ? Term::Op::Divide
                                     : Term::Op::Remainder);
      chain.operands.push_back(operand());
    }
    return chain_term(chain);
  }

  TermPtr parse_sum() {
    return parse_chain("+-", [this] { return parse_product(); });
  }

  TermPtr parse_product() {
    return parse_chain("*/%", [this] { return parse_factor(); });
  }

  TermPtr parse_factor() {
    const Nesting nesting(*this);
    skip_space();
    const std::size_t column = pos_ + 1;
    if (pos_ >= text_.size()) fail("expected a term, found the end of the input");
    if (text_[pos_] == '-' && text_.substr(pos_, 2) != "->") {
      ++pos_;
      commit();
      TermPtr operand = parse_factor();
      if (operand->op == Term::Op::Number && operand->number > INT64_MIN)  // -3 is a number
        return located_term(t::number(-operand->number), column);
      return located_term(t::apply(Term::Op::Negate, operand), column);
    }
    if (text_[pos_] == '(') return parenthesized_term();
    if (std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      commit();
      const std::string digits = word();
      if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 18) {
        pos_ = column - 1;
        fail("expected a number of at most 18 digits");
      }
      return located_term(t::number(std::stoll(digits)), column);
    }
    const std::string name = word();
    if (name.empty()) fail("expected a term, found " + character_here());
    if (is_modal_operator_word(name)) {
      // Not a variable (none may be called so): K1 -x = 1 is K1 applied to -x = 1.
      pos_ = column - 1;
      fail("expected a term, found the modal operator " + name);
    }
    // A variable with arguments, has(p1, candle): named as the vocabulary names it.
    if (accept("(")) {
      std::string full = name + "(";
      do {
        skip_space();
        const std::string arg = word();
        if (arg.empty()) fail("expected an argument of " + name);
        if (full.back() != '(') full += ',';
        full += arg;
      } while (accept(","));
      expect(")", "to close the arguments of " + name);
      return located_term(t::variable(full + ")"), column);
    }
    return located_term(t::variable(name), column);
  }

  // A term in parentheses, remembered by where it opens. A comparison is tried at every
  // level of nested parentheses, and each attempt would read the rest of the nest again
  // (quadratic in the depth). Inside parentheses nothing commits an attempt, and the
  // parser's nesting at a given '(' is the same in every attempt, so what it gave there (the
  // term and where it ends, or the error) is what any later attempt would get.
  TermPtr parenthesized_term() {
    const std::size_t open = pos_;
    if (const auto seen = parenthesized_.find(open);
        seen != parenthesized_.end() && seen->second.nesting == nesting_) {
      if (seen->second.error) throw *seen->second.error;
      pos_ = seen->second.end;
      return seen->second.term;
    }
    ++pos_;
    ++term_depth_;
    ++paren_depth_;
    try {
      TermPtr inner = parse_sum();
      expect(")", "to close the parenthesis");
      --paren_depth_;
      --term_depth_;
      parenthesized_[open] = {nesting_, inner, pos_, std::nullopt};
      return inner;
    } catch (const FormulaError& e) {
      parenthesized_[open] = {nesting_, nullptr, 0, e};
      throw;
    }
  }
  struct Parenthesized {
    std::size_t nesting = 0;
    TermPtr term;  // null when it failed
    std::size_t end = 0;
    std::optional<FormulaError> error;
  };

  std::string_view text_;
  std::size_t pos_ = 0;
  std::unordered_map<std::size_t, Parenthesized> parenthesized_;
  bool committed_ = false;  // the comparison being tried has read a term-only token
  std::size_t abandoned_tries_ = 0;
  // The last atom that starts with an operator's keyword (Bmary), for the message when
  // what follows it does not parse.
  struct GluedWord {
    std::size_t start = 0, end = 0, keyword = 0;
  };
  std::optional<GluedWord> glued_;
  bool too_deep_ = false;                    // fail_too_deep was called
  std::size_t term_depth_ = 0;               // parentheses open inside the term being read
  std::size_t paren_depth_ = 0;              // all parentheses open, formula and term
  std::vector<std::size_t> diamond_depths_;  // paren_depth_ at each open <!
  std::size_t nesting_ = 0;
  std::unordered_map<const Formula*, std::size_t> depth_;     // of every operator node built
  std::unordered_map<const Term*, std::size_t> term_depths_;  // of every term built
};

inline FormulaPtr parse_formula(std::string_view text) { return FormulaParser(text).parse(); }

}  // namespace kripke
