// A set of worlds 0..size-1 as a dense bitset of 64-bit words. The words live in recycled
// storage (recycling.hpp): formulas and updates make and drop many sets of one size.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

#include "kripke/recycling.hpp"
#include "kripke/types.hpp"

namespace kripke {

class WorldSet {
 public:
  WorldSet() = default;
  explicit WorldSet(std::size_t size, bool filled = false)
      : size_(size), words_((size + 63) / 64, filled ? ~std::uint64_t{0} : 0) {
    clear_padding();
  }

  static WorldSet full(std::size_t size) { return WorldSet(size, true); }

  std::size_t size() const { return size_; }

  bool test(World w) const { return (words_[w >> 6] >> (w & 63)) & 1U; }
  void set(World w) { words_[w >> 6] |= std::uint64_t{1} << (w & 63); }
  void reset(World w) { words_[w >> 6] &= ~(std::uint64_t{1} << (w & 63)); }
  void assign(World w, bool value) { value ? set(w) : reset(w); }

  std::size_t count() const {
    std::size_t n = 0;
    for (auto word : words_) n += static_cast<std::size_t>(std::popcount(word));
    return n;
  }
  // The size of the intersection with `o`, without building it (a move's hundreds of events
  // each count their product worlds this way).
  std::size_t count_common(const WorldSet& o) const {
    check_same_size(o);
    std::size_t n = 0;
    for (std::size_t i = 0; i < words_.size(); ++i)
      n += static_cast<std::size_t>(std::popcount(words_[i] & o.words_[i]));
    return n;
  }
  bool any() const {
    for (auto word : words_)
      if (word) return true;
    return false;
  }
  bool none() const { return !any(); }

  WorldSet& operator&=(const WorldSet& o) {
    check_same_size(o);
    for (std::size_t i = 0; i < words_.size(); ++i) words_[i] &= o.words_[i];
    return *this;
  }
  WorldSet& operator|=(const WorldSet& o) {
    check_same_size(o);
    for (std::size_t i = 0; i < words_.size(); ++i) words_[i] |= o.words_[i];
    return *this;
  }
  // this ← this \ o
  WorldSet& subtract(const WorldSet& o) {
    check_same_size(o);
    for (std::size_t i = 0; i < words_.size(); ++i) words_[i] &= ~o.words_[i];
    return *this;
  }
  // Complement within 0..size-1.
  WorldSet complement() const {
    WorldSet r = *this;
    for (auto& word : r.words_) word = ~word;
    r.clear_padding();
    return r;
  }

  // this ← universe \ this, in place: a negation needs no copy of the alive worlds.
  WorldSet& complement_within(const WorldSet& universe) {
    check_same_size(universe);
    for (std::size_t i = 0; i < words_.size(); ++i) words_[i] = universe.words_[i] & ~words_[i];
    return *this;
  }
  // this ← f(this, a, b) word by word, in one pass over the three (f must keep the bits
  // past the size clear, as any combination of &, | and & ~ does).
  template <class F>
  WorldSet& combine(const WorldSet& a, const WorldSet& b, F&& f) {
    check_same_size(a);
    check_same_size(b);
    for (std::size_t i = 0; i < words_.size(); ++i)
      words_[i] = f(words_[i], a.words_[i], b.words_[i]);
    return *this;
  }

  friend WorldSet operator&(WorldSet a, const WorldSet& b) { return a &= b; }
  friend WorldSet operator|(WorldSet a, const WorldSet& b) { return a |= b; }
  friend WorldSet operator-(WorldSet a, const WorldSet& b) { return a.subtract(b); }
  friend bool operator==(const WorldSet&, const WorldSet&) = default;

  bool is_subset_of(const WorldSet& o) const {
    check_same_size(o);
    for (std::size_t i = 0; i < words_.size(); ++i)
      if (words_[i] & ~o.words_[i]) return false;
    return true;
  }
  bool intersects(const WorldSet& o) const {
    check_same_size(o);
    for (std::size_t i = 0; i < words_.size(); ++i)
      if (words_[i] & o.words_[i]) return true;
    return false;
  }

