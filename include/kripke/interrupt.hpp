// Stopping a long computation from outside: a host installs a check that says whether its
// user asked to stop (the Python module: Ctrl-C, through PyErr_CheckSignals), and the long
// computations poll it between their steps — each operator of a formula, each update, each
// turn — and end with Interrupted, leaving what they were computing on untouched. The command
// line installs none (it stops at signals itself, between turns and games): a poll is then
// one load and one branch.
#pragma once

#include <atomic>
#include <stdexcept>

namespace kripke {

struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted") {}
};

// True when the computation should stop. It is called on the thread that computes.
using InterruptCheck = bool (*)();

inline std::atomic<InterruptCheck>& interrupt_check() {
  static std::atomic<InterruptCheck> check{nullptr};
  return check;
}

// Throws Interrupted when the installed check says so.
inline void poll_interrupt() {
  if (const InterruptCheck check = interrupt_check().load(std::memory_order_relaxed);
      check && check())
    throw Interrupted();
}

}  // namespace kripke
