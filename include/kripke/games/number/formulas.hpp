// The atoms of What's My Number? and the formulas its announcements are logged with.
//
//   num(i,n)     player i has number n on its board
//   answer(q,i)  question card q, answered by player i about the boards it sees, is "yes"
//
// An answer "yes" to card q by player i is the announcement answer(q,i), "no" is
// ~answer(q,i); "nobody knows their numbers" is the conjunction over the players i of
// ~(Kw_i num(i,1) & ... & Kw_i num(i,N)): player i knows its numbers when it knows, for
// every number, whether it has it. Each formula's truth set is exactly the set the play
// announces (tests check this against the evaluator).
#pragma once

#include <string>
#include <vector>

#include "kripke/evaluate.hpp"
#include "kripke/formula.hpp"
#include "kripke/games/number/tables.hpp"

namespace kripke::number {

inline FormulaPtr num_atom(Agent i, int n) {
  return f::atom("num", {std::to_string(i + 1), std::to_string(n)});
}
inline FormulaPtr answer_atom(int card, Agent i) {
  return f::atom("answer", {std::to_string(card), std::to_string(i + 1)});
}
inline FormulaPtr answer_formula(int card, Agent i, bool yes) {
  return yes ? answer_atom(card, i) : f::neg(answer_atom(card, i));
}

// Player i knows its numbers: it knows whether it has n, for every n.
inline FormulaPtr knows_numbers(Agent i, int numbers) {
  std::vector<FormulaPtr> parts;
  for (int n = 1; n <= numbers; ++n) parts.push_back(f::knows_whether(i, num_atom(i, n)));
  return f::all_of(parts);
}

inline FormulaPtr nobody_knows_formula(int players, int numbers) {
  std::vector<FormulaPtr> parts;
  for (Agent i = 0; i < players; ++i) parts.push_back(f::neg(knows_numbers(i, numbers)));
  return f::all_of(parts);
}

// The truth set of an atom in model m; FormulaError for anything else.
inline WorldSet resolve_atom(const Tables& t, const Formula& a, const Model& m) {
  auto number_arg = [&](std::size_t k, const char* what, int max) {
    const std::string& s = a.args[k];
    const bool digits =
        !s.empty() && s.size() < 4 && s.find_first_not_of("0123456789") == std::string::npos;
    if (!digits || std::stoi(s) < 1 || std::stoi(s) > max)
      throw FormulaError(a.name + ": " + what + " " + s + " is not in 1.." + std::to_string(max),
                         a.column);
    return std::stoi(s);
  };
  const WorldSet* truth = nullptr;
  if (a.name == "num" && a.args.size() == 2) {
    const int player = number_arg(0, "player", t.players());
    truth = &t.num(player - 1, number_arg(1, "number", t.rules().numbers));
  } else if (a.name == "answer" && a.args.size() == 2) {
    const int card = number_arg(0, "question", kQuestionCount);
    truth = &t.answer(card, number_arg(1, "player", t.players()) - 1, true);
  } else {
    throw FormulaError("unknown atom '" + a.name +
                           "' (What's My Number? knows num(player,number) and "
                           "answer(question,player))",
                       a.column);
  }
  return worlds_with_valuation_in(m, *truth);
}

}  // namespace kripke::number
