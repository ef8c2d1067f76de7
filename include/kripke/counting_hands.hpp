// The counting engine for information that is more than literals: "place p holds at least
// one of these cards" (Cluedo: a card was shown to someone else), "p does not hold all of
// these" (a wrong accusation), "p holds exactly k of these" (the envelope: one card of each
// category). Such constraints tie particular cards together, so counting.hpp's grouping
// by allowed places alone no longer makes cards interchangeable. Here the deals are
// counted hand by hand instead:
//
// * Cards whose place is known are set aside (a constraint they settle goes). The others
//   are grouped by their profile: the places they may be in and the constraints they
//   appear in. Cards of one group are interchangeable in everything, so a hand is
//   described by how many cards it takes of each group, and every constraint by the groups
//   it names: "at least one of S" is "some group of S gives a card", and so on.
// * The places are filled one after another, largest first (the envelope, small and
//   constrained, closes the count). The state is how many cards of each group are left;
//   a place takes d_g cards of each group g, in Π C(left_g, d_g) ways, if its constraints
//   hold. The forward pass counts the ways to reach every state, the backward pass the
//   ways to finish from it; the deals with a card of group g at place p are
//   Σ forward · ways · backward · d_g / |g| over p's transitions, by the group's symmetry.
//
// The cost grows with the product of the groups' sizes (+1): with literals alone the
// groups are few and large (Cluedo at the start: one group per category and place set),
// and every card a constraint singles out splits a group. In the worst case, every card a
// group of its own, a state is the set of cards placed so far: for Cluedo with 6 players
// (18 cards of unknown place, 3-card hands, the envelope last) about 9 million
// transitions. Exact in 128 bits: CardPlaces keeps the number of deals below 2^100, and
// every partial count is a count of some of them.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
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

