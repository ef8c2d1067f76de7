// Formulas compiled for evaluation (formula_dag.hpp): the forms the logic says are one become
// one node, equal subformulas are shared, and on random models with formulas full of such
// forms the compiled formula and the engine that evaluates it agree with the naive reference
// evaluating the formula as written.
#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "kripke/errors.hpp"
#include "kripke/evaluate.hpp"
#include "kripke/formula.hpp"
#include "kripke/formula_dag.hpp"
#include "kripke/formula_parser.hpp"
#include "random_cases.hpp"

namespace {

using kripke::FormulaPtr;
using kripke::parse_formula;
using kripke::Rng;
namespace f = kripke::f;

std::string compiled(const std::string& text) {
  kripke::FormulaDag dag;
  return kripke::to_string(*dag.compile(parse_formula(text)));
}

// Formulas that draw, besides every operator, the forms the compiler rewrites: both halves of
// "knows whether" and of "does not know whether" among other operands, negated disjunctions,
// double negations, Kw of a negation, and the same subformula twice (one node, or a copy
// written out again).
FormulaPtr patterned(Rng& rng, int depth, int agents) {
  using K = kripke::Formula::Kind;
  if (depth == 0) return difftest::random_atom(rng);
  const auto sub = [&] { return patterned(rng, depth - 1, agents); };
  const auto agent = [&] { return kripke::Agent(rng.below(std::uint64_t(agents))); };
  const auto copy = [](const FormulaPtr& phi) { return parse_formula(kripke::to_string(*phi)); };
  const auto maybe_copy = [&](const FormulaPtr& phi) {
    return difftest::coin(rng, 50) ? phi : copy(phi);
  };
  switch (rng.below(9)) {
    case 0: {  // K_i φ | ... | K_i ~φ, either order
      const kripke::Agent i = agent();
      const FormulaPtr phi = sub(), other = sub();
      FormulaPtr a = f::knows(i, phi), b = f::knows(i, f::neg(maybe_copy(phi)));
      if (difftest::coin(rng, 50)) std::swap(a, b);
      return difftest::coin(rng, 50) ? f::disj(a, b) : f::disj(f::disj(a, other), b);
    }
    case 1: {  // the halves of "does not know whether", in any of their forms
      const kripke::Agent i = agent();
      const FormulaPtr phi = sub(), other = sub();
      FormulaPtr a = difftest::coin(rng, 50) ? f::possible(i, phi)
                                             : f::neg(f::knows(i, f::neg(maybe_copy(phi))));
      FormulaPtr b = difftest::coin(rng, 50) ? f::possible(i, f::neg(maybe_copy(phi)))
                                             : f::neg(f::knows(i, maybe_copy(phi)));
      if (difftest::coin(rng, 50)) std::swap(a, b);
      return f::conj(f::conj(a, other), b);
    }
    case 2: {  // ~(K_i φ | K_i ~φ), the textbook's "does not know whether"
      const kripke::Agent i = agent();
      const FormulaPtr phi = sub();
      return f::neg(f::disj(f::knows(i, phi), f::knows(i, f::neg(maybe_copy(phi)))));
    }
    case 3: {
      FormulaPtr a = sub();
      return f::neg(f::disj(a, sub()));
    }
    case 4:
      return f::neg(f::neg(sub()));
    case 5:
      return f::knows_whether(agent(), f::neg(sub()));
    case 6: {  // the same subformula in two places
      const FormulaPtr phi = sub();
      const K kind = difftest::coin(rng, 50) ? K::And : K::Iff;
      return f::binary(kind, f::knows(agent(), phi), f::possible(agent(), maybe_copy(phi)));
    }
    default:
      return difftest::random_formula_with(rng, 1, agents, [&](Rng&) { return sub(); });
  }
}

}  // namespace

