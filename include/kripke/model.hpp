// A finite Kripke model: worlds, the worlds still alive, one accessibility relation per
// agent, and the actual world. An agent's relation is a partition whenever it is an
// equivalence (every game's, and S5 models'); otherwise (belief, false belief) it is a
// Relation of rows. Agents are numbered from 0 here; formulas and logs number them from 1.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <utility>
#include <vector>

#include "kripke/partition.hpp"
#include "kripke/relation.hpp"
#include "kripke/types.hpp"
#include "kripke/world_set.hpp"

namespace kripke {

class Model {
 public:
  Model() = default;

  // `valuation[w]` is the row of the game's valuation table that world w carries (a deal);
  // it is the identity until a product update duplicates worlds.
  Model(std::vector<Partition> partitions, World actual, std::vector<std::uint32_t> valuation)
      : world_count_(valuation.size()), partitions_(std::move(partitions)), actual_(actual) {
    take_valuation(valuation);
    check();
  }

  // World w carries valuation w. The partitions are moved in, never copied: at the muddy
  // children's n = 22 a copy of listed partitions would double the peak (0.95 to 1.8 GiB).
  Model(std::vector<Partition> partitions, World actual)
      : world_count_(partitions.empty() ? 0 : partitions[0].world_count()),
        partitions_(std::move(partitions)),
        actual_(actual) {
    check();
  }

  // Relations of any shape: each that is an equivalence is kept as a partition.
  Model(std::vector<Relation> relations, World actual, std::vector<std::uint32_t> valuation)
      : world_count_(valuation.size()), actual_(actual) {
    take_valuation(valuation);
    partitions_.resize(relations.size());
    for (std::size_t i = 0; i < relations.size(); ++i)
      set_relation(Agent(i), std::move(relations[i]));
    check();
  }

  std::size_t world_count() const { return world_count_; }
  std::size_t agent_count() const { return partitions_.size(); }
  std::size_t alive_count() const { return alive_.count(); }
  const WorldSet& alive() const { return alive_; }
  World actual() const { return actual_; }
  std::uint32_t valuation(World w) const { return identity_valuation_ ? w : valuation_[w]; }
  std::vector<std::uint32_t> valuations() const {
    return identity_valuation_ ? identity(world_count_) : valuation_;
  }
  // True while world w carries valuation w (no product update has duplicated worlds): then
  // no valuation is stored, which at 2^26 worlds saves 256 MiB.
  bool identity_valuation() const { return identity_valuation_; }
  // Names the valuation table: two models with the same id carry the same valuation at every
  // world (one is a copy of the other; no model changes its valuation once built). What
  // depends only on the valuation, such as an atom's truth, may be kept per id.
  std::uint64_t valuation_id() const { return valuation_id_; }
  // Whether every agent's relation is an equivalence (the model is S5).
  bool s5() const { return general_.empty(); }
  // Whether agent i's relation over the worlds still alive is an equivalence (knowledge): a
  // partition's always is; rows may have become one, an announcement having removed the
  // worlds that made them a belief.
  bool equivalence_over_alive(Agent i) const {
    return has_partition(i) || general_relation(i).properties(alive_).equivalence();
  }
  // The same for every agent: a model of knowledge over its alive worlds.
  bool s5_over_alive() const {
    for (std::size_t i = 0; i < general_.size(); ++i)
      if (!equivalence_over_alive(Agent(i))) return false;
    return true;
  }
  // Whether agent i's relation is an equivalence, kept as a partition.
  bool has_partition(Agent i) const {
    return general_.empty() || general_.at(std::size_t(i)).world_count() == 0;
  }
  // Agent i's partition; only an agent whose relation is an equivalence has one (games
  // build S5 models only, and ask nothing else).
  const Partition& partition(Agent i) const {
    if (!has_partition(i)) throw std::logic_error("Model: the agent's relation is no partition");
    return partitions_.at(static_cast<std::size_t>(i));
  }
  // Agent i's relation as rows, whatever it is kept as (a partition is copied into rows:
  // for operators over several agents of which some have other relations).
  Relation relation(Agent i) const {
    return has_partition(i) ? Relation::of(partition(i)) : general_[std::size_t(i)];
  }
  // Agent i's relation when it is not a partition.
  const Relation& general_relation(Agent i) const { return general_.at(std::size_t(i)); }

  // Whether pred(v) holds for every alive world v agent i considers possible at w; stops at
  // the first that fails.
  template <class Pred>
  bool all_possible(Agent i, World w, Pred&& pred) const {
    if (has_partition(i)) {
      for (World v : partition(i).class_containing(w))
        if (alive_.test(v) && !pred(v)) return false;
      return true;
    }
    for (World v : general_relation(i).successors(w))
      if (alive_.test(v) && !pred(v)) return false;
    return true;
  }
  // Calls f(v) for every alive world agent i considers possible at w.
  template <class F>
  void for_each_possible(Agent i, World w, F&& f) const {
    all_possible(i, w, [&](World v) {
      f(v);
      return true;
    });
  }

  // The worlds agent i considers possible at w: R_i(w) ∩ alive.
  WorldSet possible_worlds(Agent i, World w) const {
    WorldSet out(world_count_);
    for_each_possible(i, w, [&](World v) { out.set(v); });
    return out;
  }
  WorldSet possible_worlds(Agent i) const { return possible_worlds(i, actual_); }

