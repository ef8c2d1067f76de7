// The law's solver (law_solver.hpp) against testing every assignment: random laws over
// true/false variables, a range, an unsorted list of integers and a list of names, with
// every connective, comparison and arithmetic operation, give the same worlds in the same
// order and the same count; a law whose terms can fail somewhere is left to the scan (which
// reports the failure). And the solver takes about as many steps as there are worlds: the
// three-number puzzle at bound 500 (374,250 worlds of 125 million assignments) and Russian
// cards (140 deals of 2^21 assignments) within a few hundred thousand steps.
#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <vector>

#include "kripke/formula_parser.hpp"
#include "kripke/model_lang/law_solver.hpp"
#include "kripke/rng.hpp"

namespace {

using kripke::Formula;
using kripke::model_lang::CompiledComparison;
using kripke::model_lang::LawSolver;
using kripke::model_lang::Vocabulary;

// Random laws in the formula syntax, over the variables of law_vocabulary().
class LawText {
 public:
  explicit LawText(kripke::Rng& rng) : rng_(rng) {}

  std::string term(int depth) {
    const auto kind = rng_.below(depth > 0 ? 7 : 3);
    if (kind == 0) return std::to_string(std::int64_t(rng_.below(7)) - 2);
    if (kind == 1) return pick({"x", "y", "z"});
    if (kind == 2) return pick({"p", "q", "r"});
    if (kind == 3) return wrap("-(", term(depth - 1));
    std::string out = "(";
    out += term(depth - 1);
    out += " ";
    out += pick({"+", "-", "*", "/", "%"});
    out += " ";
    out += term(depth - 1);
    return out + ")";
  }

  std::string formula(int depth) {
    const auto kind = rng_.below(depth > 0 ? 8 : 3);
    if (kind == 0) return pick({"p", "q", "r"});
    if (kind == 1) {
      std::string out = "colour ";
      out += pick({"=", "!="});
      return out + " " + pick({"Red", "Green", "Blue"});
    }
    if (kind == 2) {
      std::string out = term(2);
      out += " ";
      out += pick({"=", "!=", "<", "<=", ">", ">="});
      out += " ";
      return out + term(2);
    }
    if (kind == 3) return wrap("~(", formula(depth - 1));
    std::string out = "(";
    out += formula(depth - 1);
    out += " ";
    out += pick({"&", "|", "->", "<->"});
    out += " ";
    out += formula(depth - 1);
    return out + ")";
  }

 private:
  // Built piece by piece: GCC 12 warns falsely (-Wrestrict, PR 105329) on "literal" + string.
  static std::string wrap(const char* open, const std::string& inside) {
    std::string out = open;
    out += inside;
    return out + ")";
  }
  std::string pick(std::initializer_list<const char*> words) {
    return *(words.begin() + rng_.below(words.size()));
  }
  kripke::Rng& rng_;
};

Vocabulary law_vocabulary() {
  return Vocabulary::read(
      kripke::Json::array({"p",
                           "q",
                           "r",
                           {{"name", "x"}, {"from", -2}, {"to", 3}},
                           {{"name", "y"}, {"values", {5, 1, 3}}},
                           {{"name", "z"}, {"from", 0}, {"to", 4}},
                           {{"name", "colour"}, {"values", {"Red", "Green", "Blue"}}}}),
      "/rules/variables");
}

// Whether the law holds at assignment a, tested directly (comparisons as the explicit
// engine's scan computes them; throws where a term fails).
bool holds(const Formula& phi, const Vocabulary& vocab, std::uint64_t a) {
  using K = Formula::Kind;
  switch (phi.kind) {
    case K::True:
      return true;
    case K::False:
      return false;
    case K::Atom:
      return vocab.value_index(a, std::size_t(vocab.find(phi.name))) == 1;
    case K::Not:
      return !holds(*phi.left, vocab, a);
    case K::And:
      return holds(*phi.left, vocab, a) && holds(*phi.right, vocab, a);
    case K::Or:
      return holds(*phi.left, vocab, a) || holds(*phi.right, vocab, a);
    case K::Implies:
      return !holds(*phi.left, vocab, a) || holds(*phi.right, vocab, a);
    case K::Iff:
      return holds(*phi.left, vocab, a) == holds(*phi.right, vocab, a);
    default:
      return CompiledComparison(phi, vocab).holds(vocab, a);
  }
}

}  // namespace

