#include "output/signal_cleanup.hpp"

#include <unistd.h>

#include <array>
#include <atomic>
#include <csignal>
#include <mutex>

namespace kripkesim {
namespace {

// Fixed tables for the signal handler, which can neither lock nor allocate: pointers to the
// owners' own path strings, and process ids (0: a free slot). A full table only means that
// one more file or child would survive a signal.
constexpr std::size_t kSlots = 256;
std::array<std::atomic<const char*>, kSlots> temporary_files{};
std::array<std::atomic<pid_t>, kSlots> children{};

template <class T>
void take_slot(std::array<std::atomic<T>, kSlots>& table, T value) {
  for (auto& slot : table) {
    T empty{};
    if (slot.compare_exchange_strong(empty, value)) return;
  }
}

template <class T>
void free_slot(std::array<std::atomic<T>, kSlots>& table, T value) {
  for (auto& slot : table) {
    T mine = value;
    if (slot.compare_exchange_strong(mine, T{})) return;
  }
}

extern "C" void clean_up_and_end(int sig) {
  clean_up_now();
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

}  // namespace

void clean_up_now() {
  for (auto& slot : children)
    if (const pid_t pid = slot.load()) ::kill(pid, SIGTERM);
  for (auto& slot : temporary_files)
    if (const char* path = slot.load()) ::unlink(path);
}

void clean_up_on_signals() {
  static std::once_flag installed;
  std::call_once(installed, [] {
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction current {};
      sigaction(sig, nullptr, &current);
      if (current.sa_handler != SIG_DFL) continue;  // ignored, or someone else's handler
      struct sigaction action {};
      action.sa_handler = clean_up_and_end;
      sigemptyset(&action.sa_mask);
      sigaction(sig, &action, nullptr);
    }
  });
}

void register_temporary_file(const char* path) { take_slot(temporary_files, path); }
void unregister_temporary_file(const char* path) { free_slot(temporary_files, path); }
void register_child(pid_t pid) { take_slot(children, pid); }
void unregister_child(pid_t pid) { free_slot(children, pid); }

}  // namespace kripkesim
