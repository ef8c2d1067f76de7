// A model written so that isomorphic models read alike: the canonical form a search over
// models (`kripkesim plan`) remembers positions by. Only the worlds reachable from the
// actual one count. They are ordered by a signature refined as bisimulation is — the
// valuation, then per agent the set of signatures its relation reaches — and written as
// their count, the actual world's place, each world's valuation and, per agent and world,
// its class's first place (a partition) or the places it reaches (other relations). Equal
// forms are isomorphic models; for contracted models (where no two worlds are bisimilar)
// isomorphic models give equal forms, barring a collision of the 64-bit signatures, which
// can only make a search explore a model twice.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kripke/dense_ids.hpp"
#include "kripke/model.hpp"

namespace kripke {

namespace canonical_detail {

constexpr std::uint32_t kAway = DenseIds::kNone;  // a world outside the part: no place

// The alive worlds reachable from the actual one through any agent's relation, ascending.
inline std::vector<World> actual_part(const Model& m) {
  std::vector<bool> seen(m.world_count(), false);
  std::vector<World> part, stack = {m.actual()};
  seen[m.actual()] = true;
  while (!stack.empty()) {
    const World w = stack.back();
    stack.pop_back();
    part.push_back(w);
    for (std::size_t i = 0; i < m.agent_count(); ++i)
      m.for_each_possible(Agent(i), w, [&](World v) {
        if (!seen[v]) {
          seen[v] = true;
          stack.push_back(v);
        }
      });
  }
  std::sort(part.begin(), part.end());
  return part;
}

// Per world of the part (by place), the place of the world whose reach stands for its own:
// for a partition the first world of its class in the part (a class's worlds reach the
// same worlds), else itself. Always at or before its own place.
inline std::vector<std::uint32_t> reach_source(const Model& m, Agent i,
                                               const std::vector<World>& part) {
  std::vector<std::uint32_t> source(part.size());
  if (!m.has_partition(i)) {
    for (std::size_t k = 0; k < part.size(); ++k) source[k] = std::uint32_t(k);
    return source;
  }
  const Partition& p = m.partition(i);
  std::vector<std::uint32_t> first(p.class_count(), kAway);
  for (std::size_t k = 0; k < part.size(); ++k) {
    std::uint32_t& c = first[p.class_of(part[k])];
    if (c == kAway) c = std::uint32_t(k);
    source[k] = c;
  }
  return source;
}

// The values of the worlds agent i reaches from w, sorted and distinct, into `out`.
// `place`: each world's place in the part (kAway outside it); `value`: per place.
template <class Value>
void reached_values(const Model& m, Agent i, World w, const std::vector<std::uint32_t>& place,
                    const std::vector<Value>& value, std::vector<Value>& out) {
  out.clear();
  m.for_each_possible(i, w, [&](World v) {
    if (place[v] != kAway) out.push_back(value[place[v]]);
  });
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

}  // namespace canonical_detail

inline std::string canonical_form(const Model& m) {
  using namespace canonical_detail;
  const std::vector<World> part = actual_part(m);
  const std::size_t n = part.size();
  std::vector<std::uint32_t> place(m.world_count(), kAway);
  for (std::size_t k = 0; k < n; ++k) place[part[k]] = std::uint32_t(k);
  std::vector<std::vector<std::uint32_t>> source;
  for (std::size_t i = 0; i < m.agent_count(); ++i)
    source.push_back(reach_source(m, Agent(i), part));

  // The signatures, refined until their number stops growing.
  std::vector<std::uint64_t> sig(n);
  for (std::size_t k = 0; k < n; ++k) sig[k] = mix64(std::uint64_t{m.valuation(part[k])} + 1);
  sig[place[m.actual()]] ^= 0xD1B54A32D192ED03ULL;
  std::uint32_t kinds = dense_ids(sig).count;
  std::vector<std::uint64_t> reached, reach_hash(n);
  for (std::size_t round = 0; round <= n; ++round) {
    std::vector<std::uint64_t> next = sig;
    for (std::size_t i = 0; i < m.agent_count(); ++i) {
      for (std::size_t k = 0; k < n; ++k) {
        if (source[i][k] == k) {
          reached_values(m, Agent(i), part[k], place, sig, reached);
          std::uint64_t h = mix64(i + 1);
          for (std::uint64_t r : reached) h = mix64(h ^ r);
          reach_hash[k] = h;
        }
        next[k] = mix64(next[k] ^ reach_hash[source[i][k]]);
      }
    }
    sig = std::move(next);
    const std::uint32_t now = dense_ids(sig).count;
    if (now == kinds) break;
    kinds = now;
  }

  // The worlds in order of signature (then valuation), and each one's new place.
  std::vector<std::uint32_t> order(n);
  for (std::size_t k = 0; k < n; ++k) order[k] = std::uint32_t(k);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return sig[a] != sig[b] ? sig[a] < sig[b] : m.valuation(part[a]) < m.valuation(part[b]);
  });
  std::vector<std::uint32_t> position(n);
  for (std::size_t k = 0; k < n; ++k) position[order[k]] = std::uint32_t(k);

  std::string out;
  out.reserve(4 * (2 + n * (1 + m.agent_count())));
  const auto put = [&out](std::uint32_t x) {
    out.append(reinterpret_cast<const char*>(&x), sizeof x);
  };
  put(std::uint32_t(n));
  put(position[place[m.actual()]]);
  for (std::uint32_t k : order) put(m.valuation(part[k]));
  // Per agent: a partition as each world's class's first place (which names the class);
  // other relations as each world's whole row.
  std::vector<std::uint32_t> row, first(n);
  for (std::size_t i = 0; i < m.agent_count(); ++i) {
    const bool partition = m.has_partition(Agent(i));
    put(partition ? 0 : 1);
    for (std::size_t k = 0; k < n; ++k)
      if (partition && source[i][k] == k) {
        reached_values(m, Agent(i), part[k], place, position, row);
        first[k] = row.empty() ? std::uint32_t(n) : row.front();
      }
    for (std::uint32_t k : order) {
      if (partition) {
        put(first[source[i][k]]);
        continue;
      }
      reached_values(m, Agent(i), part[k], place, position, row);
      put(std::uint32_t(row.size()));
      for (std::uint32_t r : row) put(r);
    }
  }
  return out;
}

}  // namespace kripke