TEST_CASE("[law-solver] random laws: the solver finds what testing every assignment finds") {
  const Vocabulary vocab = law_vocabulary();
  const auto assignments = std::uint64_t(vocab.assignment_count());
  kripke::Rng rng(20261127);
  LawText text(rng);
  int solved = 0, laws = 0;
  for (; laws < 3000; ++laws) {
    const std::string law = text.formula(3);
    INFO(law);
    const kripke::FormulaPtr phi = kripke::parse_formula(law);
    std::vector<std::uint32_t> expected;
    bool fails = false;
    try {
      for (std::uint64_t a = 0; a < assignments; ++a)
        if (holds(*phi, vocab, a)) expected.push_back(std::uint32_t(a));
    } catch (const kripke::FormulaError&) {
      fails = true;
    }
    LawSolver solver(vocab, *phi);
    if (!solver.applicable()) continue;
    REQUIRE_FALSE(fails);  // a law that can fail is the scan's, which reports where
    ++solved;
    const auto worlds = solver.worlds(assignments, assignments);
    REQUIRE(worlds);
    REQUIRE(*worlds == expected);
    const auto count = solver.count(assignments);
    REQUIRE(count);
    REQUIRE(*count == kripke::BigCount(expected.size()));
    // The law at single assignments, every variable fixed (and freed again after).
    for (int k = 0; k < 3; ++k) {
      const std::uint64_t a = rng.below(assignments);
      std::vector<std::size_t> indices;
      for (std::size_t v = 0; v < vocab.size(); ++v) indices.push_back(vocab.value_index(a, v));
      CHECK(solver.holds_at(indices) ==
            std::binary_search(expected.begin(), expected.end(), std::uint32_t(a)));
    }
    REQUIRE(*solver.count(assignments) == kripke::BigCount(expected.size()));
    if (expected.size() > 1) {
      // A limit below the worlds stops the listing and says so.
      REQUIRE_FALSE(solver.worlds(assignments, expected.size() - 1));
      REQUIRE(solver.over_worlds());
    }
  }
  CHECK(solved > laws / 3);
}

namespace {

// 1,500 random conjunctions of 1 to 4 comparisons of sums (up to `terms` variables times
// coefficients drawn from `coefficients` numbers around 0, scaled by `scale`, plus a small
// constant) or literals, each solved value by
// value and by solving a·v within bounds, against testing every assignment. Returns how many
// of the 3,000 solvers read the law as a conjunction, and how many laws have some worlds
// but not all.
std::pair<int, int> check_random_conjunctions(std::uint64_t seed, std::int64_t scale,
                                              std::uint64_t terms, std::uint64_t coefficients) {
  const Vocabulary vocab = law_vocabulary();
  const auto assignments = std::uint64_t(vocab.assignment_count());
  kripke::Rng rng(seed);
  const auto pick = [&](std::initializer_list<const char*> words) {
    return std::string(*(words.begin() + rng.below(words.size())));
  };
  const auto number = [&](std::uint64_t spread, std::int64_t times) {
    return std::to_string((std::int64_t(rng.below(spread)) - std::int64_t(spread / 2)) * times);
  };
  int read_so = 0, with_worlds = 0;
  for (int laws = 0; laws < 1500; ++laws) {
    std::string law;
    for (auto parts = 1 + rng.below(4); parts-- > 0;) {
      if (!law.empty()) law += " & ";
      if (rng.below(4) == 0) {
        law += pick({"p", "q", "r", "~p", "~q", "~r"});
        continue;
      }
      for (auto n = 1 + rng.below(terms); n-- > 0;)
        law += number(coefficients, scale) + " * " + pick({"x", "y", "z", "p", "q", "r"}) + " + ";
      law += number(7, 1) + " " + pick({"=", "!=", "<", "<=", ">", ">="}) + " " + number(9, 1);
    }
    INFO(law);
    const kripke::FormulaPtr phi = kripke::parse_formula(law);
    std::vector<std::uint32_t> expected;
    for (std::uint64_t a = 0; a < assignments; ++a)
      if (holds(*phi, vocab, a)) expected.push_back(std::uint32_t(a));
    with_worlds += !expected.empty() && expected.size() < assignments;
    // Every variable read value by value (the default for these small domains), and every
    // one read by solving a·v within bounds.
    for (const std::uint64_t value_by_value : {LawSolver::kValueByValue, std::uint64_t{0}}) {
      LawSolver solver(vocab, *phi, value_by_value);
      REQUIRE(solver.applicable());
      read_so += solver.reads_conjunction();
      REQUIRE(solver.worlds(assignments, assignments) == expected);
      REQUIRE(solver.count(assignments) == kripke::BigCount(expected.size()));
    }
  }
  return {read_so, with_worlds};
}

}  // namespace

