// How the symbolic engine holds an integer variable (or an observed term, or an event): a
// block of Boolean variables holding the index of its value in binary, most significant bit
// first.
#pragma once

#include <bdd.h>

#include <cstdint>
#include <span>

namespace kripke::symbolic {

// Where a variable's value index is held: `width` bits from `first`, most significant first;
// `values[i]` is the value of index i.
struct IndexBlock {
  int first = 0, width = 0;
  std::span<const std::int64_t> values;
};

// The value index held in bits `first`..`first + width - 1` equals `index`.
inline bdd index_is(int first, int width, std::uint64_t index) {
  bdd cube = bddtrue;
  for (int b = width - 1; b >= 0; --b) {
    const int var = first + (width - 1 - b);
    cube &= (index >> b) & 1U ? bdd_ithvar(var) : bdd_nithvar(var);
  }
  return cube;
}

// The value index is below `bound`: the bits that encode a domain of `bound` values.
inline bdd index_below(int first, int width, std::uint64_t bound) {
  if (width < 64 && bound >= (std::uint64_t{1} << width)) return bddtrue;
  bdd below = bddfalse;  // over the bits from the least significant up
  for (int b = 0; b < width; ++b) {
    const bdd bit = bdd_ithvar(first + (width - 1 - b));
    below = (bound >> b) & 1U ? ((!bit) | below) : ((!bit) & below);
  }
  return below;
}

}  // namespace kripke::symbolic
