// The counting engine: exact reasoning about deals too many to enumerate (Sleuth's 36 cards
// give about 10^23). When everything an agent knows is literals — "place p holds card X",
// "place p does not hold X" — plus every place's size, the worlds it considers possible are
// exactly the deals that respect, for every card, the set of places it may still be in.
// They are counted by dynamic programming instead of being listed:
//
// * Cards with the same set of allowed places are interchangeable, so they form one group,
//   and a group of k cards goes into its places with counts (d_p) in k!/Π d_p! ways.
// * The groups are dealt one after another; the state is the vector of the places'
//   remaining capacities (packed into one 64-bit key). The forward pass counts the ways to
//   reach every state, the backward pass the ways to finish from it.
// * For a card of group g, the deals with the card at place p number
//   Σ forward(s) · ways(d) · backward(s − d) · d_p / k over the group's transitions s → s − d,
//   by the symmetry of the group (d_p of its k cards land at p).
//
// The result is the same knowledge the explicit Kripke model gives (tests check it on
// reduced decks): the number of possible worlds and, per card and place, in how many of
// them the card is there — probability = count / total, known = count is total or 0.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/errors.hpp"

namespace kripke {

using PlaceMask = std::uint32_t;  // bit p: the card may be at place p
inline constexpr int kMaxCountingPlaces = 32;

// Bits per place in a state key of the dynamic programme: enough for the largest place.
inline int capacity_bits(const std::vector<int>& capacity) {
  const int largest = *std::max_element(capacity.begin(), capacity.end());
  return std::max(1, int(std::bit_width(unsigned(largest))));
}

// An agent's information about a deal: per card, the places it may be in; per place, how
// many cards it holds. Literals only ever shrink the sets, so knowledge only grows.
class CardPlaces {
 public:
  // Every card may be anywhere. The number of deals must stay below 2^100 (kCountCap) so
  // that all intermediate counts are exact in 128 bits.
  CardPlaces(int cards, std::vector<int> capacity)
      : allowed_(std::size_t(cards), 0), capacity_(std::move(capacity)) {
    const int places = place_count();
    if (cards > 64) throw InputError("the counting engine handles at most 64 cards");
    if (places < 1 || places > kMaxCountingPlaces)
      throw InputError("the counting engine handles 1 to " + std::to_string(kMaxCountingPlaces) +
                       " places, not " + std::to_string(places));
    int total = 0;
    for (int c : capacity_) {
      if (c < 0) throw InputError("a place has a negative size");
      total += c;
    }
    if (total != cards)
      throw InputError("the places hold " + std::to_string(total) + " cards but there are " +
                       std::to_string(cards));
    if (multinomial(cards, capacity_) >= kCountCap)
      throw InputError("too many deals to count exactly (2^100 or more)");
    if (capacity_bits(capacity_) * places > 64)
      throw InputError("the counting engine packs every place's size into one 64-bit key: " +
                       std::to_string(places) + " places of up to " +
                       std::to_string((1 << capacity_bits(capacity_)) - 1) + " cards do not fit");
    const PlaceMask everywhere = places == 32 ? ~PlaceMask{0} : (PlaceMask{1} << places) - 1;
    std::fill(allowed_.begin(), allowed_.end(), everywhere);
  }

  int card_count() const { return int(allowed_.size()); }
  int place_count() const { return int(capacity_.size()); }
  const std::vector<int>& capacities() const { return capacity_; }
  PlaceMask allowed(int card) const { return allowed_.at(std::size_t(card)); }
  bool may_be(int card, int place) const { return (allowed(card) >> place) & 1U; }

  // "card is at place". Returns whether this is news.
  bool place(int card, int place) { return restrict(card, PlaceMask{1} << place); }
  // "card is not at place". Returns whether this is news.
  bool exclude(int card, int place) {
    return restrict(card, allowed(card) & ~(PlaceMask{1} << place));
  }

