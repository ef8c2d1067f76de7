#include "output/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "output/file_error.hpp"
#include "output/signal_cleanup.hpp"

namespace kripkesim {
namespace fs = std::filesystem;
namespace {

// The path a chain of symbolic links ends at (the path itself when it is no link).
std::string resolve_links(const std::string& path) {
  fs::path p = path;
  for (int hops = 0; hops < 40; ++hops) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p.string();
    std::error_code ec;
    const fs::path target = fs::read_symlink(p, ec);
    if (ec) throw FileError(path, "cannot follow the link: " + ec.message());
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  throw FileError(path, "cannot write: too many levels of symbolic links");
}

std::string temporary_name(const std::string& target) {
  static std::atomic<unsigned> next{0};
  const unsigned k = next++;
  // FILE.tmp.PID, and FILE.tmp.PID.K for the second file of this process with that name.
  std::string name = target + ".tmp." + std::to_string(::getpid());
  return k == 0 ? name : name + "." + std::to_string(k);
}

}  // namespace

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
  if (path_ == "-") {
    out_ = &std::cout;
    return;
  }
  target_path_ = resolve_links(path_);
  struct stat st {};
  const bool exists = ::stat(target_path_.c_str(), &st) == 0;
  if (exists) {
    if (S_ISDIR(st.st_mode)) throw FileError(path_, "is a directory");
    if (!S_ISREG(st.st_mode)) {  // a device, FIFO or socket: written straight
      file_.open(target_path_, std::ios::binary | std::ios::out);
      if (!file_) throw FileError(path_, std::string("cannot write: ") + std::strerror(errno));
      return;
    }
    // The file is replaced by renaming a new one over it, which needs only the folder's
    // permission: a file the user may not write is refused first, as the shell's `>` would.
    if (::faccessat(AT_FDCWD, target_path_.c_str(), W_OK, AT_EACCESS) != 0)
      throw FileError(path_, std::string("cannot write: ") + std::strerror(errno));
  } else if (errno != ENOENT) {
    throw FileError(path_, std::string("cannot write: ") + std::strerror(errno));
  }
  temp_path_ = temporary_name(target_path_);
  clean_up_on_signals();
  register_temporary_file(temp_path_.c_str());
  file_.open(temp_path_, std::ios::binary | std::ios::trunc);
  if (!file_) {
    const int error = errno;
    unregister_temporary_file(temp_path_.c_str());
    throw FileError(path_, std::string("cannot write: ") + std::strerror(error));
  }
  // The file that replaces an existing one keeps its owner (where this process may give
  // it: root, or the owner's own group) and its permissions, from before anything is
  // written into it: a 0600 log must not become readable by others, even for a moment.
  if (exists) {
    const bool owner_kept = ::chown(temp_path_.c_str(), st.st_uid, st.st_gid) == 0 ||
                            ::chown(temp_path_.c_str(), uid_t(-1), st.st_gid) == 0;
    (void)owner_kept;  // neither root nor in the group: the permissions are kept all the same
    ::chmod(temp_path_.c_str(), st.st_mode & 07777);
  }
}

OutputFile::~OutputFile() {
  if (temp_path_.empty() || committed_) return;
  file_.close();
  unregister_temporary_file(temp_path_.c_str());  // first: the handler must not read a freed path
  std::remove(temp_path_.c_str());
}

void OutputFile::commit() {
  out_->flush();
  if (out_ != &file_) {  // standard output: checked when the command ends (main.cpp)
    committed_ = true;
    return;
  }
  file_.close();
  if (!file_) throw FileError(path_, "cannot write (is the disk full?)");
  if (!temp_path_.empty()) {
    if (std::rename(temp_path_.c_str(), target_path_.c_str()) != 0)
      throw FileError(path_, std::string("cannot write: ") + std::strerror(errno));
    unregister_temporary_file(temp_path_.c_str());
  }
  committed_ = true;
}

}  // namespace kripkesim
