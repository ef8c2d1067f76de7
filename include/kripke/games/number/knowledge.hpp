// The counts What's My Number? decides by, computed straight from the bitsets and
// partitions (a play evaluates them several times per turn, so no formula evaluation):
// who knows its numbers, the truth set of "nobody knows their numbers", and how much an
// announcement would remove.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "kripke/model.hpp"
#include "kripke/world_set.hpp"

namespace kripke::number {

// |alive \ keep|: the worlds an announcement with truth set `keep` would remove.
inline std::size_t removed_by(const WorldSet& alive, const WorldSet& keep) {
  const auto& a = alive.words();
  const auto& k = keep.words();
  std::size_t n = 0;
  for (std::size_t i = 0; i < a.size(); ++i) n += std::size_t(std::popcount(a[i] & ~k[i]));
  return n;
}

// How many of the worlds agent i considers possible at the actual world lie outside `keep`.
inline std::size_t possible_removed_by(const Model& m, Agent i, const WorldSet& keep) {
  std::size_t n = 0;
  for (World v : m.partition(i).class_containing(m.actual()))
    n += m.alive().test(v) && !keep.test(v);
  return n;
}

// A player's class holds one world per board the player might have (the other boards fix
// the class, and the face-down numbers are what is left), so a player knows its numbers
// at w exactly when w is the only alive world of its class. The alive worlds where nobody
// knows: those whose class has at least two alive worlds for every player. `count` is
// scratch space, kept by the caller between calls.
inline WorldSet nobody_knows(const Model& m, std::vector<std::uint8_t>& count) {
  const WorldSet& alive = m.alive();
  WorldSet out = alive;
  for (std::size_t i = 0; i < m.agent_count(); ++i) {
    const Partition& p = m.partition(Agent(i));
    count.assign(p.class_count(), 0);
    p.with_class_of([&](auto class_of) {
      alive.for_each([&](World w) {
        std::uint8_t& c = count[class_of(w)];
        if (c < 2) ++c;
      });
      alive.for_each([&](World w) {
        if (count[class_of(w)] == 1) out.reset(w);
      });
    });
  }
  return out;
}

}  // namespace kripke::number
