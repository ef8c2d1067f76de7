// The formula parser and printer: every operator, binding strength, error columns, and printing
// then parsing random formulas back.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kripke/errors.hpp"
#include "kripke/evaluate.hpp"
#include "kripke/formula.hpp"
#include "kripke/formula_parser.hpp"
#include "random_cases.hpp"

namespace {

namespace f = kripke::f;
using K = kripke::Formula::Kind;
using kripke::FormulaPtr;
using kripke::parse_formula;

bool same_term(const kripke::TermPtr& a, const kripke::TermPtr& b) {
  if (!a || !b) return !a && !b;
  return a->op == b->op && a->number == b->number && a->name == b->name &&
         same_term(a->left, b->left) && same_term(a->right, b->right);
}

// Same tree: kinds, atoms, agents, terms and operands (the parser's columns are ignored).
bool same_tree(const FormulaPtr& a, const FormulaPtr& b) {
  if (!a || !b) return !a && !b;
  return a->kind == b->kind && a->name == b->name && a->args == b->args && a->agents == b->agents &&
         a->agent_names == b->agent_names && same_term(a->lhs, b->lhs) &&
         same_term(a->rhs, b->rhs) && same_tree(a->left, b->left) && same_tree(a->right, b->right);
}

// A modal node with named agents, as the parser builds K{alice} p.
FormulaPtr named(FormulaPtr node, std::vector<std::string> names) {
  auto copy = std::make_shared<kripke::Formula>(*node);
  copy->agent_names = std::move(names);
  return copy;
}

namespace t = kripke::t;
using Op = kripke::Term::Op;
kripke::TermPtr x() { return t::variable("x"); }
kripke::TermPtr y() { return t::variable("y"); }

FormulaPtr p() { return f::atom("p"); }
FormulaPtr q() { return f::atom("q"); }
FormulaPtr r() { return f::atom("r"); }
FormulaPtr s() { return f::atom("s"); }

void require_parses_as(const std::string& text, const FormulaPtr& expected) {
  INFO("parsing '" << text << "'; expected " << kripke::to_string(*expected));
  REQUIRE(same_tree(parse_formula(text), expected));
}

// The 1-based column of the FormulaError that parsing `text` throws; 0 when it parses.
std::size_t error_column(const std::string& text) {
  try {
    parse_formula(text);
  } catch (const kripke::FormulaError& e) {
    const std::string prefix = "column " + std::to_string(e.column()) + ":";
    CHECK(std::string(e.what()).rfind(prefix, 0) == 0);
    return e.column();
  }
  return 0;
}

}  // namespace

TEST_CASE("the parser reads every operator", "[formula][parser]") {
  require_parses_as("true", f::truth());
  require_parses_as("false", f::falsity());
  require_parses_as("p", p());
  require_parses_as("has(2,rope)", f::atom("has", {"2", "rope"}));
  require_parses_as("has( 2 , rope )", f::atom("has", {"2", "rope"}));
  require_parses_as("muddy(3)", f::atom("muddy", {"3"}));
  require_parses_as("~p", f::neg(p()));
  require_parses_as("~~p", f::neg(f::neg(p())));
  require_parses_as("p & q", f::conj(p(), q()));
  require_parses_as("p | q", f::disj(p(), q()));
  require_parses_as("p -> q", f::implies(p(), q()));
  require_parses_as("p <-> q", f::iff(p(), q()));
  // Agents are 1-based in the syntax and 0-based in the tree.
  require_parses_as("K1 p", f::knows(0, p()));
  require_parses_as("K12 p", f::knows(11, p()));
  require_parses_as("M2 p", f::possible(1, p()));
  require_parses_as("Kw3 p", f::knows_whether(2, p()));
  require_parses_as("E{1,2} p", f::everybody({0, 1}, p()));
  require_parses_as("E{ 3 , 1 } p", f::everybody({2, 0}, p()));
  require_parses_as("C{1,2,3} p", f::common({0, 1, 2}, p()));
  require_parses_as("C{2} p", f::common({1}, p()));
  require_parses_as("K1 K2 ~M3 p", f::knows(0, f::knows(1, f::neg(f::possible(2, p())))));
  require_parses_as("K1 (p & q)", f::knows(0, f::conj(p(), q())));
  require_parses_as("((p))", p());
  // Names that only start like an operator are atoms.
  require_parses_as("Kate & Mo", f::conj(f::atom("Kate"), f::atom("Mo")));
  require_parses_as("E | C", f::disj(f::atom("E"), f::atom("C")));
}

