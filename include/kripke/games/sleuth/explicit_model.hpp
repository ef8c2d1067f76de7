// The explicit Kripke model of a reduced Sleuth deck: every deal is a world (e.g. 12 cards
// in hands of 4, 4, 3 and the hidden gem: 138,600 worlds). Each player's relation is
// refined by its own hand, then by the answers it sees. Built once per game (the deal
// table and the partitions by hand do not depend on the actual deal); each play copies
// the initial model. The full 36-card game has ~10^23 deals and never gets one.
#pragma once

#include <cstdint>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/model.hpp"
#include "kripke/partition.hpp"

namespace kripke::sleuth {

class ExplicitModel {
 public:
  ExplicitModel(const DealSpec& spec, const WorldLimits& limits)
      : table_(spec, limits, spec.slots.size() - 1) {
    const int players = int(spec.slots.size()) - 1;
    blank_ = Partition::universal(table_.size());
    std::vector<int> every_card(std::size_t(table_.card_count()));
    for (int card = 0; card < table_.card_count(); ++card) every_card[std::size_t(card)] = card;
    for (int p = 0; p < players; ++p)  // a hand is what its player would show for every card
      hand_partitions_.push_back(Partition::from_keys(answer_keys(p, every_card)));
  }

  const DealTable& table() const { return table_; }
  std::size_t worlds() const { return table_.size(); }
  World world_of(const Deal& deal) const { return World(table_.rank(deal)); }

  // Before anyone looks at its cards: one class per player.
  Model initial(World actual) const {
    return Model(std::vector<Partition>(hand_partitions_.size(), blank_), actual);
  }
  // Player p's relation after looking at its hand: worlds with the same hand of p.
  const Partition& hand_partition(int p) const { return hand_partitions_.at(std::size_t(p)); }

  // What `asked` shows in each world: which of `matching` it holds (bit k: matching[k]).
  std::vector<std::uint64_t> answer_keys(int asked, const std::vector<int>& matching) const {
    std::vector<std::uint64_t> key(table_.size(), 0);
    for (std::size_t w = 0; w < key.size(); ++w)
      for (std::size_t k = 0; k < matching.size(); ++k)
        if (table_.slot(w, matching[k]) == asked) key[w] |= std::uint64_t{1} << k;
    return key;
  }

 private:
  DealTable table_;
  Partition blank_;
  std::vector<Partition> hand_partitions_;
};

}  // namespace kripke::sleuth
