// The counting engine for information that is more than literals: "place p holds at least
// one of these cards" (Cluedo: a card was shown to someone else), "p does not hold all of
// these" (a wrong accusation), "p holds exactly k of these" (the envelope: one card of each
// category). Such constraints tie cards together, so the cards are no longer
// interchangeable and counting.hpp's groups do not apply. Here the deals are counted hand
// by hand instead:
//
// * Cards whose place is known are set aside; the others ("free" cards, at most
//   kMaxFreeCards) are numbered 0..n-1, and every constraint is rewritten over them.
// * The places are filled one after another, largest first. The state after places
//   0..j-1 is the set U of free cards they took, a subset of a known size s_j, stored at
//   its colex rank among the subsets of that size: at most C(n, n/2) states per level.
// * A place's hands are the subsets of its allowed free cards outside U of its remaining
//   size that satisfy its constraints. The forward pass counts the ways to reach every U,
//   the backward pass the ways to finish from it; the deals with card c at place p are
//   Σ forward(U) · backward(U ∪ H) over the hands H of p that hold c.
//
// The cost is the number of (U, H) pairs: for Cluedo with 6 players (18 free cards in 3-card
// hands, the envelope last) about 9 million, with 3 players about half a million, whatever
// the number of constraints (they only remove hands). Exact in 128 bits: CardPlaces keeps
// the number of deals below 2^100, and every partial count is a count of some of them.
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "kripke/counting.hpp"

namespace kripke {

using CardMask = std::uint64_t;  // bit c: card c

// What is known of the deal: literals (a CardPlaces) and constraints on single hands.
class HandConstraints {
 public:
  explicit HandConstraints(CardPlaces literals)
      : literals_(std::move(literals)), places_(std::size_t(literals_.place_count())) {}

  CardPlaces& literals() { return literals_; }
  const CardPlaces& literals() const { return literals_; }
  int place_count() const { return literals_.place_count(); }

  // "place holds at least one of cards".
  void at_least_one(int place, CardMask cards) { at(place).at_least_one.push_back(cards); }
  // "place does not hold all of cards".
  void not_all_of(int place, CardMask cards) { at(place).not_all_of.push_back(cards); }
  // "place holds exactly k of cards".
  void exactly(int place, CardMask cards, int k) { at(place).exactly.push_back({cards, k}); }

  struct Quota {
    CardMask cards = 0;
    int k = 0;
    friend bool operator==(const Quota&, const Quota&) = default;
  };
  struct PlaceRules {
    std::vector<CardMask> at_least_one;
    std::vector<CardMask> not_all_of;
    std::vector<Quota> exactly;
    friend bool operator==(const PlaceRules&, const PlaceRules&) = default;
  };
  const PlaceRules& rules(int place) const { return places_.at(std::size_t(place)); }

  friend bool operator==(const HandConstraints&, const HandConstraints&) = default;

 private:
  PlaceRules& at(int place) {
    if (place < 0 || place >= place_count())
      throw InputError("no place " + std::to_string(place) + " in the counting engine");
    return places_[std::size_t(place)];
  }

  CardPlaces literals_;
  std::vector<PlaceRules> places_;
};

// Cards whose place is open: 2^24 subsets is the most the hand-by-hand count takes.
inline constexpr int kMaxFreeCards = 24;

namespace hand_counting_detail {

// One place's constraints over the free cards.
struct Place {
  int index = 0;  // in the HandConstraints
  int size = 0;   // free cards it still takes
  CardMask allowed = 0;
  std::vector<CardMask> at_least_one, not_all_of;
  std::vector<HandConstraints::Quota> exactly;