TEST_CASE("the parser's binding strengths", "[formula][parser]") {
  // Prefix operators bind tighter than every binary connective.
  require_parses_as("~p & q", f::conj(f::neg(p()), q()));
  require_parses_as("K1 p & q", f::conj(f::knows(0, p()), q()));
  require_parses_as("E{1,2} p | q", f::disj(f::everybody({0, 1}, p()), q()));
  require_parses_as("C{1} p -> q", f::implies(f::common({0}, p()), q()));
  // & binds tighter than |, on either side.
  require_parses_as("p | q & r", f::disj(p(), f::conj(q(), r())));
  require_parses_as("p & q | r", f::disj(f::conj(p(), q()), r()));
  // | binds tighter than ->.
  require_parses_as("p | q -> r", f::implies(f::disj(p(), q()), r()));
  require_parses_as("p -> q | r", f::implies(p(), f::disj(q(), r())));
  // -> groups to the right.
  require_parses_as("p -> q -> r", f::implies(p(), f::implies(q(), r())));
  require_parses_as("(p -> q) -> r", f::implies(f::implies(p(), q()), r()));
  // <-> binds loosest.
  require_parses_as("p <-> q -> r", f::iff(p(), f::implies(q(), r())));
  require_parses_as("p -> q <-> r", f::iff(f::implies(p(), q()), r()));
  require_parses_as("p & q <-> r | s", f::iff(f::conj(p(), q()), f::disj(r(), s())));
  // Chains of & and | are built balanced, and print as written; <-> groups to the left
  // (documented in formula_parser.hpp).
  require_parses_as("p & q & r", f::conj(p(), f::conj(q(), r())));
  require_parses_as("p | q | r | s", f::disj(f::disj(p(), q()), f::disj(r(), s())));
  CHECK(kripke::to_string(*parse_formula("p & q & r & s")) == "p & q & r & s");
  require_parses_as("p <-> q <-> r", f::iff(f::iff(p(), q()), r()));
  // Spaces are optional.
  require_parses_as("p&q|r->s<->~p",
                    f::iff(f::implies(f::disj(f::conj(p(), q()), r()), s()), f::neg(p())));
}

TEST_CASE("the parser records where each node starts", "[formula][parser]") {
  const auto phi = parse_formula("p & K2 ~q");
  REQUIRE(phi->left->column == 1);
  REQUIRE(phi->right->column == 5);
  REQUIRE(phi->right->left->column == 8);
  REQUIRE(phi->right->left->left->column == 9);
}

TEST_CASE("parse errors name the 1-based column of the problem", "[formula][parser]") {
  CHECK(error_column("K1 & ") == 4);   // no operand for K1: the '&'
  CHECK(error_column("(p") == 3);      // the missing ')' at the end
  CHECK(error_column("has(2,") == 7);  // the missing argument at the end
  CHECK(error_column("E{1,}") == 5);   // the missing agent: the '}'
  CHECK(error_column("p q") == 3);     // the stray 'q'
  CHECK(error_column("K0 p") == 2);    // agents start at 1: the '0'
  CHECK(error_column("~") == 2);       // no operand for '~' at the end
  CHECK(error_column("") == 1);
  CHECK(error_column("p & & q") == 5);
  CHECK(error_column("  p ->") == 7);
  CHECK(error_column("C{} p") == 3);
  CHECK(error_column("E{1 2} p") == 5);
  CHECK(error_column("(p))") == 4);
}

TEST_CASE("Kw takes one agent like K and M, while E, C and D take groups", "[formula][parser]") {
  // Kw{1,2} once parsed into a node that was evaluated, and printed, as Kw1: agent 2
  // vanished without a word. Braces name one agent for K, M and Kw, and no more.
  CHECK(error_column("Kw{1,2} p") == 1);
  CHECK(error_column("K{1,2} p") == 1);
  CHECK(error_column("M{alice,bob} p") == 1);
  require_parses_as("Kw{1} p", f::knows_whether(0, p()));
  require_parses_as("K{1} p", f::knows(0, p()));
  require_parses_as("M{2} p", f::possible(1, p()));
  require_parses_as("D{1,3} p", f::distributed({0, 2}, p()));
  require_parses_as("D{2} p & q", f::conj(f::distributed({1}, p()), q()));
}

