// An agent's accessibility relation of any shape: for each world, the worlds the agent
// considers possible there (its successors). The frame properties of the relation
// (reflexive, serial, transitive, Euclidean, symmetric) say what attitude it models: an
// equivalence (S5) is knowledge, serial + transitive + Euclidean (KD45) is consistent
// belief, and a relation that misses the actual world allows false belief.
//
// Rows are shared: each world names a row (a sorted list of successors), and equal rows are
// stored once. A belief relation gives every world of a cluster the same row (in KD45 the
// worlds an agent cannot tell apart believe the same worlds), so a model of 20,000 worlds
// with a few hundred belief sets costs a row id per world and the sets once, as a
// partition does; a relation whose rows all differ costs its pairs.
//
// An equivalence is kept as a Partition instead (Model does that): `as_partition` turns
// one into the other, so S5 models cost what they always did.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "kripke/partition.hpp"
#include "kripke/world_set.hpp"

namespace kripke {

// Which frame properties a relation has, over the worlds it is restricted to.
struct FrameProperties {
  bool reflexive = false;   // every w sees w
  bool serial = false;      // every w sees some world
  bool transitive = false;  // w sees v and v sees u: w sees u
  bool euclidean = false;   // w sees v and w sees u: v sees u
  bool symmetric = false;   // w sees v: v sees w

  bool equivalence() const { return reflexive && transitive && symmetric; }
  // The textbook name (Chellas 1980; Blackburn, de Rijke and Venema 2001) of the strongest
  // of the fifteen normal logics between K and S5 that these properties make valid: D is
  // seriality, T reflexivity, B symmetry, 4 transitivity, 5 Euclideanness, and B alone is
  // KTB (reflexive and symmetric). Symmetric and transitive is KB4 (the same as KB5).
  std::string logic() const {
    if (equivalence()) return "S5";
    if (serial && transitive && euclidean) return "KD45";
    if (reflexive && transitive) return "S4";
    if (reflexive && symmetric) return "B";
    if (reflexive) return "T";
    if (symmetric && transitive) return "KB4";
    if (transitive && euclidean) return "K45";
    if (serial && symmetric) return "KDB";
    if (serial && transitive) return "KD4";
    if (serial && euclidean) return "KD5";
    if (transitive) return "K4";
    if (euclidean) return "K5";
    if (symmetric) return "KB";
    if (serial) return "KD";
    return "K";
  }
};

class Relation {
 public:
  using RowId = std::uint32_t;

  // Rows interned as they come: equal successor lists get one id.
  class Rows {
   public:
    // The id of the row with these successors (sorted, without repeats).
    RowId intern(std::span<const World> successors) {
      std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ successors.size();
      for (World v : successors) h = (h ^ v) * 0x100000001b3ULL;
      auto& ids = by_hash_[h];
      for (RowId id : ids)
        if (std::equal(successors.begin(), successors.end(), members(id).begin(),
                       members(id).end()))
          return id;
      const auto id = RowId(offsets_.size() - 1);
      members_.insert(members_.end(), successors.begin(), successors.end());
      offsets_.push_back(members_.size());
      ids.push_back(id);
      return id;
    }
    std::span<const World> members(RowId r) const {
      return {members_.data() + offsets_[r], members_.data() + offsets_[r + 1]};
    }

   private:
    friend class Relation;
    std::vector<std::uint64_t> offsets_{0};
    std::vector<World> members_;
    std::unordered_map<std::uint64_t, std::vector<RowId>> by_hash_;
  };

  Relation() = default;

  // `row_of[w]`: the row of world w's successors, an id of `rows`.
  Relation(std::vector<RowId> row_of, Rows rows)
      : row_of_(std::move(row_of)),
        offsets_(std::move(rows.offsets_)),
        members_(std::move(rows.members_)) {}

  // From each world's successors, in any order, repeats allowed.
  static Relation from_successors(std::vector<std::vector<World>> successors) {
    Rows rows;
    std::vector<RowId> row_of(successors.size());
    for (std::size_t w = 0; w < successors.size(); ++w) {
      auto& s = successors[w];
      std::sort(s.begin(), s.end());
      s.erase(std::unique(s.begin(), s.end()), s.end());
      row_of[w] = rows.intern(s);
    }
    return Relation(std::move(row_of), std::move(rows));
  }

  // The relation of a partition: each world sees its class.
  static Relation of(const Partition& p) {
    Rows rows;
    for (Partition::ClassId c = 0; c < p.class_count(); ++c) {
      std::vector<World> members(p.members(c).begin(), p.members(c).end());
      (void)rows.intern(members);
    }
    std::vector<RowId> row_of(p.world_count());
    for (std::size_t w = 0; w < row_of.size(); ++w) row_of[w] = p.class_of(World(w));
    return Relation(std::move(row_of), std::move(rows));
  }

