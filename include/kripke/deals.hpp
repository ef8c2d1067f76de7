// Deals: every way to deal a deck of cards into slots of given sizes (players' hands, an
// envelope, open cards), optionally with a slot that must take a fixed number of cards of
// each category (Clue's envelope: one weapon, one suspect). The number of deals is known
// before enumerating, so an oversize request fails fast and names the count.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "kripke/errors.hpp"
#include "kripke/rng.hpp"
#include "kripke/world_set.hpp"

namespace kripke {

struct Slot {
  std::string name;
  int size = 0;
  // Empty: any cards. Otherwise quota[c] cards of category c (summing to size).
  std::vector<int> quota;
};

struct DealSpec {
  std::vector<int> category;  // category of each card (all 0 when there is one)
  std::vector<Slot> slots;    // sizes add up to the number of cards

  int card_count() const { return static_cast<int>(category.size()); }
  int category_count() const {
    return category.empty() ? 0 : *std::max_element(category.begin(), category.end()) + 1;
  }
};

// A deal: the slot of every card.
using Deal = std::vector<std::uint8_t>;

// Saturating arithmetic is enough: a count past 2^100 is "too many" whatever it is.
__extension__ using BigCount = unsigned __int128;  // GCC/Clang builtin
inline constexpr BigCount kCountCap = BigCount{1} << 100;

inline BigCount saturating_mul(BigCount a, BigCount b) {
  if (a == 0 || b == 0) return 0;
  return a > kCountCap / b ? kCountCap : a * b;
}

inline std::string to_string(BigCount n) {
  if (n >= kCountCap) return "more than 10^30";
  if (n == 0) return "0";
  std::string s;
  for (; n; n /= 10) s.insert(s.begin(), char('0' + int(n % 10)));
  return s;
}

// n! / (k1! k2! ... (n - Σk)!), computed as a product of binomials.
inline BigCount multinomial(int n, const std::vector<int>& parts) {
  BigCount total = 1;
  for (int k : parts) {
    BigCount binom = 1;
    for (int j = 1; j <= k; ++j) {
      const BigCount product = saturating_mul(binom, BigCount(n - k + j));
      if (product >= kCountCap) {
        binom = kCountCap;
        break;
      }
      binom = product / BigCount(j);  // exact: a product of j consecutive integers
    }
    total = saturating_mul(total, binom);
    n -= k;
  }
  return total;
}

inline void validate(const DealSpec& spec) {
  int total = 0;
  for (const Slot& s : spec.slots) {
    if (s.size < 0) throw InputError("slot " + s.name + " has a negative size");
    total += s.size;
    if (!s.quota.empty()) {
      int q = 0;
      for (int k : s.quota) q += k;
      if (q != s.size || int(s.quota.size()) != spec.category_count())
        throw InputError("slot " + s.name + ": its category quota does not match its size");
    }
  }
  if (total != spec.card_count())
    throw InputError("the slots hold " + std::to_string(total) + " cards but the deck has " +
                     std::to_string(spec.card_count()));
  if (spec.slots.size() > 255) throw InputError("too many slots");
  for (int c = 0; c < spec.category_count(); ++c) {
    int have = int(std::count(spec.category.begin(), spec.category.end(), c)), need = 0;
    for (const Slot& s : spec.slots)
      if (!s.quota.empty()) need += s.quota[c];
    if (need > have)
      throw InputError("the slots need " + std::to_string(need) + " cards of category " +
                       std::to_string(c + 1) + " but the deck has " + std::to_string(have));
  }
}

// The number of deals: for each category, which of its cards go to the quota slots; then
// the remaining cards spread over the free slots.
inline BigCount count_deals(const DealSpec& spec) {
  validate(spec);
  BigCount total = 1;
  int rest = 0;
  for (int c = 0; c < spec.category_count(); ++c) {
    std::vector<int> parts;
    int n = int(std::count(spec.category.begin(), spec.category.end(), c)), used = 0;
    for (const Slot& s : spec.slots)
      if (!s.quota.empty()) parts.push_back(s.quota[c]), used += s.quota[c];
    total = saturating_mul(total, multinomial(n, parts));
    rest += n - used;
  }
  std::vector<int> free_sizes;
  for (const Slot& s : spec.slots)
    if (s.quota.empty()) free_sizes.push_back(s.size);
  return saturating_mul(total, multinomial(rest, free_sizes));
}

// How large a model may be built: a number of worlds, and the memory they would take.
struct WorldLimits {
  std::uint64_t max_worlds = 50'000'000;
  std::uint64_t max_memory = 0;  // bytes; 0: the machine's physical memory
  // Bytes already held beside what is checked (a search's positions), which max_memory
  // counts too.
  std::uint64_t held = 0;
};

// The machine's physical memory in bytes (0 when the system does not say).
inline std::uint64_t machine_memory() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? std::uint64_t(pages) * std::uint64_t(page) : 0;
}

