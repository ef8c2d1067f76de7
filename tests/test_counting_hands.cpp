// The hand-by-hand counting engine (counting_hands.hpp) against brute force: every
// assignment of cards to places listed with plain loops, filtered by the capacities, the
// literals and the hand constraints, and counted. Random instances, mostly built around a
// hidden true deal (so that the information is consistent, as a game's is), some not.
#include <catch2/catch.hpp>
#include <vector>

#include "kripke/counting_hands.hpp"
#include "kripke/rng.hpp"

using namespace kripke;

namespace {

struct Brute {
  std::uint64_t total = 0;
  std::vector<std::uint64_t> at;
};

Brute brute_force(const HandConstraints& info) {
  const CardPlaces& lit = info.literals();
  const int n = lit.card_count(), places = lit.place_count();
  Brute out;
  out.at.assign(std::size_t(n * places), 0);
  std::vector<int> place_of(std::size_t(n), 0);
  while (true) {
    std::vector<int> used(std::size_t(places), 0);
    std::vector<CardMask> hand(std::size_t(places), 0);
    bool ok = true;
    for (int c = 0; c < n; ++c) {
      const int p = place_of[std::size_t(c)];
      ++used[std::size_t(p)];
      hand[std::size_t(p)] |= CardMask{1} << c;
      ok = ok && lit.may_be(c, p);
    }
    for (int p = 0; ok && p < places; ++p) {
      const auto& rules = info.rules(p);
      const CardMask h = hand[std::size_t(p)];
      for (CardMask s : rules.at_least_one) ok = ok && (h & s);
      for (CardMask s : rules.not_all_of) ok = ok && (h & s) != s;
      for (const auto& q : rules.exactly) ok = ok && std::popcount(h & q.cards) == q.k;
    }
    if (ok && used == lit.capacities()) {
      ++out.total;
      for (int c = 0; c < n; ++c) ++out.at[std::size_t(c * places + place_of[std::size_t(c)])];
    }
    int c = 0;  // the next assignment, as a number in base `places`
    while (c < n && place_of[std::size_t(c)] == places - 1) place_of[std::size_t(c++)] = 0;
    if (c == n) break;
    ++place_of[std::size_t(c)];
  }
  return out;
}

// A random set of cards, each with probability 1/3 (never empty).
CardMask random_set(Rng& rng, int n) {
  CardMask s = 0;
  while (!s)
    for (int c = 0; c < n; ++c)
      if (rng.below(3) == 0) s |= CardMask{1} << c;
  return s;
}

}  // namespace

