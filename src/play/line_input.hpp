// Lines typed by the people at the table. On a terminal, with libedit (BSD licence): line
// editing and a history of what was typed (the arrow keys, Ctrl-R). Otherwise (a pipe, a
// file, a script) plain lines, each echoed after its prompt so that the transcript reads as
// a session would.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>

namespace kripkesim::play {

class LineInput {
 public:
  // `terminal`: both standard input and output are terminals (libedit then reads stdin).
  LineInput(std::istream& in, std::ostream& out, bool terminal);
  ~LineInput();
  LineInput(const LineInput&) = delete;
  LineInput& operator=(const LineInput&) = delete;

  bool terminal() const { return terminal_; }
  // The next line after showing `prompt`; nullopt at the end of the input (Ctrl-D). Read
  // from a pipe or file as read_line reads.
  std::optional<std::string> read(const std::string& prompt);

 private:
  std::istream& in_;
  std::ostream& out_;
  bool terminal_;
};

// Whether the process's standard input and output are both terminals.
bool on_terminal();

// The longest line read from a pipe or a file, far more than anyone types: a longer one (from
// /dev/zero, or a binary file) is an error rather than a memory that fills up.
inline constexpr std::size_t kMaxLineLength = 64 * 1024;

// The next line of `in`, without its end ("\n" or "\r\n"); nullopt at the end of the input.
// An InputError for a line over kMaxLineLength and for a failed read (a folder, a device
// that fails).
std::optional<std::string> read_line(std::istream& in);

}  // namespace kripkesim::play
