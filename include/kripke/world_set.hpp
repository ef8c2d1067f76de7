// A set of worlds 0..size-1 as a dense bitset of 64-bit words. The words live in recycled
// storage (recycling.hpp): formulas and updates make and drop many sets of one size.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "kripke/recycling.hpp"

namespace kripke {

using World = std::uint32_t;

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

  std::vector<World> members() const {
    std::vector<World> out;
    out.reserve(count());
    for_each([&](World w) { out.push_back(w); });
    return out;
  }

  const RecycledVector<std::uint64_t>& words() const { return words_; }

 private:
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
