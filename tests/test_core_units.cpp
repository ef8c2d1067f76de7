// Unit tests for the core's building blocks: WorldSet against std::set, Partition, deal
// counting and enumeration (against brute force and the numbers in docs/games/), and Rng.
#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/errors.hpp"
#include "kripke/evaluate.hpp"
#include "kripke/partition.hpp"
#include "kripke/rng.hpp"
#include "kripke/world_set.hpp"
#include "random_cases.hpp"

namespace {

using kripke::Rng;
using kripke::World;
using kripke::WorldSet;

// Sizes around the 64-bit word boundaries, where padding bits could leak.
const std::vector<std::size_t> kSizes = {0, 1, 2, 63, 64, 65, 127, 128, 129, 200};

// Everything a WorldSet reports agrees with the std::set it should equal, and the bits
// past size() are zero.
void require_matches(const WorldSet& s, const std::set<World>& expected, std::size_t size) {
  REQUIRE(s.size() == size);
  REQUIRE(s.count() == expected.size());
  REQUIRE(s.any() == !expected.empty());
  REQUIRE(s.none() == expected.empty());
  const auto members = s.members();
  REQUIRE(members == std::vector<World>(expected.begin(), expected.end()));
  for (World w = 0; w < size; ++w) REQUIRE(s.test(w) == (expected.count(w) == 1));
  REQUIRE(s.words().size() == (size + 63) / 64);
  for (std::size_t bit = size; bit < s.words().size() * 64; ++bit)
    REQUIRE(((s.words()[bit / 64] >> (bit % 64)) & 1U) == 0);
}

std::set<World> random_subset(Rng& rng, std::size_t size) {
  const auto density = rng.below(101);
  std::set<World> out;
  for (World w = 0; w < size; ++w)
    if (rng.below(100) < density) out.insert(w);
  return out;
}

WorldSet world_set(const std::set<World>& members, std::size_t size) {
  WorldSet s(size);
  for (World w : members) s.set(w);
  return s;
}

// Pearson's chi-square statistic of observed counts against a uniform expectation.
double chi_square(const std::vector<std::uint64_t>& counts) {
  double total = 0;
  for (auto c : counts) total += double(c);
  const double expected = total / double(counts.size());
  double chi = 0;
  for (auto c : counts) chi += (double(c) - expected) * (double(c) - expected) / expected;
  return chi;
}

// A bound that a uniform sample exceeds with negligible probability: mean df, standard
// deviation sqrt(2 df); ten deviations up. Only gross bias fails it.
double loose_chi_square_bound(std::size_t cells) {
  const double df = double(cells - 1);
  return df + 10 * std::sqrt(2 * df);
}

}  // namespace

TEST_CASE("WorldSet agrees with std::set on random operations", "[core][world_set]") {
  for (std::size_t size : kSizes) {
    for (std::uint64_t rep = 0; rep < 20; ++rep) {
      INFO("size " << size << ", repetition " << rep);
      Rng rng(kripke::derive_seed(1, {size, rep}));
      const auto sa = random_subset(rng, size), sb = random_subset(rng, size);
      const WorldSet a = world_set(sa, size), b = world_set(sb, size);
      require_matches(a, sa, size);

      std::set<World> both, either, only_a, complement;
      std::set_intersection(sa.begin(), sa.end(), sb.begin(), sb.end(),
                            std::inserter(both, both.end()));
      std::set_union(sa.begin(), sa.end(), sb.begin(), sb.end(),
                     std::inserter(either, either.end()));
      std::set_difference(sa.begin(), sa.end(), sb.begin(), sb.end(),
                          std::inserter(only_a, only_a.end()));
      for (World w = 0; w < size; ++w)
        if (!sa.count(w)) complement.insert(w);
      require_matches(a & b, both, size);
      require_matches(a | b, either, size);
      require_matches(a - b, only_a, size);
      require_matches(a.complement(), complement, size);
      require_matches(a.complement().complement(), sa, size);
      REQUIRE(a.is_subset_of(b) == std::includes(sb.begin(), sb.end(), sa.begin(), sa.end()));
      REQUIRE(a.is_subset_of(a | b));
      REQUIRE(a.intersects(b) == !both.empty());
      REQUIRE((a == b) == (sa == sb));
      REQUIRE(a == world_set(sa, size));

      // Single-world mutations, mirrored on a std::set.
      WorldSet m = a;
      std::set<World> sm = sa;
      for (int step = 0; step < 50 && size > 0; ++step) {
        const auto w = static_cast<World>(rng.below(size));
        switch (rng.below(3)) {
          case 0:
            m.set(w), sm.insert(w);
            break;
          case 1:
            m.reset(w), sm.erase(w);
            break;
          default: {
            const bool value = rng.below(2) == 1;
            m.assign(w, value);
            if (value)
              sm.insert(w);
            else
              sm.erase(w);
          }
        }
      }
      require_matches(m, sm, size);
    }
  }
}

