// Factual change: the postcondition of an action model's event, as a scenario writes it,
// {"p": "q & ~r", "coin": true, "x": "x + 1", "month": "July"}. The assignments of one
// event are simultaneous: every right-hand side is read in the world before the event, so
// {"x": "y", "y": "x"} swaps. A propositional variable takes a formula's truth value (which
// may speak of knowledge: it is evaluated in the model before the event); an integer
// variable takes a term's value, which must lie in its domain. The explicit engine applies
// it world by world (valuations); the symbolic one reads the assignments and applies them
// to sets of states (symbolic/model_structure.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "kripke/config_reader.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/model.hpp"
#include "kripke/model_lang/arithmetic.hpp"
#include "kripke/model_lang/vocabulary.hpp"

namespace kripke::model_lang {

class Postcondition {
 public:
  // One variable's new value: a constant, a formula's truth value or a term's value.
  struct Assignment {
    std::size_t variable = 0;
    std::optional<std::size_t> constant;  // the new value's index in the domain
    FormulaPtr formula;                   // a propositional variable's new truth value
    std::optional<CompiledTerm> term;     // an integer variable's new value
    std::string text;                     // as written; empty for a formula given parsed
    std::string path;
  };

  Postcondition(const Json& post, const std::string& path, const Vocabulary& vocab)
      : vocab_(vocab) {
    if (!post.is_object())
      throw InputError("expected an object from variables to new values, like {\"p\": true}", path);
    for (const auto& [name, value] : post.items())
      assignments_.push_back(read(name, value, nullptr, path + "/" + name));
  }

  // A postcondition whose entries are already read: a variable's name, its value as a
  // config writes it, and the value's formula when it is one already parsed (a game's move,
  // whose formulas are filled in from templates: game_lang/game_rules.hpp).
  struct Given {
    std::string variable;
    Json value;
    FormulaPtr formula;
  };
  Postcondition(const std::vector<Given>& post, const std::string& path, const Vocabulary& vocab)
      : vocab_(vocab) {
    for (const Given& g : post)
      assignments_.push_back(read(g.variable, g.value, g.formula, path + "/" + g.variable));
  }

  const std::vector<Assignment>& assignments() const { return assignments_; }

  // Evaluates the assignments' formulas with `evaluate`, so that an unknown atom or agent is
  // reported at its assignment.
  void check_formulas(const std::function<void(const Formula&)>& evaluate) const {
    for (const Assignment& a : assignments_)
      if (a.formula) evaluated(a, evaluate);
  }

  // `truth` applied to a's formula; its FormulaError becomes an InputError at a's path.
  template <class Truth>
  static auto evaluated(const Assignment& a, const Truth& truth) -> decltype(truth(*a.formula)) {
    try {
      return truth(*a.formula);
    } catch (const FormulaError& e) {
      const std::string text = a.text.empty() ? to_string(*a.formula) : a.text;
      throw InputError(std::string(e.what()) + " in '" + text + "'", a.path);
    }
  }

  // The position of value x in the variable's domain; an InputError at `path` when it has
  // none, naming the world `at_world` when given.
  static std::size_t value_index(const Variable& var, std::int64_t x, const std::string& path,
                                 const std::string& at_world = "") {
    if (const auto k = find_value(var, x)) return *k;
    std::string message = "the postcondition gives " + var.name + " the value ";
    message += std::to_string(x);
    if (!at_world.empty()) message += " at " + at_world;
    message += ", outside its domain";
    throw InputError(message, path);
  }
  static std::optional<std::size_t> find_value(const Variable& var, std::int64_t x) {
    const auto& values = var.values;
    // Ranges (and booleans, and value names) find x at x - first; other lists are searched.
    const std::int64_t offset = x - values.front();
    if (offset >= 0 && offset < std::int64_t(values.size()) && values[std::size_t(offset)] == x)
      return std::size_t(offset);
    for (std::size_t k = 0; k < values.size(); ++k)
      if (values[k] == x) return k;
    return std::nullopt;
  }

