// An S5 accessibility relation stored as a partition of the worlds into classes.
//
// Each world has a class id; the members of every class are kept as one sorted list
// (compressed rows: offsets + members). The accessibility row R(w) is the class of w.
// Memory is O(W) whatever the number of classes: a bitset per class would cost
// O(W x classes), which for the muddy children (2^(n-1) classes of 2) is quadratic.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
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
    Partition p;
    p.class_of_ = group_ids(keys);
    p.build_members();
    return p;
  }

  // One class holding every world (an agent that observes nothing).
  static Partition universal(std::size_t worlds) {
    return from_keys(std::vector<std::uint64_t>(worlds, 0));
  }

  // Worlds stay together iff they were together and have equal keys.
  Partition refined_by(const std::vector<std::uint64_t>& keys) const {
    if (keys.size() != class_of_.size()) throw std::logic_error("refined_by: wrong key count");
    RecycledVector<std::uint64_t> pair_ids(keys.size());
    const auto key_ids = group_ids(keys);
    for (std::size_t w = 0; w < keys.size(); ++w)
      pair_ids[w] = (std::uint64_t{class_of_[w]} << 32) | key_ids[w];
    return from_keys(pair_ids);
  }

  std::size_t world_count() const { return class_of_.size(); }
  std::size_t class_count() const { return offsets_.empty() ? 0 : offsets_.size() - 1; }
  ClassId class_of(World w) const { return class_of_[w]; }
  const RecycledVector<ClassId>& class_ids() const { return class_of_; }

  std::span<const World> members(ClassId c) const {
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

  // Dense ids 0..k-1 for the distinct keys, numbered by first occurrence.
  template <class Keys>
  static RecycledVector<ClassId> group_ids(const Keys& keys) {
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
      return ids;
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
    return ids;
  }

  static std::uint64_t mix(std::uint64_t x) {  // splitmix64 finaliser
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  }

  // Counting sort of the worlds by class: members ascending within each class.
  void build_members() {
    ClassId classes = 0;
    for (ClassId c : class_of_) classes = std::max(classes, c + 1);
    offsets_.assign(std::size_t{classes} + 1, 0);
    for (ClassId c : class_of_) ++offsets_[c + 1];
    for (std::size_t c = 0; c < classes; ++c) offsets_[c + 1] += offsets_[c];
    members_.resize(class_of_.size());
    RecycledVector<std::uint32_t> fill(offsets_.begin(), offsets_.end() - 1);
    for (std::size_t w = 0; w < class_of_.size(); ++w)
      members_[fill[class_of_[w]]++] = static_cast<World>(w);
  }

  // Recycled storage: every update builds new partitions of the same size as the old.
  RecycledVector<ClassId> class_of_;
  RecycledVector<std::uint32_t> offsets_;
  RecycledVector<World> members_;
};

}  // namespace kripke
