// Formulas written by users (in scenario files, on the command line): parsed once, their
// text kept so that an error can show the formula with a caret under the column.
#pragma once

#include <string>
#include <unordered_map>

#include "kripke/formula.hpp"
#include "kripke/game.hpp"
#include "kripke/world_set.hpp"

namespace kripkesim {

struct UserFormula {
  std::string text;
  kripke::FormulaPtr formula;
  std::string path;  // where it was written: a JSON pointer, or empty
};

// Parses `text`; a syntax error becomes an InputError at `path` showing the caret.
UserFormula parse_user_formula(const std::string& text, const std::string& path);

// The formulas of one document, each distinct text parsed once: a script that states the
// same thing every round (the muddy children's "nobody knows") shares one parsed formula,
// which the engines then read as one (a formula is immutable once parsed).
class FormulaTexts {
 public:
  UserFormula parse(const std::string& text, const std::string& path);

 private:
  std::unordered_map<std::string, kripke::FormulaPtr> parsed_;
};

// The formula's truth set in the play's model; an unknown atom or agent becomes an
// InputError at the formula's path showing the caret.
kripke::WorldSet truth_set(const kripke::Play& play, const UserFormula& phi);
bool holds_at_actual(const kripke::Play& play, const UserFormula& phi);

// A FormulaError in φ as an InputError at φ's path showing the caret.
kripke::InputError located(const kripke::FormulaError& e, const UserFormula& phi);

// Runs body(), which evaluates φ; a FormulaError it throws becomes located(e, φ).
template <class Body>
decltype(auto) evaluating(const UserFormula& phi, Body&& body) {
  try {
    return body();
  } catch (const kripke::FormulaError& e) {
    throw located(e, phi);
  }
}

// The formula on one line and a caret under `column` (1-based) on the next, indented.
std::string caret_under(const std::string& text, std::size_t column);

}  // namespace kripkesim