namespace hand_counting_detail {

using GroupMask = std::uint64_t;  // bit g: group g (at most 64 cards, so at most 64 groups)

struct Group {
  std::vector<int> cards;
  PlaceMask allowed = 0;
  int size() const { return int(cards.size()); }
};

// One place's share of the count: its free size, its groups, its constraints over groups.
struct Place {
  int index = 0;  // in the HandConstraints
  int size = 0;   // cards of unknown place it still takes
  std::vector<int> groups;
  std::vector<GroupMask> at_least_one, not_all_of;
  std::vector<std::pair<GroupMask, int>> exactly;
};

// The remaining cards of every group, packed into one key.
struct Layout {
  std::vector<int> shift, bits;
  std::uint64_t unit(int g) const { return std::uint64_t{1} << shift[std::size_t(g)]; }
  int get(std::uint64_t key, int g) const {
    return int((key >> shift[std::size_t(g)]) & ((std::uint64_t{1} << bits[std::size_t(g)]) - 1));
  }
};

// Calls visit(d, ways, taken) for every hand place `pl` can take from state `key` that
// satisfies its constraints: d[g] cards of group g, ways = Π C(left_g, d_g), taken = the
// key decrement.
template <class Visit>
void for_each_hand(const Place& pl, const std::vector<Group>& groups, std::uint64_t key,
                   const Layout& layout, std::vector<int>& d, Visit&& visit) {
  const counting_detail::Binomials& binom = counting_detail::Binomials::table();
  // The place's groups with cards left (the others give none), and the cards left from the
  // i-th of them on.
  std::array<std::pair<int, int>, 64> open;  // (group, cards left)
  std::size_t n = 0;
  for (int g : pl.groups) {
    d[std::size_t(g)] = 0;
    if (const int room = layout.get(key, g); room > 0) open[n++] = {g, room};
  }
  std::array<int, 65> after{};
  for (std::size_t i = n; i-- > 0;) after[i] = after[i + 1] + open[i].second;
  auto accepts = [&](GroupMask given, GroupMask whole) {
    for (GroupMask s : pl.at_least_one)
      if (!(given & s)) return false;
    for (GroupMask s : pl.not_all_of)
      if ((whole & s) == s) return false;
    for (const auto& [s, k] : pl.exactly) {
      int sum = 0;
      for (GroupMask m = s; m; m &= m - 1) sum += d[std::size_t(std::countr_zero(m))];
      if (sum != k) return false;
    }
    return true;
  };
  auto rec = [&](auto&& self, std::size_t i, int left, BigCount ways, std::uint64_t taken,
                 GroupMask given, GroupMask whole) -> void {
    if (left == 0) {
      for (std::size_t k = i; k < n; ++k) d[std::size_t(open[k].first)] = 0;
      if (accepts(given, whole)) visit(ways, taken);
      return;
    }
    if (i == n || after[i] < left) return;
    const auto [g, room] = open[i];
    for (int x = std::min(room, left); x >= 0; --x) {
      d[std::size_t(g)] = x;
      const GroupMask bit = GroupMask{1} << g;
      self(self, i + 1, left - x, ways * binom(room, x), taken + std::uint64_t(x) * layout.unit(g),
           x ? given | bit : given, x == groups[std::size_t(g)].size() ? whole | bit : whole);
    }
  };
  rec(rec, 0, pl.size, BigCount{1}, 0, 0, 0);
}

// The count set up: cards of known place set aside, the others grouped by profile, every
// constraint stated over groups.
struct Prepared {
  bool possible = true;            // false: the information contradicts itself
  std::vector<CardMask> fixed_at;  // per place, its cards of known place
  std::vector<Group> groups;
  std::vector<int> group_of;  // per card; -1 for a card of known place
  std::vector<Place> places;  // in the order of the HandConstraints' places
  Layout layout;
  std::uint64_t start = 0;  // the key with every group whole
  int key_bits = 0;         // the bits the key uses
};

// `singled`: cards that get groups of their own, so that a caller can follow where each of
// them goes (the cards of a suggestion).
inline Prepared prepare(const HandConstraints& info, CardMask singled = 0) {
  const CardPlaces& lit = info.literals();
  const int cards = lit.card_count();
  const int place_count = lit.place_count();
  Prepared out;
  out.fixed_at.assign(std::size_t(place_count), 0);
  out.group_of.assign(std::size_t(cards), -1);

  // Set aside the cards whose place is known.
  CardMask open_cards = 0;
  std::vector<int> size = lit.capacities();
  for (int c = 0; c < cards; ++c) {
    const PlaceMask mask = lit.allowed(c);
    if (mask == 0) {
      out.possible = false;
    } else if (std::has_single_bit(mask)) {
      const int p = std::countr_zero(mask);
      out.fixed_at[std::size_t(p)] |= CardMask{1} << c;
      if (--size[std::size_t(p)] < 0) out.possible = false;
    } else {
      open_cards |= CardMask{1} << c;
    }
  }
  if (!out.possible) return out;
  auto allowed_at = [&](int p) {
    CardMask m = 0;
    for (CardMask o = open_cards; o; o &= o - 1)
      if (lit.may_be(std::countr_zero(o), p)) m |= o & (~o + 1);
    return m;
  };

  // Every constraint over the open cards; one the fixed cards settle goes.
  struct Open {
    int place;
    int kind;  // 0 at least one, 1 not all of, 2 exactly k
    CardMask cards;
    int k;
  };
  std::vector<Open> constraints;
  for (int p = 0; p < place_count && out.possible; ++p) {
    const CardMask fixed = out.fixed_at[std::size_t(p)];
    const CardMask allowed = allowed_at(p);
    const HandConstraints::PlaceRules& rules = info.rules(p);
    for (CardMask s : rules.at_least_one) {
      if (s & fixed) continue;
      if (!(s & allowed)) out.possible = false;
      constraints.push_back({p, 0, s & allowed, 0});
    }
    for (CardMask s : rules.not_all_of) {
      const CardMask rest = s & ~fixed;
      if (!rest) out.possible = false;         // p holds all of them
      if ((rest & allowed) != rest) continue;  // p cannot hold all of them
      constraints.push_back({p, 1, rest, 0});
    }
    for (const auto& q : rules.exactly) {
      const int k = q.k - std::popcount(q.cards & fixed);
      if (k < 0 || k > std::popcount(q.cards & allowed)) out.possible = false;
      constraints.push_back({p, 2, q.cards & allowed, k});
    }
  }
  if (!out.possible) return out;

  // Group the open cards by profile: allowed places and the constraints they appear in; a
  // singled card alone.
  std::vector<std::vector<bool>> profiles;
  std::vector<bool> alone;
  for (CardMask o = open_cards; o; o &= o - 1) {
    const int c = std::countr_zero(o);
    const bool single = (singled >> c) & 1U;
    std::vector<bool> profile;
    for (const Open& k : constraints) profile.push_back((k.cards >> c) & 1U);
    std::size_t g = 0;
    while (
        g < out.groups.size() &&
        (single || alone[g] || out.groups[g].allowed != lit.allowed(c) || profiles[g] != profile))
      ++g;
    if (g == out.groups.size()) {
      out.groups.push_back({{}, lit.allowed(c)});
      profiles.push_back(std::move(profile));
      alone.push_back(single);
    }
    out.groups[g].cards.push_back(c);
    out.group_of[std::size_t(c)] = int(g);
  }
  auto group_mask = [&](CardMask set) {
    GroupMask m = 0;
    for (; set; set &= set - 1)
      m |= GroupMask{1} << out.group_of[std::size_t(std::countr_zero(set))];
    return m;
  };

  out.places.resize(std::size_t(place_count));
  for (int p = 0; p < place_count; ++p) {
    Place& pl = out.places[std::size_t(p)];
    pl.index = p;
    pl.size = size[std::size_t(p)];
    for (std::size_t g = 0; g < out.groups.size(); ++g)
      if ((out.groups[g].allowed >> p) & 1U) pl.groups.push_back(int(g));
  }
  for (const Open& k : constraints) {
    Place& pl = out.places[std::size_t(k.place)];
    if (k.kind == 0) pl.at_least_one.push_back(group_mask(k.cards));
    if (k.kind == 1) pl.not_all_of.push_back(group_mask(k.cards));
    if (k.kind == 2) pl.exactly.emplace_back(group_mask(k.cards), k.k);
  }

  for (const Group& g : out.groups) {
    out.layout.shift.push_back(out.key_bits);
    out.layout.bits.push_back(int(std::bit_width(unsigned(g.size()))));
    out.key_bits += out.layout.bits.back();
    out.start += std::uint64_t(g.size()) << out.layout.shift.back();
  }
  return out;
}

}  // namespace hand_counting_detail

