// A finite S5 Kripke model: worlds, the worlds still alive, one partition per agent, and
// the actual world. Agents are numbered from 0 here; formulas and logs number them from 1.
#pragma once

#include <bit>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <utility>
#include <vector>

#include "kripke/partition.hpp"
#include "kripke/world_set.hpp"

namespace kripke {

using Agent = int;

class Model {
 public:
  Model() = default;

  // `valuation[w]` is the row of the game's valuation table that world w carries (a deal);
  // it is the identity until a product update duplicates worlds.
  Model(std::vector<Partition> partitions, World actual, std::vector<std::uint32_t> valuation)
      : world_count_(valuation.size()), partitions_(std::move(partitions)), actual_(actual) {
    for (std::size_t w = 0; w < valuation.size() && identity_valuation_; ++w)
      identity_valuation_ = valuation[w] == w;
    if (!identity_valuation_) valuation_ = std::move(valuation);
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
  const Partition& partition(Agent i) const { return partitions_.at(static_cast<std::size_t>(i)); }

  // The worlds agent i considers possible at w: R_i(w) ∩ alive.
  WorldSet possible_worlds(Agent i, World w) const { return partition(i).row(w) & alive_; }
  WorldSet possible_worlds(Agent i) const { return possible_worlds(i, actual_); }

  // |R_i(actual) ∩ alive|
  std::size_t possible(Agent i) const {
    std::size_t n = 0;
    for (World v : partition(i).class_containing(actual_)) n += alive_.test(v);
    return n;
  }

  // The number of pairs in R_i restricted to alive worlds: the sum over classes of
  // |class ∩ alive|^2: the true cells of the relation matrices of Lier & van der Ree's
  // muddy children and What's My Number? (ClueModel's table shows another count; see
  // CluePlay::possible_relations).
  std::uint64_t relations(Agent i) const {
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

  void check() {
    alive_ = WorldSet::full(world_count_);
    for (const auto& p : partitions_)
      if (p.world_count() != world_count_)
        throw std::logic_error("Model: partition over a different number of worlds");
    if (actual_ >= world_count_) throw std::logic_error("Model: actual world out of range");
  }

  std::size_t world_count_ = 0;
  WorldSet alive_;
  std::vector<Partition> partitions_;
  std::vector<std::uint32_t> valuation_;  // empty while the valuation is the identity
  World actual_ = 0;
  bool identity_valuation_ = true;
};

}  // namespace kripke

namespace kripke {

// Whether agent i knows the value of f at the actual world: every world it considers
// possible gives f the same value (f reads a world's valuation). One pass over a class.
template <class F>
bool knows_value(const Model& m, Agent i, F&& f) {
  const auto actual_value = f(m.valuation(m.actual()));
  for (World v : m.partition(i).class_containing(m.actual()))
    if (m.alive().test(v) && !(f(m.valuation(v)) == actual_value)) return false;
  return true;
}

}  // namespace kripke
