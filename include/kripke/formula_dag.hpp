// Formulas compiled for evaluation: rewritten where the logic says two forms are one, and
// every distinct subformula made one node (a DAG), so that an engine that keeps the value of
// a node reached from several places evaluates it once.
//
// The rewriting, each step an equivalence on every model and relation shape:
//   ~~φ                 is φ
//   ~(φ | ψ)            is ~φ & ~ψ   (De Morgan: a negation goes into a disjunction)
//   Kw_i ~φ             is Kw_i φ
//   K_i φ | K_i ~φ      is Kw_i φ    (anywhere in a chain of |, at the first one's place)
//   M_i φ & M_i ~φ      is ~Kw_i φ   (anywhere in a chain of &; M_i φ also written ~K_i ~φ)
//   φ & φ, φ | φ        are φ
// so that the textbook's "does not know whether", ~(K_i p | K_i ~p), its halves M_i p &
// M_i ~p, and ~Kw_i p are one node, which both engines evaluate in one pass. Nothing is
// dropped that evaluating could report an error for (a dropped operand is a copy of a kept
// one, which is evaluated first), so a formula is refused as it was; constants are not folded
// for that reason. Chains are rebuilt as balanced trees, as the parser builds them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "kripke/dense_ids.hpp"
#include "kripke/formula.hpp"

namespace kripke {

class FormulaDag {
 public:
  // φ compiled: an equivalent formula whose equal subformulas are one node. The nodes are
  // held here; a node may be the original's where nothing under it changed.
  FormulaPtr compile(const FormulaPtr& phi) { return compile_node(phi); }
  FormulaPtr compile(const Formula& phi) { return compile(std::make_shared<const Formula>(phi)); }

  // φ as an engine evaluates it: φ itself where compiling would change nothing (no form to
  // rewrite, no subformula written twice: most questions a game asks at every move), found
  // by one pass that allocates nothing; else compile(φ), held here. A DAG that lives across
  // evaluations answers a formula it has seen at once: a script announces one formula
  // round after round.
  const Formula& compiled(const Formula& phi) {
    if (const auto seen = roots_.find(&phi);
        seen != roots_.end() && same_root(*seen->second.written, phi))
      return seen->second.result ? *seen->second.result : phi;
    Root root{std::make_shared<const Formula>(phi), nullptr};
    if (!as_written(phi)) root.result = compile(root.written);
    const Formula* out = root.result ? root.result.get() : &phi;
    roots_.insert_or_assign(&phi, std::move(root));
    return *out;
  }

  // Nodes and formulas held. An owner that keeps a DAG across evaluations starts it again
  // past kMostHeld, between evaluations (when none of its nodes is in use), rather than let
  // it grow with every formula a long session asks.
  std::size_t held() const { return node_count_ + roots_.size(); }
  static constexpr std::size_t kMostHeld = std::size_t{1} << 16;

  // Whether `node` of a compiled formula stands in more than one place: its value is worth
  // keeping while a formula is evaluated.
  bool shared(const Formula& node) const { return shared_.count(&node) != 0; }
  bool any_shared() const { return !shared_.empty(); }

 private:
  using K = Formula::Kind;

  FormulaPtr compile_node(const FormulaPtr& phi) {
    switch (phi->kind) {
      case K::Not:
        return negation(compile(phi->left), *phi);
      case K::And:
      case K::Or: {
        std::vector<FormulaPtr> operands;
        flatten_original(phi, phi->kind, operands);
        return chain(phi->kind, std::move(operands));
      }
      case K::KnowsWhether: {
        Formula whether = *phi;
        whether.left = compile(phi->left);
        if (whether.left->kind == K::Not) whether.left = whether.left->left;
        return intern(std::move(whether));
      }
      default:
        break;
    }
    if (!phi->left && !phi->right) return intern(phi);
    FormulaPtr left = phi->left ? compile(phi->left) : nullptr;
    FormulaPtr right = phi->right ? compile(phi->right) : nullptr;
    if (left == phi->left && right == phi->right) return intern(phi);  // no copy
    Formula node = *phi;
    node.left = std::move(left);
    node.right = std::move(right);
    return intern(std::move(node));
  }

  // The operands of a chain of `kind` as written (each compiled), in reading order.
  void flatten_original(const FormulaPtr& phi, K kind, std::vector<FormulaPtr>& out) {
    if (phi->kind != kind) {
      out.push_back(compile(phi));
      return;
    }
    flatten_original(phi->left, kind, out);
    flatten_original(phi->right, kind, out);
  }
  // The same for compiled nodes: an operand may have become a chain of the same kind.
  static void flatten_compiled(const FormulaPtr& phi, K kind, std::vector<FormulaPtr>& out) {
    if (phi->kind != kind) {
      out.push_back(phi);
      return;
    }
    flatten_compiled(phi->left, kind, out);
    flatten_compiled(phi->right, kind, out);
  }

