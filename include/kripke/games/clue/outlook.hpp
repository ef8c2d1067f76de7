// What one player's knowledge says about the deal: the deals it considers possible and,
// for every card, the places it may be in. Strategies, show policies and the knowledge
// table all read this, never the actual deal.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "kripke/games/clue/tables.hpp"
#include "kripke/model.hpp"

namespace kripke::clue {

struct Outlook {
  // Each possible deal once, ascending: after a product update one deal can be several
  // worlds (it differs in which card was shown), and a deal's weight must not depend on it.
  std::vector<DealIndex> deals;
  // Per card, bit q set: some possible deal puts the card at place q.
  std::vector<std::uint32_t> places;

  bool may_be(int card, int place) const { return (places[card] >> place) & 1U; }
  bool knows_place(int card) const { return std::has_single_bit(places[card]); }
  // The place the player knows the card is in, or -1.
  int known_place(int card) const {
    return knows_place(card) ? std::countr_zero(places[card]) : -1;
  }
};

inline Outlook outlook(const Tables& t, const Model& m, Agent i) {
  Outlook o;
  for (World w : m.partition(i).class_containing(m.actual()))
    if (m.alive().test(w)) o.deals.push_back(m.valuation(w));
  std::sort(o.deals.begin(), o.deals.end());
  o.deals.erase(std::unique(o.deals.begin(), o.deals.end()), o.deals.end());
  o.places.assign(std::size_t(t.rules().card_count()), 0);
  for (DealIndex d : o.deals)
    for (int card = 0; card < t.rules().card_count(); ++card)
      o.places[card] |= std::uint32_t{1} << t.place_of(d, card);
  return o;
}

}  // namespace kripke::clue
