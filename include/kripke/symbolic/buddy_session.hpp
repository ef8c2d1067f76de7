// BuDDy (Debian's libbdd-dev), the binary decision diagram library under the symbolic
// engine. BuDDy keeps one node table per process and is not thread-safe: a BuddySession
// stands for the table while a symbolic model is in use, and holds a process-wide lock so
// that two threads (a batch's jobs) take turns rather than corrupt it. Within one thread
// sessions nest (a play alive while `validate` starts a scenario's own game): the first
// opens the table, the others share it (with as many variables as the largest asks for;
// each structure's BDDs are functions of its own variables), the last one closes it.
//
// BuDDy reports errors (above all: the node table would outgrow its limit) through a hook
// that cannot unwind through its C code. The hook notes the first error; the operations
// then return at once, and the session's check() turns the note into an exception.
//
// Variables are added only through BuddySession::ensure_variables, which works around a
// fault of BuDDy 2.4 (see there).
#pragma once

#include <bdd.h>

#include <algorithm>
#include <cstddef>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "kripke/errors.hpp"

// BuDDy's stack of nodes under construction (kernel.c), which libbdd exports. See
// BuddySession::ensure_variables.
extern "C" {
extern int* bddrefstack;
}

namespace kripke::symbolic {

// The node table ran out (or BuDDy failed otherwise): the model is too large to represent
// within the config's max_bdd_nodes.
class SymbolicLimit : public InputError {
 public:
  explicit SymbolicLimit(const std::string& message) : InputError(message, "/max_bdd_nodes") {}
};

namespace buddy_detail {

inline std::recursive_mutex& table_lock() {
  static std::recursive_mutex lock;
  return lock;
}
// Sessions open in the thread that holds the lock.
inline int& open_sessions() {
  static int count = 0;
  return count;
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
  // as memory allows; each node takes 20 bytes, plus BuDDy's caches). A nested session
  // shares the open table, and its limit.
  explicit BuddySession(int variables, std::size_t max_nodes = 0)
      : lock_(buddy_detail::table_lock()) {
    if (buddy_detail::open_sessions() == 0) open_table(max_nodes);
    ++buddy_detail::open_sessions();
    try {
      ensure_variables(variables);
    } catch (...) {
      close();  // the destructor does not run for a constructor that throws
      throw;
    }
  }
  ~BuddySession() { close(); }
  BuddySession(const BuddySession&) = delete;
  BuddySession& operator=(const BuddySession&) = delete;

  // Throws SymbolicLimit when BuDDy has reported an error since the session began.
  static void check() {
    const int code = buddy_detail::first_error();
    if (code == 0) return;
    if (code == BDD_NODENUM || code == BDD_MEMORY)
      throw SymbolicLimit(std::string("the binary decision diagrams outgrew their node limit (") +
                          bdd_errstring(code) +
                          "): raise max_bdd_nodes (and max_memory, which caps it too), or use "
                          "the explicit engine if the worlds are few enough to list");
    throw SymbolicLimit(std::string("BuDDy failed: ") + bdd_errstring(code));
  }

  // At least `variables` variables in the table (more are never taken away).
  //
  // BuDDy 2.4 allocates a new stack of nodes under construction (bddrefstack, 2 entries per
  // variable and 4) whenever the number of variables changes, and does not initialise it.
  // Its operations push a node with `*(bddrefstacktop++) = f(...)`, and the compiler that
  // built Debian's libbdd advances the top before calling f: a garbage collection inside f
  // then marks the slot not yet written, whose value is whatever malloc left there. Reused
  // heap memory made that an index past the node table, and BuDDy crashed (SIGSEGV) or
  // corrupted its table, depending on the heap's layout: after many observations or
  // actions, each of which adds variables. With the stack zeroed, such a slot holds 0 (a
  // terminal, which marking skips) or a node pushed earlier, which marking keeps alive one
  // collection longer at worst.
  //
  // The new stack's first slot is the one such a collection can meet before it is written:
  // setvarnum pushes the first node it makes (each later push overwrites a slot written
  // before). That node never waits for a collection when a node is free (make_room): the
  // slot is then written before anything reads it. Seen with two jobs of a batch, where the
  // other thread's freed memory made the garbage an index far past the table (SIGBUS).
  static void ensure_variables(int variables) {
    if (bdd_varnum() < variables) {
      make_room();
      bdd_extvarnum(variables - bdd_varnum());
      clear_node_stack();
    }
    check();
  }

  // Nodes in use now, and the table's size: for reports of memory.
  static int nodes_in_use() { return bdd_getnodenum(); }
  static int table_size() { return bdd_getallocnum(); }

 private:
  static void open_table(std::size_t max_nodes) {
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
    // Grow the table by at most 4 M nodes at a time (BuDDy's default doubles it), and
    // whenever a garbage collection leaves less than 60% of it free (BuDDy's default, 20%,
    // keeps a busy table nearly full: it collects, and clears its operation caches, over
    // and over, which made Sum and Product's statements twenty times slower).
    bdd_setmaxincrease(1 << 22);
    bdd_setminfreenodes(60);
    bdd_setvarnum(1);
    clear_node_stack();
  }
  // At least one free node: a collection now, while the stack is clean, when the table is
  // full; and when every node is live, nodes made by ordinary operations (whose collection
  // grows the table) until one is free.
  static void make_room() {
    if (bdd_getnodenum() < bdd_getallocnum()) return;
    bdd_gbc();
    std::vector<bdd> made;  // held until the table has grown
    for (unsigned k = 1; bdd_getnodenum() >= bdd_getallocnum() && k < 4096; ++k) {
      bdd cube = bddtrue;  // a cube of every variable, its signs drawn from k: new nodes
      for (int v = bdd_varnum() - 1; v >= 0; --v)
        cube &= ((k * 2654435761U) >> (v % 32)) & 1U ? bdd_ithvar(v) : bdd_nithvar(v);
      made.push_back(cube);
    }
  }
  static void clear_node_stack() {
    if (bddrefstack) std::fill(bddrefstack, bddrefstack + 2 * bdd_varnum() + 4, 0);
  }
  static void close() {
    if (--buddy_detail::open_sessions() == 0) bdd_done();
  }

  std::unique_lock<std::recursive_mutex> lock_;
};

}  // namespace kripke::symbolic
