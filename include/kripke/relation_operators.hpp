// The modal operators over relations of any shape (relation.hpp): truth sets of K, Kw, Kv,
// C and D when some agent's relation is not a partition. Each works a row at a time: worlds
// that share a row share the answer, so a belief relation whose worlds share few rows is
// read once per row. A row may hold no alive world (a relation that is not serial): there
// the agent believes everything, and knows every value, vacuously.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <span>
#include <vector>

#include "kripke/recycling.hpp"
#include "kripke/relation.hpp"
#include "kripke/world_set.hpp"

namespace kripke {

// The worlds of `alive` whose row gets a yes from verdict(row's members), each row the
// alive worlds use asked once.
template <class Verdict>
WorldSet worlds_by_row(const WorldSet& alive, const Relation& r, Verdict&& verdict) {
  constexpr unsigned char kUnread = 2;
  RecycledVector<unsigned char> said(r.row_count(), kUnread);
  WorldSet out(alive.size());
  alive.for_each([&](World w) {
    unsigned char& yes = said[r.row_of(w)];
    if (yes == kUnread) yes = verdict(r.members(r.row_of(w))) ? 1 : 0;
    if (yes) out.set(w);
  });
  return out;
}

// For each row, which of φ and ¬φ its alive members show (bit 0: φ, bit 1: ¬φ, 0: none);
// then the worlds of `alive` whose row's mask `keep`s.
template <class Keep>
WorldSet select_rows(const WorldSet& alive, const Relation& r, const WorldSet& phi, Keep&& keep) {
  return worlds_by_row(alive, r, [&](std::span<const World> members) {
    unsigned mask = 0;
    for (World v : members)
      if (alive.test(v)) mask |= phi.test(v) ? 1U : 2U;
    return keep(mask);
  });
}

// K φ: the worlds of `alive` whose alive successors all satisfy φ.
inline WorldSet rows_inside(const WorldSet& alive, const Relation& r, const WorldSet& phi) {
  return select_rows(alive, r, phi, [](unsigned seen) { return (seen & 2U) == 0; });
}

// Kv t: the worlds of `alive` whose alive successors show at most one value of `values`.
inline WorldSet rows_of_one_value(const WorldSet& alive, const Relation& r,
                                  const std::vector<std::int64_t>& values) {
  return worlds_by_row(alive, r, [&](std::span<const World> members) {
    const World* first = nullptr;
    for (const World& v : members) {
      if (!alive.test(v)) continue;
      if (!first) {
        first = &v;
      } else if (values[v] != values[*first]) {
        return false;
      }
    }
    return true;
  });
}

// C φ for the group whose relations are `relations`: the worlds of `alive` from which every
// alive world reachable in one or more steps of the group's relations satisfies φ (the
// transitive closure of their union). On reflexive relations (knowledge) that is the
// reflexive–transitive closure of the S5 literature; on belief it is common belief, which
// does not imply φ itself. Backwards from the alive ¬φ worlds: a world that has a step to
// one of them, or to a world that has, is out. Each row is followed once per agent.
inline WorldSet common_rows(const WorldSet& alive, const std::vector<Relation>& relations,
                            const WorldSet& phi) {
  const std::size_t n = alive.size();
  struct Reverse {  // per agent: the rows holding each world, and the worlds of each row
    std::vector<std::uint64_t> holder_start;
    std::vector<Relation::RowId> holders;
    std::vector<std::uint64_t> user_start;
    std::vector<World> users;
    std::vector<unsigned char> followed;
  };
  std::vector<Reverse> reverse(relations.size());
  for (std::size_t a = 0; a < relations.size(); ++a) {
    const Relation& r = relations[a];
    Reverse& rev = reverse[a];
    rev.holder_start.assign(n + 1, 0);
    rev.user_start.assign(r.row_count() + 1, 0);
    for (Relation::RowId row = 0; row < r.row_count(); ++row)
      for (World v : r.members(row)) rev.holder_start[v + 1] += alive.test(v);
    alive.for_each([&](World w) { ++rev.user_start[r.row_of(w) + 1]; });
    for (std::size_t k = 0; k < n; ++k) rev.holder_start[k + 1] += rev.holder_start[k];
    for (std::size_t k = 0; k < r.row_count(); ++k) rev.user_start[k + 1] += rev.user_start[k];
    rev.holders.resize(rev.holder_start[n]);
    rev.users.resize(rev.user_start[r.row_count()]);
    std::vector<std::uint64_t> next(rev.holder_start.begin(), rev.holder_start.end() - 1);
    for (Relation::RowId row = 0; row < r.row_count(); ++row)
      for (World v : r.members(row))
        if (alive.test(v)) rev.holders[next[v]++] = row;
    next.assign(rev.user_start.begin(), rev.user_start.end() - 1);
    alive.for_each([&](World w) { rev.users[next[r.row_of(w)]++] = w; });
    rev.followed.assign(r.row_count(), 0);
  }
  WorldSet reaches_bad(n);        // has a path of one or more steps to an alive ¬φ world
  WorldSet queued = alive - phi;  // worlds whose predecessors are (to be) marked
  std::deque<World> queue;
  queued.for_each([&](World v) { queue.push_back(v); });
  while (!queue.empty()) {
    const World v = queue.front();
    queue.pop_front();
    for (Reverse& rev : reverse)
      for (auto h = rev.holder_start[v]; h < rev.holder_start[v + 1]; ++h) {
        const Relation::RowId row = rev.holders[h];
        if (rev.followed[row]) continue;
        rev.followed[row] = 1;
        for (auto u = rev.user_start[row]; u < rev.user_start[row + 1]; ++u) {
          const World w = rev.users[u];
          reaches_bad.set(w);
          if (!queued.test(w)) {
            queued.set(w);
            queue.push_back(w);
          }
        }
      }
  }
  return alive - reaches_bad;
}

// D φ for the group whose relations are `relations`: the worlds of `alive` whose alive
// successors in every relation of the group (the intersection) all satisfy φ.
inline WorldSet distributed_rows(const WorldSet& alive, const std::vector<Relation>& relations,
                                 const WorldSet& phi) {
  WorldSet out(alive.size());
  alive.for_each([&](World w) {
    // Walk the shortest row; look the others up.
    std::size_t shortest = 0;
    for (std::size_t a = 1; a < relations.size(); ++a)
      if (relations[a].successors(w).size() < relations[shortest].successors(w).size())
        shortest = a;
    bool holds = true;
    for (World v : relations[shortest].successors(w)) {
      if (!alive.test(v) || phi.test(v)) continue;
      const bool in_all = std::all_of(relations.begin(), relations.end(),
                                      [&](const Relation& r) { return r.sees(w, v); });
      if (in_all) {
        holds = false;
        break;
      }
    }
    if (holds) out.set(w);
  });
  return out;
}

}  // namespace kripke