TEST_CASE("[formula-dag] the forms the logic says are one compile to one") {
  CHECK(compiled("~(K1 p | K1 ~p)") == "~Kw1 p");
  CHECK(compiled("~(K1 ~p | K1 p)") == "~Kw1 p");
  CHECK(compiled("K1 ~p | q | K1 p") == "Kw1 p | q");
  CHECK(compiled("M1 p & q & M1 ~p") == "~Kw1 p & q");
  CHECK(compiled("~K1 ~p & ~K1 p") == "~Kw1 p");
  CHECK(compiled("M1 p & ~K1 p") == "~Kw1 p");
  CHECK(compiled("~K2 ~q & r & M2 ~q") == "~Kw2 q & r");
  CHECK(compiled("~(K{alice} p | K{alice} ~p)") == "~Kw{alice} p");
  CHECK(compiled("~(p | q | r)") == "~p & ~q & ~r");
  CHECK(compiled("~~p") == "p");
  CHECK(compiled("Kw2 ~(p & q)") == "Kw2 (p & q)");
  CHECK(compiled("M1 ~~p") == "M1 p");
  CHECK(compiled("p & q & p") == "p & q");
  // Not one form: other agents, other bodies, a group spelled otherwise.
  CHECK(compiled("K1 p | K2 ~p") == "K1 p | K2 ~p");
  CHECK(compiled("K1 p | K1 ~q") == "K1 p | K1 ~q");
  CHECK(compiled("K1 p | K{alice} ~p") == "K1 p | K{alice} ~p");
  CHECK(compiled("~(K1 p & K1 ~p)") == "~(K1 p & K1 ~p)");
  // Each muddy child's "I do not know whether I am muddy", as the textbooks write it.
  std::string nobody, expected;
  for (int i = 1; i <= 40; ++i) {
    const std::string c = std::to_string(i);
    nobody += std::string(i > 1 ? " & " : "") + "~(K" + c + " m" + c + " | K" + c + " ~m" + c + ")";
    expected += std::string(i > 1 ? " & " : "") + "~Kw" + c + " m" + c;
  }
  CHECK(compiled(nobody) == expected);
}

TEST_CASE("[formula-dag] equal subformulas are one node, kept when they stand twice") {
  kripke::FormulaDag dag;
  const FormulaPtr phi = dag.compile(parse_formula("K1 (p & K2 q) | M2 (p & K2 q)"));
  // The two bodies are one node.
  REQUIRE(phi->kind == kripke::Formula::Kind::Or);
  const kripke::Formula& left_body = *phi->left->left;
  const kripke::Formula& right_body = *phi->right->left;
  CHECK(&left_body == &right_body);
  CHECK(dag.shared(left_body));
  CHECK_FALSE(dag.shared(*phi->left));
  // Across formulas compiled by one DAG, too.
  const FormulaPtr psi = dag.compile(parse_formula("~(p & K2 q)"));
  CHECK(psi->left.get() == &left_body);
  kripke::FormulaDag alone;
  (void)alone.compile(parse_formula("K1 p & K2 q"));
  CHECK_FALSE(alone.any_shared());
}

TEST_CASE("[formula-dag] a formula that compiling would not change is evaluated as written") {
  // Found without building the DAG: a game asks such questions at every move.
  for (const std::string text :
       {"K1 p & K2 q", "~Kw1 m1 & ~Kw2 m2", "x + 1 = y", "[!p]K1 q", "C{1,2} (p -> q)"}) {
    INFO(text);
    kripke::FormulaDag dag;
    const FormulaPtr phi = parse_formula(text);
    CHECK(&dag.compiled(*phi) == phi.get());
  }
  for (const std::string text : {"~~p", "p & q & p", "~(K1 p | K1 ~p)", "M1 p & q & M1 ~p",
                                 "K1 (p & q) | K2 (p & q)", "Kw1 ~p", "~(p | q)",
                                 // two operands that could be halves: compiled, unchanged
                                 "K1 p | K2 ~p"}) {
    INFO(text);
    kripke::FormulaDag dag;
    const FormulaPtr phi = parse_formula(text);
    const kripke::Formula& compiled_phi = dag.compiled(*phi);
    CHECK(&compiled_phi != phi.get());
    CHECK(kripke::to_string(compiled_phi) == compiled(text));
  }
}