  // ~φ of a compiled φ; `written`: the negation as written (its column), or an empty one.
  FormulaPtr negation(const FormulaPtr& phi, const Formula& written) {
    if (phi->kind == K::Not) return phi->left;
    if (phi->kind == K::Or) {
      std::vector<FormulaPtr> disjuncts, negated;
      flatten_compiled(phi, K::Or, disjuncts);
      for (const FormulaPtr& d : disjuncts) negated.push_back(negation(d, written));
      return chain(K::And, std::move(negated));
    }
    Formula out;
    out.kind = K::Not;
    out.column = written.column;
    out.left = phi;
    return intern(std::move(out));
  }

  // An operand of a chain that is half of "knows whether" (in a chain of |: K_G φ, K_G ~φ)
  // or of "does not know whether" (in a chain of &: "considers φ possible", M_G φ or
  // ~K_G ~φ; "considers ~φ possible", M_G ~φ or ~K_G φ): its modal node, its body without
  // a negation, and which half it is.
  struct Half {
    const Formula* modal;
    FormulaPtr body;
    bool positive;
  };
  static std::optional<Half> half_of(K chain, const Formula& operand) {
    Half half{&operand, nullptr, true};
    if (chain == K::Or) {
      if (operand.kind != K::Knows) return std::nullopt;
    } else if (operand.kind == K::Not && operand.left->kind == K::Knows) {
      half = {operand.left.get(), nullptr, false};
    } else if (operand.kind != K::Possible) {
      return std::nullopt;
    }
    half.body = half.modal->left;
    if (half.body->kind == K::Not) {
      half.body = half.body->left;
      half.positive = !half.positive;
    }
    return half;
  }

  // A chain of & or | of compiled operands: nested chains spliced, repeats dropped, two
  // halves (half_of) joined into Kw_G φ (|) or ~Kw_G φ (&) at the first one's place.
  FormulaPtr chain(K kind, std::vector<FormulaPtr> written) {
    std::vector<FormulaPtr> operands;
    for (const FormulaPtr& w : written) flatten_compiled(w, kind, operands);
    std::vector<FormulaPtr> kept;
    std::vector<bool> joined_at;  // per kept operand: already a pair joined
    std::unordered_set<const Formula*> present;
    // Per hash of (agents, body): where the first such half stands in `kept`. A hit is
    // compared field by field; a collision only leaves a pair unjoined.
    std::unordered_map<std::uint64_t, std::size_t> halves;
    for (const FormulaPtr& operand : operands) {
      if (!present.insert(operand.get()).second) continue;  // φ & φ is φ
      if (const std::optional<Half> half = half_of(kind, *operand)) {
        std::uint64_t key =
            mix64(std::uint64_t(reinterpret_cast<std::uintptr_t>(half->body.get())));
        for (Agent a : half->modal->agents) key = mix64(key ^ std::uint64_t(std::uint32_t(a)));
        for (const std::string& n : half->modal->agent_names)
          key = mix64(key ^ std::hash<std::string>{}(n));
        const auto [it, first] = halves.try_emplace(key, kept.size());
        const std::size_t at = it->second;
        const std::optional<Half> other = first ? std::nullopt : half_of(kind, *kept[at]);
        if (other && !joined_at[at] && other->positive != half->positive &&
            other->body == half->body && other->modal->agents == half->modal->agents &&
            other->modal->agent_names == half->modal->agent_names) {
          Formula whether = *other->modal;  // its column and agents
          whether.kind = K::KnowsWhether;
          whether.left = half->body;
          FormulaPtr joined = intern(std::move(whether));
          if (kind == K::And) joined = negation(joined, *kept[at]);
          joined_at[at] = true;
          kept[at] = std::move(joined);
          continue;
        }
      }
      kept.push_back(operand);
      joined_at.push_back(false);
    }
    return balanced(kind, kept, 0, kept.size());
  }

  FormulaPtr balanced(K kind, const std::vector<FormulaPtr>& operands, std::size_t from,
                      std::size_t to) {
    if (to - from == 1) return operands[from];
    const std::size_t middle = from + (to - from) / 2;
    Formula node;
    node.kind = kind;
    node.left = balanced(kind, operands, from, middle);
    node.right = balanced(kind, operands, middle, to);
    return intern(std::move(node));
  }

  // The one node equal to `node` (its kind, atom, agents, terms and operand nodes; not its
  // column: the first one met keeps its own, the one an error would name first).
  FormulaPtr intern(Formula node) {
    const std::uint64_t h = hash(node);
    if (const FormulaPtr* found = find(h, node)) return *found;
    FormulaPtr made = std::make_shared<const Formula>(std::move(node));
    nodes_.emplace(h, made);
    ++node_count_;
    return made;
  }
  FormulaPtr intern(const FormulaPtr& node) {
    const std::uint64_t h = hash(*node);
    if (const FormulaPtr* found = find(h, *node)) return *found;
    nodes_.emplace(h, node);
    ++node_count_;
    return node;
  }
  const FormulaPtr* find(std::uint64_t h, const Formula& node) {
    for (auto [it, end] = nodes_.equal_range(h); it != end; ++it)
      if (same_node(*it->second, node)) {
        shared_.insert(it->second.get());
        return &it->second;
      }
    return nullptr;
  }