  // The valuation each world of `m` in `where` (the event's precondition) carries after the
  // event; the other worlds keep theirs. `truth` gives a formula's truth set in `m`.
  std::vector<std::uint32_t> valuations(
      const Model& m, const WorldSet& where,
      const std::function<WorldSet(const Formula&)>& truth) const {
    std::vector<std::uint32_t> after(m.valuations());
    std::vector<std::optional<WorldSet>> truths(assignments_.size());
    for (std::size_t j = 0; j < assignments_.size(); ++j)
      if (assignments_[j].formula) truths[j] = evaluated(assignments_[j], truth);
    (m.alive() & where).for_each([&](World w) {
      const std::uint64_t before = m.valuation(w);
      std::uint64_t now = before;
      for (std::size_t j = 0; j < assignments_.size(); ++j) {
        const Assignment& a = assignments_[j];
        std::size_t index = 0;
        if (a.constant) {
          index = *a.constant;
        } else if (a.formula) {
          index = truths[j]->test(w) ? 1 : 0;
        } else {
          index = term_index(a, before);
        }
        const std::uint64_t stride = vocab_.stride(a.variable);
        now = now - vocab_.value_index(now, a.variable) * stride + index * stride;
      }
      after[w] = std::uint32_t(now);
    });
    return after;
  }

 private:
  // One entry: `parsed`, when given, is the value's formula (a true/false variable's).
  Assignment read(const std::string& name, const Json& value, const FormulaPtr& parsed,
                  const std::string& path) const {
    Assignment a;
    a.path = path;
    const int k = vocab_.find(without_spaces(name));
    if (k < 0)
      throw InputError("the postcondition assigns '" + excerpt(name) +
                           "', which is not a variable (the variables: " + variable_list(vocab_) +
                           ")",
                       a.path);
    a.variable = std::size_t(k);
    const Variable& var = vocab_.variables()[a.variable];
    if (value.is_boolean() || value.is_number_integer()) {
      // A constant: checked against the domain here, once.
      a.constant = value_index(var, read_constant(var, value, a.path), a.path);
    } else if (parsed && var.boolean) {
      a.formula = parsed;
    } else if (value.is_string()) {
      a.text = value.get<std::string>();
      try {
        if (var.boolean) {
          a.formula = parse_formula(a.text);
        } else {
          // A term: parsed as the left side of a comparison, as agents' observed terms are.
          const FormulaPtr probe = parse_formula(a.text + " = 0");
          if (probe->kind != Formula::Kind::Compare)
            throw InputError(
                "expected a term (a number, a value name or arithmetic) for " + var.name, a.path);
          a.term = compile(*probe->lhs, vocab_, &var);
        }
      } catch (const FormulaError& e) {
        throw InputError(std::string(e.what()) + " in '" + a.text + "'", a.path);
      }
    } else {
      throw InputError(
          std::string("expected ") +
              (var.boolean ? "true, false or a formula" : "a number, a value name or a term") +
              ", found " + json_type_name(value),
          a.path);
    }
    return a;
  }

  static std::int64_t read_constant(const Variable& var, const Json& value,
                                    const std::string& path) {
    if (var.boolean) {
      if (!value.is_boolean())
        throw InputError(var.name + " is true or false, not " + value.dump(), path);
      return value.get<bool>() ? 1 : 0;
    }
    if (!value.is_number_integer())
      throw InputError(var.name + " is a number, not " + value.dump(), path);
    return value.get<std::int64_t>();
  }

  std::size_t term_index(const Assignment& a, std::uint64_t valuation) const {
    const Variable& var = vocab_.variables()[a.variable];
    std::int64_t x = 0;
    try {
      x = value(*a.term, vocab_, valuation);
    } catch (const FormulaError& e) {
      throw InputError(e.what(), a.path);  // it names the term and the world
    }
    return value_index(var, x, a.path, vocab_.assignment_text(valuation));
  }

  const Vocabulary& vocab_;
  std::vector<Assignment> assignments_;
};

}  // namespace kripke::model_lang