TEST_CASE("agents may be named inside braces", "[formula][parser]") {
  require_parses_as("K{alice} p", named(f::knows(-1, p()), {"alice"}));
  require_parses_as("Kw{bob} p", named(f::knows_whether(-1, p()), {"bob"}));
  require_parses_as("E{alice,2} p", named(f::everybody({-1, 1}, p()), {"alice", ""}));
  require_parses_as("C{1,2} p", f::common({0, 1}, p()));  // no names: none recorded
  require_parses_as("D{a_1,b2} p", named(f::distributed({-1, -1}, p()), {"a_1", "b2"}));
  for (const std::string text : {"K{alice} p", "E{alice,2} ~M{bob} p", "D{a,b} (p -> q)"})
    CHECK(kripke::to_string(*parse_formula(text)) == text);
}

TEST_CASE("public announcement operators", "[formula][parser]") {
  require_parses_as("[!p] q", f::after_announcing(p(), q()));
  require_parses_as("[!p & q]K1 r", f::after_announcing(f::conj(p(), q()), f::knows(0, r())));
  require_parses_as("<!p> q", f::announcing_and_then(p(), q()));
  // The body is a prefix formula: [!p] binds like ~.
  require_parses_as("[!p] q & r", f::conj(f::after_announcing(p(), q()), r()));
  require_parses_as("[!p] (q & r)", f::after_announcing(p(), f::conj(q(), r())));
  require_parses_as("[![!p] q] <!r> s", f::after_announcing(f::after_announcing(p(), q()),
                                                            f::announcing_and_then(r(), s())));
  // Inside <!...> a bare '>' closes; a comparison with '>' goes in parentheses.
  require_parses_as("<!(x > 3)> p",
                    f::announcing_and_then(f::compare(x(), ">", t::number(3)), p()));
  require_parses_as("<!x >= 3> p",
                    f::announcing_and_then(f::compare(x(), ">=", t::number(3)), p()));
  CHECK(error_column("[!p q") == 5);
  CHECK(error_column("<!p") == 4);
  CHECK(error_column("[!] p") == 3);
}

TEST_CASE("comparisons of arithmetic terms", "[formula][parser][term]") {
  require_parses_as("x = 3", f::compare(x(), "=", t::number(3)));
  require_parses_as("x+y<=100", f::compare(t::apply(Op::Add, x(), y()), "<=", t::number(100)));
  // * / % bind tighter than + -, and all group to the left.
  require_parses_as(
      "x + y * 2 != x % 3 - 1",
      f::compare(t::apply(Op::Add, x(), t::apply(Op::Multiply, y(), t::number(2))), "!=",
                 t::apply(Op::Subtract, t::apply(Op::Remainder, x(), t::number(3)), t::number(1))));
  require_parses_as(
      "x - y - 1 < 0",
      f::compare(t::apply(Op::Subtract, t::apply(Op::Subtract, x(), y()), t::number(1)), "<",
                 t::number(0)));
  require_parses_as(
      "(x + 1) * 2 >= y / 2",
      f::compare(t::apply(Op::Multiply, t::apply(Op::Add, x(), t::number(1)), t::number(2)),
                 ">=", t::apply(Op::Divide, y(), t::number(2))));
  require_parses_as("-x > -3", f::compare(t::apply(Op::Negate, x()), ">", t::number(-3)));
  // Comparisons are formulas like atoms: under ~, K, in connectives, in parentheses.
  require_parses_as("~x = 1 & K1 y < x", f::conj(f::neg(f::compare(x(), "=", t::number(1))),
                                                 f::knows(0, f::compare(y(), "<", x()))));
  require_parses_as("(x + 1 = 3)",
                    f::compare(t::apply(Op::Add, x(), t::number(1)), "=", t::number(3)));
  require_parses_as("p -> x = 1", f::implies(p(), f::compare(x(), "=", t::number(1))));
  require_parses_as("x = 1 <-> p", f::iff(f::compare(x(), "=", t::number(1)), p()));
  // Atoms with arguments and parenthesised formulas are not terms.
  require_parses_as("has(1,rope) & (p | q)",
                    f::conj(f::atom("has", {"1", "rope"}), f::disj(p(), q())));
  // In a term, a variable with arguments is one variable, named without spaces.
  require_parses_as(
      "has(1, rope) + has(2,rope) <= 1",
      f::compare(t::apply(Op::Add, t::variable("has(1,rope)"), t::variable("has(2,rope)")),
                 "<=", t::number(1)));
  CHECK(error_column("has(1, ) + 1 = 2") == 8);
  // Errors once the text can only be a comparison.
  CHECK(error_column("x + = 3") == 5);
  CHECK(error_column("x + 1") == 6);
  CHECK(error_column("x = ") == 5);
  CHECK(error_column("3") == 2);
  CHECK(error_column("x * (y + 1 = 2") == 12);
  CHECK(error_column("x = 1234567890123456789") == 5);
  // Printing reads back as the same tree.
  for (const std::string text :
       {"x + y <= 100", "x - (y - 1) = 0", "(x + 1) * 2 >= y / 2", "x % 2 = 0 & K1 x * y = 52",
        "-x > -3", "-(x + 1) = 2", "[!x < y] K{alice} x = 1", "S(a,b) + S(b,a) = 1"})
    CHECK(kripke::to_string(*parse_formula(text)) == text);
}

