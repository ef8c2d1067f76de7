#include "play/line_input.hpp"

#include <editline/readline.h>
#include <unistd.h>

#include <cstdlib>
#include <istream>
#include <memory>
#include <ostream>

namespace kripkesim::play {

bool on_terminal() { return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO); }

LineInput::LineInput(std::istream& in, std::ostream& out, bool terminal)
    : in_(in), out_(out), terminal_(terminal) {
  if (terminal_) using_history();
}

LineInput::~LineInput() {
  if (terminal_) clear_history();
}

std::optional<std::string> LineInput::read(const std::string& prompt) {
  if (terminal_) {
    out_.flush();
    const std::unique_ptr<char, decltype(&std::free)> line(readline(prompt.c_str()), &std::free);
    if (!line) {
      out_ << '\n';  // after ^D, the next output starts on a line of its own
      return std::nullopt;
    }
    std::string text(line.get());
    if (text.find_first_not_of(" \t") != std::string::npos) add_history(line.get());
    return text;
  }
  out_ << prompt << std::flush;
  std::string text;
  if (!std::getline(in_, text)) {
    out_ << '\n';
    return std::nullopt;
  }
  if (!text.empty() && text.back() == '\r') text.pop_back();
  out_ << text << '\n';
  return text;
}

}  // namespace kripkesim::play
