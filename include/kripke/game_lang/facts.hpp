// Formulas and postconditions read off one assignment, for searches in which every formula
// is decided by the actual world's facts (LanguagePlay::decided_by_facts): there no model
// is needed, and a position is its assignment. K{i} φ, M{i} φ of what agent i observes is
// φ itself (an agent always knows what it observes); Kw{i} and Kv{i} of it are true.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "kripke/formula.hpp"
#include "kripke/model_lang/arithmetic.hpp"
#include "kripke/model_lang/postcondition.hpp"
#include "kripke/model_lang/vocabulary.hpp"

namespace kripke::game_lang {

class FactFormula {
 public:
  FactFormula(const Formula& phi, const model_lang::Vocabulary& vocab) : vocab_(&vocab) {
    root_ = compile(phi);
  }

  bool holds(std::uint64_t a) const { return eval(root_, a); }

 private:
  struct Node {
    Formula::Kind kind = Formula::Kind::True;
    int variable = -1;
    std::optional<model_lang::CompiledComparison> comparison;
    std::vector<Node> parts;
  };

  Node compile(const Formula& phi) const {
    using K = Formula::Kind;
    Node n;
    n.kind = phi.kind;
    switch (phi.kind) {
      case K::Atom:
        n.variable = vocab_->find(model_lang::variable_name_of(phi));
        break;
      case K::Compare:
        n.comparison.emplace(phi, *vocab_);
        break;
      case K::Knows:
      case K::Possible:
        return compile(*phi.left);
      case K::KnowsWhether:
      case K::KnowsValue:
        n.kind = K::True;
        break;
      default:
        if (phi.left) n.parts.push_back(compile(*phi.left));
        if (phi.right) n.parts.push_back(compile(*phi.right));
    }
    return n;
  }

  bool eval(const Node& n, std::uint64_t a) const {
    using K = Formula::Kind;
    switch (n.kind) {
      case K::True:
        return true;
      case K::False:
        return false;
      case K::Atom:
        return vocab_->value_index(a, std::size_t(n.variable)) == 1;
      case K::Compare:
        return n.comparison->holds(*vocab_, a);
      case K::Not:
        return !eval(n.parts[0], a);
      case K::And:
        return eval(n.parts[0], a) && eval(n.parts[1], a);
      case K::Or:
        return eval(n.parts[0], a) || eval(n.parts[1], a);
      case K::Implies:
        return !eval(n.parts[0], a) || eval(n.parts[1], a);
      case K::Iff:
        return eval(n.parts[0], a) == eval(n.parts[1], a);
      default:
        return false;  // decided_by_facts admits no other operator
    }
  }

  const model_lang::Vocabulary* vocab_;
  Node root_;
};

// A postcondition applied to one assignment: every right side read before the move.
class FactPost {
 public:
  FactPost(const model_lang::Postcondition& post, const model_lang::Vocabulary& vocab)
      : vocab_(&vocab) {
    for (const auto& a : post.assignments()) {
      Assignment x{a.variable, a.constant, std::nullopt, a.term, a.path};
      if (a.formula) x.formula.emplace(*a.formula, vocab);
      assignments_.push_back(std::move(x));
    }
  }

  std::uint64_t after(std::uint64_t before) const {
    std::uint64_t now = before;
    for (const Assignment& a : assignments_) {
      std::size_t index = 0;
      if (a.constant) {
        index = *a.constant;
      } else if (a.formula) {
        index = a.formula->holds(before) ? 1 : 0;
      } else {
        const model_lang::Variable& var = vocab_->variables()[a.variable];
        std::int64_t x = 0;
        try {
          x = model_lang::value(*a.term, *vocab_, before);
        } catch (const FormulaError& e) {
          throw InputError(e.what(), a.path);  // it names the term and the world
        }
        index =
            model_lang::Postcondition::value_index(var, x, a.path, vocab_->assignment_text(before));
      }
      const std::uint64_t stride = vocab_->stride(a.variable);
      now = now - vocab_->value_index(now, a.variable) * stride + index * stride;
    }
    return now;
  }

 private:
  struct Assignment {
    std::size_t variable = 0;
    std::optional<std::size_t> constant;
    std::optional<FactFormula> formula;
    std::optional<model_lang::CompiledTerm> term;
    std::string path;
  };
  const model_lang::Vocabulary* vocab_;
  std::vector<Assignment> assignments_;
};

}  // namespace kripke::game_lang
