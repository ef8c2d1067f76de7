// An S5 accessibility relation stored as a partition of the worlds into classes.
//
// Each world has a class id; the members of every class are kept as one sorted list
// (compressed rows: offsets + members). The accessibility row R(w) is the class of w.
// Memory is O(W) whatever the number of classes: a bitset per class would cost
// O(W x classes), which for the muddy children (2^(n-1) classes of 2) is quadratic.
// When every class has the same size (a card game's hands) class c starts at c x size and
// no offsets are stored: 8 bytes per world instead of 10.
//
// A partition by hidden bits stores nothing per world. Its worlds are numbered by the bits
// of a valuation (2^k worlds), and the agent tells two worlds apart unless they differ in
// hidden bits only: the muddy children, where child i cannot see bit i. Its classes are
// computed from a world's number, and K over them is a few passes of word operations
// (close_under_flip in world_set.hpp) instead of a pass per world.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <iterator>
#include <limits>
#include <numeric>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "kripke/dense_ids.hpp"
#include "kripke/recycling.hpp"
#include "kripke/world_set.hpp"

namespace kripke {

class Partition {
 public:
  using ClassId = std::uint32_t;

  // The members of one class, ascending: a stretch of the stored member list, or for a
  // partition by hidden bits the class's first world with every combination of the hidden
  // bits, generated as it is read.
  class Members {
   public:
    class iterator {
     public:
      using iterator_category = std::forward_iterator_tag;
      using value_type = World;
      using difference_type = std::ptrdiff_t;
      using pointer = const World*;
      using reference = World;
      iterator() = default;
      iterator(const Members& members, std::size_t k)
          : listed_(members.listed_), first_(members.first_), hidden_(members.hidden_), k_(k) {}
      World operator*() const { return member(listed_, first_, hidden_, k_); }
      iterator& operator++() {
        ++k_;
        return *this;
      }
      iterator operator++(int) {
        iterator before = *this;
        ++k_;
        return before;
      }
      friend bool operator==(const iterator& a, const iterator& b) { return a.k_ == b.k_; }

     private:
      // Copies, not a pointer to the range: a loop's writes cannot alias them, so the
      // compiler keeps them in registers and decides once whether the members are listed.
      const World* listed_ = nullptr;
      World first_ = 0, hidden_ = 0;
      std::size_t k_ = 0;
    };

    Members() = default;
    Members(std::span<const World> listed) : listed_(listed.data()), size_(listed.size()) {}
    Members(World first, World hidden, std::size_t size)
        : first_(first), hidden_(hidden), size_(size) {}

    std::size_t size() const { return size_; }
    iterator begin() const { return {*this, 0}; }
    iterator end() const { return {*this, size_}; }
    World operator[](std::size_t k) const { return member(listed_, first_, hidden_, k); }

   private:
    static World member(const World* listed, World first, World hidden, std::size_t k) {
      if (listed) return listed[k];
      // The bits of k, in order, go to the hidden bits: ascending k gives ascending worlds.
      for (World bits = hidden; k; bits &= bits - 1, k >>= 1)
        if (k & 1U) first |= bits & (~bits + 1);
      return first;
    }

    const World* listed_ = nullptr;
    World first_ = 0, hidden_ = 0;
    std::size_t size_ = 0;
  };

  Partition() = default;

  // Worlds with equal keys share a class. Class ids are numbered in order of each class's
  // smallest member, so equal partitions compare equal.
  template <class Keys>
  static Partition from_keys(const Keys& keys) {
    if (keys.size() >= kNone) throw std::length_error("Partition: too many worlds");
    DenseIds grouped = dense_ids(keys);
    Partition p;
    p.class_of_ = std::move(grouped.ids);
    p.build_members(grouped.count);
    return p;
  }

  // One class holding every world (an agent that observes nothing).
  static Partition universal(std::size_t worlds) {
    if (worlds >= kNone) throw std::length_error("Partition: too many worlds");
    Partition p;
    p.class_of_.assign(worlds, 0);
    p.members_.resize(worlds);
    std::iota(p.members_.begin(), p.members_.end(), World{0});
    p.class_count_ = worlds ? 1 : 0;
    p.class_size_ = std::uint32_t(worlds);
    return p;
  }

  // Over the 2^k worlds numbered by k bits: two worlds share a class iff they differ in
  // `hidden` bits only. Class ids are a world's number without its hidden bits, which
  // numbers the classes in order of their smallest member, as from_keys does.
  static Partition hiding_bits(std::size_t worlds, World hidden) {
    if (std::popcount(worlds) != 1 || worlds > (std::size_t{1} << 31) || hidden >= worlds)
      throw std::invalid_argument(
          "Partition: hidden bits need a power-of-two world count above them");
    Partition p;
    p.by_bits_ = true;
    p.bit_worlds_ = worlds;
    p.hidden_ = hidden;
    p.class_size_ = std::uint32_t{1} << std::popcount(hidden);
    p.class_count_ = worlds / p.class_size_;
    return p;
  }