TEST_CASE(
    "[law-solver] random conjunctions of linear comparisons and literals, read without the walk") {
  const auto [read_so, with_worlds] = check_random_conjunctions(20261128, 1, 4, 5);
  CHECK(read_so == 3000);
  CHECK(with_worlds > 500);
}

TEST_CASE(
    "[law-solver] comparisons too wide for 64-bit sums are read by the walk, with the same "
    "worlds") {
  // Coefficients 0, ±2^58 or ±2^59 and values up to 5: a comparison whose parts add up to
  // under 2^61 is read with the conjunction's 64-bit sums, a wider one by the walk (read
  // with 64-bit sums, three parts near 2^61 would overflow them); each side still fits 64
  // bits where it is computed (at most 30 · 2^58).
  const auto [read_so, with_worlds] =
      check_random_conjunctions(20261129, std::int64_t{1} << 58, 3, 5);
  CHECK(read_so > 300);   // the laws whose comparisons all fit
  CHECK(read_so < 2700);  // and those with one that does not
  CHECK(with_worlds > 300);
}

TEST_CASE("[law-solver] puzzles are solved in about as many steps as they have worlds") {
  const auto numbers = [](int bound) {
    kripke::Json variables = kripke::Json::array();
    for (const char* name : {"a", "b", "c"})
      variables.push_back({{"name", name}, {"from", 1}, {"to", bound}});
    return Vocabulary::read(variables, "/rules/variables");
  };
  const kripke::FormulaPtr sum = kripke::parse_formula("a = b + c | b = a + c | c = a + b");
  // At bound 40, against every assignment.
  const Vocabulary small = numbers(40);
  std::vector<std::uint32_t> expected;
  for (std::uint64_t a = 0; a < std::uint64_t(small.assignment_count()); ++a)
    if (holds(*sum, small, a)) expected.push_back(std::uint32_t(a));
  LawSolver small_solver(small, *sum);
  CHECK(small_solver.worlds(1'000'000, 1'000'000) == expected);
  // At bound 500: 3 · 499 · 500 / 2 worlds, found in under 300,000 steps.
  const Vocabulary five_hundred = numbers(500);  // the solver reads it as it goes
  LawSolver large(five_hundred, *sum);
  CHECK(large.count(300'000) == kripke::BigCount(374'250));
  CHECK_FALSE(large.count(100'000));  // the steps are a real limit

  kripke::Json cards = kripke::Json::array();
  std::string law;
  for (const char holder : {'a', 'b', 'e'})
    for (int card = 0; card < 7; ++card)
      cards.push_back(std::string(1, holder) += std::to_string(card));
  for (int card = 0; card < 7; ++card) {
    const std::string c = std::to_string(card);
    for (const char* part : {"a", c.c_str(), " + b", c.c_str(), " + e", c.c_str(), " = 1 & "})
      law += part;
  }
  law += "a0 + a1 + a2 + a3 + a4 + a5 + a6 = 3 & b0 + b1 + b2 + b3 + b4 + b5 + b6 = 3";
  const Vocabulary russian = Vocabulary::read(cards, "/rules/variables");
  LawSolver deals(russian, *kripke::parse_formula(law));
  CHECK(deals.count(20'000) == kripke::BigCount(140));  // 7! / (3! 3! 1!)
}
