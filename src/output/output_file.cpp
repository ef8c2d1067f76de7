#include "output/output_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <mutex>

#include "output/file_error.hpp"

namespace kripkesim {
namespace fs = std::filesystem;
namespace {

// The temporary files open now, for the signal handler: a fixed table of pointers to the
// OutputFiles' own path strings, as a handler can neither lock nor allocate.
constexpr std::size_t kMaxTemporaryFiles = 256;
std::array<std::atomic<const char*>, kMaxTemporaryFiles> temporary_files{};

void register_temporary(const char* path) {
  for (auto& slot : temporary_files) {
    const char* empty = nullptr;
    if (slot.compare_exchange_strong(empty, path)) return;
  }
  // A full table only means this file would survive a signal, as before.
}

void unregister_temporary(const char* path) {
  for (auto& slot : temporary_files) {
    const char* mine = path;
    if (slot.compare_exchange_strong(mine, nullptr)) return;
  }
}

extern "C" void remove_and_end(int sig) {
  remove_temporary_files();
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

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

void remove_temporary_files() {
  for (auto& slot : temporary_files)
    if (const char* path = slot.load()) ::unlink(path);
}

void remove_temporary_files_on_signals() {
  static std::once_flag installed;
  std::call_once(installed, [] {
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction current {};
      sigaction(sig, nullptr, &current);
      if (current.sa_handler != SIG_DFL) continue;  // ignored, or someone else's handler
      struct sigaction action {};
      action.sa_handler = remove_and_end;
      sigemptyset(&action.sa_mask);
      sigaction(sig, &action, nullptr);
    }
  });
}

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
  if (path_ == "-") {
    out_ = &std::cout;
    return;
  }
  target_path_ = resolve_links(path_);
  struct stat st {};
  if (::stat(target_path_.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw FileError(path_, "is a directory");
    if (!S_ISREG(st.st_mode)) {  // a device, FIFO or socket: written straight
      file_.open(target_path_, std::ios::binary | std::ios::out);
      if (!file_) throw FileError(path_, std::string("cannot write: ") + std::strerror(errno));
      return;
    }
  } else if (errno != ENOENT) {
    throw FileError(path_, std::string("cannot write: ") + std::strerror(errno));
  }
  temp_path_ = temporary_name(target_path_);
  remove_temporary_files_on_signals();
  register_temporary(temp_path_.c_str());
  file_.open(temp_path_, std::ios::binary | std::ios::trunc);
  if (!file_) {
    const int error = errno;
    unregister_temporary(temp_path_.c_str());
    throw FileError(path_, std::string("cannot write: ") + std::strerror(error));
  }
}

OutputFile::~OutputFile() {
  if (temp_path_.empty() || committed_) return;
  file_.close();
  unregister_temporary(temp_path_.c_str());  // first: the handler must not read a freed path
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
    unregister_temporary(temp_path_.c_str());
  }
  committed_ = true;
}

}  // namespace kripkesim