TEST_CASE("WorldSet full and empty sets respect the size", "[core][world_set]") {
  for (std::size_t size : kSizes) {
    INFO("size " << size);
    std::set<World> all;
    for (World w = 0; w < size; ++w) all.insert(w);
    require_matches(WorldSet::full(size), all, size);
    require_matches(WorldSet(size, true), all, size);
    require_matches(WorldSet(size), {}, size);
    require_matches(WorldSet(size).complement(), all, size);
    require_matches(WorldSet::full(size).complement(), {}, size);
    REQUIRE(WorldSet(size).is_subset_of(WorldSet(size)));
    REQUIRE_FALSE(WorldSet::full(size).intersects(WorldSet(size)));
  }
  // Operands must have the same size (a 64-world and a 65-world set share no word layout).
  WorldSet a(64), b(65);
  REQUIRE_THROWS_AS(a &= b, std::logic_error);
  REQUIRE_THROWS_AS(a |= b, std::logic_error);
  REQUIRE_THROWS_AS(a.subtract(b), std::logic_error);
  REQUIRE_THROWS_AS(a.is_subset_of(b), std::logic_error);
  REQUIRE_FALSE(WorldSet(64) == WorldSet(65));
}

namespace {

// A random subset of 0..size-1, of a random density.
WorldSet random_set(Rng& rng, std::size_t size) {
  const auto density = rng.below(101);
  WorldSet s(size);
  for (std::size_t w = 0; w < size; ++w)
    if (rng.below(100) < density) s.set(World(w));
  return s;
}

// The partition a list of keys describes, checked against the keys themselves.
void require_partition_of(const kripke::Partition& p, const std::vector<std::uint64_t>& keys) {
  const std::size_t n = keys.size();
  REQUIRE(p.world_count() == n);
  REQUIRE(p.class_count() == std::set<std::uint64_t>(keys.begin(), keys.end()).size());
  // Class ids are numbered by each class's smallest member: a new id is always the next one.
  kripke::Partition::ClassId next = 0;
  for (World w = 0; w < n; ++w) {
    REQUIRE(p.class_of(w) <= next);
    if (p.class_of(w) == next) ++next;
  }
  for (World w = 0; w < n; ++w) {
    std::vector<World> same;
    for (World v = 0; v < n; ++v)
      if (keys[v] == keys[w]) same.push_back(v);
    const auto members = p.class_containing(w);
    REQUIRE(std::vector<World>(members.begin(), members.end()) == same);
    REQUIRE(p.row(w).members() == same);
  }
}

}  // namespace

TEST_CASE("Partition::from_keys groups equal keys with canonical class ids", "[core][partition]") {
  for (std::size_t size : kSizes) {
    for (std::uint64_t rep = 0; rep < 10; ++rep) {
      INFO("size " << size << ", repetition " << rep);
      Rng rng(kripke::derive_seed(2, {size, rep}));
      const auto keys = difftest::random_keys(rng, size);
      const auto p = kripke::Partition::from_keys(keys);
      require_partition_of(p, keys);

      // Renaming the keys, even to huge values, gives an equal partition.
      std::map<std::uint64_t, std::uint64_t> rename;
      for (auto k : keys) rename.emplace(k, 0);
      for (auto& [key, value] : rename) value = rng.next();
      std::vector<std::uint64_t> renamed(size);
      for (std::size_t w = 0; w < size; ++w) renamed[w] = rename[keys[w]];
      REQUIRE(kripke::Partition::from_keys(renamed) == p);

      // Giving one world a key of its own changes the partition unless it was alone.
      if (size > 0) {
        auto split = keys;
        const auto w = static_cast<World>(rng.below(size));
        std::uint64_t unused = 0;
        while (std::count(keys.begin(), keys.end(), unused)) ++unused;
        split[w] = unused;
        const bool alone = p.class_containing(w).size() == 1;
        REQUIRE((kripke::Partition::from_keys(split) == p) == alone);
      }
    }
  }
  REQUIRE(kripke::Partition::universal(0).class_count() == 0);
  REQUIRE(kripke::Partition::universal(5).class_count() == 1);
  REQUIRE(kripke::Partition::universal(5).row(3).count() == 5);
}

