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
// * The places are filled one after another. The state is how many cards of each group are
//   left; a place takes d_g cards of each group g, in Π C(left_g, d_g) ways, if its
//   constraints hold. The forward pass counts the ways to reach every state, the backward
//   pass the ways to finish from it; the deals with a card of group g at place p follow
//   from the transitions of p by the group's symmetry.
// * One place is dealt first (ForwardCount below): the one whose constraints split the
//   groups most (in Cluedo the envelope, whose "one card of each category" splits every
//   group by category). The places after it are counted over coarser groups, those their
//   own constraints need; the others largest first.
//
// The cost grows with the product of the groups' sizes (+1): with literals alone the
// groups are few and large (Cluedo at the start: one group per category and place set),
// and every card a constraint singles out splits a group. In the worst case, every card a
// group of its own, a state is the set of cards placed so far: for Cluedo with 6 players
// (18 cards of unknown place, 3-card hands) about 9 million transitions. Exact in 128 bits:
// CardPlaces keeps the number of deals below 2^100, and every partial count is a count of
// some of them (or such a count times a hand's few cards).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kripke/counting.hpp"
#include "kripke/lists.hpp"

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
// key decrement. A hand's ways are multiplied in 64 bits (Binomials::word: they count some
// of the C(64, size) hands at most).
template <class Visit>
void for_each_hand(const Place& pl, const std::vector<Group>& groups, std::uint64_t key,
                   const Layout& layout, std::vector<int>& d, Visit&& visit) {
  const counting_detail::Binomials& binom = counting_detail::Binomials::table();
  // The place's groups with cards left (the others give none), and the cards left from the
  // i-th of them on.
  struct Open {
    int group, room;
    std::uint64_t unit;  // the group's 1 in the key
    bool all;            // taking all `room` cards takes the whole group
  };
  std::array<Open, 64> open;
  std::size_t n = 0;
  for (int g : pl.groups) {
    d[std::size_t(g)] = 0;
    if (const int room = layout.get(key, g); room > 0)
      open[n++] = {g, room, layout.unit(g), room == groups[std::size_t(g)].size()};
  }
  std::array<int, 65> after{};
  std::array<GroupMask, 65> later{};  // the groups open[i..n)
  for (std::size_t i = n; i-- > 0;) {
    after[i] = after[i + 1] + open[i].room;
    later[i] = later[i + 1] | GroupMask{1} << open[i].group;
  }
  if (after[0] < pl.size) return;
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
  // Only the x that leave the later groups room enough for the rest of the hand are tried
  // (after[i] >= left holds on every call), and a hand that can no longer take one of a
  // set it must take one of is left at once (most hands of a player who showed a card).
  auto rec = [&](auto&& self, std::size_t i, int left, std::uint64_t ways, std::uint64_t taken,
                 GroupMask given, GroupMask whole) -> void {
    if (left == 0) {
      for (std::size_t k = i; k < n; ++k) d[std::size_t(open[k].group)] = 0;
      if (accepts(given, whole)) visit(BigCount(ways), taken);
      return;
    }
    for (GroupMask s : pl.at_least_one)
      if (!(given & s) && !(later[i] & s)) return;
    const Open& o = open[i];
    const GroupMask bit = GroupMask{1} << o.group;
    for (int x = std::min(o.room, left), least = std::max(0, left - after[i + 1]); x >= least;
         --x) {
      d[std::size_t(o.group)] = x;
      self(self, i + 1, left - x, ways * binom.word(o.room, x), taken + std::uint64_t(x) * o.unit,
           x ? given | bit : given, o.all && x == o.room ? whole | bit : whole);
    }
  };
  rec(rec, 0, pl.size, 1, 0, 0, 0);
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

// The count split at one place, `first`, whose hands are dealt first over the groups above:
// once they are dealt, the other places tell apart only the cards that their own
// constraints and allowed places tell apart, so they are counted over coarser groups (the
// fine groups merged where only `first` separates them). In Cluedo the envelope's "one card
// of each category" splits every group by category; the players' hands, dealt after it,
// need no such split: the 6-player notebooks' hardest counts go from 14 groups and 23,000
// states to 6 groups and a few hundred. A coarse group's cards left after `first`'s hand
// are interchangeable for the other places, so a state of the coarse count stands for
// every choice of them (Vandermonde: Π_g C(left_g, d_g) summed over the fine split of d
// is C(left_G, d)).
struct ForwardCount {
  hand_counting_detail::Prepared prepared;
  int first = -1;              // the place dealt first; -1: none (every place over the fine groups)
  std::vector<int> coarse_of;  // per fine group, its coarse group
  std::vector<hand_counting_detail::Group> groups;  // the coarse groups
  hand_counting_detail::Layout layout;              // of coarse keys
  std::vector<hand_counting_detail::Place> places;  // the others, over coarse groups, in order
  struct FirstHand {
    BigCount ways;        // the hands of cards
    std::uint64_t taken;  // the fine key decrement
    std::uint32_t start;  // its state in levels[0]
  };
  std::vector<FirstHand> first_hands;
  // [0]: the states `first`'s hands leave, with the ways to reach them; [j + 1]: after
  // places[j].
  std::vector<counting_detail::Level> levels;
  BigCount total() const { return levels.empty() ? 0 : levels.back().find(0); }

  // [j]: the hands places[j] takes from the states of levels[j], state by state, kept so
  // that the backward passes (finish_from_starts, once for the log's outlook and once for
  // the whole table) read them instead of enumerating and looking up every hand again.
  // Empty when a count has more than kKeptSteps of them (24 bytes each; count_forward's
  // `keep_steps`): the passes then enumerate.
  struct Step {
    std::uint32_t to;     // its state in levels[j + 1]
    std::uint64_t ways;   // the hands of cards (below 2^64: Binomials::word)
    std::uint64_t taken;  // the key decrement
  };
  static constexpr std::size_t kKeptSteps = std::size_t{1} << 22;
  std::vector<Lists<Step>> steps;  // [j]: a list per state of levels[j]

  // Calls visit(to, ways, taken) for every hand places[j] takes from the s-th state of
  // levels[j].
  template <class Visit>
  void for_each_step(std::size_t j, std::size_t s, std::vector<int>& d, Visit&& visit) const {
    if (!steps.empty()) {
      for (const Step& step : steps[j][s])
        visit(std::size_t(step.to), BigCount(step.ways), step.taken);
      return;
    }
    const std::uint64_t key = levels[j].entries()[s].key;
    hand_counting_detail::for_each_hand(places[j], groups, key, layout, d,
                                        [&](BigCount ways, std::uint64_t taken) {
                                          visit(levels[j + 1].index_of(key - taken), ways, taken);
                                        });
  }
};

namespace hand_counting_detail {

// Per fine group, its coarse group when `first` is dealt first (-1: none, every fine group
// its own); returns the number of coarse groups.
inline std::size_t coarse_groups(const Prepared& pr, int first, std::vector<int>& of) {
  const std::size_t n = pr.groups.size();
  of.assign(n, -1);
  if (first < 0) {
    for (std::size_t g = 0; g < n; ++g) of[g] = int(g);
    return n;
  }
  // A fine group's profile: its places other than `first`, and the constraints of those
  // places that name it (one bit each), `words` 64-bit words per group.
  std::vector<GroupMask> masks;
  for (const Place& q : pr.places) {
    if (q.index == first) continue;
    masks.insert(masks.end(), q.at_least_one.begin(), q.at_least_one.end());
    masks.insert(masks.end(), q.not_all_of.begin(), q.not_all_of.end());
    for (const auto& [mask, k] : q.exactly) masks.push_back(mask);
  }
  const std::size_t words = 1 + (masks.size() + 63) / 64;
  std::vector<std::uint64_t> profile(n * words, 0);
  for (std::size_t g = 0; g < n; ++g) {
    std::uint64_t* row = &profile[g * words];
    row[0] = pr.groups[g].allowed & ~(PlaceMask{1} << first);
    for (std::size_t k = 0; k < masks.size(); ++k)
      row[1 + k / 64] |= std::uint64_t((masks[k] >> g) & 1U) << (k % 64);
  }
  std::vector<std::size_t> representative;  // per coarse group, its first fine group
  for (std::size_t g = 0; g < n; ++g) {
    const auto same = [&](std::size_t r) {
      return std::equal(&profile[r * words], &profile[r * words] + words, &profile[g * words]);
    };
    std::size_t c = 0;
    while (c < representative.size() && !same(representative[c])) ++c;
    if (c == representative.size()) representative.push_back(g);
    of[g] = int(c);
  }
  return representative.size();
}

// How many kinds of hand `place` can take from the start (vectors of cards per group,
// constraints aside), counted up to `cap`: the states its hands can start.
inline std::size_t hand_kinds(const Prepared& pr, const Place& place, std::size_t cap) {
  std::vector<std::size_t> ways(std::size_t(place.size) + 1, 0);  // [cards taken so far]
  ways[0] = 1;
  for (int g : place.groups) {
    const int n = pr.groups[std::size_t(g)].size();
    for (int taken = place.size; taken >= 0; --taken)
      for (int more = 1; more <= n && more <= taken; ++more)
        ways[std::size_t(taken)] =
            std::min(cap, ways[std::size_t(taken)] + ways[std::size_t(taken - more)]);
  }
  return ways[std::size_t(place.size)];
}

// The place to deal first, if any: the one that makes the count cheapest by an estimate of
// its states (the bound Π (size + 1) over the groups) and of the starts its hands make,
// a coarse state weighing as many as it has groups and places (count_hands' per-start
// sums). The bounds overstate the split counts' states more than the others', so a split
// is taken when it is estimated under 10 times the count without it: on the notebooks of
// `bench cluedo-grid-3` / `-6` (every grid of 21 games of 40 suggestions) the counts took
// 0.27 / 2.9 s so, 0.80 / 4.1 s unsplit, and 0.17 / 2.1 s at 30 times, but with the slowest
// 6-player grid 40% slower.
inline int best_first(const Prepared& pr) {
  const auto states = [](const std::vector<int>& sizes) {
    double bound = 1;
    for (int n : sizes) bound *= double(n + 1);
    return bound;
  };
  std::vector<int> sizes;
  for (const Group& g : pr.groups) sizes.push_back(g.size());
  double cheapest = 10 * states(sizes);
  std::vector<int> of;
  int best = -1;
  for (const Place& p : pr.places) {
    const std::size_t coarse = coarse_groups(pr, p.index, of);
    if (coarse == pr.groups.size()) continue;
    sizes.assign(coarse, 0);
    for (std::size_t g = 0; g < pr.groups.size(); ++g)
      sizes[std::size_t(of[g])] += pr.groups[g].size();
    const double cost = double(hand_kinds(pr, p, std::size_t{1} << 40)) +
                        states(sizes) * double(coarse * pr.places.size());
    if (cost < cheapest) {
      cheapest = cost;
      best = p.index;
    }
  }
  return best;
}

// `place` over the coarse groups.
inline Place coarse_place(const Place& fine, const ForwardCount& f) {
  const auto coarse = [&](GroupMask m) {
    GroupMask out = 0;
    for (; m; m &= m - 1) out |= GroupMask{1} << f.coarse_of[std::size_t(std::countr_zero(m))];
    return out;
  };
  Place out;
  out.index = fine.index;
  out.size = fine.size;
  for (std::size_t c = 0; c < f.groups.size(); ++c)
    if ((f.groups[c].allowed >> fine.index) & 1U) out.groups.push_back(int(c));
  for (GroupMask m : fine.at_least_one) out.at_least_one.push_back(coarse(m));
  for (GroupMask m : fine.not_all_of) out.not_all_of.push_back(coarse(m));
  for (const auto& [m, k] : fine.exactly) out.exactly.emplace_back(coarse(m), k);
  return out;
}

// Backward from the last level: per state of levels[0], the ways the other places finish
// the deal, and what count_hands needs of the cards (`cards`):
// - PerStart: per state of levels[0], per later place and coarse group, the group's cards
//   the deals from that state put there, summed ([k * groups + c] for places[k] and coarse
//   group c): with several starts, each weighs its cards differently;
// - Through: with one start, the same summed over the deals from it (the forward count of
//   each transition times the ways to finish after it), [k * groups + c] once.
struct Finish {
  std::vector<BigCount> ways;
  std::vector<BigCount> cards;
};
enum class CardsOfDeals { None, PerStart, Through };
inline Finish finish_from_starts(const ForwardCount& f, CardsOfDeals cards) {
  const std::size_t places = f.places.size(), groups = f.groups.size();
  const std::size_t width = cards == CardsOfDeals::PerStart ? places * groups : 0;
  Finish next;
  next.ways.assign(f.levels[places].entries().size(), 0);
  next.cards.assign(next.ways.size() * width, 0);
  if (const std::size_t done = f.levels[places].index_of(0); done < next.ways.size())
    next.ways[done] = 1;
  std::vector<BigCount> through(cards == CardsOfDeals::Through ? places * groups : 0, 0);
  std::vector<int> d(groups, 0);
  for (std::size_t j = places; j-- > 0;) {
    const auto& states = f.levels[j].entries();
    Finish here;
    here.ways.assign(states.size(), 0);
    here.cards.assign(states.size() * width, 0);
    for (std::size_t s = 0; s < states.size(); ++s) {
      const BigCount reached = states[s].value;
      f.for_each_step(j, s, d, [&](std::size_t t, BigCount ways, std::uint64_t taken) {
        const BigCount rest = next.ways[t];
        if (rest == 0) return;
        here.ways[s] += ways * rest;
        if (cards == CardsOfDeals::Through) {
          const BigCount deals = reached * ways * rest;
          for (int c : f.places[j].groups)
            if (const int taken_c = f.layout.get(taken, c))
              through[j * groups + std::size_t(c)] += deals * BigCount(taken_c);
        }
        if (!width) return;
        BigCount* out = &here.cards[s * width];
        const BigCount* later = &next.cards[t * width];
        for (std::size_t k = (j + 1) * groups; k < width; ++k)
          if (later[k]) out[k] += ways * later[k];
        for (int c : f.places[j].groups)
          if (const int taken_c = f.layout.get(taken, c))
            out[j * groups + std::size_t(c)] += ways * rest * BigCount(taken_c);
      });
    }
    next = std::move(here);
  }
  if (cards == CardsOfDeals::Through) next.cards = std::move(through);
  return next;
}

}  // namespace hand_counting_detail

// The forward half of a count, dealt from `first` (-1: the place after which the others
// need the fewest groups, if any): the other places in counting order, largest first, and
// per level the ways to reach each state. count_hands finishes it; a caller may keep it.
inline ForwardCount count_forward(const HandConstraints& info, int first = -1,
                                  std::size_t keep_steps = ForwardCount::kKeptSteps) {
  using namespace hand_counting_detail;
  ForwardCount out;
  out.prepared = prepare(info);
  const Prepared& pr = out.prepared;
  if (!pr.possible) return out;
  out.first = first >= 0 ? first : best_first(pr);
  out.groups.resize(coarse_groups(pr, out.first, out.coarse_of));
  for (std::size_t g = 0; g < pr.groups.size(); ++g) {
    Group& c = out.groups[std::size_t(out.coarse_of[g])];
    c.cards.insert(c.cards.end(), pr.groups[g].cards.begin(), pr.groups[g].cards.end());
    c.allowed = pr.groups[g].allowed & ~(out.first >= 0 ? PlaceMask{1} << out.first : 0);
  }
  int bits = 0;
  for (const Group& c : out.groups) {
    out.layout.shift.push_back(bits);
    out.layout.bits.push_back(int(std::bit_width(unsigned(c.size()))));
    bits += out.layout.bits.back();
  }
  for (const Place& p : pr.places)
    if (p.index != out.first) out.places.push_back(coarse_place(p, out));
  // Largest places first. Among places of one size, those with fewer groups (fewer kinds of
  // hands) first: on the 6-player notebooks of `bench cluedo-grid-6` the hardest grid took
  // 36 ms in the order of the places, 31 ms so and 67 ms the other way round (fine groups).
  std::stable_sort(out.places.begin(), out.places.end(), [](const Place& a, const Place& b) {
    return a.size != b.size ? a.size > b.size : a.groups.size() < b.groups.size();
  });
  out.levels.resize(out.places.size() + 1);
  // The first place's hands, over the fine groups; what they leave, over the coarse ones.
  const auto coarse_key = [&](std::uint64_t fine) {
    std::uint64_t key = 0;
    for (std::size_t g = 0; g < pr.groups.size(); ++g)
      key += std::uint64_t(pr.layout.get(fine, int(g))) * out.layout.unit(out.coarse_of[g]);
    return key;
  };
  std::vector<int> d(std::max(pr.groups.size(), out.groups.size()), 0);
  const auto first_hand = [&](BigCount ways, std::uint64_t taken) {
    const auto start = std::uint32_t(out.levels[0].add(coarse_key(pr.start - taken), ways));
    out.first_hands.push_back({ways, taken, start});
  };
  if (out.first >= 0) {
    for_each_hand(pr.places[std::size_t(out.first)], pr.groups, pr.start, pr.layout, d, first_hand);
  } else {
    first_hand(1, 0);
  }
  out.steps.resize(out.places.size());
  std::size_t kept = 0;  // the steps of the levels before j
  for (std::size_t j = 0; j < out.places.size(); ++j) {
    Lists<ForwardCount::Step>* here = out.steps.empty() ? nullptr : &out.steps[j];
    for (const counting_detail::Level::Entry& e : out.levels[j].entries()) {
      for_each_hand(out.places[j], out.groups, e.key, out.layout, d,
                    [&](BigCount ways, std::uint64_t taken) {
                      const std::size_t to = out.levels[j + 1].add(e.key - taken, e.value * ways);
                      if (here)
                        here->entries.push_back({std::uint32_t(to), std::uint64_t(ways), taken});
                    });
      if (here) here->end_list();
      if (here && kept + here->entries.size() > keep_steps) {
        out.steps = {};
        here = nullptr;
      }
    }
    if (here) kept += here->entries.size();
  }
  return out;
}

// The cards the first place of `forward` (dealt from a place) holds in at least one deal:
// count_hands' row of that place, as "zero or not".
inline CardMask cards_of_first_place(const ForwardCount& forward) {
  using namespace hand_counting_detail;
  const Prepared& pr = forward.prepared;
  if (forward.first < 0) throw std::logic_error("cards_of_first_place: no first place");
  if (forward.total() == 0) return 0;
  const Finish finish = finish_from_starts(forward, CardsOfDeals::None);
  CardMask out = pr.fixed_at[std::size_t(forward.first)];
  for (const ForwardCount::FirstHand& h : forward.first_hands) {
    if (finish.ways[h.start] == 0) continue;
    for (std::size_t g = 0; g < pr.groups.size(); ++g)
      if (pr.layout.get(h.taken, int(g)) > 0)
        for (int card : pr.groups[g].cards) out |= CardMask{1} << card;
  }
  return out;
}

// Counts the deals consistent with `info`: the total and, per card and place, how many have
// the card there (all zero when the information is contradictory). `forward`: its forward
// half, when counted already.
//
// A card c of fine group g (n_g cards) in coarse group G: at the first place in
// Σ_hands ways·finish·d_g / n_g of the deals (its group's symmetry); at another place q, per
// state s that the first place leaves (r_G cards of G in it), in (hands to s not holding c)
// × (deals from s with one given card of G at q) = A_g(s) · V_{q,G}(s) / r_G, where V sums
// the cards of G that the deals from s put at q (finish_from_starts) and A_g(s) counts the
// hands to s, each but for its d_g / n_g share that holds c. Without a first place (one
// start, coarse groups the fine ones) that is the cards of g all deals put at q, / n_g.
inline PlacementCounts count_hands(const HandConstraints& info,
                                   std::optional<ForwardCount> forward = std::nullopt) {
  using namespace hand_counting_detail;
  const counting_detail::Binomials& binom = counting_detail::Binomials::table();
  const int cards = info.literals().card_count();
  const int place_count = info.place_count();
  PlacementCounts out;
  out.places = place_count;
  out.at.assign(std::size_t(cards * place_count), 0);
  if (!forward) forward = count_forward(info);
  const ForwardCount& f = *forward;
  const Prepared& pr = f.prepared;
  if (!pr.possible) return out;
  out.total = f.total();
  if (out.total == 0) return out;
  const Finish finish =
      finish_from_starts(f, f.first >= 0 ? CardsOfDeals::PerStart : CardsOfDeals::Through);
  const std::size_t fine = pr.groups.size(), coarse = f.groups.size(), places = f.places.size();
  const std::size_t starts = f.levels[0].entries().size();

  // A_g(s), and at the first place Σ ways·finish·d_g per fine group (with a first place).
  std::vector<BigCount> hands_without(starts * fine, 0), at_first(fine, 0);
  for (const ForwardCount::FirstHand& h : f.first_hands) {
    if (f.first < 0 || finish.ways[h.start] == 0) continue;
    BigCount* a = &hands_without[h.start * fine];
    for (std::size_t g = 0; g < fine; ++g) {
      const int n = pr.groups[g].size(), d = pr.layout.get(h.taken, int(g));
      a[g] += d == 0 ? h.ways : h.ways / binom(n, d) * binom(n - 1, d);
      if (d) at_first[g] += h.ways * finish.ways[h.start] * BigCount(d);
    }
  }
  const auto& start_states = f.levels[0].entries();
  for (std::size_t g = 0; g < fine; ++g) {
    const std::size_t c = std::size_t(f.coarse_of[g]);
    std::vector<std::pair<int, BigCount>> row;  // (place, deals with a given card of g there)
    if (f.first >= 0) row.emplace_back(f.first, at_first[g] / BigCount(pr.groups[g].size()));
    for (std::size_t k = 0; k < places; ++k) {
      BigCount sum = 0;
      if (f.first < 0) {  // one start, the coarse groups the fine ones
        sum = finish.cards[k * coarse + c] / BigCount(pr.groups[g].size());
      } else {
        for (std::size_t s = 0; s < starts; ++s) {
          const BigCount a = hands_without[s * fine + g];
          const BigCount v = finish.cards[(s * places + k) * coarse + c];
          if (a && v) sum += a * (v / BigCount(f.layout.get(start_states[s].key, int(c))));
        }
      }
      row.emplace_back(f.places[k].index, sum);
    }
    for (int card : pr.groups[g].cards)
      for (const auto& [place, deals] : row)
        out.at[std::size_t(card * place_count + place)] = deals;
  }
  for (int p = 0; p < place_count; ++p)
    for (CardMask m = pr.fixed_at[std::size_t(p)]; m; m &= m - 1)
      out.at[std::size_t(std::countr_zero(m) * place_count + p)] = out.total;
  return out;
}

}  // namespace kripke