// The forward half of a count: the places in counting order, largest first (`last`, when
// given, after all others: it takes what is left), and per level the ways to fill the
// places before it and reach each state. count_hands finishes it; a caller may keep it.
struct ForwardCount {
  hand_counting_detail::Prepared prepared;
  std::vector<hand_counting_detail::Place> places;
  std::vector<counting_detail::Level> levels;
  BigCount total() const { return levels.empty() ? 0 : levels.back().find(0); }
};
inline ForwardCount count_forward(const HandConstraints& info, int last = -1) {
  using namespace hand_counting_detail;
  ForwardCount out{prepare(info), {}, {}};
  if (!out.prepared.possible) return out;
  for (const Place& p : out.prepared.places)
    if (p.index != last) out.places.push_back(p);
  // Largest places first: the envelope's few hands close the count. Among places of one
  // size, those with fewer groups (fewer kinds of hands) first: on the 6-player notebooks of
  // `bench cluedo-grid-6` the hardest grid took 36 ms in the order of the places, 31 ms so
  // and 67 ms the other way round.
  std::stable_sort(out.places.begin(), out.places.end(), [](const Place& a, const Place& b) {
    return a.size != b.size ? a.size > b.size : a.groups.size() < b.groups.size();
  });
  if (last >= 0) out.places.push_back(out.prepared.places[std::size_t(last)]);
  std::vector<int> d(out.prepared.groups.size(), 0);
  out.levels.resize(out.places.size() + 1);
  out.levels[0].add(out.prepared.start, 1);
  for (std::size_t j = 0; j < out.places.size(); ++j)
    for (const counting_detail::Level::Entry& e : out.levels[j].entries())
      for_each_hand(out.places[j], out.prepared.groups, e.key, out.prepared.layout, d,
                    [&](BigCount ways, std::uint64_t taken) {
                      out.levels[j + 1].add(e.key - taken, e.value * ways);
                    });
  return out;
}