TEST_CASE("Partitions whose classes all have one size keep no offsets and read the same",
          "[core][partition]") {
  // Pairs of neighbours, classes by residue (equal sizes when 3 divides the count, else
  // not), the muddy children's pairs w, w ^ 4: every class read back against the keys.
  for (std::size_t size : {6U, 7U, 64U, 96U}) {
    INFO("size " << size);
    std::vector<std::uint64_t> pairs(size), residues(size), flip(size);
    for (std::size_t w = 0; w < size; ++w) {
      pairs[w] = w / 2;
      residues[w] = w % 3;
      flip[w] = w & ~std::uint64_t{4};
    }
    for (const auto& keys : {pairs, residues, flip})
      require_partition_of(kripke::Partition::from_keys(keys), keys);
  }
}

TEST_CASE("Partitions by hidden bits read as the listed partition of the same classes",
          "[core][partition]") {
  for (std::size_t size : {1U, 2U, 4U, 8U, 64U, 128U, 512U}) {
    Rng rng(kripke::derive_seed(5, {size}));
    for (int rep = 0; rep < 8; ++rep) {
      const auto hidden = World(rng.below(size));
      INFO("size " << size << ", hidden " << hidden);
      std::vector<std::uint64_t> keys(size);
      for (std::size_t w = 0; w < size; ++w) keys[w] = w & ~std::uint64_t{hidden};
      const auto bits = kripke::Partition::hiding_bits(size, hidden);
      const auto listed = kripke::Partition::from_keys(keys);
      REQUIRE(bits.by_hidden_bits());
      require_partition_of(bits, keys);
      for (kripke::Partition::ClassId c = 0; c < listed.class_count(); ++c) {
        const auto a = bits.members(c), b = listed.members(c);
        REQUIRE(std::vector<World>(a.begin(), a.end()) == std::vector<World>(b.begin(), b.end()));
      }
      REQUIRE(bits == listed);
      REQUIRE(listed == bits);
      REQUIRE(bits == kripke::Partition::hiding_bits(size, hidden));
      if (size > 1) {
        const auto other = World(hidden ^ 1U);
        REQUIRE_FALSE(bits == kripke::Partition::hiding_bits(size, other));
        REQUIRE_FALSE(listed == kripke::Partition::hiding_bits(size, other));
      }
      // Refining gives a listed partition of the pairs (class, key).
      std::vector<std::uint64_t> parity(size), refined(size);
      for (std::size_t w = 0; w < size; ++w) {
        parity[w] = std::popcount(w) % 2;
        refined[w] = keys[w] * 2 + parity[w];
      }
      REQUIRE(bits.refined_by(parity) == kripke::Partition::from_keys(refined));

      // Distributed knowledge of two such agents: again by hidden bits, the bits both miss.
      const auto hidden2 = World(rng.below(size));
      std::vector<std::uint64_t> keys2(size);
      for (std::size_t w = 0; w < size; ++w) keys2[w] = w & ~std::uint64_t{hidden2};
      const kripke::Model by_bits({bits, kripke::Partition::hiding_bits(size, hidden2)}, 0);
      const kripke::Model by_lists({listed, kripke::Partition::from_keys(keys2)}, 0);
      const auto pooled = kripke::distributed_partition(by_bits, {0, 1});
      REQUIRE(pooled.by_hidden_bits());
      REQUIRE(pooled == kripke::distributed_partition(by_lists, {0, 1}));

      // K, Kw and M over the classes, and the relation's pairs among the alive worlds,
      // against the listed partition: random alive and φ.
      for (int k = 0; k < 4; ++k) {
        const WorldSet alive = random_set(rng, size), phi = random_set(rng, size);
        kripke::Model pairs_by_bits({bits}, 0), pairs_listed({listed}, 0);
        pairs_by_bits.restrict_alive(alive);
        pairs_listed.restrict_alive(alive);
        REQUIRE(pairs_by_bits.relations(0) == pairs_listed.relations(0));
        for (unsigned keep_mask = 0; keep_mask < 16; ++keep_mask) {
          const auto keep = [&](unsigned seen) { return (keep_mask >> seen) & 1U; };
          REQUIRE(kripke::select_classes(alive, bits, phi, keep) ==
                  kripke::select_classes(alive, listed, phi, keep));
        }
      }
    }
  }
  REQUIRE_THROWS_AS(kripke::Partition::hiding_bits(6, 1), std::invalid_argument);
  REQUIRE_THROWS_AS(kripke::Partition::hiding_bits(8, 8), std::invalid_argument);
}

