// Ctrl-C (SIGINT), SIGTERM (what `kill`, `timeout` and Slurm send) and SIGHUP (the terminal
// closed; not when ignored, as under nohup) during a long command: the first signal only
// raises a flag, so the command can stop its work and save what is done; a second one ends
// the process at once, as usual.
#pragma once

#include <atomic>

namespace kripkesim {

class InterruptGuard {
 public:
  InterruptGuard();   // catches SIGINT, SIGTERM and SIGHUP until destroyed
  ~InterruptGuard();  // restores what was there before
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  const std::atomic<bool>& requested() const;
  int signal() const;  // the signal that arrived; 0 when none did
};

}  // namespace kripkesim