  // A node's hash from its own fields and its operands' hashes: their addresses once
  // interned (hash), their structure while scanning a formula as written (scan).
  static std::uint64_t hash_with(const Formula& n, std::uint64_t left, std::uint64_t right) {
    std::uint64_t h = mix64(std::uint64_t(n.kind) + 1);
    const auto add = [&h](std::uint64_t x) { h = mix64(h ^ (x + 0x9e3779b97f4a7c15ULL)); };
    add(std::hash<std::string>{}(n.name));
    for (const std::string& a : n.args) add(std::hash<std::string>{}(a));
    for (Agent a : n.agents) add(std::uint64_t(std::uint32_t(a)));
    for (const std::string& a : n.agent_names) add(std::hash<std::string>{}(a));
    add(left);
    add(right);
    add(term_hash(n.lhs.get()));
    add(term_hash(n.rhs.get()));
    return h;
  }
  static std::uint64_t hash(const Formula& n) {
    return hash_with(n, std::uint64_t(reinterpret_cast<std::uintptr_t>(n.left.get())),
                     std::uint64_t(reinterpret_cast<std::uintptr_t>(n.right.get())));
  }
  static std::uint64_t term_hash(const Term* t) {
    if (!t) return 0;
    std::uint64_t h = mix64(std::uint64_t(t->op) * 31 + std::uint64_t(t->number));
    h = mix64(h ^ std::hash<std::string>{}(t->name));
    h = mix64(h ^ term_hash(t->left.get()));
    return mix64(h + term_hash(t->right.get()));
  }
  static bool same_term(const Term* a, const Term* b) {
    if (!a || !b) return a == b;
    return a == b ||
           (a->op == b->op && a->number == b->number && a->name == b->name &&
            same_term(a->left.get(), b->left.get()) && same_term(a->right.get(), b->right.get()));
  }
  static bool same_node(const Formula& a, const Formula& b) {
    return a.kind == b.kind && a.left == b.left && a.right == b.right && a.name == b.name &&
           a.args == b.args && a.agents == b.agents && a.agent_names == b.agent_names &&
           same_term(a.lhs.get(), b.lhs.get()) && same_term(a.rhs.get(), b.rhs.get());
  }

  // Whether compiling φ would give φ: no node the rewriting changes (a negated negation or
  // disjunction, Kw of a negation, a chain with two operands that could be halves of one
  // Kw), and no two equal subformulas (by a structural hash: a collision only compiles a
  // formula that needed no compiling).
  static bool as_written(const Formula& phi) {
    thread_local std::vector<std::uint64_t> hashes;
    hashes.clear();
    bool rewrite = false;
    (void)scan(phi, K::True, hashes, rewrite);
    if (rewrite) return false;
    std::sort(hashes.begin(), hashes.end());
    return std::adjacent_find(hashes.begin(), hashes.end()) == hashes.end();
  }
  // The structural hash of n (its subformulas' hashes pushed to `hashes`); `parent`: the
  // kind of the node above (a chain is looked at from its top).
  static std::uint64_t scan(const Formula& n, K parent, std::vector<std::uint64_t>& hashes,
                            bool& rewrite) {
    switch (n.kind) {
      case K::Not:
        rewrite = rewrite || n.left->kind == K::Not || n.left->kind == K::Or;
        break;
      case K::KnowsWhether:
        rewrite = rewrite || n.left->kind == K::Not;
        break;
      case K::And:
      case K::Or:
        if (parent != n.kind) rewrite = rewrite || halves_in_chain(n, n.kind) >= 2;
        break;
      default:
        break;
    }
    const std::uint64_t left = n.left ? scan(*n.left, n.kind, hashes, rewrite) : 0;
    const std::uint64_t right = n.right ? scan(*n.right, n.kind, hashes, rewrite) : 0;
    const std::uint64_t h = hash_with(n, left, right);
    if (n.kind != K::True && n.kind != K::False) hashes.push_back(h);
    return h;
  }
  // How many operands of the chain of `kind` under n could be halves of one Kw (half_of).
  static std::size_t halves_in_chain(const Formula& n, K kind) {
    if (n.kind == kind) return halves_in_chain(*n.left, kind) + halves_in_chain(*n.right, kind);
    return half_of(kind, n) ? 1 : 0;
  }

  // Whether `phi` is the formula `written` was copied from: the same fields and the same
  // operand nodes (held by the copy, so an address cannot have been reused for another).
  static bool same_root(const Formula& written, const Formula& phi) {
    return written.kind == phi.kind && written.left == phi.left && written.right == phi.right &&
           written.lhs == phi.lhs && written.rhs == phi.rhs && written.name == phi.name &&
           written.args == phi.args && written.agents == phi.agents &&
           written.agent_names == phi.agent_names;
  }
  // Per formula handed to compiled(): a copy of its root (holding its operands) and its
  // compiled form, or null when it is evaluated as written.
  struct Root {
    FormulaPtr written, result;
  };
  std::unordered_map<const Formula*, Root> roots_;
  std::size_t node_count_ = 0;                                // nodes interned
  std::unordered_multimap<std::uint64_t, FormulaPtr> nodes_;  // by hash
  std::unordered_set<const Formula*> shared_;
};

}  // namespace kripke
