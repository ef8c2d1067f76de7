// What a signal that ends kripkesim must not leave behind: temporary files (an OutputFile's
// FILE.tmp.PID, Graphviz's input and output) are removed, and child processes (Graphviz's
// dot) are ended with it. Registered while they exist; the handlers for SIGINT, SIGTERM and
// SIGHUP clean up and then end the process as the signal would have.
#pragma once

#include <sys/types.h>

namespace kripkesim {

// Installs the handlers, once (where a signal is not ignored or handled already).
void clean_up_on_signals();
// Removes the registered files and ends the registered children now. Async-signal-safe: a
// command that catches these signals itself (InterruptGuard) calls it before ending.
void clean_up_now();

// `path` must stay valid while registered (the handler reads it).
void register_temporary_file(const char* path);
void unregister_temporary_file(const char* path);
void register_child(pid_t pid);
void unregister_child(pid_t pid);

}  // namespace kripkesim
