// Output files (--log, --out) that never leave a half-written file and never replace what
// they should write into.
//
// - A regular file, or a path that does not exist yet: written to `FILE.tmp.<pid>` beside
//   it and renamed over it by commit(), so the file appears only when complete. A file it
//   replaces keeps its permissions and, where allowed, its owner and group.
// - A symbolic link: the same, for the file the link points to; the link stays a link.
// - A device, a FIFO or a socket (/dev/null, /dev/stdout, a named pipe), or "-" (standard
//   output): written straight to it, as it cannot be replaced (and must not be: renaming
//   over /dev/null as root would put a regular file in its place).
// A temporary file is removed when the OutputFile is destroyed without commit(), and when the
// process is ended by SIGINT, SIGTERM or SIGHUP (signal_cleanup.hpp); only SIGKILL can leave
// one behind.
#pragma once

#include <fstream>
#include <memory>
#include <ostream>
#include <string>

namespace kripkesim {

class OutputFile {
 public:
  // Opens the output now, so that a missing folder or a read-only place is an error (a
  // FileError naming `path`) before any work is done.
  explicit OutputFile(std::string path);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  std::ostream& stream() { return *out_; }
  // The path as given, for messages.
  const std::string& name() const { return path_; }
  // Flushes and, for a temporary file, renames it into place. FileError on a failed write.
  void commit();

 private:
  std::string path_;         // as given, for messages
  std::string temp_path_;    // empty when written straight
  std::string target_path_;  // what the rename replaces (the link's target for a link)
  std::ofstream file_;
  std::ostream* out_ = &file_;
  bool committed_ = false;
};

}  // namespace kripkesim