TEST_CASE("deeply nested input is a FormulaError, not a stack overflow", "[formula][parser]") {
  auto repeat = [](const std::string& piece, int times) {
    std::string s;
    for (int k = 0; k < times; ++k) s += piece;
    return s;
  };
  auto too_deep = [](const std::string& text) {
    try {
      parse_formula(text);
    } catch (const kripke::FormulaError& e) {
      return std::string(e.what()).find("nested too deeply") != std::string::npos;
    }
    return false;
  };
  // 100,000 levels of each kind of nesting: recursion in the parser (~, K1, parentheses, ->)
  // and long left-leaning chains that the parser builds in a loop but that evaluating,
  // printing and freeing would walk recursively.
  constexpr int kHostile = 100000;
  CHECK(too_deep(repeat("~", kHostile) + "p0"));
  CHECK(too_deep(repeat("K1 ", kHostile) + "p0"));
  CHECK(too_deep(repeat("(", kHostile) + "p0" + repeat(")", kHostile)));
  CHECK(too_deep("p0" + repeat(" -> p0", kHostile)));
  // A chain of & or | is no nesting: 100,000 operands make a balanced tree 17 levels deep.
  CHECK_FALSE(too_deep("p0" + repeat(" & p0", kHostile)));
  CHECK_FALSE(too_deep("p0" + repeat(" | p0", kHostile)));
  CHECK(too_deep("p0" + repeat(" <-> p0", kHostile)));
  CHECK(too_deep(repeat("~", 1000) + "p0"));  // 1001 levels
  // Nor is a chain of + and - or of *; one that holds / or % is folded as written.
  CHECK_FALSE(too_deep("x" + repeat(" + x", kHostile) + " = 0"));
  CHECK_FALSE(too_deep("x" + repeat(" * x", kHostile) + " = 0"));
  CHECK(too_deep("x" + repeat(" / x", kHostile) + " = 0"));
  CHECK(too_deep(repeat("-", kHostile) + "x = 0"));
  CHECK(too_deep(repeat("(", kHostile) + "x" + repeat(")", kHostile) + " = 0"));

  // 1000 levels are fine, and survive evaluation and printing.
  kripke::Rng rng(9);
  const difftest::Case c = difftest::random_case(rng, 20, 1);
  for (const std::string& text :
       {repeat("~", 999) + "p0", repeat("K1 ", 999) + "p0", "p0" + repeat(" & p0", 999),
        "p0" + repeat(" -> p0", 999), repeat("(", 999) + "p0" + repeat(")", 999)}) {
    const auto phi = parse_formula(text);
    CHECK(c.engine_truth_set(*parse_formula(kripke::to_string(*phi))) ==
          c.reference_truth_set(*phi));
  }

  // A comparison in parentheses: each level first tries to read a term, which once read the
  // whole rest of the nest again (quadratic in the depth); the attempts now share what they
  // read.
  // 998 levels hold a comparison; at 999 the comparison inside is past the limit.
  const auto comparison = parse_formula(repeat("(", 998) + "x = 1" + repeat(")", 998));
  CHECK(comparison->kind == kripke::Formula::Kind::Compare);
  CHECK_THROWS_AS(parse_formula(repeat("(", 999) + "x = 1" + repeat(")", 999)),
                  kripke::FormulaError);
  const auto mixed = parse_formula(repeat("(", 400) + "(x + 1) * 2 = y & p" + repeat(")", 400));
  CHECK(kripke::to_string(*mixed) == kripke::to_string(*parse_formula("(x + 1) * 2 = y & p")));
}