TEST_CASE("close_under_flip adds, and flip moves to, every world's partner across one bit",
          "[core][world-set]") {
  for (std::size_t size : {2U, 16U, 64U, 128U, 1024U}) {
    Rng rng(kripke::derive_seed(6, {size}));
    for (unsigned bit = 0; (std::size_t{1} << bit) < size; ++bit) {
      INFO("size " << size << ", bit " << bit);
      const WorldSet s = random_set(rng, size);
      WorldSet expected(size);
      s.for_each([&](World w) {
        expected.set(w);
        expected.set(w ^ (World{1} << bit));
      });
      WorldSet closed = s, flipped = s;
      closed.close_under_flip(bit);
      REQUIRE(closed == expected);
      flipped.flip(bit);
      REQUIRE(flipped.members().size() == s.count());
      flipped.for_each([&](World w) { REQUIRE(s.test(w ^ (World{1} << bit))); });
    }
  }
  WorldSet odd(6);
  REQUIRE_THROWS_AS(odd.close_under_flip(0), std::logic_error);
  WorldSet eight(8);
  REQUIRE_THROWS_AS(eight.close_under_flip(3), std::logic_error);
}

TEST_CASE("BlockCache hands a freed block back to the next allocation of its size",
          "[core][recycling]") {
  using kripke::BlockCache;
  constexpr std::size_t kBytes = std::size_t{64} << 10;
  void* block = BlockCache::take(kBytes);
  BlockCache::give(block, kBytes);
  void* again = BlockCache::take(kBytes);
  CHECK(again == block);
  // A recycled block still holds what was written to it; a vector made with a value
  // overwrites it all.
  std::fill_n(static_cast<std::uint32_t*>(again), kBytes / 4, 7U);
  BlockCache::give(again, kBytes);
  const kripke::RecycledVector<std::uint32_t> zeros(kBytes / 4, 0);
  CHECK(static_cast<const void*>(zeros.data()) == block);
  CHECK(std::count(zeros.begin(), zeros.end(), 0U) == std::ptrdiff_t(kBytes / 4));
}

TEST_CASE("Partition::refined_by keeps worlds together iff they were and keys agree",
          "[core][partition]") {
  for (std::size_t size : kSizes) {
    for (std::uint64_t rep = 0; rep < 10; ++rep) {
      INFO("size " << size << ", repetition " << rep);
      Rng rng(kripke::derive_seed(3, {size, rep}));
      const auto old_keys = difftest::random_keys(rng, size),
                 new_keys = difftest::random_keys(rng, size);
      const auto refined = kripke::Partition::from_keys(old_keys).refined_by(new_keys);
      // The refinement is the partition of the pairs of keys.
      std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint64_t> pair_id;
      std::vector<std::uint64_t> pair_keys(size);
      for (std::size_t w = 0; w < size; ++w)
        pair_keys[w] =
            pair_id.emplace(std::pair(old_keys[w], new_keys[w]), pair_id.size()).first->second;
      require_partition_of(refined, pair_keys);
    }
  }
  REQUIRE_THROWS_AS(kripke::Partition::universal(3).refined_by({1, 2}), std::logic_error);
}