  // Calls f(world) for every member in increasing order.
  template <class F>
  void for_each(F&& f) const {
    for (std::size_t i = 0; i < words_.size(); ++i) {
      for (std::uint64_t word = words_[i]; word; word &= word - 1) {
        f(static_cast<World>(i * 64 + static_cast<std::size_t>(std::countr_zero(word))));
      }
    }
  }

  // Calls f(world) for every member of both this and o, in increasing order, without
  // building their intersection.
  template <class F>
  void for_each_common(const WorldSet& o, F&& f) const {
    check_same_size(o);
    for (std::size_t i = 0; i < words_.size(); ++i) {
      for (std::uint64_t word = words_[i] & o.words_[i]; word; word &= word - 1) {
        f(static_cast<World>(i * 64 + static_cast<std::size_t>(std::countr_zero(word))));
      }
    }
  }

  // Adds every world whose number differs from a member's in `bit` only. The set's size
  // must be a power of two above 2^bit, so that such pairs never straddle its end: the
  // classes of a partition by hidden bits (partition.hpp), taken a word at a time.
  void close_under_flip(unsigned bit) {
    pair_across(bit, [](std::uint64_t clear, std::uint64_t set) {
      return std::pair{clear | set, clear | set};
    });
  }
  // Moves every member w to w with `bit` flipped (the same condition on the size).
  void flip(unsigned bit) {
    pair_across(bit, [](std::uint64_t clear, std::uint64_t set) { return std::pair{set, clear}; });
  }

  std::vector<World> members() const {
    std::vector<World> out;
    out.reserve(count());
    for_each([&](World w) { out.push_back(w); });
    return out;
  }

  const RecycledVector<std::uint64_t>& words() const { return words_; }

 private:
  // For every pair of worlds that differ in `bit` only, (bit of the one with `bit` clear, bit
  // of the one with it set) ← f(those bits), 64 pairs at a time.
  template <class F>
  void pair_across(unsigned bit, F&& f) {
    if (std::popcount(size_) != 1 || (std::size_t{1} << bit) >= size_)
      throw std::logic_error("WorldSet: flipping a bit needs a power-of-two size above it");
    if (bit < 6) {
      // Within a word: the partners' bits are `shift` apart; both are lined up at the
      // positions whose `bit` is clear.
      static constexpr std::uint64_t kBitClear[6] = {0x5555555555555555ULL, 0x3333333333333333ULL,
                                                     0x0F0F0F0F0F0F0F0FULL, 0x00FF00FF00FF00FFULL,
                                                     0x0000FFFF0000FFFFULL, 0x00000000FFFFFFFFULL};
      const unsigned shift = 1U << bit;
      for (auto& word : words_) {
        const auto [clear, set] = f(word & kBitClear[bit], (word >> shift) & kBitClear[bit]);
        word = (clear & kBitClear[bit]) | ((set & kBitClear[bit]) << shift);
      }
      return;
    }
    // Across words: blocks of 2^(bit-6) words pair up with the block after them.
    const std::size_t stride = std::size_t{1} << (bit - 6);
    for (std::size_t base = 0; base < words_.size(); base += 2 * stride)
      for (std::size_t j = base; j < base + stride; ++j)
        std::tie(words_[j], words_[j + stride]) = f(words_[j], words_[j + stride]);
  }

  void clear_padding() {
    if (size_ % 64 && !words_.empty()) words_.back() &= (std::uint64_t{1} << (size_ % 64)) - 1;
  }
  void check_same_size(const WorldSet& o) const {
    if (o.size_ != size_) throw std::logic_error("WorldSet: operands of different sizes");
  }

  std::size_t size_ = 0;
  RecycledVector<std::uint64_t> words_;  // recycled: sets are built and dropped per call
};

}  // namespace kripke