TEST_CASE("an agent out of range is a FormulaError at evaluation, with its column",
          "[formula][evaluate]") {
  kripke::Rng rng(7);
  difftest::Case c = difftest::random_case(rng, 20, 2);
  while (c.agents() != 2) c = difftest::random_case(rng, 20, 2);
  // The column of the FormulaError; 0 when the formula evaluates.
  auto column_of_error = [&](const std::string& text) -> std::size_t {
    const auto phi = parse_formula(text);
    try {
      c.engine_truth(*phi);
    } catch (const kripke::FormulaError& e) {
      CHECK(std::string(e.what()).find("agent 3") != std::string::npos);
      return e.column();
    }
    return 0;
  };
  CHECK(column_of_error("K3 p0") == 1);
  CHECK(column_of_error("p0 & M3 p1") == 6);
  CHECK(column_of_error("p0 | ~Kw3 p1") == 7);
  CHECK(column_of_error("E{1,3} p0") == 1);
  CHECK(column_of_error("p0 -> C{3,2} p0") == 7);
  CHECK(column_of_error("K1 K2 K3 p0") == 7);
  // Agents in range evaluate.
  CHECK_NOTHROW(c.engine_truth(*parse_formula("K1 K2 C{1,2} E{2,1} p0")));
}

TEST_CASE("named agents are looked up at evaluation, and unknown names list the agents",
          "[formula][evaluate]") {
  kripke::Rng rng(11);
  difftest::Case c = difftest::random_case(rng, 30, 2);
  while (c.agents() != 2) c = difftest::random_case(rng, 30, 2);
  const kripke::Evaluator names(c.engine, c.resolver(), {"alice", "bob"});
  for (const auto& [by_name, by_number] :
       std::vector<std::pair<std::string, std::string>>{{"K{alice} p0", "K1 p0"},
                                                        {"Kw{bob} p1", "Kw2 p1"},
                                                        {"E{bob,alice} p0", "E{2,1} p0"},
                                                        {"D{alice,2} p2", "D{1,2} p2"},
                                                        {"C{alice,bob} p3", "C{1,2} p3"}}) {
    INFO(by_name);
    CHECK(names.eval(*parse_formula(by_name)) == c.engine_truth(*parse_formula(by_number)));
  }
  try {
    names.eval(*parse_formula("p0 & K{carol} p1"));
    FAIL("an unknown agent name evaluated");
  } catch (const kripke::FormulaError& e) {
    CHECK(e.column() == 6);
    CHECK_THAT(e.what(), Catch::Contains("no agent named 'carol' (the agents: alice, bob)"));
  }
  // Without names every name is unknown.
  CHECK_THROWS_AS(c.engine_truth(*parse_formula("K{alice} p0")), kripke::FormulaError);
}

TEST_CASE("an unknown atom is the resolver's FormulaError, with its column",
          "[formula][evaluate]") {
  kripke::Rng rng(8);
  const difftest::Case c = difftest::random_case(rng, 20, 1);
  try {
    c.engine_truth(*parse_formula("p0 & ~nope"));
    FAIL("an unknown atom evaluated");
  } catch (const kripke::FormulaError& e) {
    CHECK(e.column() == 7);
  }
}

TEST_CASE("printing then parsing random formulas keeps their truth sets", "[formula][printer]") {
  constexpr int kModels = 300;
  constexpr int kFormulas = 20;
  for (int n = 0; n < kModels; ++n) {
    const auto seed = kripke::derive_seed(0x666f726d, {std::uint64_t(n)});
    INFO("case seed " << seed);
    kripke::Rng rng(seed);
    const difftest::Case c = difftest::random_case(rng, 64);
    for (int k = 0; k < kFormulas; ++k) {
      const auto phi = difftest::random_formula(rng, c.agents());
      const std::string text = kripke::to_string(*phi);
      INFO("printed as " << text);
      const auto back = parse_formula(text);
      REQUIRE(c.engine_truth_set(*back) == c.reference_truth_set(*phi));
      // Printing is a fixed point: the text of the parsed formula is the same text.
      REQUIRE(kripke::to_string(*back) == text);
    }
  }
}