// The peak memory of an explicit model, per world: measured with /usr/bin/time on the muddy
// children (n = 20: 254 MiB, n = 22: 965 MiB; 10 bytes per agent and world for its
// partition's class ids, members and class offsets, moved into the Model, plus the scratch
// of building it, the valuation and bitsets) and on Clue (3 agents plus a deal table of one
// byte per card).
inline std::uint64_t model_bytes_per_world(std::size_t agents, std::size_t valuation_bytes) {
  return 11 * std::uint64_t(agents) + 32 + std::uint64_t(valuation_bytes);
}

inline std::string mebibytes(BigCount bytes) {
  return to_string((bytes + (BigCount{1} << 20) - 1) >> 20) + " MiB";
}

// What a model's relations kept as rows (beliefs: arrows of any shape) cost beyond its
// worlds, at the peak of building them: a row's arrows are kept as world numbers (4 bytes
// each), but building them goes through the table that shares equal rows and the lists
// read or made on the way. Measured with /usr/bin/time on actions that copy every world
// under arrows that triple the pairs (docs/performance.md): 45 to 55 bytes per arrow at
// 1.6 and 4.8 million arrows.
struct RowsSize {
  BigCount arrows = 0;
  BigCount rows = 0;
  bool partial = false;  // counted until past a limit: the true figures are larger
  BigCount bytes() const { return (arrows + rows) * 48; }
};

// Refuses, before anything is built, a model over max_worlds or over the memory it may take
// (InputError at `path`, naming the count or the estimate and the limit). `what` says where
// the worlds come from: "these rules give" (a game's or a model's worlds) or, for an update
// that multiplies them, e.g. "this action model gives"; `beliefs`, what relations kept as
// rows add.
inline void check_world_limit(BigCount worlds, const WorldLimits& limits,
                              std::uint64_t bytes_per_world, const std::string& path = "",
                              const std::string& what = "these rules give",
                              const RowsSize& beliefs = {}) {
  const BigCount needed = saturating_mul(worlds, bytes_per_world) + beliefs.bytes();
  if (worlds > limits.max_worlds)
    throw InputError(what + " " + to_string(worlds) + " worlds, over the limit of max_worlds = " +
                         std::to_string(limits.max_worlds) + "; they would need about " +
                         mebibytes(needed) + " of memory (set max_worlds to " + to_string(worlds) +
                         " or more to build them where that fits)",
                     path);
  const std::uint64_t memory = limits.max_memory ? limits.max_memory : machine_memory();
  const std::string arrows = beliefs.arrows
                                 ? " and " + std::string(beliefs.partial ? "at least " : "") +
                                       to_string(beliefs.arrows) + " arrows between them"
                                 : "";
  const std::string beside =
      limits.held ? " beside the " + mebibytes(limits.held) + " already held" : "";
  if (memory && needed + limits.held > memory)
    throw InputError(what + " " + to_string(worlds) + " worlds" + arrows + ", which need about " +
                         mebibytes(needed) + " of memory" + beside + ", more than " +
                         (limits.max_memory ? "max_memory = " : "this machine's ") +
                         mebibytes(memory) +
                         (limits.max_memory ? "" : " (max_memory sets another limit)"),
                     path);
}

// All deals in lexicographic order of (slot of card 0, slot of card 1, ...), stored flat.
class DealTable {
 public:
  // `agents`: how many partitions the game's model will keep over these deals.
  DealTable(const DealSpec& spec, const WorldLimits& limits, std::size_t agents)
      : cards_(spec.card_count()) {
    const BigCount n = count_deals(spec);
    check_world_limit(n, limits, model_bytes_per_world(agents, cards_));
    data_.reserve(static_cast<std::size_t>(n) * cards_);
    Enumerator e{spec, *this};
    e.run();
    if (size() != n) throw std::logic_error("DealTable: enumeration disagrees with the count");
  }

