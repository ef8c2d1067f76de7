// An allocator that keeps large freed blocks for the next allocation of the same size.
//
// The engine's hot paths (every update, every K / Kw / C, every statistic) build bitsets,
// class ids and member lists of one size per model, over and over. glibc gives blocks of
// 128 KiB and more their own pages (mmap) and returns them when freed, and trims the top
// of its heap whenever more than 128 KiB is free there, so without recycling every call
// maps fresh pages and faults them in again: measured at 30–50% of the CPU time of a
// game, and more on a virtual machine. Here a freed block of at least kMinBytes (a page)
// waits in its thread's cache, and the next allocation of exactly that size takes it back
// without a system call. The cache holds at most kMaxBlocks blocks, and at most kMaxBytes
// or a sixteenth of the bytes in use in such blocks (all threads), whichever is more; the
// least recently freed go first. That is enough for the scratch of one update or formula
// (the muddy children's n = 20: 128 KiB sets, 4 MiB partitions; n = 24: 32 MiB of class
// counts while a partition is built), and raises a model's peak memory by at most 6%.
//
// Fresh blocks of 2 MiB and more are marked for transparent huge pages: touching new memory
// in 4 KiB pages costs about twice as much as in 2 MiB pages on virtual machines, and it is
// most of building a model of millions of worlds (docs/performance.md).
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <new>
#include <utility>
#include <vector>

namespace kripke {

class BlockCache {
 public:
  static constexpr std::size_t kMinBytes = std::size_t{4} << 10;   // a page
  static constexpr std::size_t kMaxBytes = std::size_t{16} << 20;  // per thread, at least
  static constexpr std::size_t kMaxBlocks = 64;
  static constexpr std::size_t kHugeBytes = std::size_t{2} << 20;  // a huge page

  static void* take(std::size_t bytes) {
    if (bytes < kMinBytes) return ::operator new(bytes);
    in_use().fetch_add(bytes, std::memory_order_relaxed);
    if (BlockCache* cache = local()) {
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
    void* block = ::operator new(bytes);
    if (bytes >= kHugeBytes) advise_huge_pages(block, bytes);
    return block;
  }

  static void give(void* block, std::size_t bytes) {
    if (bytes < kMinBytes) return ::operator delete(block);
    const std::size_t budget =
        std::max(kMaxBytes, (in_use().fetch_sub(bytes, std::memory_order_relaxed) - bytes) / 16);
    BlockCache* cache = bytes <= budget ? local() : nullptr;
    if (!cache) return ::operator delete(block);
    auto& blocks = cache->blocks_;
    while (!blocks.empty() && (blocks.size() >= kMaxBlocks || cache->held_ + bytes > budget)) {
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

  // The whole pages inside the block; failure only costs speed.
  static void advise_huge_pages(void* block, std::size_t bytes) {
#ifdef MADV_HUGEPAGE
    constexpr std::uintptr_t kPage = 4096;
    const auto begin = (reinterpret_cast<std::uintptr_t>(block) + kPage - 1) & ~(kPage - 1);
    const auto end = (reinterpret_cast<std::uintptr_t>(block) + bytes) & ~(kPage - 1);
    if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
    (void)block, (void)bytes;
#endif
  }

  // Bytes in blocks of kMinBytes or more handed out and not yet given back, on all threads.
  static std::atomic<std::size_t>& in_use() {
    static std::atomic<std::size_t> bytes{0};
    return bytes;
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
  // An element made without a value is default-initialised, as by new T[n]: numbers are
  // left as they are. Every sized buffer of the engine is filled right after it is made,
  // and zeroing it first would write millions of words twice; give a value (v(n, 0)) when
  // zeros are meant.
  template <class U>
  void construct(U* p) noexcept(noexcept(U())) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
  friend bool operator==(const Recycling&, const Recycling&) { return true; }
};

// A vector whose storage is recycled; v(n) and v.resize(n) leave numbers uninitialised.
template <class T>
using RecycledVector = std::vector<T, Recycling<T>>;

}  // namespace kripke