  std::size_t world_count() const { return row_of_.size(); }
  std::size_t row_count() const { return offsets_.empty() ? 0 : offsets_.size() - 1; }
  RowId row_of(World w) const { return row_of_[w]; }
  std::span<const World> members(RowId r) const {
    return {members_.data() + offsets_[r], members_.data() + offsets_[r + 1]};
  }
  std::span<const World> successors(World w) const { return members(row_of_[w]); }
  bool sees(World from, World to) const {
    const auto s = successors(from);
    return std::binary_search(s.begin(), s.end(), to);
  }
  // The worlds seen from `w`, as a set.
  WorldSet row(World w) const {
    WorldSet out(world_count());
    for (World v : successors(w)) out.set(v);
    return out;
  }

  // The number of pairs among the worlds of `alive`: Σ_w∈alive |successors(w) ∩ alive|.
  std::uint64_t pairs(const WorldSet& alive) const {
    const std::vector<std::uint32_t> per_row = alive_per_row(alive);
    std::uint64_t n = 0;
    alive.for_each([&](World w) { n += per_row[row_of_[w]]; });
    return n;
  }
  // |successors(w) ∩ alive|
  std::size_t possible(World w, const WorldSet& alive) const {
    std::size_t n = 0;
    for (World v : successors(w)) n += alive.test(v);
    return n;
  }

  // Each row's number of alive members.
  std::vector<std::uint32_t> alive_per_row(const WorldSet& alive) const {
    std::vector<std::uint32_t> n(row_count(), 0);
    for (RowId r = 0; r < n.size(); ++r)
      for (World v : members(r)) n[r] += alive.test(v);
    return n;
  }

  // The frame properties of the relation restricted to the worlds of `alive`. Whether the
  // rows of w and of a successor v nest depends on the two rows only: each pair of rows is
  // compared once, so a belief relation with shared rows is checked in a pass.
  FrameProperties properties(const WorldSet& alive) const {
    FrameProperties f{true, true, true, true, true};
    std::unordered_set<std::uint64_t> compared;
    alive.for_each([&](World w) {
      const RowId r = row_of_[w];
      std::size_t seen = 0;
      for (World v : members(r)) {
        if (!alive.test(v)) continue;
        ++seen;
        if (f.symmetric && !sees(v, w)) f.symmetric = false;
        const RowId rv = row_of_[v];
        if ((f.transitive || f.euclidean) && compared.insert(std::uint64_t{r} << 32 | rv).second) {
          if (!alive_subset(rv, r, alive)) f.transitive = false;  // v sees u ⇒ w sees u
          if (!alive_subset(r, rv, alive)) f.euclidean = false;   // w sees u ⇒ v sees u
        }
      }
      if (seen == 0) f.serial = false;
      if (!sees(w, w)) f.reflexive = false;
    });
    return f;
  }

  // The partition of the relation when it is an equivalence on the worlds of `alive`
  // (worlds outside alive each get a class of their own), else nothing.
  std::optional<Partition> as_partition(const WorldSet& alive) const {
    if (!properties(alive).equivalence()) return std::nullopt;
    // A world's class is keyed by its smallest alive successor (an alive world's number;
    // a dead world keys itself, which no alive world's class can).
    std::vector<std::uint64_t> keys(world_count());
    for (std::size_t w = 0; w < keys.size(); ++w) {
      keys[w] = w;
      if (!alive.test(World(w))) continue;
      for (World v : successors(World(w)))
        if (alive.test(v)) {
          keys[w] = v;
          break;
        }
    }
    return Partition::from_keys(keys);
  }

  // The relation after the agent learns key[w] of the actual world: w keeps the successors
  // with its own key.
  Relation refined_by(const std::vector<std::uint64_t>& key) const {
    Rows rows;
    std::vector<RowId> row_of(world_count());
    std::unordered_map<std::uint64_t, RowId> done;  // (old row, key id) → new row
    std::unordered_map<std::uint64_t, std::uint32_t> key_ids;
    std::vector<World> kept;
    for (std::size_t w = 0; w < row_of.size(); ++w) {
      const auto key_id = key_ids.try_emplace(key[w], std::uint32_t(key_ids.size())).first->second;
      const auto [it, fresh] = done.try_emplace(std::uint64_t{row_of_[w]} << 32 | key_id, 0);
      if (fresh) {
        kept.clear();
        for (World v : successors(World(w)))
          if (key[v] == key[w]) kept.push_back(v);
        it->second = rows.intern(kept);
      }
      row_of[w] = it->second;
    }
    return Relation(std::move(row_of), std::move(rows));
  }

 private:
  // Whether row a's alive members are all members of row b (both sorted).
  bool alive_subset(RowId a, RowId b, const WorldSet& alive) const {
    const auto in_b = members(b);
    auto it = in_b.begin();
    for (World u : members(a)) {
      if (!alive.test(u)) continue;
      it = std::lower_bound(it, in_b.end(), u);
      if (it == in_b.end() || *it != u) return false;
    }
    return true;
  }

  std::vector<RowId> row_of_;
  std::vector<std::uint64_t> offsets_;
  std::vector<World> members_;
};

}  // namespace kripke
