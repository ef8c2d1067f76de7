// Dense ids for 64-bit keys: 0, 1, ... in order of each key's first occurrence, so that two
// lists of keys that group their places alike get the same ids. Partitions are built this
// way from per-world keys, and bisimulation refines its blocks this way, one pair of
// numbers at a time.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <utility>

#include "kripke/recycling.hpp"

namespace kripke {

struct DenseIds {
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
  RecycledVector<std::uint32_t> ids;  // per key
  std::uint32_t count = 0;            // distinct keys
};

// splitmix64's finaliser: spreads keys that differ in a few low bits over a hash table.
inline std::uint64_t mix64(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

template <class Keys>
DenseIds dense_ids(const Keys& keys) {
  const std::size_t n = keys.size();
  if (n >= DenseIds::kNone) throw std::length_error("dense_ids: too many keys");
  DenseIds out{RecycledVector<std::uint32_t>(n), 0};
  const std::uint64_t max_key = n ? *std::max_element(keys.begin(), keys.end()) : 0;
  if (max_key < 4 * std::uint64_t{n} + 64) {
    // Small keys (the common case: keys that are themselves ids) index a table directly.
    RecycledVector<std::uint32_t> table(max_key + 1, DenseIds::kNone);
    for (std::size_t k = 0; k < n; ++k) {
      std::uint32_t& slot = table[keys[k]];
      if (slot == DenseIds::kNone) slot = out.count++;
      out.ids[k] = slot;
    }
    return out;
  }
  // Otherwise an open-addressing hash table with linear probing.
  std::size_t capacity = 16;
  while (capacity < 2 * n) capacity *= 2;
  RecycledVector<std::pair<std::uint64_t, std::uint32_t>> table(capacity, {0, DenseIds::kNone});
  for (std::size_t k = 0; k < n; ++k) {
    std::size_t slot = mix64(keys[k]) & (capacity - 1);
    while (table[slot].second != DenseIds::kNone && table[slot].first != keys[k])
      slot = (slot + 1) & (capacity - 1);
    if (table[slot].second == DenseIds::kNone) table[slot] = {keys[k], out.count++};
    out.ids[k] = table[slot].second;
  }
  return out;
}

}  // namespace kripke