  friend bool operator==(const CardPlaces&, const CardPlaces&) = default;

 private:
  bool restrict(int card, PlaceMask mask) {
    PlaceMask& a = allowed_.at(std::size_t(card));
    const PlaceMask narrowed = a & mask;
    if (narrowed == a) return false;
    a = narrowed;
    return true;
  }

  std::vector<PlaceMask> allowed_;
  std::vector<int> capacity_;
};

// The deals consistent with a CardPlaces, counted: the total and, per card and place, how
// many of them have the card there. All zero when the information is contradictory.
struct PlacementCounts {
  BigCount total = 0;
  int places = 0;
  std::vector<BigCount> at;  // [card * places + place]

  BigCount count(int card, int place) const { return at[std::size_t(card * places + place)]; }
  bool known_at(int card, int place) const { return total > 0 && count(card, place) == total; }
  bool possible_at(int card, int place) const { return count(card, place) > 0; }
  double probability(int card, int place) const {
    return total ? double(count(card, place)) / double(total) : 0.0;
  }
};

namespace counting_detail {

// Binomial coefficients up to n = 64, exact in 128 bits.
class Binomials {
 public:
  static const Binomials& table() {
    static const Binomials t;
    return t;
  }
  BigCount operator()(int n, int k) const { return c_[std::size_t(n)][std::size_t(k)]; }
  // The same in 64 bits: every C(n, k) with n <= 64 is below 2^64 (the largest, C(64, 32),
  // is about 1.8e18), and so is any product of C(n_i, k_i) with Σ n_i <= 64 (it counts some
  // of the C(Σ n_i, Σ k_i) subsets).
  std::uint64_t word(int n, int k) const { return words_[std::size_t(n * (kMax + 1) + k)]; }

 private:
  static constexpr int kMax = 64;
  Binomials() : c_(kMax + 1, std::vector<BigCount>(kMax + 1, 0)), words_((kMax + 1) * (kMax + 1)) {
    for (int n = 0; n <= kMax; ++n) {
      c_[std::size_t(n)][0] = 1;
      for (int k = 1; k <= n; ++k)
        c_[std::size_t(n)][std::size_t(k)] =
            c_[std::size_t(n - 1)][std::size_t(k - 1)] + c_[std::size_t(n - 1)][std::size_t(k)];
      for (int k = 0; k <= n; ++k)
        words_[std::size_t(n * (kMax + 1) + k)] = std::uint64_t(c_[std::size_t(n)][std::size_t(k)]);
    }
  }
  std::vector<std::vector<BigCount>> c_;
  std::vector<std::uint64_t> words_;  // [n * (kMax + 1) + k]
};

// A group of interchangeable cards: same allowed places.
struct Group {
  PlaceMask mask = 0;
  std::vector<int> cards;
  std::vector<int> places;  // the places of `mask`, ascending
};

// The remaining capacities packed into one key, `bits` bits per place.
struct KeyLayout {
  int bits = 1;
  int places = 0;
  std::uint64_t field_mask() const { return (std::uint64_t{1} << bits) - 1; }
  int get(std::uint64_t key, int p) const { return int((key >> (p * bits)) & field_mask()); }
  std::uint64_t unit(int p) const { return std::uint64_t{1} << (p * bits); }
};

// An open-addressing index of 64-bit keys that live elsewhere, numbered 0, 1, ... in the
// order they were added: key_of(k) gives key number k. Iterating in that order keeps
// results independent of hashing.
class KeyIndex {
 public:
  // The number of `key` among the `count` keys, or `count` when absent.
  template <class KeyOf>
  std::size_t find(std::uint64_t key, std::size_t count, KeyOf&& key_of) const {
    if (index_.empty()) return count;
    for (std::size_t slot = slot_of(key); index_[slot] >= 0;
         slot = (slot + 1) & (index_.size() - 1))
      if (key_of(std::size_t(index_[slot])) == key) return std::size_t(index_[slot]);
    return count;
  }
  // The same, but an absent key is indexed as number `count`: the caller then adds it.
  template <class KeyOf>
  std::size_t add(std::uint64_t key, std::size_t count, KeyOf&& key_of) {
    if (4 * (count + 1) > 3 * index_.size()) grow(count, key_of);
    std::size_t slot = slot_of(key);
    while (index_[slot] >= 0) {
      if (key_of(std::size_t(index_[slot])) == key) return std::size_t(index_[slot]);
      slot = (slot + 1) & (index_.size() - 1);
    }
    index_[slot] = std::int32_t(count);
    return count;
  }

