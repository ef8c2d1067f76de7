// An S5 accessibility relation stored as a partition of the worlds into classes.
//
// Each world has a class id; the members of every class are kept as one sorted list
// (compressed rows: offsets + members). The accessibility row R(w) is the class of w.
// Memory is O(W) whatever the number of classes: a bitset per class would cost
// O(W x classes), which for the muddy children (2^(n-1) classes of 2) is quadratic.
// When every class has the same size (the muddy children's pairs, a card game's hands)
// class c starts at c x size and no offsets are stored: 8 bytes per world instead of 10.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "kripke/recycling.hpp"
#include "kripke/world_set.hpp"

namespace kripke {

class Partition {
 public:
  using ClassId = std::uint32_t;

  Partition() = default;

  // Worlds with equal keys share a class. Class ids are numbered in order of each class's
  // smallest member, so equal partitions compare equal.
  template <class Keys>
  static Partition from_keys(const Keys& keys) {
    Grouped grouped = group_ids(keys);
    Partition p;
    p.class_of_ = std::move(grouped.ids);
    p.build_members(grouped.count);
    return p;
  }

  // Each world's class id given directly, numbered 0, 1, ... in order of each class's
  // smallest member (the numbering from_keys gives): for a game that can say the classes
  // without a key per world and a lookup table. Other numberings are std::invalid_argument.
  static Partition from_class_ids(RecycledVector<ClassId> ids) {
    ClassId classes = 0;
    for (ClassId c : ids) {
      if (c > classes) throw std::invalid_argument("Partition: class ids out of order");
      classes += c == classes;
    }
    Partition p;
    p.class_of_ = std::move(ids);
    p.build_members(classes);
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

  // Worlds stay together iff they were together and have equal keys.
  Partition refined_by(const std::vector<std::uint64_t>& keys) const {
    if (keys.size() != class_of_.size()) throw std::logic_error("refined_by: wrong key count");
    if (class_count_ <= 1) return from_keys(keys);  // one class: the keys alone decide
    RecycledVector<std::uint64_t> pair_ids(keys.size());
    const Grouped key_ids = group_ids(keys);
    // class × (number of distinct keys) + key id: one number per pair, small enough for the
    // direct table of group_ids whenever classes × keys is within a few times the worlds
    // (a hash table of 16-byte slots is the slow path of every observation).
    for (std::size_t w = 0; w < keys.size(); ++w)
      pair_ids[w] = std::uint64_t{class_of_[w]} * key_ids.count + key_ids.ids[w];
    return from_keys(pair_ids);
  }

  std::size_t world_count() const { return class_of_.size(); }
  std::size_t class_count() const { return class_count_; }
  ClassId class_of(World w) const { return class_of_[w]; }
  const RecycledVector<ClassId>& class_ids() const { return class_of_; }

  std::span<const World> members(ClassId c) const {
    if (class_size_) return {members_.data() + std::size_t{c} * class_size_, class_size_};
    return {members_.data() + offsets_[c], members_.data() + offsets_[c + 1]};
  }
  std::span<const World> class_containing(World w) const { return members(class_of_[w]); }

  // The accessibility row R(w) as a bitset.
  WorldSet row(World w) const {
    WorldSet r(world_count());
    for (World v : class_containing(w)) r.set(v);
    return r;
  }

  friend bool operator==(const Partition& a, const Partition& b) {
    return a.class_of_ == b.class_of_;
  }

 private:
  static constexpr ClassId kNone = std::numeric_limits<ClassId>::max();

  // Dense ids 0..count-1 for the distinct keys, numbered by first occurrence.
  struct Grouped {
    RecycledVector<ClassId> ids;
    ClassId count = 0;
  };
  template <class Keys>
  static Grouped group_ids(const Keys& keys) {
    const std::size_t n = keys.size();
    if (n >= kNone) throw std::length_error("Partition: too many worlds");
    RecycledVector<ClassId> ids(n);
    ClassId next = 0;
    const std::uint64_t max_key = n ? *std::max_element(keys.begin(), keys.end()) : 0;
    if (max_key < 4 * std::uint64_t{n} + 64) {
      // Small keys (the common case: keys that are themselves ids) index a table directly.
      RecycledVector<ClassId> table(max_key + 1, kNone);
      for (std::size_t w = 0; w < n; ++w) {
        ClassId& slot = table[keys[w]];
        if (slot == kNone) slot = next++;
        ids[w] = slot;
      }
      return {std::move(ids), next};
    }
    // Otherwise an open-addressing hash table with linear probing.
    std::size_t capacity = 16;
    while (capacity < 2 * n) capacity *= 2;
    RecycledVector<std::pair<std::uint64_t, ClassId>> table(capacity, {0, kNone});
    for (std::size_t w = 0; w < n; ++w) {
      std::size_t slot = mix(keys[w]) & (capacity - 1);
      while (table[slot].second != kNone && table[slot].first != keys[w])
        slot = (slot + 1) & (capacity - 1);
      if (table[slot].second == kNone) table[slot] = {keys[w], next++};
      ids[w] = table[slot].second;
    }
    return {std::move(ids), next};
  }

  static std::uint64_t mix(std::uint64_t x) {  // splitmix64 finaliser
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  }

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

  // Recycled storage: every update builds new partitions of the same size as the old.
  RecycledVector<ClassId> class_of_;
  RecycledVector<std::uint32_t> offsets_;  // empty when class_size_ says where classes begin
  RecycledVector<World> members_;
  std::size_t class_count_ = 0;
  std::uint32_t class_size_ = 0;  // the size of every class, or 0 when sizes differ
};

}  // namespace kripke