TEST_CASE("[formula-dag] a DAG that lives on answers a formula it has seen, and only that one") {
  kripke::FormulaDag dag;
  const FormulaPtr nobody = parse_formula("~(K1 p | K1 ~p) & ~(K2 q | K2 ~q)");
  const kripke::Formula& first = dag.compiled(*nobody);
  CHECK(kripke::to_string(first) == "~Kw1 p & ~Kw2 q");
  const std::size_t held = dag.held();
  CHECK(&dag.compiled(*nobody) == &first);  // the next round: nothing compiled again
  CHECK(dag.held() == held);
  // Another formula where the first one stood is compiled as itself.
  std::optional<kripke::Formula> slot;
  slot.emplace(*parse_formula("~(K1 p | K1 ~p)"));
  CHECK(kripke::to_string(dag.compiled(*slot)) == "~Kw1 p");
  slot.emplace(*parse_formula("~~q"));
  CHECK(kripke::to_string(dag.compiled(*slot)) == "q");
  slot.emplace(*parse_formula("K1 r & K2 s"));  // one not compiled: itself
  CHECK(&dag.compiled(*slot) == &*slot);
}

TEST_CASE("[formula-dag] a compiled formula is refused where the written one is") {
  Rng rng(kripke::derive_seed(0x646167, {}));
  const difftest::Case c = difftest::random_case(rng, 16, 2);
  for (const bool compiling : {false, true}) {
    INFO((compiling ? "compiled" : "as written"));
    const auto column_of_error = [&](const std::string& text) -> std::size_t {
      kripke::Evaluator evaluator(c.engine, c.resolver());
      evaluator.compiling_from(compiling ? 0 : SIZE_MAX);
      try {
        (void)evaluator.eval(*parse_formula(text));
      } catch (const kripke::FormulaError& e) {
        return e.column();
      }
      return 0;
    };
    // The first unknown atom or agent in reading order.
    CHECK(column_of_error("K1 zz | K1 ~zz") == 4);
    CHECK(column_of_error("~(K1 p0 | K1 ~yy) | zz") == 15);
    CHECK(column_of_error("~(K9 p0 | K9 ~p0)") == 3);
    CHECK(column_of_error("M1 p0 & M1 ~zz & M7 p0") == 13);
    CHECK(column_of_error("p0 & p0 & zz") == 11);
    CHECK(column_of_error("K7 zz") == 1);
  }
}

TEST_CASE("[formula-dag] compiled formulas agree with the reference on random models",
          "[differential]") {
  int joined = 0;
  for (std::uint64_t n = 0; n < 400; ++n) {
    const auto seed = kripke::derive_seed(0x64616764, {n});
    INFO("case seed " << seed);
    Rng rng(seed);
    const difftest::Case c = difftest::random_case(rng, 48);
    for (int k = 0; k < 10; ++k) {
      const FormulaPtr phi = patterned(rng, 1 + int(rng.below(4)), c.agents());
      INFO(kripke::to_string(*phi));
      const std::vector<int> expected = c.reference_truth_set(*phi);
      kripke::FormulaDag dag;
      const FormulaPtr compiled_phi = dag.compile(phi);
      INFO("compiled: " << kripke::to_string(*compiled_phi));
      REQUIRE(c.reference_truth_set(*compiled_phi) == expected);
      // The engine compiling (its shared nodes kept) and as written, as small models are.
      kripke::Evaluator evaluator(c.engine, c.resolver());
      REQUIRE(difftest::members(evaluator.compiling_from(0).eval(*phi)) == expected);
      REQUIRE(c.engine_truth_set(*phi) == expected);
      if (kripke::to_string(*compiled_phi).find("Kw") != std::string::npos) ++joined;
    }
  }
  CHECK(joined > 400);  // the forms were drawn, and joined
}
