// An allocator that keeps large freed blocks for the next allocation of the same size.
//
// The engine's hot paths (every update, every K / Kw / C, every statistic) build bitsets,
// class ids and member lists of one size per model, over and over. glibc gives blocks of
// 128 KiB and more their own pages (mmap) and returns them when freed, and trims the top
// of its heap whenever more than 128 KiB is free there, so without recycling every call
// maps fresh pages and faults them in again: measured at 30–50% of the CPU time of a
// game, and more on a virtual machine. Here a freed block of at least kMinBytes (a page)
// waits in its thread's cache, and the next allocation of exactly that size takes it back
// without a system call. The cache holds at most kMaxBlocks blocks and kMaxBytes bytes per thread
// (the least recently freed go first): enough for the scratch of one update or formula
// (the muddy children's n = 20: 128 KiB sets, 4 MiB partitions), small enough not to raise
// a model's peak memory noticeably. Blocks larger than kMaxBytes are never kept.
#pragma once

#include <cstddef>
#include <new>
#include <utility>
#include <vector>

namespace kripke {

class BlockCache {
 public:
  static constexpr std::size_t kMinBytes = std::size_t{4} << 10;   // a page
  static constexpr std::size_t kMaxBytes = std::size_t{16} << 20;  // per thread
  static constexpr std::size_t kMaxBlocks = 64;

  static void* take(std::size_t bytes) {
    BlockCache* cache = bytes >= kMinBytes ? local() : nullptr;
    if (cache) {
      // Most recently freed first: its pages are the likeliest still to be in the cache.
      auto& blocks = cache->blocks_;
      for (std::size_t k = blocks.size(); k-- > 0;) {
        if (blocks[k].second != bytes) continue;
        void* block = blocks[k].first;
        blocks.erase(blocks.begin() + std::ptrdiff_t(k));
        cache->held_ -= bytes;
        return block;
      }
    }
    return ::operator new(bytes);
  }

  static void give(void* block, std::size_t bytes) {
    BlockCache* cache = bytes >= kMinBytes && bytes <= kMaxBytes ? local() : nullptr;
    if (!cache) {
      ::operator delete(block);
      return;
    }
    auto& blocks = cache->blocks_;
    while (!blocks.empty() && (blocks.size() >= kMaxBlocks || cache->held_ + bytes > kMaxBytes)) {
      ::operator delete(blocks.front().first);
      cache->held_ -= blocks.front().second;
      blocks.erase(blocks.begin());
    }
    blocks.emplace_back(block, bytes);
    cache->held_ += bytes;
  }

  ~BlockCache() {
    for (auto& entry : blocks_) ::operator delete(entry.first);
  }

 private:
  BlockCache() = default;

  // The calling thread's cache, made on first use and freed when the thread ends; null
  // after that (static objects destroyed later free their blocks directly).
  static BlockCache* local() {
    struct Owner {
      BlockCache* cache = new BlockCache;
      ~Owner() {
        delete cache;
        closed() = true;
      }
    };
    if (closed()) return nullptr;
    thread_local Owner owner;
    return owner.cache;
  }
  // Trivially destructible, so still readable while the thread's other objects are
  // being destroyed.
  static bool& closed() {
    thread_local bool value = false;
    return value;
  }

  std::vector<std::pair<void*, std::size_t>> blocks_;  // oldest first
  std::size_t held_ = 0;
};

// A std::allocator that goes through the thread's BlockCache. Stateless: any two compare
// equal, so containers move and swap their storage freely.
template <class T>
struct Recycling {
  using value_type = T;
  Recycling() = default;
  template <class U>
  Recycling(const Recycling<U>&) {}  // NOLINT(google-explicit-constructor): rebinding
  T* allocate(std::size_t n) { return static_cast<T*>(BlockCache::take(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) { BlockCache::give(p, n * sizeof(T)); }
  friend bool operator==(const Recycling&, const Recycling&) { return true; }
};

// A vector whose storage is recycled.
template <class T>
using RecycledVector = std::vector<T, Recycling<T>>;

}  // namespace kripke