TEST_CASE("[counting-hands] random literals and hand constraints agree with brute force") {
  Rng rng(19);
  int consistent = 0, contradictory = 0, constraints = 0, coarser = 0, enumerated = 0, read = 0;
  for (int round = 0; round < 600; ++round) {
    const int places = 2 + int(rng.below(3));
    const int n = places + int(rng.below(10 - std::uint64_t(places)));
    std::vector<int> capacity(std::size_t(places), 0);
    for (int c = 0; c < n; ++c) ++capacity[rng.below(std::uint64_t(places))];
    HandConstraints info{CardPlaces(n, capacity)};
    std::vector<int> actual;  // the hidden deal: place of each card
    for (int p = 0; p < places; ++p)
      for (int k = 0; k < capacity[std::size_t(p)]; ++k) actual.push_back(p);
    rng.shuffle(actual);
    std::vector<CardMask> hand(std::size_t(places), 0);
    for (int c = 0; c < n; ++c) hand[std::size_t(actual[std::size_t(c)])] |= CardMask{1} << c;
    const bool truthful = rng.below(6) != 0;
    for (int k = int(rng.below(std::uint64_t(n))); k-- > 0;) {
      const int card = int(rng.below(std::uint64_t(n)));
      const int place =
          truthful ? actual[std::size_t(card)] : int(rng.below(std::uint64_t(places)));
      if (rng.below(3) == 0) {
        info.literals().place(card, place);
      } else if (!truthful || place != actual[std::size_t(card)]) {
        info.literals().exclude(card, truthful ? place : int(rng.below(std::uint64_t(places))));
      }
    }
    for (int k = int(rng.below(5)); k-- > 0; ++constraints) {
      const int p = int(rng.below(std::uint64_t(places)));
      const CardMask s = random_set(rng, n);
      const CardMask h = hand[std::size_t(p)];
      switch (rng.below(3)) {
        case 0:  // true when p holds one of s
          if (!truthful || (h & s)) info.at_least_one(p, s);
          break;
        case 1:
          if (!truthful || (h & s) != s) info.not_all_of(p, s);
          break;
        default:
          info.exactly(p, s, truthful ? std::popcount(h & s) : int(rng.below(3)));
      }
    }
    const Brute brute = brute_force(info);
    INFO("round " << round);
    // Dealt from the place count_forward chooses, and from each place in turn; the backward
    // passes read the steps the forward pass kept, or (every other count, its steps
    // dropped at once or part way) enumerate the hands again.
    for (int first = -1; first < places; ++first) {
      INFO("first " << first);
      const std::size_t keep =
          (round + first) % 2 ? ForwardCount::kKeptSteps : std::size_t(round % 3);
      const ForwardCount forward = count_forward(info, first, keep);
      if (forward.prepared.possible) {
        if (keep == ForwardCount::kKeptSteps)
          REQUIRE(forward.steps.size() == forward.places.size());
        (forward.steps.empty() ? enumerated : read) += 1;
      }
      if (first < 0 && forward.groups.size() < forward.prepared.groups.size()) ++coarser;
      const PlacementCounts counts = count_hands(info, forward);
      REQUIRE(counts.total == BigCount(brute.total));
      for (int c = 0; c < n; ++c)
        for (int p = 0; p < places; ++p)
          REQUIRE(counts.count(c, p) == BigCount(brute.at[std::size_t(c * places + p)]));
      if (first < 0 || !brute.total) continue;
      const CardMask may_hold = cards_of_first_place(forward);
      for (int c = 0; c < n; ++c)
        REQUIRE(((may_hold >> c) & 1U) == (brute.at[std::size_t(c * places + first)] > 0));
    }
    (brute.total ? consistent : contradictory) += 1;
  }
  CHECK(consistent > 400);
  CHECK(contradictory > 10);
  CHECK(constraints > 900);
  CHECK(coarser > 100);  // the chosen first place left the others fewer groups
  CHECK(enumerated > 500);
  CHECK(read > 1000);
}

TEST_CASE("[counting-hands] with literals only it is the group counting engine") {
  Rng rng(23);
  for (int round = 0; round < 100; ++round) {
    const int places = 2 + int(rng.below(5));
    const int n = places + int(rng.below(16 - std::uint64_t(places)));
    std::vector<int> capacity(std::size_t(places), 0);
    for (int c = 0; c < n; ++c) ++capacity[rng.below(std::uint64_t(places))];
    CardPlaces literals(n, capacity);
    for (int k = int(rng.below(std::uint64_t(n))); k-- > 0;)
      literals.exclude(int(rng.below(std::uint64_t(n))), int(rng.below(std::uint64_t(places))));
    const PlacementCounts groups = count_placements(literals);
    const PlacementCounts hands = count_hands(HandConstraints(literals));
    REQUIRE(hands.total == groups.total);
    REQUIRE(hands.at == groups.at);
  }
}

TEST_CASE("[counting-hands] interchangeable cards stay one group: 60 open cards count at once") {
  HandConstraints info{CardPlaces(60, {20, 20, 20})};
  const PlacementCounts all = count_hands(info);
  CHECK(all.total == multinomial(60, {20, 20, 20}));
  CHECK(all.count(59, 2) == all.total / 3);
  // A constraint singles out its cards: "place 0 holds at least one of cards 0 and 1" is
  // everything but the deals with neither there.
  info.at_least_one(0, 0b11);
  const PlacementCounts some = count_hands(info);
  CHECK(some.total ==
        multinomial(60, {20, 20, 20}) - multinomial(58, {20}) * multinomial(40, {20}));
}