  // |R_i(actual) ∩ alive|
  std::size_t possible(Agent i) const {
    std::size_t n = 0;
    for_each_possible(i, actual_, [&](World) { ++n; });
    return n;
  }

  // The number of pairs in R_i restricted to alive worlds: the sum over classes of
  // |class ∩ alive|^2: the true cells of the relation matrices of Lier & van der Ree's
  // muddy children and What's My Number? (ClueModel's table shows another count; see
  // CluePlay::possible_relations).
  std::uint64_t relations(Agent i) const {
    if (!has_partition(i)) return general_relation(i).pairs(alive_);
    const Partition& p = partition(i);
    if (p.by_hidden_bits() && std::popcount(p.hidden_bits()) <= kFewHiddenBits)
      return relations_by_bits(p.hidden_bits());
    std::uint64_t total = 0;
    for (Partition::ClassId c = 0; c < p.class_count(); ++c) {
      std::uint64_t k = 0;
      for (World v : p.members(c)) k += alive_.test(v);
      total += k * k;
    }
    return total;
  }

  // Mutators used by the updates in updates.hpp.
  void restrict_alive(const WorldSet& keep) { alive_ &= keep; }
  void set_partition(Agent i, Partition p) {
    partitions_.at(static_cast<std::size_t>(i)) = std::move(p);
    if (general_.empty()) return;
    general_[std::size_t(i)] = Relation();
    if (std::all_of(general_.begin(), general_.end(),
                    [](const Relation& r) { return r.world_count() == 0; }))
      general_.clear();
  }
  // Agent i's relation becomes r: kept as a partition when r is an equivalence over every
  // world, else as rows.
  void set_relation(Agent i, Relation r) {
    if (r.world_count() != world_count_)
      throw std::logic_error("Model: relation over a different number of worlds");
    if (auto p = r.as_partition(WorldSet::full(world_count_)))
      return set_partition(i, std::move(*p));
    if (general_.empty()) general_.resize(partitions_.size());
    partitions_.at(std::size_t(i)) = Partition();
    general_[std::size_t(i)] = std::move(r);
  }

  static std::vector<std::uint32_t> identity(std::size_t n) {
    std::vector<std::uint32_t> v(n);
    std::iota(v.begin(), v.end(), 0U);
    return v;
  }

 private:
  // Up to this many hidden bits, relations() counts pairs a word at a time (2^bits passes);
  // beyond, classes are few and large and are read one by one.
  static constexpr int kFewHiddenBits = 3;

  // Σ over classes of |c ∩ alive|² = Σ over alive w of |class(w) ∩ alive| = Σ over every
  // combination s of the hidden bits of |{w alive : w xor s alive}|.
  std::uint64_t relations_by_bits(World hidden) const {
    std::uint64_t total = 0;
    for (World s = hidden;; s = (s - 1) & hidden) {
      WorldSet moved = alive_;
      for (World bits = s; bits; bits &= bits - 1) moved.flip(unsigned(std::countr_zero(bits)));
      total += (moved &= alive_).count();
      if (s == 0) return total;
    }
  }

  // Keeps the valuation unless it is the identity. The scan runs on locals: a member
  // written in the loop would be stored on every step.
  void take_valuation(std::vector<std::uint32_t>& valuation) {
    std::size_t w = 0;
    while (w < valuation.size() && valuation[w] == w) ++w;
    identity_valuation_ = w == valuation.size();
    if (!identity_valuation_) valuation_ = std::move(valuation);
  }

  void check() {
    alive_ = WorldSet::full(world_count_);
    for (std::size_t i = 0; i < partitions_.size(); ++i)
      if (has_partition(Agent(i)) && partitions_[i].world_count() != world_count_)
        throw std::logic_error("Model: partition over a different number of worlds");
    if (actual_ >= world_count_) throw std::logic_error("Model: actual world out of range");
  }

  std::size_t world_count_ = 0;
  WorldSet alive_;
  std::vector<Partition> partitions_;  // an empty partition for an agent with a Relation
  // Empty while every agent's relation is a partition; else per agent, with no worlds for
  // an agent whose relation is its partition.
  std::vector<Relation> general_;
  std::vector<std::uint32_t> valuation_;  // empty while the valuation is the identity
  World actual_ = 0;
  bool identity_valuation_ = true;
  // Every model built gets a new id; copies keep it.
  std::uint64_t valuation_id_ = next_valuation_id();

  static std::uint64_t next_valuation_id() {
    static std::atomic<std::uint64_t> next{1};
    return next.fetch_add(1, std::memory_order_relaxed);
  }
};

}  // namespace kripke

namespace kripke {

// Whether agent i knows the value of f at the actual world: every world it considers
// possible gives f the same value (f reads a world's valuation). One pass over a class.
// On a belief relation that misses the actual world this is what the agent believes, which
// may be wrong: every world it considers possible agrees, with the actual one too.
template <class F>
bool knows_value(const Model& m, Agent i, F&& f) {
  const auto actual_value = f(m.valuation(m.actual()));
  return m.all_possible(i, m.actual(), [&](World v) { return f(m.valuation(v)) == actual_value; });
}

}  // namespace kripke