// The cards the last place of `forward` holds in at least one deal (count_hands' row of
// that place, as "zero or not"): the groups left in the states it takes whole.
inline CardMask cards_of_last_place(const ForwardCount& forward) {
  using namespace hand_counting_detail;
  const Prepared& prepared = forward.prepared;
  if (forward.total() == 0) return 0;
  const Place& last = forward.places.back();
  CardMask out = prepared.fixed_at[std::size_t(last.index)];
  std::vector<int> d(prepared.groups.size(), 0);
  for (const counting_detail::Level::Entry& e :
       forward.levels[forward.places.size() - 1].entries()) {
    bool whole = false;
    for_each_hand(last, prepared.groups, e.key, prepared.layout, d,
                  [&](BigCount, std::uint64_t taken) { whole = whole || taken == e.key; });
    if (!whole) continue;
    for (std::size_t g = 0; g < prepared.groups.size(); ++g)
      if (prepared.layout.get(e.key, int(g)) > 0)
        for (int card : prepared.groups[g].cards) out |= CardMask{1} << card;
  }
  return out;
}

// Counts the deals consistent with `info`: the total and, per card and place, how many have
// the card there (all zero when the information is contradictory). `forward`: its forward
// half, when counted already.
inline PlacementCounts count_hands(const HandConstraints& info,
                                   std::optional<ForwardCount> forward = std::nullopt) {
  using namespace hand_counting_detail;
  using counting_detail::Level;
  const int cards = info.literals().card_count();
  const int place_count = info.place_count();
  PlacementCounts out;
  out.places = place_count;
  out.at.assign(std::size_t(cards * place_count), 0);
  if (!forward) forward = count_forward(info);
  const Prepared& prepared = forward->prepared;
  if (!prepared.possible) return out;
  const std::vector<Group>& groups = prepared.groups;
  const Layout& layout = prepared.layout;
  const std::vector<Place>& places = forward->places;
  const std::vector<Level>& levels_of = forward->levels;
  const std::size_t levels = places.size();
  std::vector<int> d(groups.size(), 0);
  out.total = forward->total();
  if (out.total == 0) return out;

  // Backward, with the deals through each transition credited to the groups it gives cards.
  std::vector<BigCount> group_at(groups.size() * std::size_t(place_count), 0);
  Level backward;
  backward.add(0, 1);
  for (std::size_t j = levels; j-- > 0;) {
    const Place& pl = places[j];
    Level here;
    for (const Level::Entry& e : levels_of[j].entries()) {
      BigCount finish = 0;
      for_each_hand(pl, groups, e.key, layout, d, [&](BigCount ways, std::uint64_t taken) {
        const BigCount rest = backward.find(e.key - taken);
        if (rest == 0) return;
        finish += ways * rest;
        const BigCount through = e.value * ways * rest;
        for (int g : pl.groups)
          if (d[std::size_t(g)])
            group_at[std::size_t(g) * std::size_t(place_count) + std::size_t(pl.index)] +=
                through * BigCount(d[std::size_t(g)]);
      });
      if (finish) here.add(e.key, finish);
    }
    backward = std::move(here);
  }
  for (std::size_t g = 0; g < groups.size(); ++g)
    for (int p = 0; p < place_count; ++p)
      for (int c : groups[g].cards)
        out.at[std::size_t(c * place_count + p)] =
            group_at[g * std::size_t(place_count) + std::size_t(p)] / BigCount(groups[g].size());
  for (int p = 0; p < place_count; ++p)
    for (CardMask f = prepared.fixed_at[std::size_t(p)]; f; f &= f - 1)
      out.at[std::size_t(std::countr_zero(f) * place_count + p)] = out.total;
  return out;
}

}  // namespace kripke
