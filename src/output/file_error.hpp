// Input errors tied to a file, and the one-line form every error message takes:
// `FILE: /json/pointer: message` (parts that do not apply are left out).
#pragma once

#include <new>
#include <string>
#include <utility>

#include "kripke/errors.hpp"

namespace kripkesim {

// An InputError in a named file (or in a named option such as --formula).
class FileError : public kripke::InputError {
 public:
  FileError(std::string file, const std::string& message, std::string path = "")
      : kripke::InputError(message, std::move(path)), file_(std::move(file)) {}
  FileError(std::string file, const kripke::InputError& e)
      : FileError(std::move(file), e.what(), e.path()) {}
  const std::string& file() const { return file_; }

 private:
  std::string file_;
};

// "FILE: /path: message" for a FileError, "/path: message" for any other InputError.
std::string describe(const kripke::InputError& e);

// What running out of memory says (main.cpp, in_file).
inline constexpr const char* kOutOfMemory =
    "out of memory: the model did not fit; set max_memory in the config to what this process "
    "may use (docs/configs.md)";

// Runs body(); an InputError it throws becomes a FileError naming `file` (one that already
// names a file is passed on as it is), and so does running out of memory (std::bad_alloc):
// the memory estimate (max_memory) let through what the process could not get, as under a
// ulimit or a container's limit.
template <class Body>
decltype(auto) in_file(const std::string& file, Body&& body) {
  try {
    return body();
  } catch (const FileError&) {
    throw;
  } catch (const kripke::InputError& e) {
    throw FileError(file, e);
  } catch (const std::bad_alloc&) {
    throw FileError(file, kOutOfMemory);
  }
}

}  // namespace kripkesim
