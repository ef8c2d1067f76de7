// A program at a seat: started without a shell from its argv, spoken to in JSON Lines on its
// standard input and output, its standard error kept to a file. It is untrusted: it may
// hang, never read, flood its output, crash or exit, and nothing it does blocks kripkesim
// past a deadline or leaves a process behind.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace kripkesim::arena {

// Why a line could not be read or written.
enum class PipeFault {
  None,
  TimedOut,  // no whole line (or the program did not read) before the deadline
  Closed,    // the program closed its end, or exited
  TooLong,   // a line longer than kMaxLine: flooding
};

class AgentProcess {
 public:
  // The longest line read from a program (a move, a query): longer is a fault.
  static constexpr std::size_t kMaxLine = std::size_t{1} << 20;

  // Starts `argv` (argv[0] looked up in PATH) with `environment` ("NAME=value") as its whole
  // environment, in its own process group, with nothing open but its three pipes (standard
  // error to `stderr_file`, appended). InputError naming the program when it cannot start.
  AgentProcess(const std::vector<std::string>& argv, const std::vector<std::string>& environment,
               const std::string& stderr_file);
  ~AgentProcess();  // ends it (stop())
  AgentProcess(const AgentProcess&) = delete;
  AgentProcess& operator=(const AgentProcess&) = delete;

  // Writes `line` and a newline, waiting at most until `deadline` for the program to take
  // it (a pipe holds 64 KiB; a program that never reads fills it).
  PipeFault write_line(const std::string& line, std::chrono::steady_clock::time_point deadline) {
    return write_text(line + "\n", deadline);
  }
  // Writes `text` (whole lines) as it is, with the same deadline.
  PipeFault write_text(const std::string& text, std::chrono::steady_clock::time_point deadline);
  // The next line the program writes, without its newline, waiting until `deadline`.
  PipeFault read_line(std::string& line, std::chrono::steady_clock::time_point deadline);

  // Ends the program: its standard input closed, a moment to exit by itself, then SIGTERM
  // and SIGKILL to its process group; reaped. Whatever it left running in its group goes too.
  void stop();
  // How it ended, once stopped or exited: "exit 0", "killed by signal 9", ...; empty while
  // it runs.
  std::string ended() const { return ended_; }
  pid_t pid() const { return pid_; }

 private:
  bool exited() const;  // whether it has ended (not yet reaped)

  pid_t pid_ = -1;
  int to_program_ = -1;    // its standard input
  int from_program_ = -1;  // its standard output
  std::string buffer_;     // read and not yet returned
  std::string ended_;
};

}  // namespace kripkesim::arena