  // Worlds stay together iff they were together and have equal keys.
  Partition refined_by(const std::vector<std::uint64_t>& keys) const {
    if (keys.size() != world_count()) throw std::logic_error("refined_by: wrong key count");
    if (class_count_ <= 1) return from_keys(keys);  // one class: the keys alone decide
    RecycledVector<std::uint64_t> pair_ids(keys.size());
    const DenseIds key_ids = dense_ids(keys);
    // class × (number of distinct keys) + key id: one number per pair, small enough for the
    // direct table of dense_ids whenever classes × keys is within a few times the worlds
    // (a hash table of 16-byte slots is the slow path of every observation).
    with_class_of([&](auto class_of) {
      for (std::size_t w = 0; w < keys.size(); ++w)
        pair_ids[w] = std::uint64_t{class_of(World(w))} * key_ids.count + key_ids.ids[w];
    });
    return from_keys(pair_ids);
  }

  std::size_t world_count() const { return by_bits_ ? bit_worlds_ : class_of_.size(); }
  std::size_t class_count() const { return class_count_; }
  ClassId class_of(World w) const { return by_bits_ ? class_by_bits(w, hidden_) : class_of_[w]; }
  // Calls f(class_of), where class_of(w) is w's class id, decided once for the whole loop
  // that f runs: a hot loop over worlds then tests neither how the partition is stored nor,
  // as a loop writing bytes would make it, reloads the partition's fields.
  template <class F>
  void with_class_of(F&& f) const {
    if (by_bits_) {
      f([hidden = hidden_](World w) { return class_by_bits(w, hidden); });
    } else {
      f([ids = class_of_.data()](World w) { return ids[w]; });
    }
  }
  // Whether this is a partition by hidden bits, and its hidden bits.
  bool by_hidden_bits() const { return by_bits_; }
  World hidden_bits() const { return hidden_; }

  Members members(ClassId c) const {
    if (by_bits_) return Members(first_member_by_bits(c), hidden_, class_size_);
    if (class_size_)
      return std::span<const World>(members_.data() + std::size_t{c} * class_size_, class_size_);
    return std::span<const World>(members_.data() + offsets_[c], members_.data() + offsets_[c + 1]);
  }
  Members class_containing(World w) const {
    if (by_bits_) return Members(w & ~hidden_, hidden_, class_size_);
    return members(class_of_[w]);
  }

  // The accessibility row R(w) as a bitset.
  WorldSet row(World w) const {
    WorldSet r(world_count());
    for (World v : class_containing(w)) r.set(v);
    return r;
  }

  // Equal as partitions, whichever way each is stored.
  friend bool operator==(const Partition& a, const Partition& b) {
    if (!a.by_bits_ && !b.by_bits_) return a.class_of_ == b.class_of_;
    if (a.by_bits_ && b.by_bits_) return a.bit_worlds_ == b.bit_worlds_ && a.hidden_ == b.hidden_;
    if (a.world_count() != b.world_count()) return false;
    for (std::size_t w = 0; w < a.world_count(); ++w)
      if (a.class_of(World(w)) != b.class_of(World(w))) return false;
    return true;
  }

 private:
  static constexpr ClassId kNone = std::numeric_limits<ClassId>::max();

  // Counting sort of the worlds by class (ids 0..classes-1 in class_of_): members ascending
  // within each class.
  void build_members(ClassId classes) {
    class_count_ = classes;
    // start[c + 1]: the size of class c, then (prefix sums) start[c]: where class c begins.
    RecycledVector<std::uint32_t> start(std::size_t{classes} + 1, 0);
    for (ClassId c : class_of_) ++start[c + 1];
    const bool equal_sizes =
        classes > 0 && std::all_of(start.begin() + 1, start.end(),
                                   [&](std::uint32_t size) { return size == start[1]; });
    class_size_ = equal_sizes ? start[1] : 0;
    for (std::size_t c = 0; c < classes; ++c) start[c + 1] += start[c];
    members_.resize(class_of_.size());
    // Filling moves start[c] to the end of class c, which is where class c + 1 begins.
    for (std::size_t w = 0; w < class_of_.size(); ++w)
      members_[start[class_of_[w]]++] = static_cast<World>(w);
    if (equal_sizes) return;
    std::rotate(start.begin(), start.end() - 1, start.end());
    start[0] = 0;
    offsets_ = std::move(start);
  }

  // w's number without its hidden bits: the highest dropped first, so that the lower ones
  // keep their places.
  static ClassId class_by_bits(World w, World hidden) {
    for (World bits = hidden; bits;) {
      const World top = World{1} << (std::bit_width(bits) - 1), below = top - 1;
      w = (w & below) | ((w >> 1) & ~below);
      bits &= ~top;
    }
    return w;
  }

  // Class c's smallest world: c's bits spread over the bits that are not hidden.
  World first_member_by_bits(ClassId c) const {
    for (World bits = hidden_; bits; bits &= bits - 1) {
      const World below = (bits & (~bits + 1)) - 1;
      c = (c & below) | ((c & ~below) << 1);
    }
    return c;
  }

  // Recycled storage: every update builds new partitions of the same size as the old.
  // All empty for a partition by hidden bits.
  RecycledVector<ClassId> class_of_;
  RecycledVector<std::uint32_t> offsets_;  // empty when class_size_ says where classes begin
  RecycledVector<World> members_;
  std::size_t class_count_ = 0;
  std::uint32_t class_size_ = 0;  // the size of every class, or 0 when sizes differ
  bool by_bits_ = false;
  std::size_t bit_worlds_ = 0;  // a partition by hidden bits: its world count, and
  World hidden_ = 0;            // the bits of a world's number the agent cannot see
};

}  // namespace kripke