 private:
  std::size_t slot_of(std::uint64_t key) const {
    key ^= key >> 29;
    key *= 0xbf58476d1ce4e5b9ULL;
    return std::size_t(key ^ (key >> 32)) & (index_.size() - 1);
  }
  template <class KeyOf>
  void grow(std::size_t count, KeyOf&& key_of) {
    index_.assign(index_.empty() ? 64 : 2 * index_.size(), -1);
    for (std::size_t k = 0; k < count; ++k) {
      std::size_t slot = slot_of(key_of(k));
      while (index_[slot] >= 0) slot = (slot + 1) & (index_.size() - 1);
      index_[slot] = std::int32_t(k);
    }
  }

  std::vector<std::int32_t> index_;
};

// The states of one level and their counts, in the order they were reached.
class Level {
 public:
  struct Entry {
    std::uint64_t key;
    BigCount value;
  };

 private:
  struct KeyOf {
    const Level* level;
    std::uint64_t operator()(std::size_t k) const { return level->entries_[k].key; }
  };

 public:
  // Adds `value` to the count of `key` (a new state when absent); returns the state's index
  // in entries().
  std::size_t add(std::uint64_t key, BigCount value) {
    const std::size_t k = index_.add(key, entries_.size(), KeyOf{this});
    if (k == entries_.size()) {
      entries_.push_back({key, value});
    } else {
      entries_[k].value += value;
    }
    return k;
  }
  // The count of a state; 0 when absent.
  BigCount find(std::uint64_t key) const {
    const std::size_t k = index_of(key);
    return k < entries_.size() ? entries_[k].value : 0;
  }
  // A state's index in entries(); entries().size() when absent.
  std::size_t index_of(std::uint64_t key) const {
    return index_.find(key, entries_.size(), KeyOf{this});
  }
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  KeyIndex index_;
  std::vector<Entry> entries_;
};

// Calls visit(d, ways, taken) for every way to put a group's k cards into its places from
// state `key`: d[i] cards into group.places[i], ways = k!/Π d_i!, taken = the key decrement.
// Places keep at most `limit[p]` free slots afterwards (what the later groups can still fill).
template <class Visit>
void for_each_distribution(const Group& group, std::uint64_t key, const KeyLayout& layout,
                           const std::vector<int>& limit, Visit&& visit) {
  const Binomials& binom = Binomials::table();
  const int n = int(group.places.size());
  std::array<int, kMaxCountingPlaces> d{};
  auto rec = [&](auto&& self, int i, int left, BigCount ways, std::uint64_t taken) -> void {
    const int p = group.places[std::size_t(i)];
    const int room = layout.get(key, p);
    const int lo = std::max(0, room - limit[std::size_t(p)]);
    const int hi = std::min(room, left);
    if (i == n - 1) {
      if (left < lo || left > hi) return;
      d[std::size_t(i)] = left;
      visit(d, ways, taken + std::uint64_t(left) * layout.unit(p));
      return;
    }
    for (int x = lo; x <= hi; ++x) {
      d[std::size_t(i)] = x;
      self(self, i + 1, left - x, ways * binom(left, x), taken + std::uint64_t(x) * layout.unit(p));
    }
  };
  rec(rec, 0, int(group.cards.size()), BigCount{1}, 0);
}

}  // namespace counting_detail

// Counts the deals consistent with `info` (see the top of this file).
inline PlacementCounts count_placements(const CardPlaces& info) {
  using namespace counting_detail;
  const int places = info.place_count();
  PlacementCounts out;
  out.places = places;
  out.at.assign(std::size_t(info.card_count() * places), 0);

  // Group the cards by allowed places; the most constrained groups first keeps the state
  // sets small (a fixed card only shifts the start state).
  std::vector<Group> groups;
  for (int card = 0; card < info.card_count(); ++card) {
    const PlaceMask mask = info.allowed(card);
    if (mask == 0) return out;  // a card that can be nowhere: contradictory information
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const Group& g) { return g.mask == mask; });
    if (it == groups.end()) {
      groups.push_back({mask, {}, {}});
      it = groups.end() - 1;
      for (int p = 0; p < places; ++p)
        if ((mask >> p) & 1U) it->places.push_back(p);
    }
    it->cards.push_back(card);
  }
  std::sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) {
    const int pa = std::popcount(a.mask), pb = std::popcount(b.mask);
    return pa != pb ? pa < pb : a.mask < b.mask;
  });

  KeyLayout layout;
  layout.places = places;
  layout.bits = capacity_bits(info.capacities());  // CardPlaces checked that the key fits

  // limit[g][p]: the cards of groups g.. that may go to p (a place cannot keep more room).
  const std::size_t levels = groups.size();
  std::vector<std::vector<int>> limit(levels + 1, std::vector<int>(std::size_t(places), 0));
  for (std::size_t g = levels; g-- > 0;) {
    limit[g] = limit[g + 1];
    for (int p : groups[g].places) limit[g][std::size_t(p)] += int(groups[g].cards.size());
  }

  std::uint64_t start = 0;
  for (int p = 0; p < places; ++p) {
    if (info.capacities()[std::size_t(p)] > limit[0][std::size_t(p)]) return out;
    start += std::uint64_t(info.capacities()[std::size_t(p)]) * layout.unit(p);
  }

  // Forward: ways to deal groups 0..g-1 and reach each state.
  std::vector<Level> forward(levels + 1);
  forward[0].add(start, 1);
  for (std::size_t g = 0; g < levels; ++g)
    for (const Level::Entry& e : forward[g].entries())
      for_each_distribution(groups[g], e.key, layout, limit[g + 1],
                            [&](const auto&, BigCount ways, std::uint64_t taken) {
                              forward[g + 1].add(e.key - taken, e.value * ways);
                            });
  out.total = forward[levels].find(0);
  if (out.total == 0) return out;

  // Backward: ways to finish from each state. On the way, per place p, the deals of the
  // group with d_p of its k cards at p, weighted by d_p: k times the count for each card.
  Level backward;
  backward.add(0, 1);
  std::vector<BigCount> group_at(static_cast<std::size_t>(places));
  for (std::size_t g = levels; g-- > 0;) {
    const Group& group = groups[g];
    std::fill(group_at.begin(), group_at.end(), BigCount{0});
    Level here;
    for (const Level::Entry& e : forward[g].entries()) {
      BigCount finish = 0;
      for_each_distribution(group, e.key, layout, limit[g + 1],
                            [&](const auto& d, BigCount ways, std::uint64_t taken) {
                              const BigCount rest = backward.find(e.key - taken);
                              if (rest == 0) return;
                              finish += ways * rest;
                              const BigCount through = e.value * ways * rest;
                              for (std::size_t i = 0; i < group.places.size(); ++i)
                                group_at[std::size_t(group.places[i])] += through * BigCount(d[i]);
                            });
      if (finish) here.add(e.key, finish);
    }
    backward = std::move(here);
    const BigCount k = BigCount(group.cards.size());
    for (int card : group.cards)
      for (int p : group.places)
        out.at[std::size_t(card * places + p)] = group_at[std::size_t(p)] / k;
  }
  return out;
}

}  // namespace kripke