namespace {

kripke::DealSpec deal_spec(std::vector<int> category, std::vector<kripke::Slot> slots) {
  kripke::DealSpec spec;
  spec.category = std::move(category);
  spec.slots = std::move(slots);
  return spec;
}

kripke::Slot slot(std::string name, int size, std::vector<int> quota = {}) {
  kripke::Slot s;
  s.name = std::move(name);
  s.size = size;
  s.quota = std::move(quota);
  return s;
}

std::vector<int> cards(int count, int category = 0) { return std::vector<int>(count, category); }
std::vector<int> operator+(std::vector<int> a, const std::vector<int>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// docs/games/nine-card.md: 9 cards to three players (2 each), the hidden card, 2 open cards.
kripke::DealSpec nine_card() {
  return deal_spec(cards(9),
                   {slot("1", 2), slot("2", 2), slot("3", 2), slot("H", 1), slot("O", 2)});
}
// docs/games/clue.md, ClueModel: 7 weapons and 4 suspects; the envelope holds one of each.
kripke::DealSpec clue_003() {
  return deal_spec(cards(7, 0) + cards(4, 1),
                   {slot("envelope", 2, {1, 1}), slot("1", 3), slot("2", 3), slot("3", 3)});
}
// docs/games/clue.md, ClueModel's figures: 4 weapons and 4 suspects, 2 cards per hand.
kripke::DealSpec clue_002() {
  return deal_spec(cards(4, 0) + cards(4, 1),
                   {slot("envelope", 2, {1, 1}), slot("1", 2), slot("2", 2), slot("3", 2)});
}
// docs/games/number.md: numbers 1..9, 2 per player, 3 face down.
kripke::DealSpec number() {
  return deal_spec(cards(9), {slot("1", 2), slot("2", 2), slot("3", 2), slot("rest", 3)});
}
kripke::DealSpec twelve_cards() {
  return deal_spec(cards(12), {slot("1", 4), slot("2", 4), slot("3", 3), slot("hidden", 1)});
}

// Whether a deal puts the right number of cards, of the right categories, in every slot.
bool respects(const kripke::DealSpec& spec, const kripke::Deal& deal) {
  if (deal.size() != spec.category.size()) return false;
  for (std::size_t s = 0; s < spec.slots.size(); ++s) {
    std::vector<int> per_category(spec.category_count(), 0);
    int total = 0;
    for (std::size_t card = 0; card < deal.size(); ++card)
      if (deal[card] == s) ++total, ++per_category[spec.category[card]];
    if (total != spec.slots[s].size) return false;
    if (!spec.slots[s].quota.empty() && per_category != spec.slots[s].quota) return false;
  }
  return true;
}

// Every deal, by brute force: every assignment of cards to slots, in lexicographic order,
// kept when it respects the spec.
std::vector<kripke::Deal> brute_force_deals(const kripke::DealSpec& spec) {
  std::vector<kripke::Deal> out;
  kripke::Deal d(spec.category.size(), 0);
  const auto slots = static_cast<std::uint8_t>(spec.slots.size());
  while (true) {
    if (respects(spec, d)) out.push_back(d);
    std::size_t k = d.size();
    while (k > 0 && d[k - 1] + 1 == slots) d[--k] = 0;  // odometer: last card turns fastest
    if (k == 0) return out;
    ++d[k - 1];
  }
}

std::vector<kripke::Deal> table_deals(const kripke::DealTable& table) {
  std::vector<kripke::Deal> out;
  for (std::size_t k = 0; k < table.size(); ++k) out.push_back(table.deal(k));
  return out;
}

const kripke::WorldLimits kNoLimit{};  // the default 50,000,000 worlds

}  // namespace

TEST_CASE("deal counts match the game pages and the enumeration", "[core][deals]") {
  const std::vector<std::pair<kripke::DealSpec, std::uint64_t>> cases = {{nine_card(), 22680},
                                                                         {clue_003(), 47040},
                                                                         {clue_002(), 1440},
                                                                         {number(), 7560},
                                                                         {twelve_cards(), 138600}};
  for (const auto& [spec, expected] : cases) {
    INFO("expected " << expected);
    REQUIRE(kripke::count_deals(spec) == expected);
    const kripke::DealTable table(spec, kNoLimit, 3);
    REQUIRE(table.size() == expected);
    REQUIRE(table.card_count() == spec.card_count());
    for (std::size_t k = 0; k < table.size(); ++k) {
      REQUIRE(respects(spec, table.deal(k)));
      // Strictly increasing order: sorted (rank relies on it) and all distinct.
      if (k > 0) REQUIRE(table.deal(k - 1) < table.deal(k));
    }
  }
}

TEST_CASE("deal enumeration equals brute force on small specs", "[core][deals]") {
  REQUIRE(table_deals(kripke::DealTable(clue_002(), kNoLimit, 3)) == brute_force_deals(clue_002()));
  REQUIRE(table_deals(kripke::DealTable(number(), kNoLimit, 3)) == brute_force_deals(number()));
  // Random small specs: up to 7 cards in 1-2 categories, up to 4 slots (some empty), and
  // sometimes a quota slot.
  for (std::uint64_t rep = 0; rep < 200; ++rep) {
    Rng rng(kripke::derive_seed(4, {rep}));
    const int card_count = 1 + int(rng.below(7));
    const int categories = 1 + int(rng.below(2));
    std::vector<int> category(card_count);
    for (auto& c : category) c = int(rng.below(categories));
    std::vector<kripke::Slot> slots;
    int left = card_count;
    if (rng.below(2)) {  // a quota slot taking some of each category's cards
      std::vector<int> quota(categories, 0);
      for (int c = 0; c < categories; ++c) {
        const int have = int(std::count(category.begin(), category.end(), c));
        quota[c] = int(rng.below(std::uint64_t(have) + 1));
      }
      int size = 0;
      for (int q : quota) size += q;
      slots.push_back(slot("quota", size, quota));
      left -= size;
    }
    const int free_slots = 1 + int(rng.below(3));
    for (int s = 0; s < free_slots; ++s) {
      const int size = s + 1 == free_slots ? left : int(rng.below(std::uint64_t(left) + 1));
      slots.push_back(slot(std::to_string(s), size));
      left -= size;
    }
    const auto spec = deal_spec(category, slots);
    if (spec.category_count() != categories) continue;  // a category drew no card
    INFO("repetition " << rep);
    const auto expected = brute_force_deals(spec);
    REQUIRE(kripke::count_deals(spec) == expected.size());
    const kripke::DealTable table(spec, kNoLimit, 3);
    REQUIRE(table_deals(table) == expected);
    for (std::size_t k = 0; k < table.size(); ++k) REQUIRE(table.rank(table.deal(k)) == k);
  }
}

TEST_CASE("DealTable::rank inverts deal", "[core][deals]") {
  const kripke::DealTable table(clue_002(), kNoLimit, 3);
  for (std::size_t k = 0; k < table.size(); ++k) REQUIRE(table.rank(table.deal(k)) == k);
  // Not a deal: every card in slot 0.
  REQUIRE(table.rank(kripke::Deal(8, 0)) == table.size());
}

TEST_CASE("random_deal gives valid deals, roughly uniformly", "[core][deals]") {
  // 5 cards into 2/2/1: 30 deals. With a quota slot: the 2-card slot takes one card of each
  // category (3 · 2 ways), the other 3 cards go into 2/1 (3 ways): 18 deals.
  const std::vector<kripke::DealSpec> specs = {
      deal_spec(cards(5), {slot("a", 2), slot("b", 2), slot("c", 1)}),
      deal_spec(cards(3, 0) + cards(2, 1), {slot("b", 2), slot("q", 2, {1, 1}), slot("c", 1)})};
  const std::vector<std::size_t> sizes = {30, 18};
  for (std::size_t s = 0; s < specs.size(); ++s) {
    const kripke::DealTable table(specs[s], kNoLimit, 3);
    REQUIRE(table.size() == sizes[s]);
    Rng rng(kripke::derive_seed(5, {s}));
    std::vector<std::uint64_t> counts(table.size(), 0);
    constexpr int kDraws = 30000;
    for (int k = 0; k < kDraws; ++k) {
      const auto deal = kripke::random_deal(specs[s], rng);
      REQUIRE(respects(specs[s], deal));
      ++counts[table.rank(deal)];
    }
    INFO("spec " << s);
    REQUIRE(*std::min_element(counts.begin(), counts.end()) > 0);
    REQUIRE(chi_square(counts) < loose_chi_square_bound(counts.size()));
  }
}

TEST_CASE("oversize deals are refused with a message that names the count", "[core][deals]") {
  REQUIRE_NOTHROW(kripke::check_world_limit(138600, {138600, 0}, 0));
  try {
    kripke::check_world_limit(138601, {138600, 0}, 0);
    FAIL("no error over the limit");
  } catch (const kripke::InputError& e) {
    CHECK(std::string(e.what()).find("138601") != std::string::npos);
    CHECK(std::string(e.what()).find("138600") != std::string::npos);
  }
  // The table refuses before enumerating.
  try {
    kripke::DealTable table(twelve_cards(), {100000, 0}, 3);
    FAIL("no error over the limit");
  } catch (const kripke::InputError& e) {
    CHECK(std::string(e.what()).find("138600") != std::string::npos);
  }
  // Counts past 64 bits are printed exactly (2^70), and past the cap as "more than".
  try {
    kripke::check_world_limit(kripke::BigCount{1} << 70, kNoLimit, 0);
    FAIL("no error over the limit");
  } catch (const kripke::InputError& e) {
    CHECK(std::string(e.what()).find("1180591620717411303424") != std::string::npos);
  }
  // 200 cards into 100 hands of 2: 200!/2^100 deals, far past the cap.
  std::vector<kripke::Slot> hands;
  for (int h = 0; h < 100; ++h) hands.push_back(slot(std::to_string(h), 2));
  const auto huge = deal_spec(cards(200), hands);
  REQUIRE(kripke::count_deals(huge) == kripke::kCountCap);
  try {
    kripke::DealTable table(huge, kNoLimit, 3);
    FAIL("no error over the limit");
  } catch (const kripke::InputError& e) {
    CHECK(std::string(e.what()).find("more than 10^30") != std::string::npos);
  }
}

TEST_CASE("models over max_memory are refused with the estimate and the limit", "[core][deals]") {
  // 1,000,000 worlds of 3 agents at 11 bytes per agent and world, plus 32 and 11 bytes: 76 MB;
  // the limits below are checked with 103 bytes per world.
  CHECK(kripke::model_bytes_per_world(3, 11) == 76);
  CHECK_NOTHROW(kripke::check_world_limit(1'000'000, {50'000'000, 200ULL << 20}, 103));
  try {
    kripke::check_world_limit(1'000'000, {50'000'000, 64ULL << 20}, 103, "/rules");
    FAIL("no error over the memory limit");
  } catch (const kripke::InputError& e) {
    CHECK(e.path() == "/rules");
    CHECK_THAT(e.what(),
               Catch::Contains("need about 99 MiB of memory, more than max_memory = 64 MiB"));
  }
  // Without max_memory the machine's memory is the limit.
  REQUIRE(kripke::machine_memory() > 0);
  CHECK_THROWS_WITH(kripke::check_world_limit(kripke::BigCount{1} << 40, {~0ULL, 0}, 100),
                    Catch::Contains("more than this machine's"));
}

TEST_CASE("inconsistent deal specs are input errors", "[core][deals]") {
  // Slots that hold more or fewer cards than the deck.
  REQUIRE_THROWS_AS(kripke::count_deals(deal_spec(cards(5), {slot("a", 2), slot("b", 2)})),
                    kripke::InputError);
  REQUIRE_THROWS_AS(kripke::count_deals(deal_spec(cards(3), {slot("a", 2), slot("b", 2)})),
                    kripke::InputError);
  // A quota that does not add up to its slot's size.
  REQUIRE_THROWS_AS(kripke::count_deals(
                        deal_spec(cards(2, 0) + cards(2, 1), {slot("q", 2, {1, 0}), slot("b", 2)})),
                    kripke::InputError);
  // A quota that needs more cards of a category than the deck has.
  REQUIRE_THROWS_AS(kripke::count_deals(
                        deal_spec(cards(1, 0) + cards(3, 1), {slot("q", 2, {2, 0}), slot("b", 2)})),
                    kripke::InputError);
  REQUIRE_THROWS_AS(kripke::count_deals(deal_spec(cards(2), {slot("a", -1), slot("b", 3)})),
                    kripke::InputError);
}

TEST_CASE("Rng is xoshiro256** seeded by splitmix64", "[core][rng]") {
  // Values from an independent implementation of the published algorithms.
  Rng zero(0);
  CHECK(zero.next() == 0x99ec5f36cb75f2b4ULL);
  CHECK(zero.next() == 0xbf6e1f784956452aULL);
  CHECK(zero.next() == 0x1a5f849d4933e6e0ULL);
  CHECK(zero.next() == 0x6aa594f1262d2d2cULL);
  Rng answer(42);
  CHECK(answer.next() == 0x15780b2e0c2ec716ULL);
  CHECK(answer.next() == 0x6104d9866d113a7eULL);
  CHECK(answer.next() == 0xae17533239e499a1ULL);
}

TEST_CASE("Rng: the same seed gives the same stream, another seed another", "[core][rng]") {
  Rng a(12345), b(12345), c(12346);
  bool differs = false;
  for (int k = 0; k < 1000; ++k) {
    const auto x = a.next();
    REQUIRE(x == b.next());
    differs = differs || x != c.next();
  }
  REQUIRE(differs);
}

TEST_CASE("Rng::below stays in range and is roughly uniform", "[core][rng]") {
  Rng rng(99);
  for (std::uint64_t n :
       {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{3}, std::uint64_t{7}, std::uint64_t{1000},
        (std::uint64_t{1} << 32) + 1, (std::uint64_t{1} << 63) + 1, ~std::uint64_t{0}}) {
    for (int k = 0; k < 2000; ++k) REQUIRE(rng.below(n) < n);
  }
  REQUIRE_THROWS_AS(rng.below(0), std::logic_error);

  std::vector<std::uint64_t> counts(10, 0);
  for (int k = 0; k < 100000; ++k) ++counts[rng.below(10)];
  REQUIRE(chi_square(counts) < loose_chi_square_bound(counts.size()));

  // n = 3·2^62: draws below 2^63 should be 2/3 of all. Reducing a 64-bit draw modulo n
  // would make them 3/4.
  const std::uint64_t n = 3 * (std::uint64_t{1} << 62);
  int low = 0;
  constexpr int kDraws = 60000;
  for (int k = 0; k < kDraws; ++k) low += rng.below(n) < (std::uint64_t{1} << 63);
  REQUIRE(std::abs(double(low) / kDraws - 2.0 / 3.0) < 0.02);
}

TEST_CASE("Rng::shuffle permutes, uniformly", "[core][rng]") {
  Rng rng(7);
  std::vector<int> v(100);
  for (int k = 0; k < 100; ++k) v[k] = k;
  auto shuffled = v;
  rng.shuffle(shuffled);
  REQUIRE(shuffled != v);  // a 1-in-100! chance of failing for a correct shuffle
  std::sort(shuffled.begin(), shuffled.end());
  REQUIRE(shuffled == v);

  std::vector<int> empty, one{5};
  rng.shuffle(empty);
  rng.shuffle(one);
  REQUIRE(empty.empty());
  REQUIRE(one == std::vector<int>{5});

  // All 6 orders of 3 elements, equally often.
  std::map<std::vector<int>, std::uint64_t> seen;
  for (int k = 0; k < 60000; ++k) {
    std::vector<int> three{0, 1, 2};
    rng.shuffle(three);
    ++seen[three];
  }
  REQUIRE(seen.size() == 6);
  std::vector<std::uint64_t> counts;
  for (const auto& [order, count] : seen) counts.push_back(count);
  REQUIRE(chi_square(counts) < loose_chi_square_bound(counts.size()));
}

TEST_CASE("derive_seed is deterministic and differs across paths", "[core][rng]") {
  REQUIRE(kripke::derive_seed(1, {2, 3}) == kripke::derive_seed(1, {2, 3}));
  const std::vector<std::uint64_t> seeds = {
      kripke::derive_seed(1, {}),       kripke::derive_seed(1, {0}),
      kripke::derive_seed(1, {1}),      kripke::derive_seed(1, {2}),
      kripke::derive_seed(1, {0, 0}),   kripke::derive_seed(1, {0, 1}),
      kripke::derive_seed(1, {1, 0}),   kripke::derive_seed(1, {2, 3}),
      kripke::derive_seed(1, {3, 2}),   kripke::derive_seed(2, {}),
      kripke::derive_seed(2, {0}),      kripke::derive_seed(0, {1}),
      kripke::derive_seed(1, {0, 0, 0})};
  REQUIRE(std::set<std::uint64_t>(seeds.begin(), seeds.end()).size() == seeds.size());
  // Many games of one batch: all distinct.
  std::set<std::uint64_t> games;
  for (std::uint64_t g = 0; g < 10000; ++g) games.insert(kripke::derive_seed(7, {1, g}));
  REQUIRE(games.size() == 10000);
}