TEST_CASE("[formula] every operator of the table parses, prints and parses back") {
  using Form = kripke::Operator::Form;
  namespace f = kripke::f;
  const auto p = f::atom("p"), q = f::atom("q");
  for (const kripke::Operator& op : kripke::kOperators) {
    const std::string keyword(op.keyword);
    // One formula of the row's form, written by hand where its operands are terms.
    std::string text;
    switch (op.form) {
      case Form::Constant:
        text = to_string(*f::node(op.kind));
        break;
      case Form::Atom:
        text = to_string(*f::atom("has", {"1", "axe"}));
        break;
      case Form::Comparison:
        text = "x + 1 <= y";
        break;
      case Form::Prefix:
        text = to_string(*f::unary(op.kind, p));
        break;
      case Form::Infix:
      case Form::Announcement:
        text = to_string(*f::binary(op.kind, p, q));
        break;
      case Form::OneAgent:
        text = to_string(*f::unary(op.kind, p, {1}));
        break;
      case Form::Group:
        text = to_string(*f::unary(op.kind, p, {0, 2}));
        break;
      case Form::AgentAndTerm:
        text = keyword + "2 x + y";
        break;
    }
    INFO("row " << keyword << ": " << text);
    const kripke::FormulaPtr read = kripke::parse_formula(text);
    CHECK(read->kind == op.kind);
    CHECK(to_string(*read) == text);
    CHECK(to_string(*kripke::parse_formula(to_string(*read))) == text);
    if (!keyword.empty()) CHECK(text.find(keyword) != std::string::npos);
    // The words of an agent's operator with a number are reserved; a group's are not.
    if (op.form == Form::OneAgent || op.form == Form::AgentAndTerm)
      CHECK(kripke::is_modal_operator_word(keyword + "3"));
    if (op.form == Form::Group) {
      CHECK_FALSE(kripke::is_modal_operator_word(keyword + "3"));
      // With agents named: E{alice,bob} p.
      CHECK(to_string(*kripke::parse_formula(keyword + "{alice,bob} p")) ==
            keyword + "{alice,bob} p");
    }
  }
  // Every alias reads as its operator.
  for (const auto& [alias, kind] : kripke::kOperatorAliases) {
    const std::string text = std::string(alias) + "1 p";
    CHECK(kripke::parse_formula(text)->kind == kind);
    CHECK(kripke::is_modal_operator_word(std::string(alias) + "7"));
  }
}

TEST_CASE("formulas that parse abandon no tried comparison", "[formula][parser]") {
  // A comparison is tried wherever a formula may start, and a try that fails before it
  // commits is abandoned through an exception: the slow path, which formulas that parse
  // never take. Parentheses around operators, around terms, and the textbook's forms.
  const std::vector<std::string> texts = {"(K1 p)",
                                          "((Kw2 q)) & (M1 ~p)",
                                          "~(K{c1} m1 | K{c1} ~m1)",
                                          "(Kv1 x) | p",
                                          "(x + 1) = y",
                                          "(p)",
                                          "((p) & q) -> (r)",
                                          "[!(K1 p)](M2 q)",
                                          "(has(1, axe))",
                                          "(x(K1)) = 3",
                                          "(E{1,2} p) <-> (C{1} q)",
                                          "(B1 p) & (x) < 2",
                                          "x + y <= 100 & p"};
  for (const std::string& text : texts) {
    INFO(text);
    kripke::FormulaParser parser(text);
    REQUIRE(parser.parse());
    CHECK(parser.abandoned_tries() == 0);
  }
  kripke::Rng rng(kripke::derive_seed(0x74726965, {}));
  for (int k = 0; k < 2000; ++k) {
    const std::string text = kripke::to_string(*difftest::random_formula(rng, 3));
    INFO(text);
    kripke::FormulaParser parser(text);
    REQUIRE(parser.parse());
    REQUIRE(parser.abandoned_tries() == 0);
  }
  // What the count counts: a tried comparison that fails before it commits.
  kripke::FormulaParser abandons("(p q)");
  CHECK_THROWS(abandons.parse());
  CHECK(abandons.abandoned_tries() == 1);
}
