// Truth sets of a model's atoms and comparisons kept between evaluations. An atom's truth
// at a world depends only on the world's valuation, so a set computed on one model is right
// for every model with the same valuation table (Model::valuation_id: copies of one model),
// on the worlds it was computed over: the cache answers when the worlds alive now are among
// those. A game in the game language asks the same atoms in every precondition, win and
// log line (the muddy children: muddy(c3) some hundred times per round). A play is used by
// one thread at a time, so the cache takes no lock.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>

#include "kripke/formula.hpp"
#include "kripke/model.hpp"
#include "kripke/world_set.hpp"

namespace kripke::model_lang {

class AtomCache {
 public:
  // The truth set of atom `a` on m: kept, or compute()d and kept.
  template <class Compute>
  WorldSet get(const Formula& a, const Model& m, Compute&& compute) const {
    if (m.world_count() < kSmallModel) return compute();
    if (m.valuation_id() != id_) {
      entries_.clear();
      bytes_ = 0;
      id_ = m.valuation_id();
    }
    const std::string key = to_string(a);
    if (const auto it = entries_.find(key);
        it != entries_.end() && m.alive().is_subset_of(it->second.alive))
      return it->second.truth & m.alive();
    WorldSet truth = compute();
    const std::size_t entry_bytes = 2 * (m.world_count() / 8 + 16);
    if (bytes_ + entry_bytes > kMaxBytes) {
      entries_.clear();
      bytes_ = 0;
    }
    bytes_ += entry_bytes;
    entries_.insert_or_assign(key, Entry{truth, m.alive()});
    return truth;
  }

 private:
  // Below this many worlds an atom is computed faster than its name is looked up.
  static constexpr std::size_t kSmallModel = 4096;
  static constexpr std::size_t kMaxBytes = std::size_t{64} << 20;

  struct Entry {
    WorldSet truth;  // over `alive`
    WorldSet alive;  // the worlds alive when it was computed
  };
  mutable std::unordered_map<std::string, Entry> entries_;
  mutable std::uint64_t id_ = 0;
  mutable std::size_t bytes_ = 0;
};

}  // namespace kripke::model_lang
