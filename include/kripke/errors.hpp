// Errors caused by the user's input. The CLI turns every InputError into exit code 2 with
// one message; anything else escaping the core is a bug.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace kripke {

// `path` is a JSON pointer into the config ("/rules/children"), empty when the error is
// not tied to one place.
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message, std::string path = "")
      : std::runtime_error(message), path_(std::move(path)) {}
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// A formula that does not parse or names an unknown atom or agent; `column` is 1-based.
class FormulaError : public InputError {
 public:
  FormulaError(const std::string& message, std::size_t column)
      : InputError("column " + std::to_string(column) + ": " + message),
        message_(message),
        column_(column) {}
  std::size_t column() const { return column_; }
  // The message without its column.
  const std::string& message() const { return message_; }

 private:
  std::string message_;
  std::size_t column_;
};

// Announcements are truthful: announcing something false at the actual world is an error.
class FalseAnnouncement : public InputError {
 public:
  using InputError::InputError;
};

}  // namespace kripke