  std::size_t size() const { return cards_ ? data_.size() / cards_ : 0; }
  int card_count() const { return int(cards_); }
  std::uint8_t slot(std::size_t deal, int card) const { return data_[deal * cards_ + card]; }
  Deal deal(std::size_t index) const {
    return Deal(data_.begin() + long(index * cards_), data_.begin() + long((index + 1) * cards_));
  }
  // The index of a deal (binary search: the table is sorted); size() when absent.
  std::size_t rank(const Deal& d) const {
    std::size_t lo = 0, hi = size();
    while (lo < hi) {
      const std::size_t mid = (lo + hi) / 2;
      if (std::lexicographical_compare(data_.begin() + long(mid * cards_),
                                       data_.begin() + long((mid + 1) * cards_), d.begin(),
                                       d.end()))
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo < size() && deal(lo) == d ? lo : size();
  }

 private:
  struct Enumerator {
    const DealSpec& spec;
    DealTable& table;
    Deal current = Deal(spec.category.size());
    std::vector<int> room = initial_room();
    std::vector<std::vector<int>> need = initial_need();  // [slot][category] still required
    std::vector<int> left_in_category = initial_left();

    std::vector<int> initial_room() const {
      std::vector<int> r;
      for (const Slot& s : spec.slots) r.push_back(s.size);
      return r;
    }
    std::vector<std::vector<int>> initial_need() const {
      std::vector<std::vector<int>> n;
      for (const Slot& s : spec.slots) n.push_back(s.quota);
      return n;
    }
    std::vector<int> initial_left() const {
      std::vector<int> l(spec.category_count(), 0);
      for (int c : spec.category) ++l[c];
      return l;
    }
    // Dealing is feasible as long as no category is short of what the quota slots need.
    bool feasible(int cat) const {
      int needed = 0;
      for (const auto& n : need)
        if (!n.empty()) needed += n[cat];
      return left_in_category[cat] >= needed;
    }
    void run() { place(0); }
    void place(int card) {
      if (card == spec.card_count()) {
        table.data_.insert(table.data_.end(), current.begin(), current.end());
        return;
      }
      const int cat = spec.category[card];
      --left_in_category[cat];
      for (std::size_t s = 0; s < spec.slots.size(); ++s) {
        if (room[s] == 0) continue;
        const bool quota_slot = !need[s].empty();
        if (quota_slot && need[s][cat] == 0) continue;
        --room[s];
        if (quota_slot) --need[s][cat];
        if (feasible(cat)) {
          current[card] = std::uint8_t(s);
          place(card + 1);
        }
        ++room[s];
        if (quota_slot) ++need[s][cat];
      }
      ++left_in_category[cat];
    }
  };

  std::size_t cards_;
  std::vector<std::uint8_t> data_;
};

// A uniformly random deal without enumerating: the quota slots draw their cards from each
// category, the free slots share a shuffle of the rest.
inline Deal random_deal(const DealSpec& spec, Rng& rng) {
  validate(spec);
  Deal deal(spec.category.size(), 0);
  std::vector<std::vector<int>> by_category(spec.category_count());
  for (int card = 0; card < spec.card_count(); ++card)
    by_category[spec.category[card]].push_back(card);
  for (auto& cards : by_category) rng.shuffle(cards);
  std::vector<int> rest;
  for (std::size_t s = 0; s < spec.slots.size(); ++s) {
    if (spec.slots[s].quota.empty()) continue;
    for (int c = 0; c < spec.category_count(); ++c)
      for (int k = 0; k < spec.slots[s].quota[c]; ++k) {
        deal[by_category[c].back()] = std::uint8_t(s);
        by_category[c].pop_back();
      }
  }
  for (const auto& cards : by_category) rest.insert(rest.end(), cards.begin(), cards.end());
  std::sort(rest.begin(), rest.end());
  rng.shuffle(rest);
  std::size_t next = 0;
  for (std::size_t s = 0; s < spec.slots.size(); ++s) {
    if (!spec.slots[s].quota.empty()) continue;
    for (int k = 0; k < spec.slots[s].size; ++k) deal[rest[next++]] = std::uint8_t(s);
  }
  return deal;
}

}  // namespace kripke
