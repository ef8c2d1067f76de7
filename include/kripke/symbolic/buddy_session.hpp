// BuDDy (Debian's libbdd-dev), the binary decision diagram library under the symbolic
// engine. BuDDy keeps one node table per process and is not thread-safe: a BuddySession
// owns the table while symbolic models are in use, and holds a process-wide lock so that
// two threads (a batch's jobs) take turns rather than corrupt it.
//
// BuDDy reports errors (above all: the node table would outgrow its limit) through a hook
// that cannot unwind through its C code. The hook notes the first error; the operations
// then return at once, and the session's check() turns the note into an exception.
#pragma once

#include <bdd.h>

#include <algorithm>
#include <cstddef>
#include <mutex>
#include <stdexcept>
#include <string>

namespace kripke::symbolic {

// The node table ran out (or BuDDy failed otherwise): the model is too large to represent.
class SymbolicLimit : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

namespace buddy_detail {

inline std::mutex& table_lock() {
  static std::mutex lock;
  return lock;
}
inline int& first_error() {
  static int code = 0;
  return code;
}
inline void note_error(int code) {
  if (first_error() == 0) first_error() = code;
}
// BuDDy prints a line on every garbage collection and table resize unless told not to.
inline void quiet_gc(int, bddGbcStat*) {}
inline void quiet_resize(int, int) {}

}  // namespace buddy_detail

class BuddySession {
 public:
  // A table for `variables` Boolean variables, of at most `max_nodes` nodes (0: as much
  // as memory allows; each node takes 20 bytes, plus BuDDy's caches).
  explicit BuddySession(int variables, std::size_t max_nodes = 0)
      : lock_(buddy_detail::table_lock()) {
    buddy_detail::first_error() = 0;
    // The table starts small and grows (up to the limit, if any): a small model (the muddy
    // children of a batch, one play after another) must not pay for a large table.
    const int initial =
        max_nodes ? int(std::min<std::size_t>(max_nodes / 2 + 1, 1 << 12)) : 1 << 12;
    if (bdd_init(initial, 1 << 12) < 0) throw SymbolicLimit("BuDDy could not start");
    // Operation caches grow with the table (one entry per 4 nodes).
    bdd_setcacheratio(4);
    bdd_error_hook(buddy_detail::note_error);
    bdd_gbc_hook(buddy_detail::quiet_gc);
    bdd_resize_hook(buddy_detail::quiet_resize);
    // (BuDDy rounds the first table up to a prime: the limit is at least that.)
    if (max_nodes) bdd_setmaxnodenum(std::max(int(max_nodes), bdd_getallocnum()));
    // Grow the table by at most 4 M nodes at a time (BuDDy's default doubles it).
    bdd_setmaxincrease(1 << 22);
    bdd_setvarnum(variables > 0 ? variables : 1);
    check();
  }
  ~BuddySession() { bdd_done(); }
  BuddySession(const BuddySession&) = delete;
  BuddySession& operator=(const BuddySession&) = delete;

  // Throws SymbolicLimit when BuDDy has reported an error since the session began.
  static void check() {
    const int code = buddy_detail::first_error();
    if (code == 0) return;
    if (code == BDD_NODENUM || code == BDD_MEMORY)
      throw SymbolicLimit(std::string("the binary decision diagrams outgrew their node limit (") +
                          bdd_errstring(code) + ")");
    throw SymbolicLimit(std::string("BuDDy failed: ") + bdd_errstring(code));
  }

  // Nodes in use now, and the table's size: for reports of memory.
  static int nodes_in_use() { return bdd_getnodenum(); }
  static int table_size() { return bdd_getallocnum(); }

 private:
  std::unique_lock<std::mutex> lock_;
};

}  // namespace kripke::symbolic