  bool accepts(CardMask hand) const {
    for (CardMask s : at_least_one)
      if (!(hand & s)) return false;
    for (CardMask s : not_all_of)
      if ((hand & s) == s) return false;
    for (const auto& q : exactly)
      if (std::popcount(hand & q.cards) != q.k) return false;
    return true;
  }
};

// Colex ranks of the k-subsets of n elements: the rank of {b_0 < b_1 < ...} is Σ C(b_i, i+1).
class Ranks {
 public:
  explicit Ranks(int n) : n_(n), c_(std::size_t((n + 1) * (n + 2)), 0) {
    for (int a = 0; a <= n; ++a) {
      binom(a, 0) = 1;
      for (int b = 1; b <= a; ++b)
        binom(a, b) = binom(a - 1, b - 1) + (b < a ? binom(a - 1, b) : 0);
    }
  }
  std::uint64_t choose(int a, int b) const { return b < 0 || b > a ? 0 : c_[idx(a, b)]; }
  std::uint64_t rank(CardMask set) const {
    std::uint64_t r = 0;
    for (int i = 1; set; ++i, set &= set - 1) r += choose(std::countr_zero(set), i);
    return r;
  }

 private:
  std::size_t idx(int a, int b) const { return std::size_t(a * (n_ + 2) + b); }
  std::uint64_t& binom(int a, int b) { return c_[idx(a, b)]; }
  int n_;
  std::vector<std::uint64_t> c_;
};

// Calls visit(hand) for every subset of `from` with `size` elements, ascending.
template <class Visit>
void for_each_subset(CardMask from, int size, Visit&& visit) {
  auto rec = [&](auto&& self, CardMask rest, int left, CardMask hand) -> void {
    if (left == 0) {
      visit(hand);
      return;
    }
    if (std::popcount(rest) < left) return;
    const CardMask low = rest & (~rest + 1);
    self(self, rest & (rest - 1), left - 1, hand | low);
    self(self, rest & (rest - 1), left, hand);
  };
  rec(rec, from, size, 0);
}

}  // namespace hand_counting_detail

// Counts the deals consistent with `info`: the total and, per card and place, how many have
// the card there (all zero when the information is contradictory). An InputError when more
// than kMaxFreeCards cards have an open place.
inline PlacementCounts count_hands(const HandConstraints& info) {
  using namespace hand_counting_detail;
  const CardPlaces& lit = info.literals();
  const int cards = lit.card_count();
  const int place_count = lit.place_count();
  PlacementCounts out;
  out.places = place_count;
  out.at.assign(std::size_t(cards * place_count), 0);

  // Set aside the cards whose place is known; number the free ones.
  std::vector<int> free_cards;  // free index -> card
  std::vector<CardMask> fixed_at(std::size_t(place_count), 0);
  std::vector<int> size = lit.capacities();
  for (int c = 0; c < cards; ++c) {
    const PlaceMask mask = lit.allowed(c);
    if (mask == 0) return out;
    if (std::has_single_bit(mask)) {
      const int p = std::countr_zero(mask);
      fixed_at[std::size_t(p)] |= CardMask{1} << c;
      if (--size[std::size_t(p)] < 0) return out;
    } else {
      free_cards.push_back(c);
    }
  }
  const int n = int(free_cards.size());
  if (n > kMaxFreeCards)
    throw InputError("the hand-by-hand count takes at most " + std::to_string(kMaxFreeCards) +
                     " cards of unknown place, not " + std::to_string(n));
  auto to_free = [&](CardMask set) {
    CardMask out_set = 0;
    for (int i = 0; i < n; ++i)
      if ((set >> free_cards[std::size_t(i)]) & 1U) out_set |= CardMask{1} << i;
    return out_set;
  };

  // Every place's constraints over the free cards; a constraint the fixed cards settle goes.
  std::vector<Place> places;
  for (int p = 0; p < place_count; ++p) {
    Place pl;
    pl.index = p;
    pl.size = size[std::size_t(p)];
    for (int i = 0; i < n; ++i)
      if (lit.may_be(free_cards[std::size_t(i)], p)) pl.allowed |= CardMask{1} << i;
    const CardMask fixed = fixed_at[std::size_t(p)];
    CardMask fixed_elsewhere = 0;
    for (int q = 0; q < place_count; ++q)
      if (q != p) fixed_elsewhere |= fixed_at[std::size_t(q)];
    const HandConstraints::PlaceRules& rules = info.rules(p);
    for (CardMask s : rules.at_least_one) {
      if (s & fixed) continue;
      const CardMask open = to_free(s) & pl.allowed;
      if (!open) return out;
      pl.at_least_one.push_back(open);
    }
    for (CardMask s : rules.not_all_of) {
      if (s & fixed_elsewhere) continue;  // p cannot hold all of them
      const CardMask open = to_free(s & ~fixed);
      if (!open) return out;  // p holds all of them
      if ((open & pl.allowed) != open) continue;
      pl.not_all_of.push_back(open);
    }
    for (const auto& q : rules.exactly) {
      const int k = q.k - std::popcount(q.cards & fixed);
      const CardMask open = to_free(q.cards) & pl.allowed;
      if (k < 0 || k > std::popcount(open)) return out;
      pl.exactly.push_back({open, k});
    }
    places.push_back(std::move(pl));
  }
  // Largest places first: the envelope's few hands close the count.
  std::stable_sort(places.begin(), places.end(),
                   [](const Place& a, const Place& b) { return a.size > b.size; });

  const Ranks ranks(n);
  const int levels = int(places.size());
  std::vector<int> taken(std::size_t(levels + 1), 0);  // free cards placed before level j
  for (int j = 0; j < levels; ++j)
    taken[std::size_t(j + 1)] = taken[std::size_t(j)] + places[std::size_t(j)].size;

  // The states of level j, as their sets; filled by the forward pass.
  std::vector<std::vector<CardMask>> states(std::size_t(levels + 1));
  std::vector<std::vector<BigCount>> forward(std::size_t(levels + 1));
  for (int j = 0; j <= levels; ++j)
    forward[std::size_t(j)].assign(ranks.choose(n, taken[std::size_t(j)]), 0);
  forward[0][0] = 1;
  states[0].push_back(0);
  for (int j = 0; j < levels; ++j) {
    const Place& pl = places[std::size_t(j)];
    std::vector<BigCount>& next = forward[std::size_t(j + 1)];
    for (CardMask u : states[std::size_t(j)]) {
      const BigCount ways = forward[std::size_t(j)][ranks.rank(u)];
      for_each_subset(pl.allowed & ~u, pl.size, [&](CardMask hand) {
        if (!pl.accepts(hand)) return;
        BigCount& slot = next[ranks.rank(u | hand)];
        if (slot == 0) states[std::size_t(j + 1)].push_back(u | hand);
        slot += ways;
      });
    }
  }
  out.total = forward[std::size_t(levels)][0];
  if (out.total == 0) return out;

  // Backward, with the deals through each (U, H) credited to the cards of H at its place.
  std::vector<BigCount> backward(1, 1);  // level `levels`: the one full set
  for (int j = levels; j-- > 0;) {
    const Place& pl = places[std::size_t(j)];
    std::vector<BigCount> here(forward[std::size_t(j)].size(), 0);
    for (CardMask u : states[std::size_t(j)]) {
      const std::uint64_t r = ranks.rank(u);
      const BigCount ways = forward[std::size_t(j)][r];
      BigCount finish = 0;
      for_each_subset(pl.allowed & ~u, pl.size, [&](CardMask hand) {
        if (!pl.accepts(hand)) return;
        const BigCount rest = backward[ranks.rank(u | hand)];
        if (rest == 0) return;
        finish += rest;
        const BigCount through = ways * rest;
        for (CardMask h = hand; h; h &= h - 1)
          out.at[std::size_t(free_cards[std::size_t(std::countr_zero(h))] * place_count +
                             pl.index)] += through;
      });
      here[r] = finish;
    }
    backward = std::move(here);
  }
  for (int p = 0; p < place_count; ++p)
    for (CardMask f = fixed_at[std::size_t(p)]; f; f &= f - 1)
      out.at[std::size_t(std::countr_zero(f) * place_count + p)] = out.total;
  return out;
}

}  // namespace kripke
