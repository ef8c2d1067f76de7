#include "play/line_input.hpp"

#include <editline/readline.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <istream>
#include <memory>
#include <ostream>
#include <string>

#include "kripke/errors.hpp"
#include "output/file_error.hpp"

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
  std::optional<std::string> text;
  try {
    text = read_line(in_);
  } catch (const kripke::InputError& e) {
    throw FileError("standard input", e);
  }
  out_ << (text ? *text : "") << '\n';
  return text;
}

std::optional<std::string> read_line(std::istream& in) {
  std::string text;
  bool any = false;
  for (int c; (c = in.get()) != std::char_traits<char>::eof();) {
    any = true;
    if (c == '\n') break;
    if (text.size() == kMaxLineLength)
      throw kripke::InputError("a line of more than " + std::to_string(kMaxLineLength) +
                               " characters: this input is not lines of text");
    text.push_back(char(c));
  }
  if (in.bad()) throw kripke::InputError(std::string("cannot read: ") + std::strerror(errno));
  if (!any) return std::nullopt;
  if (!text.empty() && text.back() == '\r') text.pop_back();
  return text;
}

}  // namespace kripkesim::play
