#include "output/interrupt.hpp"

#include <csignal>

#include "output/signal_cleanup.hpp"

namespace kripkesim {
namespace {

// A signal handler can only reach globals; lock-free atomics are safe to set from one.
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);
std::atomic<bool> stop_requested{false};
std::atomic<int> received_signal{0};
struct sigaction previous_int, previous_term, previous_hup;

extern "C" void on_signal(int sig) {
  if (stop_requested.exchange(true)) {
    // The second signal ends the process at once, as usual, less its temporary files.
    clean_up_now();
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return;
  }
  received_signal.store(sig);
}

}  // namespace

InterruptGuard::InterruptGuard() {
  stop_requested = false;
  received_signal = 0;
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  sigaction(SIGINT, &action, &previous_int);
  sigaction(SIGTERM, &action, &previous_term);
  // A closed terminal (SIGHUP) stops the work as Ctrl-C does, the game so far written; but a
  // command started under nohup keeps ignoring it.
  sigaction(SIGHUP, nullptr, &previous_hup);
  if (previous_hup.sa_handler != SIG_IGN) sigaction(SIGHUP, &action, nullptr);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &previous_int, nullptr);
  sigaction(SIGTERM, &previous_term, nullptr);
  sigaction(SIGHUP, &previous_hup, nullptr);
}

const std::atomic<bool>& InterruptGuard::requested() const { return stop_requested; }

int InterruptGuard::signal() const { return received_signal.load(); }

}  // namespace kripkesim
