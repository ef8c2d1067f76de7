// Many short lists kept in one block: list k is entries[first[k], first[k + 1]). The hand
// counts' steps per state, the info-gain scorer's moments per group and its finishing
// classes per state are read list by list in hot loops: one block keeps a level's lists
// contiguous, in two allocations (recycled: recycling.hpp) rather than one per list.
#pragma once

#include <cstddef>
#include <span>

#include "kripke/recycling.hpp"

namespace kripke {

template <class T>
struct Lists {
  RecycledVector<std::size_t> first = RecycledVector<std::size_t>(1, 0);
  RecycledVector<T> entries;

  // Ends the list being written: the entries added since the previous end are its.
  void end_list() { first.push_back(entries.size()); }
  std::size_t size() const { return first.size() - 1; }
  std::span<const T> operator[](std::size_t k) const {
    return {entries.data() + first[k], entries.data() + first[k + 1]};
  }
};

}  // namespace kripke
